#include "live/recording/recordingfile.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QJsonDocument>

#include <unistd.h>

namespace roce::recording {

namespace {

class FileText
{
    Q_DECLARE_TR_FUNCTIONS(FileText)
};

}  // namespace

Result<std::unique_ptr<RecordingFileWriter>> RecordingFileWriter::create(const QString &path,
                                                                         const QJsonObject &meta)
{
    std::unique_ptr<RecordingFileWriter> w(new RecordingFileWriter);
    w->m_file.setFileName(path);
    if (!w->m_file.open(QIODevice::WriteOnly | QIODevice::NewOnly | QIODevice::Append)) {
        return Error {
            QFileInfo::exists(path) ? ErrorCode::Refused : ErrorCode::Io,
            FileText::tr("cannot create the recording %1: %2").arg(path, w->m_file.errorString())};
    }
    const QByteArray header = fileHeader();
    if (w->m_file.write(header) != header.size())
        return w->failed(FileText::tr("cannot write")).error();
    w->m_bytes = header.size();
    const qint64 now = meta.value(QStringLiteral("created_ms")).toInteger();
    if (auto r
        = w->write(BlockType::Meta, now, now, QJsonDocument(meta).toJson(QJsonDocument::Compact));
        !r)
        return r.error();
    if (auto r = w->sync(); !r)
        return r.error();
    return w;
}

Result<std::unique_ptr<RecordingFileWriter>> RecordingFileWriter::append(const QString &path)
{
    {
        // Checked before opening for append (an append-mode file reads from its end).
        QFile check(path);
        if (!check.open(QIODevice::ReadOnly))
            return Error {ErrorCode::Io,
                          FileText::tr("cannot open the recording %1 for writing: %2")
                              .arg(path, check.errorString())};
        if (auto ok = checkFileHeader(check.read(format::kFileHeaderBytes)); !ok)
            return Error {ok.error().code, path + QStringLiteral(": ") + ok.error().message};
    }
    std::unique_ptr<RecordingFileWriter> w(new RecordingFileWriter);
    w->m_file.setFileName(path);
    if (!w->m_file.open(QIODevice::WriteOnly | QIODevice::ExistingOnly | QIODevice::Append))
        return Error {ErrorCode::Io,
                      FileText::tr("cannot open the recording %1 for writing: %2")
                          .arg(path, w->m_file.errorString())};
    // O_APPEND: every block lands at the end, even while a recorder appends to the same
    // file (each block is one write()).
    w->m_bytes = w->m_file.size();
    return w;
}

Result<void> RecordingFileWriter::failed(const QString &what)
{
    return Error {ErrorCode::Io,
                  FileText::tr("%1 %2: %3").arg(what, m_file.fileName(), m_file.errorString())};
}

Result<void> RecordingFileWriter::write(BlockType type, qint64 firstMs, qint64 lastMs,
                                        QByteArrayView raw)
{
    const QByteArray block = frameBlock(type, firstMs, lastMs, raw);
    // One write of the whole block, unbuffered beneath: a kill -9 after it returns loses
    // nothing of it; a cut in the middle of one is recognised by its CRC.
    if (m_file.write(block) != block.size() || !m_file.flush())
        return failed(FileText::tr("cannot write to"));
    m_bytes += block.size();
    m_dirty = true;
    return {};
}

Result<void> RecordingFileWriter::sync()
{
    if (!m_dirty)
        return {};
    if (!m_file.flush() || ::fdatasync(m_file.handle()) != 0)
        return failed(FileText::tr("cannot sync"));
    m_dirty = false;
    return {};
}

}  // namespace roce::recording
