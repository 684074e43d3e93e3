#include "cli/run/runhosts.h"

#include "cli/access/agentaccess.h"
#include "cli/run/runoptions.h"
#include "cli/run/runtext.h"
#include "sim/served/simservice.h"

#include <QHash>

namespace roce::cli {

namespace {

/// A failure that is not the command line's fault, whatever code it came with.
Error failureError(const Error &error)
{
    return error.code == ErrorCode::InvalidArgument ? makeError(ErrorCode::Internal, error.message)
                                                    : error;
}

}  // namespace

RunHosts::RunHosts() = default;
RunHosts::~RunHosts() = default;

Result<void> RunHosts::startSim(const QCommandLineParser &parser, const RunOptions &options)
{
    sim::SimServiceOptions simOptions;
    simOptions.http = false;
    bool ok = false;
    simOptions.speed = parser.value(options.speed).toDouble(&ok);
    if (!ok || simOptions.speed <= 0 || simOptions.speed > 100)
        return usageError(RunText::tr("--speed wants a number from 0 to 100"));
    m_sim = std::make_unique<sim::SimService>(simOptions);
    if (const auto started = m_sim->start(); !started)
        return failureError(started.error());
    if (parser.isSet(options.scenario)) {
        if (const auto applied = m_sim->startScenario(parser.value(options.scenario)); !applied)
            return usageError(applied.error().message);
    }
    const auto &hosts = m_sim->fabric().spec().hosts;
    for (int h = 0; h < hosts.size(); ++h) {
        agentproto::AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = m_sim->agentPort(h);
        e.token = simOptions.agentToken;
        e.pinnedSha256 = m_sim->certificateFingerprint().toLatin1();
        m_all.append({hosts[h].name, e, hosts[h].ipv4});
    }
    return {};
}

Result<void> RunHosts::addAgents(const QCommandLineParser &parser, const RunOptions &options,
                                 AgentAccess &access)
{
    if (parser.isSet(options.scenario))
        return usageError(RunText::tr("--scenario needs --sim (a real fabric runs real traffic)"));
    if (const auto configured = access.configure(parser); !configured)
        return configured.error();
    QHash<QString, QString> addresses;
    for (const QString &a : parser.values(options.address)) {
        const qsizetype eq = a.indexOf(QLatin1Char('='));
        if (eq <= 0)
            return usageError(RunText::tr("--address wants NAME=IP, not '%1'").arg(a));
        addresses.insert(a.left(eq), a.mid(eq + 1));
    }
    for (const QString &a : parser.values(options.agent)) {
        const qsizetype eq = a.indexOf(QLatin1Char('='));
        const QString hostPort = eq > 0 ? a.mid(eq + 1) : a;
        const auto e = access.endpoint(hostPort);
        if (!e)
            return usageError(e.error().message);
        const QString hostName = eq > 0 ? a.left(eq) : e->host;
        if (find(hostName)) {
            return usageError(
                RunText::tr("two agents are named %1: name them, NAME=HOST:PORT").arg(hostName));
        }
        m_all.append({hostName, *e, addresses.value(hostName, e->host)});
    }
    return {};
}

const experiments::ExperimentHost *RunHosts::find(const QString &name) const
{
    for (const auto &h : m_all) {
        if (h.name == name)
            return &h;
    }
    return nullptr;
}

QString RunHosts::names() const
{
    QStringList n;
    for (const auto &h : m_all)
        n.append(h.name);
    return n.join(QStringLiteral(", "));
}

}  // namespace roce::cli
