#include "fleetwiring.h"

#include "fabricsession.h"
#include "fleet/fleethistory.h"
#include "fleet/fleetsource.h"
#include "inventory/secretstore.h"
#include "live/livefabric.h"
#include "mainwindow.h"
#include "prometheusdialog.h"

#include <QCoreApplication>
#include <QSettings>

namespace roce::app {

namespace {

class FleetWiringText
{
    Q_DECLARE_TR_FUNCTIONS(FleetWiringText)
};

void watchStore(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                const prom::PromEndpoint &endpoint)
{
    fabric.stop();  // the demo's simulator and its loopback peers are not needed any more
    fleet::FleetOptions options;
    options.endpoint = endpoint;
    fleet::FleetSource *source = fleet::watchFleet(live, options);
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

void wirePrometheusDialog(MainWindow &window, FabricSession &fabric, live::LiveFabric &live,
                          inventory::SecretStore &secrets, QSettings &settings)
{
    QObject::connect(&window, &MainWindow::prometheusRequested, &window, [&] {
        auto *dialog = new widgets::PrometheusDialog(settings, &window);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(dialog, &QDialog::accepted, &window, [&, dialog] {
            const auto endpoint = dialog->endpoint();
            if (!endpoint)
                return;
            const prom::PromEndpoint e = endpoint.value();
            if (e.auth == prom::PromEndpoint::Auth::None || e.secret.isEmpty()) {
                connectFleet(window, fabric, live, secrets, e);
                return;
            }
            secrets.write(e.secretKey(), e.secret,
                          [&window, &fabric, &live, &secrets, e](Result<void> written) {
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
