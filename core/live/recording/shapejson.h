#pragma once

#include "live/maplayout/fabriclayout.h"
#include "live/maplayout/leafspinefabric.h"

#include <QJsonObject>

#include <optional>

namespace roce::recording {

/// The map's shape in a recording ("layout" and "leafspine" events), so that a replay draws
/// the fabric as it was cabled then.
QJsonObject layoutToJson(const models::FabricLayout &layout);
std::optional<models::FabricLayout> layoutFromJson(const QJsonObject &json);
QJsonObject leafSpineToJson(const models::LeafSpineFabric &fabric);
std::optional<models::LeafSpineFabric> leafSpineFromJson(const QJsonObject &json);

}  // namespace roce::recording
