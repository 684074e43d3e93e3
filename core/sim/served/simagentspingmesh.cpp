// The simulated agents' pingmesh endpoints: what `roce-agent --pingmesh -` does on a real
// host, with the model answering the probes.

#include "collect/pingmesh/pinglist.h"
#include "proto/agentproto/endpointlines.h"
#include "proto/common/stats.h"
#include "sim/served/simagents.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QJsonArray>
#include <QTimer>

namespace roce::sim {

using namespace roce::agentproto;

namespace {

class SimPingmeshJobsText
{
    Q_DECLARE_TR_FUNCTIONS(SimPingmeshJobsText)
};

/// How long an endpoint waits for its peers (model time), as the real one does.
constexpr TimeNs kPeersWait = 60 * kNsPerSec;
/// A simulated endpoint's queue pair number: stable per NIC, as a fresh agent's first QP.
quint32 simQpn(int host)
{
    return 0x100 + quint32(host) * 2 + 1;
}

}  // namespace

struct SimAgents::PingmeshJob {
    struct Tally {
        int sent = 0;
        int lost = 0;
        std::vector<double> rttUs;
        std::vector<double> turnaroundUs;
    };
    QString id;
    int host = 0;
    JobSpec spec;
    SimHostRunner *runner = nullptr;
    QByteArray gid;
    QList<pingmesh::PeerAddress> peers;
    QList<int> peerHosts;  ///< model host of each peer, -1 when the model has none
    QList<quint16> sports;
    bool probing = false;
    bool waitedOut = false;  ///< no peers came
    TimeNs opened = 0;
    TimeNs started = 0;
    TimeNs last = 0;
    double due = 0;
    int next = 0;
    QList<int> rounds;
    qint64 flushedMs = 0;
    std::vector<Tally> interval;
    std::vector<Tally> total;
};

SimPingmesh &SimAgents::pingmesh()
{
    if (!m_pingmesh)
        m_pingmesh = std::make_unique<SimPingmesh>(m_fabric, SimPingmesh::Options {});
    return *m_pingmesh;
}

Result<QString> SimAgents::startPingmesh(int host, const JobSpec &spec)
{
    const HostSpec &hs = m_fabric.spec().hosts[host];
    if (!spec.device.isEmpty() && spec.device != hs.rdmaDevice)
        return makeError(ErrorCode::NotFound,
                         SimPingmeshJobsText::tr("no RDMA device '%1' (there are: %2)")
                             .arg(spec.device, hs.rdmaDevice));
    auto job = std::make_shared<PingmeshJob>();
    job->id = QStringLiteral("%1-j%2").arg(hs.name).arg(m_nextId++);
    job->host = host;
    job->spec = spec;
    job->runner = m_runners[host];
    job->opened = m_fabric.now();
    const QHostAddress ip(hs.ipv4);
    job->gid = QByteArray(10, '\0') + QByteArray(2, '\xff');
    const quint32 v4 = ip.toIPv4Address();
    for (int shift : {24, 16, 8, 0})
        job->gid.append(char((v4 >> shift) & 0xff));
    job->sports = pingmesh::sweepSourcePorts(spec.sourcePorts);
    m_pingmeshJobs.insert(job->id, job);
    const QString id = job->id;
    // The address once the event loop runs: the protocol has answered job_started by then.
    QTimer::singleShot(0, this, [this, id] {
        const auto j = m_pingmeshJobs.value(id);
        if (!j)
            return;
        const HostSpec &h = m_fabric.spec().hosts[j->host];
        pingmesh::EndpointAddress a;
        a.name = j->spec.endpointName;
        a.device = h.rdmaDevice;
        a.netdev = h.netdev;
        a.port = j->spec.ibPort;
        a.gidIndex = 3;
        a.gid = j->gid;
        a.qpn = simQpn(j->host);
        a.timestamps = pingmesh::TimestampSource::Hardware;
        emit j->runner->output(id, QStringLiteral("stdout"), pingmesh::addressLine(a));
    });
    return id;
}

Result<void> SimAgents::pingmeshInput(const QString &jobId, const QString &line)
{
    const auto job = m_pingmeshJobs.value(jobId);
    if (!job)
        return makeError(ErrorCode::Unsupported,
                         SimPingmeshJobsText::tr("job '%1' reads no input").arg(jobId));
    if (job->probing)
        return makeError(ErrorCode::InvalidArgument,
                         SimPingmeshJobsText::tr("the endpoint already has its peers"));
    const auto peers = pingmesh::parsePeersLine(line);
    if (!peers)
        return peers.error();
    for (const pingmesh::PeerAddress &p : *peers) {
        if (p.name == job->spec.endpointName)
            continue;
        job->peers.append(p);
        // The model's NIC behind the GID (its IPv4-mapped address) and queue pair.
        const QByteArray v4 = p.gid.right(4);
        const QString ip = QStringLiteral("%1.%2.%3.%4")
                               .arg(quint8(v4[0]))
                               .arg(quint8(v4[1]))
                               .arg(quint8(v4[2]))
                               .arg(quint8(v4[3]));
        const int host = hostByAddress(ip);
        job->peerHosts.append(host >= 0 && simQpn(host) == p.qpn ? host : -1);
    }
    job->interval.assign(std::size_t(job->peers.size()), {});
    job->total.assign(std::size_t(job->peers.size()), {});
    job->rounds.fill(0, job->peers.size());
    job->probing = true;
    job->started = job->last = m_fabric.now();
    return {};
}

void SimAgents::progressPingmesh()
{
    if (m_pingmeshJobs.isEmpty())
        return;
    const TimeNs now = m_fabric.now();
    QList<std::shared_ptr<PingmeshJob>> done;
    for (const auto &job : std::as_const(m_pingmeshJobs)) {
        if (!job->probing) {
            if (now - job->opened > kPeersWait) {
                job->waitedOut = true;
                done.append(job);
            }
            continue;
        }
        const TimeNs end = job->started + TimeNs(job->spec.durationS) * kNsPerSec;
        const TimeNs until = std::min(now, end);
        if (!job->peers.isEmpty() && until > job->last) {
            job->due += double(job->spec.probeRate) * double(until - job->last) / kNsPerSec;
            while (job->due >= 1) {
                job->due -= 1;
                const int p = job->next;
                job->next = (job->next + 1) % int(job->peers.size());
                const quint16 sport = job->sports[job->rounds[p]++ % job->sports.size()];
                const int peer = job->peerHosts[p];
                const auto timing
                    = peer >= 0 ? pingmesh().roundTrip(job->host, peer, sport) : std::nullopt;
                for (PingmeshJob::Tally *t :
                     {&job->interval[std::size_t(p)], &job->total[std::size_t(p)]}) {
                    t->sent += 1;
                    if (timing) {
                        t->rttUs.push_back(timing->rttUs);
                        t->turnaroundUs.push_back(timing->turnaroundUs);
                    } else {
                        t->lost += 1;
                    }
                }
            }
        }
        job->last = std::max(job->last, until);
        const qint64 elapsedMs = (until - job->started) / kNsPerMs;
        const bool finished = now >= end;
        if (elapsedMs - job->flushedMs >= 1000 || finished) {
            job->flushedMs = elapsedMs;
            for (int p = 0; p < job->peers.size(); ++p) {
                PingmeshJob::Tally &t = job->interval[std::size_t(p)];
                if (t.sent == 0)
                    continue;
                pingmesh::ProbeBatch batch;
                batch.dst = job->peers[p].name;
                batch.tMs = elapsedMs;
                batch.sent = t.sent;
                batch.lost = t.lost;
                batch.rttUs = std::move(t.rttUs);
                batch.turnaroundUs = std::move(t.turnaroundUs);
                batch.timestamps = pingmesh::TimestampSource::Hardware;
                t = {};
                for (const QString &line : pingmesh::probeLines(batch))
                    emit job->runner->output(job->id, QStringLiteral("stdout"), line);
            }
        }
        if (finished)
            done.append(job);
    }
    for (const auto &job : std::as_const(done)) {
        if (job->waitedOut)
            finishPingmesh(*job, 1,
                           SimPingmeshJobsText::tr("no peers arrived on standard input within %1 s")
                               .arg(kPeersWait / kNsPerSec));
        else
            finishPingmesh(*job, 0, {});
    }
}

void SimAgents::finishPingmesh(PingmeshJob &job, int exitCode, const QString &error)
{
    const auto keep = m_pingmeshJobs.take(job.id);
    if (!keep)
        return;
    JobResult result;
    result.jobId = job.id;
    result.exitCode = exitCode;
    if (exitCode == 0) {
        const HostSpec &h = m_fabric.spec().hosts[job.host];
        QJsonArray pairs, sports;
        for (int p = 0; p < job.peers.size(); ++p) {
            PingmeshJob::Tally &t = job.total[std::size_t(p)];
            pairs.append(
                QJsonObject {{QStringLiteral("dst"), job.peers[p].name},
                             {QStringLiteral("sent"), t.sent},
                             {QStringLiteral("lost"), t.lost},
                             {QStringLiteral("rtt_p50_us"), round2(quantile(t.rttUs, 0.5))},
                             {QStringLiteral("rtt_p99_us"), round2(quantile(t.rttUs, 0.99))}});
        }
        for (const quint16 port : std::as_const(job.sports))
            sports.append(port);
        result.parsed = {{QStringLiteral("endpoint"), job.spec.endpointName},
                         {QStringLiteral("device"), h.rdmaDevice},
                         {QStringLiteral("gid"), QString::fromLatin1(job.gid.toHex(':'))},
                         {QStringLiteral("gid_index"), 3},
                         {QStringLiteral("qpn"), double(simQpn(job.host))},
                         {QStringLiteral("timestamps"), QStringLiteral("hw")},
                         {QStringLiteral("rate_per_s"), job.spec.probeRate},
                         {QStringLiteral("seconds"), job.spec.durationS},
                         {QStringLiteral("udp_sports"), sports},
                         {QStringLiteral("pairs"), pairs}};
        const QString line = pingmesh::resultLine(result.parsed);
        emit job.runner->output(job.id, QStringLiteral("stdout"), line);
        result.state = JobState::Succeeded;
    } else {
        emit job.runner->output(job.id, QStringLiteral("stderr"),
                                QStringLiteral("roce-agent: ") + error);
        result.state = JobState::Failed;
        result.error = error;
    }
    emit job.runner->finished(result);
}

bool SimAgents::cancelPingmesh(const QString &jobId)
{
    const auto job = m_pingmeshJobs.take(jobId);
    if (!job)
        return false;
    JobResult result;
    result.jobId = jobId;
    result.state = JobState::Cancelled;
    emit job->runner->finished(result);
    return true;
}

void SimAgents::cancelPingmeshOf(const SimHostRunner *runner)
{
    const QStringList ids = m_pingmeshJobs.keys();
    for (const QString &id : ids) {
        if (m_pingmeshJobs.value(id)->runner == runner)
            cancelPingmesh(id);
    }
}

}  // namespace roce::sim
