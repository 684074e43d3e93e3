#include "cli/commands/replaycommand.h"
#include "live/hub/livefabric.h"
#include "live/recording/clip.h"
#include "live/recording/rangesummary.h"
#include "live/recording/recorder.h"
#include "live/recording/recordingfile.h"
#include "live/recording/recordingreader.h"
#include "live/recording/replaydriver.h"
#include "live/recording/shapejson.h"
#include "live/recording/stringpool.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/simulatedplan.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QRandomGenerator>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <csignal>

using namespace roce;
using live::LiveFabric;
using model::Metric;

namespace {

/// A port with every field a sample can carry, values that a float holds and values it does
/// not, so that the codec's two widths and every flag are exercised.
model::PortSample samplePort(int i, bool nic, QRandomGenerator &rng)
{
    model::PortSample p;
    p.id = nic ? model::PortId::nicPort(QStringLiteral("gpu%1").arg(i / 8, 3, 10, QLatin1Char('0')),
                                        QStringLiteral("mlx5_%1").arg(i % 8))
               : model::PortId::switchPort(QStringLiteral("leaf%1").arg(i / 48),
                                           QStringLiteral("Ethernet1/%1").arg(i % 48 + 1));
    p.peer = nic ? QStringLiteral("eth%1").arg(i % 8) : QStringLiteral("gpü%1").arg(i);
    p.peerPort = i % 3 ? QStringLiteral("ens%1").arg(i) : QString();
    p.state = i % 7 ? QStringLiteral("up") : QStringLiteral("down");
    p.internal = !nic && i % 11 == 0;
    for (std::size_t m = 0; m < model::kMetricCount; ++m) {
        switch ((i + int(m)) % 4) {
        case 0:
            break;  // absent
        case 1:
            p.set(Metric(m), 0.0);
            break;
        case 2:
            p.set(Metric(m), double(rng.bounded(1000000)));
            break;
        default:
            p.set(Metric(m), rng.generateDouble() * 4e11);
        }
    }
    if (nic && i % 2) {
        p.clockOffsetMs = rng.generateDouble() * 10 - 5;
        p.clockRttMs = 0.123456789;
    }
    if (i % 5 == 0)
        p.resets = {QStringLiteral("in_bits_per_s"), QStringLiteral("ecn_marks_per_s")};
    return p;
}

bool samePort(const model::PortSample &a, const model::PortSample &b)
{
    if (a.id.key() != b.id.key() || a.id.kind() != b.id.kind() || a.id.device() != b.id.device()
        || a.id.port() != b.id.port() || a.peer != b.peer || a.peerPort != b.peerPort
        || a.state != b.state || a.internal != b.internal || a.clockOffsetMs != b.clockOffsetMs
        || a.clockRttMs != b.clockRttMs || a.resets != b.resets)
        return false;
    for (std::size_t m = 0; m < model::kMetricCount; ++m)
        if (a.value(Metric(m)) != b.value(Metric(m)))
            return false;
    return true;
}

/// Ticks of a synthetic fabric: @p sources sources (switch first, then hosts) a tick, one
/// frame each, a failure and a return now and then.
QList<recording::RecordedTick> syntheticTicks(qint64 startMs, int ticks, int sources,
                                              quint32 seed = 7)
{
    QRandomGenerator rng(seed);
    QList<recording::RecordedTick> out;
    for (int t = 0; t < ticks; ++t) {
        recording::RecordedTick tick;
        tick.ms = startMs + t * 1000;
        for (int s = 0; s < sources; ++s) {
            LiveFabric::Input in;
            in.source = s == 0 ? QStringLiteral("leaf0") : QStringLiteral("gpu%1:9555").arg(s);
            in.sourceKind = s == 0 ? QStringLiteral("switch") : QStringLiteral("agent");
            in.ms = tick.ms - 10 - s;
            if (s == 2 && t % 5 == 3) {
                in.kind = LiveFabric::Input::Kind::Failed;
                in.message = QStringLiteral("connection refused");
                tick.inputs.append(in);
                continue;
            }
            in.frame.source = s == 0 ? QStringLiteral("leaf0") : QStringLiteral("gpu%1").arg(s);
            in.frame.origin = s == 0 ? QString() : in.source;
            in.frame.takenMs = in.ms - 3;
            if (s == 0 && t % 4 == 1)
                in.frame.issues = {QStringLiteral("show lldp: refused")};
            for (int p = 0; p < (s == 0 ? 48 : 8); ++p)
                in.frame.ports.append(samplePort(s == 0 ? p : (s * 8 + p), s != 0, rng));
            tick.inputs.append(in);
        }
        out.append(tick);
    }
    return out;
}

QString writeRecording(const QString &path, const QList<recording::RecordedTick> &ticks,
                       int ticksPerBlock = 1)
{
    auto w = recording::RecordingFileWriter::create(
        path, {{QStringLiteral("created_ms"), double(ticks.first().ms)}});
    if (!w)
        return w.error().message;
    for (qsizetype i = 0; i < ticks.size(); i += ticksPerBlock) {
        const QList<recording::RecordedTick> block = ticks.mid(i, ticksPerBlock);
        if (auto ok = (*w)->write(recording::BlockType::Ticks, block.first().ms, block.last().ms,
                                  recording::encodeTicks(block));
            !ok)
            return ok.error().message;
        if (i % 7 == 0) {
            recording::RecordedEvent note {
                block.first().ms, QStringLiteral("note"), {{QStringLiteral("i"), int(i)}}};
            if (auto ok = (*w)->write(recording::BlockType::Events, note.ms, note.ms,
                                      recording::encodeEvents({note}));
                !ok)
                return ok.error().message;
        }
    }
    return {};
}

/// @p ticks written as a recording at @p path and opened to be shared by replays (null when
/// either fails; the reason is logged).
std::shared_ptr<const recording::RecordingReader>
recorded(const QString &path, const QList<recording::RecordedTick> &ticks, int ticksPerBlock)
{
    if (const QString error = writeRecording(path, ticks, ticksPerBlock); !error.isEmpty()) {
        qWarning("%s", qPrintable(error));
        return nullptr;
    }
    auto opened = recording::RecordingReader::open(path);
    if (!opened) {
        qWarning("%s", qPrintable(opened.error().message));
        return nullptr;
    }
    return std::move(opened).value();
}

/// The state a hub shows: every port's newest sample and the active alerts, as JSON without
/// ages (the two hubs' clocks are not the same object).
QJsonObject stateOf(const LiveFabric &hub)
{
    QJsonObject snapshot = hub.snapshotJson();
    QJsonArray ports;
    for (const QJsonValue &v : snapshot.value(QStringLiteral("ports")).toArray()) {
        QJsonObject o = v.toObject();
        o.remove(QStringLiteral("age_ms"));
        o.remove(QStringLiteral("stale"));
        ports.append(o);
    }
    snapshot.insert(QStringLiteral("ports"), ports);
    snapshot.remove(QStringLiteral("t"));
    QJsonArray sources;
    for (const QJsonValue &v : snapshot.value(QStringLiteral("sources")).toArray()) {
        QJsonObject o = v.toObject();
        o.remove(QStringLiteral("last_frame_ms"));
        o.remove(QStringLiteral("age_ms"));
        sources.append(o);
    }
    snapshot.insert(QStringLiteral("sources"), sources);
    return snapshot;
}

}  // namespace

class TestRecording : public QObject
{
    Q_OBJECT

private slots:
    void ticksRoundTripExactly();
    void pooledBlocksShareTheirStrings();
    void blockHeaderRejectsDamage();
    void eventsAndShapesRoundTrip();
    void cutFileReadsItsPrefix();
    void flippedBytesAreSkipped();
    void damagedFileHeaderLosesNothingBehindIt();
    void damageSaysWhenWhatItHeldWasLost();
    void replayNamesARangeOutsideTheRecording();
    void directorySegmentsAreKeptWithinLimits();
    void replayRebuildsTheLiveState();
    void seekGivesTheSameStateAsPlaying();
    void replayPlacesServersAsTheLayoutSays();
    void playBehindEndsOnTheLastState();
    void embeddedIncastRecordsWhatTheLiveRunShowed();
    void killedRecorderReplaysWhatItWrote();
    void replayCommandParsesTimes();
    void clipKeepsItsRangeAndWhatIsInForce();
};

void TestRecording::ticksRoundTripExactly()
{
    const QList<recording::RecordedTick> ticks = syntheticTicks(1'795'000'000'000, 6, 5);
    const QByteArray raw = recording::encodeTicks(ticks);
    const auto decoded = recording::decodeTicks(raw);
    QVERIFY2(decoded, qPrintable(decoded ? QString() : decoded.error().message));
    QCOMPARE(decoded->size(), ticks.size());
    int ports = 0;
    for (qsizetype t = 0; t < ticks.size(); ++t) {
        QCOMPARE(decoded->at(t).ms, ticks.at(t).ms);
        QCOMPARE(decoded->at(t).inputs.size(), ticks.at(t).inputs.size());
        for (qsizetype i = 0; i < ticks.at(t).inputs.size(); ++i) {
            const LiveFabric::Input &a = ticks.at(t).inputs.at(i);
            const LiveFabric::Input &b = decoded->at(t).inputs.at(i);
            QCOMPARE(b.kind, a.kind);
            QCOMPARE(b.source, a.source);
            QCOMPARE(b.sourceKind, a.sourceKind);
            QCOMPARE(b.message, a.message);
            QCOMPARE(b.ms, a.ms);
            QCOMPARE(b.frame.source, a.frame.source);
            QCOMPARE(b.frame.origin, a.frame.origin);
            QCOMPARE(b.frame.takenMs, a.frame.takenMs);
            QCOMPARE(b.frame.issues, a.frame.issues);
            QCOMPARE(b.frame.ports.size(), a.frame.ports.size());
            for (qsizetype p = 0; p < a.frame.ports.size(); ++p, ++ports)
                QVERIFY2(samePort(a.frame.ports.at(p), b.frame.ports.at(p)),
                         qPrintable(a.frame.ports.at(p).name()));
        }
    }
    QVERIFY(ports > 300);
    // Every truncation of the payload is an error, never a crash or a partial success.
    for (qsizetype cut = 0; cut < raw.size(); cut += 97)
        QVERIFY(!recording::decodeTicks(QByteArrayView(raw).first(cut)));
}

void TestRecording::pooledBlocksShareTheirStrings()
{
    // Two blocks of the same fabric, the second with its sources in another order: decoded
    // through one pool, they read exactly as without it, and the second block's keys, peers
    // and port ids are the first block's strings (shared, not equal copies).
    QList<recording::RecordedTick> first = syntheticTicks(1'795'000'000'000, 1, 6, 3);
    QList<recording::RecordedTick> second = syntheticTicks(1'795'000'001'000, 1, 6, 3);
    std::reverse(second.first().inputs.begin(), second.first().inputs.end());
    recording::StringPool pool;
    for (const auto &block : {first, second}) {
        const QByteArray raw = recording::encodeTicks(block);
        const auto plain = recording::decodeTicks(raw);
        const auto pooled = recording::decodeTicks(raw, &pool);
        QVERIFY(plain && pooled);
        QCOMPARE(pooled->size(), plain->size());
        for (qsizetype i = 0; i < plain->first().inputs.size(); ++i) {
            const model::SourceFrame &a = plain->first().inputs.at(i).frame;
            const model::SourceFrame &b = pooled->first().inputs.at(i).frame;
            QCOMPARE(b.source, a.source);
            QCOMPARE(b.ports.size(), a.ports.size());
            for (qsizetype p = 0; p < a.ports.size(); ++p)
                QVERIFY2(samePort(a.ports.at(p), b.ports.at(p)), qPrintable(a.ports.at(p).name()));
        }
    }
    const auto a = recording::decodeTicks(recording::encodeTicks(first), &pool);
    const auto b = recording::decodeTicks(recording::encodeTicks(second), &pool);
    QVERIFY(a && b);
    const model::PortSample &pa = a->first().inputs.first().frame.ports.at(5);  // leaf0's
    const model::PortSample &pb = b->first().inputs.last().frame.ports.at(5);
    QCOMPARE(pb.name(), pa.name());
    QCOMPARE(pb.name().constData(), pa.name().constData());
    QCOMPARE(pb.id.device().constData(), pa.id.device().constData());
    QCOMPARE(pb.peer.constData(), pa.peer.constData());
    // A damaged payload through the pool is an error too, and the pool still decodes after.
    const QByteArray raw = recording::encodeTicks(first);
    for (qsizetype cut = 0; cut < raw.size(); cut += 131)
        QVERIFY(!recording::decodeTicks(QByteArrayView(raw).first(cut), &pool));
    QVERIFY(recording::decodeTicks(raw, &pool));
}

void TestRecording::blockHeaderRejectsDamage()
{
    const QByteArray payload(5000, 'a');
    const QByteArray block = recording::frameBlock(recording::BlockType::Ticks, 10, 20, payload);
    const auto header = recording::parseBlockHeader(QByteArrayView(block).first(40));
    QVERIFY(header);
    QVERIFY(header->compressed);  // 5000 equal bytes deflate
    QCOMPARE(header->rawBytes, 5000u);
    QCOMPARE(header->firstMs, 10);
    QCOMPARE(header->lastMs, 20);
    const auto raw = recording::blockPayload(*header, QByteArrayView(block).sliced(40));
    QVERIFY(raw);
    QCOMPARE(*raw, payload);
    // One flipped bit anywhere in the header is caught by its CRC, in the payload by the other.
    for (int i = 0; i < 40; ++i) {
        QByteArray damaged = block;
        damaged[i] = char(damaged[i] ^ 0x10);
        QVERIFY2(!recording::parseBlockHeader(QByteArrayView(damaged).first(40)),
                 qPrintable(QString::number(i)));
    }
    QByteArray damaged = block;
    damaged[45] = char(damaged[45] ^ 1);
    QVERIFY(!recording::blockPayload(*header, QByteArrayView(damaged).sliced(40)));
    QVERIFY(!recording::blockPayload(*header, QByteArrayView(block).sliced(40).chopped(1)));
}

void TestRecording::eventsAndShapesRoundTrip()
{
    models::LeafSpineFabric f;
    f.name = QStringLiteral("rail:4:2:2:2");
    f.spines = {{QStringLiteral("spine1"), {}}, {QStringLiteral("spine2"), {}}};
    f.leaves = {{QStringLiteral("leaf1"), QStringLiteral("rail 1")}};
    f.uplinks
        = {{0, 1, QStringLiteral("leaf1/Ethernet1/33"), QStringLiteral("spine2/Ethernet1/1")}};
    f.hosts = {QStringLiteral("gpu1")};
    f.nics = {{0, 0, QStringLiteral("gpu1/mlx5_0"), QStringLiteral("leaf1/Ethernet1/1")}};
    const auto back = recording::leafSpineFromJson(recording::leafSpineToJson(f));
    QVERIFY(back);
    QCOMPARE(back->leaves.first().group, QStringLiteral("rail 1"));
    QCOMPARE(back->uplinks.first().spine, 1);
    QCOMPARE(back->nics.first().leafPortRow, QStringLiteral("leaf1/Ethernet1/1"));
    QJsonObject broken = recording::leafSpineToJson(f);
    broken.insert(QStringLiteral("nics"),
                  QJsonArray {QJsonArray {0, 9, QStringLiteral("x"), QString()}});
    QVERIFY(!recording::leafSpineFromJson(broken));  // leaf 9 of 1: not drawn out of bounds

    models::FabricLayout layout;
    layout.switchName = QStringLiteral("nexus-roce");
    layout.attachments = {{QStringLiteral("Ethernet1/1/1"),
                           QStringLiteral("hv1"),
                           {{QStringLiteral("vm1"), QStringLiteral("rocep1s0")}}}};
    const auto l = recording::layoutFromJson(recording::layoutToJson(layout));
    QVERIFY(l);
    QCOMPARE(l->portKey(l->attachments.first()), QStringLiteral("nexus-roce/Ethernet1/1/1"));
    QCOMPARE(l->attachments.first().servers.first().rdmaDevice, QStringLiteral("rocep1s0"));

    recording::Annotation a {42,
                             1000,
                             5000,
                             QStringLiteral("leaf1/Ethernet1/3"),
                             QStringLiteral("WRED min 150 KB from here"),
                             77};
    const QList<recording::RecordedEvent> events {
        {1000, QStringLiteral("annotation"), recording::annotationToJson(a)},
        {1500,
         QStringLiteral("scenario"),
         {{QStringLiteral("name"), QStringLiteral("pfc-incast")}}}};
    const auto decoded = recording::decodeEvents(recording::encodeEvents(events));
    QVERIFY(decoded);
    QCOMPARE(decoded->size(), 2);
    QCOMPARE(decoded->at(1).type, QStringLiteral("scenario"));
    QCOMPARE(recording::annotationFromJson(decoded->at(0).body).value(), a);
    QVERIFY(!recording::decodeEvents("[{\"type\":\"x\"}]"));  // no time
}

void TestRecording::cutFileReadsItsPrefix()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("cut.rfr"));
    const QList<recording::RecordedTick> ticks = syntheticTicks(1'795'000'000'000, 20, 3);
    QCOMPARE(writeRecording(path, ticks), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray whole = file.readAll();
    file.close();
    // Cut at many places: what is whole before the cut reads, the rest is reported lost.
    int previousTicks = -1;
    for (qsizetype cut = whole.size(); cut > 2000; cut -= 1777) {
        const QString cutPath = dir.filePath(QStringLiteral("cut-%1.rfr").arg(cut));
        QFile out(cutPath);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(whole.first(cut));
        out.close();
        auto reader = recording::RecordingReader::open(cutPath);
        QVERIFY2(reader, qPrintable(cutPath));
        const QList<recording::RecordedTick> read = (*reader)->ticks(0, LLONG_MAX);
        QVERIFY(read.size() <= ticks.size());
        for (qsizetype i = 0; i < read.size(); ++i)
            QCOMPARE(read.at(i).ms, ticks.at(i).ms);  // a prefix, in order, nothing invented
        if (cut < whole.size()) {
            QVERIFY(previousTicks < 0 || read.size() <= previousTicks);
            if (read.size() < ticks.size() && !(*reader)->damage().isEmpty()) {
                const recording::Damage d = (*reader)->damage().constLast();
                QCOMPARE(d.offset + d.bytes, cut);
                QVERIFY(d.describe().contains(QStringLiteral("lost")));
            }
        }
        previousTicks = int(read.size());
    }
    QVERIFY(previousTicks >= 0 && previousTicks < 20);
    // Not a recording at all: said, not guessed at.
    const QString bogus = dir.filePath(QStringLiteral("bogus.rfr"));
    QFile b(bogus);
    QVERIFY(b.open(QIODevice::WriteOnly));
    b.write("hello, this is a text file\n");
    b.close();
    auto notOne = recording::RecordingReader::open(bogus);
    QVERIFY(!notOne);
    QVERIFY(notOne.error().message.contains(QStringLiteral("not a RoCE Fabric Console recording")));
}

void TestRecording::flippedBytesAreSkipped()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("flipped.rfr"));
    const QList<recording::RecordedTick> ticks = syntheticTicks(1'795'000'000'000, 30, 3);
    QCOMPARE(writeRecording(path, ticks), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadWrite));
    const qint64 size = file.size();
    // Overwrite 64 bytes inside a block near the middle (not on a block boundary, where the
    // reader would resync without losing a tick): one or two blocks are lost, both sides read.
    file.seek(size * 45 / 100);
    file.write(QByteArray(64, '\xEE'));
    file.close();
    auto reader = recording::RecordingReader::open(path);
    QVERIFY(reader);
    const QList<recording::RecordedTick> read = (*reader)->ticks(0, LLONG_MAX);
    QVERIFY2(read.size() >= 27 && read.size() <= 29, qPrintable(QString::number(read.size())));
    QCOMPARE(read.first().ms, ticks.first().ms);
    QCOMPARE(read.last().ms, ticks.last().ms);  // the good part after the damage is read too
    const QList<recording::Damage> damage = (*reader)->damage();
    QVERIFY(!damage.isEmpty());
    // The lost block's ticks: from its first to its last (one tick, when ticks are large).
    QVERIFY(damage.first().resumeMs >= damage.first().afterMs);
    QVERIFY(damage.first().afterMs > read.first().ms);
}

namespace {

/// Where each block of the recording @p bytes starts, with its header.
QList<std::pair<qint64, recording::BlockHeader>> blocksOf(const QByteArray &bytes)
{
    QList<std::pair<qint64, recording::BlockHeader>> out;
    qint64 pos = recording::format::kFileHeaderBytes;
    while (pos + recording::format::kBlockHeaderBytes <= bytes.size()) {
        const auto h = recording::parseBlockHeader(
            QByteArrayView(bytes).sliced(pos, recording::format::kBlockHeaderBytes));
        if (!h)
            break;
        out.append({pos, *h});
        pos += recording::format::kBlockHeaderBytes + h->storedBytes;
    }
    return out;
}

QString rewritten(const QTemporaryDir &dir, const QString &name, const QByteArray &bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

}  // namespace

void TestRecording::damagedFileHeaderLosesNothingBehindIt()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("whole.rfr"));
    const QList<recording::RecordedTick> ticks = syntheticTicks(1'795'000'000'000, 12, 2);
    QCOMPARE(writeRecording(path, ticks), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray whole = file.readAll();
    // A flipped bit in the magic or in the version, or a zeroed header: every block behind
    // it is whole, and is read; the header is named as the damage.
    for (const auto &[offset, value] : QList<std::pair<int, char>> {{0, 'Q'}, {9, '\x01'}}) {
        QByteArray bytes = whole;
        bytes[offset] = value;
        const QString damaged = rewritten(dir, QStringLiteral("flip%1.rfr").arg(offset), bytes);
        auto reader = recording::RecordingReader::open(damaged);
        QVERIFY2(reader, qPrintable(reader ? QString() : reader.error().message));
        QCOMPARE((*reader)->ticks(0, LLONG_MAX).size(), ticks.size());
        const QList<recording::Damage> damage = (*reader)->damage();
        QCOMPARE(damage.size(), 1);
        QCOMPARE(damage.first().offset, qint64(0));
        QCOMPARE(damage.first().bytes, qint64(recording::format::kFileHeaderBytes));
        QVERIFY2(damage.first().describe().contains(QStringLiteral("damaged file header")),
                 qPrintable(damage.first().describe()));
    }
    QByteArray zeroed = whole;
    std::fill(zeroed.begin(), zeroed.begin() + 16, '\0');
    auto fromZeroed
        = recording::RecordingReader::open(rewritten(dir, QStringLiteral("zeroed.rfr"), zeroed));
    QVERIFY(fromZeroed);
    QCOMPARE((*fromZeroed)->ticks(0, LLONG_MAX).size(), ticks.size());
    // A later format is refused by its version, and a file that is no recording as one.
    QByteArray later = whole;
    later[8] = 2;
    auto fromLater
        = recording::RecordingReader::open(rewritten(dir, QStringLiteral("later.rfr"), later));
    QVERIFY(!fromLater);
    QVERIFY2(fromLater.error().message.contains(QStringLiteral("version 2")),
             qPrintable(fromLater.error().message));
    auto text = recording::RecordingReader::open(
        rewritten(dir, QStringLiteral("text.rfr"), QByteArray(4096, 'x')));
    QVERIFY(!text);
    QVERIFY(text.error().message.contains(QStringLiteral("not a RoCE Fabric Console recording")));
}

void TestRecording::damageSaysWhenWhatItHeldWasLost()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("pairs.rfr"));
    // Two ticks a block; an events block after every seventh tick's, at its first tick (so the
    // last tick before it in the file is later than its event).
    const qint64 start = 1'795'000'000'000;
    const QList<recording::RecordedTick> ticks = syntheticTicks(start, 20, 2);
    QCOMPARE(writeRecording(path, ticks, 2), QString());
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QByteArray bytes = file.readAll();
    const auto blocks = blocksOf(bytes);
    QCOMPARE(blocks.size(), 1 + 10 + 2);  // meta, 10 tick blocks, events at ticks 0 and 14
    // Damage the payload (not the header) of the tick block of ticks 6 and 7, and of the
    // events block of tick 14.
    qint64 tickBlock = -1, eventsBlock = -1;
    for (const auto &[pos, h] : blocks) {
        if (h.type == recording::BlockType::Ticks && h.firstMs == start + 6'000)
            tickBlock = pos;
        if (h.type == recording::BlockType::Events && h.firstMs == start + 14'000)
            eventsBlock = pos;
    }
    QVERIFY(tickBlock > 0 && eventsBlock > 0);
    for (const qint64 pos : {tickBlock, eventsBlock})
        bytes[pos + recording::format::kBlockHeaderBytes + 2] ^= '\xFF';
    auto reader
        = recording::RecordingReader::open(rewritten(dir, QStringLiteral("hit.rfr"), bytes));
    QVERIFY(reader);
    QCOMPARE((*reader)->ticks(0, LLONG_MAX).size(), qsizetype(18));
    const QList<recording::Damage> damage = (*reader)->damage();
    QCOMPARE(damage.size(), 2);
    for (const recording::Damage &d : damage) {
        if (d.offset == tickBlock) {
            // Its ticks are lost between the last tick before them and the first after.
            QCOMPARE(d.afterMs, start + 5'000);
            QCOMPARE(d.resumeMs, start + 8'000);
        } else {
            QCOMPARE(d.offset, eventsBlock);
            // What it held: the event at tick 14 (the ticks block before it ends at 15).
            QCOMPARE(d.afterMs, start + 14'000);
            QCOMPARE(d.resumeMs, start + 14'000);
            QVERIFY2(d.describe().contains(QStringLiteral("are lost at")),
                     qPrintable(d.describe()));
        }
    }
}

void TestRecording::replayNamesARangeOutsideTheRecording()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("hour.rfr"));
    const qint64 start = 1'795'000'000'000;
    QCOMPARE(writeRecording(path, syntheticTicks(start, 10, 2)), QString());
    const auto replay = [&](const QStringList &args) {
        QProcess p;
        p.start(QStringLiteral(ROCECTL_PATH), QStringList {QStringLiteral("replay"), path} + args);
        p.waitForFinished(30000);
        return std::pair {p.exitCode(), QString::fromUtf8(p.readAllStandardError())};
    };
    // Both ends after the recording: not "--to is before --from", which it is not.
    const auto after = replay({QStringLiteral("--from"), QStringLiteral("+1h"),
                               QStringLiteral("--to"), QStringLiteral("+2h")});
    QCOMPARE(after.first, 2);
    QVERIFY2(after.second.contains(QStringLiteral("--from is after the recording's end")),
             qPrintable(after.second));
    const auto before = replay({QStringLiteral("--to"), QStringLiteral("2020-01-01T00:00:00")});
    QCOMPARE(before.first, 2);
    QVERIFY2(before.second.contains(QStringLiteral("--to is before the recording's start")),
             qPrintable(before.second));
    const auto reversed = replay({QStringLiteral("--from"), QStringLiteral("+8s"),
                                  QStringLiteral("--to"), QStringLiteral("+2s")});
    QCOMPARE(reversed.first, 2);
    QVERIFY2(reversed.second.contains(QStringLiteral("--to is before --from")),
             qPrintable(reversed.second));
}

void TestRecording::directorySegmentsAreKeptWithinLimits()
{
    QTemporaryDir dir;
    recording::Recorder::Options options;
    options.directory = dir.filePath(QStringLiteral("recordings"));
    options.segmentBytes = 40'000;  // a new segment every few flushes
    options.maxBytes = 150'000;
    options.flushMs = 60'000;  // flushed by the test
    recording::Recorder recorder(options);
    QString error;
    QVERIFY2(recorder.start(&error), qPrintable(error));
    models::FabricLayout layout;
    layout.switchName = QStringLiteral("leaf0");
    recorder.record(QStringLiteral("layout"), recording::layoutToJson(layout), 1'795'000'000'000);
    const QList<recording::RecordedTick> ticks = syntheticTicks(1'795'000'000'000, 60, 3);
    for (const recording::RecordedTick &t : ticks) {
        recorder.recordTick(t.ms, t.inputs, {});
        recorder.flush();
    }
    const recording::Recorder::Stats stats = recorder.stats();
    QVERIFY(stats.error.isEmpty());
    QCOMPARE(stats.ticks, 60);
    auto keptBytes = [&options] {
        qint64 bytes = 0;
        for (const QFileInfo &f : QDir(options.directory).entryInfoList({QStringLiteral("*.rfr")}))
            bytes += f.size();
        return bytes;
    };
    QVERIFY2(QDir(options.directory).entryInfoList({QStringLiteral("*.rfr")}).size() >= 2,
             "segments");
    // The oldest segments go (the writer thread removes them after a rollover, so on a
    // loaded machine this can trail the last flush): what is kept fits the limit, plus the
    // segment being written.
    QTRY_VERIFY2_WITH_TIMEOUT(keptBytes() <= options.maxBytes + options.segmentBytes + 20'000,
                              qPrintable(QString::number(keptBytes())), 10000);
    const qint64 total = keptBytes();
    QVERIFY(stats.bytesWritten > total);
    auto reader = recording::RecordingReader::open(options.directory);
    QVERIFY(reader);
    const QList<recording::RecordedTick> kept = (*reader)->ticks(0, LLONG_MAX);
    QVERIFY(kept.size() < 60 && kept.size() > 5);
    QCOMPARE(kept.last().ms, ticks.last().ms);  // the newest are the ones kept
    // Every segment opens with the map's layout, so each one replays on its own.
    const QFileInfoList segments = QDir(options.directory).entryInfoList({QStringLiteral("*.rfr")});
    for (const QFileInfo &f : segments) {
        auto one = recording::RecordingReader::open(f.filePath());
        QVERIFY(one);
        QVERIFY(std::any_of(
            (*one)->events().cbegin(), (*one)->events().cend(),
            [](const recording::RecordedEvent &e) { return e.type == QLatin1String("layout"); }));
    }
}

void TestRecording::replayRebuildsTheLiveState()
{
    // A hub fed synthetic inputs on an injected clock, recorded; a second hub replaying the
    // file must end in the same state: ports, alerts (recomputed), sources.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("replay.rfr"));
    qint64 clock = 1'795'000'000'000;
    LiveFabric live;
    live.setClock([&clock] { return clock; });
    recording::Recorder::Options options;
    options.file = path;
    options.flushMs = 60'000;
    recording::Recorder recorder(options);
    QVERIFY(recorder.start());
    recorder.attach(live);
    const QList<recording::RecordedTick> ticks = syntheticTicks(clock, 25, 4, 11);
    for (const recording::RecordedTick &t : ticks) {
        clock = t.ms;
        for (const LiveFabric::Input &in : t.inputs)
            live.replayInput(in);
        live.tick();
    }
    recorder.flush();
    QVERIFY(!live.alerts().active().isEmpty());  // the random rates raise some

    auto reader = recording::RecordingReader::open(path);
    QVERIFY(reader);
    LiveFabric replayed;
    recording::ReplayDriver driver(
        std::shared_ptr<const recording::RecordingReader>(std::move(reader).value()), &replayed);
    QCOMPARE(driver.advanceTo(ticks.last().ms), 25);
    QCOMPARE(stateOf(replayed), stateOf(live));
    QCOMPARE(replayed.history().pointCount(), live.history().pointCount());
    QVERIFY(std::any_of(
        driver.reader().events().cbegin(), driver.reader().events().cend(),
        [](const recording::RecordedEvent &e) { return e.type == QLatin1String("alert"); }));
}

void TestRecording::playBehindEndsOnTheLastState()
{
    // Play that cannot keep up (no time budget at all: every frame is behind) skips blocks
    // and merges, yet the end shows what the recording ended with, as applying every tick
    // does.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("behind.rfr"));
    const auto reader = recorded(path, syntheticTicks(1'795'000'000'000, 40, 4, 9), 1);
    QVERIFY(reader);

    LiveFabric full;
    recording::ReplayDriver all(reader, &full);
    all.advanceTo(reader->endMs());

    LiveFabric hurried;
    recording::ReplayDriver::Options options;
    options.frameMs = 5;
    options.stepBudgetMs = 0;
    recording::ReplayDriver behind(reader, &hurried, options);
    QSignalSpy finished(&behind, &recording::ReplayDriver::finished);
    behind.setSpeed(600);
    behind.play();
    QVERIFY(finished.wait(20000));
    QCOMPARE(behind.position(), reader->endMs());
    QVERIFY2(
        behind.ticksApplied() < all.ticksApplied(),  // blocks were skipped
        qPrintable(QStringLiteral("%1 vs %2").arg(behind.ticksApplied()).arg(all.ticksApplied())));
    // The same ports with the same values (merging may meet a port first in another order).
    const auto byId = [](const LiveFabric &hub) {
        QMap<QString, QJsonValue> ports;
        for (const QJsonValue &v : stateOf(hub).value(QStringLiteral("ports")).toArray())
            ports.insert(v.toObject().value(QStringLiteral("id")).toString(), v);
        return ports;
    };
    QCOMPARE(byId(hurried).size(), 48 + 3 * 8);  // leaf0 and three hosts
    QCOMPARE(byId(hurried), byId(full));
}

// LLDP on a hypervisor's uplink names the hypervisor; the recorded layout says which port
// each of its virtual servers is behind. A replay gives the hub that placement before the
// ticks it judges, as the live plan did (without it, the diagnosis of a replayed reference
// fabric explained none of a stalled NIC's alerts and named a down link three times).
void TestRecording::replayPlacesServersAsTheLayoutSays()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("placed.rfr"));
    const qint64 start = 1'795'000'000'000;
    models::FabricLayout layout;
    layout.switchName = QStringLiteral("nexus-roce");
    layout.attachments = {{QStringLiteral("Ethernet1/1/1"),
                           QStringLiteral("esxi-b"),
                           {{QStringLiteral("ubunturdma5"), QStringLiteral("rocep11s0")},
                            {QStringLiteral("ubunturdma7"), QStringLiteral("rocep11s0")}}},
                          {QStringLiteral("Ethernet1/1/2"),
                           QStringLiteral("esxi-b"),
                           {{QStringLiteral("ubunturdma6"), QStringLiteral("rocep11s0")}}}};
    {
        recording::Recorder::Options options;
        options.file = path;
        recording::Recorder recorder(options);
        QString error;
        QVERIFY2(recorder.start(&error), qPrintable(error));
        recorder.record(QStringLiteral("layout"), recording::layoutToJson(layout), start);
        for (const recording::RecordedTick &t : syntheticTicks(start + 1000, 10, 2))
            recorder.recordTick(t.ms, t.inputs, {});
        recorder.flush();
    }
    auto opened = recording::RecordingReader::open(path);
    QVERIFY(opened);
    const std::shared_ptr<const recording::RecordingReader> reader = std::move(opened).value();
    const QHash<QString, QString> expected {
        {QStringLiteral("ubunturdma5"), QStringLiteral("nexus-roce/Ethernet1/1/1")},
        {QStringLiteral("ubunturdma7"), QStringLiteral("nexus-roce/Ethernet1/1/1")},
        {QStringLiteral("ubunturdma6"), QStringLiteral("nexus-roce/Ethernet1/1/2")}};
    QCOMPARE(layout.placement(), expected);
    LiveFabric hub;
    recording::ReplayDriver driver(reader, &hub);
    QVERIFY(hub.placement().isEmpty());
    driver.advanceTo(start + 1000);
    QCOMPARE(hub.placement(), expected);  // from the first tick on
    driver.advanceTo(reader->endMs());
    QCOMPARE(hub.placement(), expected);
    // A seek rebuilds the hub: the placement with it.
    hub.setPlacement({});
    driver.seek(reader->startMs() + 5000);
    QCOMPARE(hub.placement(), expected);
}

void TestRecording::seekGivesTheSameStateAsPlaying()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("seek.rfr"));
    const QList<recording::RecordedTick> ticks = syntheticTicks(1'795'000'000'000, 120, 3, 5);
    const auto reader = recorded(path, ticks, 3);
    QVERIFY(reader);
    const qint64 target = ticks.at(90).ms;

    LiveFabric played;
    recording::ReplayDriver player(reader, &played);
    player.advanceTo(target);

    LiveFabric sought;
    recording::ReplayDriver seeker(reader, &sought);
    QSignalSpy events(&seeker, &recording::ReplayDriver::eventReached);
    seeker.advanceTo(ticks.at(100).ms);  // somewhere else first
    seeker.seek(target);
    QCOMPARE(seeker.position(), target);
    // Ports and sources as playing gave them; alerts too (the settling part replays them).
    QCOMPARE(stateOf(sought).value(QStringLiteral("ports")),
             stateOf(played).value(QStringLiteral("ports")));
    QCOMPARE(stateOf(sought).value(QStringLiteral("sources")),
             stateOf(played).value(QStringLiteral("sources")));
    // The charts have their recent history back.
    const QString port = QStringLiteral("leaf0/Ethernet1/1");
    QVERIFY(sought.history().series(port, Metric::RxPause, target - 60'000).size() >= 55);
    // Seeking back and playing on is the same as playing.
    seeker.seek(ticks.at(10).ms);
    seeker.advanceTo(target);
    QCOMPARE(stateOf(sought).value(QStringLiteral("ports")),
             stateOf(played).value(QStringLiteral("ports")));
}

void TestRecording::embeddedIncastRecordsWhatTheLiveRunShowed()
{
    // The real embedded fabric through a DCQCN incast, recorded; the live run's own CE marks
    // and CNPs (integrated from the frames as the hub applied them) must be what the
    // recording's summary shows.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("incast.rfr"));
    LiveFabric hub;
    recording::Recorder::Options options;
    options.file = path;
    recording::Recorder recorder(options);
    QVERIFY(recorder.start());
    recorder.attach(hub);
    QHash<QString, qint64> lastTaken;
    double liveEcn = 0, liveCnpSent = 0, liveCnpHandled = 0;
    qint64 firstMs = 0, lastMs = 0;
    connect(&hub, &LiveFabric::sourceFrameApplied, this,
            [&](const model::SourceFrame &f, const QString &) {
                for (const model::PortSample &p : f.ports) {
                    const qint64 before = lastTaken.value(p.name(), -1);
                    lastTaken.insert(p.name(), f.takenMs);
                    if (before < 0 || !p.nic())
                        continue;
                    const double s = double(f.takenMs - before) / 1000.0;
                    liveEcn += p.value(Metric::Ecn).value_or(0) * s;
                    liveCnpSent += p.value(Metric::CnpSent).value_or(0) * s;
                    liveCnpHandled += p.value(Metric::CnpHandled).value_or(0) * s;
                }
            });
    connect(&hub, &LiveFabric::inputsApplied, this,
            [&](qint64 ms, const QList<LiveFabric::Input> &, const QList<monitor::Alert> &) {
                firstMs = firstMs ? firstMs : ms;
                lastMs = ms;
            });
    sim::SimulatedFabricPlan simulated(QString(), QStringLiteral("dcqcn-incast"));
    QSignalSpy scenario(simulated.embedded(), &sim::EmbeddedFabric::scenarioStarted);
    connect(&simulated, &sim::SimulatedFabricPlan::ready, &hub, &LiveFabric::watch);
    simulated.start();
    QTRY_COMPARE_WITH_TIMEOUT(scenario.size(), 1, 30000);
    QTRY_VERIFY_WITH_TIMEOUT(liveCnpSent > 1000 && lastMs - firstMs > 6000, 40000);
    hub.stop();
    recorder.flush();

    auto reader = recording::RecordingReader::open(path);
    QVERIFY(reader);
    QVERIFY((*reader)->damage().isEmpty());
    const recording::RangeSummary summary
        = recording::summarize(**reader, (*reader)->startMs(), (*reader)->endMs());
    double ecn = 0, cnpSent = 0, cnpHandled = 0;
    for (const recording::PortTotals &p : summary.ports) {
        if (!p.id.isNic())
            continue;
        ecn += p.totals[std::size_t(Metric::Ecn)].value_or(0);
        cnpSent += p.totals[std::size_t(Metric::CnpSent)].value_or(0);
        cnpHandled += p.totals[std::size_t(Metric::CnpHandled)].value_or(0);
    }
    QVERIFY(liveEcn > 1000);
    QVERIFY2(qAbs(ecn - liveEcn) <= 1e-6 * liveEcn,
             qPrintable(QStringLiteral("%1 %2").arg(ecn).arg(liveEcn)));
    QVERIFY(qAbs(cnpSent - liveCnpSent) <= 1e-6 * liveCnpSent);
    QVERIFY(qAbs(cnpHandled - liveCnpHandled) <= 1e-6 * liveCnpHandled);
    // The summary's JSON says the same under the metric keys.
    const QJsonObject json = summary.toJson();
    double jsonEcn = 0;
    for (const QJsonValue &p : json.value(QStringLiteral("ports")).toArray())
        if (p.toObject().value(QStringLiteral("kind")).toString() == QLatin1String("nic"))
            jsonEcn += p.toObject().value(QStringLiteral("ecn_marks_per_s")).toDouble();
    QCOMPARE(jsonEcn, ecn);
    // The layout and the scenario are in it, for the map and the timeline.
    QStringList types;
    for (const recording::RecordedEvent &e : (*reader)->events())
        types.append(e.type);
    QVERIFY(types.contains(QStringLiteral("alert")));
}

void TestRecording::killedRecorderReplaysWhatItWrote()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("killed.rfr"));
    QProcess recorder;
    recorder.setProcessChannelMode(QProcess::ForwardedErrorChannel);
    recorder.start(QStringLiteral(ROCECTL_PATH),
                   {QStringLiteral("record"), QStringLiteral("--sim"), QStringLiteral("--scenario"),
                    QStringLiteral("dcqcn-incast"), QStringLiteral("--seconds"),
                    QStringLiteral("120"), QStringLiteral("--out"), path});
    QVERIFY(recorder.waitForStarted());
    // Let it record a while, then kill it without warning mid-run.
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(path).size() > 12'000, 60000);
    ::kill(pid_t(recorder.processId()), SIGKILL);
    QVERIFY(recorder.waitForFinished(5000));
    QCOMPARE(recorder.exitStatus(), QProcess::CrashExit);

    QProcess replay;
    replay.start(
        QStringLiteral(ROCECTL_PATH),
        {QStringLiteral("replay"), path, QStringLiteral("--summary"), QStringLiteral("--json")});
    QVERIFY(replay.waitForFinished(30000));
    QCOMPARE(replay.exitCode(), 0);
    const QJsonObject summary = QJsonDocument::fromJson(replay.readAllStandardOutput()).object();
    QVERIFY(summary.value(QStringLiteral("seconds")).toDouble() >= 3);
    double ecn = 0, cnp = 0;
    for (const QJsonValue &p : summary.value(QStringLiteral("ports")).toArray()) {
        ecn += p.toObject().value(QStringLiteral("ecn_marks_per_s")).toDouble();
        cnp += p.toObject().value(QStringLiteral("cnp_sent_per_s")).toDouble();
    }
    QVERIFY2(ecn > 0 && cnp > 0, qPrintable(QString::number(ecn)));

    // The same file cut in the middle of its last block: its prefix replays, exit 0, and
    // stderr says what was lost.
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray whole = file.readAll();
    const QString cut = dir.filePath(QStringLiteral("cut.rfr"));
    QFile out(cut);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(whole.first(whole.size() - 300));
    out.close();
    QProcess frames;
    frames.start(QStringLiteral(ROCECTL_PATH),
                 {QStringLiteral("replay"), cut, QStringLiteral("--json")});
    QVERIFY(frames.waitForFinished(30000));
    QCOMPARE(frames.exitCode(), 0);
    const QByteArray err = frames.readAllStandardError();
    QVERIFY2(err.contains("cut short") && err.contains("lost"), err.constData());
    const QList<QByteArray> lines = frames.readAllStandardOutput().trimmed().split('\n');
    QVERIFY(lines.size() >= 3);
    const QJsonObject last = QJsonDocument::fromJson(lines.last()).object();
    QVERIFY(last.value(QStringLiteral("ports")).toArray().size() >= 16);
    QVERIFY(last.contains(QStringLiteral("sources")));
}

void TestRecording::replayCommandParsesTimes()
{
    const qint64 start = 1'795'000'000'000, end = start + 3'600'000;
    QCOMPARE(cli::ReplayCommand::parseTime(QStringLiteral("+90s"), start, end), start + 90'000);
    QCOMPARE(cli::ReplayCommand::parseTime(QStringLiteral("+5m"), start, end), start + 300'000);
    QCOMPARE(cli::ReplayCommand::parseTime(QStringLiteral("-1.5h"), start, end), end - 5'400'000);
    QCOMPARE(cli::ReplayCommand::parseTime(QStringLiteral("+250ms"), start, end), start + 250);
    QCOMPARE(cli::ReplayCommand::parseTime(QStringLiteral("1795000000123"), start, end),
             1795000000123);
    QCOMPARE(cli::ReplayCommand::parseTime(QStringLiteral("2026-11-20T10:00:00Z"), start, end),
             QDateTime(QDate(2026, 11, 20), QTime(10, 0), Qt::UTC).toMSecsSinceEpoch());
    QVERIFY(!cli::ReplayCommand::parseTime(QStringLiteral("yesterday"), start, end));
    QVERIFY(!cli::ReplayCommand::parseTime(QStringLiteral("+5d"), start, end));
}

void TestRecording::clipKeepsItsRangeAndWhatIsInForce()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("whole.rfr"));
    recording::Recorder::Options options;
    options.file = path;
    options.flushMs = 60'000;
    recording::Recorder recorder(options);
    QVERIFY(recorder.start());
    const QList<recording::RecordedTick> ticks = syntheticTicks(1'795'000'000'000, 40, 3);
    models::FabricLayout layout;
    layout.switchName = QStringLiteral("leaf0");
    recorder.record(QStringLiteral("layout"), recording::layoutToJson(layout), ticks.at(0).ms);
    recorder.record(QStringLiteral("scenario"),
                    {{QStringLiteral("name"), QStringLiteral("pfc-incast")}}, ticks.at(5).ms);
    recording::Annotation inside {1, ticks.at(12).ms, ticks.at(14).ms, {}, QStringLiteral("in"), 0};
    recording::Annotation outside {2,  ticks.at(30).ms,       ticks.at(30).ms,
                                   {}, QStringLiteral("out"), 0};
    recorder.annotate(inside);
    recorder.annotate(outside);
    for (const recording::RecordedTick &t : ticks) {
        recorder.recordTick(t.ms, t.inputs, {});
        if (t.ms % 3000 == 0)
            recorder.flush();
    }
    recorder.flush();
    auto reader = recording::RecordingReader::open(path);
    QVERIFY(reader);
    const QString clipPath = dir.filePath(QStringLiteral("clip.rfr"));
    const auto clip = recording::writeClip(**reader, ticks.at(10).ms, ticks.at(20).ms, clipPath);
    QVERIFY2(clip, qPrintable(clip ? QString() : clip.error().message));
    QCOMPARE(clip->ticks, 11);
    auto clipped = recording::RecordingReader::open(clipPath);
    QVERIFY(clipped);
    QCOMPARE((*clipped)->startMs(), ticks.at(10).ms);
    QCOMPARE((*clipped)->endMs(), ticks.at(20).ms);
    const QList<recording::RecordedTick> read = (*clipped)->ticks(0, LLONG_MAX);
    QCOMPARE(read.size(), 11);
    QCOMPARE(read.first().inputs.size(), ticks.at(10).inputs.size());
    QStringList types;
    for (const recording::RecordedEvent &e : (*clipped)->events())
        types.append(e.type);
    QVERIFY(types.contains(QStringLiteral("layout")));
    QVERIFY(types.contains(QStringLiteral("scenario")));
    QCOMPARE((*clipped)->annotations().size(), 1);
    QCOMPARE((*clipped)->annotations().first().text, QStringLiteral("in"));
    QCOMPARE((*clipped)->meta().value(QStringLiteral("clip_of")).toString(),
             QStringLiteral("whole.rfr"));
    // Never over an existing file.
    QVERIFY(!recording::writeClip(**reader, ticks.at(10).ms, ticks.at(20).ms, clipPath));
}

QTEST_GUILESS_MAIN(TestRecording)
#include "tst_recording.moc"
