#include "sim/engine/counterdigest.h"

#include "sim/engine/fabric.h"

namespace roce::sim {

std::uint64_t counterDigest(const Fabric &fabric)
{
    std::uint64_t h = 1469598103934665603ULL;
    auto mix = [&h](quint64 v) {
        for (int i = 0; i < 8; ++i) {
            h ^= (v >> (8 * i)) & 0xff;
            h *= 1099511628211ULL;
        }
    };
    for (int p = 0; p < fabric.spec().switchPorts.size(); ++p) {
        const SwitchPortCounters c = fabric.switchPortCounters(p);
        for (quint64 v : {c.txBytes, c.rxBytes, c.txPkts, c.txPpp, c.rxPpp, c.ingressMmuDropPkts,
                          c.qosEcnPkts[ClassRoce], c.qosDepth[ClassRoce]})
            mix(v);
    }
    for (int host = 0; host < fabric.spec().hosts.size(); ++host) {
        const HostCounters c = fabric.hostCounters(host);
        for (quint64 v :
             {c.portXmitData, c.portRcvData, c.npEcnMarkedRocePackets, c.npCnpSent, c.rpCnpHandled})
            mix(v);
    }
    return h;
}

}  // namespace roce::sim
