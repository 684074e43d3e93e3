#pragma once

#include "live/hub/livefabric.h"
#include "sim/twin/twinchange.h"

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QStringList>

namespace roce::sim::twin {

/// Applies a change to a fabric through the interfaces a person would use: each switch's
/// NX-API `cli_conf` (stop-on-error: the switch's own refusal is reported), each agent's
/// set_ecn for every NIC its host reports. The console never does this on its own: only
/// `rocectl whatif --verify`, on the simulated fabric, does.
class ChangeApplier : public QObject
{
    Q_OBJECT

public:
    explicit ChangeApplier(QObject *parent = nullptr);
    ~ChangeApplier() override;

    /// Applies @p change to the switches and agents of @p plan; @p nicConfigs (the agents'
    /// NIC reports by host) names each host's netdevs. Answers with finished().
    void apply(const live::FabricPlan &plan, const TwinChange &change,
               const QHash<QString, QJsonObject> &nicConfigs);

signals:
    /// Everything answered: @p errors lists each refusal or failure ("leaf1: ...").
    void finished(const QStringList &errors, int switchesChanged, int nicsChanged);

private:
    void done();

    int m_pending = 0;
    int m_switches = 0;
    int m_nics = 0;
    QStringList m_errors;
};

}  // namespace roce::sim::twin
