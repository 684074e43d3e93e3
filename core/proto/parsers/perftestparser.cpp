#include "proto/parsers/perftestparser.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QJsonArray>
#include <QRegularExpression>

namespace roce::parsers {

namespace {

class PerftestText
{
    Q_DECLARE_TR_FUNCTIONS(PerftestText)
};

/// perftest prints GID bytes in decimal with %02d ("255:255:192:168:02:226").
QString gidFromDecimal(const QString &text, QString *ipv4)
{
    const QStringList parts = text.trimmed().split(QLatin1Char(':'));
    if (parts.size() != 16)
        return text.trimmed();
    Q_IPV6ADDR addr;
    for (int i = 0; i < 16; ++i) {
        bool ok = false;
        const int v = parts[i].toInt(&ok, 10);
        if (!ok || v < 0 || v > 255)
            return text.trimmed();
        addr[i] = quint8(v);
    }
    const QHostAddress host(addr);
    bool mapped = false;
    const quint32 v4 = host.toIPv4Address(&mapped);
    if (mapped && ipv4)
        *ipv4 = QHostAddress(v4).toString();
    return host.toString();
}

std::optional<double> number(const QString &s)
{
    bool ok = false;
    const double v = s.toDouble(&ok);
    return ok ? std::optional<double>(v) : std::nullopt;
}

}  // namespace

double bandwidthToGbps(double value, const QString &unit)
{
    if (unit == QLatin1String("Gb/sec"))
        return value;
    // perftest's MB and MiB are both 2^20 bytes (format_factor 0x100000).
    return value * 1048576.0 * 8 / 1e9;
}

namespace {

/// The table whose data rows follow: set by its column header, ended by a "---" rule.
enum class Table { None, Bw, Lat, LatDuration };

/// Where parsePerftest stands between lines.
struct PerftestParse {
    PerftestResult result;
    Table table = Table::None;
    QString pendingEndpoint;  ///< "local" or "remote" after its address line, until its GID
    QStringList failures;
};

/// Rules, warnings, the test's title and the tables' column headers; true when @p line was
/// one of them.
bool readMarkerLine(PerftestParse &p, const QString &line, const QString &trimmed)
{
    static const QRegularExpression title(QStringLiteral(
        R"(^\s+((?:RDMA_Write|RDMA_Read|Send|Atomic)[\w ]*(?:BW|Latency) Test)\s*$)"));
    static const QRegularExpression bwHeader(
        QStringLiteral(R"(#bytes\s+#iterations\s+BW peak\[([^\]]+)\]\s+BW average\[([^\]]+)\])"));
    static const QRegularExpression latHeader(QStringLiteral(R"(#bytes\s+#iterations\s+t_min)"));
    static const QRegularExpression latDurationHeader(
        QStringLiteral(R"(#bytes\s+#iterations\s+t_avg\[usec\]\s+tps average)"));
    if (trimmed.startsWith(QLatin1String("---"))) {
        p.table = Table::None;
        return true;
    }
    if (trimmed.startsWith(QLatin1String("WARNING:"))) {
        p.result.warnings.append(trimmed.mid(8).trimmed());
        return true;
    }
    if (const auto m = title.match(line); m.hasMatch() && p.result.test.isEmpty()) {
        p.result.test = m.captured(1).trimmed();
        p.result.latency = p.result.test.contains(QLatin1String("Latency"));
        return true;
    }
    if (const auto m = bwHeader.match(line); m.hasMatch()) {
        p.result.bwUnit = m.captured(2);
        p.table = Table::Bw;
        return true;
    }
    if (latDurationHeader.match(line).hasMatch()) {
        p.table = Table::LatDuration;
        return true;
    }
    if (latHeader.match(line).hasMatch()) {
        p.table = Table::Lat;
        return true;
    }
    return false;
}

/// "local address: LID ... QPN ..." (or remote) and the GID line after it; true when @p line
/// was one of them.
bool readEndpointLine(PerftestParse &p, const QString &line)
{
    static const QRegularExpression address(
        QStringLiteral(R"(^\s*(local|remote) address: LID \S+ QPN (\S+))"));
    static const QRegularExpression gidLine(QStringLiteral(R"(^\s*GID: (\S+))"));
    if (const auto m = address.match(line); m.hasMatch()) {
        p.pendingEndpoint = m.captured(1);
        (p.pendingEndpoint == QLatin1String("local") ? p.result.local : p.result.remote).qpn
            = m.captured(2);
        return true;
    }
    if (const auto m = gidLine.match(line); m.hasMatch() && !p.pendingEndpoint.isEmpty()) {
        PerftestEndpoint &e
            = p.pendingEndpoint == QLatin1String("local") ? p.result.local : p.result.remote;
        e.gid = gidFromDecimal(m.captured(1), &e.ipv4);
        p.pendingEndpoint.clear();
        return true;
    }
    return false;
}

/// The cells of a data row of @p table; a line without a byte count first, or too short for
/// the table, adds nothing.
void readTableCells(PerftestResult &r, Table table, const QString &trimmed)
{
    static const QRegularExpression ws(QStringLiteral(R"(\s+)"));
    // Data rows: tabs and spaces mixed; split on any whitespace.
    const QStringList f = trimmed.split(ws, Qt::SkipEmptyParts);
    bool okBytes = false;
    const qint64 bytes = f.value(0).toLongLong(&okBytes);
    if (!okBytes)
        return;
    if (table == Table::Bw && f.size() >= 5) {
        PerftestBwRow row;
        row.bytes = bytes;
        row.iterations = f[1].toLongLong();
        const auto peak = number(f[2]);
        // 0.00 means "not measured" (-D, --run_infinitely, large -n, server side).
        if (peak && *peak > 0)
            row.bwPeak = peak;
        row.bwAverage = number(f[3]).value_or(0);
        row.msgRateMpps = number(f[4]).value_or(0);
        r.bw.append(row);
    } else if (table == Table::Lat && f.size() >= 9) {
        PerftestLatRow row;
        row.bytes = bytes;
        row.iterations = f[1].toLongLong();
        row.tMin = number(f[2]);
        row.tMax = number(f[3]);
        row.tTypical = number(f[4]);
        row.tAvg = number(f[5]).value_or(0);
        row.tStdev = number(f[6]);
        row.p99 = number(f[7]);
        row.p999 = number(f[8]);
        r.lat.append(row);
    } else if (table == Table::LatDuration && f.size() >= 4) {
        PerftestLatRow row;
        row.bytes = bytes;
        row.iterations = f[1].toLongLong();
        row.tAvg = number(f[2]).value_or(0);
        row.tpsAverage = number(f[3]);
        r.lat.append(row);
    }
}

/// A data row of @p table: false when @p trimmed is none.
bool readTableRow(PerftestResult &r, Table table, const QString &trimmed)
{
    const qsizetype before = r.bw.size() + r.lat.size();
    readTableCells(r, table, trimmed);
    return r.bw.size() + r.lat.size() != before;
}

/// Header lines: one or two "Name : value" pairs, once the title was seen; true when @p line
/// was one. perftest separates the pairs with tabs; output copied from a terminal has spaces
/// instead, so a value also ends where two spaces and the next "Name :" begin.
bool readHeaderLine(PerftestResult &r, const QString &line)
{
    static const QRegularExpression headerPair(QStringLiteral(
        R"(([A-Za-z][\w .*\-]*?)\s*:\s*(.*?)\s*(?=\t|\s{2,}[A-Za-z][\w.*\- ]*?\s*:|$))"));
    if (!line.startsWith(QLatin1Char(' ')) || !line.contains(QLatin1Char(':')) || r.test.isEmpty())
        return false;
    auto it = headerPair.globalMatch(line);
    while (it.hasNext()) {
        const auto m = it.next();
        if (!m.captured(2).isEmpty())
            r.header.insert(m.captured(1).trimmed(), m.captured(2).trimmed());
    }
    return true;
}

/// A line saying why perftest could not run.
bool isFailureLine(const QString &trimmed)
{
    static const QRegularExpression failure(QStringLiteral(
        R"((Couldn't connect to .*|IB device .* not found|Unable to find the Infiniband/RoCE device|)"
        R"(Failed to .*|Couldn't .*|.*[Nn]o such device.*|Unable to .*|.*error.*|)"
        // rxe/mlx5 with a GID index of the wrong type or out of range (a real rxe capture).
        R"(Found Incompatibility issue .*|Please Try to use a different IP version.*))"));
    return failure.match(trimmed).hasMatch();
}

}  // namespace

Result<PerftestResult> parsePerftest(const QString &text)
{
    PerftestParse p;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (const QString &raw : lines) {
        const QString line = QString(raw).remove(QLatin1Char('\r'));
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || readMarkerLine(p, line, trimmed) || readEndpointLine(p, line))
            continue;
        if (p.table != Table::None) {
            // Not a row: why the run stopped, or something printed into the table.
            if (!readTableRow(p.result, p.table, trimmed))
                (isFailureLine(trimmed) ? p.failures : p.result.unreadLines).append(trimmed);
            continue;
        }
        if (readHeaderLine(p.result, line))
            continue;
        if (isFailureLine(trimmed))
            p.failures.append(trimmed);
    }
    if (p.result.bw.isEmpty() && p.result.lat.isEmpty()) {
        if (!p.failures.isEmpty())
            return makeError(ErrorCode::Unreachable, p.failures.join(QLatin1Char('\n')));
        return makeError(ErrorCode::Parse, PerftestText::tr("no perftest result table found"));
    }
    p.result.failures = p.failures;  // rows, then an error: the sizes after them did not run
    return std::move(p.result);
}

QJsonObject perftestToJson(const PerftestResult &r)
{
    QJsonObject o;
    o.insert(QStringLiteral("tool"), QStringLiteral("perftest"));
    o.insert(QStringLiteral("test"), r.test);
    o.insert(QStringLiteral("kind"), r.latency ? QStringLiteral("lat") : QStringLiteral("bw"));
    auto headerInt = [&](const char *key, const char *json) {
        QString v = r.header.value(QLatin1String(key));
        v.remove(QStringLiteral("[B]"));
        bool ok = false;
        const int n = v.toInt(&ok);
        if (ok)
            o.insert(QLatin1String(json), n);
    };
    auto headerStr = [&](const char *key, const char *json) {
        if (r.header.contains(QLatin1String(key)))
            o.insert(QLatin1String(json), r.header.value(QLatin1String(key)));
    };
    headerStr("Device", "device");
    headerInt("Number of qps", "qps");
    headerStr("Connection type", "connection_type");
    headerStr("Link type", "link_type");
    headerInt("GID index", "gid_index");
    headerInt("Mtu", "mtu_bytes");
    headerInt("TX depth", "tx_depth");
    auto endpoint = [](const PerftestEndpoint &e) {
        QJsonObject j;
        if (!e.qpn.isEmpty())
            j.insert(QStringLiteral("qpn"), e.qpn);
        if (!e.gid.isEmpty())
            j.insert(QStringLiteral("gid"), e.gid);
        if (!e.ipv4.isEmpty())
            j.insert(QStringLiteral("ipv4"), e.ipv4);
        return j;
    };
    o.insert(QStringLiteral("local"), endpoint(r.local));
    o.insert(QStringLiteral("remote"), endpoint(r.remote));
    QJsonArray rows;
    if (!r.latency) {
        o.insert(QStringLiteral("bw_unit"), r.bwUnit);
        bool peakMeasured = false;
        for (const auto &b : r.bw) {
            QJsonObject row {
                {QStringLiteral("bytes"), double(b.bytes)},
                {QStringLiteral("iterations"), double(b.iterations)},
                {QStringLiteral("bw_average"), b.bwAverage},
                {QStringLiteral("bw_average_gbps"), bandwidthToGbps(b.bwAverage, r.bwUnit)},
                {QStringLiteral("msg_rate_mpps"), b.msgRateMpps}};
            if (b.bwPeak) {
                row.insert(QStringLiteral("bw_peak"), *b.bwPeak);
                row.insert(QStringLiteral("bw_peak_gbps"), bandwidthToGbps(*b.bwPeak, r.bwUnit));
                peakMeasured = true;
            }
            rows.append(row);
        }
        o.insert(QStringLiteral("peak_measured"), peakMeasured);
    } else {
        o.insert(QStringLiteral("lat_unit"), QStringLiteral("usec"));
        for (const auto &l : r.lat) {
            QJsonObject row {{QStringLiteral("bytes"), double(l.bytes)},
                             {QStringLiteral("iterations"), double(l.iterations)},
                             {QStringLiteral("t_avg_usec"), l.tAvg}};
            auto opt = [&](const char *key, const std::optional<double> &v) {
                if (v)
                    row.insert(QLatin1String(key), *v);
            };
            opt("t_min_usec", l.tMin);
            opt("t_max_usec", l.tMax);
            opt("t_typical_usec", l.tTypical);
            opt("t_stdev_usec", l.tStdev);
            opt("p99_usec", l.p99);
            opt("p99_9_usec", l.p999);
            opt("tps_average", l.tpsAverage);
            rows.append(row);
        }
    }
    o.insert(QStringLiteral("results"), rows);
    if (!r.warnings.isEmpty())
        o.insert(QStringLiteral("warnings"), QJsonArray::fromStringList(r.warnings));
    if (!r.failures.isEmpty())
        o.insert(QStringLiteral("failures"), QJsonArray::fromStringList(r.failures));
    if (!r.unreadLines.isEmpty())
        o.insert(QStringLiteral("unread_lines"), QJsonArray::fromStringList(r.unreadLines));
    return o;
}

}  // namespace roce::parsers
