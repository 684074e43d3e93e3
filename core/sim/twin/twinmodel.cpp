#include "sim/twin/twinmodel.h"

#include "nxapi/parse/interfacename.h"
#include "sim/engine/makefabric.h"
#include "sim/scenarios/fabricnames.h"
#include "sim/twin/bulkflows.h"
#include "sim/twin/uplinkplacement.h"

#include <QCoreApplication>
#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace roce::sim::twin {

namespace {

class TwinModelText
{
    Q_DECLARE_TR_FUNCTIONS(TwinModelText)
};

/// A sender or receiver below this is idle for the estimate (management traffic, ACKs).
constexpr double kActiveBps = 100e6;

QString bareName(const QString &name)
{
    return name.section(QLatin1Char('.'), 0, 0).toLower();
}

/// The observed switches, their ports and the cables between them.
struct Cabling {
    QHash<QString, int> switchIndex;  // lower-case name -> index
    QHash<QString, int> portIndex;    // "switch|long port" -> port
    QHash<QString, int> hostPort;     // "server|netdev" (lower) -> port
    QHash<int, QString> peerOf;       // port -> LLDP peer (not a switch)
    QHash<int, QString> peerPortOf;   // port -> LLDP peer port
};

QString switchPortKey(int sw, const QString &port)
{
    return QString::number(sw) + QLatin1Char('|') + nxapi::longInterfaceName(port).toLower();
}

/// The shared buffer of one slice of a Nexus of @p chassis (what one ingress port's traffic
/// shares), as the model runs it; NX-OS shows no total but in a hidden command. 0: unknown.
Bytes sliceBufferOf(const QString &chassis)
{
    static const std::pair<const char *, Bytes> kSlices[] = {
        {"C93180YC-FX", 10 * 1000 * 1000},  // 40 MB in four slices
        {"C9364D-GX2A", 40 * 1000 * 1000},
        {"C9332D-GX2B", 40 * 1000 * 1000},
    };
    for (const auto &[model, bytes] : kSlices) {
        if (chassis.contains(QLatin1String(model)))
            return bytes;
    }
    return 0;
}

void addSwitches(const TwinObservation &o, TwinModel &m, Cabling &c)
{
    QStringList names = o.switchRoles.keys();
    std::sort(names.begin(), names.end());
    QStringList unknownBuffers;
    for (const QString &name : std::as_const(names)) {
        SwitchSpec s;
        s.name = name;
        s.role = o.switchRoles.value(name);
        s.model = o.switchModels.value(name);
        if (const Bytes buffer = sliceBufferOf(s.model); buffer > 0)
            s.bufferBytes = buffer;
        else
            unknownBuffers.append(name);
        c.switchIndex.insert(bareName(name), int(m.spec.switches.size()));
        m.spec.switches.append(s);
    }
    if (!unknownBuffers.isEmpty())
        m.notes.append(TwinModelText::tr("%1: a chassis the twin knows no buffer of; it gives each "
                                         "10 MB.")
                           .arg(unknownBuffers.join(QStringLiteral(", "))));
    bool guessedSpeed = false;
    for (const ObservedPort &p : o.ports) {
        if (p.nic || p.internal || !c.switchIndex.contains(bareName(p.device)))
            continue;
        SwitchPortSpec sp;
        sp.switchIndex = c.switchIndex.value(bareName(p.device));
        sp.name = nxapi::longInterfaceName(p.port);
        if (p.lineBps > 0) {
            sp.speed = RateBps(p.lineBps);
        } else {
            guessedSpeed = true;
        }
        c.portIndex.insert(switchPortKey(sp.switchIndex, sp.name), int(m.spec.switchPorts.size()));
        if (!p.peer.isEmpty()) {
            c.peerOf.insert(int(m.spec.switchPorts.size()), p.peer);
            c.peerPortOf.insert(int(m.spec.switchPorts.size()), p.peerPort);
            c.hostPort.insert(bareName(p.peer) + QLatin1Char('|') + p.peerPort.toLower(),
                              int(m.spec.switchPorts.size()));
        }
        m.spec.switchPorts.append(sp);
    }
    if (guessedSpeed)
        m.notes.append(TwinModelText::tr("Some switch ports reported no line rate: the twin runs "
                                         "them at 25 Gb/s."));
    // Cables between switches: a port whose LLDP neighbour is another observed switch.
    for (auto it = c.peerOf.cbegin(); it != c.peerOf.cend(); ++it) {
        const auto far = c.switchIndex.constFind(bareName(*it));
        if (far == c.switchIndex.constEnd())
            continue;
        const int farPort
            = c.portIndex.value(switchPortKey(*far, c.peerPortOf.value(it.key())), -1);
        SwitchPortSpec &near = m.spec.switchPorts[it.key()];
        if (farPort < 0 || near.peerKind != PeerKind::None)
            continue;
        near.peerKind = PeerKind::SwitchPort;
        near.peer = farPort;
        m.spec.switchPorts[farPort].peerKind = PeerKind::SwitchPort;
        m.spec.switchPorts[farPort].peer = it.key();
    }
    // A switch the plan gave no role: a spine when none of its ports reaches a server.
    for (int s = 0; s < m.spec.switches.size(); ++s) {
        SwitchSpec &sw = m.spec.switches[s];
        if (!sw.role.isEmpty())
            continue;
        bool uplinksOnly = true;
        for (int p = 0; p < m.spec.switchPorts.size(); ++p) {
            const SwitchPortSpec &sp = m.spec.switchPorts[p];
            if (sp.switchIndex == s && sp.peerKind != PeerKind::SwitchPort && c.peerOf.contains(p))
                uplinksOnly = false;
        }
        sw.role = uplinksOnly ? QStringLiteral("spine") : QStringLiteral("leaf");
    }
}

/// The switch port a typed placement ("switch/Ethernet1/2") names, or -1.
int placedPort(const QString &placement, const Cabling &c)
{
    const qsizetype slash = placement.indexOf(QLatin1Char('/'));
    if (slash <= 0)
        return -1;
    const int sw = c.switchIndex.value(bareName(placement.left(slash)), -1);
    return sw < 0 ? -1 : c.portIndex.value(switchPortKey(sw, placement.mid(slash + 1)), -1);
}

/// The servers' NICs, cabled by LLDP (the switch's neighbour is the server and its netdev)
/// or, behind a hypervisor, where the placement says; NICs on one switch port share it.
void addHosts(const TwinObservation &o, TwinModel &m, const Cabling &c)
{
    std::map<int, QList<const ObservedPort *>> byPort;
    QHash<QString, int> nicsOfServer;
    for (const ObservedPort &p : o.ports) {
        if (!p.nic)
            continue;
        nicsOfServer[p.device] += 1;
        int port = c.hostPort.value(bareName(p.device) + QLatin1Char('|') + p.peer.toLower(), -1);
        if (port < 0)
            port = placedPort(o.placement.value(p.key(), o.placement.value(p.device)), c);
        if (port < 0) {
            m.notes.append(TwinModelText::tr("%1 is cabled nowhere the twin can tell (no LLDP "
                                             "neighbour or typed switch_port): left out.")
                               .arg(p.key()));
            continue;
        }
        byPort[port].append(&p);
    }
    for (const auto &[port, nics] : byPort) {
        SwitchPortSpec &sp = m.spec.switchPorts[port];
        if (sp.peerKind == PeerKind::SwitchPort)
            continue;
        NicPortSpec nic;
        nic.speed = sp.speed;
        nic.switchPort = port;
        if (nics.size() == 1
            && c.hostPort.value(bareName(nics.first()->device) + QLatin1Char('|')
                                    + nics.first()->peer.toLower(),
                                -1)
                == port) {
            nic.name = nics.first()->device + QLatin1Char('/') + nics.first()->peer;
        } else {
            // Behind a hypervisor: LLDP names it and its uplink.
            nic.hypervisor = c.peerOf.value(port, QStringLiteral("hypervisor"));
            nic.name = nic.hypervisor + QLatin1Char('/') + c.peerPortOf.value(port);
        }
        sp.peerKind = PeerKind::Nic;
        sp.peer = int(m.spec.nicPorts.size());
        for (const ObservedPort *p : nics) {
            HostSpec h;
            h.name = !nic.hypervisor.isEmpty() || nicsOfServer.value(p->device) == 1
                ? p->device
                : p->device + QLatin1Char('-') + p->port;
            h.netdev = p->peer;
            h.rdmaDevice = p->port;
            h.nicPort = int(m.spec.nicPorts.size());
            m.spec.hosts.append(h);
        }
        m.spec.nicPorts.append(nic);
    }
}

/// `drop-probability N` of a `random-detect` line, if it has one.
std::optional<int> dropProbability(const nxapi::PolicyClass &c)
{
    static const QRegularExpression re(QStringLiteral("drop-probability\\s+(\\d+)"));
    for (const nxapi::ConfigLine &l : c.lines) {
        const auto match = re.match(l.text);
        if (match.hasMatch())
            return match.captured(1).toInt();
    }
    return std::nullopt;
}

/// One switch's queuing, no-drop class and interfaces as its running-config sets them.
void configureSwitch(int s, const nxapi::QosConfig &config, TwinModel &m, const Cabling &c,
                     bool first)
{
    const int group = noDropGroupOf(&config);
    SwitchQueuing &q = m.queuing[s];
    SwitchFaults &faults = m.switchFaults[s];
    m.policyNames[s] = {config.systemQueuingOutput, config.systemNetworkQos};
    const nxapi::PolicyMap *queuing
        = config.findPolicy(QStringLiteral("queuing"), config.systemQueuingOutput);
    faults.ecnNotApplied = !queuing;
    if (queuing) {
        const nxapi::PolicyClass *roce
            = queuing->findClass(QStringLiteral("c-out-8q-q%1").arg(group));
        q.wred.enabled = roce && roce->randomDetect;
        if (roce && roce->randomDetect) {
            q.wred.ecn = roce->ecn;
            if (roce->wredMinBytes && roce->wredMaxBytes) {
                q.wred.kmin = Bytes(*roce->wredMinBytes);
                q.wred.kmax = Bytes(*roce->wredMaxBytes);
            } else {
                m.notes.append(TwinModelText::tr("%1: WRED by profile (%2), not thresholds: the "
                                                 "twin keeps its default thresholds.")
                                   .arg(m.spec.switches[s].name, roce->wredProfile));
            }
            q.wred.pmaxPercent = dropProbability(*roce).value_or(q.wred.pmaxPercent);
        }
    }
    const nxapi::PolicyMap *network
        = config.findPolicy(QStringLiteral("network-qos"), config.systemNetworkQos);
    const nxapi::PolicyClass *noDrop
        = network ? network->findClass(QStringLiteral("c-8q-nq%1").arg(group)) : nullptr;
    if (noDrop && noDrop->pauseThreshold && noDrop->resumeThreshold) {
        q.pfcMode = PfcThresholdMode::StaticNxos;
        q.xoff100g = Bytes(*noDrop->pauseThreshold);
        q.xon100g = Bytes(*noDrop->resumeThreshold);
        q.headroom100g
            = Bytes(noDrop->pauseBufferSize.value_or(*noDrop->pauseThreshold * 2)) - q.xoff100g;
        q.thresholdsConfigured = true;
    }
    const int pfcCos = noDrop && !noDrop->pausePfcCos.isEmpty() ? noDrop->pausePfcCos.first() : -1;
    if (first) {
        m.qos.noDropGroup = group;
        m.qos.noDropConfigured = pfcCos >= 0;
        if (pfcCos >= 0)
            m.qos.noDropPfcCos = pfcCos;
        m.qos.mtu = noDrop && noDrop->mtu ? *noDrop->mtu : m.qos.mtu;
    } else if (pfcCos >= 0 && pfcCos != m.qos.noDropPfcCos) {
        faults.pfcCos = pfcCos;
    }
    // DSCP classification: the input policy the interfaces (or system qos) apply.
    QString input = config.systemQosInput;
    for (const nxapi::InterfaceConfig &i : config.interfaces) {
        if (input.isEmpty() && !i.qosInputPolicy.isEmpty())
            input = i.qosInputPolicy;
    }
    if (first) {
        if (const nxapi::PolicyMap *qos = config.findPolicy(QStringLiteral("qos"), input)) {
            m.qos.dscpToQosGroup.fill(ClassDefault);
            for (const nxapi::PolicyClass &pc : qos->classes) {
                const nxapi::ClassMap *cm = config.findClassMap(QStringLiteral("qos"), pc.name);
                if (!cm || !pc.setQosGroup)
                    continue;
                for (int dscp : cm->matchDscp) {
                    if (dscp >= 0 && dscp < 64)
                        m.qos.dscpToQosGroup[std::size_t(dscp)] = *pc.setQosGroup;
                }
            }
        } else {
            m.notes.append(TwinModelText::tr("%1 classifies by no qos input policy the twin can "
                                             "read: it keeps DSCP 26 -> qos-group 3.")
                               .arg(m.spec.switches[s].name));
        }
    }
    for (const nxapi::InterfaceConfig &i : config.interfaces) {
        const int port = c.portIndex.value(switchPortKey(s, i.name), -1);
        if (port < 0)
            continue;
        // auto negotiates PFC over DCBX, which the model's NICs do not speak: off, as the
        // simulated switch takes it.
        if (i.pfcMode != QLatin1String("on"))
            m.pfcOff.append(port);
        if (i.shutdown)
            m.shutDown.append(port);
        if (i.pfcWatchdog)
            m.params.sw.pfcWatchdog = true;
    }
}

void configureSwitches(const TwinObservation &o, TwinModel &m, const Cabling &c)
{
    const int switches = int(m.spec.switches.size());
    m.queuing.fill(switchQueuingOf(m.params.sw), switches);
    m.switchFaults.fill(SwitchFaults {}, switches);
    m.policyNames.fill(QStringList {QString(), QString()}, switches);
    bool first = true;
    for (int s = 0; s < switches; ++s) {
        const auto config = o.switchConfigs.constFind(m.spec.switches[s].name);
        if (config == o.switchConfigs.constEnd()) {
            m.notes.append(TwinModelText::tr("%1: no running-config read; the twin gives it the "
                                             "reference configuration.")
                               .arg(m.spec.switches[s].name));
            continue;
        }
        configureSwitch(s, *config, m, c, first);
        first = false;
    }
}

/// Each NIC's ecn/ files and the RoCE MTU from its agent's report.
void configureNics(const TwinObservation &o, TwinModel &m)
{
    m.nicEcn.resize(m.spec.hosts.size());
    QHash<int, int> mtus;
    int unknown = 0;
    for (int h = 0; h < m.spec.hosts.size(); ++h) {
        const QString server = serverOf(m.spec, h);
        const QJsonArray nics = o.nicConfigs.value(server).value(QStringLiteral("nics")).toArray();
        bool found = false;
        for (const QJsonValue &v : nics) {
            const QJsonObject nic = v.toObject();
            if (nic.value(QStringLiteral("device")).toString() != m.spec.hosts[h].rdmaDevice)
                continue;
            found = true;
            const auto files = [](const QJsonObject &dir) {
                QMap<QString, QString> out;
                for (auto it = dir.begin(); it != dir.end(); ++it)
                    out.insert(it.key(), it.value().toString());
                return out;
            };
            m.nicEcn[h].roceNp = files(nic.value(QStringLiteral("roce_np")).toObject());
            m.nicEcn[h].roceRp = files(nic.value(QStringLiteral("roce_rp")).toObject());
            if (const int mtu = nic.value(QStringLiteral("active_mtu")).toInt(); mtu > 0)
                mtus[mtu] += 1;
        }
        if (!found || m.nicEcn[h].roceRp.isEmpty())
            ++unknown;
    }
    if (unknown > 0)
        m.notes.append(TwinModelText::tr("%n NIC(s) reported no ecn/ files (no agent, or a driver "
                                         "without them): the twin gives them ConnectX defaults.",
                                         nullptr, unknown));
    int best = 0;
    for (auto it = mtus.cbegin(); it != mtus.cend(); ++it) {
        if (it.value() > mtus.value(best))
            best = it.key();
    }
    if (best > 0)
        m.params.roceMtu = best;
    else
        m.notes.append(TwinModelText::tr("No NIC reported its active_mtu: the twin sends 4096-byte "
                                         "RoCE packets."));
}

/// The observed ports by "device/port" (TwinObservation::find looks through them all).
QHash<QString, const ObservedPort *> portsByKey(const TwinObservation &o)
{
    QHash<QString, const ObservedPort *> byKey;
    byKey.reserve(o.ports.size());
    for (const ObservedPort &p : o.ports)
        byKey.insert(p.key(), &p);
    return byKey;
}

/// Cables seen down, and cables seen corrupting frames: input errors at either end, as a share of
/// what that end received (a NIC's, of what its switch port sent). The twin's cable loses as many,
/// so that go-back-N costs it what it costs the fabric; a twin of clean cables would predict the
/// line rate through a cable that lets a tenth of it through.
void addLinkFaults(const TwinObservation &o, TwinModel &m)
{
    const QHash<QString, const ObservedPort *> byKey = portsByKey(o);
    const auto rate = [](const ObservedPort *port, model::Metric metric) {
        return port ? port->mean(metric).value_or(0) : 0.0;
    };
    const auto share = [](double errors, double good) {
        return errors > 0 ? errors / (errors + std::max(0.0, good)) : 0.0;
    };
    for (int p = 0; p < m.spec.switchPorts.size(); ++p) {
        const SwitchPortSpec &port = m.spec.switchPorts[p];
        if (port.peerKind == PeerKind::SwitchPort && port.peer < p)
            continue;  // an inter-switch cable once
        const ObservedPort *here = byKey.value(switchPortId(m.spec, p));
        double corrupted
            = share(rate(here, model::Metric::InErrors), rate(here, model::Metric::InPkts));
        if (port.peerKind == PeerKind::SwitchPort) {
            const ObservedPort *far = byKey.value(switchPortId(m.spec, port.peer));
            corrupted = std::max(
                corrupted,
                share(rate(far, model::Metric::InErrors), rate(far, model::Metric::InPkts)));
        } else if (port.peerKind == PeerKind::Nic) {
            for (int h : m.spec.hostsOnNicPort(port.peer)) {
                const ObservedPort *nic = o.find(serverOf(m.spec, h), m.spec.hosts[h].rdmaDevice);
                corrupted = std::max(
                    corrupted,
                    share(rate(nic, model::Metric::InErrors), rate(here, model::Metric::OutPkts)));
            }
        }
        if (port.peerKind != PeerKind::None && here && model::linkStateDown(here->state)
            && !m.shutDown.contains(p)) {
            // A cable known (LLDP, or the inventory's placement) that is down without
            // `shutdown` (cut, a dead optic): the twin's traffic goes around it as the
            // fabric's does. Unused ports, down with nothing on them, are left alone.
            m.shutDown.append(p);
            m.notes.append(TwinModelText::tr("The link of %1 is down: the twin's is too.")
                               .arg(switchPortId(m.spec, p)));
            continue;
        }
        if (corrupted <= 0)
            continue;
        m.linkErrors.insert(p, corrupted);
        m.notes.append(TwinModelText::tr("The cable at %1 corrupts %2 % of its frames (input "
                                         "errors seen at its ends): the twin's cable loses them "
                                         "too.")
                           .arg(switchPortId(m.spec, p))
                           .arg(corrupted * 100, 0, 'g', 2));
    }
}

/// What each switch-to-switch port of the model was seen to send and receive, bits/s (the
/// observed ports indexed once: a 1,024-host fabric has some 16,000 uplink ends and 24,000
/// observed ports). A port not seen is absent.
struct UplinkRates {
    QHash<int, double> outBps, inBps;  ///< model switch port -> rate
};

UplinkRates uplinkRates(const TwinObservation &o, const FabricSpec &spec)
{
    const QHash<QString, const ObservedPort *> byKey = portsByKey(o);
    UplinkRates r;
    for (int p = 0; p < spec.switchPorts.size(); ++p) {
        if (spec.switchPorts[p].peerKind != PeerKind::SwitchPort)
            continue;
        const ObservedPort *seen = byKey.value(switchPortId(spec, p));
        const auto out = seen ? seen->mean(model::Metric::OutBits) : std::nullopt;
        const auto in = seen ? seen->mean(model::Metric::InBits) : std::nullopt;
        if (out)
            r.outBps.insert(p, *out);
        if (in)
            r.inBps.insert(p, *in);
    }
    return r;
}

/// The bulk flows behind the NICs' rates: under each leaf and across the spines apart, in the
/// shares the leaves' uplinks were seen to carry, on a fabric of more than one leaf whose
/// uplinks were all seen; else by gravity over the whole fabric.
BulkFlowEstimate estimateBulk(const UplinkRates &seen, TwinModel &m,
                              const QList<BulkEndpoint> &senders,
                              const QList<BulkEndpoint> &receivers)
{
    QHash<int, int> leafOf;  // host -> switch
    for (int h = 0; h < m.spec.hosts.size(); ++h) {
        if (const int leaf = m.spec.switchOfHost(h); leaf >= 0)
            leafOf.insert(h, leaf);
    }
    const QList<int> leafList = leafOf.values();
    const QSet<int> leaves(leafList.cbegin(), leafList.cend());
    QHash<int, LeafUplinks> uplinks;
    for (int p = 0; p < m.spec.switchPorts.size(); ++p) {
        const SwitchPortSpec &port = m.spec.switchPorts[p];
        if (port.peerKind != PeerKind::SwitchPort || !leaves.contains(port.switchIndex))
            continue;  // not a leaf's uplink
        if (!seen.outBps.contains(p) || !seen.inBps.contains(p))
            return estimateBulkFlows(senders, receivers);  // an uplink not seen: no split
        uplinks[port.switchIndex].out += seen.outBps.value(p);
        uplinks[port.switchIndex].in += seen.inBps.value(p);
    }
    if (leaves.size() < 2 || uplinks.isEmpty() || senders.isEmpty())
        return estimateBulkFlows(senders, receivers);
    m.notes.append(TwinModelText::tr("Each NIC's rate is split into what stays under its leaf "
                                     "and what crosses the spines, in the shares the leaves' "
                                     "uplinks were seen to carry: flows are estimated under "
                                     "each leaf, and between leaves, apart."));
    return estimateBulkFlowsByLeaf(senders, receivers, leafOf, uplinks, kActiveBps);
}

/// The bulk flows that cross the spines on the uplinks their leaves were seen to send on.
void placeOnUplinks(const UplinkRates &seen, TwinModel &m)
{
    if (const int placed = placeOnObservedUplinks(m.spec, m.flows, seen.outBps); placed > 0)
        m.notes.append(TwinModelText::tr("%n bulk flow(s) crossing the spines placed on the "
                                         "uplinks their leaves were seen to send on (a switch's "
                                         "ECMP hash of the 5-tuple is not exposed).",
                                         nullptr, placed));
}

/// The launched jobs on the model's hosts; bulk flows between the other NICs from their rates.
void estimateLoad(const TwinObservation &o, const QList<LaunchedJob> &jobs, TwinModel &m)
{
    // A rank is a NIC row ("server/device"), or a server alone: its first NIC.
    QHash<QString, int> hostOfRow;
    for (int h = 0; h < m.spec.hosts.size(); ++h) {
        hostOfRow.insert(nicRowOf(m.spec, h), h);
        if (!hostOfRow.contains(serverOf(m.spec, h)))
            hostOfRow.insert(serverOf(m.spec, h), h);
    }
    // Each job's ranks' port rates: what the job sends and receives on average (a ring
    // all-reduce moves 2 (n - 1) / n of the gradients through every rank each step), when its
    // step is known; what they carry beyond it is bulk traffic like any other's.
    QSet<int> inJobs;
    QHash<int, double> jobBps;  ///< rank host -> the job's mean rate each way, bits/s
    for (const LaunchedJob &job : jobs) {
        TrainingOptions t;
        t.gradientBytes = job.gradientBytes;
        t.computeTime = job.computeTime;
        t.iterations = 1 << 30;
        for (const QString &rank : job.ranks) {
            const int h = hostOfRow.value(rank, -1);
            if (h < 0) {
                m.notes.append(TwinModelText::tr("A launched job's rank %1 is not in the twin: the "
                                                 "job is left out.")
                                   .arg(rank));
                t.ranks.clear();
                break;
            }
            t.ranks.append(h);
        }
        if (t.ranks.size() < 2)
            continue;
        const double n = double(t.ranks.size());
        const double wire
            = double(m.params.roceMtu + kRoceFrameOverhead) / double(m.params.roceMtu);
        const double perRank = job.stepTime > 0
            ? 2 * (n - 1) / n * double(job.gradientBytes) * wire * 8 / (double(job.stepTime) / 1e9)
            : -1;
        for (int h : std::as_const(t.ranks)) {
            inJobs.insert(h);
            if (perRank >= 0)
                jobBps[h] += perRank;
            else
                jobBps[h] = std::numeric_limits<double>::infinity();  // all of it the job's
        }
        m.jobs.append(t);
    }
    // Gravity: sender i sends to receiver j in proportion to what j receives.
    QList<BulkEndpoint> senders, receivers;
    for (int h = 0; h < m.spec.hosts.size(); ++h) {
        const double job = jobBps.value(h, 0);
        if (std::isinf(job))
            continue;
        const ObservedPort *p = o.find(serverOf(m.spec, h), m.spec.hosts[h].rdmaDevice);
        if (!p)
            continue;
        const double tx = std::max(0.0, p->mean(model::Metric::OutBits).value_or(0) - job);
        const double rx = std::max(0.0, p->mean(model::Metric::InBits).value_or(0) - job);
        if (inJobs.contains(h) && std::max(tx, rx) >= kActiveBps)
            m.uncertain.append(TwinModelText::tr("%1 carries %2 Gb/s out and %3 Gb/s in beside "
                                                 "its launched job (the job's mean rate taken "
                                                 "out of its port's): spread as bulk flows.")
                                   .arg(nicRowOf(m.spec, h))
                                   .arg(tx / 1e9, 0, 'f', 2)
                                   .arg(rx / 1e9, 0, 'f', 2));
        if (tx >= kActiveBps)
            senders.append({h, tx});
        if (rx >= kActiveBps)
            receivers.append({h, rx});
    }
    const UplinkRates seen = uplinkRates(o, m.spec);
    const BulkFlowEstimate bulk = estimateBulk(seen, m, senders, receivers);
    for (const BulkEndpoint &s : bulk.unmatched)
        m.uncertain.append(TwinModelText::tr("%1 sends %2 Gb/s that no other NIC is seen "
                                             "to receive beside the jobs: left out.")
                               .arg(nicRowOf(m.spec, s.host))
                               .arg(s.bps / 1e9, 0, 'f', 2));
    m.flows = bulk.flows;
    placeOnUplinks(seen, m);
    if (bulk.paired)
        m.uncertain.append(
            TwinModelText::tr("%1 senders and %2 receivers: the port rates do not say who sends to "
                              "whom, and spread over all the receivers (a gravity estimate) most "
                              "of each sender's flows would be too small to model; the twin pairs "
                              "them instead, largest first, each pair carrying what both still "
                              "have (%3 flows): every NIC sends and receives about what it was "
                              "seen to, but who sends to whom is a guess.")
                .arg(senders.size())
                .arg(receivers.size())
                .arg(bulk.flows.size()));
    else if (senders.size() > 1 && receivers.size() > 1)
        m.uncertain.append(
            TwinModelText::tr("%1 senders and %2 receivers: the port rates do not say who sends to "
                              "whom, so the twin spreads each sender over the receivers in "
                              "proportion to what they receive (a gravity estimate).")
                .arg(senders.size())
                .arg(receivers.size()));
    if (!m.flows.isEmpty())
        m.uncertain.append(TwinModelText::tr("Bulk flows run as fast as DCQCN lets them: a sender "
                                             "held back by its application is taken as held back "
                                             "by the fabric."));
}

}  // namespace

Result<TwinModel> buildTwin(const TwinObservation &observation, const QList<LaunchedJob> &jobs)
{
    TwinModel m;
    m.spec.name = QStringLiteral("twin");
    m.params.engine = FabricEngine::Fluid;
    m.params.timing.dt = 10 * kNsPerUs;
    // Without `pause buffer-size` a Nexus sizes the no-drop thresholds from its free buffer.
    m.params.sw.pfcMode = PfcThresholdMode::Dynamic;
    Cabling cabling;
    addSwitches(observation, m, cabling);
    addHosts(observation, m, cabling);
    if (m.spec.switchPorts.isEmpty() || m.spec.hosts.isEmpty())
        return makeError(ErrorCode::NotFound,
                         TwinModelText::tr("nothing to model yet: %1 switch ports and %2 NICs seen "
                                           "(the switches and agents must answer first)")
                             .arg(m.spec.switchPorts.size())
                             .arg(m.spec.hosts.size()));
    configureSwitches(observation, m, cabling);
    addLinkFaults(observation, m);
    configureNics(observation, m);
    estimateLoad(observation, jobs, m);
    m.notes.append(TwinModelText::tr("Link delays and the NICs' host latencies are not exposed by "
                                     "the devices: the twin uses the model's defaults."));
    return m;
}

std::unique_ptr<Fabric> TwinModel::instantiate(FabricEngine engine, QStringList *refusals) const
{
    ModelParams p = params;
    p.engine = engine;
    std::unique_ptr<Fabric> fabric = makeFabric(spec, p);
    fabric->setQosConfig(qos);
    for (int s = 0; s < queuing.size(); ++s) {
        fabric->setSwitchQueuing(s, queuing[s]);
        fabric->setSwitchFaults(s, switchFaults[s]);
    }
    for (int port : pfcOff)
        fabric->setPfcEnabled(port, false);
    for (int port : shutDown)
        fabric->setLinkUp(port, false);
    for (auto it = linkErrors.cbegin(); it != linkErrors.cend(); ++it)
        fabric->setLinkErrorRate(it.key(), it.value());
    QSet<QString> refused;
    for (int h = 0; h < nicEcn.size(); ++h) {
        // File by file: a file the model's NIC lacks (another driver's) leaves the rest read.
        const auto write = [&](const QMap<QString, QString> &files, bool np) {
            for (auto it = files.cbegin(); it != files.cend(); ++it) {
                const QJsonObject one {{it.key(), it.value()}};
                if (!writeNicEcn(*fabric, h, np ? one : QJsonObject {}, np ? QJsonObject {} : one))
                    refused.insert((np ? QStringLiteral("roce_np/") : QStringLiteral("roce_rp/"))
                                   + it.key());
            }
        };
        write(nicEcn[h].roceNp, true);
        write(nicEcn[h].roceRp, false);
    }
    if (refusals && !refused.isEmpty()) {
        QStringList names = refused.values();
        std::sort(names.begin(), names.end());
        refusals->append(
            TwinModelText::tr("ecn/ files the model's NIC does not have, or values it does "
                              "not take, kept at its defaults: %1")
                .arg(names.join(QStringLiteral(", "))));
    }
    for (const TrainingOptions &t : jobs)
        fabric->startTraining(t);
    for (const EstimatedFlow &f : flows) {
        FlowOptions options;
        options.uplink = f.uplink;
        fabric->startFlow(f.src, f.dst, options);
    }
    return fabric;
}

}  // namespace roce::sim::twin
