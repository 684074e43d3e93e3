#include "proto/agentproto/endpointlines.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>
#include <cmath>

namespace roce::pingmesh {

namespace {

class EndpointLinesText
{
    Q_DECLARE_TR_FUNCTIONS(EndpointLinesText)
};

const QString kKind = QStringLiteral("pingmesh");

QString compact(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

TimestampSource timestampsOf(const QJsonObject &o)
{
    return o.value(QStringLiteral("timestamps")).toString() == QLatin1String("hw")
        ? TimestampSource::Hardware
        : TimestampSource::Software;
}

/// A GID from 32 hex digits (colons allowed), or empty.
QByteArray gidFromHex(const QString &text)
{
    QString hex = text;
    hex.remove(QLatin1Char(':'));
    const QByteArray gid = QByteArray::fromHex(hex.toLatin1());
    return hex.size() == 32 && gid.size() == 16 ? gid : QByteArray();
}

}  // namespace

QString timestampSourceName(TimestampSource source)
{
    return source == TimestampSource::Hardware ? QStringLiteral("hw") : QStringLiteral("sw");
}

QList<quint32> sweepFlowLabels(int count)
{
    const int paths = std::clamp(count, 1, 64);
    QList<quint32> labels;
    for (int k = 0; k < paths; ++k)
        labels.append(paths == 1 ? 0u : quint32(1 + (k * 997) % 16383));
    return labels;
}

QList<quint16> sweepSourcePorts(int count)
{
    QList<quint16> ports;
    for (quint32 label : sweepFlowLabels(count))
        ports.append(udpSourcePortOf(label));
    return ports;
}

QString addressLine(const EndpointAddress &a)
{
    return compact({{kKind, QStringLiteral("address")},
                    {QStringLiteral("name"), a.name},
                    {QStringLiteral("device"), a.device},
                    {QStringLiteral("netdev"), a.netdev},
                    {QStringLiteral("port"), a.port},
                    {QStringLiteral("gid"), QString::fromLatin1(a.gid.toHex())},
                    {QStringLiteral("gid_index"), a.gidIndex},
                    {QStringLiteral("qpn"), double(a.qpn)},
                    {QStringLiteral("timestamps"), timestampSourceName(a.timestamps)}});
}

QString peersLine(const QList<PeerAddress> &peers)
{
    QJsonArray list;
    for (const PeerAddress &p : peers) {
        list.append(QJsonObject {{QStringLiteral("name"), p.name},
                                 {QStringLiteral("gid"), QString::fromLatin1(p.gid.toHex())},
                                 {QStringLiteral("qpn"), double(p.qpn)}});
    }
    return compact({{QStringLiteral("peers"), list}});
}

QStringList probeLines(const ProbeBatch &b)
{
    QStringList lines;
    std::size_t at = 0;
    do {
        QJsonArray rtts, turnarounds;
        const bool withTurnaround = b.turnaroundUs.size() == b.rttUs.size();
        const std::size_t end = std::min(b.rttUs.size(), at + std::size_t(kRttsPerLine));
        for (; at < end; ++at) {
            rtts.append(std::round(b.rttUs[at] * 10.0) / 10.0);
            if (withTurnaround)
                turnarounds.append(
                    b.turnaroundUs[at] < 0 ? -1.0 : std::round(b.turnaroundUs[at] * 10.0) / 10.0);
        }
        const bool first = lines.isEmpty();
        QJsonObject line {{kKind, QStringLiteral("probes")},
                          {QStringLiteral("dst"), b.dst},
                          {QStringLiteral("t_ms"), double(b.tMs)},
                          {QStringLiteral("sent"), first ? b.sent : 0},
                          {QStringLiteral("lost"), first ? b.lost : 0},
                          {QStringLiteral("rtt_us"), rtts},
                          {QStringLiteral("timestamps"), timestampSourceName(b.timestamps)}};
        if (withTurnaround && !rtts.isEmpty())
            line.insert(QStringLiteral("turnaround_us"), turnarounds);
        lines.append(compact(line));
    } while (at < b.rttUs.size());
    return lines;
}

QString resultLine(QJsonObject result)
{
    result.insert(kKind, QStringLiteral("result"));
    return compact(result);
}

Result<QList<PeerAddress>> parsePeersLine(const QString &line)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &error);
    if (!doc.isObject() || !doc.object().value(QStringLiteral("peers")).isArray())
        return makeError(ErrorCode::Parse,
                         EndpointLinesText::tr("the peers line is not {\"peers\": [...]} (%1)")
                             .arg(error.error == QJsonParseError::NoError
                                      ? EndpointLinesText::tr("no peers array")
                                      : error.errorString()));
    QList<PeerAddress> peers;
    const QJsonArray list = doc.object().value(QStringLiteral("peers")).toArray();
    for (qsizetype i = 0; i < list.size(); ++i) {
        const QJsonObject o = list[i].toObject();
        PeerAddress p;
        p.name = o.value(QStringLiteral("name")).toString();
        p.gid = gidFromHex(o.value(QStringLiteral("gid")).toString());
        const double qpn = o.value(QStringLiteral("qpn")).toDouble(-1);
        if (p.name.isEmpty() || p.gid.isEmpty() || qpn < 1 || qpn > 0xffffff
            || qpn != std::floor(qpn))
            return makeError(ErrorCode::Parse,
                             EndpointLinesText::tr("peer %1 of the peers line needs a name, a "
                                                   "GID of 32 hex digits and a queue pair number")
                                 .arg(i + 1));
        p.qpn = quint32(qpn);
        peers.append(p);
    }
    return peers;
}

EndpointLine parseEndpointLine(const QString &line)
{
    EndpointLine out;
    if (!line.startsWith(QLatin1Char('{')))
        return out;
    const QJsonObject o = QJsonDocument::fromJson(line.toUtf8()).object();
    const QString kind = o.value(kKind).toString();
    if (kind == QLatin1String("address")) {
        EndpointAddress &a = out.address;
        a.name = o.value(QStringLiteral("name")).toString();
        a.device = o.value(QStringLiteral("device")).toString();
        a.netdev = o.value(QStringLiteral("netdev")).toString();
        a.port = o.value(QStringLiteral("port")).toInt(1);
        a.gidIndex = o.value(QStringLiteral("gid_index")).toInt();
        a.gid = gidFromHex(o.value(QStringLiteral("gid")).toString());
        const double qpn = o.value(QStringLiteral("qpn")).toDouble(-1);
        a.timestamps = timestampsOf(o);
        if (!a.name.isEmpty() && !a.gid.isEmpty() && qpn >= 1 && qpn <= 0xffffff) {
            a.qpn = quint32(qpn);
            out.kind = EndpointLine::Kind::Address;
        }
    } else if (kind == QLatin1String("probes")) {
        ProbeBatch &b = out.probes;
        b.dst = o.value(QStringLiteral("dst")).toString();
        b.tMs = qint64(o.value(QStringLiteral("t_ms")).toDouble());
        b.sent = std::max(0, o.value(QStringLiteral("sent")).toInt());
        b.lost = std::max(0, o.value(QStringLiteral("lost")).toInt());
        b.timestamps = timestampsOf(o);
        const QJsonArray rtts = o.value(QStringLiteral("rtt_us")).toArray();
        // Turnarounds count only when there is one for every round trip: a line that does not
        // pair them up says nothing about which reply took how long.
        const QJsonArray turnarounds = o.value(QStringLiteral("turnaround_us")).toArray();
        const bool withTurnaround = !turnarounds.isEmpty() && turnarounds.size() == rtts.size();
        b.rttUs.reserve(std::size_t(rtts.size()));
        for (qsizetype i = 0; i < rtts.size(); ++i) {
            const QJsonValue &v = rtts[i];
            if (!v.isDouble() || v.toDouble() < 0)
                continue;
            b.rttUs.push_back(v.toDouble());
            if (withTurnaround)
                b.turnaroundUs.push_back(
                    turnarounds[i].toDouble(-1) < 0 ? -1.0 : turnarounds[i].toDouble());
        }
        if (!b.dst.isEmpty())
            out.kind = EndpointLine::Kind::Probes;
    } else if (kind == QLatin1String("result")) {
        out.result = o;
        out.result.remove(kKind);
        out.kind = EndpointLine::Kind::Result;
    }
    return out;
}

QJsonObject pingmeshResultFromOutput(const QString &stdoutText, QString *error)
{
    const QStringList lines = stdoutText.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (qsizetype i = lines.size() - 1; i >= 0; --i) {
        if (!lines[i].contains(QLatin1String("\"result\"")))
            continue;
        const EndpointLine line = parseEndpointLine(lines[i].trimmed());
        if (line.kind == EndpointLine::Kind::Result)
            return line.result;
    }
    if (error)
        *error = EndpointLinesText::tr("the pingmesh endpoint printed no result");
    return {};
}

}  // namespace roce::pingmesh
