#include "cli/commands/fleetcommand.h"

#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "live/fleet/fleetrules.h"
#include "live/fleet/fleetsource.h"
#include "live/hub/livefabric.h"
#include "live/inventory/secretstore.h"

#include <QCommandLineParser>
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
        "the fleet as a Prometheus-compatible store holds it, in rocectl watch's frames");
}

// NOLINTNEXTLINE(readability-function-size): predates the limit
int FleetCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(FleetCommandText::tr(
        "Reads the fleet from a Prometheus-compatible store (Prometheus, Thanos, "
        "VictoriaMetrics, Mimir) as the console does: switches from rocectl exporter's series, "
        "hosts from roce-agent's, node_exporter's or rdma_exporter's, and prints one frame per "
        "refresh in the format of rocectl watch.\n\nThe token or password (--auth bearer or "
        "basic): ROCE_PROMETHEUS_SECRET, else the OS keychain."));
    const QCommandLineOption urlOpt(QStringLiteral("prometheus"),
                                    FleetCommandText::tr("The store's URL, e.g. "
                                                         "http://prometheus:9090 (a path in it is "
                                                         "the prefix)."),
                                    QStringLiteral("url"));
    const QCommandLineOption prefixOpt(
        QStringLiteral("prefix"),
        FleetCommandText::tr("Path prefix of the query API: /prometheus (Mimir, VictoriaMetrics), "
                             "/select/<tenant>/prometheus (VictoriaMetrics cluster)."),
        QStringLiteral("path"));
    const QCommandLineOption authOpt(QStringLiteral("auth"),
                                     FleetCommandText::tr("none (default), bearer or basic."),
                                     QStringLiteral("kind"), QStringLiteral("none"));
    const QCommandLineOption userOpt(QStringLiteral("user"),
                                     FleetCommandText::tr("User for --auth basic."),
                                     QStringLiteral("name"));
    const QCommandLineOption caOpt(QStringLiteral("ca"),
                                   FleetCommandText::tr("PEM file of a CA to trust for https:// "
                                                        "(besides the system's)."),
                                   QStringLiteral("file"));
    const QCommandLineOption intervalOpt(
        QStringLiteral("interval"),
        FleetCommandText::tr("Seconds between refreshes (default: the store's scrape interval)."),
        QStringLiteral("s"));
    const QCommandLineOption timeoutOpt(QStringLiteral("timeout"),
                                        FleetCommandText::tr("Seconds a query may take "
                                                             "(default 15)."),
                                        QStringLiteral("s"), QStringLiteral("15"));
    const QCommandLineOption countOpt(QStringLiteral("count"),
                                      FleetCommandText::tr("Stop after this many frames (default: "
                                                           "until interrupted)."),
                                      QStringLiteral("n"));
    const QCommandLineOption waitOpt(QStringLiteral("wait"),
                                     FleetCommandText::tr("Seconds to wait for the store's first "
                                                          "answer (default 30)."),
                                     QStringLiteral("s"), QStringLiteral("30"));
    const QCommandLineOption jsonOpt(
        QStringLiteral("json"), FleetCommandText::tr("One JSON object per frame, one a line."));
    const QCommandLineOption rulesOpt(
        QStringLiteral("print-rules"),
        FleetCommandText::tr("Print the recording rules that precompute what the fleet reads "
                             "(for the store's rule_files, or vmalert), for a scrape interval of "
                             "--interval (default 15 s), and exit."));
    parser.addOptions({urlOpt, prefixOpt, authOpt, userOpt, caOpt, intervalOpt, timeoutOpt,
                       countOpt, waitOpt, jsonOpt, rulesOpt});
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    auto usage = [&io](const QString &message) {
        io.err << QStringLiteral("rocectl fleet: ") << message << QLatin1Char('\n');
        return int(ExitUsage);
    };
    bool ok = false;
    if (parser.isSet(rulesOpt)) {
        const int interval
            = parser.isSet(intervalOpt) ? parser.value(intervalOpt).toInt(&ok) : (ok = true, 15);
        if (!ok || interval < 1 || interval > 300)
            return usage(FleetCommandText::tr("--interval must be 1 to 300 whole seconds"));
        io.out << fleet::recordingRules(
            QString::number(std::max(4 * interval, 60)) + QLatin1Char('s'), interval);
        return ExitOk;
    }
    if (!parser.isSet(urlOpt))
        return usage(FleetCommandText::tr("--prometheus URL is required"));
    auto endpoint = prom::parsePromEndpoint(parser.value(urlOpt), parser.value(prefixOpt));
    if (!endpoint)
        return usage(endpoint.error().message);
    const auto auth = prom::parseAuth(parser.value(authOpt));
    if (!auth)
        return usage(auth.error().message);
    fleet::FleetOptions options;
    options.endpoint = endpoint.value();
    options.endpoint.auth = *auth;
    options.endpoint.user = parser.value(userOpt);
    options.endpoint.caFile = parser.value(caOpt);
    if (*auth == prom::PromEndpoint::Auth::Basic && options.endpoint.user.isEmpty())
        return usage(FleetCommandText::tr("--auth basic needs --user"));
    if (parser.isSet(intervalOpt)) {
        const double interval = parser.value(intervalOpt).toDouble(&ok);
        if (!ok || interval < 1 || interval > 300)
            return usage(FleetCommandText::tr("--interval must be 1 to 300 seconds"));
        options.intervalMs = int(interval * 1000);
    }
    const double timeout = parser.value(timeoutOpt).toDouble(&ok);
    if (!ok || timeout < 1 || timeout > 600)
        return usage(FleetCommandText::tr("--timeout must be 1 to 600 seconds"));
    options.endpoint.timeoutMs = int(timeout * 1000);
    int count = -1;
    if (parser.isSet(countOpt)) {
        count = parser.value(countOpt).toInt(&ok);
        if (!ok || count < 1)
            return usage(FleetCommandText::tr("--count must be a positive number"));
    }
    const double wait = parser.value(waitOpt).toDouble(&ok);
    if (!ok || wait <= 0)
        return usage(FleetCommandText::tr("--wait must be a number of seconds"));
    const bool json = parser.isSet(jsonOpt);

    // The secret: the environment, else the keychain.
    if (*auth != prom::PromEndpoint::Auth::None) {
        const QByteArray env = qgetenv("ROCE_PROMETHEUS_SECRET");
        if (!env.isEmpty()) {
            options.endpoint.secret = QString::fromUtf8(env);
        } else {
            inventory::SecretStore secrets;
            QEventLoop keychain;
            std::optional<Result<QString>> read;
            secrets.read(options.endpoint.secretKey(), [&](Result<QString> r) {
                read = std::move(r);
                keychain.quit();
            });
            if (!read)
                keychain.exec();
            if (!*read) {
                io.err << FleetCommandText::tr("rocectl fleet: no secret for %1 in "
                                               "ROCE_PROMETHEUS_SECRET or the keychain (%2)")
                              .arg(options.endpoint.displayName(), read->error().message)
                       << QLatin1Char('\n');
                return ExitFailure;
            }
            options.endpoint.secret = read->value();
        }
    }

    live::LiveFabric::Options hubOptions;
    hubOptions.staleAfterMs = 60000;
    live::LiveFabric hub(hubOptions);
    QEventLoop loop;
    int exitCode = ExitOk;
    int printed = 0;
    bool answered = false;
    auto print = [&] {
        hub.tick();  // what the fleet source posted, applied now
        const QJsonObject frame = hub.snapshotJson();
        if (json) {
            io.out << QJsonDocument(frame).toJson(QJsonDocument::Compact) << QLatin1Char('\n');
        } else {
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

}  // namespace roce::cli
