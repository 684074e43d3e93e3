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

constexpr QLatin1String kProgram("rocectl exporter");

}  // namespace

QString ExporterCommand::summary() const
{
    return ExporterText::tr(
        "Serve the switches' PFC, queuing and MMU counters as Prometheus /metrics");
}

namespace {

/// What `rocectl exporter` was asked for, as typed (the fabric's options are FabricOptions').
struct ExporterArgs {
    QString listen;
    std::optional<int> intervalMs;  ///< not given: each switch's own
    QString webConfig;
};

void declare(OptionTable &t, const FabricOptions &fabric, ExporterArgs &a)
{
    t.parser().setApplicationDescription(ExporterText::tr(
        "Polls every Nexus switch of the fabric over NX-API, as the console does (each switch "
        "on its own schedule, one session each), and serves GET /metrics in the Prometheus "
        "text format: the newest poll of every switch, rendered when scraped, so more "
        "scrapers do not mean more NX-API sessions. Runs until SIGINT or SIGTERM.\n\n"
        "Secrets for --inventory: ROCE_SWITCH_PASSWORD_<SWITCH> or ROCE_SWITCH_PASSWORD "
        "(names upper-cased, other characters as '_'), else the OS keychain."));
    fabric.addTo(t.parser());
    t.text(QStringLiteral("listen"), QStringLiteral("addr:port"),
           ExporterText::tr("Serve /metrics on this address and port (required; port 0: a free "
                            "one)."),
           &a.listen)
        .whole(QStringLiteral("interval-ms"), QStringLiteral("ms"),
               ExporterText::tr("Poll every switch this often, %1 to %2 ms (default: each "
                                "switch's poll_interval_ms from the inventory; 1000 for --sim).")
                   .arg(kMinIntervalMs)
                   .arg(kMaxIntervalMs),
               &a.intervalMs, {kMinIntervalMs, kMaxIntervalMs})
        .text(QStringLiteral("web-config"), QStringLiteral("file"),
              ExporterText::tr("TLS and basic auth for /metrics from a Prometheus web-config "
                               "file (as node_exporter reads it)."),
              &a.webConfig);
}

/// Prints @p message with the pointer to --help, as every usage error of this command.
int exporterUsage(CommandIo &io, const QString &message)
{
    io.err << kProgram << QStringLiteral(": ") << message << QLatin1Char('\n')
           << ExporterText::tr("Run '%1 --help' for its options.").arg(kProgram)
           << QLatin1Char('\n');
    io.err.flush();
    return ExitUsage;
}

/// Where and how /metrics is served.
struct MetricsEndpoint {
    QString listen;  ///< as typed, for messages
    QHostAddress address;
    quint16 port = 0;
    prometheus::WebConfig web;
};

/// The endpoint --listen and --web-config name, or why they do not.
Result<MetricsEndpoint> metricsEndpoint(const OptionTable &table, const ExporterArgs &a)
{
    if (!table.isSet(QStringLiteral("listen")))
        return makeError(ErrorCode::InvalidArgument,
                         ExporterText::tr("give --listen ADDR:PORT (e.g. 127.0.0.1:9472)"));
    const auto listen = parseListenAddress(a.listen);
    if (!listen)
        return listen.error();
    MetricsEndpoint endpoint;
    endpoint.listen = a.listen;
    endpoint.address = listen->first;
    endpoint.port = listen->second;
    if (table.isSet(QStringLiteral("web-config"))) {
        auto loaded = prometheus::loadWebConfig(a.webConfig);
        if (!loaded)
            return loaded.error();
        endpoint.web = std::move(loaded).value();
    }
    return endpoint;
}

QString metricsUrl(const QHostAddress &address, quint16 port, bool tls)
{
    const QString host = address.protocol() == QAbstractSocket::IPv6Protocol
        ? QLatin1Char('[') + address.toString() + QLatin1Char(']')
        : address.toString();
    return (tls ? QStringLiteral("https://") : QStringLiteral("http://")) + host + QLatin1Char(':')
        + QString::number(port) + QStringLiteral("/metrics");
}

/// Polls @p plan's switches (every @p intervalMs, if given) and serves them on @p endpoint;
/// why not, if it cannot.
std::optional<QString> startServing(live::FabricPlan plan, std::optional<int> intervalMs,
                                    const MetricsEndpoint &endpoint,
                                    exporter::SwitchExporter &exporter,
                                    prometheus::MetricsServer &server, CommandIo &io)
{
    if (plan.switches.isEmpty())
        return ExporterText::tr("the fabric has no switches to export");
    if (intervalMs) {
        for (monitor::SwitchTarget &s : plan.switches)
            s.intervalMs = *intervalMs;
    }
    exporter.start(plan.switches);
    const quint16 port = server.listen(endpoint.address, endpoint.port);
    if (!port)
        return ExporterText::tr("cannot serve /metrics on %1: %2")
            .arg(endpoint.listen, server.errorString());
    const prometheus::WebConfig &web = endpoint.web;
    if (!endpoint.address.isLoopback() && !web.tls && !web.basicAuth())
        io.err << kProgram << QStringLiteral(": ")
               << ExporterText::tr("/metrics is served on %1 without TLS or authentication "
                                   "(see --web-config)")
                      .arg(endpoint.listen)
               << QLatin1Char('\n');
    const QString url = metricsUrl(endpoint.address, port, web.tls);
    // Scripts and tests read the URL from this line.
    const qsizetype n = plan.switches.size();
    io.out << kProgram << QStringLiteral(": ")
           << (n == 1 ? ExporterText::tr("serving %1 (1 switch)").arg(url)
                      : ExporterText::tr("serving %1 (%2 switches)").arg(url).arg(n))
           << QLatin1Char('\n');
    io.out.flush();
    return std::nullopt;
}

/// Resolves the fabric, then polls its switches and serves /metrics until a stop signal or a
/// failure.
int exportMetrics(const FabricOptions &fabricOpts, const QCommandLineParser &parser,
                  const MetricsEndpoint &endpoint, std::optional<int> intervalMs, CommandIo &io)
{
    QEventLoop loop;
    int exitCode = ExitOk;
    auto fail = [&](const QString &message) {
        io.err << kProgram << QStringLiteral(": ") << message << QLatin1Char('\n');
        io.err.flush();
        exitCode = ExitFailure;
        loop.quit();
    };
    exporter::SwitchExporter exporter;
    QObject::connect(&exporter, &exporter::SwitchExporter::switchDown, &loop,
                     [&](const QString &name, const QString &message) {
                         io.err << kProgram << QStringLiteral(": ")
                                << ExporterText::tr("%1 does not answer: %2").arg(name, message)
                                << QLatin1Char('\n');
                         io.err.flush();
                     });
    QObject::connect(&exporter, &exporter::SwitchExporter::switchUp, &loop,
                     [&](const QString &name) {
                         io.err << kProgram << QStringLiteral(": ")
                                << ExporterText::tr("%1 answers").arg(name) << QLatin1Char('\n');
                         io.err.flush();
                     });
    prometheus::MetricsServer server(QByteArrayLiteral("rocectl exporter"),
                                     [&exporter] { return exporter.metrics(); });
    server.setWebConfig(endpoint.web);

    // Serving starts once the switches are known, so the first scrape already lists them all.
    HeadlessFabric fabric;
    QObject::connect(&fabric, &HeadlessFabric::failed, &loop, fail);
    QObject::connect(&fabric, &HeadlessFabric::planReady, &loop, [&](live::FabricPlan plan) {
        if (const auto error
            = startServing(std::move(plan), intervalMs, endpoint, exporter, server, io))
            fail(*error);
    });
    if (!fabric.resolve(fabricOpts, parser, io, kProgram, HeadlessFabric::Scope::Switches))
        return ExitFailure;
    StopSignals stop;
    QObject::connect(&stop, &StopSignals::stopRequested, &loop, &QEventLoop::quit);
    if (exitCode == ExitOk)
        loop.exec();
    exporter.stop();
    return exitCode;
}

}  // namespace

int ExporterCommand::run(const QStringList &args, CommandIo &io)
{
    const FabricOptions fabricOpts;
    ExporterArgs a;
    OptionTable table;
    declare(table, fabricOpts, a);
    if (const auto early = parseCommandLine(table.parser(), args, io))
        return *early;
    if (const auto error = table.take())
        return exporterUsage(io, *error);
    if (const QString problem = fabricOpts.check(table.parser()); !problem.isEmpty())
        return exporterUsage(io, problem);
    const auto endpoint = metricsEndpoint(table, a);
    if (!endpoint)
        return exporterUsage(io, endpoint.error().message);
    return exportMetrics(fabricOpts, table.parser(), *endpoint, a.intervalMs, io);
}

}  // namespace roce::cli
