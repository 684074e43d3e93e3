#include "sim/engine/fabric.h"

#include <QCoreApplication>

#include <algorithm>

namespace roce::sim {

SwitchQosConfig::SwitchQosConfig()
{
    // DESIGN.md §2: RoCE DSCP 24/26 -> qos-group 3, CNP DSCP 48 -> qos-group 7.
    dscpToQosGroup.fill(ClassDefault);
    dscpToQosGroup[24] = ClassRoce;
    dscpToQosGroup[26] = ClassRoce;
    dscpToQosGroup[48] = ClassCnp;
}

Fabric::~Fabric() = default;

namespace {
class FabricText
{
    Q_DECLARE_TR_FUNCTIONS(FabricText)
};
}  // namespace

Result<FabricEngine> parseFabricEngine(const QString &name)
{
    if (name == QLatin1String("packet"))
        return FabricEngine::Packet;
    if (name == QLatin1String("fluid"))
        return FabricEngine::Fluid;
    return Error {ErrorCode::InvalidArgument,
                  FabricText::tr("unknown model '%1' (known: packet, fluid)").arg(name)};
}

Bytes wireBytesFor(Bytes payload, Bytes mtu, Bytes frameOverhead)
{
    const Bytes packets = std::max<Bytes>(1, (payload + mtu - 1) / mtu);
    return std::max<Bytes>(payload + packets * (frameOverhead + kWireGap), 64 + kWireGap);
}

unsigned ecmpHash(int flowId, int srcSwitch, int dstSwitch, bool polarized)
{
    // Per flow: the QP's UDP source port varies the 5-tuple. Polarized: what is left of the
    // tuple after the first tier used the same function, i.e. only the pair of leaves.
    if (polarized)
        return (unsigned(srcSwitch) * 31u + unsigned(dstSwitch)) * 40503u >> 3;
    return unsigned(flowId) * 2654435761u;
}

double jainIndex(const QList<double> &rates)
{
    if (rates.isEmpty())
        return 0.0;
    double sum = 0;
    double squares = 0;
    for (double r : rates) {
        sum += r;
        squares += r * r;
    }
    return squares > 0 ? (sum * sum) / (double(rates.size()) * squares) : 0.0;
}

}  // namespace roce::sim
