#include "collectors/rdmacollector.h"

#include "proto/datamodel/nicdriver.h"
#include "verbsdevices.h"

#include <QCoreApplication>
#include <QHash>
#include <QHostAddress>
#include <QRegularExpression>

#include <algorithm>
#include <cerrno>

namespace roce::agent {

using namespace roce::agentproto;

Collector::~Collector() = default;

namespace {

class RdmaCollectorText
{
    Q_DECLARE_TR_FUNCTIONS(RdmaCollectorText)
};

// Identities, GID tables and what libibverbs says change rarely (a new address, a firmware
// update); reading 128+ GID files per port per sample would dominate the cost of a sample.
// They are read again at most this often, and on the first sample; added or removed devices
// and ports are noticed sooner (relistMs).
constexpr qint64 kSlowFactsMs = 10000;

/// "4: ACTIVE" -> (4, "ACTIVE")
void splitState(const QString &text, std::optional<int> &id, QString &name)
{
    const qsizetype colon = text.indexOf(QLatin1Char(':'));
    if (colon > 0) {
        bool ok = false;
        const int v = text.left(colon).toInt(&ok);
        if (ok)
            id = v;
        name = text.mid(colon + 1).trimmed();
    } else {
        name = text;
    }
}

bool isZeroGid(const QString &gid)
{
    for (QChar c : gid) {
        if (c != QLatin1Char('0') && c != QLatin1Char(':'))
            return false;
    }
    return true;
}

}  // namespace

std::optional<double> parseRateGbps(const QString &rate)
{
    static const QRegularExpression re(QStringLiteral(R"(^(\d+(?:\.5)?) Gb/sec)"));
    const auto m = re.match(rate);
    if (!m.hasMatch())
        return std::nullopt;
    return m.captured(1).toDouble();
}

struct RdmaCollector::Port {
    int number = 1;
    QString base;  ///< relative to the tree: class/infiniband/<dev>/ports/<n>/
    std::unique_ptr<AttributeFile> state, physState, rate, linkLayer;
    std::unique_ptr<CounterFiles> counters;    ///< counters/ and counters_ext/
    std::unique_ptr<CounterFiles> hwCounters;  ///< hw_counters/
    // What was parsed from the attribute files, kept until their text changes.
    quint64 stateGeneration = ~quint64(0), physGeneration = ~quint64(0),
            rateGeneration = ~quint64(0);
    QString stateName, physStateName, rateText;
    std::optional<int> stateId, physStateId;
    std::optional<double> rateGbps;
    QList<GidEntry> gids;
    QString netdev;
    qint64 lastSlowRefresh = -1;
    NamedCounterMap netlinkCounters;  ///< hw counters as the last netlink reply gave them
};

struct RdmaCollector::Device {
    RdmaDeviceSample identity;                 ///< name and identity; no ports, no counters
    std::unique_ptr<CounterFiles> hwCounters;  ///< device-level hw_counters/
    std::vector<std::unique_ptr<Port>> ports;
    QList<int> verbsMtu;                  ///< active MTU per port (index port-1), from libibverbs
    std::optional<quint32> netlinkIndex;  ///< the kernel's index, when netlink lists it
};

namespace {

// port_xmit_data/port_rcv_data count 4-byte words whatever the link width
// (REFERENCE-FORMATS §1.2): report bytes, under a name that says so. Kernels < 4.5 keep the
// 64-bit values in counters_ext/.
QList<CounterRename> pmaRenames()
{
    const QString tx = QStringLiteral("port_xmit_data_bytes");
    const QString rx = QStringLiteral("port_rcv_data_bytes");
    return {{QStringLiteral("port_xmit_data"), tx, 4},
            {QStringLiteral("port_xmit_data_64"), tx, 4},
            {QStringLiteral("port_rcv_data"), rx, 4},
            {QStringLiteral("port_rcv_data_64"), rx, 4}};
}

// "lifespan" is a setting (ms a firmware read is cached), not a counter.
const QStringList &hwSkip()
{
    static const QStringList skip {QStringLiteral("lifespan")};
    return skip;
}

QList<int> portNumbers(const QStringList &entries)
{
    QList<int> ports;
    for (const QString &p : entries)
        ports.append(p.toInt());
    std::sort(ports.begin(), ports.end());
    return ports;
}

}  // namespace

std::optional<CounterSource> parseCounterSource(const QString &text)
{
    if (text == QLatin1String("auto"))
        return CounterSource::Auto;
    if (text == QLatin1String("netlink"))
        return CounterSource::Netlink;
    if (text == QLatin1String("sysfs"))
        return CounterSource::Sysfs;
    return std::nullopt;
}

RdmaCollector::RdmaCollector(SysfsTree tree, bool useVerbs, qint64 relistMs, CounterSource counters)
    : m_tree(std::move(tree)), m_useVerbs(useVerbs), m_relistMs(relistMs), m_counterSource(counters)
{
    m_clock.start();
    if (counters == CounterSource::Sysfs)
        return;
    if (!useVerbs) {
        // A fixture tree describes another machine: this kernel's counters are not its own.
        m_netlinkError
            = RdmaCollectorText::tr("netlink reads the running kernel, not %1").arg(m_tree.root());
        return;
    }
    auto opened = RdmaNetlink::open();
    if (opened.ok())
        m_netlink = std::move(opened).value();
    else
        m_netlinkError = opened.error().message;
}

void RdmaCollector::refreshNetlinkDevices()
{
    m_netlinkDevicesStale = false;
    auto listed = m_netlink->devices();
    if (listed.ok()) {
        m_netlinkDevices = std::move(listed).value();
        m_netlinkError.clear();
    } else {
        m_netlinkDevices.clear();
        m_netlinkError = listed.error().message;
    }
    for (auto &device : m_devices) {
        const auto found = m_netlinkDevices.constFind(device->identity.name);
        device->netlinkIndex
            = found != m_netlinkDevices.cend() ? std::optional<quint32>(*found) : std::nullopt;
    }
}

void RdmaCollector::askNetlink()
{
    std::size_t n = 0;
    for (const auto &device : m_devices) {
        if (!device->netlinkIndex)
            continue;
        for (const auto &port : device->ports) {
            if (n == m_queries.size())
                m_queries.emplace_back();
            m_queries[n].device = *device->netlinkIndex;
            m_queries[n].port = quint32(port->number);
            ++n;
        }
    }
    // Shrinking keeps nothing that is asked; the parsed names of the rest are reused.
    m_queries.resize(n);
    m_netlink->statGet(m_queries);
}

RdmaCollector::~RdmaCollector() = default;

void RdmaCollector::refreshSlowFacts(const QString &device, Port &port)
{
    if (port.lastSlowRefresh >= 0 && m_clock.elapsed() - port.lastSlowRefresh < kSlowFactsMs)
        return;
    port.lastSlowRefresh = m_clock.elapsed();
    const QString &base = port.base;
    port.gids.clear();
    port.netdev.clear();
    const QStringList gidSlots = m_tree.list(base + QStringLiteral("gids"));
    QList<int> indices;
    for (const QString &s : gidSlots)
        indices.append(s.toInt());
    std::sort(indices.begin(), indices.end());
    for (int index : indices) {
        const QString i = QString::number(index);
        const auto gid = m_tree.read(base + QStringLiteral("gids/") + i);
        // Unpopulated slots are all zero, and their gid_attrs files fail to read.
        if (!gid || isZeroGid(*gid))
            continue;
        const auto type = m_tree.read(base + QStringLiteral("gid_attrs/types/") + i);
        if (!type)
            continue;
        GidEntry e;
        e.index = index;
        e.gid = *gid;
        e.type = *type;
        e.netdev = m_tree.read(base + QStringLiteral("gid_attrs/ndevs/") + i).value_or(QString());
        const QHostAddress addr(e.gid);
        bool mapped = false;
        const quint32 v4 = addr.toIPv4Address(&mapped);
        if (mapped)
            e.ipv4 = QHostAddress(v4).toString();
        if (port.netdev.isEmpty() && !e.netdev.isEmpty())
            port.netdev = e.netdev;
        port.gids.append(e);
    }
    if (port.netdev.isEmpty()) {
        // No populated GID names a netdev (link down, IB): the PCI function's net/ entry.
        const QStringList nets
            = m_tree.list(QStringLiteral("class/infiniband/%1/device/net").arg(device));
        if (!nets.isEmpty())
            port.netdev = nets.first();
    }
}

bool RdmaCollector::layoutChanged() const
{
    const QStringList devices = m_tree.list(QStringLiteral("class/infiniband"));
    if (devices != m_listedDevices)
        return true;
    for (qsizetype i = 0; i < devices.size(); ++i) {
        if (m_tree.list(QStringLiteral("class/infiniband/") + devices[i] + QStringLiteral("/ports"))
            != m_listedPorts[i])
            return true;
    }
    return false;
}

void RdmaCollector::refreshDevices()
{
    m_lastDeviceRefresh = m_clock.elapsed();
    m_lastRelist = m_lastDeviceRefresh;
    m_relistNow = false;
    m_verbsError.clear();
    m_listedDevices = m_tree.list(QStringLiteral("class/infiniband"));
    m_listedPorts.clear();
    QHash<QString, QStringList> portEntries;
    for (const QString &dev : std::as_const(m_listedDevices)) {
        m_listedPorts.append(
            m_tree.list(QStringLiteral("class/infiniband/") + dev + QStringLiteral("/ports")));
        portEntries.insert(dev, m_listedPorts.last());
    }
    QStringList names = m_listedDevices;
    QHash<QString, QList<int>> verbsMtu;
    m_deviceSource = QStringLiteral("sysfs");
    if (m_useVerbs) {
        const auto listed = listVerbsDevices();
        if (listed && !listed->isEmpty()) {
            m_deviceSource = QStringLiteral("libibverbs");
            names.clear();
            for (const VerbsDevice &d : *listed) {
                names.append(d.name);
                QList<int> mtus;
                for (const VerbsPort &vp : d.ports)
                    mtus.append(vp.activeMtu);
                verbsMtu.insert(d.name, mtus);
            }
        } else if (!listed) {
            m_verbsError = listed.error().message;
        }
    }
    // Devices and ports that are still there keep their open files.
    std::vector<std::unique_ptr<Device>> devices;
    for (const QString &dev : std::as_const(names)) {
        std::unique_ptr<Device> d;
        for (auto &old : m_devices) {
            if (old && old->identity.name == dev) {
                d = std::move(old);
                break;
            }
        }
        const QString base = QStringLiteral("class/infiniband/") + dev + QLatin1Char('/');
        if (!d) {
            d = std::make_unique<Device>();
            d->hwCounters = std::make_unique<CounterFiles>(
                QStringList {m_tree.path(base + QStringLiteral("hw_counters"))}, hwSkip());
        }
        RdmaDeviceSample &id = d->identity;
        id.name = dev;
        id.nodeGuid = m_tree.read(base + QStringLiteral("node_guid")).value_or(QString());
        id.fwVer = m_tree.read(base + QStringLiteral("fw_ver")).value_or(QString());
        id.hcaType = m_tree.read(base + QStringLiteral("hca_type")).value_or(QString());
        id.boardId = m_tree.read(base + QStringLiteral("board_id")).value_or(QString());
        id.nodeType = m_tree.read(base + QStringLiteral("node_type")).value_or(QString());
        // The PCI function's driver names the family (mlx5_core, bnxt_en, ice, ionic);
        // Soft-RoCE has no device, only the netdev it runs on as its parent.
        id.driver = model::nicDriverKey(
            model::nicDriverFromSysfs(m_tree.linkName(base + QStringLiteral("device/driver")),
                                      m_tree.exists(base + QStringLiteral("parent"))));
        if (id.driver.isEmpty())
            id.driver = model::nicDriverKey(model::nicDriverFromDeviceName(dev));
        d->verbsMtu = verbsMtu.value(dev);
        const auto listedPorts = portEntries.constFind(dev);
        const QList<int> numbers = portNumbers(listedPorts != portEntries.cend()
                                                   ? *listedPorts
                                                   : m_tree.list(base + QStringLiteral("ports")));
        std::vector<std::unique_ptr<Port>> ports;
        for (int number : numbers) {
            std::unique_ptr<Port> p;
            for (auto &old : d->ports) {
                if (old && old->number == number) {
                    p = std::move(old);
                    break;
                }
            }
            if (!p) {
                p = std::make_unique<Port>();
                p->number = number;
                p->base = base + QStringLiteral("ports/%1/").arg(number);
                const QString abs = m_tree.path(p->base);
                p->state = std::make_unique<AttributeFile>(abs + QStringLiteral("state"));
                p->physState = std::make_unique<AttributeFile>(abs + QStringLiteral("phys_state"));
                p->rate = std::make_unique<AttributeFile>(abs + QStringLiteral("rate"));
                p->linkLayer = std::make_unique<AttributeFile>(abs + QStringLiteral("link_layer"));
                p->counters = std::make_unique<CounterFiles>(
                    QStringList {abs + QStringLiteral("counters"),
                                 abs + QStringLiteral("counters_ext")},
                    QStringList(), pmaRenames());
                p->hwCounters = std::make_unique<CounterFiles>(
                    QStringList {abs + QStringLiteral("hw_counters")}, hwSkip());
            }
            ports.push_back(std::move(p));
        }
        d->ports = std::move(ports);
        devices.push_back(std::move(d));
    }
    m_devices = std::move(devices);
    // A device removed and added again comes back under a new index.
    m_netlinkDevicesStale = true;
}

void RdmaCollector::readPort(Port &port, const Device &device, RdmaPortSample &p,
                             const RdmaNetlink::Query *query)
{
    p.port = port.number;
    // The texts rarely change: parse them again only when they do.
    const auto state = port.state->read();
    if (port.state->generation() != port.stateGeneration) {
        port.stateGeneration = port.state->generation();
        port.stateId.reset();
        splitState(state.value_or(QString()), port.stateId, port.stateName);
    }
    const auto physState = port.physState->read();
    if (port.physState->generation() != port.physGeneration) {
        port.physGeneration = port.physState->generation();
        port.physStateId.reset();
        splitState(physState.value_or(QString()), port.physStateId, port.physStateName);
    }
    p.linkLayer = port.linkLayer->read().value_or(QString());
    const auto rate = port.rate->read();
    if (port.rate->generation() != port.rateGeneration) {
        port.rateGeneration = port.rate->generation();
        port.rateText = rate.value_or(QString());
        port.rateGbps = parseRateGbps(port.rateText);
    }
    p.state = port.stateName;
    p.stateId = port.stateId;
    p.physState = port.physStateName;
    p.physStateId = port.physStateId;
    p.rate = port.rateText;
    p.rateGbps = port.rateGbps;
    const int mtuIndex = port.number - 1;
    if (mtuIndex >= 0 && mtuIndex < device.verbsMtu.size() && device.verbsMtu[mtuIndex] > 0)
        p.activeMtu = device.verbsMtu[mtuIndex];
    refreshSlowFacts(device.identity.name, port);
    p.gids = port.gids;
    p.netdev = port.netdev;
    p.counters = port.counters->read();
    if (query && query->answered) {
        p.hwCounters
            = port.netlinkCounters.publish(query->stats.counters, query->stats.count, hwSkip());
        m_usedNetlink = true;
    } else {
        if (query) {
            m_portErrors.append(QStringLiteral("%1/%2: %3")
                                    .arg(device.identity.name)
                                    .arg(port.number)
                                    .arg(query->error));
            // The device went, or came back under another index: list them again. A port the
            // kernel refuses for good (a driver without hardware counters) is not a reason to.
            if (query->errorCode == -ENODEV)
                m_netlinkDevicesStale = true;
        }
        p.hwCounters = port.hwCounters->read();
        m_usedSysfs = m_usedSysfs || port.hwCounters->exists();
    }
    if (port.state->vanished() || port.counters->vanished() || port.hwCounters->vanished())
        m_relistNow = true;
}

Result<void> RdmaCollector::update(AgentSample &sample)
{
    const qint64 now = m_clock.elapsed();
    if (m_lastDeviceRefresh < 0 || now - m_lastDeviceRefresh >= kSlowFactsMs) {
        refreshDevices();
    } else if (m_relistNow || now - m_lastRelist >= m_relistMs) {
        // A few directory listings: cheap enough to notice hot-plug within a second.
        m_lastRelist = now;
        m_relistNow = false;
        if (layoutChanged())
            refreshDevices();
    }
    m_usedNetlink = m_usedSysfs = false;
    m_portErrors.clear();
    if (m_netlink) {
        if (m_netlinkDevicesStale)
            refreshNetlinkDevices();
        askNetlink();
    } else {
        m_queries.clear();
    }
    sample.deviceSource = m_deviceSource;
    sample.devices.reserve(sample.devices.size() + qsizetype(m_devices.size()));
    std::size_t asked = 0;
    for (const auto &device : m_devices) {
        RdmaDeviceSample d = device->identity;
        // Netlink has no device-wide table: a device's own hw_counters/ stay files.
        d.hwCounters = device->hwCounters->read();
        if (device->hwCounters->vanished())
            m_relistNow = true;
        const bool listed = m_netlink && device->netlinkIndex;
        d.ports.reserve(qsizetype(device->ports.size()));
        for (const auto &port : device->ports) {
            d.ports.emplace_back();
            const RdmaNetlink::Query *query
                = listed && asked < m_queries.size() ? &m_queries[asked++] : nullptr;
            readPort(*port, *device, d.ports.back(), query);
        }
        sample.devices.append(std::move(d));
    }
    // The sources that gave hardware counters; with none, the one that was asked.
    if (m_usedNetlink && m_usedSysfs)
        sample.counterSource = QStringLiteral("netlink+sysfs");
    else if (m_usedNetlink || (!m_usedSysfs && m_netlink))
        sample.counterSource = QStringLiteral("netlink");
    else
        sample.counterSource = QStringLiteral("sysfs");
    QStringList errors;
    if (!m_verbsError.isEmpty())
        errors.append(RdmaCollectorText::tr("libibverbs: %1 (used sysfs)").arg(m_verbsError));
    if (m_counterSource == CounterSource::Netlink) {
        // Asked for by name: every port it could not answer is an error, read from sysfs.
        if (!m_netlinkError.isEmpty())
            errors.append(RdmaCollectorText::tr("RDMA netlink: %1 (hw_counters read from sysfs)")
                              .arg(m_netlinkError));
        for (const auto &device : m_devices) {
            if (m_netlink && m_netlinkError.isEmpty() && !device->netlinkIndex)
                errors.append(RdmaCollectorText::tr("RDMA netlink does not list %1 (hw_counters "
                                                    "read from sysfs)")
                                  .arg(device->identity.name));
        }
        if (!m_portErrors.isEmpty())
            errors.append(RdmaCollectorText::tr("RDMA netlink: %1 (hw_counters read from sysfs)")
                              .arg(m_portErrors.join(QStringLiteral("; "))));
    }
    if (!errors.isEmpty())
        return makeError(ErrorCode::Io, errors.join(QStringLiteral("; ")));
    return {};
}

}  // namespace roce::agent
