// rocectl: scriptable CLI. No GUI module is linked (checked by CMake).
#include "cli/commands/rocectl.h"
#include "proto/common/versions.h"
#include "translations.h"

#include <QCoreApplication>
#include <QTextStream>

#include <cstdio>

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("RoceFabricConsole"));
    QCoreApplication::setApplicationName(QStringLiteral("rocectl"));
    QCoreApplication::setApplicationVersion(roce::applicationVersion());
    roce::installTranslations(app);

    QTextStream out(stdout);
    QTextStream err(stderr);
    roce::cli::CommandIo io {out, err};
    const auto registry = roce::cli::makeRocectlRegistry();
    return roce::cli::runRocectl(QCoreApplication::arguments(), registry, io);
}
