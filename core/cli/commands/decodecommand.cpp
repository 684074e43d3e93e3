#include "cli/commands/decodecommand.h"

#include "cli/commands/decodeformats.h"
#include "cli/framework/output.h"
#include "cli/framework/parse.h"

#include <QCoreApplication>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <cstdio>

namespace roce::cli {

namespace {

class DecodeCommandText
{
    Q_DECLARE_TR_FUNCTIONS(DecodeCommandText)
};

QString num(double v, int decimals = 2)
{
    return QString::number(v, 'f', decimals);
}

/// A flat "key  value" table of a decoded JSON object, for people.
void printFlat(const QJsonObject &o, QTextStream &out, const QString &prefix = {})
{
    for (auto it = o.begin(); it != o.end(); ++it) {
        const QString key = prefix.isEmpty() ? it.key() : prefix + QLatin1Char('.') + it.key();
        const QJsonValue v = it.value();
        if (v.isObject()) {
            printFlat(v.toObject(), out, key);
        } else if (v.isArray()) {
            const QJsonArray a = v.toArray();
            for (int i = 0; i < a.size(); ++i) {
                if (a[i].isObject())
                    printFlat(a[i].toObject(), out, QStringLiteral("%1[%2]").arg(key).arg(i));
                else
                    out << key << QLatin1Char('[') << i << QLatin1String("]  ")
                        << a[i].toVariant().toString() << QLatin1Char('\n');
            }
        } else if (v.isDouble()) {
            const double d = v.toDouble();
            out << key << QLatin1String("  ")
                << (d == double(qint64(d)) ? QString::number(qint64(d)) : num(d, 6))
                << QLatin1Char('\n');
        } else {
            out << key << QLatin1String("  ") << v.toVariant().toString() << QLatin1Char('\n');
        }
    }
}

}  // namespace

QString DecodeCommand::name() const
{
    return QStringLiteral("decode");
}

QString DecodeCommand::summary() const
{
    return DecodeCommandText::tr(
        "Parse saved perftest, iperf3, sockperf, NX-API, ethtool -S or rdma output");
}

int DecodeCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary());
    parser.addPositionalArgument(
        QStringLiteral("format"),
        DecodeCommandText::tr("perftest, iperf3, sockperf, nxapi, ethtool or rdma"));
    parser.addPositionalArgument(QStringLiteral("file"),
                                 DecodeCommandText::tr("Saved output ('-' for standard input)."));
    const QCommandLineOption json(QStringLiteral("json"), DecodeCommandText::tr("Print JSON."));
    const QCommandLineOption command(
        QStringLiteral("command"),
        DecodeCommandText::tr("nxapi: the show command, for a bare body without \"input\"; "
                              "rdma: statistic or link (else read from the output)."),
        QStringLiteral("command"));
    parser.addOption(json);
    parser.addOption(command);
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    const QStringList pos = parser.positionalArguments();
    if (pos.size() != 2) {
        io.err << DecodeCommandText::tr(
            "rocectl decode: expected a format and a file, e.g. 'rocectl decode "
            "perftest out.txt'")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    const QString &format = pos[0];
    const QString &path = pos[1];
    if (!decodeFormats().contains(format)) {
        io.err << DecodeCommandText::tr("rocectl decode: unknown format '%1' (%2)")
                      .arg(format, decodeFormats().join(QStringLiteral(", ")))
               << QLatin1Char('\n');
        return ExitUsage;
    }
    QFile file;
    bool opened = false;
    if (path == QLatin1String("-")) {
        opened = file.open(stdin, QIODevice::ReadOnly);
    } else {
        file.setFileName(path);
        opened = file.open(QIODevice::ReadOnly);
    }
    if (!opened) {
        io.err << DecodeCommandText::tr("rocectl decode: cannot read %1: %2")
                      .arg(path, file.errorString())
               << QLatin1Char('\n');
        return ExitFailure;
    }
    const QByteArray data = file.readAll();

    const Result<QJsonObject> decoded = decodeCapture(format, data, parser.value(command));
    if (!decoded) {
        io.err << DecodeCommandText::tr("rocectl decode: %1: %2").arg(path, decoded.error().message)
               << QLatin1Char('\n');
        return ExitFailure;
    }
    if (parser.isSet(json))
        writeJson(io.out, QJsonDocument(*decoded));
    else
        printFlat(*decoded, io.out);
    return ExitOk;
}

}  // namespace roce::cli
