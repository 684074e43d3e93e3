#pragma once

#include "sim/engine/fabric.h"

#include <memory>

namespace roce::sim {

/// The model @p params.engine names (PacketFabric or FluidFabric), on @p spec.
std::unique_ptr<Fabric> makeFabric(FabricSpec spec, ModelParams params);

}  // namespace roce::sim
