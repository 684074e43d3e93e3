#pragma once

#include <QString>

namespace roce::live {
class LiveFabric;
}

namespace roce::app {

class MainWindow;

/// The Pingmesh dock: its panel drives a pingmesh of the simulated fabric on a thread of its
/// own, shows each second's matrix and verdicts, and raises the verdicts as alerts of the
/// live model (source "pingmesh"). A non-empty @p scenario ("healthy", "bad-nic:gpu0005",
/// ...) starts it at once and brings the dock to the front.
void wirePingmesh(MainWindow &window, live::LiveFabric &live, const QString &scenario);

}  // namespace roce::app
