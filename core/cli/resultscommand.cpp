#include "cli/resultscommand.h"

#include "cli/output.h"
#include "cli/parse.h"
#include "results/resultstore.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>

namespace roce::cli {

namespace {

class ResultsText
{
    Q_DECLARE_TR_FUNCTIONS(ResultsText)
};

/// The headline figure of a parsed result, for the table.
QString headline(const results::RunRecord &r)
{
    const QJsonObject res = r.result;
    const QJsonArray rows = res.value(QStringLiteral("results")).toArray();
    if (!rows.isEmpty()) {
        const QJsonObject last = rows.last().toObject();
        if (last.contains(QStringLiteral("bw_average_gbps")))
            return ResultsText::tr("%1 Gb/s").arg(
                last.value(QStringLiteral("bw_average_gbps")).toDouble(), 0, 'f', 2);
        if (last.contains(QStringLiteral("t_avg_usec")))
            return ResultsText::tr("%1 us").arg(last.value(QStringLiteral("t_avg_usec")).toDouble(),
                                                0, 'f', 2);
    }
    if (res.contains(QStringLiteral("received_bits_per_second")))
        return ResultsText::tr("%1 Gb/s").arg(
            res.value(QStringLiteral("received_bits_per_second")).toDouble() / 1e9, 0, 'f', 2);
    return QString();
}

}  // namespace

QString ResultsCommand::name() const
{
    return QStringLiteral("results");
}

QString ResultsCommand::summary() const
{
    return ResultsText::tr("List or show recorded runs (rocectl job --record)");
}

int ResultsCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary());
    parser.addPositionalArgument(QStringLiteral("action"), ResultsText::tr("list, or show ID"));
    const QCommandLineOption db(
        QStringLiteral("db"),
        ResultsText::tr("Results database (default %1).").arg(results::ResultStore::defaultPath()),
        QStringLiteral("path"), results::ResultStore::defaultPath());
    const QCommandLineOption limit(QStringLiteral("limit"),
                                   ResultsText::tr("list: at most this many runs (default 50)."),
                                   QStringLiteral("n"), QStringLiteral("50"));
    const QCommandLineOption json(QStringLiteral("json"), ResultsText::tr("Print JSON."));
    parser.addOptions({db, limit, json});
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    const QStringList pos = parser.positionalArguments();
    const QString action = pos.value(0);
    if (action != QLatin1String("list") && !(action == QLatin1String("show") && pos.size() == 2)) {
        io.err << ResultsText::tr("rocectl results: expected 'list' or 'show ID'")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    const auto store = results::ResultStore::open(parser.value(db));
    if (!store) {
        io.err << QStringLiteral("rocectl results: ") << store.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    if (action == QLatin1String("show")) {
        bool ok = false;
        const qint64 id = pos[1].toLongLong(&ok);
        if (!ok) {
            io.err << ResultsText::tr("rocectl results: '%1' is not a run id").arg(pos[1])
                   << QLatin1Char('\n');
            return ExitUsage;
        }
        const auto r = (*store)->run(id);
        if (!r || !*r) {
            io.err << (r ? ResultsText::tr("rocectl results: no run %1").arg(id)
                         : r.error().message)
                   << QLatin1Char('\n');
            return ExitFailure;
        }
        QJsonObject o = results::runToJson(**r);
        if (!parser.isSet(json))
            o.insert(QStringLiteral("raw_output"), (**r).rawOutput);
        writeJson(io.out, QJsonDocument(o));
        return ExitOk;
    }
    const auto list = (*store)->runs(parser.value(limit).toInt());
    if (!list) {
        io.err << QStringLiteral("rocectl results: ") << list.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    if (parser.isSet(json)) {
        QJsonArray runs;
        for (const results::RunRecord &r : *list)
            runs.append(results::runToJson(r));
        writeJson(io.out, QJsonDocument(QJsonObject {{QStringLiteral("runs"), runs}}));
        return ExitOk;
    }
    TextTable table({ResultsText::tr("ID"), ResultsText::tr("Started"), ResultsText::tr("Tool"),
                     ResultsText::tr("Label"), ResultsText::tr("State"),
                     ResultsText::tr("Result")});
    for (const results::RunRecord &r : *list) {
        table.addRow({QString::number(r.id),
                      QDateTime::fromMSecsSinceEpoch(r.startedMs)
                          .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")),
                      r.kind, r.label, r.state,
                      r.state == QLatin1String("succeeded") ? headline(r) : r.error});
    }
    io.out << table.render();
    return ExitOk;
}

}  // namespace roce::cli
