#include "cli/framework/parse.h"

#include <QCoreApplication>

namespace roce::cli {

namespace {
class ParseText
{
    Q_DECLARE_TR_FUNCTIONS(ParseText)
};
}  // namespace

std::optional<int> parseCommandLine(QCommandLineParser &parser, const QStringList &args,
                                    CommandIo &io, bool allowPositional)
{
    const QCommandLineOption help({QStringLiteral("h"), QStringLiteral("help")},
                                  ParseText::tr("Show this help."));
    parser.addOption(help);
    const QString program = args.value(0, QStringLiteral("rocectl"));
    if (!parser.parse(args)) {
        io.err << program << QLatin1String(": ") << parser.errorText() << QLatin1Char('\n')
               << ParseText::tr("Run '%1 --help' for its options.").arg(program)
               << QLatin1Char('\n');
        io.err.flush();
        return ExitUsage;
    }
    if (parser.isSet(help)) {
        // helpText() names the executable as typed (argv[0]); name the subcommand instead.
        QString text = parser.helpText();
        const QStringList appArgs = QCoreApplication::arguments();
        const qsizetype lineEnd = text.indexOf(QLatin1Char('\n'));
        if (!appArgs.isEmpty() && lineEnd > 0) {
            QString first = text.left(lineEnd);
            first.replace(appArgs.constFirst(), program);
            text = first + text.mid(lineEnd);
        }
        io.out << text;
        io.out.flush();
        return ExitOk;
    }
    if (!allowPositional && !parser.positionalArguments().isEmpty()) {
        io.err
            << program << QLatin1String(": ")
            << ParseText::tr("unexpected argument '%1'").arg(parser.positionalArguments().first())
            << QLatin1Char('\n');
        io.err.flush();
        return ExitUsage;
    }
    return std::nullopt;
}

std::optional<int> parseCommandLine(OptionTable &table, const QStringList &args, CommandIo &io,
                                    bool allowPositional)
{
    if (const auto early = parseCommandLine(table.parser(), args, io, allowPositional))
        return early;
    if (const auto error = table.take())
        return usageError(args, io, *error);
    return std::nullopt;
}

int usageError(const QStringList &args, CommandIo &io, const QString &message)
{
    io.err << args.value(0, QStringLiteral("rocectl")) << QLatin1String(": ") << message
           << QLatin1Char('\n');
    io.err.flush();
    return ExitUsage;
}

}  // namespace roce::cli
