#include "cli/commands/simserveleafspine.h"

#include "cli/framework/output.h"
#include "cli/framework/stopsignals.h"
#include "sim/engine/topology.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/servedfabric.h"
#include "sim/served/servedinventory.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QJsonArray>
#include <QJsonDocument>
#include <QTimer>

#include <utility>

namespace roce::cli {

namespace {

class SimServeText
{
    Q_DECLARE_TR_FUNCTIONS(SimServeText)
};

constexpr auto kPasswordVariable = "ROCE_SWITCH_PASSWORD";
constexpr auto kTokenVariable = "ROCE_AGENT_TOKEN";

QString agentAddress(const sim::ServedHost &host)
{
    return host.address + QLatin1Char(':') + QString::number(host.agentPort);
}

QJsonObject endpointsToJson(const sim::ServedFabricEndpoints &e, const QString &scenario,
                            const QString &inventory)
{
    QJsonArray switches;
    for (const auto &sw : e.switches) {
        switches.append(QJsonObject {{QStringLiteral("name"), sw.name},
                                     {QStringLiteral("role"), sw.role},
                                     {QStringLiteral("url"), sw.url.toString()},
                                     {QStringLiteral("pin_sha256"), sw.pinSha256}});
    }
    QJsonArray hosts;
    for (const auto &h : e.hosts) {
        hosts.append(QJsonObject {
            {QStringLiteral("name"), h.name},
            {QStringLiteral("agent"), agentAddress(h)},
            {QStringLiteral("pin_sha256"), h.pinSha256},
            {QStringLiteral("switch_port"), h.switchPort},
            {QStringLiteral("rdma_devices"), QJsonArray::fromStringList(h.rdmaDevices)}});
    }
    QJsonObject json {{QStringLiteral("topology"), e.topology},
                      {QStringLiteral("scenario"), scenario},
                      {QStringLiteral("switches"), switches},
                      {QStringLiteral("hosts"), hosts},
                      {QStringLiteral("user"), e.user},
                      {QStringLiteral("env"),
                       QJsonObject {{QLatin1String(kPasswordVariable), e.password},
                                    {QLatin1String(kTokenVariable), e.agentToken}}}};
    if (!inventory.isEmpty())
        json.insert(QStringLiteral("inventory"), inventory);
    // The simulator's ground truth: what the scenario injected where (for scoring a
    // diagnosis; nothing the console reads).
    json.insert(QStringLiteral("injected"),
                sim::injectionToJson(e.injection).value(QStringLiteral("injected")));
    return json;
}

void printTables(const sim::ServedFabricEndpoints &e, const QString &scenario, QTextStream &out)
{
    out << SimServeText::tr("Leaf/spine fabric '%1' running: %2 switches, %3 servers, scenario %4.")
               .arg(e.topology)
               .arg(e.switches.size())
               .arg(e.hosts.size())
               .arg(scenario)
        << QLatin1String("\n\n");
    TextTable switches({SimServeText::tr("SWITCH"), SimServeText::tr("ROLE"),
                        SimServeText::tr("NX-API"), SimServeText::tr("CERTIFICATE SHA-256")});
    for (const auto &sw : e.switches)
        switches.addRow({sw.name, sw.role, sw.url.toString(), sw.pinSha256});
    out << switches.render() << QLatin1Char('\n');
    TextTable hosts({SimServeText::tr("HOST"), SimServeText::tr("AGENT"),
                     SimServeText::tr("SWITCH PORT"), SimServeText::tr("RDMA DEVICES"),
                     SimServeText::tr("CERTIFICATE SHA-256")});
    hosts.setAlignment(1, TextTable::Align::Left);
    for (const auto &h : e.hosts) {
        hosts.addRow({h.name, agentAddress(h), h.switchPort, h.rdmaDevices.join(QLatin1Char(',')),
                      h.pinSha256});
    }
    out << hosts.render() << QLatin1Char('\n');
    for (const sim::InjectedFault &f : e.injection.faults) {
        out << (f.drawn ? SimServeText::tr("Injected %1 at %2 (drawn from the seed).")
                        : SimServeText::tr("Injected %1 at %2."))
                   .arg(f.fault, f.target)
            << QLatin1Char('\n');
    }
    out << SimServeText::tr("NX-API user: %1. Secrets for headless clients:").arg(e.user)
        << QLatin1Char('\n');
}

}  // namespace

int serveLeafSpine(const SimArgs &a, CommandIo &io)
{
    // The single-switch endpoint options have no meaning here: every switch has its own
    // HTTPS port, chosen by the OS, and the model runs in real time as far as it keeps up.
    const std::pair<const char *, bool> singleSwitchOptions[]
        = {{"http-port", a.httpPort.has_value()},
           {"https-port", a.httpsPort.has_value()},
           {"no-http", a.noHttp},
           {"no-https", a.noHttps},
           {"speed", a.speed.has_value()}};
    for (const auto &[option, given] : singleSwitchOptions) {
        if (given) {
            io.err << SimServeText::tr("rocectl sim: --%1 does not apply to a leaf/spine "
                                       "topology (every switch gets its own HTTPS port)")
                          .arg(QLatin1String(option))
                   << QLatin1Char('\n');
            return ExitUsage;
        }
    }
    sim::ServedFabricOptions options;
    options.topology = a.topology;
    options.scenario = a.scenario;
    options.user = a.user;
    // A password given on the command line is kept; otherwise (empty) each run makes its own.
    options.password = a.password;
    options.seed = a.seed;
    const double duration = a.seconds.value_or(0);
    const QString &inventoryPath = a.inventoryPath;
    if (const auto shape = sim::parseRailTopology(options.topology); !shape) {
        io.err << QLatin1String("rocectl sim: ") << shape.error().message << QLatin1Char('\n');
        return ExitUsage;
    }
    if (!options.scenario.isEmpty() && !sim::leafSpineScenarioNames().contains(options.scenario)) {
        io.err << SimServeText::tr("rocectl sim: scenario '%1' does not run on a leaf/spine "
                                   "fabric (choose from: %2)")
                      .arg(options.scenario,
                           sim::leafSpineScenarioNames().join(QStringLiteral(", ")))
               << QLatin1Char('\n');
        return ExitUsage;
    }

    // Installed before the fabric starts: a stop during start-up still shuts it down cleanly.
    StopSignals stopSignals;
    bool stopRequested = false;
    sim::ServedFabric fabric(options);
    QEventLoop loop;
    QObject::connect(&stopSignals, &StopSignals::stopRequested, &loop, [&] {
        stopRequested = true;
        loop.quit();
    });
    QString failure;
    QObject::connect(&fabric, &sim::ServedFabric::started, &loop, &QEventLoop::quit);
    QObject::connect(&fabric, &sim::ServedFabric::failed, &loop, [&](const QString &message) {
        failure = message;
        loop.quit();
    });
    fabric.start();
    loop.exec();
    if (!failure.isEmpty()) {
        io.err << QLatin1String("rocectl sim: ") << failure << QLatin1Char('\n');
        return ExitFailure;
    }
    if (stopRequested)
        return ExitOk;
    const sim::ServedFabricEndpoints &endpoints = fabric.endpoints();
    if (!inventoryPath.isEmpty()) {
        const auto written
            = sim::writeInventoryFile(inventoryPath, sim::servedInventory(endpoints));
        if (!written) {
            io.err << QLatin1String("rocectl sim: ") << written.error().message
                   << QLatin1Char('\n');
            return ExitFailure;
        }
    }
    const QString scenario = options.scenario.isEmpty() ? QStringLiteral("idle") : options.scenario;
    if (a.json) {
        // One line that scripts read before the fabric runs on.
        io.out << QString::fromUtf8(
            QJsonDocument(endpointsToJson(endpoints, scenario, inventoryPath))
                .toJson(QJsonDocument::Compact))
               << QLatin1Char('\n');
    } else {
        printTables(endpoints, scenario, io.out);
        io.out << QStringLiteral("export %1=%2\n")
                      .arg(QLatin1String(kPasswordVariable), endpoints.password)
               << QStringLiteral("export %1=%2\n")
                      .arg(QLatin1String(kTokenVariable), endpoints.agentToken);
        if (!inventoryPath.isEmpty())
            io.out << SimServeText::tr("Inventory (format version 2, no secrets) written to %1.")
                          .arg(inventoryPath)
                   << QLatin1Char('\n');
        io.out << (duration > 0 ? SimServeText::tr("Stopping after %1 s.").arg(duration)
                                : SimServeText::tr("Press Ctrl+C to stop."))
               << QLatin1Char('\n');
    }
    io.out.flush();

    if (duration > 0)
        QTimer::singleShot(qint64(duration * 1000), &loop, &QEventLoop::quit);
    loop.exec();
    fabric.stop();
    return ExitOk;
}

}  // namespace roce::cli
