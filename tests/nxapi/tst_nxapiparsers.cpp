// Parsers, rates and the QoS audit of the Nexus client, on fixtures of real NX-OS 7.x,
// 9.x and 10.x responses (tests/fixtures/nxapi/README.md) and on the simulated switch's.
#include "nxapi/client/response.h"
#include "nxapi/lldp/lldptopology.h"
#include "nxapi/parse/showparsers.h"
#include "nxapi/qos/qosaudit.h"
#include "nxapi/rates/switchrates.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QRandomGenerator>
#include <QTest>

using namespace roce::nxapi;
using roce::model::counterDelta;

namespace {

QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/nxapi/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(f.fileName()));
    return f.readAll();
}

/// Decodes a saved response; @p command names bare bodies without `input`.
SwitchSnapshot decode(const QString &name, const QString &command = {})
{
    const QByteArray data = fixture(name);
    SwitchSnapshot s;
    const auto outputs
        = parseNxapiResponse(data, command.isEmpty() ? QStringList {} : QStringList {command});
    if (outputs && !outputs->isEmpty()) {
        for (const CommandOutput &o : *outputs)
            applyCommandOutput(o, s);
        return s;
    }
    CommandOutput o;
    o.input = command;
    o.body = QJsonDocument::fromJson(data).object();
    applyCommandOutput(o, s);
    return s;
}

QString fixtureText(const QString &name)
{
    return QString::fromUtf8(fixture(name));
}

}  // namespace

class TestNxapiParsers : public QObject
{
    Q_OBJECT

private slots:
    void showInterfaceNxos10Strings();
    void showInterfaceNxos7SingleRowInts();
    void showInterfaceSkipsNonEthernetKeys();
    void countersMergedPerInterface();
    void countersErrorsMergedPerInterface();
    void showVersionAcrossReleases();
    void lldpNeighborsNormalized();
    void lldpNoNeighbors();
    void pfcJsonStringsAndInts();
    void pfcTextFallback();
    void queuingJsonStringsAndInts();
    void queuingTextFallbackOtelLayout();
    void queuingTextMatchesJson();
    void queuingTabularFlatKeys();
    void internalFabricPort();
    void responseEnvelopes();
    void responseErrors_data();
    void responseErrors();
    void truncatedPollsAreCutShort();
    void garbageResponsesNeverCrash();
    void malformedBodies_data();
    void malformedBodies();
    void batchedPollResponse();
    void runningConfigQos();
    void counterDeltaWrapAndReset();
    void ratesAcrossCounterReset();
    void ratesClearCounters();
    void auditSeedConfig();
    void auditCorrectConfig();
    void auditSingleMistake_data();
    void auditSingleMistake();
    void auditHostMistakes();
    void auditWithoutConfigIsUnknown();
    void lldpctlJson0();
    void topologyDiscovery();
    void countersBeyond64Bits();
    void queuingTextWithoutEgressChangesNothing();
    void versionUptimeBeyond64Bits();
    void jsonRpcIdOfIntMin();
    void interfaceTextHeaderWithUnknownStateIsReported();
    void interfaceTextLostHeaderIsNeverMerged();
    void interfaceTextCountersWithoutDirection();
    void counterTableRowThatDoesNotFit();
    void lldpTextNeighbourWithoutLocalPort();
};

void TestNxapiParsers::showInterfaceNxos10Strings()
{
    // NX-OS 10.2(4) on N9K-C9336C-FX2: every value a string; body wrapped as {"output":{...}}.
    const SwitchSnapshot s
        = decode(QStringLiteral("nxos10/show_interface.json"), QStringLiteral("show interface"));
    QVERIFY2(s.issues.isEmpty(), qPrintable(s.issues.value(0).message));
    QCOMPARE(s.ports.size(), 3);
    const PortStatus *e1 = s.findPort(QStringLiteral("Eth1/1"));
    QVERIFY(e1);
    QCOMPARE(e1->name, QStringLiteral("Ethernet1/1"));
    QCOMPARE(e1->state, QStringLiteral("up"));
    QCOMPARE(e1->mtu, 9216);
    QCOMPARE(e1->bandwidthKbit, quint64(40000000));
    QCOMPARE(e1->counters.value(PortCounter::InBytes), quint64(65962757720684));
    QCOMPARE(e1->counters.value(PortCounter::OutBytes), quint64(68349245749232));
    QCOMPARE(e1->inRateBits, quint64(643280));
    QCOMPARE(e1->loadIntervalSeconds, 30);
    QCOMPARE(e1->counters.value(PortCounter::Crc), quint64(0));
    QCOMPARE(e1->clearCounters, QStringLiteral("never"));
    // mgmt0 uses vdc_lvl_* keys; what it does not report stays absent.
    const PortStatus *mgmt = s.findPort(QStringLiteral("mgmt0"));
    QVERIFY(mgmt);
    QCOMPARE(mgmt->counters.value(PortCounter::InPkts), quint64(66747902));
    QCOMPARE(mgmt->counters.value(PortCounter::InBytes), quint64(15655821355));
    QVERIFY(!mgmt->counters.has(PortCounter::Crc));
    // Its one averaged rate (vdc_lvl_in_avg_bits), with no interval to name.
    QCOMPARE(mgmt->inRateBits, quint64(5088));
    QCOMPARE(mgmt->inRatePkts, quint64(2));
    QVERIFY(!mgmt->loadIntervalSeconds);
    // The JSON keeps 64-bit counters exact.
    const QJsonObject json = snapshotToJson(s);
    const QJsonObject port1 = json.value(QStringLiteral("ports")).toArray().at(1).toObject();
    QCOMPARE(port1.value(QStringLiteral("counters"))
                 .toObject()
                 .value(QStringLiteral("in_bytes"))
                 .toInteger(),
             qint64(65962757720684));
}

void TestNxapiParsers::showInterfaceNxos7SingleRowInts()
{
    // NX-OSv 7.x: integers, ROW_interface a single object.
    const SwitchSnapshot s = decode(QStringLiteral("nxos7/show_interface_single_row.json"),
                                    QStringLiteral("show interface Ethernet2/1"));
    QVERIFY(s.issues.isEmpty());
    QCOMPARE(s.ports.size(), 1);
    QCOMPARE(s.ports[0].name, QStringLiteral("Ethernet2/1"));
    QCOMPARE(s.ports[0].mtu, 1500);  // a string in this fixture, next to integer counters
    QCOMPARE(s.ports[0].bandwidthKbit, quint64(1000000));
    QCOMPARE(s.ports[0].counters.value(PortCounter::InBytes), quint64(0));
    QVERIFY(s.ports[0].counters.has(PortCounter::InPkts));
}

void TestNxapiParsers::showInterfaceSkipsNonEthernetKeys()
{
    // SVI rows (svi_* keys): the port exists, no Ethernet counters are invented.
    const SwitchSnapshot s = decode(QStringLiteral("nxos7/show_interface_napalm_vlan_svi.json"),
                                    QStringLiteral("show interface"));
    QVERIFY(!s.ports.isEmpty());
    for (const PortStatus &p : s.ports)
        QVERIFY2(p.counters.empty(), qPrintable(p.name));
}

void TestNxapiParsers::countersMergedPerInterface()
{
    const SwitchSnapshot s = decode(QStringLiteral("nxos9/show_interface_counters.json"));
    QVERIFY(s.issues.isEmpty());
    QCOMPARE(s.ports.size(), 3);
    const PortStatus *e1 = s.findPort(QStringLiteral("Ethernet1/1"));
    QVERIFY(e1);
    // Row set 1 and row set 2 of both tables land on the same port.
    QCOMPARE(e1->counters.value(PortCounter::InBytes), quint64(288825287));
    QCOMPARE(e1->counters.value(PortCounter::InUcast), quint64(73625));
    QCOMPARE(e1->counters.value(PortCounter::InMcast), quint64(2805707));
    QCOMPARE(e1->counters.value(PortCounter::InBcast), quint64(3));
    QCOMPARE(e1->counters.value(PortCounter::OutBytes), quint64(225239460));
    QCOMPARE(e1->counters.value(PortCounter::OutMcast), quint64(2821973));
    const PortStatus *mgmt = s.findPort(QStringLiteral("mgmt0"));
    QCOMPARE(mgmt->counters.value(PortCounter::InPkts), quint64(266806619));
    QVERIFY(!mgmt->counters.has(PortCounter::InBytes));
}

void TestNxapiParsers::countersErrorsMergedPerInterface()
{
    const SwitchSnapshot s = decode(QStringLiteral("nxos9/show_interface_counters_errors.json"));
    QVERIFY(s.issues.isEmpty());
    const PortStatus *e1 = s.findPort(QStringLiteral("Ethernet1/1"));
    QVERIFY(e1);
    QCOMPARE(e1->counters.value(PortCounter::RcvErrors), quint64(15));
    QCOMPARE(e1->counters.value(PortCounter::Giants), quint64(15));
    QCOMPARE(e1->counters.value(PortCounter::Runts), quint64(0));
    QCOMPARE(e1->counters.value(PortCounter::OutDiscards), quint64(0));
    QVERIFY(!e1->counters.has(PortCounter::InDiscards));  // no eth_indisc row set here
}

void TestNxapiParsers::showVersionAcrossReleases()
{
    const SwitchSnapshot nine = decode(QStringLiteral("nxos9/show_version.json"));
    QVERIFY(nine.version);
    QCOMPARE(nine.version->hostName, QStringLiteral("RTP-HOM-VTEP-1"));
    QCOMPARE(nine.version->nxosVersion, QStringLiteral("9.3(1)"));
    QCOMPARE(nine.version->serial, QStringLiteral("FDO22170SBK"));
    QCOMPARE(nine.version->uptimeSeconds, qint64(((3 * 24 + 1) * 60 + 50) * 60 + 56));
    const SwitchSnapshot seven
        = decode(QStringLiteral("nxos7/show_version.json"), QStringLiteral("show version"));
    QVERIFY(seven.version);
    QCOMPARE(seven.version->nxosVersion, QStringLiteral("7.3(1)D1(1) [build 7.3(1)D1(0.10)]"));
    QCOMPARE(seven.version->hostName, QStringLiteral("nxos-spine1"));
    QCOMPARE(seven.version->uptimeSeconds, qint64(((47 * 24 + 1) * 60 + 37) * 60 + 11));
}

void TestNxapiParsers::lldpNeighborsNormalized()
{
    // Full ins_api envelope, cli_show_array, 13 rows, ttl as integer.
    const SwitchSnapshot s = decode(QStringLiteral("nxos10/lldp2_envelope.json"));
    QVERIFY(s.lldpReported);
    QCOMPARE(s.lldpNeighbors.size(), 13);
    const LldpNeighbor &first = s.lldpNeighbors.first();
    QCOMPARE(first.localPort, QStringLiteral("mgmt0"));
    QCOMPARE(first.chassisId, QStringLiteral("10:b3:d5:66:3b:d3"));
    QCOMPARE(first.portId, QStringLiteral("Ethernet1/44"));
    QCOMPARE(first.ttl, 101);
    bool sawLong = false;
    for (const LldpNeighbor &n : s.lldpNeighbors) {
        QVERIFY2(!n.localPort.startsWith(QLatin1String("Eth1/")), qPrintable(n.localPort));
        sawLong = sawLong || n.localPort.startsWith(QLatin1String("Ethernet1/"));
    }
    QVERIFY(sawLong);
    // Body only, ttl as a string, "not advertised" and "null" placeholders.
    const SwitchSnapshot b = decode(QStringLiteral("nxos10/lldp_body.json"),
                                    QStringLiteral("show lldp neighbors detail"));
    QCOMPARE(b.lldpNeighbors.size(), 3);
    QCOMPARE(b.lldpNeighbors[0].ttl, 114);
    QCOMPARE(b.lldpNeighbors[0].chassisId, QStringLiteral("de:ad:be:ef:7f:ef"));
    QVERIFY(b.lldpNeighbors[0].managementAddress.isEmpty());
    QVERIFY(b.lldpNeighbors[0].portDescription.isEmpty());
}

void TestNxapiParsers::lldpNoNeighbors()
{
    const SwitchSnapshot s = decode(QStringLiteral("nxos7/show_lldp_neighbors_empty.json"),
                                    QStringLiteral("show lldp neighbors detail"));
    QVERIFY(s.issues.isEmpty());
    QVERIFY(s.lldpReported);
    QVERIFY(s.lldpNeighbors.isEmpty());
}

void TestNxapiParsers::pfcJsonStringsAndInts()
{
    for (const QString &name : {QStringLiteral("sim/show_pfc_one_port.json"),
                                QStringLiteral("sim/show_pfc_one_port_ints.json")}) {
        const SwitchSnapshot s = decode(name);
        QVERIFY2(s.issues.isEmpty(), qPrintable(name));
        QCOMPARE(s.ports.size(), 1);  // single ROW object inside TABLE_module
        const PortStatus &p = s.ports[0];
        QCOMPARE(p.name, QStringLiteral("Ethernet1/1/2"));
        QVERIFY(p.pfc);
        QCOMPARE(p.pfc->mode, QStringLiteral("On"));
        QCOMPARE(p.pfc->oper, QStringLiteral("On"));
        QCOMPARE(p.pfc->vlBitmap, quint32(8));
        QVERIFY(p.pfc->rxPpp);
        QVERIFY(p.pfc->txPpp);
    }
}

void TestNxapiParsers::pfcTextFallback()
{
    SwitchSnapshot s;
    QVERIFY(parseShowPfcText(
        fixtureText(QStringLiteral("text/show_interface_priority_flow_control.txt")), s));
    QCOMPARE(s.ports.size(), 2);
    const PortStatus *p = s.findPort(QStringLiteral("Ethernet1/2"));
    QVERIFY(p && p->pfc);
    QCOMPARE(p->pfc->mode, QStringLiteral("Auto"));
    QCOMPARE(p->pfc->oper, QStringLiteral("On"));
    QCOMPARE(p->pfc->vlBitmap, quint32(9));
    QCOMPARE(p->pfc->rxPpp, quint64(4088353));
    QCOMPARE(p->pfc->txPpp, quint64(1890));
    SwitchSnapshot none;
    QVERIFY(!parseShowPfcText(QStringLiteral("% Invalid command\n"), none));
    QVERIFY(none.ports.isEmpty());
}

void TestNxapiParsers::queuingJsonStringsAndInts()
{
    for (const QString &name : {QStringLiteral("sim/show_queuing_interface_one_port.json"),
                                QStringLiteral("sim/show_queuing_interface_one_port_ints.json")}) {
        const SwitchSnapshot s = decode(name);
        QVERIFY2(s.issues.isEmpty(), qPrintable(name));
        const PortStatus *p = s.findPort(QStringLiteral("Ethernet1/1/1"));
        QVERIFY(p && p->queuing);
        const QueuingStatus &q = *p->queuing;
        QCOMPARE(q.qosGroups.size(), 10);  // 0..7, CONTROL and SPAN
        const QosGroupStatus *g3 = q.findGroup(3);
        QVERIFY(g3);
        QVERIFY(g3->counters.has(QueueCounter::TxPkts));
        QVERIFY(g3->counters.has(QueueCounter::DropPkts));
        QVERIFY(g3->counters.has(QueueCounter::EcnPkts));
        QVERIFY(!q.findGroup(0)->counters.has(QueueCounter::EcnPkts));  // not reported: absent
        QCOMPARE(g3->bandwidthPercent, 50);
        QVERIFY(g3->pauseThreshold && g3->resumeThreshold);
        QVERIFY(*g3->resumeThreshold < *g3->pauseThreshold);
        QCOMPARE(q.findGroup(7)->priority, QStringLiteral("1"));
        QVERIFY(q.ingressMmuDropPkts && q.ingressMmuDropBytes && q.txPpp && q.rxPpp);
        QCOMPARE(q.pfcCos.size(), 1);
        QCOMPARE(q.pfcCos[0].cos, 3);
        QCOMPARE(q.pfcCos[0].qosGroup, 3);
        QVERIFY(q.pfcCos[0].txPauseCount.value_or(0) > 0);  // PFC on: the port paused senders
        QCOMPARE(*q.txPpp >= *q.pfcCos[0].txPauseCount, true);
    }
}

void TestNxapiParsers::queuingTextFallbackOtelLayout()
{
    SwitchSnapshot s;
    QVERIFY(
        parseShowQueuingText(fixtureText(QStringLiteral("text/show_queuing_interface.txt")), s));
    const PortStatus *p = s.findPort(QStringLiteral("Ethernet2/1"));
    QVERIFY(p && p->queuing);
    const QueuingStatus &q = *p->queuing;
    const QosGroupStatus *g0 = q.findGroup(0);
    QVERIFY(g0);
    QCOMPARE(g0->counters.value(QueueCounter::TxPkts), quint64(12));  // unicast column
    QCOMPARE(g0->counters.value(QueueCounter::TxBytes), quint64(1200));
    QCOMPARE(g0->counters.value(QueueCounter::DropPkts), quint64(1));  // older "Dropped"
    const QosGroupStatus *g3 = q.findGroup(3);
    QCOMPARE(g3->counters.value(QueueCounter::TxPkts), quint64(50));
    QCOMPARE(g3->counters.value(QueueCounter::DropPkts), quint64(6));
    QCOMPARE(q.wredDropPkts, quint64(9));
    QCOMPARE(q.ingressMmuDropPkts, quint64(10));
    QCOMPARE(q.ingressMmuDropBytes, quint64(1024));
    QCOMPARE(q.txPpp, quint64(11));
    QCOMPARE(q.rxPpp, quint64(12));
    QCOMPARE(q.pfcCos.size(), 2);
    QCOMPARE(q.pfcCos[1].cos, 3);
    QCOMPARE(q.pfcCos[1].txPauseState, QStringLiteral("Active"));
    QCOMPARE(q.pfcCos[1].txPauseCount, quint64(7));
    QCOMPARE(q.pfcCos[1].rxPauseCount, quint64(8));
    QVERIFY(!q.pfcCos[0].qosGroup);  // "-" is absent, not zero
}

void TestNxapiParsers::queuingTextMatchesJson()
{
    // The same port at the same moment through cli_show and cli_show_ascii (simulated switch,
    // fixtures taken a few ms apart) gives the same structure and configuration.
    const SwitchSnapshot text = decode(QStringLiteral("sim/show_queuing_interface_ascii.json"));
    QVERIFY2(text.issues.isEmpty(), qPrintable(text.issues.value(0).message));
    const PortStatus *p = text.findPort(QStringLiteral("Ethernet1/1/1"));
    QVERIFY(p && p->queuing);
    const QosGroupStatus *g3 = p->queuing->findGroup(3);
    QVERIFY(g3 && g3->counters.has(QueueCounter::EcnPkts));
    QCOMPARE(g3->bandwidthPercent, 50);
    QCOMPARE(p->queuing->findGroup(7)->priority, QStringLiteral("1"));
    QVERIFY(g3->pauseThreshold && g3->resumeThreshold && g3->bufferSize);
    QCOMPARE(p->queuing->pfcCos.size(), 1);
    QVERIFY(p->queuing->ingressMmuDropPkts && p->queuing->txPpp);
}

void TestNxapiParsers::queuingTabularFlatKeys()
{
    // Flat per-group keys of `show queuing tabular` (schema of the 9.3x command reference).
    const QJsonObject body = QJsonDocument::fromJson(R"json({"TABLE_module":{"ROW_module":{
        "module_number":"1","TABLE_queuing_interface":{"ROW_queuing_interface":[
        {"if_name_str":"Ethernet1/1","tx_uc_pkt_qos_3":"1000","tx_uc_byte_qos_3":"4096000",
         "tx_uc_drop_pkt_qos_3":"0","tx_uc_ecn_pkt_qos_3":"77","pfc_rx_qos_3":"5","pfc_tx_qos_3":"9",
         "tx_uc_pkt_qos_0":"10","ing_drop_pkt":"0"},
        {"if_name_str":"Ethernet1/2","tx_uc_pkt_qos_3":"2000","ing_drop_pkt":"12"}]}}}})json")
                                 .object();
    SwitchSnapshot s;
    QVERIFY(parseShowQueuingTabular(body, s));
    QCOMPARE(s.ports.size(), 2);
    const QueuingStatus &q = *s.findPort(QStringLiteral("Eth1/1"))->queuing;
    QCOMPARE(q.findGroup(3)->counters.value(QueueCounter::EcnPkts), quint64(77));
    QCOMPARE(q.findGroup(3)->counters.value(QueueCounter::TxBytes), quint64(4096000));
    QCOMPARE(q.pfcCos.size(), 1);
    QCOMPARE(q.pfcCos[0].rxPauseCount, quint64(5));
    QCOMPARE(q.pfcCos[0].txPauseCount, quint64(9));
    QCOMPARE(s.findPort(QStringLiteral("Ethernet1/2"))->queuing->ingressMmuDropPkts, quint64(12));
    QVERIFY(!s.findPort(QStringLiteral("Ethernet1/2"))
                 ->queuing->findGroup(3)
                 ->counters.has(QueueCounter::EcnPkts));
}

void TestNxapiParsers::internalFabricPort()
{
    // Internal fabric ports carry PFC the front ports do not; they are kept, and marked.
    const QJsonObject body = QJsonDocument::fromJson(R"json({"TABLE_module":{"ROW_module":[
        {"module_number":"1","TABLE_pfc_interface":{"ROW_pfc_interface":{"if_name_str":"Ethernet1/2/1",
         "admin":"On","oper":"On","rx-stats":"0","tx-stats":"0"}}},
        {"module_number":"22","TABLE_pfc_interface":{"ROW_pfc_interface":{"if_name_str":"ii1/1/1",
         "admin":"Auto","oper":"On (8)","rx-stats":"1200","tx-stats":"340"}}}]}})json")
                                 .object();
    SwitchSnapshot s;
    QVERIFY(parseShowPfc(body, s));
    QCOMPARE(s.ports.size(), 2);
    const PortStatus *ii = s.findPort(QStringLiteral("ii1/1/1"));
    QVERIFY(ii && ii->isInternal());
    QCOMPARE(ii->pfc->oper, QStringLiteral("On"));
    QCOMPARE(ii->pfc->vlBitmap, quint32(8));
    QCOMPARE(ii->pfc->rxPpp, quint64(1200));
    QVERIFY(!s.findPort(QStringLiteral("Ethernet1/2/1"))->isInternal());
    QVERIFY(!s.findPort(QStringLiteral("Ethernet1/2/1"))->pfc->vlBitmap);
    // The audit does not count internal ports as RoCE ports.
    const AuditReport r = auditRoceQos(nullptr, s, {});
    QVERIFY(!r.rocePorts.contains(QStringLiteral("ii1/1/1")));
}

void TestNxapiParsers::responseEnvelopes()
{
    // JSON-RPC: a one-command batch answers with an object, not an array.
    const auto rpc
        = parseNxapiResponse(fixture(QStringLiteral("jsonrpc/show_hostname_response.json")),
                             {QStringLiteral("show hostname")});
    QVERIFY(rpc);
    QCOMPARE(rpc->size(), 1);
    QCOMPARE(rpc->first().input, QStringLiteral("show hostname"));
    QCOMPARE(rpc->first().code, CommandCode::Success);
    QCOMPARE(rpc->first().body.toObject().value(QStringLiteral("hostname")).toString(),
             QStringLiteral("nxos1.twb-tech.com"));
    // A JSON-RPC error for a command without structured output maps to 501.
    const auto rpcErr = parseNxapiResponse(
        R"json([{"jsonrpc":"2.0","error":{"code":-32602,"message":"Invalid params","data":{"msg":"Structured output unsupported"}},"id":1}])json",
        {QStringLiteral("show running-config")});
    QVERIFY(rpcErr);
    QCOMPARE(rpcErr->first().code, CommandCode::Unsupported);
    // ins_api 501 (simulated switch, same envelope as NX-OS).
    const auto unsupported
        = parseNxapiResponse(fixture(QStringLiteral("sim/show_running_config_501.json")));
    QVERIFY(unsupported);
    QCOMPARE(unsupported->first().code, CommandCode::Unsupported);
    QCOMPARE(unsupported->first().msg, QStringLiteral("Structured output unsupported"));
}

void TestNxapiParsers::responseErrors_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("expected");
    const QByteArray full = fixture(QStringLiteral("sim/poll_batch_reference.json"));
    QTest::newRow("truncated") << fixture(QStringLiteral("sim/poll_batch_truncated.json"))
                               << QStringLiteral("cut short");
    QTest::newRow("cut at one byte") << full.left(1) << QStringLiteral("cut short");
    QTest::newRow("html error page")
        << QByteArray("<html><body>502 Bad Gateway</body></html>") << QStringLiteral("not JSON");
    QTest::newRow("other json") << QByteArray(R"json({"result":"ok"})json")
                                << QStringLiteral("neither an ins_api nor a JSON-RPC");
    QTest::newRow("ins_api without outputs")
        << QByteArray(R"json({"ins_api":{"type":"cli_show"}})json")
        << QStringLiteral("outputs.output");
    QTest::newRow("empty body") << QByteArray() << QStringLiteral("cut short");
    QTest::newRow("cut inside a key")
        << full.left(full.indexOf("TABLE_") + 3) << QStringLiteral("cut short");
    QTest::newRow("binary") << QByteArray("\x1f\x8b\x08\x00\x00", 5) << QStringLiteral("not JSON");
    QTest::newRow("garbage after the response")
        << QByteArray(R"json({"output":{"code":"200","body":{}}} trailing)json")
        << QStringLiteral("at byte 36");
    QTest::newRow("trailing comma")
        << QByteArray(R"json({"output":{"code":"200",}})json") << QStringLiteral("at byte 24");
    QTest::newRow("invalid utf-8 in a body")
        << QByteArray("{\"output\":{\"code\":\"200\",\"body\":{\"x\":\"\xff\"}}}")
        << QStringLiteral("UTF-8");
}

void TestNxapiParsers::responseErrors()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, expected);
    const auto r = parseNxapiResponse(body);
    QVERIFY(!r);
    QCOMPARE(r.error().code, roce::ErrorCode::Parse);
    QVERIFY2(r.error().message.contains(expected), qPrintable(r.error().message));
}

void TestNxapiParsers::truncatedPollsAreCutShort()
{
    // A 48-port poll cut anywhere (the connection dropped mid-body) is a Parse error that
    // says so, never a partial snapshot or a crash.
    const QByteArray full = fixture(QStringLiteral("sim/poll_batch_48port.json"));
    for (qsizetype n = 0; n < full.size(); n += 4099) {
        const auto r = parseNxapiResponse(full.left(n));
        QVERIFY(!r);
        QVERIFY2(r.error().message.contains(QLatin1String("cut short")),
                 qPrintable(r.error().message));
    }
}

void TestNxapiParsers::garbageResponsesNeverCrash()
{
    // Bytes flipped anywhere in a real poll: either the response is rejected, or whatever
    // still parses goes through every body parser without crashing.
    const QByteArray full = fixture(QStringLiteral("sim/poll_batch_reference.json"));
    QRandomGenerator rng(7);
    int parsed = 0;
    for (int round = 0; round < 400; ++round) {
        QByteArray body = full;
        for (int flips = 1 + int(rng.bounded(8)); flips > 0; --flips)
            body[int(rng.bounded(quint32(body.size())))] = char(rng.bounded(256));
        const auto outputs = parseNxapiResponse(body);
        if (!outputs)
            continue;
        ++parsed;
        SwitchSnapshot s;
        for (const CommandOutput &o : *outputs)
            applyCommandOutput(o, s);
    }
    QVERIFY(parsed > 0);
}

void TestNxapiParsers::malformedBodies_data()
{
    QTest::addColumn<QString>("command");
    QTest::addColumn<QByteArray>("body");
    const QStringList commands {QStringLiteral("show interface"),
                                QStringLiteral("show interface counters"),
                                QStringLiteral("show interface counters errors"),
                                QStringLiteral("show interface priority-flow-control"),
                                QStringLiteral("show queuing interface"),
                                QStringLiteral("show lldp neighbors detail"),
                                QStringLiteral("show version")};
    const QList<QByteArray> bodies {
        R"json({})json",
        R"json({"TABLE_interface":"x","TABLE_module":[1,2]})json",
        R"json({"TABLE_interface":{"ROW_interface":42}})json",
        R"json({"TABLE_interface":{"ROW_interface":["a",null,[{}],{"interface":{}}]}})json",
        R"json({"TABLE_module":{"ROW_module":{"TABLE_queuing_interface":{"ROW_queuing_interface":
            {"if_name_str":"Ethernet1/1","TABLE_qosgrp_egress_stats":{"ROW_qosgrp_egress_stats":
            [{"eq-qosgrp":{},"TABLE_qosgrp_egress_stats_entry":7},{"eq-qosgrp":"3",
            "TABLE_qosgrp_egress_stats_entry":{"ROW_qosgrp_egress_stats_entry":[{"eq-stat-type":1,
            "eq-stat-units":[],"eq-uc-stat-value":"-5"}]}}]},"TABLE_pfc_stats":{"ROW_pfc_stats":
            {"cos":"x"}}}}}}})json",
        R"json({"TABLE_pfc_interface":{"ROW_pfc_interface":{"if_name_str":"Eth1/1",
            "oper":"On (zz)","rx-stats":"99999999999999999999999","tx-stats":1e300}}})json",
        R"json({"TABLE_nbor_detail":{"ROW_nbor_detail":{"l_port_id":"","ttl":-1}},
            "host_name":["x"],"kern_uptm_days":"1.5"})json",
        R"json({"TABLE_rx_counters":{"ROW_rx_counters":{"interface_rx":"Ethernet1/1",
            "eth_inbytes":"12\u0033","eth_outbytes":" 7 "}}})json",
    };
    for (const QString &command : commands) {
        for (qsizetype i = 0; i < bodies.size(); ++i) {
            QTest::addRow("%s #%lld", qPrintable(command), qint64(i)) << command << bodies[i];
        }
    }
    // Text bodies (cli_show_ascii) cut short or of another command.
    const QJsonObject ascii
        = QJsonDocument::fromJson(fixture(QStringLiteral("sim/show_queuing_interface_ascii.json")))
              .object();
    const QString text = ascii.value(QStringLiteral("ins_api"))
                             .toObject()
                             .value(QStringLiteral("outputs"))
                             .toObject()
                             .value(QStringLiteral("output"))
                             .toObject()
                             .value(QStringLiteral("body"))
                             .toString();
    for (const QString &command : commands) {
        QTest::addRow("%s text cut", qPrintable(command))
            << command
            << QJsonDocument(QJsonArray {text.left(text.size() / 3)})
                   .toJson(QJsonDocument::Compact);
    }
}

void TestNxapiParsers::malformedBodies()
{
    // Bodies of the wrong shape or with wrong types: the parser takes what it can, records
    // an issue for the rest, and never crashes.
    QFETCH(QString, command);
    QFETCH(QByteArray, body);
    CommandOutput o;
    o.input = command;
    const QJsonDocument doc = QJsonDocument::fromJson(body);
    QVERIFY(doc.isObject() || doc.isArray());
    o.body = doc.isObject() ? QJsonValue(doc.object()) : doc.array().first();
    SwitchSnapshot s;
    applyCommandOutput(o, s);
    // The same body read from a response envelope behaves the same.
    const QJsonObject output {{QStringLiteral("code"), QStringLiteral("200")},
                              {QStringLiteral("input"), command},
                              {QStringLiteral("body"), o.body.toJsonValue()}};
    const QByteArray envelope
        = QJsonDocument(QJsonObject {{QStringLiteral("output"), output}}).toJson();
    const auto outputs = parseNxapiResponse(envelope);
    QVERIFY2(outputs, qPrintable(outputs ? QString() : outputs.error().message));
    SwitchSnapshot fromEnvelope;
    applyCommandOutput(outputs->first(), fromEnvelope);
    QCOMPARE(snapshotToJson(fromEnvelope), snapshotToJson(s));
    for (const PortStatus &p : std::as_const(s.ports))
        QVERIFY(!p.name.isEmpty());
}

void TestNxapiParsers::batchedPollResponse()
{
    // One batched response, five commands, reference fabric under pfc-incast.
    const SwitchSnapshot s = decode(QStringLiteral("sim/poll_batch_reference.json"));
    QVERIFY2(s.issues.isEmpty(), qPrintable(s.issues.value(0).message));
    QVERIFY(s.version);
    QCOMPARE(s.version->hostName, QStringLiteral("nexus-roce"));
    QVERIFY(s.lldpReported);
    QVERIFY(s.lldpNeighbors.size() >= 4);
    const PortStatus *p = s.findPort(QStringLiteral("Ethernet1/1/1"));
    QVERIFY(p && p->pfc && p->queuing && p->counters.has(PortCounter::InBytes));
    // 429 as the switch sends it when sessions run out.
    const SwitchSnapshot busy
        = decode(QStringLiteral("sim/max_sessions_429.json"), QStringLiteral("show version"));
    QCOMPARE(busy.issues.size(), 1);
    QCOMPARE(busy.issues[0].code, 429);
    QVERIFY(busy.issues[0].message.contains(QLatin1String("Internal Server error"))
            || busy.issues[0].message.contains(QLatin1String("Max sessions")));
    const SwitchSnapshot harvest
        = decode(QStringLiteral("errors/harvest_outputs_429_max_sessions.json"));
    QCOMPARE(harvest.issues.size(), 1);
    QCOMPARE(harvest.issues[0].code, 429);
}

void TestNxapiParsers::runningConfigQos()
{
    const auto c
        = parseRunningConfigQos(fixtureText(QStringLiteral("config/seed_running_config.txt")));
    QVERIFY(c);
    const ClassMap *roce = c->findClassMap(QStringLiteral("qos"), QStringLiteral("ROCE"));
    QVERIFY(roce);
    QCOMPARE(roce->matchDscp, QList<int> {26});
    const PolicyMap *nq
        = c->findPolicy(QStringLiteral("network-qos"), QStringLiteral("QOS_NETWORK"));
    QVERIFY(nq);
    QCOMPARE(nq->findClass(QStringLiteral("c-8q-nq3"))->pausePfcCos, QList<int> {3});
    QCOMPARE(nq->findClass(QStringLiteral("c-8q-nq3"))->mtu, 9216);
    const PolicyMap *q
        = c->findPolicy(QStringLiteral("queuing"), QStringLiteral("QOS_EGRESS_PORT"));
    const PolicyClass *q3 = q->findClass(QStringLiteral("c-out-8q-q3"));
    QVERIFY(q3->randomDetect && q3->ecn);
    QCOMPARE(q3->wredProfile, QStringLiteral("burst-optimized"));
    QVERIFY(!q3->wredMinBytes);
    QCOMPARE(q->findClass(QStringLiteral("c-out-8q-q7"))->priorityLevel, 1);
    QCOMPARE(c->systemNetworkQos, QStringLiteral("QOS_NETWORK"));
    QCOMPARE(c->systemQueuingOutput, QStringLiteral("QOS_EGRESS_PORT"));
    const InterfaceConfig *e = c->findInterface(QStringLiteral("Eth1/2/1"));
    QVERIFY(e);
    QCOMPARE(e->pfcMode, QStringLiteral("on"));
    QCOMPARE(e->mtu, 9216);
    QCOMPARE(e->qosInputPolicy, QStringLiteral("QOS_CLASSIFICATION"));
    QVERIFY(!c->pfcWatchdogGlobal);
    // Ranges and names.
    QCOMPARE(parseDscpList(QStringLiteral("24-26,46 af41")), (QList<int> {24, 25, 26, 46, 34}));
    // An error page is not a configuration.
    QVERIFY(!parseRunningConfigQos(QStringLiteral("% Permission denied\n")));
    // The correct variant: explicit thresholds and the watchdog.
    const auto good
        = parseRunningConfigQos(fixtureText(QStringLiteral("config/correct_running_config.txt")));
    QVERIFY(good && good->pfcWatchdogGlobal);
    const PolicyClass *nq3
        = good->findPolicy(QStringLiteral("network-qos"), QStringLiteral("QOS_NETWORK"))
              ->findClass(QStringLiteral("c-8q-nq3"));
    QCOMPARE(nq3->pauseThreshold, quint64(1200000));
    QCOMPARE(nq3->resumeThreshold, quint64(100000));
    QCOMPARE(nq3->pausePfcCos, QList<int> {3});
    const PolicyClass *gq3
        = good->findPolicy(QStringLiteral("queuing"), QStringLiteral("QOS_EGRESS_PORT"))
              ->findClass(QStringLiteral("c-out-8q-q3"));
    QCOMPARE(gq3->wredMinBytes, quint64(150000));
    QCOMPARE(gq3->wredMaxBytes, quint64(1000000));
}

void TestNxapiParsers::counterDeltaWrapAndReset()
{
    QCOMPARE(counterDelta(100, 150, 1, 0), quint64(50));
    // 32-bit wrap: plausible under the bound.
    QCOMPARE(counterDelta(0xFFFFFF00u, 0x100, 1, 1e6), quint64(0x200));
    // 64-bit wrap.
    QCOMPARE(counterDelta(~quint64(0) - 99, 400, 1, 1e6), quint64(500));
    // Falling to exactly zero is a reset, even where a wrap would be plausible.
    QVERIFY(!counterDelta(0xFFFFFF00u, 0, 1, 1e9));
    // Lower half of 32 bits back to small: a reset (clear counters), not a wrap.
    QVERIFY(!counterDelta(2'000'000'000u, 1000, 1, 0));
    // Backwards on a 64-bit counter: a reset, never a huge delta.
    QVERIFY(!counterDelta(65962757720684ull, 1000, 1, 0));
    // A jump above line rate (e.g. back from a spurious zero): not a rate.
    QVERIFY(!counterDelta(0, 65962757720684ull, 1, 5e9));
}

void TestNxapiParsers::ratesAcrossCounterReset()
{
    auto snap = [](qint64 ms, quint64 inBytes, quint64 drops) {
        SwitchSnapshot s;
        s.takenMs = ms;
        PortStatus &p = s.port(QStringLiteral("Ethernet1/1/1"));
        p.bandwidthKbit = 25000000;  // 25G
        p.state = QStringLiteral("up");
        p.clearCounters = QStringLiteral("never");
        p.counters.set(PortCounter::InBytes, inBytes);
        p.queuing = QueuingStatus {};
        p.queuing->ingressMmuDropPkts = drops;
        return s;
    };
    SwitchRateModel model;
    QVERIFY(model.update(snap(1000, 1'000'000'000'000ull, 500)).isEmpty());  // baseline
    // 1 s later: 2.5 GB in = 20 Gb/s, 80 %; 1000 drops/s.
    QList<PortRates> r = model.update(snap(2000, 1'002'500'000'000ull, 1500));
    QCOMPARE(r.size(), 1);
    QCOMPARE(*r[0].value(roce::model::Metric::InBits), 20e9);
    QCOMPARE(*r[0].value(roce::model::Metric::InUtil), 80.0);
    QCOMPARE(*r[0].value(roce::model::Metric::MmuDrops), 1000.0);
    // A poll that came 40 ms late measures a line-rate second over 0.96 s: 104 % of the bytes,
    // but a port carries no more than its line rate.
    r = model.update(snap(2960, 1'005'625'000'000ull, 1500));
    QCOMPARE(*r[0].value(roce::model::Metric::InUtil), 100.0);
    // Reload: counters restart near zero. No rate, no spike, the reset is named.
    r = model.update(snap(3000, 1'000'000'000ull, 10));
    QVERIFY(!r[0].value(roce::model::Metric::InBits));
    QVERIFY(!r[0].value(roce::model::Metric::MmuDrops));
    QVERIFY(r[0].resets.contains(QStringLiteral("in_bytes")));
    QVERIFY(r[0].resets.contains(QStringLiteral("ingress_mmu_drop_pkts")));
    // And from the new baseline the rates are right again.
    r = model.update(snap(4000, 2'000'000'000ull, 30));
    QCOMPARE(*r[0].value(roce::model::Metric::InBits), 8e9);
    QCOMPARE(*r[0].value(roce::model::Metric::MmuDrops), 20.0);
    QVERIFY(r[0].resets.isEmpty());
    // A spurious zero (Harvest #4205) then the real value again: neither spikes.
    r = model.update(snap(5000, 0, 30));
    QVERIFY(!r[0].value(roce::model::Metric::InBits));
    r = model.update(snap(6000, 3'000'000'000ull, 30));
    QVERIFY2(!r[0].value(roce::model::Metric::InBits)
                 || *r[0].value(roce::model::Metric::InBits) <= 25e9 * 1.25,
             qPrintable(QString::number(r[0].value(roce::model::Metric::InBits).value_or(0))));
    // Absent counters stay absent: no ECN reported, no ECN rate.
    QVERIFY(!r[0].value(roce::model::Metric::Ecn));
}

void TestNxapiParsers::ratesClearCounters()
{
    auto snap = [](qint64 ms, quint64 pkts, const QString &cleared) {
        SwitchSnapshot s;
        s.takenMs = ms;
        PortStatus &p = s.port(QStringLiteral("Ethernet1/1"));
        p.clearCounters = cleared;
        p.counters.set(PortCounter::InPkts, pkts);
        return s;
    };
    SwitchRateModel model;
    model.update(snap(0, 100, QStringLiteral("never")));
    // `clear counters` between polls, and traffic made the counter larger than before anyway.
    const QList<PortRates> r = model.update(snap(1000, 5000, QStringLiteral("00:00:01")));
    QVERIFY(!r[0].value(roce::model::Metric::InPkts));
    QVERIFY(r[0].resets.contains(QStringLiteral("in_pkts")));
}

namespace {

SwitchSnapshot configSnapshot(const QString &text)
{
    SwitchSnapshot s;
    const auto c = parseRunningConfigQos(text);
    if (c)
        s.qosConfig = *c;
    return s;
}

RoceRecipe seedRecipe()
{
    RoceRecipe r;
    r.rocePorts = {QStringLiteral("Ethernet1/1/1"), QStringLiteral("Ethernet1/1/2"),
                   QStringLiteral("Ethernet1/2/1"), QStringLiteral("Ethernet1/2/2")};
    return r;
}

QList<HostQosFacts> goodHosts()
{
    QList<HostQosFacts> hosts;
    for (int i = 1; i <= 8; ++i) {
        HostQosFacts h;
        h.name = QStringLiteral("ubunturdma%1").arg(i);
        h.interface = QStringLiteral("ens192");
        h.mtu = 9000;
        h.pfcPriorities = 1u << 3;
        h.roceDscp = 26;
        hosts.append(h);
    }
    return hosts;
}

CheckStatus statusOf(const AuditReport &r, const QString &id)
{
    for (const AuditCheck &c : r.checks) {
        if (c.id == id)
            return c.status;
    }
    qFatal("no check %s", qPrintable(id));
}

}  // namespace

void TestNxapiParsers::auditSeedConfig()
{
    const SwitchSnapshot s
        = configSnapshot(fixtureText(QStringLiteral("config/seed_running_config.txt")));
    const AuditReport r = auditRoceQos(&*s.qosConfig, s, goodHosts(), seedRecipe());
    QCOMPARE(statusOf(r, QStringLiteral("roce_dscp_no_drop")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("pfc_cos_no_drop")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("pfc_ports")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("pfc_hosts")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("hosts_roce_dscp")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("cnp_strict_priority")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("wred_ecn_roce")), CheckStatus::Pass);
    // burst-optimized: the thresholds are not in the configuration, and there is no
    // queuing output in this offline audit.
    QCOMPARE(statusOf(r, QStringLiteral("threshold_order")), CheckStatus::Unknown);
    QCOMPARE(statusOf(r, QStringLiteral("mtu_switch")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("mtu_hosts")), CheckStatus::Pass);
    QCOMPARE(statusOf(r, QStringLiteral("pfc_watchdog")), CheckStatus::Fail);
    // Evidence names the config lines it read; the fix is NX-OS.
    const AuditCheck &first = r.checks.first();
    QVERIFY(first.evidence.join(QLatin1Char('\n')).contains(QLatin1String("match dscp 26")));
    QVERIFY(first.evidence.join(QLatin1Char('\n')).contains(QLatin1String("set qos-group 3")));
    for (const AuditCheck &c : r.checks) {
        if (c.id == QLatin1String("pfc_watchdog"))
            QCOMPARE(c.fix,
                     QStringList {QStringLiteral("priority-flow-control watch-dog-interval on")});
    }
    const QJsonObject json = auditToJson(r);
    QCOMPARE(json.value(QStringLiteral("failed")).toInt(), 1);
    QCOMPARE(json.value(QStringLiteral("checks")).toArray().size(), 11);
}

void TestNxapiParsers::auditCorrectConfig()
{
    const SwitchSnapshot s
        = configSnapshot(fixtureText(QStringLiteral("config/correct_running_config.txt")));
    const AuditReport r = auditRoceQos(&*s.qosConfig, s, goodHosts(), seedRecipe());
    for (const AuditCheck &c : r.checks)
        QVERIFY2(c.status == CheckStatus::Pass, qPrintable(c.id + QLatin1String(": ") + c.summary));
}

void TestNxapiParsers::auditSingleMistake_data()
{
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("failing");
    QTest::addColumn<QStringList>("consequences");  // checks that fail because of it
    QTest::newRow("RoCE DSCP not matched")
        << QStringLiteral("  match dscp 26\n") << QStringLiteral("  match dscp 24\n")
        << QStringLiteral("roce_dscp_no_drop") << QStringList {QStringLiteral("hosts_roce_dscp")};
    QTest::newRow("RoCE to the wrong group")
        << QStringLiteral("    set qos-group 3\n") << QStringLiteral("    set qos-group 4\n")
        << QStringLiteral("roce_dscp_no_drop")
        << QStringList {QStringLiteral("hosts_roce_dscp"), QStringLiteral("wred_ecn_roce")};
    QTest::newRow("classification not applied")
        << QStringLiteral("  service-policy type qos input QOS_CLASSIFICATION\n") << QString()
        << QStringLiteral("roce_dscp_no_drop") << QStringList {};
    QTest::newRow("PFC on the wrong CoS")
        << QStringLiteral("pfc-cos 3\n") << QStringLiteral("pfc-cos 4\n")
        << QStringLiteral("pfc_cos_no_drop")
        << QStringList {QStringLiteral("roce_dscp_no_drop"), QStringLiteral("hosts_roce_dscp")};
    QTest::newRow("PFC off on a port")
        << QStringLiteral("  description ubunturdma6 ens192\n  priority-flow-control mode on\n")
        << QStringLiteral("  description ubunturdma6 ens192\n") << QStringLiteral("pfc_ports")
        << QStringList {};
    QTest::newRow("CNP not strict") << QStringLiteral("    priority level 1\n")
                                    << QStringLiteral("    bandwidth remaining percent 0\n")
                                    << QStringLiteral("cnp_strict_priority") << QStringList {};
    QTest::newRow("WRED without ECN")
        << QStringLiteral("weight 0 ecn\n") << QStringLiteral("weight 0\n")
        << QStringLiteral("wred_ecn_roce") << QStringList {};
    QTest::newRow("WRED max above xOFF") << QStringLiteral("maximum-threshold 1000 kbytes")
                                         << QStringLiteral("maximum-threshold 3000 kbytes")
                                         << QStringLiteral("threshold_order") << QStringList {};
    QTest::newRow("xON above WRED min")
        << QStringLiteral("resume-threshold 100000") << QStringLiteral("resume-threshold 200000")
        << QStringLiteral("threshold_order") << QStringList {};
    QTest::newRow("MTU 1500 on a port")
        << QStringLiteral(
               "  description esxi-b vmnic3\n  priority-flow-control mode on\n  mtu 9216\n")
        << QStringLiteral(
               "  description esxi-b vmnic3\n  priority-flow-control mode on\n  mtu 1500\n")
        << QStringLiteral("mtu_switch") << QStringList {};
    QTest::newRow("no watchdog") << QStringLiteral("priority-flow-control watch-dog-interval on\n")
                                 << QString() << QStringLiteral("pfc_watchdog") << QStringList {};
}

void TestNxapiParsers::auditSingleMistake()
{
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, failing);
    QString text = fixtureText(QStringLiteral("config/correct_running_config.txt"));
    QVERIFY2(text.contains(from), qPrintable(from));
    text.replace(from, to);
    const SwitchSnapshot s = configSnapshot(text);
    QVERIFY(s.qosConfig);
    const AuditReport r = auditRoceQos(&*s.qosConfig, s, goodHosts(), seedRecipe());
    for (const AuditCheck &c : r.checks) {
        if (c.id == failing) {
            QVERIFY2(c.status == CheckStatus::Fail, qPrintable(c.summary));
            QVERIFY2(!c.fix.isEmpty(), qPrintable(c.id));
        }
    }
    // Exactly that mistake fails, plus what follows from it (RoCE outside the no-drop
    // class also fails the host DSCP check, and so on).
    QFETCH(QStringList, consequences);
    QStringList expected = consequences;
    expected.prepend(failing);
    QStringList actual;
    for (const AuditCheck &c : r.checks) {
        if (c.status == CheckStatus::Fail)
            actual.append(c.id);
    }
    expected.sort();
    actual.sort();
    QCOMPARE(actual, expected);
}

void TestNxapiParsers::auditHostMistakes()
{
    const SwitchSnapshot s
        = configSnapshot(fixtureText(QStringLiteral("config/correct_running_config.txt")));
    QList<HostQosFacts> hosts = goodHosts();
    hosts[2].mtu = 1500;
    hosts[4].pfcPriorities = 1u << 4;
    hosts[6].roceDscp = 34;
    const AuditReport r = auditRoceQos(&*s.qosConfig, s, hosts, seedRecipe());
    QCOMPARE(statusOf(r, QStringLiteral("mtu_hosts")), CheckStatus::Fail);
    QCOMPARE(statusOf(r, QStringLiteral("pfc_hosts")), CheckStatus::Fail);
    QCOMPARE(statusOf(r, QStringLiteral("hosts_roce_dscp")), CheckStatus::Fail);
    QCOMPARE(r.count(CheckStatus::Fail), 3);
    for (const AuditCheck &c : r.checks) {
        if (c.id == QLatin1String("mtu_hosts")) {
            QVERIFY(c.summary.contains(QLatin1String("ubunturdma3")));
            QVERIFY(c.fix.join(QString()).contains(QLatin1String("mtu 9000")));
        }
    }
    // Host facts from JSON, as `rocectl audit --hosts` reads them.
    const auto facts = hostFactsFromJson(
        R"json([{"name":"h1","interface":"ens1f0np0","mtu":9000,"pfc_priorities":[3],"roce_dscp":26}])json");
    QVERIFY(facts);
    QCOMPARE(facts->first().pfcPriorities, quint8(8));
    QVERIFY(!hostFactsFromJson(R"json([{"mtu":9000}])json"));
    QVERIFY(!hostFactsFromJson("{"));
}

void TestNxapiParsers::auditWithoutConfigIsUnknown()
{
    const AuditReport r = auditRoceQos(nullptr, SwitchSnapshot {}, {});
    QCOMPARE(r.count(CheckStatus::Pass), 0);
    QCOMPARE(r.count(CheckStatus::Fail), 0);
    QCOMPARE(r.count(CheckStatus::Unknown), int(r.checks.size()));
}

void TestNxapiParsers::lldpctlJson0()
{
    // lldpd's json0 shape (lldpd tests/integration/test_lldpcli.py), with a Nexus neighbour.
    const QByteArray json = R"json({"lldp":[{"interface":[
        {"name":"ens1f0np0","via":"LLDP","rid":"1","age":"0 day, 00:00:15",
         "chassis":[{"id":[{"type":"mac","value":"00:3A:9C:00:00:01"}],"name":[{"value":"nexus-roce.lab"}],
                     "descr":[{"value":"Cisco Nexus Operating System (NX-OS) Software 9.3(10)"}]}],
         "port":[{"id":[{"type":"ifname","value":"Eth1/2/1"}],"descr":[{"value":"ubunturdma4"}],
                  "ttl":[{"value":"120"}]}]},
        {"name":"eno1","via":"LLDP","rid":"2",
         "chassis":[{"id":[{"type":"mac","value":"00:00:00:00:00:02"}],"name":[{"value":"ns-2.example.com"}]}],
         "port":[{"id":[{"type":"mac","value":"00:00:00:00:00:02"}],"descr":[{"value":"eth1"}]}]}]}]})json";
    const auto n = parseLldpctlJson0(json);
    QVERIFY(n);
    QCOMPARE(n->size(), 2);
    QCOMPARE(n->at(0).localInterface, QStringLiteral("ens1f0np0"));
    QCOMPARE(n->at(0).chassisName, QStringLiteral("nexus-roce.lab"));
    QCOMPARE(n->at(0).chassisId, QStringLiteral("00:3a:9c:00:00:01"));
    QCOMPARE(n->at(0).portId, QStringLiteral("Ethernet1/2/1"));  // abbreviated name normalized
    QCOMPARE(n->at(1).portId, QStringLiteral("00:00:00:00:00:02"));
    // -f json changes shape with the neighbour count: refused with the fix in the message.
    const auto plain
        = parseLldpctlJson0(R"json({"lldp":{"interface":{"eth0":{"via":"LLDP"}}}})json");
    QVERIFY(!plain);
    QVERIFY(plain.error().message.contains(QLatin1String("json0")));
}

void TestNxapiParsers::topologyDiscovery()
{
    SwitchSnapshot s;
    LldpNeighbor byMac;
    byMac.localPort = QStringLiteral("Ethernet1/1/1");
    byMac.chassisId = QStringLiteral("00:50:56:00:01:05");
    byMac.portId = QStringLiteral("b8:ce:f6:00:00:05");
    byMac.portDescription = QStringLiteral("ens192");
    LldpNeighbor byName;
    byName.localPort = QStringLiteral("Ethernet1/1/2");
    byName.chassisId = QStringLiteral("de:ad:be:ef:00:06");
    byName.portId = QStringLiteral("ens192");
    byName.systemName = QStringLiteral("ubunturdma6.lab");
    LldpNeighbor mgmt;
    mgmt.localPort = QStringLiteral("mgmt0");
    mgmt.systemName = QStringLiteral("oob-switch");
    s.lldpNeighbors = {byMac, byName, mgmt};
    s.lldpReported = true;
    const QList<InventoryHost> inventory {
        {QStringLiteral("ubunturdma5"),
         {QStringLiteral("0050.5600.0105")},
         {QStringLiteral("ens192")},
         {}},
        {QStringLiteral("ubunturdma6"), {}, {QStringLiteral("ens192")}, {}},
        {QStringLiteral("ubunturdma4"), {}, {QStringLiteral("ens1f0np0")}, {}},
        {QStringLiteral("ubunturdma7"), {}, {QStringLiteral("ens192")}, QStringLiteral("Eth1/1/1")},
        {QStringLiteral("oob-switch"), {}, {}, {}}};
    HostLldpNeighbor seen;
    seen.localInterface = QStringLiteral("ens1f0np0");
    seen.chassisName = QStringLiteral("nexus-roce.lab");
    seen.portId = QStringLiteral("Ethernet1/2/1");
    const QHash<QString, QList<HostLldpNeighbor>> hostSide {
        {QStringLiteral("ubunturdma4"), {seen}}};
    const QList<TopologyLink> links
        = discoverTopology(QStringLiteral("nexus-roce"), s, hostSide, inventory);
    QCOMPARE(links.size(), 4);
    QCOMPARE(links[0].switchPort, QStringLiteral("Ethernet1/1/1"));
    QCOMPARE(links[0].host, QStringLiteral("ubunturdma5"));  // dotted MAC in the inventory
    QCOMPARE(links[0].hostInterface, QStringLiteral("ens192"));
    QCOMPARE(links[0].source, TopologyLink::Source::SwitchLldp);
    QCOMPARE(links[1].host, QStringLiteral("ubunturdma6"));  // port ID = interface name
    QCOMPARE(links[2].host, QStringLiteral("ubunturdma4"));
    QCOMPARE(links[2].switchPort, QStringLiteral("Ethernet1/2/1"));
    QCOMPARE(links[2].source, TopologyLink::Source::HostLldp);
    QCOMPARE(links[3].host, QStringLiteral("ubunturdma7"));  // behind a hypervisor: typed
    QCOMPARE(links[3].switchPort, QStringLiteral("Ethernet1/1/1"));
    QCOMPARE(links[3].source, TopologyLink::Source::Inventory);
    // mgmt0 neighbours are not fabric links.
    for (const TopologyLink &l : links)
        QVERIFY(l.host != QLatin1String("oob-switch"));
}

void TestNxapiParsers::countersBeyond64Bits()
{
    // Found by fuzzing: a JSON number of 2^64 or more was converted to quint64 (undefined
    // behaviour). It is no counter: absent, while the largest 64-bit value still reads exactly.
    const QJsonObject body = QJsonDocument::fromJson(R"json({"TABLE_interface":{"ROW_interface":
        {"interface":"Ethernet1/1","eth_inbytes":1e20,"eth_outbytes":18446744073709551615,
         "eth_inpkts":18446744073709551616}}})json")
                                 .object();
    SwitchSnapshot s;
    QVERIFY(parseShowInterface(body, s));
    const PortStatus *p = s.findPort(QStringLiteral("Ethernet1/1"));
    QVERIFY(p);
    QVERIFY(!p->counters.has(PortCounter::InBytes));
    QVERIFY(!p->counters.has(PortCounter::InPkts));
    // QJsonObject keeps it as a double: 2^64 - 1 rounds to 2^64 there. Through the reader
    // (the poll path) the digits are read exactly.
    const auto response = parseNxapiResponse(R"json({"ins_api":{"outputs":{"output":{
        "input":"show interface","code":"200","body":{"TABLE_interface":{"ROW_interface":
        {"interface":"Ethernet1/1","eth_outbytes":18446744073709551615,"eth_inbytes":3e19}}}}}}})json");
    QVERIFY(response);
    SwitchSnapshot poll;
    applyCommandOutput(response->first(), poll);
    QVERIFY(poll.issues.isEmpty());
    QCOMPARE(poll.ports.first().counters.value(PortCounter::OutBytes),
             std::optional<quint64>(18446744073709551615ULL));
    QVERIFY(!poll.ports.first().counters.has(PortCounter::InBytes));
}

void TestNxapiParsers::queuingTextWithoutEgressChangesNothing()
{
    // Found by fuzzing: an ingress block was applied before the parser found no egress block
    // and refused the text, against the contract "a body of the wrong shape changes nothing".
    const QString text
        = QStringLiteral("Ingress Queuing for Ethernet2/1\n"
                         "Port Ingress Statistics\n"
                         "Ingress MMU Drop Pkts 10\n"
                         "TxPPP:                    11, RxPPP:                    12\n");
    SwitchSnapshot s;
    s.port(QStringLiteral("Ethernet1/1")).mtu = 9216;
    const auto r = parseShowQueuingText(text, s);
    QVERIFY(!r);
    QCOMPARE(s.ports.size(), 1);
    QVERIFY(!s.ports.first().queuing);
    QVERIFY(!s.findPort(QStringLiteral("Ethernet2/1")));
    // With its egress block the same text is read, ingress data included.
    QVERIFY(parseShowQueuingText(QStringLiteral("Egress Queuing for Ethernet2/1 [System]\n") + text,
                                 s));
    const PortStatus *p = s.findPort(QStringLiteral("Ethernet2/1"));
    QVERIFY(p && p->queuing);
    QCOMPARE(p->queuing->ingressMmuDropPkts, std::optional<quint64>(10));
    QCOMPARE(p->queuing->txPpp, std::optional<quint64>(11));
}

void TestNxapiParsers::versionUptimeBeyond64Bits()
{
    // Found reading the code (the fuzzer did not get there): days * 24 overflowed a qint64,
    // undefined behaviour. Such an uptime is no uptime.
    const auto huge = parseShowVersion(QJsonDocument::fromJson(R"json({"host_name":"n9k",
        "kern_uptm_days":"9223372036854775807","kern_uptm_hrs":"1","kern_uptm_mins":"1",
        "kern_uptm_secs":"1"})json")
                                           .object());
    QVERIFY(huge);
    QVERIFY(!huge->uptimeSeconds);
    const auto fine = parseShowVersion(QJsonDocument::fromJson(R"json({"host_name":"n9k",
        "kern_uptm_days":"2","kern_uptm_hrs":"3","kern_uptm_mins":"4","kern_uptm_secs":"5"})json")
                                           .object());
    QVERIFY(fine);
    QCOMPARE(fine->uptimeSeconds, std::optional<qint64>(((2 * 24 + 3) * 60 + 4) * 60 + 5));
}

void TestNxapiParsers::jsonRpcIdOfIntMin()
{
    // Found reading the code: id - 1 overflowed an int for an id of INT_MIN (undefined
    // behaviour). An id that names no sent command leaves the input empty.
    const auto r = parseNxapiResponse(
        R"json([{"jsonrpc":"2.0","id":-2147483648,"result":{"body":{"a":"1"}}},
               {"jsonrpc":"2.0","id":2,"result":{"body":{"b":"2"}}}])json",
        {QStringLiteral("show version"), QStringLiteral("show interface")});
    QVERIFY(r);
    QCOMPARE(r->size(), 2);
    QVERIFY(r->at(0).input.isEmpty() || r->at(0).input == QStringLiteral("show version"));
    QCOMPARE(r->at(1).input, QStringLiteral("show interface"));
}

// A header whose state this parser does not know: its block is reported and not read.
void TestNxapiParsers::interfaceTextHeaderWithUnknownStateIsReported()
{
    SwitchSnapshot s;
    const QString text = QStringLiteral("Ethernet1/1 is up\n"
                                        "  RX\n"
                                        "    10 input packets  1000 bytes\n"
                                        "Ethernet1/2 is err-disabled\n"
                                        "  RX\n"
                                        "    99 input packets  9900 bytes\n");
    QVERIFY(parseShowInterfaceText(text, s));
    QCOMPARE(s.findPort(QStringLiteral("Ethernet1/1"))->counters.value(PortCounter::InPkts),
             quint64(10));
    QCOMPARE(s.findPort(QStringLiteral("Ethernet1/1"))->counters.value(PortCounter::InBytes),
             quint64(1000));
    QVERIFY(!s.findPort(QStringLiteral("Ethernet1/2")));
    QCOMPARE(s.issues.size(), 1);
    QCOMPARE(s.issues[0].subject, QStringLiteral("Ethernet1/2"));
    QVERIFY2(s.issues[0].message.contains(QStringLiteral("line 4")),
             qPrintable(s.issues[0].message));
}

// A header not seen as one at all: the counters after it repeat those of the block before,
// and are reported instead of overwriting the neighbour's.
void TestNxapiParsers::interfaceTextLostHeaderIsNeverMerged()
{
    SwitchSnapshot s;
    const QString text = QStringLiteral("Ethernet1/1 is up\n"
                                        "  RX\n"
                                        "    10 input packets  1000 bytes\n"
                                        "  TX\n"
                                        "    20 output packets  2000 bytes\n"
                                        "*** Ethernet1/2 is up\n"
                                        "  RX\n"
                                        "    99 input packets  9900 bytes\n"
                                        "  TX\n"
                                        "    88 output packets  8800 bytes\n");
    QVERIFY(parseShowInterfaceText(text, s));
    const PortStatus *e1 = s.findPort(QStringLiteral("Ethernet1/1"));
    QCOMPARE(e1->counters.value(PortCounter::InPkts), quint64(10));
    QCOMPARE(e1->counters.value(PortCounter::InBytes), quint64(1000));
    QCOMPARE(e1->counters.value(PortCounter::OutPkts), quint64(20));
    QCOMPARE(e1->counters.value(PortCounter::OutBytes), quint64(2000));
    QCOMPARE(s.issues.size(), 1);
    QCOMPARE(s.issues[0].subject, QStringLiteral("line 8"));
    QVERIFY2(s.issues[0].message.contains(QStringLiteral("Ethernet1/1")),
             qPrintable(s.issues[0].message));
}

// Counters before any RX/TX line on a line that names no direction: not guessed.
void TestNxapiParsers::interfaceTextCountersWithoutDirection()
{
    SwitchSnapshot s;
    QVERIFY(parseShowInterfaceText(QStringLiteral("mgmt0 is up\n"
                                                  "143696673 unicast packets 5744260 multicast "
                                                  "packets\n"
                                                  "  Rx\n"
                                                  "    7 input packets 70 bytes\n"),
                                   s));
    const PortStatus *m = s.findPort(QStringLiteral("mgmt0"));
    QVERIFY(!m->counters.has(PortCounter::InUcast));
    QVERIFY(!m->counters.has(PortCounter::OutUcast));
    QCOMPARE(m->counters.value(PortCounter::InBytes), quint64(70));
    QCOMPARE(s.issues.size(), 1);
    QCOMPARE(s.issues[0].subject, QStringLiteral("mgmt0"));
}

void TestNxapiParsers::counterTableRowThatDoesNotFit()
{
    SwitchSnapshot s;
    const QString text = QStringLiteral(
        "----------------------------------------------------------------------------------\n"
        "Port                                     InOctets                      InUcastPkts\n"
        "----------------------------------------------------------------------------------\n"
        "Eth1/1                                       1234                              12\n"
        "Eth1/2                                       5678\n"
        "Vlan2                                          --                              --\n");
    QVERIFY(parseShowInterfaceCountersText(text, s));
    QCOMPARE(s.findPort(QStringLiteral("Ethernet1/1"))->counters.value(PortCounter::InBytes),
             quint64(1234));
    QVERIFY(!s.findPort(QStringLiteral("Ethernet1/2")));
    QVERIFY(s.findPort(QStringLiteral("Vlan2"))->counters.empty());  // "--" is absent
    QCOMPARE(s.issues.size(), 1);
    QCOMPARE(s.issues[0].subject, QStringLiteral("Eth1/2"));
    QVERIFY(!parseShowInterfaceCountersText(QStringLiteral("no table here\n"), s));
}

void TestNxapiParsers::lldpTextNeighbourWithoutLocalPort()
{
    SwitchSnapshot s;
    QVERIFY(parseShowLldpNeighborsDetailText(QStringLiteral("Chassis id: 0014.1c57.a48b\n"
                                                            "Port id: Fa1/0/9\n"
                                                            "System Name: sw1\n"
                                                            "Time remaining: 91 seconds\n"),
                                             s));
    QVERIFY(s.lldpReported);
    QVERIFY(s.lldpNeighbors.isEmpty());
    QCOMPARE(s.issues.size(), 1);
    QCOMPARE(s.issues[0].subject, QStringLiteral("00:14:1c:57:a4:8b"));
}

QTEST_GUILESS_MAIN(TestNxapiParsers)
#include "tst_nxapiparsers.moc"
