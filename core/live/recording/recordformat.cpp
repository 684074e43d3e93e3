#include "live/recording/recordformat.h"

#include "live/recording/stringpool.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>

namespace roce::recording {

namespace {

class FormatText
{
    Q_DECLARE_TR_FUNCTIONS(FormatText)
};

Error damaged(const QString &what)
{
    return {ErrorCode::Parse, what};
}

void putU32(char *at, quint32 v)
{
    for (int i = 0; i < 4; ++i)
        at[i] = char((v >> (8 * i)) & 0xff);
}
void putI64(char *at, qint64 v)
{
    const auto u = quint64(v);
    for (int i = 0; i < 8; ++i)
        at[i] = char((u >> (8 * i)) & 0xff);
}
quint32 getU32(const char *at)
{
    quint32 v = 0;
    for (int i = 0; i < 4; ++i)
        v |= quint32(quint8(at[i])) << (8 * i);
    return v;
}
qint64 getI64(const char *at)
{
    quint64 v = 0;
    for (int i = 0; i < 8; ++i)
        v |= quint64(quint8(at[i])) << (8 * i);
    return qint64(v);
}

/// Times are stored as differences, which a crafted block can make overflow: the arithmetic
/// wraps (as unsigned), so decoding is defined for any bytes and encoding gives them back;
/// what the times mean is checked apart (checkTickTimes).
qint64 wrappingAdd(qint64 a, qint64 b)
{
    return qint64(quint64(a) + quint64(b));
}
qint64 wrappingSub(qint64 a, qint64 b)
{
    return qint64(quint64(a) - quint64(b));
}

QString utcText(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms, Qt::UTC).toString(Qt::ISODate);
}

/// The damage of a time outside @p window.
Error impossibleTime(qint64 ms, const TimeWindow &window)
{
    return damaged(FormatText::tr("block damaged (impossible time %1 ms: not between %2 and %3)")
                       .arg(ms)
                       .arg(utcText(window.earliestMs), utcText(window.latestMs)));
}

/// Appends LEB128 varints, zig-zag signed ones and IEEE floats, and interns strings: each
/// distinct string of a block is stored once, in a table at its start, and referred to by
/// index (port keys, states and source names repeat every tick).
class Encoder
{
public:
    void varint(quint64 v)
    {
        while (v >= 0x80) {
            m_body.append(char(v | 0x80));
            v >>= 7;
        }
        m_body.append(char(v));
    }
    void svarint(qint64 v) { varint((quint64(v) << 1) ^ quint64(v >> 63)); }
    void byte(quint8 b) { m_body.append(char(b)); }
    void f32(float f)
    {
        char b[4];
        putU32(b, std::bit_cast<quint32>(f));
        m_body.append(b, 4);
    }
    void f64(double d)
    {
        char b[8];
        putI64(b, std::bit_cast<qint64>(d));
        m_body.append(b, 8);
    }
    void string(const QString &s)
    {
        auto it = m_index.constFind(s);
        if (it == m_index.constEnd())
            it = m_index.insert(s, quint64(m_strings.size())), m_strings.append(s);
        varint(*it);
    }
    QByteArray finish() const
    {
        Encoder head;
        head.varint(quint64(m_strings.size()));
        for (const QString &s : m_strings) {
            const QByteArray utf8 = s.toUtf8();
            head.varint(quint64(utf8.size()));
            head.m_body.append(utf8);
        }
        return head.m_body + m_body;
    }

private:
    QByteArray m_body;
    QList<QString> m_strings;
    QHash<QString, quint64> m_index;
};

/// The reading side: every read is bounds-checked; the first failure sticks and makes the
/// whole block unreadable (a block is one unit of damage).
class Decoder
{
public:
    explicit Decoder(QByteArrayView raw, StringPool *pool = nullptr)
        : m_at(raw.data()), m_end(raw.data() + raw.size()), m_pool(pool)
    { }
    /// A string's index in the block's table (0 when damaged: the decoder has failed).
    qsizetype stringIndex()
    {
        const quint64 i = varint();
        if (i >= quint64(m_strings.size())) {
            fail();
            return 0;
        }
        return qsizetype(i);
    }
    /// The port id keyed by the block's string @p index: the pool's when there is one.
    model::PortId port(qsizetype index, model::PortId::Kind kind)
    {
        if (!m_ok)
            return {};
        return m_pool ? m_pool->port(index, kind)
                      : model::PortId::fromKey(m_strings.at(index), kind);
    }
    bool ok() const { return m_ok; }
    bool atEnd() const { return m_at == m_end; }

    quint64 varint()
    {
        quint64 v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (m_at == m_end)
                return fail();
            const auto b = quint8(*m_at++);
            v |= quint64(b & 0x7f) << shift;
            if (!(b & 0x80))
                return v;
        }
        return fail();
    }
    qint64 svarint()
    {
        const quint64 v = varint();
        return qint64(v >> 1) ^ -qint64(v & 1);
    }
    quint8 byte() { return m_end - m_at >= 1 ? quint8(*m_at++) : quint8(fail()); }
    float f32()
    {
        if (m_end - m_at < 4)
            return float(fail());
        const float f = std::bit_cast<float>(getU32(m_at));
        m_at += 4;
        return f;
    }
    double f64()
    {
        if (m_end - m_at < 8)
            return double(fail());
        const double d = std::bit_cast<double>(getI64(m_at));
        m_at += 8;
        return d;
    }
    /// A count of items each at least one byte long: more than the bytes left is damage.
    qsizetype count()
    {
        const quint64 n = varint();
        return n > quint64(m_end - m_at) ? qsizetype(fail()) : qsizetype(n);
    }
    void readStrings()
    {
        const qsizetype n = count();
        m_strings.reserve(n);
        for (qsizetype i = 0; i < n && m_ok; ++i) {
            const quint64 len = varint();
            if (len > quint64(m_end - m_at)) {
                fail();
                break;
            }
            const QByteArrayView utf8(m_at, qsizetype(len));
            m_strings.append(m_pool ? m_pool->string(i, utf8) : QString::fromUtf8(utf8));
            m_at += len;
        }
    }
    const QString &string()
    {
        const quint64 i = varint();
        if (i >= quint64(m_strings.size())) {
            fail();
            return m_empty;
        }
        return m_strings.at(qsizetype(i));
    }

private:
    quint64 fail()
    {
        m_ok = false;
        m_at = m_end;
        return 0;
    }
    const char *m_at;
    const char *m_end;
    StringPool *m_pool;
    bool m_ok = true;
    QList<QString> m_strings;
    const QString m_empty;
};

enum PortFlag : quint8 {
    Nic = 1,
    Internal = 2,
    ClockOffset = 4,
    ClockRtt = 8,
    Resets = 16,
};

void encodePort(Encoder &e, const model::PortSample &p)
{
    e.string(p.name());
    quint8 flags = 0;
    flags |= p.nic() ? Nic : 0;
    flags |= p.internal ? Internal : 0;
    flags |= p.clockOffsetMs ? ClockOffset : 0;
    flags |= p.clockRttMs ? ClockRtt : 0;
    flags |= p.resets.isEmpty() ? 0 : Resets;
    e.byte(flags);
    e.string(p.peer);
    e.string(p.peerPort);
    e.string(p.state);
    // Which metrics are present, and which of those need a double: rates that a float holds
    // exactly (0, counts) take 4 bytes, the rest 8, so nothing is rounded.
    quint64 present = 0, wide = 0;
    for (std::size_t m = 0; m < model::kMetricCount; ++m) {
        const auto v = p.rates.value(model::Metric(m));
        if (!v)
            continue;
        present |= quint64(1) << m;
        if (double(float(*v)) != *v)
            wide |= quint64(1) << m;
    }
    e.varint(present);
    e.varint(wide);
    for (std::size_t m = 0; m < model::kMetricCount; ++m) {
        if (!(present & (quint64(1) << m)))
            continue;
        const double v = *p.rates.value(model::Metric(m));
        if (wide & (quint64(1) << m))
            e.f64(v);
        else
            e.f32(float(v));
    }
    if (p.clockOffsetMs)
        e.f64(*p.clockOffsetMs);
    if (p.clockRttMs)
        e.f64(*p.clockRttMs);
    if (!p.resets.isEmpty()) {
        e.varint(quint64(p.resets.size()));
        for (const QString &r : p.resets)
            e.string(r);
    }
}

model::PortSample decodePort(Decoder &d)
{
    model::PortSample p;
    const qsizetype key = d.stringIndex();
    const quint8 flags = d.byte();
    p.id = d.port(key, (flags & Nic) ? model::PortId::Kind::Nic : model::PortId::Kind::Switch);
    p.internal = flags & Internal;
    p.peer = d.string();
    p.peerPort = d.string();
    p.state = d.string();
    const quint64 present = d.varint();
    const quint64 wide = d.varint();
    for (std::size_t m = 0; m < model::kMetricCount; ++m) {
        if (!(present & (quint64(1) << m)))
            continue;
        p.rates.set(model::Metric(m), (wide & (quint64(1) << m)) ? d.f64() : double(d.f32()));
    }
    if (flags & ClockOffset)
        p.clockOffsetMs = d.f64();
    if (flags & ClockRtt)
        p.clockRttMs = d.f64();
    if (flags & Resets) {
        const qsizetype n = d.count();
        for (qsizetype i = 0; i < n && d.ok(); ++i)
            p.resets.append(d.string());
    }
    return p;
}

}  // namespace

quint32 crc32Of(QByteArrayView bytes)
{
    return quint32(::crc32(0, reinterpret_cast<const Bytef *>(bytes.data()), uInt(bytes.size())));
}

QByteArray fileHeader()
{
    QByteArray h(format::kFileHeaderBytes, '\0');
    std::memcpy(h.data(), format::kFileMagic, 8);
    putU32(h.data() + 8, format::kVersion);
    return h;
}

Result<void> checkFileHeader(QByteArrayView bytes)
{
    if (bytes.size() < format::kFileHeaderBytes
        || std::memcmp(bytes.data(), format::kFileMagic, 8) != 0)
        return Error {ErrorCode::Parse, FormatText::tr("not a RoCE Fabric Console recording")};
    const quint32 version = getU32(bytes.data() + 8);
    // A later format has a small number; a number no format will have is a damaged header.
    const bool later = version > format::kVersion && version <= 255;
    if (version != format::kVersion)
        return Error {later ? ErrorCode::Unsupported : ErrorCode::Parse,
                      FormatText::tr("recording format version %1; this console reads %2")
                          .arg(version)
                          .arg(format::kVersion)};
    return {};
}

QByteArray frameBlock(BlockType type, qint64 firstMs, qint64 lastMs, QByteArrayView raw)
{
    QByteArray stored;
    bool compressed = false;
    // Level 1: most of the gain at a fraction of the cost; a recorder runs all day.
    uLongf bound = compressBound(uLong(raw.size()));
    stored.resize(qsizetype(bound));
    if (compress2(reinterpret_cast<Bytef *>(stored.data()), &bound,
                  reinterpret_cast<const Bytef *>(raw.data()), uLong(raw.size()), 1)
            == Z_OK
        && qsizetype(bound) < raw.size()) {
        stored.resize(qsizetype(bound));
        compressed = true;
    } else {
        stored = raw.toByteArray();
    }
    QByteArray block(format::kBlockHeaderBytes, '\0');
    char *h = block.data();
    putU32(h, format::kBlockMagic);
    h[4] = char(type);
    h[5] = char(compressed ? 1 : 0);
    putU32(h + 8, quint32(stored.size()));
    putU32(h + 12, crc32Of(stored));
    putI64(h + 16, firstMs);
    putI64(h + 24, lastMs);
    putU32(h + 32, quint32(raw.size()));
    putU32(h + 36, crc32Of(QByteArrayView(h, 36)));
    return block + stored;
}

std::optional<BlockHeader> parseBlockHeader(QByteArrayView bytes)
{
    if (bytes.size() < format::kBlockHeaderBytes)
        return std::nullopt;
    const char *h = bytes.data();
    if (getU32(h) != format::kBlockMagic || getU32(h + 36) != crc32Of(QByteArrayView(h, 36)))
        return std::nullopt;
    BlockHeader b;
    const auto type = quint8(h[4]);
    if (type < quint8(BlockType::Meta) || type > quint8(BlockType::Events) || quint8(h[5]) > 1)
        return std::nullopt;
    b.type = BlockType(type);
    b.compressed = h[5] == 1;
    b.storedBytes = getU32(h + 8);
    b.payloadCrc = getU32(h + 12);
    b.firstMs = getI64(h + 16);
    b.lastMs = getI64(h + 24);
    b.rawBytes = getU32(h + 32);
    if (b.storedBytes > format::kMaxBlockBytes || b.rawBytes > format::kMaxBlockBytes
        || b.lastMs < b.firstMs || (!b.compressed && b.rawBytes != b.storedBytes))
        return std::nullopt;
    return b;
}

Result<QByteArray> blockPayload(const BlockHeader &header, QByteArrayView stored)
{
    if (stored.size() != qsizetype(header.storedBytes))
        return damaged(FormatText::tr("block cut short (%1 of %2 bytes)")
                           .arg(stored.size())
                           .arg(header.storedBytes));
    if (crc32Of(stored) != header.payloadCrc)
        return damaged(FormatText::tr("block damaged (checksum mismatch)"));
    if (!header.compressed)
        return stored.toByteArray();
    QByteArray raw(qsizetype(header.rawBytes), Qt::Uninitialized);
    uLongf size = header.rawBytes;
    if (uncompress(reinterpret_cast<Bytef *>(raw.data()), &size,
                   reinterpret_cast<const Bytef *>(stored.data()), uLong(stored.size()))
            != Z_OK
        || size != header.rawBytes)
        return damaged(FormatText::tr("block damaged (does not inflate)"));
    return raw;
}

QByteArray encodeTicks(const QList<RecordedTick> &ticks)
{
    Encoder e;
    e.varint(quint64(ticks.size()));
    qint64 previous = ticks.isEmpty() ? 0 : ticks.first().ms;
    e.svarint(previous);
    for (const RecordedTick &t : ticks) {
        e.svarint(wrappingSub(t.ms, previous));
        previous = t.ms;
        e.varint(quint64(t.inputs.size()));
        for (const live::LiveFabric::Input &in : t.inputs) {
            e.byte(quint8(in.kind));
            e.string(in.source);
            e.string(in.sourceKind);
            e.svarint(wrappingSub(in.ms, t.ms));
            if (in.kind != live::LiveFabric::Input::Kind::Frame) {
                e.string(in.message);
                continue;
            }
            const model::SourceFrame &f = in.frame;
            e.string(f.source);
            e.string(f.origin);
            e.svarint(wrappingSub(f.takenMs, in.ms));
            e.varint(quint64(f.issues.size()));
            for (const QString &issue : f.issues)
                e.string(issue);
            e.varint(quint64(f.ports.size()));
            for (const model::PortSample &p : f.ports)
                encodePort(e, p);
        }
    }
    return e.finish();
}

Result<QList<RecordedTick>> decodeTicks(QByteArrayView raw, StringPool *pool)
{
    std::optional<QMutexLocker<QMutex>> pooled;
    if (pool)
        pooled.emplace(&pool->lock());
    Decoder d(raw, pool);
    d.readStrings();
    const qsizetype n = d.count();
    qint64 previous = d.svarint();
    QList<RecordedTick> ticks;
    ticks.reserve(n);
    for (qsizetype i = 0; i < n && d.ok(); ++i) {
        RecordedTick t;
        t.ms = wrappingAdd(previous, d.svarint());
        previous = t.ms;
        const qsizetype inputs = d.count();
        t.inputs.reserve(inputs);
        for (qsizetype k = 0; k < inputs && d.ok(); ++k) {
            live::LiveFabric::Input in;
            const quint8 kind = d.byte();
            if (kind > quint8(live::LiveFabric::Input::Kind::Config))
                return damaged(FormatText::tr("block damaged (unknown input %1)").arg(kind));
            in.kind = live::LiveFabric::Input::Kind(kind);
            in.source = d.string();
            in.sourceKind = d.string();
            in.ms = wrappingAdd(t.ms, d.svarint());
            if (in.kind != live::LiveFabric::Input::Kind::Frame) {
                in.message = d.string();
                t.inputs.append(std::move(in));
                continue;
            }
            model::SourceFrame &f = in.frame;
            f.source = d.string();
            f.origin = d.string();
            f.takenMs = wrappingAdd(in.ms, d.svarint());
            const qsizetype issues = d.count();
            for (qsizetype j = 0; j < issues && d.ok(); ++j)
                f.issues.append(d.string());
            const qsizetype ports = d.count();
            f.ports.reserve(ports);
            for (qsizetype j = 0; j < ports && d.ok(); ++j)
                f.ports.append(decodePort(d));
            t.inputs.append(std::move(in));
        }
        ticks.append(std::move(t));
    }
    if (!d.ok() || !d.atEnd())
        return damaged(FormatText::tr("block damaged (ticks do not decode)"));
    return ticks;
}

QByteArray encodeEvents(const QList<RecordedEvent> &events)
{
    QJsonArray array;
    for (const RecordedEvent &ev : events) {
        QJsonObject o = ev.body;
        o.insert(QStringLiteral("t"), double(ev.ms));
        o.insert(QStringLiteral("type"), ev.type);
        array.append(o);
    }
    return QJsonDocument(array).toJson(QJsonDocument::Compact);
}

Result<QList<RecordedEvent>> decodeEvents(QByteArrayView raw)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(raw.toByteArray(), &error);
    if (error.error != QJsonParseError::NoError || !doc.isArray())
        return damaged(FormatText::tr("block damaged (events are not a JSON array)"));
    QList<RecordedEvent> events;
    for (const QJsonValue &v : doc.array()) {
        QJsonObject o = v.toObject();
        const QJsonValue t = o.take(QStringLiteral("t"));
        const QJsonValue type = o.take(QStringLiteral("type"));
        // A number beyond what a qint64 holds is no time (and converting it is undefined).
        const double ms = t.toDouble();
        if (!t.isDouble() || !type.isString() || !(std::abs(ms) < 9.2e18))
            return damaged(FormatText::tr("block damaged (an event without time or type)"));
        events.append({qint64(ms), type.toString(), o});
    }
    return events;
}

TimeWindow TimeWindow::consoleClock(qint64 nowMs)
{
    return {format::kEarliestMs,
            std::clamp(nowMs, format::kEarliestMs, format::kLastClockMs) + format::kFutureSlackMs};
}

Result<void> checkBlockTimes(const BlockHeader &header, const TimeWindow &console)
{
    if (header.type == BlockType::Meta)
        return {};
    for (qint64 ms : {header.firstMs, header.lastMs})
        if (!console.contains(ms))
            return impossibleTime(ms, console);
    return {};
}

Result<void> checkTickTimes(const QList<RecordedTick> &ticks, const BlockHeader &header,
                            const TimeWindow &console)
{
    const TimeWindow anyClock;
    qint64 previous = header.firstMs;
    for (const RecordedTick &t : ticks) {
        // The writer takes the block's first and last time from its ticks, and a console's
        // clock goes forward: a tick outside them, or before the one before it, cannot be.
        if (t.ms < header.firstMs || t.ms > header.lastMs)
            return damaged(FormatText::tr("block damaged (a tick at %1 ms, outside the block's "
                                          "%2 to %3 ms)")
                               .arg(t.ms)
                               .arg(header.firstMs)
                               .arg(header.lastMs));
        if (t.ms < previous)
            return damaged(FormatText::tr("block damaged (tick times go back: %1 ms after %2 ms)")
                               .arg(t.ms)
                               .arg(previous));
        previous = t.ms;
        for (const live::LiveFabric::Input &in : t.inputs) {
            if (!console.contains(in.ms))
                return impossibleTime(in.ms, console);
            if (in.kind == live::LiveFabric::Input::Kind::Frame
                && !anyClock.contains(in.frame.takenMs))
                return impossibleTime(in.frame.takenMs, anyClock);
        }
    }
    return {};
}

Result<void> checkEventTimes(const QList<RecordedEvent> &events, const TimeWindow &console)
{
    for (const RecordedEvent &e : events)
        if (!console.contains(e.ms))
            return impossibleTime(e.ms, console);
    return {};
}

}  // namespace roce::recording
