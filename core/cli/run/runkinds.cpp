#include "cli/run/runkinds.h"

#include "cli/framework/output.h"
#include "cli/run/runhosts.h"
#include "cli/run/runoptions.h"
#include "cli/run/runtext.h"
#include "proto/agentproto/jobspec.h"

#include <QJsonArray>

namespace roce::cli {

namespace {

using experiments::ExperimentHost;
using experiments::ExperimentKind;

// The tools each kind runs.

bool perftestBandwidthTool(const QString &tool)
{
    return tool.startsWith(QLatin1String("ib_")) && tool.endsWith(QLatin1String("_bw"));
}

bool perftestLatencyTool(const QString &tool)
{
    return tool.startsWith(QLatin1String("ib_")) && tool.endsWith(QLatin1String("_lat"));
}

bool tcpBaselineTool(const QString &tool)
{
    return tool == QLatin1String("iperf3") || tool == QLatin1String("sockperf");
}

bool matrixTool(const QString &tool)
{
    return tool != QLatin1String("train") && tool != QLatin1String("pingmesh")
        && agentproto::jobTools().contains(tool);
}

bool trainingTool(const QString &tool)
{
    return tool == QLatin1String("train");
}

// The hosts each kind takes.

/// A pair: --server and --client, by default the first and second host. One agent may be
/// both sides (a loopback test); --sim has eight hosts.
Result<QList<ExperimentHost>> serverAndClient(const RunInputs &in)
{
    const QList<ExperimentHost> &all = in.hosts.all();
    const QString s = in.parser.isSet(in.options.server) ? in.parser.value(in.options.server)
                                                         : all.first().name;
    const QString c = in.parser.isSet(in.options.client) ? in.parser.value(in.options.client)
                                                         : all.value(1, all.first()).name;
    const ExperimentHost *sh = in.hosts.find(s);
    const ExperimentHost *ch = in.hosts.find(c);
    if (!sh || !ch) {
        return usageError(
            RunText::tr("no host named %1 (the hosts: %2)").arg(sh ? c : s, in.hosts.names()));
    }
    return QList<ExperimentHost> {*sh, *ch};
}

/// The hosts of --hosts, by default all of them.
Result<QList<ExperimentHost>> hostList(const RunInputs &in)
{
    if (!in.parser.isSet(in.options.hosts))
        return in.hosts.all();
    QList<ExperimentHost> picked;
    for (const QString &n :
         in.parser.value(in.options.hosts).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const ExperimentHost *h = in.hosts.find(n.trimmed());
        if (!h) {
            return usageError(
                RunText::tr("no host named %1 (the hosts: %2)").arg(n.trimmed(), in.hosts.names()));
        }
        picked.append(*h);
    }
    return picked;
}

// How each kind's job starts.

/// The agent's job for a tool with a server and a client: the server side first.
QJsonObject serverJob(const QList<ExperimentHost> &)
{
    return {{QStringLiteral("role"), QStringLiteral("server")}};
}

/// Rank 0 of the training run; its address is the rendezvous.
QJsonObject trainingJob(const QList<ExperimentHost> &hosts)
{
    return {
        {QStringLiteral("rank"), 0},
        {QStringLiteral("world_size"), int(hosts.size())},
        {QStringLiteral("master_addr"), hosts.isEmpty() ? QString() : hosts.first().dataAddress}};
}

// What each kind prints beyond the common lines.

/// The matrix: one row per pair.
void printMatrixCells(const results::RunRecord &record, QTextStream &out)
{
    if (record.kind != QLatin1String("matrix"))  // the run did not get as far as the matrix
        return;
    const QJsonArray cells = record.result.value(QStringLiteral("cells")).toArray();
    TextTable table(
        {RunText::tr("Server"), RunText::tr("Client"), RunText::tr("Value"), RunText::tr("State")});
    for (const QJsonValue &v : cells) {
        const QJsonObject c = v.toObject();
        table.addRow({c.value(QStringLiteral("server")).toString(),
                      c.value(QStringLiteral("client")).toString(),
                      c.contains(QStringLiteral("value"))
                          ? QString::number(c.value(QStringLiteral("value")).toDouble(), 'f', 2)
                          : QString(),
                      c.value(QStringLiteral("error"))
                          .toString(c.value(QStringLiteral("state")).toString())});
    }
    out << table.render();
}

const RunKind kRunKinds[] = {
    {"bw", "ib_write_bw", ExperimentKind::Pair, &perftestBandwidthTool, &serverAndClient,
     &serverJob, nullptr},
    {"lat", "ib_write_lat", ExperimentKind::Pair, &perftestLatencyTool, &serverAndClient,
     &serverJob, nullptr},
    {"tcp", "iperf3", ExperimentKind::Pair, &tcpBaselineTool, &serverAndClient, &serverJob,
     nullptr},
    {"matrix", "ib_write_bw", ExperimentKind::Matrix, &matrixTool, &hostList, &serverJob,
     &printMatrixCells},
    {"train", "train", ExperimentKind::Training, &trainingTool, &hostList, &trainingJob, nullptr},
};

}  // namespace

const RunKind *findRunKind(const QStringList &positional)
{
    for (const RunKind &k : kRunKinds) {
        if (positional.size() == 1 && positional.first() == QLatin1String(k.name))
            return &k;
    }
    return nullptr;
}

Result<experiments::ExperimentRequest> buildRequest(const RunKind &kind, const QString &tool,
                                                    const RunInputs &in)
{
    experiments::ExperimentRequest request;
    request.kind = kind.kind;
    request.label = in.parser.value(in.options.label);
    request.hub = in.parser.value(in.options.hub);
    auto hosts = kind.pickHosts(in);
    if (!hosts)
        return hosts.error();
    request.hosts = *hosts;

    QJsonObject spec = kind.baseJob(request.hosts);
    spec.insert(QStringLiteral("tool"), tool);
    if (const auto tuned = in.options.readTuning(in.parser, in.jobOptions, spec); !tuned)
        return tuned.error();
    const auto job = agentproto::parseJobSpec(spec);
    if (!job)
        return usageError(job.error().message);
    request.job = *job;
    return request;
}

}  // namespace roce::cli
