#include "collectors/rdmacollector.h"

#include "verbsdevices.h"

#include <QCoreApplication>
#include <QHostAddress>
#include <QRegularExpression>

namespace roce::agent {

using namespace roce::agentproto;

Collector::~Collector() = default;

namespace {

class RdmaCollectorText
{
    Q_DECLARE_TR_FUNCTIONS(RdmaCollectorText)
};

// The device list, identities and GID tables change rarely (hot-plug, a new address);
// reading 128+ GID files per port per sample would dominate the cost of a sample. They are
// read again at most this often, and on the first sample.
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

struct RdmaCollector::PortCache {
    std::unique_ptr<AttributeFile> state, physState, rate, linkLayer;
    std::unique_ptr<CounterDirectory> counters;
    std::unique_ptr<CounterDirectory> countersExt;
    std::unique_ptr<CounterDirectory> hwCounters;
    QList<GidEntry> gids;
    QString netdev;
    qint64 lastSlowRefresh = -1;
};

RdmaCollector::RdmaCollector(SysfsTree tree, bool useVerbs)
    : m_tree(std::move(tree)), m_useVerbs(useVerbs)
{
    m_clock.start();
}

RdmaCollector::~RdmaCollector() = default;

RdmaCollector::PortCache &RdmaCollector::cacheFor(const QString &device, int port)
{
    const QString key = device + QLatin1Char('/') + QString::number(port);
    auto it = m_ports.find(key);
    if (it == m_ports.end()) {
        auto cache = std::make_shared<PortCache>();
        const QString base
            = m_tree.path(QStringLiteral("class/infiniband/%1/ports/%2/").arg(device).arg(port));
        cache->state = std::make_unique<AttributeFile>(base + QStringLiteral("state"));
        cache->physState = std::make_unique<AttributeFile>(base + QStringLiteral("phys_state"));
        cache->rate = std::make_unique<AttributeFile>(base + QStringLiteral("rate"));
        cache->linkLayer = std::make_unique<AttributeFile>(base + QStringLiteral("link_layer"));
        cache->counters = std::make_unique<CounterDirectory>(base + QStringLiteral("counters"));
        cache->countersExt
            = std::make_unique<CounterDirectory>(base + QStringLiteral("counters_ext"));
        // "lifespan" is a setting (ms a firmware read is cached), not a counter.
        cache->hwCounters = std::make_unique<CounterDirectory>(
            base + QStringLiteral("hw_counters"), QStringList {QStringLiteral("lifespan")});
        it = m_ports.insert(key, cache);
    }
    return **it;
}

void RdmaCollector::refreshSlowFacts(const QString &device, int port, RdmaPortSample &out,
                                     PortCache &cache)
{
    if (cache.lastSlowRefresh >= 0 && m_clock.elapsed() - cache.lastSlowRefresh < kSlowFactsMs) {
        out.gids = cache.gids;
        out.netdev = cache.netdev;
        return;
    }
    cache.lastSlowRefresh = m_clock.elapsed();
    const QString base = QStringLiteral("class/infiniband/%1/ports/%2/").arg(device).arg(port);
    cache.gids.clear();
    cache.netdev.clear();
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
        if (cache.netdev.isEmpty() && !e.netdev.isEmpty())
            cache.netdev = e.netdev;
        cache.gids.append(e);
    }
    if (cache.netdev.isEmpty()) {
        // No populated GID names a netdev (link down, IB): the PCI function's net/ entry.
        const QStringList nets
            = m_tree.list(QStringLiteral("class/infiniband/%1/device/net").arg(device));
        if (!nets.isEmpty())
            cache.netdev = nets.first();
    }
    out.gids = cache.gids;
    out.netdev = cache.netdev;
}

void RdmaCollector::refreshDevices()
{
    m_lastDeviceRefresh = m_clock.elapsed();
    m_devices.clear();
    m_verbsMtu.clear();
    m_verbsError.clear();
    QStringList names = m_tree.list(QStringLiteral("class/infiniband"));
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
                m_verbsMtu.insert(d.name, mtus);
            }
        } else if (!listed) {
            m_verbsError = listed.error().message;
        }
    }
    for (const QString &dev : std::as_const(names)) {
        const QString base = QStringLiteral("class/infiniband/") + dev + QLatin1Char('/');
        RdmaDeviceSample d;
        d.name = dev;
        d.nodeGuid = m_tree.read(base + QStringLiteral("node_guid")).value_or(QString());
        d.fwVer = m_tree.read(base + QStringLiteral("fw_ver")).value_or(QString());
        d.hcaType = m_tree.read(base + QStringLiteral("hca_type")).value_or(QString());
        d.boardId = m_tree.read(base + QStringLiteral("board_id")).value_or(QString());
        d.nodeType = m_tree.read(base + QStringLiteral("node_type")).value_or(QString());
        QList<int> ports;
        for (const QString &p : m_tree.list(base + QStringLiteral("ports")))
            ports.append(p.toInt());
        std::sort(ports.begin(), ports.end());
        for (int port : std::as_const(ports)) {
            RdmaPortSample p;
            p.port = port;
            d.ports.append(p);
        }
        m_devices.append(d);
    }
}

Result<void> RdmaCollector::update(AgentSample &sample)
{
    ++m_samples;
    // Devices, their identity and their ports change rarely (hot-plug, driver reload):
    // list them again every kSlowFactsEvery samples, read the live values every sample.
    if (m_lastDeviceRefresh < 0 || m_clock.elapsed() - m_lastDeviceRefresh >= kSlowFactsMs)
        refreshDevices();
    sample.deviceSource = m_deviceSource;
    for (const RdmaDeviceSample &known : std::as_const(m_devices)) {
        RdmaDeviceSample d = known;
        d.ports.clear();
        const QString dev = d.name;
        const QString base = QStringLiteral("class/infiniband/") + dev + QLatin1Char('/');
        auto &devCounters = m_deviceCounters[dev];
        if (!devCounters) {
            devCounters = std::make_shared<CounterDirectory>(
                m_tree.path(base + QStringLiteral("hw_counters")),
                QStringList {QStringLiteral("lifespan")});
        }
        devCounters->read(d.hwCounters);
        for (const RdmaPortSample &knownPort : known.ports) {
            const int port = knownPort.port;
            RdmaPortSample p;
            p.port = port;
            PortCache &cache = cacheFor(dev, port);
            splitState(cache.state->read().value_or(QString()), p.stateId, p.state);
            splitState(cache.physState->read().value_or(QString()), p.physStateId, p.physState);
            p.linkLayer = cache.linkLayer->read().value_or(QString());
            p.rate = cache.rate->read().value_or(QString());
            p.rateGbps = parseRateGbps(p.rate);
            const QList<int> mtus = m_verbsMtu.value(dev);
            if (port - 1 < mtus.size() && mtus[port - 1] > 0)
                p.activeMtu = mtus[port - 1];
            refreshSlowFacts(dev, port, p, cache);
            QMap<QString, quint64> raw;
            cache.counters->read(raw);
            cache.countersExt->read(raw);  // kernels < 4.5 keep the 64-bit values here
            // port_xmit_data/port_rcv_data count 4-byte words whatever the link width
            // (REFERENCE-FORMATS §1.2): report bytes, under a name that says so.
            for (auto it = raw.cbegin(); it != raw.cend(); ++it) {
                const QString &n = it.key();
                if (n == QLatin1String("port_xmit_data") || n == QLatin1String("port_xmit_data_64"))
                    p.counters.insert(QStringLiteral("port_xmit_data_bytes"), it.value() * 4);
                else if (n == QLatin1String("port_rcv_data")
                         || n == QLatin1String("port_rcv_data_64"))
                    p.counters.insert(QStringLiteral("port_rcv_data_bytes"), it.value() * 4);
                else
                    p.counters.insert(n, it.value());
            }
            cache.hwCounters->read(p.hwCounters);
            d.ports.append(p);
        }
        sample.devices.append(d);
    }
    if (!m_verbsError.isEmpty())
        return makeError(ErrorCode::Io,
                         RdmaCollectorText::tr("libibverbs: %1 (used sysfs)").arg(m_verbsError));
    return {};
}

}  // namespace roce::agent
