// The switch exporter's renderer on snapshots parsed from real NX-API fixtures: a golden
// exposition, exact values, absent counters left out, promtool's lint.
#include "../../common/exposition.h"
#include "collect/exporter/switchmetrics.h"
#include "nxapi/client/response.h"
#include "nxapi/parse/showparsers.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace roce;
using roce::test::Sample;

namespace {

QByteArray readFile(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(f.fileName()));
    return f.readAll();
}

QByteArray fixture(const QString &name)
{
    return readFile(QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/nxapi/") + name);
}

/// A parse that must succeed for the fixture to mean anything.
void must(const Result<void> &parsed, const char *what)
{
    if (!parsed.ok())
        qFatal("%s: %s", what, qPrintable(parsed.error().message));
}

QJsonObject json(const QString &name)
{
    return QJsonDocument::fromJson(fixture(name)).object();
}

/// One switch put together from public captures of several releases: `show version` (9.3,
/// 93180YC-FX), `show interface` (10.2, mgmt0 and two Ethernet ports), LLDP (10.x, a
/// neighbour on mgmt0 and two on ports show interface did not list), `show queuing
/// interface` and `show interface priority-flow-control` as text (other ports again). What
/// one release reported and another did not is exactly what must stay absent.
nxapi::SwitchSnapshot fixtureSwitch()
{
    nxapi::SwitchSnapshot s;
    const QJsonObject version = json(QStringLiteral("nxos9/show_version.json"))
                                    .value(QStringLiteral("ins_api"))
                                    .toObject()
                                    .value(QStringLiteral("outputs"))
                                    .toObject()
                                    .value(QStringLiteral("output"))
                                    .toObject()
                                    .value(QStringLiteral("body"))
                                    .toObject();
    s.version = nxapi::parseShowVersion(version).value();
    const QJsonObject interfaces = json(QStringLiteral("nxos10/show_interface.json"))
                                       .value(QStringLiteral("output"))
                                       .toObject()
                                       .value(QStringLiteral("body"))
                                       .toObject();
    must(nxapi::parseShowInterface(interfaces, s), "show interface");
    must(nxapi::parseShowLldpNeighborsDetail(json(QStringLiteral("nxos10/lldp_body.json")), s),
         "show lldp neighbors detail");
    must(nxapi::parseShowQueuingText(
             QString::fromUtf8(fixture(QStringLiteral("text/show_queuing_interface.txt"))), s),
         "show queuing interface");
    must(nxapi::parseShowPfcText(QString::fromUtf8(fixture(QStringLiteral(
                                     "text/show_interface_priority_flow_control.txt"))),
                                 s),
         "show interface priority-flow-control");
    s.lldpReported = true;
    s.takenMs = 1763920000123;
    // What the label escaping must survive (backslash, quote, line feed), and a command the
    // switch refused in this poll.
    s.port(QStringLiteral("Ethernet1/1")).description
        = QStringLiteral("to \"gpu01\" \\ rack 7\nrow 2");
    s.issues.append({QStringLiteral("show queuing interface"),
                     400,
                     QStringLiteral("% Invalid command at '^' marker."),
                     {}});
    return s;
}

QList<exporter::SwitchRecord> fixtureRecords()
{
    exporter::SwitchRecord up;
    up.name = QStringLiteral("leaf1");
    up.role = QStringLiteral("leaf");
    up.polled = true;
    up.up = true;
    up.lastPollSeconds = 0.25;
    up.lastGoodMs = 1763920000123;
    up.snapshot = std::make_shared<const nxapi::SwitchSnapshot>(fixtureSwitch());
    exporter::SwitchRecord down;
    down.name = QStringLiteral("leaf2");
    down.role = QStringLiteral("leaf");
    down.polled = true;
    down.lastPollSeconds = 10;
    down.lastGoodMs = 1763919990000;
    exporter::SwitchRecord notYet;
    notYet.name = QStringLiteral("spine1");
    notYet.role = QStringLiteral("spine");
    return {up, down, notYet};
}

double valueOr(const QList<Sample> &samples, const QString &name,
               const QMap<QString, QString> &labels)
{
    return test::valueOf(samples, name, labels).value_or(-1);
}

}  // namespace

class TestExporterMetrics : public QObject
{
    Q_OBJECT

private slots:
    void matchesTheGoldenExposition()
    {
        const QByteArray text = exporter::renderSwitchMetrics(fixtureRecords());
        const QString golden
            = QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/exporter/fixture-switches.prom");
        QFile goldenFile(golden);
        const QByteArray expected
            = goldenFile.open(QIODevice::ReadOnly) ? goldenFile.readAll() : QByteArray();
        if (text != expected) {
            // Left for a diff against the golden file.
            QFile actual(QStringLiteral(ROCE_BINARY_DIR "/fixture-switches.actual.prom"));
            if (actual.open(QIODevice::WriteOnly))
                actual.write(text);
            QFAIL(qPrintable(
                QStringLiteral("differs from %1: see %2").arg(golden, actual.fileName())));
        }
        QCOMPARE(test::promtoolProblems(text), QString());
    }

    void exactValuesFromTheFixtures()
    {
        const QList<Sample> s
            = test::parseExposition(exporter::renderSwitchMetrics(fixtureRecords()));
        const QMap<QString, QString> leaf1 {{QStringLiteral("switch"), QStringLiteral("leaf1")}};
        QCOMPARE(valueOr(s, QStringLiteral("nxos_up"), leaf1), 1.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_scrape_duration_seconds"), leaf1), 0.25);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_last_scrape_timestamp_seconds"), leaf1),
                 1763920000.123);
        const QList<Sample> info = test::select(s, QStringLiteral("nxos_switch_info"));
        QCOMPARE(info.size(), 1);
        QCOMPARE(info.first().labels,
                 (QMap<QString, QString> {
                     {QStringLiteral("switch"), QStringLiteral("leaf1")},
                     {QStringLiteral("role"), QStringLiteral("leaf")},
                     {QStringLiteral("hostname"), QStringLiteral("RTP-HOM-VTEP-1")},
                     {QStringLiteral("nxos_version"), QStringLiteral("9.3(1)")},
                     {QStringLiteral("chassis"), QStringLiteral("Nexus9000 C93180YC-FX Chassis")},
                     {QStringLiteral("serial"), QStringLiteral("FDO22170SBK")}}));

        // Ethernet1/1 of the 10.2(4) capture: every value as NX-OS printed it.
        const QMap<QString, QString> e11 {
            {QStringLiteral("switch"), QStringLiteral("leaf1")},
            {QStringLiteral("interface"), QStringLiteral("Ethernet1/1")}};
        QCOMPARE(valueOr(s, QStringLiteral("nxos_interface_up"), e11), 1.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_interface_speed_bytes"), e11), 5e9);  // 40G
        QCOMPARE(valueOr(s, QStringLiteral("nxos_interface_mtu_bytes"), e11), 9216.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_interface_receive_bytes_total"), e11),
                 65962757720684.0);
        const QList<Sample> e11Info = test::select(s, QStringLiteral("nxos_interface_info"), e11);
        QCOMPARE(e11Info.size(), 1);
        QCOMPARE(e11Info.first().labels.value(QStringLiteral("description")),
                 QStringLiteral("to \"gpu01\" \\ rack 7\nrow 2"));
        QCOMPARE(e11Info.first().labels.value(QStringLiteral("internal")), QStringLiteral("false"));

        // Ethernet2/1 of the queuing capture: queues, MMU, PFC per CoS; nothing else.
        const QMap<QString, QString> e21 {
            {QStringLiteral("switch"), QStringLiteral("leaf1")},
            {QStringLiteral("interface"), QStringLiteral("Ethernet2/1")}};
        auto group = [&e21](const char *g) {
            QMap<QString, QString> l = e21;
            l.insert(QStringLiteral("qos_group"), QLatin1String(g));
            return l;
        };
        QCOMPARE(valueOr(s, QStringLiteral("nxos_queue_transmitted_packets_total"), group("0")),
                 12.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_queue_transmitted_bytes_total"), group("0")),
                 1200.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_queue_dropped_packets_total"), group("3")), 6.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_queue_transmitted_bytes_total"), group("3")),
                 -1.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_ingress_mmu_dropped_packets_total"), e21), 10.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_ingress_mmu_dropped_bytes_total"), e21), 1024.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_received_frames_total"), e21), 12.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_transmitted_frames_total"), e21), 11.0);
        auto cos = [&e21](const char *c, const char *direction) {
            QMap<QString, QString> l = e21;
            l.insert(QStringLiteral("cos"), QLatin1String(c));
            l.insert(QStringLiteral("direction"), QLatin1String(direction));
            return l;
        };
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_cos_frames_total"), cos("3", "transmitted")),
                 7.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_cos_frames_total"), cos("3", "received")),
                 8.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_cos_pause_active"), cos("3", "received")),
                 1.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_cos_pause_active"), cos("0", "received")),
                 0.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_interface_receive_bytes_total"), e21), -1.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_interface_up"), e21), -1.0);

        // Ethernet1/2 had PFC from the PFC table (RxPPP/TxPPP summed over priorities).
        const QMap<QString, QString> e12 {
            {QStringLiteral("switch"), QStringLiteral("leaf1")},
            {QStringLiteral("interface"), QStringLiteral("Ethernet1/2")}};
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_received_frames_total"), e12), 4088353.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_transmitted_frames_total"), e12), 1890.0);
        QCOMPARE(valueOr(s, QStringLiteral("nxos_pfc_enabled"), e12), 1.0);

        // LLDP on the fabric ports only (not on mgmt0); neighbour = system name.
        const QList<Sample> lldp = test::select(s, QStringLiteral("nxos_lldp_neighbor_info"));
        QCOMPARE(lldp.size(), 2);
        QCOMPARE(lldp.first().labels.value(QStringLiteral("interface")),
                 QStringLiteral("Ethernet1/9"));
        QCOMPARE(lldp.first().labels.value(QStringLiteral("neighbor")),
                 QStringLiteral("na2a-mc1-nbg3"));
        QCOMPARE(lldp.first().labels.value(QStringLiteral("neighbor_port")), QStringLiteral("e1b"));
        QCOMPARE(lldp.first().labels.value(QStringLiteral("chassis_id")),
                 QStringLiteral("de:ad:be:ef:7f:ef"));
        QCOMPARE(lldp.first().labels.value(QStringLiteral("management_address")), QString());
        QCOMPARE(valueOr(s, QStringLiteral("nxos_command_failed"),
                         {{QStringLiteral("switch"), QStringLiteral("leaf1")},
                          {QStringLiteral("command"), QStringLiteral("show queuing interface")}}),
                 1.0);

        // No mgmt0 anywhere.
        for (const Sample &sample : s)
            QVERIFY2(sample.labels.value(QStringLiteral("interface")) != QLatin1String("mgmt0"),
                     qPrintable(sample.name));

        // The switch whose poll failed: up 0, its poll's duration and last good time, nothing
        // more; the one not polled yet: up 0 only.
        QSet<QString> leaf2, spine1;
        for (const Sample &sample : s) {
            if (sample.labels.value(QStringLiteral("switch")) == QLatin1String("leaf2"))
                leaf2.insert(sample.name);
            if (sample.labels.value(QStringLiteral("switch")) == QLatin1String("spine1"))
                spine1.insert(sample.name);
        }
        QCOMPARE(leaf2,
                 (QSet<QString> {QStringLiteral("nxos_up"),
                                 QStringLiteral("nxos_scrape_duration_seconds"),
                                 QStringLiteral("nxos_last_scrape_timestamp_seconds")}));
        QCOMPARE(valueOr(s, QStringLiteral("nxos_up"),
                         {{QStringLiteral("switch"), QStringLiteral("leaf2")}}),
                 0.0);
        QCOMPARE(spine1, QSet<QString> {QStringLiteral("nxos_up")});
    }

    void aRendererReusesItsBuffersAndNothingElse()
    {
        // The exporter renders every scrape into the buffers of the one before: what the next
        // scrape holds is that scrape's fabric alone, and an answer already handed out stays
        // as it was.
        const QList<exporter::SwitchRecord> records = fixtureRecords();
        exporter::SwitchMetricsRenderer renderer;
        const QByteArray all = renderer.render(records);
        QCOMPARE(all, exporter::renderSwitchMetrics(records));
        const QByteArray downOnly = renderer.render({records[1]});
        QCOMPARE(downOnly, exporter::renderSwitchMetrics({records[1]}));
        QVERIFY(!downOnly.contains("leaf1"));
        QVERIFY(!downOnly.contains("nxos_interface_info"));  // a family left empty is left out
        QCOMPARE(all, exporter::renderSwitchMetrics(records));
        QCOMPARE(renderer.render(records), all);
    }

    void fortyEightPortPollPassesTheLint()
    {
        // The simulator's 48-port batched poll, as the client parses it.
        nxapi::SwitchSnapshot snap;
        const auto outputs
            = nxapi::parseNxapiResponse(fixture(QStringLiteral("sim/poll_batch_48port.json")));
        QVERIFY(outputs.ok());
        for (const nxapi::CommandOutput &o : *outputs)
            nxapi::applyCommandOutput(o, snap);
        exporter::SwitchRecord r;
        r.name = QStringLiteral("rail1-leaf1");
        r.role = QStringLiteral("leaf");
        r.polled = r.up = true;
        r.lastGoodMs = snap.takenMs;
        r.snapshot = std::make_shared<const nxapi::SwitchSnapshot>(snap);
        exporter::RenderFigures figures;
        const QByteArray text = exporter::renderSwitchMetrics({r}, &figures);
        QCOMPARE(test::promtoolProblems(text), QString());
        const QList<Sample> s = test::parseExposition(text);
        QCOMPARE(figures.samples, s.size());
        qsizetype fabricPorts = 0;
        for (const nxapi::PortStatus &p : snap.ports)
            fabricPorts += p.isFabricPort();
        QVERIFY(fabricPorts >= 48);
        QCOMPARE(test::select(s, QStringLiteral("nxos_interface_info")).size(), fabricPorts);
        // Every port's queues: one series per reported counter of every group.
        qsizetype queueCounters = 0;
        for (const nxapi::PortStatus &p : snap.ports) {
            if (!p.isFabricPort() || !p.queuing)
                continue;
            for (const nxapi::QosGroupStatus &g : p.queuing->qosGroups)
                queueCounters += g.counters.value(nxapi::QueueCounter::TxPkts).has_value();
        }
        QCOMPARE(test::select(s, QStringLiteral("nxos_queue_transmitted_packets_total")).size(),
                 queueCounters);
    }
};

QTEST_GUILESS_MAIN(TestExporterMetrics)
#include "tst_exportermetrics.moc"
