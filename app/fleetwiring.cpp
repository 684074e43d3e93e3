#include "fleetwiring.h"

#include "directstreamdialog.h"
#include "fabricsession.h"
#include "live/fleet/fleethistory.h"
#include "live/fleet/fleetsource.h"
#include "live/hub/fabricplan.h"
#include "live/hub/livefabric.h"
#include "live/inventory/fabricendpoints.h"
#include "live/inventory/inventory.h"
#include "live/inventory/secretstore.h"
#include "mainwindow.h"
#include "prometheusdialog.h"

#include <QCoreApplication>
#include <QPointer>
#include <QSettings>

namespace roce::app {

namespace {

class FleetWiringText
{
    Q_DECLARE_TR_FUNCTIONS(FleetWiringText)
};

/// The fleet being watched, for the drill-down: its source, its hosts, those streamed.
struct FleetNow {
    QPointer<fleet::FleetSource> source;
    QStringList hosts;
    QStringList streamed;
};
FleetNow &fleetNow()
{
    static FleetNow now;
    return now;
}

void watchStore(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                const prom::PromEndpoint &endpoint)
{
    fabric.stop();  // the demo's simulator and its loopback peers are not needed any more
    fleet::FleetOptions options;
    options.endpoint = endpoint;
    fleet::FleetSource *source = fleet::watchFleet(live, options);
    fleetNow() = {source, {}, {}};
    // The history lives with the source: when the live model watches something else, both go.
    auto *history = new fleet::FleetHistory(endpoint, source);
    window.setRangeHistory(history);
    const QString name = fleet::FleetSource::storeSourceName(endpoint);
    window.showFleetStore(name, 0, 0);
    QObject::connect(
        source, &fleet::FleetSource::shapeReady, &window,
        [&window, &live, name](const models::LeafSpineFabric &f, int switches, int hosts) {
            if (!window.isReplay())
                window.showLeafSpine(live.ports(), f);
            window.showFleetStore(name, switches, hosts);
        });
    QObject::connect(source, &fleet::FleetSource::portsReady, history,
                     [history](const fleet::FleetPortIndex &ports, int scrapeMs) {
                         history->setPorts(ports);
                         history->setScrapeIntervalMs(scrapeMs);
                         QStringList hosts;
                         for (auto it = ports.cbegin(); it != ports.cend(); ++it)
                             if (it->nic)
                                 hosts.append(it.key().section(QLatin1Char('/'), 0, 0));
                         hosts.removeDuplicates();
                         hosts.sort();
                         fleetNow().hosts = hosts;
                     });
    QObject::connect(source, &fleet::FleetSource::refreshed, &window,
                     [&window](const fleet::FleetRefresh &r) {
                         window.showFleetRefresh(r.elapsedMs, r.ports, r.intervalMs);
                     });
    QObject::connect(source, &fleet::FleetSource::failed, &window, &MainWindow::showSourceFailed);
    QObject::connect(history, &fleet::FleetHistory::failed, &window, &MainWindow::showSourceFailed);
}

}  // namespace

void connectFleet(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                  inventory::SecretStore &secrets, prom::PromEndpoint endpoint)
{
    if (endpoint.auth == prom::PromEndpoint::Auth::None || !endpoint.secret.isEmpty()) {
        watchStore(window, fabric, live, endpoint);
        return;
    }
    const QByteArray env = qgetenv("ROCE_PROMETHEUS_SECRET");
    if (!env.isEmpty()) {
        endpoint.secret = QString::fromUtf8(env);
        watchStore(window, fabric, live, endpoint);
        return;
    }
    secrets.read(endpoint.secretKey(),
                 [&window, &fabric, &live, endpoint](Result<QString> r) mutable {
                     if (r)
                         endpoint.secret = r.value();
                     else
                         window.showFabricProblem(
                             FleetWiringText::tr(
                                 "No token or password for %1 in the keychain (%2). Fabric > "
                                 "Connect to Prometheus... stores one; until then the store "
                                 "refuses the console.")
                                 .arg(endpoint.displayName(), r.error().message));
                     watchStore(window, fabric, live, endpoint);
                 });
}

void streamDirectly(MainWindow &window, live::LiveFabric &live, inventory::SecretStore &secrets,
                    const QString &inventoryPath)
{
    FleetNow &now = fleetNow();
    if (!now.source) {
        window.showFabricProblem(FleetWiringText::tr("Hosts are streamed directly only while the "
                                                     "fleet is read from a metrics store (Fabric "
                                                     "> Connect to Prometheus...)."));
        return;
    }
    const auto loaded = inventory::loadFile(inventoryPath);
    const inventory::Inventory inv = loaded ? loaded->inventory : inventory::Inventory {};
    QHash<QString, inventory::ServerEntry> servers;
    for (const inventory::ServerEntry &s : inv.servers)
        if (!s.collectOverSsh)
            servers.insert(s.name.toLower(), s);
    QStringList reachable;
    for (const QString &h : std::as_const(now.hosts))
        if (servers.contains(h.toLower()))
            reachable.append(h);
    auto *dialog = new widgets::DirectStreamDialog(now.hosts, reachable, now.streamed, &window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    QObject::connect(
        dialog, &QDialog::accepted, &window, [&window, &live, &secrets, dialog, servers] {
            const QStringList picked = dialog->selected();
            // Only the picked servers, so that only their secrets are read.
            inventory::Inventory subset;
            for (const QString &h : picked)
                subset.servers.append(servers.value(h.toLower()));
            auto go = [&window, &live, picked, subset](QHash<QString, QString> found) {
                found.insert(live::secretsFromEnvironment(subset));
                QStringList problems;
                const live::FabricPlan plan = live::planFor(subset, found, &problems);
                if (!problems.isEmpty())
                    window.showFabricProblem(problems.join(QLatin1Char('\n')));
                FleetNow &current = fleetNow();
                current.streamed = picked;
                if (current.source)
                    current.source->setDirectHosts(picked);
                live.streamAgents(plan.agents, 1000);
            };
            const QStringList keys = inventory::secretKeys(subset);
            if (keys.isEmpty()) {
                go({});
                return;
            }
            secrets.readAll(keys,
                            [go](const Result<QHash<QString, QString>> &r) { go(r.valueOr({})); });
        });
    dialog->open();
}

void wirePrometheusDialog(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                          inventory::SecretStore &secrets, QSettings &settings,
                          const QString &inventoryPath)
{
    QObject::connect(&window, &MainWindow::directStreamRequested, &window,
                     [&window, &live, &secrets, inventoryPath] {
                         streamDirectly(window, live, secrets, inventoryPath);
                     });
    QObject::connect(&window, &MainWindow::prometheusRequested, &window, [&] {
        auto *dialog = new widgets::PrometheusDialog(settings, &window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(dialog, &QDialog::accepted, &window, [&, dialog] {
            const auto endpoint = dialog->endpoint();
            if (!endpoint)
                return;
            const prom::PromEndpoint &e = endpoint.value();
            if (e.auth == prom::PromEndpoint::Auth::None || e.secret.isEmpty()) {
                connectFleet(window, fabric, live, secrets, e);
                return;
            }
            secrets.write(e.secretKey(), e.secret,
                          [&window, &fabric, &live, &secrets, e](const Result<void> &written) {
                              if (!written)
                                  window.showFabricError(
                                      FleetWiringText::tr("The token or password of %1 was "
                                                          "not stored (%2); it is used until "
                                                          "the console quits.")
                                          .arg(e.displayName(), written.error().message));
                              connectFleet(window, fabric, live, secrets, e);
                          });
        });
        dialog->open();
    });
}

prom::PromEndpoint endpointForUrl(const prom::PromEndpoint &fromUrl, QSettings &settings)
{
    const auto saved = widgets::PrometheusDialog::saved(settings);
    if (!saved || saved->displayName() != fromUrl.displayName())
        return fromUrl;
    prom::PromEndpoint e = fromUrl;
    e.auth = saved->auth;
    e.user = saved->user;
    e.caFile = saved->caFile;
    return e;
}

}  // namespace roce::app
