// roce-agent: the RDMA host agent. No GUI module is linked (checked by CMake).
#include "agentdaemon.h"
#include "agentoptions.h"
#include "pingmesh/pingmeshspec.h"
#include "prometheus.h"
#include "proto/agentproto/endpointlines.h"
#include "proto/common/versions.h"
#include "sampler.h"
#include "translations.h"
#include "verbsdevices.h"

#include <QFile>
#include <QJsonDocument>

#include <QCoreApplication>
#include <QLoggingCategory>
#include <QTextStream>

#include <cstdio>
#include <malloc.h>

namespace {
class AgentMainText
{
    Q_DECLARE_TR_FUNCTIONS(AgentMainText)
};
}  // namespace

int main(int argc, char **argv)
{
    // A long-running daemon: at most two malloc arenas (MALLOC_ARENA_MAX=2), whatever threads
    // Qt starts, so that idle arenas do not hold memory.
    mallopt(M_ARENA_MAX, 2);
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("RoceFabricConsole"));
    QCoreApplication::setApplicationName(QStringLiteral("roce-agent"));
    QCoreApplication::setApplicationVersion(roce::applicationVersion());
    roce::installTranslations(app);

    const auto parsed = roce::agent::parseAgentOptions(QCoreApplication::arguments());
    if (!parsed.options)
        return parsed.exitCode;

    QTextStream out(stdout);
    QTextStream err(stderr);
    if (parsed.options->listDevices) {
        const auto devices = roce::agent::listVerbsDevices();
        if (!devices) {
            err << QLatin1String("roce-agent: ") << devices.error().message << QLatin1Char('\n');
            return 1;
        }
        if (devices->isEmpty()) {
            out << AgentMainText::tr("No RDMA devices found by libibverbs.") << QLatin1Char('\n');
            return 0;
        }
        for (const auto &d : *devices) {
            out << d.name << QLatin1String("  ") << d.nodeGuid << QLatin1String("  ")
                << AgentMainText::tr("%n port(s)", nullptr, d.portCount) << QLatin1Char('\n');
        }
        return 0;
    }
    if (!parsed.options->pingmeshSpec.isEmpty()) {
        // "-": the spec is the first line of standard input (the agent's pingmesh job, whose
        // next line on standard input is its peers).
        QByteArray specText;
        if (parsed.options->pingmeshSpec == QLatin1String("-")) {
            specText = roce::agent::readPingmeshSpecLine();
        } else {
            QFile file(parsed.options->pingmeshSpec);
            if (!file.open(QIODevice::ReadOnly)) {
                err << QLatin1String("roce-agent: ")
                    << AgentMainText::tr("cannot read %1: %2")
                           .arg(file.fileName(), file.errorString())
                    << QLatin1Char('\n');
                return 2;
            }
            specText = file.readAll();
        }
        const auto spec = roce::agent::parsePingmeshSpec(specText);
        if (!spec) {
            err << QLatin1String("roce-agent: ") << spec.error().message << QLatin1Char('\n');
            return 2;
        }
        const auto result = roce::agent::runPingmeshSpec(*spec);
        if (!result) {
            err << QLatin1String("roce-agent: ") << result.error().message << QLatin1Char('\n');
            return 1;
        }
        out << (spec->stdio()
                    ? roce::pingmesh::resultLine(*result)
                    : QString::fromUtf8(QJsonDocument(*result).toJson(QJsonDocument::Compact)))
            << QLatin1Char('\n');
        return 0;
    }
    if (parsed.options->once) {
        roce::agent::SamplerOptions so;
        so.sysfsRoot = parsed.options->sysfsRoot;
        so.ethtoolFixtureDir = parsed.options->ethtoolFixtureDir;
        so.extraNetdevs = parsed.options->netdevs;
        so.counters = roce::agent::parseCounterSource(parsed.options->counters)
                          .value_or(roce::agent::CounterSource::Auto);
        so.hostname = parsed.options->hostname;
        roce::agent::Sampler sampler(so);
        const roce::agentproto::AgentSample sample = sampler.sample();
        if (parsed.options->json) {
            out << QString::fromUtf8(QJsonDocument(roce::agentproto::sampleToJson(sample))
                                         .toJson(QJsonDocument::Indented));
        } else {
            out.flush();
            const QByteArray text = roce::agent::toPrometheus(sample);
            fwrite(text.constData(), 1, std::size_t(text.size()), stdout);
        }
        return 0;
    }
    // Daemon mode: serve until stopped.
    if (parsed.options->plaintext && parsed.options->clientCa.isEmpty()
        && parsed.options->webConfig.isEmpty()) {
        // Without TLS and without certificates to parse (a web-config may hold /metrics'
        // own TLS and client CA, which do need it), no TLS backend is needed: Qt loads
        // every TLS plugin as soon as a certificate object exists (even an empty one), and the
        // OpenSSL one maps libssl and libcrypto, 4 MB of the daemon's memory. The daemon
        // loads no other plugin. Qt then warns that it has no TLS backend, which here is the
        // point.
        QCoreApplication::setLibraryPaths({});
        QLoggingCategory::setFilterRules(QStringLiteral("qt.network.ssl.warning=false"));
    }
    roce::agent::AgentDaemon daemon(*parsed.options);
    if (const auto started = daemon.start(); !started) {
        err << QLatin1String("roce-agent: ") << started.error().message << QLatin1Char('\n');
        return started.error().code == roce::ErrorCode::InvalidArgument ? 2 : 1;
    }
    out << AgentMainText::tr("roce-agent listening on port %1, metrics on port %2")
               .arg(daemon.port())
               .arg(daemon.metricsPort())
        << QLatin1Char('\n');
    out.flush();
    return app.exec();
}
