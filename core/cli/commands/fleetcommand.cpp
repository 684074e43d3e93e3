#include "cli/commands/fleetcommand.h"

#include "cli/access/promsecret.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "live/fleet/fleetrules.h"
#include "live/fleet/fleetsource.h"
#include "live/hub/livefabric.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

namespace roce::cli {

namespace {

class FleetCommandText
{
    Q_DECLARE_TR_FUNCTIONS(FleetCommandText)
};

}  // namespace

QString FleetCommand::summary() const
{
    return FleetCommandText::tr(
        "Read the fleet as a Prometheus-compatible store holds it, in rocectl watch's frames");
}

namespace {

/// What `rocectl fleet` was asked for, as typed.
struct FleetArgs {
    QString url;
    QString prefix;
    QString auth = QStringLiteral("none");
    QString user;
    QString ca;
    std::optional<double> intervalS;
    double timeoutS = 15;
    std::optional<int> count;
    double waitS = 30;
    bool json = false;
    bool printRules = false;
};

void declare(OptionTable &t, FleetArgs &a)
{
    t.parser().setApplicationDescription(FleetCommandText::tr(
        "Reads the fleet from a Prometheus-compatible store (Prometheus, Thanos, "
        "VictoriaMetrics, Mimir) as the console does: switches from rocectl exporter's series, "
        "hosts from roce-agent's, node_exporter's or rdma_exporter's, and prints one frame per "
        "refresh in the format of rocectl watch.\n\nThe token or password (--auth bearer or "
        "basic): ROCE_PROMETHEUS_SECRET, else the OS keychain."));
    const QString seconds = FleetCommandText::tr("seconds");
    t.text(QStringLiteral("prometheus"), QStringLiteral("url"),
           FleetCommandText::tr("The store's URL, e.g. http://prometheus:9090 (a path in it is "
                                "the prefix)."),
           &a.url)
        .text(QStringLiteral("prefix"), QStringLiteral("path"),
              FleetCommandText::tr("Path prefix of the query API: /prometheus (Mimir, "
                                   "VictoriaMetrics), /select/<tenant>/prometheus "
                                   "(VictoriaMetrics cluster)."),
              &a.prefix)
        .text(QStringLiteral("auth"), QStringLiteral("kind"),
              FleetCommandText::tr("none (default), bearer or basic."), &a.auth)
        .text(QStringLiteral("user"), QStringLiteral("name"),
              FleetCommandText::tr("User for --auth basic."), &a.user)
        .text(QStringLiteral("ca"), QStringLiteral("file"),
              FleetCommandText::tr("PEM file of a CA to trust for https:// (besides the "
                                   "system's)."),
              &a.ca)
        .number(QStringLiteral("interval"), QStringLiteral("s"),
                FleetCommandText::tr("Seconds between refreshes (default: the store's scrape "
                                     "interval)."),
                &a.intervalS, {1, 300, seconds})
        .number(QStringLiteral("timeout"), QStringLiteral("s"),
                FleetCommandText::tr("Seconds a query may take (default 15)."), &a.timeoutS,
                {1, 600, seconds})
        .whole(QStringLiteral("count"), QStringLiteral("n"),
               FleetCommandText::tr("Stop after this many frames (default: until "
                                    "interrupted)."),
               &a.count, {1})
        .number(QStringLiteral("wait"), QStringLiteral("s"),
                FleetCommandText::tr("Seconds to wait for the store's first answer (default "
                                     "30)."),
                &a.waitS, {0.001, 86400, seconds})
        .flag(QStringLiteral("json"),
              FleetCommandText::tr("One JSON object per frame, one a line."), &a.json)
        .flag(QStringLiteral("print-rules"),
              FleetCommandText::tr("Print the recording rules that precompute what the fleet "
                                   "reads (for the store's rule_files, or vmalert), for a "
                                   "scrape interval of --interval (default 15 s), and exit."),
              &a.printRules);
}

/// The store's endpoint as the arguments name it, or why they do not.
Result<prom::PromEndpoint> fleetEndpoint(const FleetArgs &a)
{
    if (a.url.isEmpty())
        return makeError(ErrorCode::InvalidArgument,
                         FleetCommandText::tr("--prometheus URL is required"));
    const auto parsed = prom::parsePromEndpoint(a.url, a.prefix);
    if (!parsed)
        return parsed.error();
    const auto auth = prom::parseAuth(a.auth);
    if (!auth)
        return auth.error();
    prom::PromEndpoint endpoint = *parsed;
    endpoint.auth = *auth;
    endpoint.user = a.user;
    endpoint.caFile = a.ca;
    endpoint.timeoutMs = int(a.timeoutS * 1000);
    if (*auth == prom::PromEndpoint::Auth::Basic && a.user.isEmpty())
        return makeError(ErrorCode::InvalidArgument,
                         FleetCommandText::tr("--auth basic needs --user"));
    return endpoint;
}

/// Prints the fleet's frames until @p a.count of them, a failure before the first answer,
/// or a stop signal.
int watchFleetFrames(const fleet::FleetOptions &options, const FleetArgs &a, CommandIo &io)
{
    const int count = a.count.value_or(-1);
    const double wait = a.waitS;
    const bool json = a.json;
    live::LiveFabric hub;  // rows go stale as the frames' contract says (watchFleet)
    QEventLoop loop;
    int exitCode = ExitOk;
    int printed = 0;
    bool answered = false;
    auto print = [&] {
        hub.tick();  // what the fleet source posted, applied now
        if (json) {
            writeJsonLine(io.out, hub.snapshotJsonBytes());
        } else {
            const QJsonObject frame = hub.snapshotJson();
            int stale = 0;
            const QJsonArray ports = frame.value(QStringLiteral("ports")).toArray();
            for (const QJsonValue &p : ports)
                stale += p.toObject().value(QStringLiteral("stale")).toBool();
            io.out << FleetCommandText::tr("%1 ports (%2 stale), %3 alerts")
                          .arg(ports.size())
                          .arg(stale)
                          .arg(frame.value(QStringLiteral("alerts")).toArray().size())
                   << QLatin1Char('\n');
        }
        io.out.flush();
        if (count > 0 && ++printed >= count)
            loop.quit();
    };
    fleet::FleetSource *source = fleet::watchFleet(hub, options);
    QObject::connect(
        source, &fleet::FleetSource::refreshed, &loop, [&](const fleet::FleetRefresh &r) {
            answered = true;
            if (!json)
                io.err << FleetCommandText::tr("rocectl fleet: %1 devices, %2 ports "
                                               "in %3 ms (%4 queries, %5)")
                              .arg(r.devices)
                              .arg(r.ports)
                              .arg(r.elapsedMs)
                              .arg(r.queries)
                              .arg(r.recorded ? FleetCommandText::tr("recording rules")
                                              : FleetCommandText::tr("window %1").arg(r.window))
                       << QLatin1Char('\n');
            print();
        });
    QObject::connect(source, &fleet::FleetSource::failed, &loop,
                     [&](const QString &store, const QString &message) {
                         io.err << QStringLiteral("rocectl fleet: ") << store
                                << QStringLiteral(": ") << message << QLatin1Char('\n');
                         io.err.flush();
                         if (!answered) {
                             exitCode = ExitFailure;
                             loop.quit();
                             return;
                         }
                         print();  // the frame says the store failed and the ports go stale
                     });
    QTimer::singleShot(int(wait * 1000), &loop, [&] {
        if (answered)
            return;
        io.err << FleetCommandText::tr("rocectl fleet: %1 gave no answer within %2 s")
                      .arg(options.endpoint.displayName())
                      .arg(wait)
               << QLatin1Char('\n');
        exitCode = ExitFailure;
        loop.quit();
    });
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, &QEventLoop::quit);
    loop.exec();
    hub.stop();
    return exitCode;
}

}  // namespace

int FleetCommand::run(const QStringList &args, CommandIo &io)
{
    FleetArgs a;
    OptionTable table;
    declare(table, a);
    if (const auto early = parseCommandLine(table, args, io, true))
        return *early;
    if (a.printRules) {
        const int interval = int(a.intervalS.value_or(15));
        if (a.intervalS && *a.intervalS != interval)
            return usageError(args, io,
                              FleetCommandText::tr("--interval must be 1 to 300 whole seconds"));
        io.out << fleet::recordingRules(
            QString::number(std::max(4 * interval, 60)) + QLatin1Char('s'), interval);
        return ExitOk;
    }
    const auto endpoint = fleetEndpoint(a);
    if (!endpoint)
        return usageError(args, io, endpoint.error().message);
    fleet::FleetOptions options;
    options.endpoint = *endpoint;
    if (a.intervalS)
        options.intervalMs = int(*a.intervalS * 1000);
    if (options.endpoint.auth != prom::PromEndpoint::Auth::None) {
        const auto secret = prometheusSecret(options.endpoint);
        if (!secret) {
            io.err << FleetCommandText::tr("rocectl fleet: no secret for %1 in "
                                           "ROCE_PROMETHEUS_SECRET or the keychain (%2)")
                          .arg(options.endpoint.displayName(), secret.error().message)
                   << QLatin1Char('\n');
            return ExitFailure;
        }
        options.endpoint.secret = *secret;
    }
    return watchFleetFrames(options, a, io);
}

}  // namespace roce::cli
