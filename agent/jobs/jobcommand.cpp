#include "jobs/jobcommand.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QJsonObject>

namespace roce::agent {

using agentproto::JobSpec;

JobCommand buildJobCommand(const JobSpec &s, const QString &trainingScript, const QString &python)
{
    JobCommand c;
    c.environment = QProcessEnvironment::systemEnvironment();
    c.environment.insert(QStringLiteral("LC_ALL"), QStringLiteral("C"));  // parsers expect C output
    const int margin = 60 * 1000;
    if (s.isPerftest()) {
        c.program = s.tool;
        if (!s.device.isEmpty())
            c.arguments << QStringLiteral("-d") << s.device;
        c.arguments << QStringLiteral("-i") << QString::number(s.ibPort);
        if (s.gidIndex)
            c.arguments << QStringLiteral("-x") << QString::number(*s.gidIndex);
        if (!s.isLatency())
            c.arguments << QStringLiteral("-q") << QString::number(s.qps);
        if (s.allSizes)
            c.arguments << QStringLiteral("-a");
        else if (s.size)
            c.arguments << QStringLiteral("-s") << QString::number(*s.size);
        if (s.durationS)
            c.arguments << QStringLiteral("-D") << QString::number(s.durationS);
        else if (s.iterations)
            c.arguments << QStringLiteral("-n") << QString::number(*s.iterations);
        if (s.reportGbits && !s.isLatency())
            c.arguments << QStringLiteral("--report_gbits");
        if (s.trafficClass)
            c.arguments << QStringLiteral("--tclass=%1").arg(*s.trafficClass);
        const int port = s.port ? s.port : 18515;  // perftest's out-of-band TCP port
        c.arguments << QStringLiteral("-p") << QString::number(port);
        // -F: do not fail when the CPU frequency governor is not at max (VMs, laptops).
        c.arguments << QStringLiteral("-F");
        if (s.role == QLatin1String("client"))
            c.arguments << s.server;
        else
            c.readyPort = port;
        c.timeoutMs = (s.durationS ? s.durationS * 1000 : 120 * 1000) + margin;
    } else if (s.tool == QLatin1String("iperf3")) {
        c.program = QStringLiteral("iperf3");
        const int port = s.port ? s.port : 5201;
        if (s.role == QLatin1String("server")) {
            // -1: serve one test, then exit; -J: the JSON report.
            c.arguments << QStringLiteral("-s") << QStringLiteral("-1") << QStringLiteral("-J");
            if (!s.server.isEmpty())
                c.arguments << QStringLiteral("-B") << s.server;
            c.readyPort = port;
        } else {
            c.arguments << QStringLiteral("-c") << s.server << QStringLiteral("-J")
                        << QStringLiteral("-P") << QString::number(s.streams);
            if (s.durationS)
                c.arguments << QStringLiteral("-t") << QString::number(s.durationS);
        }
        c.arguments << QStringLiteral("-p") << QString::number(port);
        c.timeoutMs = (s.durationS ? s.durationS : 10) * 1000 + margin;
    } else if (s.tool == QLatin1String("sockperf")) {
        c.program = QStringLiteral("sockperf");
        const int port = s.port ? s.port : 11111;
        if (s.role == QLatin1String("server")) {
            c.arguments << QStringLiteral("server");
            if (s.tcp)
                c.arguments << QStringLiteral("--tcp");
            c.arguments << QStringLiteral("-i")
                        << (s.server.isEmpty() ? QStringLiteral("0.0.0.0") : s.server);
            c.readyPort = s.tcp ? port : 0;
        } else {
            c.arguments << QStringLiteral("ping-pong");
            if (s.tcp)
                c.arguments << QStringLiteral("--tcp");
            c.arguments << QStringLiteral("-i") << s.server;
            c.arguments << QStringLiteral("-t") << QString::number(s.durationS ? s.durationS : 5);
            if (s.messageSize)
                c.arguments << QStringLiteral("-m") << QString::number(*s.messageSize);
        }
        c.arguments << QStringLiteral("-p") << QString::number(port);
        // A sockperf server runs until stopped; the console cancels it after the client.
        c.timeoutMs = s.role == QLatin1String("server")
            ? 24 * 3600 * 1000
            : (s.durationS ? s.durationS : 5) * 1000 + margin;
    } else if (s.isPingmesh()) {
        c.program = QCoreApplication::applicationFilePath();
        c.arguments << QStringLiteral("--pingmesh") << QStringLiteral("-");
        QJsonObject spec {{QStringLiteral("name"), s.endpointName},
                          {QStringLiteral("device"), s.device},
                          {QStringLiteral("port"), s.ibPort},
                          {QStringLiteral("rendezvous"), QStringLiteral("stdio")},
                          {QStringLiteral("seconds"), s.durationS},
                          {QStringLiteral("rate_per_s"), s.probeRate},
                          {QStringLiteral("timeout_ms"), s.probeTimeoutMs},
                          {QStringLiteral("source_ports"), s.sourcePorts},
                          // Peers that start later are answered a little longer.
                          {QStringLiteral("linger_ms"), 3000},
                          {QStringLiteral("wait_ms"), 60000}};
        if (s.gidIndex)
            spec.insert(QStringLiteral("gid_index"), *s.gidIndex);
        c.stdinData = QJsonDocument(spec).toJson(QJsonDocument::Compact) + '\n';
        // The peers may take a minute to come, then the probing, then the lingering.
        c.timeoutMs = 60 * 1000 + s.durationS * 1000 + 3000 + margin;
    } else {
        c.program = python;
        c.arguments << trainingScript << QStringLiteral("--model-mb") << QString::number(s.modelMb)
                    << QStringLiteral("--iterations") << QString::number(s.trainIterations)
                    << QStringLiteral("--backend") << s.backend;
        // The standard torch.distributed environment (one process per rank, no torchrun).
        c.environment.insert(QStringLiteral("RANK"), QString::number(s.rank));
        c.environment.insert(QStringLiteral("WORLD_SIZE"), QString::number(s.worldSize));
        c.environment.insert(QStringLiteral("LOCAL_RANK"), QStringLiteral("0"));
        c.environment.insert(QStringLiteral("MASTER_ADDR"), s.masterAddr);
        c.environment.insert(QStringLiteral("MASTER_PORT"), QString::number(s.masterPort));
        c.environment.insert(QStringLiteral("PYTHONUNBUFFERED"), QStringLiteral("1"));
        c.environment.insert(QStringLiteral("OMP_NUM_THREADS"), QStringLiteral("1"));
        if (!s.ifname.isEmpty()) {
            c.environment.insert(QStringLiteral("GLOO_SOCKET_IFNAME"), s.ifname);
            c.environment.insert(QStringLiteral("NCCL_SOCKET_IFNAME"), s.ifname);
        }
        c.timeoutMs = 600 * 1000;
    }
    if (s.timeoutS)
        c.timeoutMs = s.timeoutS * 1000;
    return c;
}

}  // namespace roce::agent
