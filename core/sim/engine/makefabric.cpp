#include "sim/engine/makefabric.h"

#include "sim/engine/fluidfabric.h"
#include "sim/engine/packetfabric.h"

namespace roce::sim {

std::unique_ptr<Fabric> makeFabric(FabricSpec spec, ModelParams params)
{
    if (params.engine == FabricEngine::Fluid)
        return std::make_unique<FluidFabric>(std::move(spec), params);
    return std::make_unique<PacketFabric>(std::move(spec), params);
}

}  // namespace roce::sim
