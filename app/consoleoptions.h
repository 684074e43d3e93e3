#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace roce::app {

/// What `roce-console` was asked to do on its command line.
struct ConsoleOptions {
    QString language;        ///< --lang: UI language ("de", "en"); empty = system locale
    QString screenshotPath;  ///< --screenshot: save a PNG of the main window, then exit
    int screenshotDelayMs = 1500;
    bool resetLayout = false;  ///< --reset-layout: ignore the saved window layout
    bool demo = false;         ///< --demo: the embedded simulated fabric (also with no inventory)
    QString scenario;          ///< --scenario: live scenario to start on the simulated fabric
    QString resultsDb;         ///< --results-db: the experiments' database; empty = default
    QString topology;          ///< --topology: a simulated leaf/spine fabric (rail:H:N:R:S)
    QString inventoryPath;     ///< --inventory: the inventory file; empty = the default one
    QString replayPath;        ///< --replay: a recording to open at start
    QString prometheusUrl;     ///< --prometheus: read the fleet from this metrics store
    QString selectPort;        ///< --select: the port shown in the charts at start
    QString pingmeshScenario;  ///< --pingmesh: the pingmesh fault started at start
    QString whatIfChange;      ///< --whatif: a change file previewed in the What if dock
};

/// Outcome of parsing: either options to run with, or an exit code after --help/--version or
/// a usage error (already printed to stdout/stderr).
struct ConsoleParse {
    std::optional<ConsoleOptions> options;
    int exitCode = 0;
};

/// The value of --lang (or --lang=x) in @p argv, read before the application object exists;
/// empty when absent.
QString languageArgument(const QStringList &argv);

/// Parses the console's command line. With @p report, help, version and errors are printed
/// (translated once a QCoreApplication exists); without, nothing is printed, which lets main()
/// find out whether a GUI is needed at all before creating one.
ConsoleParse parseConsoleOptions(const QStringList &argv, bool report = true);

}  // namespace roce::app
