#include "cli/run/runexecution.h"

#include "cli/run/runtext.h"
#include "collect/results/resultstore.h"
#include "live/experiments/switchsummary.h"
#include "live/hub/livefabric.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/simservice.h"

#include <QEventLoop>
#include <QTimer>

#include <memory>

namespace roce::cli {

namespace {

/// Watches the simulated switch through the live model while the run lasts (as the console
/// does) and answers the runner's question of what the hosts' switch ports saw (MMU drops,
/// pauses, ECN marks) from its history.
class SimSwitchWatch
{
public:
    SimSwitchWatch(sim::SimService &sim, experiments::ExperimentRunner &runner)
    {
        m_cabling = sim::EmbeddedFabric::layoutOf(sim.fabric().spec());
        QObject::connect(&m_live, &live::LiveFabric::switchPolled, &m_live, [this] { ++m_polls; });
        nxapi::NxapiEndpoint endpoint;
        endpoint.url = sim.nxapiHttpsUrl();
        endpoint.user = sim.options().user;
        endpoint.password = sim.options().password;
        endpoint.pinnedSha256 = sim.certificateFingerprint();
        live::FabricPlan plan;
        plan.switches.append({m_cabling.switchName, QStringLiteral("tor"), endpoint, 1000});
        m_live.watch(plan);
        // Rates need two polls: wait for them (at most 3 s) so the whole run is covered.
        QEventLoop warmUp;
        QTimer check;
        QObject::connect(&check, &QTimer::timeout, &warmUp, [&] {
            if (m_polls >= 2)
                warmUp.quit();
        });
        check.start(50);
        QTimer::singleShot(3000, &warmUp, &QEventLoop::quit);
        warmUp.exec();
        runner.setSwitchSummary([this](const QStringList &hosts, qint64 fromMs, qint64 toMs) {
            return experiments::switchSummary(m_live.history(), m_cabling, hosts, fromMs, toMs);
        });
    }

private:
    models::FabricLayout m_cabling;
    int m_polls = 0;
    live::LiveFabric m_live;
};

}  // namespace

Result<experiments::ExperimentOutcome> executeRun(const experiments::ExperimentRequest &request,
                                                  const std::optional<QString> &dbPath,
                                                  sim::SimService *sim, CommandIo &io)
{
    std::unique_ptr<results::ResultStore> store;
    if (dbPath) {
        auto opened = results::ResultStore::open(*dbPath);
        if (!opened) {
            // The database is not the command line's fault, whatever the code says.
            return opened.error().code == ErrorCode::InvalidArgument
                ? makeError(ErrorCode::Io, opened.error().message)
                : opened.error();
        }
        store = std::move(opened).value();
    }
    experiments::ExperimentRunner runner(store.get());
    std::unique_ptr<SimSwitchWatch> watch;
    if (sim)
        watch = std::make_unique<SimSwitchWatch>(*sim, runner);
    QEventLoop loop;
    experiments::ExperimentOutcome outcome;
    QObject::connect(&runner, &experiments::ExperimentRunner::progress, &loop,
                     [&io](const QString &line) {
                         io.err << line << QLatin1Char('\n');
                         io.err.flush();
                     });
    QObject::connect(&runner, &experiments::ExperimentRunner::finished, &loop,
                     [&](const experiments::ExperimentOutcome &o) {
                         outcome = o;
                         loop.quit();
                     });
    const auto started = runner.start(request);
    if (!started)
        return started.error();
    if (*started)
        io.err << RunText::tr("recording as run %1").arg(*started) << QLatin1Char('\n');
    loop.exec();
    return outcome;
}

}  // namespace roce::cli
