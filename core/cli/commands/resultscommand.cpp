#include "cli/commands/resultscommand.h"

#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "collect/results/comparison.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

namespace roce::cli {

namespace {

class ResultsText
{
    Q_DECLARE_TR_FUNCTIONS(ResultsText)
};

int compare(const results::ResultStore &store, const QStringList &ids, bool json,
            const QString &csvPath, CommandIo &io)
{
    QList<results::RunRecord> runs;
    for (const QString &text : ids) {
        bool ok = false;
        const qint64 id = text.toLongLong(&ok);
        if (!ok) {
            io.err << ResultsText::tr("rocectl results: '%1' is not a run id").arg(text)
                   << QLatin1Char('\n');
            return ExitUsage;
        }
        const auto r = store.run(id);
        if (!r || !*r) {
            io.err << (r ? ResultsText::tr("rocectl results: no run %1").arg(id)
                         : r.error().message)
                   << QLatin1Char('\n');
            return ExitFailure;
        }
        runs.append(**r);
    }
    const results::Comparison c = results::compareRuns(runs);
    if (!csvPath.isEmpty()) {
        if (csvPath == QLatin1String("-")) {
            io.out << c.toCsv();
        } else {
            QFile f(csvPath);
            if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)
                || f.write(c.toCsv().toUtf8()) < 0) {
                io.err << ResultsText::tr("rocectl results: cannot write %1: %2")
                              .arg(csvPath, f.errorString())
                       << QLatin1Char('\n');
                return ExitFailure;
            }
        }
    }
    if (json) {
        writeJson(io.out, QJsonDocument(c.toJson()));
        return ExitOk;
    }
    if (csvPath == QLatin1String("-"))
        return ExitOk;
    // The figures as a table for the terminal, then the ratios in words.
    const QList<QStringList> rows = c.table();
    TextTable table(rows.first());
    for (qsizetype i = 1; i < rows.size(); ++i)
        table.addRow(rows[i]);
    io.out << table.render();
    const QStringList ratios = c.ratioSentences(
        [](const results::RunRecord &r) { return ResultsText::tr("run %1").arg(r.id); });
    for (const QString &line : ratios)
        io.out << line << QLatin1Char('\n');
    return ExitOk;
}

}  // namespace

QString ResultsCommand::name() const
{
    return QStringLiteral("results");
}

QString ResultsCommand::summary() const
{
    return ResultsText::tr("List, show or compare recorded runs (rocectl run, rocectl job "
                           "--record)");
}

int ResultsCommand::run(const QStringList &args, CommandIo &io)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(summary());
    parser.addPositionalArgument(QStringLiteral("action"),
                                 ResultsText::tr("list, show ID, or compare ID ID..."));
    const QCommandLineOption db(
        QStringLiteral("db"),
        ResultsText::tr("Results database (default %1).").arg(results::ResultStore::defaultPath()),
        QStringLiteral("path"), results::ResultStore::defaultPath());
    const QCommandLineOption limit(QStringLiteral("limit"),
                                   ResultsText::tr("list: at most this many runs (default 50)."),
                                   QStringLiteral("n"), QStringLiteral("50"));
    const QCommandLineOption json(QStringLiteral("json"), ResultsText::tr("Print JSON."));
    const QCommandLineOption csv(QStringLiteral("csv"),
                                 ResultsText::tr("compare: also write the comparison as CSV to "
                                                 "this file (- for stdout)."),
                                 QStringLiteral("file"));
    parser.addOptions({db, limit, json, csv});
    if (const auto early = parseCommandLine(parser, args, io, true))
        return *early;
    const QStringList pos = parser.positionalArguments();
    const QString action = pos.value(0);
    if (action != QLatin1String("list") && !(action == QLatin1String("show") && pos.size() == 2)
        && !(action == QLatin1String("compare") && pos.size() >= 3)) {
        io.err << ResultsText::tr("rocectl results: expected 'list', 'show ID' or 'compare ID ID "
                                  "...'")
               << QLatin1Char('\n');
        return ExitUsage;
    }
    const auto store = results::ResultStore::open(parser.value(db));
    if (!store) {
        io.err << QStringLiteral("rocectl results: ") << store.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    if (action == QLatin1String("compare"))
        return compare(**store, pos.mid(1), parser.isSet(json), parser.value(csv), io);
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
                      r.state == QLatin1String("succeeded") ? results::headline(r) : r.error});
    }
    io.out << table.render();
    return ExitOk;
}

}  // namespace roce::cli
