#include "live/fleet/fleetshape.h"

#include "live/hub/lldpfabric.h"
#include "live/inventory/inventory.h"

#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace roce::fleet {

namespace {

QString key2(const QString &a, const QString &b)
{
    return a + QLatin1Char('\x1f') + b;
}
QString key3(const QString &a, const QString &b, const QString &c)
{
    return a + QLatin1Char('\x1f') + b + QLatin1Char('\x1f') + c;
}

/// "10.0.0.11:9471" -> "10.0.0.11", "[fe80::1]:9471" -> "fe80::1".
QString hostOfTarget(const QString &instance)
{
    if (instance.startsWith(QLatin1Char('['))) {
        const qsizetype close = instance.indexOf(QLatin1Char(']'));
        return close > 0 ? instance.mid(1, close - 1) : instance;
    }
    const qsizetype colon = instance.lastIndexOf(QLatin1Char(':'));
    return colon > 0 && instance.indexOf(QLatin1Char(':')) == colon ? instance.left(colon)
                                                                    : instance;
}

QString nicStateName(int id)
{
    switch (id) {
    case 1:
        return QStringLiteral("down");
    case 2:
        return QStringLiteral("init");
    case 3:
        return QStringLiteral("armed");
    case 4:
        return QStringLiteral("up");
    case 5:
        return QStringLiteral("active_defer");
    default:
        break;
    }
    return QStringLiteral("unknown");
}

/// "Ethernet1/2" before "Ethernet1/10": digit runs compare as numbers.
bool naturalLess(const QString &a, const QString &b)
{
    qsizetype i = 0, j = 0;
    while (i < a.size() && j < b.size()) {
        if (a.at(i).isDigit() && b.at(j).isDigit()) {
            qsizetype ie = i, je = j;
            while (ie < a.size() && a.at(ie).isDigit())
                ++ie;
            while (je < b.size() && b.at(je).isDigit())
                ++je;
            const qulonglong x = a.mid(i, ie - i).toULongLong();
            const qulonglong y = b.mid(j, je - j).toULongLong();
            if (x != y)
                return x < y;
            i = ie;
            j = je;
            continue;
        }
        if (a.at(i) != b.at(j))
            return a.at(i) < b.at(j);
        ++i;
        ++j;
    }
    return a.size() - i < b.size() - j;
}

/// Compiled family patterns of each query (names are plain or regular expressions).
const QList<QList<QRegularExpression>> &familyPatterns()
{
    static const QList<QList<QRegularExpression>> patterns = [] {
        QList<QList<QRegularExpression>> out;
        for (const FleetQuery &q : fleetQueries()) {
            QList<QRegularExpression> list;
            for (const QString &f : q.families)
                list.append(QRegularExpression(QRegularExpression::anchoredPattern(f)));
            out.append(list);
        }
        return out;
    }();
    return patterns;
}

}  // namespace

int FleetShape::hostCount() const
{
    QSet<QString> hosts;
    for (const NicPort &n : nicPorts)
        hosts.insert(n.host);
    return int(hosts.size());
}

bool FleetShape::reports(const FleetQuery &q) const
{
    const qsizetype index = &q - fleetQueries().constData();
    return index >= 0 && index < reported.size() && reported.at(index);
}

size_t FleetShape::signature() const
{
    size_t seed = 0;
    for (const Switch &s : switches)
        seed = qHashMulti(seed, s.name, s.role);
    for (const SwitchPort &p : switchPorts)
        seed = qHashMulti(seed, p.switchName, p.interface, p.neighbor, p.neighborPort);
    for (const NicPort &n : nicPorts)
        seed = qHashMulti(seed, n.host, n.device, n.netdev);
    return seed;
}

FleetShape shapeFromSeries(const QList<prom::LabelSet> &series)
{
    FleetShape shape;
    const QString name = QStringLiteral("__name__");
    QHash<QString, QString> roleOf;
    QSet<QString> switchNames;
    QHash<QString, qsizetype> portIndex;  // switch|interface -> switchPorts
    QHash<QString, QString> netdevOf;     // instance|device|port -> netdev
    QHash<QString, QString> agentHost, unameHost;
    struct Lldp {
        QString neighbor, neighborPort;
    };
    QHash<QString, Lldp> lldp;
    QList<FleetShape::NicPort> nics;
    QSet<QString> seenNics;
    auto port = [&](const QString &sw, const QString &interface) -> FleetShape::SwitchPort & {
        const QString k = key2(sw, interface);
        auto it = portIndex.constFind(k);
        if (it == portIndex.constEnd()) {
            it = portIndex.insert(k, shape.switchPorts.size());
            FleetShape::SwitchPort p;
            p.switchName = sw;
            p.interface = interface;
            shape.switchPorts.append(p);
        }
        return shape.switchPorts[*it];
    };
    for (const prom::LabelSet &s : series) {
        const QString metric = s.value(name);
        const QString instance = s.value(QStringLiteral("instance"));
        if (metric == QLatin1String("nxos_up")) {
            switchNames.insert(s.value(QStringLiteral("switch")));
        } else if (metric == QLatin1String("nxos_switch_info")) {
            switchNames.insert(s.value(QStringLiteral("switch")));
            roleOf.insert(s.value(QStringLiteral("switch")), s.value(QStringLiteral("role")));
        } else if (metric == QLatin1String("nxos_interface_info")) {
            FleetShape::SwitchPort &p
                = port(s.value(QStringLiteral("switch")), s.value(QStringLiteral("interface")));
            p.description = s.value(QStringLiteral("description"));
            p.internal = s.value(QStringLiteral("internal")) == QLatin1String("true");
            switchNames.insert(p.switchName);
        } else if (metric == QLatin1String("nxos_lldp_neighbor_info")) {
            const QString neighbor = s.value(QStringLiteral("neighbor"));
            lldp.insert(
                key2(s.value(QStringLiteral("switch")), s.value(QStringLiteral("interface"))),
                {neighbor.isEmpty() ? s.value(QStringLiteral("chassis_id")) : neighbor,
                 s.value(QStringLiteral("neighbor_port"))});
        } else if (metric == QLatin1String("roce_agent_info")) {
            agentHost.insert(instance, s.value(QStringLiteral("hostname")));
        } else if (metric == QLatin1String("node_uname_info")) {
            unameHost.insert(instance, s.value(QStringLiteral("nodename")));
        } else if (metric == QLatin1String("roce_infiniband_port_netdev_info")
                   || metric == QLatin1String("rdma_port_info")) {
            const QString netdev = s.value(QStringLiteral("netdev"));
            const QString k = key3(instance, s.value(QStringLiteral("device")),
                                   s.value(QStringLiteral("port")));
            if (!netdev.isEmpty())
                netdevOf.insert(k, netdev);
            if (metric == QLatin1String("rdma_port_info") && !seenNics.contains(k)) {
                seenNics.insert(k);
                nics.append({instance,
                             {},
                             s.value(QStringLiteral("device")),
                             s.value(QStringLiteral("port")),
                             {},
                             0});
            }
        } else if (metric == QLatin1String("node_infiniband_state_id")) {
            const QString k = key3(instance, s.value(QStringLiteral("device")),
                                   s.value(QStringLiteral("port")));
            if (!seenNics.contains(k)) {
                seenNics.insert(k);
                nics.append({instance,
                             {},
                             s.value(QStringLiteral("device")),
                             s.value(QStringLiteral("port")),
                             {},
                             0});
            }
        }
    }
    for (auto it = lldp.cbegin(); it != lldp.cend(); ++it) {
        const QStringList parts = it.key().split(QLatin1Char('\x1f'));
        FleetShape::SwitchPort &p = port(parts.value(0), parts.value(1));
        p.neighbor = it->neighbor;
        p.neighborPort = it->neighborPort;
    }
    QStringList names(switchNames.cbegin(), switchNames.cend());
    names.removeAll(QString());
    std::sort(names.begin(), names.end());
    for (const QString &n : std::as_const(names))
        shape.switches.append({n, roleOf.value(n)});
    // Interfaces by switch name, then in the switch's own order (Ethernet1/2 before 1/10).
    std::stable_sort(shape.switchPorts.begin(), shape.switchPorts.end(),
                     [](const FleetShape::SwitchPort &a, const FleetShape::SwitchPort &b) {
                         if (a.switchName != b.switchName)
                             return a.switchName < b.switchName;
                         return naturalLess(a.interface, b.interface);
                     });
    for (FleetShape::NicPort &n : nics) {
        const QString host = agentHost.value(n.instance, unameHost.value(n.instance));
        n.host = host.isEmpty() ? hostOfTarget(n.instance) : host;
        n.netdev = netdevOf.value(key3(n.instance, n.device, n.port));
        shape.hostOfInstance.insert(n.instance, n.host);
    }
    std::stable_sort(
        nics.begin(), nics.end(), [](const FleetShape::NicPort &a, const FleetShape::NicPort &b) {
            return std::tie(a.host, a.device, a.port) < std::tie(b.host, b.device, b.port);
        });
    shape.nicPorts = nics;
    return shape;
}

void applyLineRates(FleetShape &shape, const QList<prom::PromSample> &switchSpeeds,
                    const QList<prom::PromSample> &nicRates)
{
    QHash<QString, double> sw, nic;
    for (const prom::PromSample &s : switchSpeeds)
        sw.insert(key2(s.labels.value(0), s.labels.value(1)), s.value * 8);
    for (const prom::PromSample &s : nicRates)
        nic.insert(key3(s.labels.value(0), s.labels.value(1), s.labels.value(2)), s.value * 8);
    for (FleetShape::SwitchPort &p : shape.switchPorts)
        p.lineBits = sw.value(key2(p.switchName, p.interface), p.lineBits);
    for (FleetShape::NicPort &n : shape.nicPorts)
        n.lineBits = nic.value(key3(n.instance, n.device, n.port), n.lineBits);
}

void applyFamilies(FleetShape &shape, const QStringList &names)
{
    shape.families = QSet<QString>(names.cbegin(), names.cend());
    shape.reported.clear();
    for (qsizetype q = 0; q < fleetQueries().size(); ++q) {
        bool any = false;
        for (const QRegularExpression &re : familyPatterns().at(q))
            for (const QString &name : names)
                any = any || re.match(name).hasMatch();
        shape.reported.append(any);
    }
}

QList<model::SourceFrame> framesFromAnswers(const FleetShape &shape, const FleetAnswers &answers,
                                            qint64 takenMs, const QSet<QString> &excludedHosts)
{
    const QList<FleetQuery> &queries = fleetQueries();
    // Every answer row by its key, per query: switch|interface, instance|device|port, or
    // instance|netdev.
    QList<QHash<QString, double>> values(queries.size());
    for (qsizetype q = 0; q < queries.size() && q < answers.metrics.size(); ++q) {
        const auto &parts = queries.at(q).parts;
        for (qsizetype p = 0; p < parts.size() && p < answers.metrics.at(q).size(); ++p) {
            for (const prom::PromSample &s : answers.metrics.at(q).at(p)) {
                const QString k = parts.at(p).first == RowKey::NicPort
                    ? key3(s.labels.value(0), s.labels.value(1), s.labels.value(2))
                    : key2(s.labels.value(0), s.labels.value(1));
                // A netdev row and an RDMA-port row for one NIC: the first part wins.
                values[q].insert(k, s.value);
            }
        }
    }
    QSet<QString> switchPortDown, nicDown;
    QHash<QString, int> nicState;
    for (const prom::PromSample &s : answers.switchPortsDown)
        switchPortDown.insert(key2(s.labels.value(0), s.labels.value(1)));
    for (const prom::PromSample &s : answers.nicPortsDown)
        nicState.insert(key3(s.labels.value(0), s.labels.value(1), s.labels.value(2)),
                        int(s.value));

    auto fill = [&](model::PortSample &row, bool nic, const QString &portKey,
                    const QString &netdevKey, double lineBits) {
        for (qsizetype q = 0; q < queries.size(); ++q) {
            const FleetQuery &query = queries.at(q);
            if (query.nic != nic)
                continue;
            std::optional<double> v;
            const auto at = values.at(q).constFind(portKey);
            if (at != values.at(q).constEnd()) {
                v = *at;
            } else if (!netdevKey.isEmpty()) {
                const auto byNetdev = values.at(q).constFind(netdevKey);
                if (byNetdev != values.at(q).constEnd())
                    v = *byNetdev;
            }
            if (!v && query.sparse && shape.reports(query))
                v = 0.0;
            if (v)
                row.set(query.metric, *v);
        }
        for (const model::MetricInfo &m : model::metrics()) {
            if (m.utilizationOf == model::Metric::Count || lineBits <= 0)
                continue;
            if (const auto bits = row.value(m.utilizationOf))
                row.set(m.id, model::utilizationPercent(*bits, lineBits));
        }
    };

    QList<model::SourceFrame> frames;
    model::SourceFrame current;
    auto flush = [&] {
        if (!current.source.isEmpty() && !current.ports.isEmpty())
            frames.append(current);
        current = {};
    };
    for (const FleetShape::SwitchPort &p : shape.switchPorts) {
        if (answers.switchesDown.contains(p.switchName))
            continue;
        if (p.switchName != current.source) {
            flush();
            current.source = p.switchName;
            current.takenMs = takenMs;
            current.issues = answers.issues;
        }
        model::PortSample row;
        row.id = model::PortId::switchPort(p.switchName, p.interface);
        row.peer = p.neighbor.isEmpty() ? p.description : p.neighbor;
        row.peerPort = p.neighborPort;
        row.internal = p.internal;
        const QString k = key2(p.switchName, p.interface);
        row.state = switchPortDown.contains(k) ? QStringLiteral("down") : QStringLiteral("up");
        fill(row, false, k, {}, p.lineBits);
        current.ports.append(row);
    }
    flush();
    for (const FleetShape::NicPort &n : shape.nicPorts) {
        if (answers.instancesDown.contains(n.instance) || excludedHosts.contains(n.host))
            continue;
        if (n.host != current.source) {
            flush();
            current.source = n.host;
            current.origin = n.instance;
            current.takenMs = takenMs;
            current.issues = answers.issues;
        }
        model::PortSample row;
        row.id = model::PortId::nicPort(n.host, n.device);
        row.peer = n.netdev;
        const QString k = key3(n.instance, n.device, n.port);
        const auto state = nicState.constFind(k);
        row.state = state == nicState.constEnd() ? QStringLiteral("up") : nicStateName(*state);
        fill(row, true, k, n.netdev.isEmpty() ? QString() : key2(n.instance, n.netdev), n.lineBits);
        current.ports.append(row);
    }
    flush();
    return frames;
}

models::LeafSpineFabric leafSpineOfShape(const FleetShape &shape, const QString &name)
{
    inventory::Inventory inv;
    for (const FleetShape::Switch &s : shape.switches) {
        inventory::SwitchEntry e;
        e.name = s.name;
        e.role = inventory::roleFromName(s.role).value_or(inventory::SwitchRole::Leaf);
        inv.switches.append(e);
    }
    QList<model::PortSample> latest;
    latest.reserve(shape.switchPorts.size() + shape.nicPorts.size());
    for (const FleetShape::SwitchPort &p : shape.switchPorts) {
        model::PortSample row;
        row.id = model::PortId::switchPort(p.switchName, p.interface);
        row.peer = p.neighbor;
        row.peerPort = p.neighborPort;
        latest.append(row);
    }
    for (const FleetShape::NicPort &n : shape.nicPorts) {
        model::PortSample row;
        row.id = model::PortId::nicPort(n.host, n.device);
        row.peer = n.netdev;
        latest.append(row);
    }
    models::LeafSpineFabric fabric = live::leafSpineFromLldp(inv, latest);
    fabric.name = name;
    return fabric;
}

}  // namespace roce::fleet
