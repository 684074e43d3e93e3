#pragma once

#include <QCoreApplication>

namespace roce::sim {

/// tr() contexts of the scenarios' texts: the headless runs' and the live loads' (two, as
/// they were before both lists became one table, so that translations kept their context).
class ScenarioText
{
    Q_DECLARE_TR_FUNCTIONS(ScenarioText)
};

class LiveScenarioText
{
    Q_DECLARE_TR_FUNCTIONS(LiveScenarioText)
};

}  // namespace roce::sim
