#pragma once

#include "live/hub/fabricframe.h"
#include "proto/common/jsonwriter.h"

namespace roce::live {

// The objects of a frame written straight to JSON: what portToJson(), alertToJson() and
// sourceToJson() build, with the same keys and values (QJsonDocument's key order too), without
// the QJsonObject of each port and its serialization. A 1,024-host frame is 11,264 ports.

void writePort(JsonWriter &w, const model::PortSample &port, qint64 ageMs, bool stale);
void writeAlert(JsonWriter &w, const monitor::Alert &alert);
void writeSource(JsonWriter &w, const SourceState &source);

}  // namespace roce::live
