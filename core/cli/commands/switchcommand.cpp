#include "cli/commands/switchcommand.h"

#include "cli/access/switchconnection.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "nxapi/qos/qosaudit.h"
#include "nxapi/rates/switchrates.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QEventLoop>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace roce::cli {

namespace {

class SwitchCommandText
{
    Q_DECLARE_TR_FUNCTIONS(SwitchCommandText)
};

QString cell(const std::optional<double> &v, double scale = 1, int decimals = 0)
{
    return v ? QString::number(*v / scale, 'f', decimals) : QStringLiteral("-");
}

void printRates(const nxapi::SwitchSnapshot &s, const QList<nxapi::PortRates> &rates, bool all,
                QTextStream &out)
{
    const QString host = s.version ? s.version->hostName : QString();
    const QString release = s.version ? s.version->nxosVersion : QString();
    out << QDateTime::fromMSecsSinceEpoch(s.takenMs).toString(Qt::ISODate) << QLatin1String("  ")
        << host << (release.isEmpty() ? QString() : QStringLiteral(" (NX-OS %1)").arg(release))
        << QLatin1String("  ")
        << SwitchCommandText::tr("interval %1 s")
               .arg(rates.isEmpty() ? 0.0 : rates.first().intervalSeconds, 0, 'f', 2)
        << QLatin1Char('\n');
    TextTable table({SwitchCommandText::tr("Port"), SwitchCommandText::tr("In Gb/s"),
                     SwitchCommandText::tr("Out Gb/s"), SwitchCommandText::tr("In %"),
                     SwitchCommandText::tr("Out %"), SwitchCommandText::tr("MMU drop/s"),
                     SwitchCommandText::tr("Drop/s"), SwitchCommandText::tr("RxPPP/s"),
                     SwitchCommandText::tr("TxPPP/s"), SwitchCommandText::tr("ECN/s"),
                     SwitchCommandText::tr("Note")});
    for (const nxapi::PortRates &r : rates) {
        const nxapi::PortStatus *p = s.findPort(r.name);
        if (!all && p && p->state != QLatin1String("up"))
            continue;
        table.addRow(
            {r.name, cell(r.value(model::Metric::InBits), 1e9, 2),
             cell(r.value(model::Metric::OutBits), 1e9, 2),
             cell(r.value(model::Metric::InUtil), 1, 1),
             cell(r.value(model::Metric::OutUtil), 1, 1), cell(r.value(model::Metric::MmuDrops)),
             cell(r.value(model::Metric::EgressDrops)), cell(r.value(model::Metric::RxPause)),
             cell(r.value(model::Metric::TxPause)), cell(r.value(model::Metric::Ecn)),
             r.resets.isEmpty()
                 ? QString()
                 : SwitchCommandText::tr("reset: %1").arg(r.resets.join(QLatin1Char(',')))});
    }
    out << table.render();
    for (const nxapi::CommandIssue &i : s.issues) {
        out << SwitchCommandText::tr("! %1: %2 (code %3)").arg(i.command, i.message).arg(i.code)
            << QLatin1Char('\n');
    }
    out << QLatin1Char('\n');
}

Result<QList<nxapi::InventoryHost>> readInventory(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return makeError(ErrorCode::Io,
                         SwitchCommandText::tr("cannot read %1: %2").arg(path, f.errorString()));
    }
    QJsonParseError error {};
    const QJsonDocument doc = QJsonDocument::fromJson(f.readAll(), &error);
    if (!doc.isArray()) {
        return makeError(ErrorCode::Parse,
                         SwitchCommandText::tr("%1: expected a JSON array of servers (%2)")
                             .arg(path, error.errorString()));
    }
    QList<nxapi::InventoryHost> hosts;
    const QJsonArray list = doc.array();
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        nxapi::InventoryHost h;
        h.name = o.value(QLatin1String("name")).toString();
        if (h.name.isEmpty()) {
            return makeError(ErrorCode::Parse,
                             SwitchCommandText::tr("%1: entry %2 has no \"name\"")
                                 .arg(path)
                                 .arg(hosts.size() + 1));
        }
        for (const QJsonValue &m : o.value(QLatin1String("macs")).toArray())
            h.macs.append(m.toString());
        for (const QJsonValue &i : o.value(QLatin1String("interfaces")).toArray())
            h.interfaces.append(i.toString());
        h.switchPort = o.value(QLatin1String("switch_port")).toString();
        hosts.append(h);
    }
    return hosts;
}

int printTopology(const SwitchConnection &connection, nxapi::NxapiClient &client,
                  const QString &inventoryPath, bool json, CommandIo &io)
{
    QList<nxapi::InventoryHost> inventory = connection.simulatedInventory();
    if (!inventoryPath.isEmpty()) {
        const auto read = readInventory(inventoryPath);
        if (!read) {
            io.err << QStringLiteral("rocectl switch: ") << read.error().message
                   << QLatin1Char('\n');
            return ExitFailure;
        }
        inventory = *read;
    }
    client.setCommands(
        {QStringLiteral("show version"), QStringLiteral("show lldp neighbors detail")});
    const auto polled = connection.pollOnce(client);
    if (!polled) {
        io.err << QStringLiteral("rocectl switch: ") << polled.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    const QString switchName = polled->version ? polled->version->hostName : QString();
    const QList<nxapi::TopologyLink> links
        = nxapi::discoverTopology(switchName, *polled, {}, inventory);
    if (json) {
        QJsonArray list;
        for (const nxapi::TopologyLink &l : links)
            list.append(nxapi::topologyLinkToJson(l));
        writeJson(io.out,
                  QJsonDocument(QJsonObject {{QStringLiteral("switch"), switchName},
                                             {QStringLiteral("links"), list}}));
        return ExitOk;
    }
    TextTable table({SwitchCommandText::tr("Switch port"), SwitchCommandText::tr("Server"),
                     SwitchCommandText::tr("Interface"), SwitchCommandText::tr("Found by")});
    for (const nxapi::TopologyLink &l : links)
        table.addRow({l.switchPort, l.host, l.hostInterface, l.evidence});
    io.out << table.render();
    QStringList unplaced;
    for (const nxapi::InventoryHost &h : std::as_const(inventory)) {
        bool placed = false;
        for (const nxapi::TopologyLink &l : links)
            placed = placed || l.host == h.name;
        if (!placed)
            unplaced.append(h.name);
    }
    if (!unplaced.isEmpty()) {
        io.out << SwitchCommandText::tr("Not placed (behind a hypervisor, or no LLDP): %1. Type "
                                        "their switch_port in the inventory.")
                      .arg(unplaced.join(QLatin1String(", ")))
               << QLatin1Char('\n');
    }
    if (links.isEmpty()) {
        io.out << SwitchCommandText::tr("No server found: give the servers with --inventory "
                                        "(MACs, interface names, or a typed switch_port).")
               << QLatin1Char('\n');
    }
    return ExitOk;
}

}  // namespace

QString SwitchCommand::name() const
{
    return QStringLiteral("switch");
}

QString SwitchCommand::summary() const
{
    return SwitchCommandText::tr("Poll a Nexus over NX-API and print per-port rates");
}

namespace {

/// What `rocectl switch` was asked for, as typed (the connection's options aside).
struct SwitchArgs {
    double intervalS = 1;
    int count = 1;  ///< 0: until interrupted
    bool all = false;
    bool json = false;
    bool topology = false;
    QString inventory;
};

void declare(OptionTable &t, SwitchArgs &a, const SwitchConnection &connection,
             const QString &summary)
{
    t.parser().setApplicationDescription(
        summary + QLatin1Char('\n')
        + SwitchCommandText::tr("Rates need two polls: the first is the baseline."));
    connection.addOptions(t.parser());
    t.number(QStringLiteral("interval"), QStringLiteral("seconds"),
             SwitchCommandText::tr("Seconds between polls (>= 1, "
                                   "default 1)."),
             &a.intervalS, {1, SwitchCommandText::tr("seconds")})
        .whole(QStringLiteral("count"), QStringLiteral("n"),
               SwitchCommandText::tr("Rate reports to print, then exit (0: "
                                     "until interrupted; default 1)."),
               &a.count, {0})
        .flag(QStringLiteral("all"), SwitchCommandText::tr("Include ports that are down."), &a.all)
        .flag(QStringLiteral("json"),
              SwitchCommandText::tr("Print one JSON document per report "
                                    "(JSON lines)."),
              &a.json)
        .flag(QStringLiteral("topology"),
              SwitchCommandText::tr("Print which server sits on which port (LLDP, then the "
                                    "inventory) and exit."),
              &a.topology)
        .text(QStringLiteral("inventory"), QStringLiteral("file"),
              SwitchCommandText::tr("With --topology: JSON file of servers: [{\"name\", \"macs\", "
                                    "\"interfaces\", \"switch_port\"}]."),
              &a.inventory);
}

/// One rate report as a JSON line's document.
QJsonObject ratesJson(const nxapi::SwitchSnapshot &s, const QList<nxapi::PortRates> &rates)
{
    QJsonArray ports;
    for (const nxapi::PortRates &r : rates)
        ports.append(nxapi::portRatesToJson(r));
    QJsonArray issues;
    for (const nxapi::CommandIssue &i : s.issues)
        issues.append(nxapi::commandIssueToJson(i));
    return QJsonObject {{QStringLiteral("switch"), s.version ? s.version->hostName : QString()},
                        {QStringLiteral("taken_ms"), QJsonValue(s.takenMs)},
                        {QStringLiteral("ports"), ports},
                        {QStringLiteral("issues"), issues}};
}

/// Retrying cannot fix credentials, trust or a refused scheme.
bool isPermanent(const nxapi::NxapiError &e)
{
    return e.kind == nxapi::NxapiError::AuthenticationFailed
        || e.kind == nxapi::NxapiError::CredentialsRejected
        || e.kind == nxapi::NxapiError::TlsUntrusted || e.kind == nxapi::NxapiError::TlsPinMismatch
        || e.kind == nxapi::NxapiError::InsecureRefused;
}

/// Polls every @p a.intervalS and prints a rate report per poll after the first, until
/// @p a.count of them, a permanent failure, or too many polls.
int printRateReports(nxapi::NxapiClient &client, const SwitchArgs &a, CommandIo &io)
{
    client.setInterval(int(a.intervalS * 1000));
    const int reports = a.count;
    nxapi::SwitchRateModel model;
    QEventLoop loop;
    int printed = 0;
    int failures = 0;
    int polls = 0;
    bool saidNoPorts = false;
    const int maxPolls = reports == 0 ? -1 : reports + 1 + 2;  // two failures tolerated
    auto maybeStop = [&] {
        ++polls;
        if ((reports > 0 && printed >= reports) || (maxPolls > 0 && polls >= maxPolls))
            loop.quit();
    };
    QObject::connect(
        &client, &nxapi::NxapiClient::snapshotReady, &loop, [&](const nxapi::SwitchSnapshot &s) {
            if (s.ports.isEmpty() && !std::exchange(saidNoPorts, true)) {
                // An answer with nothing to rate would otherwise end in exit 1 and silence.
                QStringList why;
                for (const nxapi::CommandIssue &i : s.issues)
                    why.append(i.command + QStringLiteral(": ") + i.message);
                io.err << QStringLiteral("rocectl switch: ")
                       << SwitchCommandText::tr("%1 answered, but no interface could be read "
                                                "from the answer%2")
                              .arg(client.endpoint().url.host(),
                                   why.isEmpty() ? QString()
                                                 : QStringLiteral(" (")
                                           + why.join(QStringLiteral("; ")) + QLatin1Char(')'))
                       << QLatin1Char('\n');
                io.err.flush();
            }
            const QList<nxapi::PortRates> rates = model.update(s);
            if (!rates.isEmpty()) {
                ++printed;
                if (a.json)
                    io.out << QJsonDocument(ratesJson(s, rates)).toJson(QJsonDocument::Compact)
                           << QLatin1Char('\n');
                else
                    printRates(s, rates, a.all, io.out);
                io.out.flush();
            }
            maybeStop();
        });
    QObject::connect(
        &client, &nxapi::NxapiClient::pollFailed, &loop, [&](const nxapi::NxapiError &e) {
            ++failures;
            io.err << QStringLiteral("rocectl switch: ") << e.message << QLatin1Char('\n');
            io.err.flush();
            if (isPermanent(e))
                loop.quit();
            else
                maybeStop();
        });
    client.start();
    loop.exec();
    client.stop();
    if (printed < reports && failures == 0 && !saidNoPorts) {
        io.err << QStringLiteral("rocectl switch: ")
               << SwitchCommandText::tr("%1 reports were asked for, %2 printed: no interface's "
                                        "counters moved between polls")
                      .arg(reports)
                      .arg(printed)
               << QLatin1Char('\n');
        io.err.flush();
    }
    return failures > 0 || printed < reports ? ExitFailure : ExitOk;
}

}  // namespace

int SwitchCommand::run(const QStringList &args, CommandIo &io)
{
    SwitchArgs a;
    SwitchConnection connection;
    OptionTable table;
    declare(table, a, connection, summary());
    if (const auto early = parseCommandLine(table, args, io))
        return *early;
    if (const auto configured = connection.configure(table.parser()); !configured) {
        io.err << QStringLiteral("rocectl switch: ") << configured.error().message
               << QLatin1Char('\n');
        return configured.error().code == ErrorCode::InvalidArgument ? ExitUsage : ExitFailure;
    }
    nxapi::NxapiClient client(connection.endpoint());
    if (a.topology)
        return printTopology(connection, client, a.inventory, a.json, io);
    return printRateReports(client, a, io);
}

// --- rocectl audit -------------------------------------------------------------------------

namespace {

class AuditCommandText
{
    Q_DECLARE_TR_FUNCTIONS(AuditCommandText)
};

void printAudit(const nxapi::AuditReport &report, QTextStream &out)
{
    for (const nxapi::AuditCheck &c : report.checks) {
        const QString mark = c.status == nxapi::CheckStatus::Pass
            ? AuditCommandText::tr("PASS")
            : (c.status == nxapi::CheckStatus::Fail ? AuditCommandText::tr("FAIL")
                                                    : AuditCommandText::tr("UNKNOWN"));
        out << QStringLiteral("[%1] %2  (%3)\n").arg(mark, c.title, c.id);
        out << QLatin1String("    ") << c.summary << QLatin1Char('\n');
        for (const QString &e : c.evidence)
            out << QLatin1String("      ") << e << QLatin1Char('\n');
        if (!c.fix.isEmpty()) {
            out << QLatin1String("    ") << AuditCommandText::tr("Fix:") << QLatin1Char('\n');
            for (const QString &f : c.fix)
                out << QLatin1String("      ") << f << QLatin1Char('\n');
        }
    }
    out << AuditCommandText::tr("%1 passed, %2 failed, %3 unknown (RoCE ports: %4)")
               .arg(report.count(nxapi::CheckStatus::Pass))
               .arg(report.count(nxapi::CheckStatus::Fail))
               .arg(report.count(nxapi::CheckStatus::Unknown))
               .arg(report.rocePorts.isEmpty() ? AuditCommandText::tr("none found")
                                               : report.rocePorts.join(QLatin1String(", ")))
        << QLatin1Char('\n');
}

}  // namespace

QString AuditCommand::name() const
{
    return QStringLiteral("audit");
}

QString AuditCommand::summary() const
{
    return AuditCommandText::tr("Check a switch's QoS against the lossless RoCE recipe");
}

namespace {

/// What `rocectl audit` was asked for, as typed (the connection's options aside).
struct AuditArgs {
    QString configFile;
    QString hostsFile;
    int roceDscp = 26;
    int cnpDscp = 48;
    int roceCos = 3;
    QString ports;  ///< comma-separated
    bool json = false;
};

void declare(OptionTable &t, AuditArgs &a, const SwitchConnection &connection,
             const QString &summary)
{
    t.parser().setApplicationDescription(
        summary + QLatin1Char('\n')
        + AuditCommandText::tr("Reads running-config, PFC, queuing, interfaces and LLDP from the "
                               "switch (or a saved running-config with --config). Exit status "
                               "1 when a check fails."));
    connection.addOptions(t.parser());
    t.text(QStringLiteral("config"), QStringLiteral("file"),
           AuditCommandText::tr("Audit a saved 'show running-config' "
                                "text instead of a live switch."),
           &a.configFile)
        .text(QStringLiteral("hosts"), QStringLiteral("file"),
              AuditCommandText::tr("JSON file of host facts: [{\"name\", "
                                   "\"interface\", \"mtu\", "
                                   "\"pfc_priorities\": [3]}]."),
              &a.hostsFile)
        .whole(QStringLiteral("roce-dscp"), QStringLiteral("dscp"),
               AuditCommandText::tr("DSCP of RoCE traffic (default 26)."), &a.roceDscp, {0, 63})
        .whole(QStringLiteral("cnp-dscp"), QStringLiteral("dscp"),
               AuditCommandText::tr("DSCP of CNPs (default 48)."), &a.cnpDscp, {0, 63})
        .whole(QStringLiteral("roce-cos"), QStringLiteral("cos"),
               AuditCommandText::tr("No-drop CoS (default 3)."), &a.roceCos, {0, 7})
        .text(QStringLiteral("ports"), QStringLiteral("list"),
              AuditCommandText::tr("Comma-separated RoCE ports (default: "
                                   "ports with an LLDP neighbour)."),
              &a.ports)
        .flag(QStringLiteral("json"), AuditCommandText::tr("Print JSON."), &a.json);
}

/// The recipe the switch is checked against, as the options set it.
nxapi::RoceRecipe recipeOf(const AuditArgs &a)
{
    nxapi::RoceRecipe recipe;
    recipe.roceDscp = a.roceDscp;
    recipe.cnpDscp = a.cnpDscp;
    recipe.roceCos = a.roceCos;
    recipe.rocePorts = a.ports.split(QLatin1Char(','), Qt::SkipEmptyParts);
    return recipe;
}

/// The contents of @p f, or nothing once the reason it cannot be read is printed.
std::optional<QByteArray> readAuditInput(QFile &f, CommandIo &io)
{
    if (!f.open(QIODevice::ReadOnly)) {
        io.err << AuditCommandText::tr("rocectl audit: cannot read %1: %2")
                      .arg(f.fileName(), f.errorString())
               << QLatin1Char('\n');
        return std::nullopt;
    }
    return f.readAll();
}

void printInputError(const QFile &f, const QString &message, CommandIo &io)
{
    io.err << QStringLiteral("rocectl audit: %1: %2").arg(f.fileName(), message)
           << QLatin1Char('\n');
}

/// The host facts of the --hosts file, or nothing once why not is printed.
std::optional<QList<nxapi::HostQosFacts>> readHostFacts(const QString &path, CommandIo &io)
{
    QFile f(path);
    const auto text = readAuditInput(f, io);
    if (!text)
        return std::nullopt;
    const auto parsed = nxapi::hostFactsFromJson(*text);
    if (!parsed) {
        printInputError(f, parsed.error().message, io);
        return std::nullopt;
    }
    return *parsed;
}

/// Reads the saved running-config of --config into @p snapshot; false once why not is printed.
bool readSavedConfig(const QString &path, nxapi::RoceRecipe &recipe,
                     nxapi::SwitchSnapshot &snapshot, CommandIo &io)
{
    QFile f(path);
    const auto text = readAuditInput(f, io);
    if (!text)
        return false;
    const auto parsed = nxapi::parseRunningConfigQos(QString::fromUtf8(*text));
    if (!parsed) {
        printInputError(f, parsed.error().message, io);
        return false;
    }
    snapshot.qosConfig = *parsed;
    // Offline, the RoCE ports are the configured interfaces that are not shut down.
    if (recipe.rocePorts.isEmpty()) {
        for (const nxapi::InterfaceConfig &ic : parsed->interfaces) {
            if (!ic.shutdown && ic.name.startsWith(QLatin1String("Ethernet")))
                recipe.rocePorts.append(ic.name);
        }
    }
    return true;
}

/// Polls the switch the connection's options name into @p snapshot, warning of the commands
/// it could not answer; the exit code when it cannot be polled.
std::optional<int> pollAuditedSwitch(SwitchConnection &connection, const QCommandLineParser &parser,
                                     nxapi::SwitchSnapshot &snapshot, CommandIo &io)
{
    if (const auto configured = connection.configure(parser); !configured) {
        io.err << QStringLiteral("rocectl audit: ") << configured.error().message
               << QLatin1Char('\n');
        return configured.error().code == ErrorCode::InvalidArgument ? ExitUsage : ExitFailure;
    }
    nxapi::NxapiClient client(connection.endpoint());
    client.setCommands({QStringLiteral("show version"), QStringLiteral("show interface"),
                        QStringLiteral("show interface priority-flow-control"),
                        QStringLiteral("show queuing interface"),
                        QStringLiteral("show lldp neighbors detail"),
                        QStringLiteral("show running-config")});
    const auto polled = connection.pollOnce(client);
    if (!polled) {
        io.err << QStringLiteral("rocectl audit: ") << polled.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    snapshot = *polled;
    for (const nxapi::CommandIssue &i : snapshot.issues)
        io.err << AuditCommandText::tr("rocectl audit: warning: %1: %2").arg(i.command, i.message)
               << QLatin1Char('\n');
    return std::nullopt;
}

}  // namespace

int AuditCommand::run(const QStringList &args, CommandIo &io)
{
    AuditArgs a;
    SwitchConnection connection;
    OptionTable table;
    declare(table, a, connection, summary());
    if (const auto early = parseCommandLine(table, args, io))
        return *early;
    nxapi::RoceRecipe recipe = recipeOf(a);
    const bool hostsGiven = table.isSet(QStringLiteral("hosts"));
    QList<nxapi::HostQosFacts> facts;
    if (hostsGiven) {
        const auto read = readHostFacts(a.hostsFile, io);
        if (!read)
            return ExitFailure;
        facts = *read;
    }
    nxapi::SwitchSnapshot snapshot;
    if (table.isSet(QStringLiteral("config"))) {
        if (!readSavedConfig(a.configFile, recipe, snapshot, io))
            return ExitFailure;
    } else {
        if (const auto failed = pollAuditedSwitch(connection, table.parser(), snapshot, io))
            return *failed;
        if (connection.simulated() && !hostsGiven)
            facts = connection.simulatedHostFacts();
    }
    // A port the switch does not have is a typing mistake: checked, it would pass the MTU
    // check and leave the PFC one unknown, and name neither.
    if (!snapshot.ports.isEmpty()) {
        QStringList unknown;
        for (const QString &name : std::as_const(recipe.rocePorts)) {
            if (!snapshot.findPort(name))
                unknown.append(name);
        }
        if (!unknown.isEmpty()) {
            io.err << AuditCommandText::tr("rocectl audit: --ports: the switch has no %1")
                          .arg(unknown.join(QStringLiteral(", ")))
                   << QLatin1Char('\n');
            return ExitUsage;
        }
    }
    const nxapi::AuditReport report = nxapi::auditRoceQos(
        snapshot.qosConfig ? &*snapshot.qosConfig : nullptr, snapshot, facts, recipe);
    if (a.json)
        writeJson(io.out, QJsonDocument(nxapi::auditToJson(report)));
    else
        printAudit(report, io.out);
    return report.count(nxapi::CheckStatus::Fail) > 0 ? ExitFailure : ExitOk;
}

}  // namespace roce::cli
