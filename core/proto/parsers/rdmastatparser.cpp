#include "proto/parsers/rdmastatparser.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <QRegularExpression>

namespace roce::parsers {

namespace {

class RdmaStatText
{
    Q_DECLARE_TR_FUNCTIONS(RdmaStatText)
};

/// One "link DEV/PORT key value key value ..." group, whatever the line layout.
struct LinkGroup {
    QString device;
    int port = 1;
    QList<QPair<QString, QString>> pairs;
};

/// Splits on whitespace and drops the "\" that `rdma -o` puts where newlines were (also when
/// glued to a token), so every iproute2 layout yields the same tokens.
QStringList tokens(const QString &text)
{
    QStringList out;
    for (QString t : text.split(QRegularExpression(QStringLiteral("\\s+")), Qt::SkipEmptyParts)) {
        while (t.endsWith(QLatin1Char('\\')))
            t.chop(1);
        if (!t.isEmpty())
            out.append(t);
    }
    return out;
}

/// The output part of @p text: from the first line that starts with "link", without the
/// "....." lines of a capture someone cut short; what is left out goes to @p skipped.
QString outputLines(const QString &text, QStringList *skipped)
{
    static const QRegularExpression elided(QStringLiteral(R"(^\s*(\.{3,}|…)\s*$)"));
    QStringList kept;
    bool started = false;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const QString t = line.trimmed();
        started = started || t.startsWith(QLatin1String("link "));
        if (!started || elided.match(line).hasMatch()) {
            if (!t.isEmpty() && skipped)
                skipped->append(t);
            continue;
        }
        kept.append(line);
    }
    return kept.join(QLatin1Char('\n'));
}

/// `rdma statistic qp show` prints these beside a QP counter's counters; they are not counts.
bool isQpAttribute(const QString &key)
{
    static const QStringList attributes {QStringLiteral("cntn"),  QStringLiteral("qp-type"),
                                         QStringLiteral("pid"),   QStringLiteral("comm"),
                                         QStringLiteral("LQPN:"), QStringLiteral("LQPN")};
    return attributes.contains(key);
}

Result<QList<LinkGroup>> groups(const QString &text, const QString &what, QStringList *skipped)
{
    const QStringList t = tokens(outputLines(text, skipped));
    QList<LinkGroup> out;
    for (qsizetype i = 0; i < t.size();) {
        if (t[i] != QLatin1String("link") || i + 1 >= t.size())
            return makeError(
                ErrorCode::Parse,
                RdmaStatText::tr("%1: expected \"link DEVICE/PORT\" at \"%2\"").arg(what, t[i]));
        const QString &devPort = t[i + 1];
        const qsizetype slash = devPort.lastIndexOf(QLatin1Char('/'));
        bool ok = false;
        const int port = slash > 0 ? devPort.mid(slash + 1).toInt(&ok) : 0;
        // As the JSON forms: a port is a number from 0 up ("mlx5_0/-1" is not one).
        if (!ok || port < 0)
            return makeError(ErrorCode::Parse,
                             RdmaStatText::tr("%1: \"%2\" is not DEVICE/PORT").arg(what, devPort));
        LinkGroup g;
        g.device = devPort.left(slash);
        g.port = port;
        i += 2;
        while (i < t.size() && t[i] != QLatin1String("link")) {
            if (i + 1 >= t.size())
                return makeError(
                    ErrorCode::Parse,
                    RdmaStatText::tr("%1: \"%2\" of %3 has no value").arg(what, t[i], devPort));
            g.pairs.append({t[i], t[i + 1]});
            i += 2;
        }
        out.append(g);
    }
    return out;
}

Error negativeError(const QString &name, const QString &link, const QString &value)
{
    return makeError(
        ErrorCode::Parse,
        RdmaStatText::tr("rdma statistic: counter %1 of %2 is negative (%3). iproute2 older "
                         "than 5.17 prints counters above 2^31 as negative 32-bit numbers; "
                         "upgrade iproute2 on the host or read the counters from sysfs.")
            .arg(name, link, value));
}

Result<QJsonArray> jsonArray(const QByteArray &json, const QString &what)
{
    QJsonParseError err;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &err);
    if (err.error != QJsonParseError::NoError || !doc.isArray())
        return makeError(ErrorCode::Parse,
                         RdmaStatText::tr("%1: not a JSON array (%2 at offset %3)")
                             .arg(what, err.errorString())
                             .arg(err.offset));
    return doc.array();
}

}  // namespace

Result<QList<RdmaLinkCounters>> parseRdmaStatistic(const QString &text, QStringList *skipped)
{
    const QString what = QStringLiteral("rdma statistic show");
    auto parsed = groups(text, what, skipped);
    if (!parsed)
        return parsed.error();
    QList<RdmaLinkCounters> out;
    for (const LinkGroup &g : *parsed) {
        RdmaLinkCounters link {g.device, g.port, {}, {}};
        const QString name = g.device + QLatin1Char('/') + QString::number(g.port);
        for (const auto &[key, value] : g.pairs) {
            if (isQpAttribute(key)) {
                QString attribute = key;
                if (attribute.endsWith(QLatin1Char(':')))
                    attribute.chop(1);
                link.attributes.insert(attribute, value);
                continue;
            }
            if (value.startsWith(QLatin1Char('-')))
                return negativeError(key, name, value);
            bool ok = false;
            const quint64 v = value.toULongLong(&ok);
            if (!ok)
                return makeError(ErrorCode::Parse,
                                 RdmaStatText::tr("%1: counter %2 of %3 has value \"%4\", not a "
                                                  "number")
                                     .arg(what, key, name, value));
            link.counters.insert(key, v);
        }
        out.append(link);
    }
    return out;
}

Result<QList<RdmaLinkCounters>> parseRdmaStatisticJson(const QByteArray &json)
{
    const QString what = QStringLiteral("rdma -j statistic show");
    auto array = jsonArray(json, what);
    if (!array)
        return array.error();
    QList<RdmaLinkCounters> out;
    for (const QJsonValue &entry : *array) {
        const QJsonObject o = entry.toObject();
        RdmaLinkCounters link;
        link.device = o.value(QLatin1String("ifname")).toString();
        link.port = o.value(QLatin1String("port")).toInt(-1);
        if (link.device.isEmpty() || link.port < 0)
            return makeError(ErrorCode::Parse,
                             RdmaStatText::tr("%1: an entry has no \"ifname\"/\"port\"").arg(what));
        const QString name = link.device + QLatin1Char('/') + QString::number(link.port);
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            if (it.key() == QLatin1String("ifname") || it.key() == QLatin1String("port")
                || !it.value().isDouble())
                continue;
            const double d = it.value().toDouble();
            if (d < 0)
                return negativeError(it.key(), name, QString::number(it.value().toInteger()));
            // No 64-bit counter reaches 2^64 (and converting such a double is undefined).
            if (d >= 18446744073709551616.0)
                return makeError(ErrorCode::Parse,
                                 RdmaStatText::tr("%1: counter %2 of %3 is %4, more than 64 bits "
                                                  "hold")
                                     .arg(what, it.key(), name, QString::number(d)));
            // toInteger() is exact up to 2^63; beyond that only the double is left.
            const qint64 exact = it.value().toInteger(-1);
            link.counters.insert(it.key(), exact >= 0 ? quint64(exact) : quint64(d));
        }
        out.append(link);
    }
    return out;
}

Result<QList<RdmaLinkInfo>> parseRdmaLink(const QString &text, QStringList *skipped)
{
    auto parsed = groups(text, QStringLiteral("rdma link show"), skipped);
    if (!parsed)
        return parsed.error();
    QList<RdmaLinkInfo> out;
    for (const LinkGroup &g : *parsed) {
        RdmaLinkInfo info;
        info.device = g.device;
        info.port = g.port;
        for (const auto &[key, value] : g.pairs) {
            if (key == QLatin1String("state"))
                info.state = value;
            else if (key == QLatin1String("physical_state"))
                info.physicalState = value;
            else if (key == QLatin1String("netdev"))
                info.netdev = value;
        }
        out.append(info);
    }
    return out;
}

Result<QList<RdmaLinkInfo>> parseRdmaLinkJson(const QByteArray &json)
{
    const QString what = QStringLiteral("rdma -j link show");
    auto array = jsonArray(json, what);
    if (!array)
        return array.error();
    QList<RdmaLinkInfo> out;
    for (const QJsonValue &entry : *array) {
        const QJsonObject o = entry.toObject();
        RdmaLinkInfo info;
        info.device = o.value(QLatin1String("ifname")).toString();
        info.port = o.value(QLatin1String("port")).toInt(-1);
        if (info.device.isEmpty() || info.port < 0)
            return makeError(ErrorCode::Parse,
                             RdmaStatText::tr("%1: an entry has no \"ifname\"/\"port\"").arg(what));
        info.state = o.value(QLatin1String("state")).toString();
        info.physicalState = o.value(QLatin1String("physical_state")).toString();
        info.netdev = o.value(QLatin1String("netdev")).toString();
        out.append(info);
    }
    return out;
}

}  // namespace roce::parsers
