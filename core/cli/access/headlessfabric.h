#pragma once

#include "cli/framework/command.h"
#include "live/hub/livefabric.h"
#include "live/inventory/inventory.h"
#include "live/maplayout/fabriclayout.h"
#include "live/maplayout/leafspinefabric.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QObject>

#include <memory>
#include <optional>

namespace roce::sim {
class SimulatedFabricPlan;
}

namespace roce::cli {

/// The fabric options headless commands share: `--inventory FILE | --sim [--topology
/// rail:H:N:R:S] [--scenario NAME] [--seed N]`.
struct FabricOptions {
    FabricOptions();
    void addTo(QCommandLineParser &parser) const;
    /// A usage error in words, or empty.
    QString check(const QCommandLineParser &parser) const;
    /// --seed's value (1 when not given); nothing when it is not a whole number from 0 up.
    std::optional<std::uint64_t> seedOf(const QCommandLineParser &parser) const;
    /// Why --seed's, --topology's or --scenario's value is not one (a usage error, before
    /// anything starts), or empty.
    QString valueProblem(const QCommandLineParser &parser) const;

    QCommandLineOption inventory, sim, topology, scenario, seed;
};

/// What `rocectl watch`, `rocectl record` and `rocectl exporter` watch: an inventory's fabric
/// (secrets from the environment, else the keychain) or the simulated one served on loopback,
/// as the plan a live model (or the exporter's poller) watches. Also follows the map's shape
/// (the reference fabric's layout, or the switches' LLDP for an inventory or a leaf/spine
/// fabric), for recorders.
class HeadlessFabric : public QObject
{
    Q_OBJECT

public:
    explicit HeadlessFabric(QObject *parent = nullptr);
    ~HeadlessFabric() override;

    /// Starts @p hub on the fabric @p parser's options name. Warnings go to @p io.err prefixed
    /// with @p command; false when the fabric cannot be started at all (the reason written).
    bool start(live::LiveFabric &hub, const FabricOptions &options,
               const QCommandLineParser &parser, CommandIo &io, const QString &command);
    /// What to resolve: the whole fabric, or its switches only (their secrets alone are
    /// looked up, and the plan has no agents or SSH hosts).
    enum class Scope { Fabric, Switches };
    /// Resolves the fabric @p parser's options name into its plan without watching it:
    /// planReady() at once for an inventory, once the simulated fabric is up for --sim (or
    /// failed()). Warnings and the return value as start().
    bool resolve(const FabricOptions &options, const QCommandLineParser &parser, CommandIo &io,
                 const QString &command, Scope scope = Scope::Fabric);
    /// A description for a recording's meta ({"kind": "sim"|"inventory", ...}).
    QJsonObject describe() const { return m_description; }
    /// Starts live scenario @p spec on the simulated fabric (nothing for an inventory's).
    void startScenario(const QString &spec);
    /// The scenario the simulated fabric starts with, instead of --scenario's (diagnose runs
    /// the load alone first, then the faults).
    void setInitialScenario(const QString &spec) { m_initialScenario = spec; }

signals:
    void planReady(const roce::live::FabricPlan &plan);
    void failed(const QString &message);
    void scenarioStarted(const QString &name);
    /// What the scenario injected where (the simulated fabric's ground truth).
    void scenarioInjected(const QJsonObject &injection);
    /// A scenario startScenario() asked for could not start: why.
    void scenarioFailed(const QString &message);
    void layoutReady(const roce::models::FabricLayout &layout);
    void leafSpineReady(const roce::models::LeafSpineFabric &fabric);

private:
    void followShape(live::LiveFabric &hub);

    std::unique_ptr<sim::SimulatedFabricPlan> m_simulated;
    std::optional<QString> m_initialScenario;
    inventory::Inventory m_inventory;
    bool m_layered = false;
    bool m_fixedLayout = false;  ///< the reference fabric announces its own
    size_t m_signature = 0;
    QJsonObject m_description;
};

}  // namespace roce::cli
