#include "pingmeshspec.h"

#include "udpingmesh.h"

#include "proto/agentproto/endpointlines.h"
#include "proto/common/stats.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSaveFile>
#include <QThread>

#include <cmath>
#include <cstdio>

#include <poll.h>
#include <sys/resource.h>
#include <unistd.h>

namespace roce::agent {

namespace {

class PingmeshSpecText
{
    Q_DECLARE_TR_FUNCTIONS(PingmeshSpecText)
};

void printLine(const QString &line)
{
    const QByteArray bytes = line.toUtf8() + '\n';
    std::fwrite(bytes.constData(), 1, std::size_t(bytes.size()), stdout);
    std::fflush(stdout);
}

/// One line from standard input within @p waitMs (the console's peers line).
Result<QString> readStdinLine(int waitMs)
{
    QByteArray line;
    QElapsedTimer waited;
    waited.start();
    char c = 0;
    while (true) {
        pollfd fd {STDIN_FILENO, POLLIN, 0};
        const int left = int(std::max<qint64>(0, waitMs - waited.elapsed()));
        const int ready = ::poll(&fd, 1, left);
        if (ready <= 0)
            return makeError(ErrorCode::Timeout,
                             PingmeshSpecText::tr("no peers arrived on standard input within %1 s")
                                 .arg(waitMs / 1000));
        const ssize_t n = ::read(STDIN_FILENO, &c, 1);
        if (n <= 0)
            return makeError(ErrorCode::Io,
                             PingmeshSpecText::tr("standard input closed before the peers"));
        if (c == '\n')
            return QString::fromUtf8(line);
        if (line.size() > 16 * 1024 * 1024)
            return makeError(ErrorCode::Parse, PingmeshSpecText::tr("the peers line is too long"));
        line.append(c);
    }
}

}  // namespace

QByteArray readPingmeshSpecLine()
{
    const auto line = readStdinLine(30000);
    return line ? line->toUtf8() : QByteArray();
}

Result<PingmeshSpec> parsePingmeshSpec(const QByteArray &json)
{
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &error);
    if (!doc.isObject())
        return makeError(ErrorCode::Parse,
                         PingmeshSpecText::tr("the pingmesh spec is not a JSON object (%1)")
                             .arg(error.errorString()));
    const QJsonObject o = doc.object();
    PingmeshSpec s;
    auto text = [&](const char *key, QString &out) -> Result<void> {
        const QJsonValue v = o.value(QLatin1String(key));
        if (!v.isString() || v.toString().isEmpty())
            return makeError(ErrorCode::InvalidArgument,
                             PingmeshSpecText::tr("the pingmesh spec needs \"%1\" (a string)")
                                 .arg(QLatin1String(key)));
        out = v.toString();
        return {};
    };
    for (const auto &[key, out] : {std::pair {"name", &s.name}, std::pair {"device", &s.device},
                                   std::pair {"rendezvous", &s.rendezvous}}) {
        if (auto ok = text(key, *out); !ok)
            return ok.error();
    }
    for (const QJsonValue &p : o.value(QStringLiteral("peers")).toArray())
        s.peers.append(p.toString());
    s.peers.removeAll(s.name);
    s.peers.removeAll(QString());
    auto number = [&](const char *key, double min, double max, double fallback) -> Result<double> {
        const QJsonValue v = o.value(QLatin1String(key));
        if (v.isUndefined())
            return fallback;
        if (!v.isDouble() || v.toDouble() < min || v.toDouble() > max)
            return makeError(ErrorCode::InvalidArgument,
                             PingmeshSpecText::tr("\"%1\" must be a number from %2 to %3")
                                 .arg(QLatin1String(key))
                                 .arg(min)
                                 .arg(max));
        return v.toDouble();
    };
    const auto port = number("port", 1, 255, 1);
    const auto gid = number("gid_index", -1, 255, -1);
    const auto seconds = number("seconds", 0.1, 3600, 10);
    const auto rate = number("rate_per_s", 0.1, 100000, 50);
    const auto timeout = number("timeout_ms", 1, 60000, 200);
    const auto linger = number("linger_ms", 0, 60000, 3000);
    const auto wait = number("wait_ms", 0, 600000, 30000);
    const auto sports = number("source_ports", 1, 64, 8);
    for (const auto *r : {&port, &gid, &seconds, &rate, &timeout, &linger, &wait, &sports}) {
        if (!*r)
            return r->error();
    }
    s.port = int(*port);
    s.gidIndex = int(*gid);
    s.seconds = *seconds;
    s.ratePerSecond = *rate;
    s.timeoutMs = int(*timeout);
    s.lingerMs = int(*linger);
    s.waitMs = int(*wait);
    s.sourcePorts = int(*sports);
    return s;
}

namespace {

/// The directory rendezvous: leave the address, wait for the peers'.
Result<QList<UdAddress>> exchangeOverDirectory(const PingmeshSpec &spec, const UdPingmesh &mesh)
{
    const UdAddress self = mesh.address();
    // Leave the address where the peers look, atomically (a peer never reads half of it).
    QDir().mkpath(spec.rendezvous);
    QSaveFile file(QDir(spec.rendezvous).filePath(spec.name + QStringLiteral(".addr")));
    const QJsonObject mine {{QStringLiteral("name"), spec.name},
                            {QStringLiteral("gid"), QString::fromLatin1(self.gid.toHex())},
                            {QStringLiteral("qpn"), double(self.qpn)}};
    if (!file.open(QIODevice::WriteOnly)
        || file.write(QJsonDocument(mine).toJson(QJsonDocument::Compact)) < 0 || !file.commit())
        return makeError(
            ErrorCode::Io,
            PingmeshSpecText::tr("cannot write %1: %2").arg(file.fileName(), file.errorString()));
    QList<UdAddress> peers;
    QElapsedTimer waited;
    waited.start();
    for (const QString &name : spec.peers) {
        QFile f(QDir(spec.rendezvous).filePath(name + QStringLiteral(".addr")));
        while (!f.exists() && waited.elapsed() < spec.waitMs)
            QThread::msleep(50);
        if (!f.open(QIODevice::ReadOnly))
            return makeError(ErrorCode::Timeout,
                             PingmeshSpecText::tr("peer %1 left no address in %2 within %3 s")
                                 .arg(name, spec.rendezvous)
                                 .arg(spec.waitMs / 1000));
        const QJsonObject o = QJsonDocument::fromJson(f.readAll()).object();
        const QByteArray gid
            = QByteArray::fromHex(o.value(QStringLiteral("gid")).toString().toLatin1());
        if (gid.size() != 16 || o.value(QStringLiteral("qpn")).toDouble() <= 0)
            return makeError(ErrorCode::Parse,
                             PingmeshSpecText::tr("the address of peer %1 is malformed").arg(name));
        peers.append({name, gid, quint32(o.value(QStringLiteral("qpn")).toDouble())});
    }
    return peers;
}

/// The stdio rendezvous: print the address, read the peers the console sends.
Result<QList<UdAddress>> exchangeOverStdio(const PingmeshSpec &spec, const UdPingmesh &mesh)
{
    const UdAddress self = mesh.address();
    pingmesh::EndpointAddress address;
    address.name = spec.name;
    address.device = spec.device;
    address.netdev = mesh.netdev();
    address.port = spec.port;
    address.gidIndex = mesh.gidIndex();
    address.gid = self.gid;
    address.qpn = self.qpn;
    printLine(pingmesh::addressLine(address));
    const auto line = readStdinLine(spec.waitMs);
    if (!line)
        return line.error();
    const auto given = pingmesh::parsePeersLine(*line);
    if (!given)
        return given.error();
    QList<UdAddress> peers = *given;
    peers.removeIf([&spec](const UdAddress &p) { return p.name == spec.name; });
    return peers;
}

}  // namespace

Result<QJsonObject> runPingmeshSpec(const PingmeshSpec &spec)
{
    auto opened = UdPingmesh::open(spec.device, spec.port, spec.gidIndex);
    if (!opened)
        return opened.error();
    UdPingmesh &mesh = **opened;
    const UdAddress self = mesh.address();
    const auto peers
        = spec.stdio() ? exchangeOverStdio(spec, mesh) : exchangeOverDirectory(spec, mesh);
    if (!peers)
        return peers.error();
    UdPingmesh::RunOptions run;
    run.ratePerSecond = spec.ratePerSecond;
    run.seconds = spec.seconds;
    run.timeoutMs = spec.timeoutMs;
    run.lingerMs = spec.lingerMs;
    run.sourcePorts = spec.sourcePorts;
    if (spec.stdio()) {
        run.onInterval = [&peers](qint64 elapsedMs, const std::vector<UdInterval> &due) {
            for (const UdInterval &i : due) {
                pingmesh::ProbeBatch batch;
                batch.dst = (*peers)[i.peer].name;
                batch.tMs = elapsedMs;
                batch.sent = i.sent;
                batch.lost = i.lost;
                batch.rttUs = i.rttUs;
                batch.turnaroundUs = i.turnaroundUs;
                for (const QString &line : pingmesh::probeLines(batch))
                    printLine(line);
            }
        };
    }
    rusage before {};
    getrusage(RUSAGE_SELF, &before);
    const auto results = mesh.run(*peers, run);
    rusage after {};
    getrusage(RUSAGE_SELF, &after);
    auto seconds = [](const timeval &t) { return double(t.tv_sec) + double(t.tv_usec) / 1e6; };
    const double cpu = seconds(after.ru_utime) - seconds(before.ru_utime) + seconds(after.ru_stime)
        - seconds(before.ru_stime);
    if (!results)
        return results.error();
    QJsonArray sports;
    for (const quint16 p : mesh.sourcePorts())
        sports.append(p);
    QJsonArray pairs;
    for (const UdPeerResult &r : *results) {
        QJsonObject pair {{QStringLiteral("dst"), r.name},
                          {QStringLiteral("sent"), r.sent},
                          {QStringLiteral("lost"), r.lost},
                          {QStringLiteral("rtt_p50_us"), round2(r.p50Us)},
                          {QStringLiteral("rtt_p99_us"), round2(r.p99Us)}};
        if (!r.error.isEmpty())
            pair.insert(QStringLiteral("error"), r.error);
        pairs.append(pair);
    }
    return QJsonObject {{QStringLiteral("endpoint"), spec.name},
                        {QStringLiteral("device"), spec.device},
                        {QStringLiteral("gid"), QString::fromLatin1(self.gid.toHex(':'))},
                        {QStringLiteral("gid_index"), mesh.gidIndex()},
                        {QStringLiteral("qpn"), double(self.qpn)},
                        {QStringLiteral("timestamps"), QStringLiteral("sw")},
                        {QStringLiteral("rate_per_s"), spec.ratePerSecond},
                        {QStringLiteral("seconds"), spec.seconds},
                        {QStringLiteral("udp_sports"), sports},
                        {QStringLiteral("pairs"), pairs},
                        {QStringLiteral("answered"), double(mesh.stats().answered)},
                        {QStringLiteral("stray_replies"), double(mesh.stats().strayReplies)},
                        {QStringLiteral("send_errors"), double(mesh.stats().sendErrors)},
                        {QStringLiteral("receive_errors"), double(mesh.stats().receiveErrors)},
                        {QStringLiteral("unanswered"), double(mesh.stats().unanswered)},
                        // Probing and answering, lingering included.
                        {QStringLiteral("cpu_seconds"), round2(cpu)}};
}

}  // namespace roce::agent
