#include "cli/commands/versioncommand.h"

#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "live/hub/componentversions.h"
#include "proto/common/versions.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonObject>

namespace roce::cli {

namespace {
class VersionCommandText
{
    Q_DECLARE_TR_FUNCTIONS(VersionCommandText)
};
}  // namespace

QString VersionCommand::name() const
{
    return QStringLiteral("version");
}

QString VersionCommand::summary() const
{
    return VersionCommandText::tr("Show the versions of rocectl, Qt, libssh, rdma-core and "
                                  "QtKeychain");
}

int VersionCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary());
    const QCommandLineOption json(QStringLiteral("json"),
                                  VersionCommandText::tr("Print JSON instead of a table."));
    parser.addOption(json);
    if (const auto early = parseCommandLine(parser, args, io))
        return *early;

    const auto components = componentVersions();
    if (parser.isSet(json)) {
        QJsonObject root;
        root.insert(QStringLiteral("rocectl"), applicationVersion());
        QJsonObject libs;
        for (const auto &c : components) {
            libs.insert(c.key,
                        QJsonObject {{QStringLiteral("version"), c.version},
                                     {QStringLiteral("source"), c.source}});
        }
        root.insert(QStringLiteral("components"), libs);
        writeJson(io.out, QJsonDocument(root));
        return ExitOk;
    }
    TextTable table({VersionCommandText::tr("COMPONENT"), VersionCommandText::tr("VERSION"),
                     VersionCommandText::tr("READ AT")});
    table.setAlignment(1, TextTable::Align::Left);  // versions are labels, not magnitudes
    table.addRow(
        {QStringLiteral("rocectl"), applicationVersion(), VersionCommandText::tr("build")});
    for (const auto &c : components) {
        table.addRow({c.name, c.version,
                      c.source == QLatin1String("runtime") ? VersionCommandText::tr("run time")
                                                           : VersionCommandText::tr("build")});
    }
    io.out << table.render();
    return ExitOk;
}

}  // namespace roce::cli
