// The simulated switch's NX-API endpoint, talked to with a plain HTTP client (Qt's
// QNetworkAccessManager), bodies compared with the structures of REFERENCE-FORMATS §4.
#include "nxapi/client/response.h"
#include "nxapi/parse/qosconfig.h"
#include "sim/engine/makefabric.h"
#include "sim/scenarios/livescenario.h"
#include "sim/served/embeddedfabric.h"
#include "sim/served/nxapiserver.h"
#include "sim/served/nxosconfig.h"
#include "sim/served/nxosview.h"
#include "sim/served/simservice.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QNetworkAccessManager>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QSignalSpy>
#include <QSslSocket>
#include <QTcpSocket>
#include <QTest>

using namespace roce::sim;

namespace {

struct Response {
    int status = 0;
    QByteArray body;
    QJsonDocument json;
    QList<QNetworkReply::RawHeaderPair> headers;
    QNetworkReply::NetworkError error = QNetworkReply::NoError;
};

QJsonArray asList(const QJsonValue &v)
{
    return v.isArray() ? v.toArray() : QJsonArray {v};
}

QJsonObject path(const QJsonObject &o, const QStringList &keys)
{
    QJsonObject cur = o;
    for (const QString &k : keys)
        cur = cur.value(k).toObject();
    return cur;
}

/// Every scalar in an NX-OS 9.x/10.x body is a string (§4.5 quirk 2).
bool allScalarsAreStrings(const QJsonValue &v, QString *where)
{
    if (v.isObject()) {
        const QJsonObject o = v.toObject();
        for (auto it = o.begin(); it != o.end(); ++it) {
            if (!allScalarsAreStrings(it.value(), where)) {
                where->prepend(it.key() + QLatin1Char('.'));
                return false;
            }
        }
        return true;
    }
    if (v.isArray()) {
        for (const QJsonValue &e : v.toArray()) {
            if (!allScalarsAreStrings(e, where))
                return false;
        }
        return true;
    }
    return v.isString();
}

}  // namespace

class TestNxapiEndpoint : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<SimService> m_service;
    QNetworkAccessManager m_nam;

    Response post(const QUrl &url, const QByteArray &contentType, const QByteArray &payload,
                  const QByteArray &user = "admin", const QByteArray &password = "admin",
                  bool sendAuth = true)
    {
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, contentType);
        if (sendAuth)
            request.setRawHeader("Authorization",
                                 "Basic " + QByteArray(user + ':' + password).toBase64());
        QNetworkReply *reply = m_nam.post(request, payload);
        QSignalSpy done(reply, &QNetworkReply::finished);
        if (!done.wait(10000))
            qFatal("no answer from %s", qPrintable(url.toString()));
        Response r;
        r.status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        r.body = reply->readAll();
        r.json = QJsonDocument::fromJson(r.body);
        r.headers = reply->rawHeaderPairs();
        r.error = reply->error();
        reply->deleteLater();
        return r;
    }

    Response insApi(const QString &input, const QString &type = QStringLiteral("cli_show"))
    {
        const QJsonObject req {
            {QStringLiteral("ins_api"),
             QJsonObject {{QStringLiteral("version"), QStringLiteral("1.0")},
                          {QStringLiteral("type"), type},
                          {QStringLiteral("chunk"), QStringLiteral("0")},
                          {QStringLiteral("sid"), QStringLiteral("1")},
                          {QStringLiteral("input"), input},
                          {QStringLiteral("output_format"), QStringLiteral("json")}}}};
        return post(m_service->nxapiHttpUrl(), "application/json", QJsonDocument(req).toJson());
    }

    QJsonObject output(const Response &r) const
    {
        return path(r.json.object(), {QStringLiteral("ins_api"), QStringLiteral("outputs")})
            .value(QStringLiteral("output"))
            .toObject();
    }

private slots:
    void initTestCase()
    {
        SimServiceOptions o;
        o.speed = 50;  // counters move quickly
        m_service = std::make_unique<SimService>(o);
        const auto started = m_service->start();
        QVERIFY2(started.ok(), started.ok() ? "" : qPrintable(started.error().message));
        QVERIFY(m_service->startScenario(QStringLiteral("pfc-incast")).ok());
        // Cookies are tested explicitly below; this client sends credentials every time.
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        QTest::qWait(300);  // 15 simulated seconds of incast
    }

    void showVersionEnvelopeAndBody()
    {
        const Response r = insApi(QStringLiteral("show version"));
        QCOMPARE(r.status, 200);
        const QJsonObject insApi = r.json.object().value(QStringLiteral("ins_api")).toObject();
        QCOMPARE(insApi.value(QStringLiteral("type")).toString(), QStringLiteral("cli_show"));
        QCOMPARE(insApi.value(QStringLiteral("sid")).toString(), QStringLiteral("eoc"));
        const QJsonObject out = output(r);
        QCOMPARE(out.value(QStringLiteral("code")).toString(), QStringLiteral("200"));  // a string
        QCOMPARE(out.value(QStringLiteral("msg")).toString(), QStringLiteral("Success"));
        QCOMPARE(out.value(QStringLiteral("input")).toString(), QStringLiteral("show version"));
        const QJsonObject body = out.value(QStringLiteral("body")).toObject();
        for (const char *key : {"nxos_ver_str", "chassis_id", "host_name", "bios_ver_str", "memory",
                                "kern_uptm_days", "proc_board_id"})
            QVERIFY2(body.contains(QLatin1String(key)), key);
        QCOMPARE(body.value(QStringLiteral("host_name")).toString(), QStringLiteral("nexus-roce"));
        QString where;
        QVERIFY2(allScalarsAreStrings(body, &where), qPrintable(where));
    }

    void showInterfaceRowsAndSingleRowQuirk()
    {
        Response r = insApi(QStringLiteral("show interface"));
        QJsonObject body = output(r).value(QStringLiteral("body")).toObject();
        const QJsonValue rows = body.value(QStringLiteral("TABLE_interface"))
                                    .toObject()
                                    .value(QStringLiteral("ROW_interface"));
        QVERIFY(rows.isArray());
        QCOMPARE(rows.toArray().size(), 8);
        const QJsonObject row = rows.toArray().first().toObject();
        for (const char *key :
             {"interface", "state", "eth_bw", "eth_mtu", "eth_inrate1_bits", "eth_outrate1_bits",
              "eth_inbytes", "eth_outbytes", "eth_inpkts", "eth_outpkts", "eth_indiscard",
              "eth_inpause", "eth_outpause", "eth_load_interval1_rx", "eth_hw_addr"})
            QVERIFY2(row.contains(QLatin1String(key)), key);
        QCOMPARE(row.value(QStringLiteral("eth_bw")).toString(),
                 QStringLiteral("25000000"));  // Kbit
        QVERIFY(row.value(QStringLiteral("eth_hw_addr"))
                    .toString()
                    .contains(QLatin1Char('.')));  // dotted MAC
        QString where;
        QVERIFY2(allScalarsAreStrings(body, &where), qPrintable(where));

        // One interface: ROW_interface is an object, not a list.
        r = insApi(QStringLiteral("show interface ethernet1/2/1"));
        body = output(r).value(QStringLiteral("body")).toObject();
        const QJsonValue one = body.value(QStringLiteral("TABLE_interface"))
                                   .toObject()
                                   .value(QStringLiteral("ROW_interface"));
        QVERIFY(one.isObject());
        QCOMPARE(one.toObject().value(QStringLiteral("interface")).toString(),
                 QStringLiteral("Ethernet1/2/1"));
        // The abbreviated spelling names the same port.
        r = insApi(QStringLiteral("show interface Eth1/2/1"));
        QCOMPARE(output(r).value(QStringLiteral("code")).toString(), QStringLiteral("200"));
    }

    void countersHaveTwoRowSetsPerInterface()
    {
        const QJsonObject body = output(insApi(QStringLiteral("show interface counters")))
                                     .value(QStringLiteral("body"))
                                     .toObject();
        const QJsonArray rx = asList(body.value(QStringLiteral("TABLE_rx_counters"))
                                         .toObject()
                                         .value(QStringLiteral("ROW_rx_counters")));
        int rowsForPort = 0;
        bool mgmtHasPkts = false;
        for (const QJsonValue &v : rx) {
            const QJsonObject o = v.toObject();
            if (o.value(QStringLiteral("interface_rx")).toString()
                == QLatin1String("Ethernet1/1/1"))
                ++rowsForPort;
            if (o.value(QStringLiteral("interface_rx")).toString() == QLatin1String("mgmt0"))
                mgmtHasPkts = o.contains(QStringLiteral("eth_inpkts"))
                    && !o.contains(QStringLiteral("eth_inbytes"));
        }
        QCOMPARE(rowsForPort, 2);
        QVERIFY(mgmtHasPkts);
        const QJsonObject errors = output(insApi(QStringLiteral("show interface counters errors")))
                                       .value(QStringLiteral("body"))
                                       .toObject();
        const QJsonArray erows = asList(errors.value(QStringLiteral("TABLE_interface"))
                                            .toObject()
                                            .value(QStringLiteral("ROW_interface")));
        QVERIFY(erows.size() >= 3 * 8);
        QVERIFY(erows.first().toObject().contains(
            QStringLiteral("interface")));  // not interface_rx here
    }

    void pfcUsesHyphenatedKeysAndCountsPauses()
    {
        const QJsonObject body
            = output(insApi(QStringLiteral("show interface priority-flow-control")))
                  .value(QStringLiteral("body"))
                  .toObject();
        const QJsonObject module
            = path(body, {QStringLiteral("TABLE_module"), QStringLiteral("ROW_module")});
        QCOMPARE(module.value(QStringLiteral("module_number")).toString(), QStringLiteral("1"));
        const QJsonArray rows = asList(module.value(QStringLiteral("TABLE_pfc_interface"))
                                           .toObject()
                                           .value(QStringLiteral("ROW_pfc_interface")));
        QCOMPARE(rows.size(), 8);
        quint64 txppp = 0;
        for (const QJsonValue &v : rows) {
            const QJsonObject o = v.toObject();
            for (const char *key : {"if_name_str", "admin", "oper", "rx-stats", "tx-stats"})
                QVERIFY2(o.contains(QLatin1String(key)), key);
            txppp += o.value(QStringLiteral("tx-stats")).toString().toULongLong();
        }
        QVERIFY2(txppp > 0, "the PFC incast must have made the switch send pause frames");
    }

    void queuingInterfaceStructure()
    {
        const QJsonObject body
            = output(insApi(QStringLiteral("show queuing interface ethernet1/1/1")))
                  .value(QStringLiteral("body"))
                  .toObject();
        const QJsonObject module
            = path(body, {QStringLiteral("TABLE_module"), QStringLiteral("ROW_module")});
        const QJsonArray rows = asList(module.value(QStringLiteral("TABLE_queuing_interface"))
                                           .toObject()
                                           .value(QStringLiteral("ROW_queuing_interface")));
        QCOMPARE(rows.size(), 2);  // one row per direction
        const QJsonObject egress = rows[0].toObject();
        const QJsonObject ingress = rows[1].toObject();
        QCOMPARE(egress.value(QStringLiteral("dir")).toString(), QStringLiteral("Egress"));
        QCOMPARE(ingress.value(QStringLiteral("dir")).toString(), QStringLiteral("Ingress"));
        QCOMPARE(egress.value(QStringLiteral("if_name_str")).toString(),
                 QStringLiteral("Ethernet1/1/1"));
        const QJsonArray groups = asList(egress.value(QStringLiteral("TABLE_qosgrp_egress_stats"))
                                             .toObject()
                                             .value(QStringLiteral("ROW_qosgrp_egress_stats")));
        QCOMPARE(groups.size(), 10);  // 0..7 + CONTROL + SPAN
        QSet<QString> types;
        for (const QJsonValue &g : groups) {
            const QJsonObject go = g.toObject();
            if (go.value(QStringLiteral("eq-qosgrp")).toString() != QLatin1String("3"))
                continue;
            for (const QJsonValue &e :
                 asList(go.value(QStringLiteral("TABLE_qosgrp_egress_stats_entry"))
                            .toObject()
                            .value(QStringLiteral("ROW_qosgrp_egress_stats_entry")))) {
                const QJsonObject eo = e.toObject();
                types.insert(eo.value(QStringLiteral("eq-stat-type")).toString() + QLatin1Char('/')
                             + eo.value(QStringLiteral("eq-stat-units")).toString());
                QVERIFY(eo.contains(QStringLiteral("eq-uc-stat-value")));
            }
        }
        for (const char *t :
             {"Tx/Pkts", "Tx/Byts", "WRED/AFD & Tail Drop/Pkts", "Q Depth/Byts", "ECN/Pkts"})
            QVERIFY2(types.contains(QLatin1String(t)), t);
        const QJsonArray mmu = asList(ingress.value(QStringLiteral("TABLE_ingress_stats_entry"))
                                          .toObject()
                                          .value(QStringLiteral("ROW_ingress_stats_entry")));
        QCOMPARE(mmu.size(), 2);
        QCOMPARE(mmu[0].toObject().value(QStringLiteral("ip-stat-type")).toString(),
                 QStringLiteral("Ingress MMU Drop"));
        QVERIFY(ingress.contains(QStringLiteral("tx-ppp")));
        QVERIFY(ingress.contains(QStringLiteral("rx-ppp")));
        // A single PFC row and a single ingress config row: objects, not lists.
        QVERIFY(ingress.value(QStringLiteral("TABLE_pfc_stats"))
                    .toObject()
                    .value(QStringLiteral("ROW_pfc_stats"))
                    .isObject());
        const QJsonObject cfg = ingress.value(QStringLiteral("TABLE_qosgrp_cfg"))
                                    .toObject()
                                    .value(QStringLiteral("ROW_qosgrp_cfg"))
                                    .toObject();
        QCOMPARE(cfg.value(QStringLiteral("qosgrp")).toString(), QStringLiteral("3"));
        QVERIFY(cfg.value(QStringLiteral("pause-threshold")).toString().toLongLong()
                > cfg.value(QStringLiteral("resume-threshold")).toString().toLongLong());
    }

    void lldpNeighborsUseShortLocalNames()
    {
        const QJsonObject body = output(insApi(QStringLiteral("show lldp neighbors detail")))
                                     .value(QStringLiteral("body"))
                                     .toObject();
        const QJsonArray rows = asList(body.value(QStringLiteral("TABLE_nbor_detail"))
                                           .toObject()
                                           .value(QStringLiteral("ROW_nbor_detail")));
        QCOMPARE(rows.size(), 4);  // four connected ports: two per ESXi host
        QCOMPARE(body.value(QStringLiteral("neigh_count")).toString(), QStringLiteral("4"));
        QSet<QString> names;
        for (const QJsonValue &v : rows) {
            const QJsonObject o = v.toObject();
            QVERIFY(o.value(QStringLiteral("l_port_id"))
                        .toString()
                        .startsWith(QStringLiteral("Eth1/")));
            QVERIFY(o.value(QStringLiteral("ttl")).isString());
            QVERIFY(o.value(QStringLiteral("chassis_id")).toString().count(QLatin1Char('.')) == 2);
            names.insert(o.value(QStringLiteral("sys_name")).toString());
        }
        QCOMPARE(names, (QSet<QString> {QStringLiteral("esxi-a"), QStringLiteral("esxi-b")}));
    }

    void batchedCommandsAnswerInOrder()
    {
        const Response r = insApi(
            QStringLiteral("show version ;show interface priority-flow-control ;show bogus"));
        const QJsonValue outputs
            = path(r.json.object(), {QStringLiteral("ins_api"), QStringLiteral("outputs")})
                  .value(QStringLiteral("output"));
        QVERIFY(outputs.isArray());
        const QJsonArray list = outputs.toArray();
        QCOMPARE(list.size(), 3);
        QCOMPARE(list[0].toObject().value(QStringLiteral("input")).toString(),
                 QStringLiteral("show version"));
        QCOMPARE(list[1].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("200"));
        QCOMPARE(list[2].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("400"));
        QVERIFY(list[2]
                    .toObject()
                    .value(QStringLiteral("clierror"))
                    .toString()
                    .contains(QStringLiteral("Invalid command")));
    }

    void runningConfigIsTextOnly()
    {
        QJsonObject out = output(insApi(QStringLiteral("show running-config")));
        QCOMPARE(out.value(QStringLiteral("code")).toString(), QStringLiteral("501"));
        QCOMPARE(out.value(QStringLiteral("msg")).toString(),
                 QStringLiteral("Structured output unsupported"));
        out = output(
            insApi(QStringLiteral("show running-config"), QStringLiteral("cli_show_ascii")));
        QCOMPARE(out.value(QStringLiteral("code")).toString(), QStringLiteral("200"));
        const QString text = out.value(QStringLiteral("body")).toString();
        QVERIFY(text.contains(QStringLiteral("match dscp 24,26")));
        QVERIFY(text.contains(QStringLiteral("set qos-group 3")));
        QVERIFY(text.contains(QStringLiteral("pause pfc-cos 3")));
        QVERIFY(text.contains(QStringLiteral("priority-flow-control mode on")));
        // The running scenario (pfc-incast) has WRED off: the config says so ...
        QVERIFY(!text.contains(QStringLiteral("random-detect")));
        // ... and shows it once ECN is turned on (dcqcn-incast).
        QVERIFY(m_service->startScenario(QStringLiteral("dcqcn-incast")).ok());
        const QString withEcn = output(insApi(QStringLiteral("show running-config"),
                                              QStringLiteral("cli_show_ascii")))
                                    .value(QStringLiteral("body"))
                                    .toString();
        QVERIFY(withEcn.contains(QStringLiteral(
            "random-detect minimum-threshold 150 kbytes maximum-threshold 3000 kbytes "
            "drop-probability 7 weight 0 ecn")));
        QVERIFY(m_service->startScenario(QStringLiteral("pfc-incast")).ok());
        QVERIFY(text.contains(QStringLiteral("mtu 9216")));
        // The queuing text has the layout of §4.6.5.
        const QString queuing
            = output(insApi(QStringLiteral("show queuing interface ethernet1/1/2"),
                            QStringLiteral("cli_show_ascii")))
                  .value(QStringLiteral("body"))
                  .toString();
        QVERIFY(queuing.contains(QStringLiteral("Ingress MMU Drop Pkts")));
        QVERIFY(queuing.contains(QStringLiteral("TxPPP:")));
    }

private:
    /// cli_conf: each command in the mode the ones before it entered, one output per command.
    QJsonArray configure(const QString &commands)
    {
        const Response r = insApi(commands, QStringLiteral("cli_conf"));
        if (r.status != 200)
            qWarning("cli_conf answered HTTP %d: %s", r.status, r.body.constData());
        return asList(path(r.json.object(), {QStringLiteral("ins_api"), QStringLiteral("outputs")})
                          .value(QStringLiteral("output")));
    }

    QString runningConfig()
    {
        return output(
                   insApi(QStringLiteral("show running-config"), QStringLiteral("cli_show_ascii")))
            .value(QStringLiteral("body"))
            .toString();
    }

    quint64 sum(quint64 SwitchPortCounters::*field)
    {
        quint64 total = 0;
        for (int p = 0; p < m_service->fabric().spec().switchPorts.size(); ++p)
            total += m_service->fabric().switchPortCounters(p).*field;
        return total;
    }

    quint64 ecnMarks()
    {
        quint64 total = 0;
        for (int p = 0; p < m_service->fabric().spec().switchPorts.size(); ++p) {
            for (const quint64 n : m_service->fabric().switchPortCounters(p).qosEcnPkts)
                total += n;
        }
        return total;
    }

private slots:
    void cliConfChangesWredAndTheSwitchMarks()
    {
        QVERIFY(m_service->startScenario(QStringLiteral("pfc-incast")).ok());  // WRED off
        const quint64 marksBefore = ecnMarks();
        QTest::qWait(200);
        QCOMPARE(ecnMarks(), marksBefore);
        const QJsonArray outs = configure(QStringLiteral(
            "policy-map type queuing QOS_EGRESS_PORT ;class type queuing c-out-8q-q3 ;"
            "random-detect minimum-threshold 75 kbytes maximum-threshold 1500 kbytes "
            "drop-probability 5 weight 0 ecn"));
        QCOMPARE(outs.size(), 3);
        for (const QJsonValue &o : outs) {
            QCOMPARE(o.toObject().value(QStringLiteral("code")).toString(), QStringLiteral("200"));
            QCOMPARE(o.toObject().value(QStringLiteral("body")).toObject(), QJsonObject {});
        }
        const WredParams w = m_service->fabric().switchQueuing(0).wred;
        QCOMPARE(w.kmin, Bytes(75000));
        QCOMPARE(w.kmax, Bytes(1500000));
        QCOMPARE(w.pmaxPercent, 5);
        QVERIFY(w.enabled && w.ecn);
        // The switch now marks the incast's queue ...
        QTest::qWait(300);
        QVERIFY(ecnMarks() > marksBefore);
        // ... its running-config says so, and the audit's parser reads it back.
        const QString text = runningConfig();
        QVERIFY2(text.contains(QStringLiteral(
                     "random-detect minimum-threshold 75 kbytes maximum-threshold 1500 kbytes "
                     "drop-probability 5 weight 0 ecn")),
                 qPrintable(text));
        const auto parsed = roce::nxapi::parseRunningConfigQos(text);
        QVERIFY(parsed.ok());
        const auto *policy = parsed.value().findPolicy(QStringLiteral("queuing"),
                                                       QStringLiteral("QOS_EGRESS_PORT"));
        QVERIFY(policy);
        const auto *roce = policy->findClass(QStringLiteral("c-out-8q-q3"));
        QVERIFY(roce);
        QCOMPARE(roce->wredMinBytes.value_or(0), quint64(75000));
        QVERIFY(roce->ecn);
        // Without `ecn` WRED drops instead of marking; `no random-detect` takes it off.
        configure(QStringLiteral("policy-map type queuing QOS_EGRESS_PORT ;class type queuing "
                                 "c-out-8q-q3 ;no random-detect"));
        QVERIFY(!m_service->fabric().switchQueuing(0).wred.enabled);
        QVERIFY(!runningConfig().contains(QStringLiteral("random-detect")));
        // A scenario starts from the reference configuration.
        QVERIFY(m_service->startScenario(QStringLiteral("dcqcn-incast")).ok());
        QCOMPARE(m_service->fabric().switchQueuing(0).wred.kmin, Bytes(150000));
        QVERIFY(m_service->startScenario(QStringLiteral("pfc-incast")).ok());
    }

    void cliConfTakesPfcOffAndTheClassDrops()
    {
        const FabricSpec &spec = m_service->fabric().spec();
        QStringList ports;
        for (const SwitchPortSpec &p : spec.switchPorts)
            ports.append(p.name);
        const quint64 dropsBefore = sum(&SwitchPortCounters::ingressMmuDropPkts);
        QJsonArray outs = configure(QStringLiteral("interface %1 ;priority-flow-control mode off")
                                        .arg(ports.join(QStringLiteral(", "))));
        QCOMPARE(outs.size(), 2);
        QCOMPARE(outs[1].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("200"));
        for (int p = 0; p < spec.switchPorts.size(); ++p)
            QVERIFY(!m_service->fabric().pfcEnabled(p));
        QVERIFY(!runningConfig().contains(QStringLiteral("priority-flow-control mode on")));
        // The no-drop class without pauses drops at its buffer limit (Ingress MMU drops).
        QTest::qWait(300);
        QVERIFY(sum(&SwitchPortCounters::ingressMmuDropPkts) > dropsBefore);
        configure(QStringLiteral("interface %1 ;priority-flow-control mode on")
                      .arg(ports.join(QStringLiteral(", "))));
        QVERIFY(m_service->fabric().pfcEnabled(0));
        QVERIFY(runningConfig().contains(QStringLiteral("priority-flow-control mode on")));
    }

    void cliConfSetsPauseThresholds()
    {
        const int port = 0;
        const QJsonArray outs = configure(QStringLiteral(
            "policy-map type network-qos QOS_NETWORK ;class type network-qos c-8q-nq3 ;"
            "pause buffer-size 348608 pause-threshold 77376 resume-threshold 75712"));
        QCOMPARE(outs.size(), 3);
        QCOMPARE(outs[2].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("200"));
        const PfcThresholds th = m_service->fabric().pfcThresholds(port);
        QCOMPARE(th.xoff, Bytes(77376));
        QCOMPARE(th.xon, Bytes(75712));
        QCOMPARE(th.headroom, Bytes(348608 - 77376));
        QVERIFY(runningConfig().contains(QStringLiteral(
            "pause buffer-size 348608 pause-threshold 77376 resume-threshold 75712")));
        // `show queuing` reports what is in force.
        const QString queuing
            = output(insApi(QStringLiteral("show queuing interface %1")
                                .arg(m_service->fabric().spec().switchPorts[port].name.toLower()),
                            QStringLiteral("cli_show_ascii")))
                  .value(QStringLiteral("body"))
                  .toString();
        QVERIFY2(queuing.contains(QStringLiteral("77376")), qPrintable(queuing));
        // Back to thresholds sized from the free buffer.
        configure(QStringLiteral("policy-map type network-qos QOS_NETWORK ;class type network-qos "
                                 "c-8q-nq3 ;no pause buffer-size"));
        QVERIFY(!m_service->fabric().switchQueuing(0).thresholdsConfigured);
        QVERIFY(m_service->fabric().pfcThresholds(port).xoff != 77376);
        QVERIFY(!runningConfig().contains(QStringLiteral("pause buffer-size")));
    }

    void cliConfChangesDscpClassification()
    {
        QJsonArray outs
            = configure(QStringLiteral("class-map type qos match-all ROCE ;match dscp 24,26,af41"));
        QCOMPARE(outs.size(), 2);
        QCOMPARE(outs[1].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("200"));
        QCOMPARE(m_service->fabric().qosConfig().dscpToQosGroup[34], ClassRoce);
        QVERIFY(runningConfig().contains(QStringLiteral("match dscp 24,26,34")));
        outs = configure(QStringLiteral("class-map type qos match-all ROCE ;no match dscp af41"));
        QCOMPARE(outs[1].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("200"));
        QCOMPARE(m_service->fabric().qosConfig().dscpToQosGroup[34], ClassDefault);
        QVERIFY(runningConfig().contains(QStringLiteral("match dscp 24,26\n")));
        // A value DSCP does not have is refused, not skipped.
        outs = configure(QStringLiteral("class-map type qos match-all ROCE ;match dscp 24,99"));
        QCOMPARE(outs[1].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("400"));
        QVERIFY(outs[1]
                    .toObject()
                    .value(QStringLiteral("clierror"))
                    .toString()
                    .contains(QStringLiteral("99")));
    }

    void cliConfStopsAtTheFirstErrorAndSaysWhy()
    {
        const QString port = m_service->fabric().spec().switchPorts[0].name;
        // An unknown command: the ones before it ran, the ones after it did not.
        QJsonArray outs
            = configure(QStringLiteral("interface %1 ;bogus command ;shutdown").arg(port));
        QCOMPARE(outs.size(), 2);
        QCOMPARE(outs[0].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("200"));
        const QJsonObject failed = outs[1].toObject();
        QCOMPARE(failed.value(QStringLiteral("code")).toString(), QStringLiteral("400"));
        QVERIFY(failed.value(QStringLiteral("clierror"))
                    .toString()
                    .contains(QStringLiteral("Invalid command")));
        const QString state = output(insApi(QStringLiteral("show interface %1").arg(port.toLower()),
                                            QStringLiteral("cli_show_ascii")))
                                  .value(QStringLiteral("body"))
                                  .toString();
        QVERIFY2(state.contains(QStringLiteral("%1 is up").arg(port)), qPrintable(state.left(200)));
        // What the model cannot change is refused with the reason.
        outs = configure(QStringLiteral("policy-map type queuing OTHER_POLICY"));
        QCOMPARE(outs[0].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("400"));
        QVERIFY(outs[0]
                    .toObject()
                    .value(QStringLiteral("clierror"))
                    .toString()
                    .contains(QStringLiteral("QOS_EGRESS_PORT")));
        outs = configure(QStringLiteral("policy-map type queuing QOS_EGRESS_PORT ;class type "
                                        "queuing c-out-8q-q3 ;random-detect minimum-threshold "
                                        "900 kbytes maximum-threshold 100 kbytes "
                                        "drop-probability 5 weight 0 ecn"));
        QCOMPARE(outs.size(), 3);
        QCOMPARE(outs[2].toObject().value(QStringLiteral("code")).toString(),
                 QStringLiteral("400"));
        QVERIFY(m_service->fabric().switchQueuing(0).wred.kmin != 900000);
    }

    /// On a leaf/spine fabric each switch has its own configuration.
    void configuringOneLeafLeavesTheOthers()
    {
        ModelParams params;
        params.engine = FabricEngine::Fluid;
        const auto fabric = makeFabric(railFabric(8, 2, 2, 2, 100 * kGbps), params);
        const int leaf = 2;
        NxosConfigurator config(*fabric, leaf);
        const QList<roce::nxapi::CommandOutput> outs = config.run(
            {QStringLiteral("policy-map type queuing QOS_EGRESS_PORT"),
             QStringLiteral("class type queuing c-out-8q-q3"),
             QStringLiteral("random-detect minimum-threshold 300 kbytes maximum-threshold 3000 "
                            "kbytes drop-probability 7 weight 0 ecn"),
             QStringLiteral("exit"), QStringLiteral("exit"),
             QStringLiteral("class-map type qos match-all ROCE"), QStringLiteral("match dscp 34")});
        QCOMPARE(outs.size(), 6);  // the class-map is refused: DSCPs are classified fabric-wide
        QCOMPARE(outs[4].code, roce::nxapi::CommandCode::Success);
        QCOMPARE(outs[5].code, roce::nxapi::CommandCode::CliError);
        QVERIFY(outs[5].clierror.contains(QStringLiteral("all its switches")));
        for (int s = 0; s < fabric->spec().switches.size(); ++s)
            QCOMPARE(fabric->switchQueuing(s).wred.kmin, Bytes(s == leaf ? 300000 : 150000));
        QCOMPARE(fabric->qosConfig().dscpToQosGroup[34], ClassDefault);
    }

    void cliShowArrayAlwaysGivesLists()
    {
        const QJsonObject body = output(insApi(QStringLiteral("show interface ethernet1/2/1"),
                                               QStringLiteral("cli_show_array")))
                                     .value(QStringLiteral("body"))
                                     .toObject();
        QVERIFY(body.value(QStringLiteral("TABLE_interface"))
                    .toObject()
                    .value(QStringLiteral("ROW_interface"))
                    .isArray());
    }

    void jsonRpcSingleAndBatch()
    {
        const QByteArray single
            = R"([{"jsonrpc":"2.0","method":"cli","params":{"cmd":"show hostname","version":1},"id":1}])";
        Response r = post(m_service->nxapiHttpUrl(), "application/json-rpc", single);
        QCOMPARE(r.status, 200);
        QVERIFY(r.json.isObject());  // one-command batch -> a single object
        QCOMPARE(path(r.json.object(), {QStringLiteral("result"), QStringLiteral("body")})
                     .value(QStringLiteral("hostname"))
                     .toString(),
                 QStringLiteral("nexus-roce"));
        const QByteArray batch
            = R"([{"jsonrpc":"2.0","method":"cli","params":{"cmd":"show version","version":1},"id":1},
                                    {"jsonrpc":"2.0","method":"cli_ascii","params":{"cmd":"show version","version":1},"id":2},
                                    {"jsonrpc":"2.0","method":"cli","params":{"cmd":"show nonsense","version":1},"id":3}])";
        r = post(m_service->nxapiHttpUrl(), "application/json-rpc", batch);
        QVERIFY(r.json.isArray());
        const QJsonArray a = r.json.array();
        QCOMPARE(a.size(), 3);
        QVERIFY(a[1].toObject()
                    .value(QStringLiteral("result"))
                    .toObject()
                    .value(QStringLiteral("msg"))
                    .toString()
                    .contains(QStringLiteral("NXOS")));
        const QJsonObject err = a[2].toObject().value(QStringLiteral("error")).toObject();
        QVERIFY(err.value(QStringLiteral("data"))
                    .toObject()
                    .value(QStringLiteral("msg"))
                    .toString()
                    .contains(QStringLiteral("Invalid command")));
        QCOMPARE(a[2].toObject().value(QStringLiteral("id")).toInt(), 3);
    }

    void wrongCredentialsAndMalformedBodies()
    {
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));  // no session cookie from before
        Response r = post(m_service->nxapiHttpUrl(), "application/json", "{}", "admin", "wrong");
        QCOMPARE(r.status, 401);
        r = post(m_service->nxapiHttpUrl(), "application/json", "{}", "", "", false);
        QCOMPARE(r.status, 401);
        r = post(m_service->nxapiHttpUrl(), "application/json", "{\"ins_api\": {\"type\": ");
        QCOMPARE(r.status, 400);
        QVERIFY(r.body.contains("invalid JSON"));
        // A truncated request (fewer bytes than Content-Length) on a raw socket: the server
        // waits, the client goes away, nothing breaks; an oversized one is refused.
        QTcpSocket raw;
        raw.connectToHost(QHostAddress::LocalHost, quint16(m_service->nxapiHttpUrl().port()));
        QVERIFY(raw.waitForConnected(5000));
        raw.write("POST /ins HTTP/1.1\r\nContent-Length: 500\r\nContent-Type: "
                  "application/json\r\n\r\n{\"ins_api\"");
        raw.waitForBytesWritten(1000);
        raw.abort();
        raw.connectToHost(QHostAddress::LocalHost, quint16(m_service->nxapiHttpUrl().port()));
        QVERIFY(raw.waitForConnected(5000));
        QSignalSpy readable(&raw, &QTcpSocket::readyRead);
        raw.write("POST /ins HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n");
        QVERIFY(readable.wait(5000));  // the server runs in this thread: spin the event loop
        QVERIFY(raw.readAll().startsWith("HTTP/1.1 413"));
        // Still serving.
        QCOMPARE(insApi(QStringLiteral("show hostname")).status, 200);
    }

    void sessionCookieAndSessionLimit()
    {
        // A separate server with a handler that echoes, to count sessions exactly.
        NxapiServer server(
            [](const QString &cmd, roce::nxapi::OutputFormat) {
                roce::nxapi::CommandOutput o;
                o.input = cmd;
                o.body = QJsonObject {{QStringLiteral("echo"), cmd}};
                return o;
            },
            QStringLiteral("admin"), QStringLiteral("pw"));
        server.setMaxSessions(2);
        server.setSessionLifetime(1500);  // 600 s on the switch
        const quint16 port = server.listenHttp(QHostAddress::LocalHost, 0);
        QVERIFY(port > 0);
        const QUrl url(QStringLiteral("http://127.0.0.1:%1/ins").arg(port));
        const QByteArray req
            = R"({"ins_api":{"version":"1.0","type":"cli_show","chunk":"0","sid":"1","input":"show x","output_format":"json"}})";
        // First login opens a session and returns the nxapi_auth cookie.
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        Response r = post(url, "application/json", req, "admin", "pw");
        QCOMPARE(r.status, 200);
        QByteArray cookie;
        for (const auto &h : r.headers) {
            if (h.first.toLower() == "set-cookie")
                cookie = h.second;
        }
        QVERIFY2(cookie.startsWith("nxapi_auth="), cookie.constData());
        QCOMPARE(server.activeSessions(), 1);
        // The cookie alone (no credentials) is accepted and opens no new session.
        r = post(url, "application/json", req, "", "", false);
        QCOMPARE(r.status, 200);
        QCOMPARE(server.activeSessions(), 1);
        // New logins without the cookie: the second is allowed, the third hits the limit.
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        QCOMPARE(post(url, "application/json", req, "admin", "pw").status, 200);
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        r = post(url, "application/json", req, "admin", "pw");
        QCOMPARE(r.status, 200);
        const QJsonObject o = r.json.object().value(QStringLiteral("output")).toObject();
        QCOMPARE(o.value(QStringLiteral("code")).toString(), QStringLiteral("429"));
        QVERIFY(o.value(QStringLiteral("msg"))
                    .toString()
                    .startsWith(QStringLiteral("Max sessions reached")));
        // Sessions expire and new logins work again.
        QTRY_COMPARE_WITH_TIMEOUT(server.activeSessions(), 0, 5000);
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
        r = post(url, "application/json", req, "admin", "pw");
        QCOMPARE(r.json.object()
                     .value(QStringLiteral("ins_api"))
                     .toObject()
                     .value(QStringLiteral("outputs"))
                     .toObject()
                     .value(QStringLiteral("output"))
                     .toObject()
                     .value(QStringLiteral("code"))
                     .toString(),
                 QStringLiteral("200"));
        m_nam.setCookieJar(new QNetworkCookieJar(&m_nam));
    }

    void httpsPresentsTheSelfSignedCertificate()
    {
        const QUrl url = m_service->nxapiHttpsUrl();
        QVERIFY(url.isValid());
        // Without trusting it: the handshake fails on the self-signed certificate.
        QNetworkAccessManager strict;
        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        request.setRawHeader("Authorization", "Basic " + QByteArray("admin:admin").toBase64());
        QNetworkReply *reply = strict.post(request, QByteArray("{}"));
        QSignalSpy done(reply, &QNetworkReply::finished);
        QVERIFY(done.wait(10000));
        QCOMPARE(reply->error(), QNetworkReply::SslHandshakeFailedError);
        reply->deleteLater();
        // Trusting exactly that certificate: the request goes through.
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setCaCertificates({m_service->certificate()});
        request.setSslConfiguration(config);
        const QByteArray body
            = R"({"ins_api":{"version":"1.0","type":"cli_show","chunk":"0","sid":"1","input":"show hostname","output_format":"json"}})";
        // A fresh manager: QNetworkAccessManager keeps per-host TLS state between requests.
        QNetworkAccessManager pinned;
        reply = pinned.post(request, body);
        QStringList sslErrors;
        connect(reply, &QNetworkReply::sslErrors, this, [&](const QList<QSslError> &errors) {
            for (const QSslError &e : errors)
                sslErrors << e.errorString();
        });
        QSignalSpy done2(reply, &QNetworkReply::finished);
        QVERIFY(done2.wait(10000));
        QVERIFY2(reply->error() == QNetworkReply::NoError,
                 qPrintable(reply->errorString() + QLatin1Char(' ')
                            + sslErrors.join(QLatin1String("; "))));
        QVERIFY(reply->readAll().contains("nexus-roce"));
        reply->deleteLater();
        QCOMPARE(m_service->certificateFingerprint().size(), 32 * 3 - 1);
    }

    // One switch at one moment, asked for `show interface` as JSON and as CLI text: both
    // parse to the same state, MTU, bandwidth, rates and counters, port by port.
    void textAndJsonOfOneSwitchAgree()
    {
        auto fabric = makeFabric(referenceFabric(), referenceModelParams());
        QVERIFY(applyLiveScenario(*fabric, QStringLiteral("pfc-incast")).ok());
        PortRateTracker rates;
        fabric->runUntil(fabric->now() + 200 * kNsPerMs);
        rates.sample(*fabric);
        fabric->runUntil(fabric->now() + kNsPerSec);
        rates.sample(*fabric);
        const NxosView view(*fabric, 0, &rates);
        roce::nxapi::SwitchSnapshot fromJson, fromText;
        for (const auto &[format, into] :
             {std::pair {roce::nxapi::OutputFormat::Structured, &fromJson},
              std::pair {roce::nxapi::OutputFormat::Ascii, &fromText}}) {
            const auto out = view.run(QStringLiteral("show interface"), format);
            roce::nxapi::applyCommandOutput(out, *into);
            QVERIFY2(into->issues.isEmpty(), qPrintable(into->issues.value(0).message));
        }
        QVERIFY(fromJson.ports.size() >= 8);
        QCOMPARE(fromText.ports.size(), fromJson.ports.size());
        int counters = 0;
        for (const roce::nxapi::PortStatus &j : std::as_const(fromJson.ports)) {
            const roce::nxapi::PortStatus *t = fromText.findPort(j.name);
            QVERIFY2(t, qPrintable(j.name));
            QCOMPARE(t->state, j.state);
            QCOMPARE(t->mtu, j.mtu);
            QCOMPARE(t->bandwidthKbit, j.bandwidthKbit);
            QCOMPARE(t->loadIntervalSeconds, j.loadIntervalSeconds);
            QCOMPARE(t->inRateBits, j.inRateBits);
            QCOMPARE(t->outRateBits, j.outRateBits);
            QCOMPARE(t->inRatePkts, j.inRatePkts);
            QCOMPARE(t->outRatePkts, j.outRatePkts);
            for (int c = 0; c < int(roce::nxapi::PortCounter::Count); ++c) {
                const auto counter = roce::nxapi::PortCounter(c);
                // The text prints fewer counters than the JSON has; those it prints agree.
                if (!t->counters.has(counter))
                    continue;
                QVERIFY2(t->counters.value(counter) == j.counters.value(counter),
                         qPrintable(j.name + QLatin1Char(' ')
                                    + QLatin1String(roce::nxapi::portCounterKey(counter))));
                ++counters;
            }
        }
        QVERIFY(counters >= 8 * 10);
        // The incast moved traffic: equal zeros would prove nothing.
        quint64 sent = 0;
        for (const roce::nxapi::PortStatus &t : std::as_const(fromText.ports))
            sent += t.counters.value(roce::nxapi::PortCounter::OutBytes).value_or(0);
        QVERIFY(sent > 1'000'000);
    }

    // What the console runs: the same service on its own thread, answering while this
    // (the "GUI") thread only waits for replies.
    void embeddedFabricServesFromItsOwnThread()
    {
        EmbeddedFabric fabric {SimServiceOptions {}};
        QSignalSpy started(&fabric, &EmbeddedFabric::started);
        QSignalSpy failed(&fabric, &EmbeddedFabric::failed);
        fabric.start();
        QVERIFY(started.wait(10000));
        QCOMPARE(failed.size(), 0);
        const QUrl url = started.at(0).at(0).toUrl();
        QCOMPARE(url.scheme(), QStringLiteral("https"));
        QCOMPARE(started.at(0).at(1).toInt(), 8);
        QCOMPARE(started.at(0).at(2).toString(), m_service->certificateFingerprint());

        QNetworkRequest request(url);
        request.setHeader(QNetworkRequest::ContentTypeHeader, QByteArray("application/json"));
        request.setRawHeader("Authorization", "Basic " + QByteArray("admin:admin").toBase64());
        QSslConfiguration config = QSslConfiguration::defaultConfiguration();
        config.setCaCertificates({m_service->certificate()});
        request.setSslConfiguration(config);
        QNetworkAccessManager nam;
        QNetworkReply *reply = nam.post(
            request,
            QByteArray(
                R"({"ins_api":{"version":"1.0","type":"cli_show","chunk":"0","sid":"1","input":"show hostname","output_format":"json"}})"));
        QSignalSpy done(reply, &QNetworkReply::finished);
        QVERIFY(done.wait(10000));
        QCOMPARE(reply->error(), QNetworkReply::NoError);
        QVERIFY(reply->readAll().contains("nexus-roce"));
        reply->deleteLater();
    }

    void embeddedFabricReportsWhyItCannotStart()
    {
        SimServiceOptions taken;
        taken.httpPort = quint16(m_service->nxapiHttpUrl().port());  // already in use
        EmbeddedFabric fabric {taken};
        QSignalSpy started(&fabric, &EmbeddedFabric::started);
        QSignalSpy failed(&fabric, &EmbeddedFabric::failed);
        fabric.start();
        QVERIFY(failed.wait(10000));
        QCOMPARE(started.size(), 0);
        const QString message = failed.at(0).at(0).toString();
        QVERIFY2(message.contains(QString::number(taken.httpPort)), qPrintable(message));
    }
};

QTEST_GUILESS_MAIN(TestNxapiEndpoint)
#include "tst_nxapiendpoint.moc"
