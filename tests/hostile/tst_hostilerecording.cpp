// The real `rocectl replay` on a real recording (`rocectl record --sim`) in which one block's
// time was made impossible, its checksums recomputed as the writer computes them, so that only
// the time is wrong. Before the fix a block time of INT64 max made the replay print frames for
// ever (the recording seemed to end in the year 292 million), INT64 min gave a summary of
// -9.2e15 seconds with exit 0 and no word on stderr, and a time a few hours late (a valid date)
// stretched the replay by those hours; a tick inside a block at INT64 max held back every
// tick after it. Now such a block is damage: said on stderr like a bad checksum, left out, and
// the blocks around it play.

#include "live/recording/recordformat.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include <cmath>
#include <limits>

using namespace roce::recording;

namespace {

/// What a replay may take, and print: the unfixed one runs until it is killed here.
constexpr int kReplayWaitMs = 20'000;
constexpr qsizetype kMaxOutputBytes = 32 << 20;

/// A ticks block of the file: where its header starts, and what it says.
struct TickBlock {
    qint64 offset = 0;
    BlockHeader header;
};

QList<TickBlock> tickBlocks(const QByteArray &file)
{
    QList<TickBlock> out;
    qint64 pos = format::kFileHeaderBytes;
    while (pos + format::kBlockHeaderBytes <= file.size()) {
        const auto header = parseBlockHeader(QByteArrayView(file).sliced(pos));
        if (!header)
            break;
        if (header->type == BlockType::Ticks)
            out.append({pos, *header});
        pos += format::kBlockHeaderBytes + header->storedBytes;
    }
    return out;
}

/// @p file with the block at @p offset claiming @p ms as its first and last time; its header
/// checksum is recomputed as the writer computes it (CRC-32 of the header's first 36 bytes).
QByteArray withBlockTime(QByteArray file, qint64 offset, qint64 ms)
{
    char *h = file.data() + offset;
    qToLittleEndian<qint64>(ms, h + 16);
    qToLittleEndian<qint64>(ms, h + 24);
    qToLittleEndian<quint32>(crc32Of(QByteArrayView(h, 36)), h + 36);
    return file;
}

/// @p file with one tick of the block at @p offset at @p ms, the block framed again (header and
/// payload checksums) by the writer's own code with the header's times unchanged.
QByteArray withTickTime(const QByteArray &file, const TickBlock &block, qint64 ms)
{
    const qsizetype payloadAt = qsizetype(block.offset) + format::kBlockHeaderBytes;
    const auto raw = blockPayload(block.header,
                                  QByteArrayView(file).sliced(payloadAt, block.header.storedBytes));
    if (!raw)
        return {};
    const auto decoded = decodeTicks(*raw);
    if (!decoded || decoded->isEmpty())
        return {};
    QList<RecordedTick> ticks = *decoded;
    ticks.last().ms = ms;
    const QByteArray framed = frameBlock(BlockType::Ticks, block.header.firstMs,
                                         block.header.lastMs, encodeTicks(ticks));
    return file.left(qsizetype(block.offset)) + framed
        + file.mid(payloadAt + block.header.storedBytes);
}

struct Run {
    bool finished = false;  ///< on its own, within kReplayWaitMs and kMaxOutputBytes
    int exitCode = -1;
    QByteArray out, err;
    qint64 ms = 0;
};

/// Runs rocectl with @p args; killed when it takes longer than kReplayWaitMs or prints more
/// than kMaxOutputBytes (a replay printing for ever would fill the memory first).
Run rocectl(const QStringList &args)
{
    Run run;
    QProcess p;
    QElapsedTimer clock;
    clock.start();
    p.start(QStringLiteral(ROCECTL_PATH), args);
    if (!p.waitForStarted(5000))
        return run;
    while (!run.finished && clock.elapsed() < kReplayWaitMs && run.out.size() < kMaxOutputBytes) {
        run.finished = p.waitForFinished(100);
        run.out += p.readAllStandardOutput();
        run.err += p.readAllStandardError();
    }
    if (!run.finished) {
        p.kill();
        p.waitForFinished(5000);
    }
    run.ms = clock.elapsed();
    run.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    run.out += p.readAllStandardOutput();
    run.err += p.readAllStandardError();
    return run;
}

/// The newest input a frame shows: the latest "last_frame_ms" of its sources (0: none yet).
qint64 newestInput(const QJsonObject &frame)
{
    qint64 newest = 0;
    for (const QJsonValue &s : frame.value(QStringLiteral("sources")).toArray())
        newest = std::max(newest, s.toObject().value(QStringLiteral("last_frame_ms")).toInteger());
    return newest;
}

}  // namespace

class TestHostileRecording : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void replayRefusesBlockTimeMax();
    void replayRefusesBlockTimeMin();
    void replayRefusesBlockTimeOutOfOrder();
    void replayRefusesTickTimeMax();

private:
    /// Replays @p crafted (made from the recording by changing the block m_bad, whose header
    /// starts at @p badOffset) and checks that it behaves as the recording does, less that
    /// block: bounded, the damage said on stderr naming the block and @p badTime, the same
    /// span, and the frames before and after the block.
    void checkReplay(const QByteArray &crafted, qint64 badOffset, const QString &badTime);

    QTemporaryDir m_dir;
    QByteArray m_recording;
    QList<TickBlock> m_blocks;
    int m_bad = 2;        ///< the block made impossible: two good ones before it, two after
    qint64 m_fromMs = 0;  ///< the recording's span, as `rocectl replay --summary` says
    qint64 m_toMs = 0;
};

void TestHostileRecording::initTestCase()
{
    QVERIFY(m_dir.isValid());
    // A real recording: the simulated fabric, one tick (and block) a second.
    const QString path = m_dir.filePath(QStringLiteral("sim.rfr"));
    const Run record
        = rocectl({QStringLiteral("record"), QStringLiteral("--sim"), QStringLiteral("--seconds"),
                   QStringLiteral("7"), QStringLiteral("--out"), path});
    QVERIFY2(record.finished && record.exitCode == 0, record.err.constData());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    m_recording = file.readAll();
    m_blocks = tickBlocks(m_recording);
    QVERIFY2(m_blocks.size() >= 5, qPrintable(QString::number(m_blocks.size())));
    for (qsizetype i = 1; i < m_blocks.size(); ++i)
        QVERIFY(m_blocks.at(i).header.firstMs > m_blocks.at(i - 1).header.lastMs);

    const Run summary = rocectl(
        {QStringLiteral("replay"), path, QStringLiteral("--summary"), QStringLiteral("--json")});
    QVERIFY2(summary.finished && summary.exitCode == 0, summary.err.constData());
    QVERIFY2(summary.err.isEmpty(), summary.err.constData());  // no damage in the original
    const QJsonObject s = QJsonDocument::fromJson(summary.out).object();
    m_fromMs = s.value(QStringLiteral("from_ms")).toInteger();
    m_toMs = s.value(QStringLiteral("to_ms")).toInteger();
    QVERIFY(m_toMs - m_fromMs >= 3000);
    QCOMPARE(m_toMs, m_blocks.last().header.lastMs);
}

void TestHostileRecording::checkReplay(const QByteArray &crafted, qint64 badOffset,
                                       const QString &badTime)
{
    QVERIFY(!crafted.isEmpty());
    const QString name
        = QStringLiteral("crafted-%1.rfr").arg(QString::fromLatin1(QTest::currentTestFunction()));
    const QString path = m_dir.filePath(name);
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    QCOMPARE(file.write(crafted), crafted.size());
    file.close();

    // Frames: they end, and the damage is said as a bad checksum is, naming the block (its
    // offset) and the impossible time.
    // A frame per 100 ms of the recording: each block's ticks show in a frame of their own
    // even when the recorder's ticks came unevenly.
    const Run frames = rocectl({QStringLiteral("replay"), path, QStringLiteral("--json"),
                                QStringLiteral("--interval"), QStringLiteral("0.1")});
    const QList<QByteArray> lines = frames.out.trimmed().split('\n');
    QVERIFY2(frames.finished,
             qPrintable(QStringLiteral("still printing after %1 ms: %2 frames, "
                                       "the last %3")
                            .arg(frames.ms)
                            .arg(lines.size())
                            .arg(QString::fromUtf8(lines.last().left(60)))));
    QCOMPARE(frames.exitCode, 0);
    const QString err = QString::fromUtf8(frames.err);
    QVERIFY2(err.startsWith(QStringLiteral("rocectl replay: ") + name)
                 && err.contains(QStringLiteral("at offset %1").arg(badOffset))
                 && err.contains(badTime) && err.contains(QStringLiteral("are lost")),
             qPrintable(err));
    QCOMPARE(err.count(QLatin1Char('\n')), 1);  // that block only

    // The span is the recording's: frames from its start to its end.
    QVERIFY2(lines.size() <= (m_toMs - m_fromMs) / 100 + 2, qPrintable(err));
    const QJsonObject first = QJsonDocument::fromJson(lines.first()).object();
    const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
    QCOMPARE(first.value(QStringLiteral("t")).toInteger(), m_fromMs);
    QCOMPARE(last.value(QStringLiteral("t")).toInteger(), m_toMs);

    // The blocks around the bad one play (each block's inputs are newer than the block before
    // it); the bad one's are lost.
    auto blockOf = [this](qint64 inputMs) {
        for (qsizetype b = 0; b < m_blocks.size(); ++b)
            if (inputMs <= m_blocks.at(b).header.lastMs
                && (b == 0 || inputMs > m_blocks.at(b - 1).header.lastMs))
                return int(b);
        return -1;
    };
    QSet<int> shown;
    for (const QByteArray &line : lines)
        if (const qint64 newest = newestInput(QJsonDocument::fromJson(line).object()))
            shown.insert(blockOf(newest));
    QVERIFY2(shown.contains(m_bad - 1) && shown.contains(m_bad + 1)
                 && shown.contains(int(m_blocks.size()) - 1) && !shown.contains(m_bad),
             qPrintable(QStringLiteral("blocks shown: %1").arg([&shown] {
                 QStringList l;
                 for (int b : shown)
                     l.append(QString::number(b));
                 l.sort();
                 return l.join(QLatin1Char(' '));
             }())));
    QVERIFY(!last.value(QStringLiteral("ports")).toArray().isEmpty());

    // The summary's span is the recording's too, and the damage is said there as well.
    const Run summary = rocectl(
        {QStringLiteral("replay"), path, QStringLiteral("--summary"), QStringLiteral("--json")});
    QVERIFY2(summary.finished, qPrintable(QString::number(summary.ms)));
    QCOMPARE(summary.exitCode, 0);
    QVERIFY2(
        summary.err.contains(QByteArray(QByteArray("at offset ") + QByteArray::number(badOffset))),
        summary.err.constData());
    const QJsonObject s = QJsonDocument::fromJson(summary.out).object();
    const double seconds = s.value(QStringLiteral("seconds")).toDouble(-1);
    QVERIFY2(seconds >= 0 && std::abs(seconds - double(m_toMs - m_fromMs) / 1000) < 0.001,
             qPrintable(QStringLiteral("seconds %1, the recording spans %2 s")
                            .arg(seconds)
                            .arg(double(m_toMs - m_fromMs) / 1000)));
    QCOMPARE(s.value(QStringLiteral("from_ms")).toInteger(), m_fromMs);
    QCOMPARE(s.value(QStringLiteral("to_ms")).toInteger(), m_toMs);
}

void TestHostileRecording::replayRefusesBlockTimeMax()
{
    const qint64 max = std::numeric_limits<qint64>::max();
    const qint64 at = m_blocks.at(m_bad).offset;
    checkReplay(withBlockTime(m_recording, at, max), at,
                QStringLiteral("impossible time %1 ms").arg(max));
}

void TestHostileRecording::replayRefusesBlockTimeMin()
{
    const qint64 min = std::numeric_limits<qint64>::min();
    const qint64 at = m_blocks.at(m_bad).offset;
    checkReplay(withBlockTime(m_recording, at, min), at,
                QStringLiteral("impossible time %1 ms").arg(min));
}

void TestHostileRecording::replayRefusesBlockTimeOutOfOrder()
{
    // A valid date, six hours after the recording ends: only its place among the blocks
    // around it tells it is wrong.
    const qint64 late = m_toMs + 6 * 3600 * 1000;
    const qint64 at = m_blocks.at(m_bad).offset;
    checkReplay(withBlockTime(m_recording, at, late), at, QStringLiteral("out of time order"));
}

void TestHostileRecording::replayRefusesTickTimeMax()
{
    // The block's header is right; one of its ticks, inside the payload, says INT64 max.
    const qint64 max = std::numeric_limits<qint64>::max();
    checkReplay(withTickTime(m_recording, m_blocks.at(m_bad), max), m_blocks.at(m_bad).offset,
                QStringLiteral("%1 ms").arg(max));
}

QTEST_GUILESS_MAIN(TestHostileRecording)
#include "tst_hostilerecording.moc"
