// roce-console: the desktop console. Everything lives in roce_app/roce_widgets/roce_core;
// this is the wiring of the window (app/consolewiring.h).
#include "consoleoptions.h"
#include "consolerecording.h"
#include "consolewiring.h"
#include "fabricsession.h"
#include "fleetwiring.h"
#include "live/hub/livefabric.h"
#include "live/inventory/inventory.h"
#include "live/inventory/secretstore.h"
#include "mainwindow.h"
#include "pingmeshwiring.h"
#include "proto/common/versions.h"
#include "screenshot.h"
#include "translations.h"
#include "whatifwiring.h"

#include <QApplication>
#include <QSettings>
#include <QTimer>

namespace {

void setIdentity()
{
    QCoreApplication::setOrganizationName(QStringLiteral("RoceFabricConsole"));
    QCoreApplication::setApplicationName(QStringLiteral("roce-console"));
    QCoreApplication::setApplicationVersion(roce::applicationVersion());
}

QStringList argumentsOf(int argc, char **argv)
{
    QStringList list;
    for (int i = 0; i < argc; ++i)
        list.append(QString::fromLocal8Bit(argv[i]));
    return list;
}

}  // namespace

int main(int argc, char **argv)
{
    const QStringList arguments = argumentsOf(argc, argv);
    // The language is needed before parsing, so that usage errors are translated too.
    const QString language = roce::app::languageArgument(arguments);

    // --help, --version and usage errors must work on a machine without a display: decide
    // silently first, and only create a GUI application when there is a window to show.
    if (!roce::app::parseConsoleOptions(arguments, false).options) {
        QCoreApplication app(argc, argv);
        setIdentity();
        roce::installTranslations(app, language);
        return roce::app::parseConsoleOptions(QCoreApplication::arguments()).exitCode;
    }

    QApplication app(argc, argv);
    setIdentity();
    QApplication::setDesktopFileName(QStringLiteral("roce-console"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/roce-console.svg")));
    roce::installTranslations(app, language);

    const auto parsed = roce::app::parseConsoleOptions(QCoreApplication::arguments());
    if (!parsed.options)
        return parsed.exitCode;
    const roce::app::ConsoleOptions &options = *parsed.options;

    // The live model owns the sources (switch pollers, agent streams, SSH collectors, the
    // large simulated feed), the rate history, the alerts and the models the window shows:
    // it is made before the window so that it outlives the views over its models.
    roce::live::LiveFabric live;
    QSettings settings;
    roce::app::MainWindow window(settings, !options.resetLayout);
    window.show();
    roce::app::showLiveFabric(window, live);
    // Which fabric: the inventory's switches and servers (secrets from the environment or the
    // keychain), or the embedded simulated fabric on its own thread; either way reached over
    // the network.
    roce::inventory::SecretStore secrets;
    roce::app::FabricSession fabric {roce::sim::SimServiceOptions {}, &secrets};
    roce::app::followFabricSession(window, fabric, live);
    const auto experiments = roce::app::wireExperiments(window, fabric, live, options.resultsDb);
    const QString inventoryPath
        = options.inventoryPath.isEmpty() ? roce::inventory::defaultPath() : options.inventoryPath;
    roce::app::wireInventoryDialog(window, fabric, secrets, inventoryPath);
    roce::app::wirePasswordPrompt(window, fabric, live, secrets);
    roce::app::wirePrometheusDialog(window, fabric, live, secrets, settings, inventoryPath);
    roce::app::wirePingmesh(window, live, fabric, options);
    roce::app::wireWhatIf(window, live, fabric, *experiments->queue, options);
    roce::app::watchTrainingRanks(*experiments->queue, live);
    // The flight recorder (always on unless turned off) and replays of what it kept.
    roce::app::ConsoleRecording recording(window, live, settings);
    recording.followFabric(fabric);
    recording.followExperiments(*experiments->queue, experiments->panel);
    recording.followLargeFabric(
        roce::app::startWatching(window, fabric, live, options, inventoryPath, secrets, settings));
    if (!options.replayPath.isEmpty())
        QTimer::singleShot(0, &recording,
                           [&recording, &options] { recording.openReplay(options.replayPath); });
    if (!options.selectPort.isEmpty()) {
        // Selected once its row exists: the first frames may come before it.
        auto *selecting = new QMetaObject::Connection;
        *selecting = QObject::connect(&live, &roce::live::LiveFabric::frameReady, &window,
                                      [&window, &options, selecting] {
                                          if (!window.selectPort(options.selectPort))
                                              return;
                                          QObject::disconnect(*selecting);
                                          delete selecting;
                                      });
    }
    if (!options.screenshotPath.isEmpty())
        roce::app::scheduleScreenshot(&window, options.screenshotPath, options.screenshotDelayMs);
    return app.exec();
}
