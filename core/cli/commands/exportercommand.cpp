#include "cli/commands/exportercommand.h"

#include "cli/access/headlessfabric.h"
#include "cli/framework/parse.h"
#include "cli/framework/stopsignals.h"
#include "collect/exporter/switchexporter.h"
#include "prometheus/server/metricsserver.h"
#include "prometheus/server/webconfig.h"
#include "proto/common/listenaddress.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QEventLoop>

namespace roce::cli {

namespace {

class ExporterText
{
    Q_DECLARE_TR_FUNCTIONS(ExporterText)
};

// The NX-API client polls at most once a second; the inventory's ceiling is a minute.
constexpr int kMinIntervalMs = 1000;
constexpr int kMaxIntervalMs = 60000;

}  // namespace

QString ExporterCommand::summary() const
{
    return ExporterText::tr(
        "serve the switches' PFC, queuing and MMU counters as Prometheus /metrics");
}

// NOLINTNEXTLINE(readability-function-size): predates the limit
int ExporterCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(ExporterText::tr(
        "Polls every Nexus switch of the fabric over NX-API, as the console does (each switch "
        "on its own schedule, one session each), and serves GET /metrics in the Prometheus "
        "text format: the newest poll of every switch, rendered when scraped, so more "
        "scrapers do not mean more NX-API sessions. Runs until SIGINT or SIGTERM.\n\n"
        "Secrets for --inventory: ROCE_SWITCH_PASSWORD_<SWITCH> or ROCE_SWITCH_PASSWORD "
        "(names upper-cased, other characters as '_'), else the OS keychain."));
    const FabricOptions fabricOpts;
    const QCommandLineOption listenOpt(
        QStringLiteral("listen"),
        ExporterText::tr("Serve /metrics on this address and port (required; port 0: a free "
                         "one)."),
        QStringLiteral("addr:port"));
    const QCommandLineOption intervalOpt(
        QStringLiteral("interval-ms"),
        ExporterText::tr("Poll every switch this often, %1 to %2 ms (default: each switch's "
                         "poll_interval_ms from the inventory; 1000 for --sim).")
            .arg(kMinIntervalMs)
            .arg(kMaxIntervalMs),
        QStringLiteral("ms"));
    const QCommandLineOption webConfigOpt(
        QStringLiteral("web-config"),
        ExporterText::tr("TLS and basic auth for /metrics from a Prometheus web-config file "
                         "(as node_exporter reads it)."),
        QStringLiteral("file"));
    fabricOpts.addTo(parser);
    parser.addOptions({listenOpt, intervalOpt, webConfigOpt});
    if (const auto early = parseCommandLine(parser, args, io))
        return *early;
    const QString program = QStringLiteral("rocectl exporter");
    auto usage = [&io, &program](const QString &message) {
        io.err << program << QStringLiteral(": ") << message << QLatin1Char('\n')
               << ExporterText::tr("Run '%1 --help' for its options.").arg(program)
               << QLatin1Char('\n');
        io.err.flush();
        return int(ExitUsage);
    };
    if (const QString problem = fabricOpts.check(parser); !problem.isEmpty())
        return usage(problem);
    if (!parser.isSet(listenOpt))
        return usage(ExporterText::tr("give --listen ADDR:PORT (e.g. 127.0.0.1:9472)"));
    const auto listen = parseListenAddress(parser.value(listenOpt));
    if (!listen)
        return usage(listen.error().message);
    std::optional<int> intervalMs;
    if (parser.isSet(intervalOpt)) {
        bool ok = false;
        intervalMs = parser.value(intervalOpt).toInt(&ok);
        if (!ok || *intervalMs < kMinIntervalMs || *intervalMs > kMaxIntervalMs)
            return usage(ExporterText::tr("--interval-ms must be a whole number from %1 to %2")
                             .arg(kMinIntervalMs)
                             .arg(kMaxIntervalMs));
    }
    prometheus::WebConfig web;
    if (parser.isSet(webConfigOpt)) {
        auto loaded = prometheus::loadWebConfig(parser.value(webConfigOpt));
        if (!loaded)
            return usage(loaded.error().message);
        web = std::move(loaded).value();
    }

    QEventLoop loop;
    int exitCode = ExitOk;
    auto fail = [&](const QString &message) {
        io.err << program << QStringLiteral(": ") << message << QLatin1Char('\n');
        io.err.flush();
        exitCode = ExitFailure;
        loop.quit();
    };
    exporter::SwitchExporter exporter;
    QObject::connect(&exporter, &exporter::SwitchExporter::switchDown, &loop,
                     [&](const QString &name, const QString &message) {
                         io.err << program << QStringLiteral(": ")
                                << ExporterText::tr("%1 does not answer: %2").arg(name, message)
                                << QLatin1Char('\n');
                         io.err.flush();
                     });
    QObject::connect(&exporter, &exporter::SwitchExporter::switchUp, &loop,
                     [&](const QString &name) {
                         io.err << program << QStringLiteral(": ")
                                << ExporterText::tr("%1 answers").arg(name) << QLatin1Char('\n');
                         io.err.flush();
                     });
    prometheus::MetricsServer server(QByteArrayLiteral("rocectl exporter"),
                                     [&exporter] { return exporter.metrics(); });
    server.setWebConfig(web);

    // Serving starts once the switches are known, so the first scrape already lists them all.
    HeadlessFabric fabric;
    QObject::connect(&fabric, &HeadlessFabric::failed, &loop, fail);
    QObject::connect(&fabric, &HeadlessFabric::planReady, &loop, [&](live::FabricPlan plan) {
        if (plan.switches.isEmpty()) {
            fail(ExporterText::tr("the fabric has no switches to export"));
            return;
        }
        if (intervalMs) {
            for (monitor::SwitchTarget &s : plan.switches)
                s.intervalMs = *intervalMs;
        }
        exporter.start(plan.switches);
        const quint16 port = server.listen(listen->first, listen->second);
        if (!port) {
            fail(ExporterText::tr("cannot serve /metrics on %1: %2")
                     .arg(parser.value(listenOpt), server.errorString()));
            return;
        }
        if (!listen->first.isLoopback() && !web.tls && !web.basicAuth())
            io.err << program << QStringLiteral(": ")
                   << ExporterText::tr("/metrics is served on %1 without TLS or authentication "
                                       "(see --web-config)")
                          .arg(parser.value(listenOpt))
                   << QLatin1Char('\n');
        const QString host = listen->first.protocol() == QAbstractSocket::IPv6Protocol
            ? QLatin1Char('[') + listen->first.toString() + QLatin1Char(']')
            : listen->first.toString();
        const QString url = (web.tls ? QStringLiteral("https://") : QStringLiteral("http://"))
            + host + QLatin1Char(':') + QString::number(port) + QStringLiteral("/metrics");
        // Scripts and tests read the URL from this line.
        const qsizetype n = plan.switches.size();
        io.out << program << QStringLiteral(": ")
               << (n == 1 ? ExporterText::tr("serving %1 (1 switch)").arg(url)
                          : ExporterText::tr("serving %1 (%2 switches)").arg(url).arg(n))
               << QLatin1Char('\n');
        io.out.flush();
    });
    if (!fabric.resolve(fabricOpts, parser, io, program, HeadlessFabric::Scope::Switches))
        return ExitFailure;
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, &QEventLoop::quit);
    if (exitCode == ExitOk)
        loop.exec();
    exporter.stop();
    return exitCode;
}

}  // namespace roce::cli
