#pragma once

#include "live/recording/recordformat.h"
#include "proto/common/result.h"

#include <QFile>
#include <QJsonObject>
#include <QString>

#include <memory>

namespace roce::recording {

/// Appends blocks to one recording file (O_APPEND). Each append is one write() of a whole
/// block, so two writers of one file (a recorder and an annotation) never mix; sync()
/// makes what was appended durable (fdatasync), so a power cut loses at most what was
/// appended since. Not thread-safe: one thread writes a file.
class RecordingFileWriter
{
public:
    /// A new file at @p path (an existing one is an error: recordings are never overwritten),
    /// starting with the file header and a Meta block of @p meta.
    static Result<std::unique_ptr<RecordingFileWriter>> create(const QString &path,
                                                               const QJsonObject &meta);
    /// An existing recording, to append to (annotations written during a replay). Whatever
    /// is at its end stays: a cut block there is skipped by readers.
    static Result<std::unique_ptr<RecordingFileWriter>> append(const QString &path);

    Result<void> write(BlockType type, qint64 firstMs, qint64 lastMs, QByteArrayView raw);
    Result<void> sync();
    QString path() const { return m_file.fileName(); }
    qint64 bytes() const { return m_bytes; }

private:
    RecordingFileWriter() = default;
    Result<void> failed(const QString &what);

    QFile m_file;
    qint64 m_bytes = 0;
    bool m_dirty = false;
};

}  // namespace roce::recording
