// A host's LLDP view (parseLldpctlJson0, core/nxapi/lldp/lldptopology.cpp: `lldpcli -f json0 show
// neighbors`), joined with a switch's LLDP table and an inventory by discoverTopology(). Each
// switch port gets one link per host at most.
#include "fuzzcommon.h"
#include "nxapi/lldp/lldptopology.h"

#include <QSet>

using namespace roce::nxapi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const auto neighbors = parseLldpctlJson0(roce::fuzz::rawBytes(data, size));
    if (!neighbors) {
        ROCE_FUZZ_CHECK(!neighbors.error().message.isEmpty());
        return 0;
    }
    // The switch sees the host on one port; the inventory types another for a second host.
    SwitchSnapshot snapshot;
    LldpNeighbor n;
    n.localPort = snapshot.port(QStringLiteral("Eth1/1")).name;
    n.systemName = QStringLiteral("gpu1");
    n.chassisId = QStringLiteral("0c:42:a1:00:00:01");
    snapshot.lldpReported = true;
    snapshot.lldpNeighbors.append(n);
    const QList<InventoryHost> inventory {
        {QStringLiteral("gpu1"), {QStringLiteral("0c:42:a1:00:00:01")}, {}, QString()},
        {QStringLiteral("gpu2"), {}, {QStringLiteral("ens1f0np0")}, QStringLiteral("Eth1/2")}};
    QHash<QString, QList<HostLldpNeighbor>> hosts;
    hosts.insert(QStringLiteral("gpu1"), *neighbors);
    hosts.insert(QStringLiteral("gpu2"), *neighbors);
    const QList<TopologyLink> links
        = discoverTopology(QStringLiteral("leaf1"), snapshot, hosts, inventory);
    QSet<QString> seen;
    for (const TopologyLink &l : links) {
        const QString key = l.switchPort + QLatin1Char('\n') + l.host;
        if (seen.contains(key))
            roce::fuzz::fail("two links for one switch port and host", key.toUtf8());
        seen.insert(key);
        topologyLinkToJson(l);
    }
    return 0;
}
