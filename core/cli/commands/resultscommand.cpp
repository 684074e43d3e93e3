#include "cli/commands/resultscommand.h"

#include "cli/framework/output.h"
#include "cli/framework/parse.h"
#include "collect/results/comparison.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

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
    // The figures as a table for the terminal (labels, values with their units), then the
    // ratios in words.
    const QList<QStringList> rows = c.displayTable();
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

/// A "label: value" line of `results show`, or a section's heading; an empty one is a blank
/// line.
struct Field {
    QString label, value;
    bool heading = false;
};

Field heading(const QString &title)
{
    return {title, {}, true};
}

QString dateTime(qint64 ms)
{
    return QDateTime::fromMSecsSinceEpoch(ms).toString(QStringLiteral("yyyy-MM-dd HH:mm:ss"));
}

QList<Field> runFields(const results::RunRecord &r)
{
    QList<Field> fields {{ResultsText::tr("Run"), QString::number(r.id)},
                         {ResultsText::tr("Label"), r.label},
                         {results::figureInfo(QStringLiteral("kind")).label, r.kind},
                         {results::figureInfo(QStringLiteral("state")).label, r.state}};
    if (!r.error.isEmpty())
        fields.append({ResultsText::tr("Error"), r.error});
    fields.append({ResultsText::tr("Started"), dateTime(r.startedMs)});
    if (r.finishedMs) {
        fields.append({ResultsText::tr("Finished"), dateTime(r.finishedMs)});
        fields.append({results::figureInfo(QStringLiteral("duration")).label,
                       results::formatFigure((r.finishedMs - r.startedMs) / 1000.0,
                                             results::FigureUnit::Seconds)});
    }
    return fields;
}

/// A value of a run's JSON as people read it, in the unit the figure table gives @p key.
QString valueText(const QString &key, const QJsonValue &v)
{
    if (v.isBool())
        return v.toBool() ? ResultsText::tr("yes") : ResultsText::tr("no");
    if (v.isDouble()) {
        const results::FigureInfo info = results::figureInfo(key);
        return results::formatFigure(v.toDouble(), info.unit);
    }
    if (v.isArray()) {
        QStringList items;
        for (const QJsonValue &item : v.toArray()) {
            // Hosts: "h1 (192.168.2.221)".
            const QJsonObject o = item.toObject();
            if (o.contains(QStringLiteral("name"))) {
                const QString address = o.value(QStringLiteral("address")).toString();
                items.append(address.isEmpty()
                                 ? o.value(QStringLiteral("name")).toString()
                                 : ResultsText::tr("%1 (%2)").arg(
                                     o.value(QStringLiteral("name")).toString(), address));
            } else {
                items.append(item.isString() ? item.toString() : valueText(key, item));
            }
        }
        return items.join(QStringLiteral(", "));
    }
    if (v.isObject())
        return QString::fromUtf8(QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact));
    return v.toString();
}

/// What a matrix or a training run found beyond the figures a comparison has.
QList<Field> extraResultFields(const results::RunRecord &r)
{
    QList<Field> fields;
    const QJsonObject &o = r.result;
    if (r.kind == QLatin1String("matrix") && o.contains(QStringLiteral("median"))) {
        const QString metric = o.value(QStringLiteral("metric")).toString();
        const QString key = metric == QLatin1String("latency_usec")
            ? QStringLiteral("latency_median_usec")
            : QStringLiteral("bandwidth_gbps");
        fields.append({ResultsText::tr("Median of the pairs"),
                       valueText(key, o.value(QStringLiteral("median")))});
        const QString slow = valueText({}, o.value(QStringLiteral("suspects")));
        fields.append(
            {ResultsText::tr("Slow hosts"), slow.isEmpty() ? ResultsText::tr("none") : slow});
        fields.append({ResultsText::tr("Failed pairs"),
                       QString::number(o.value(QStringLiteral("failed_pairs")).toInt())});
    }
    for (const char *key : {"final_loss", "world_size", "backend"}) {
        if (r.kind == QLatin1String("train") && o.contains(QLatin1String(key))) {
            fields.append({results::figureInfo(QString::fromLatin1(key)).label,
                           valueText(QString::fromLatin1(key), o.value(QLatin1String(key)))});
        }
    }
    return fields;
}

/// The figures of a run under their labels, the fabric's counters apart: the same rows as
/// `results compare` of this run alone.
void addFigureFields(const results::RunRecord &r, QList<Field> &figures, QList<Field> &counters)
{
    for (const results::ComparisonRow &row : results::compareRuns({r}).rows()) {
        if (row.key == QLatin1String("kind") || row.key == QLatin1String("state"))
            continue;
        const bool counter = row.key.startsWith(QLatin1String("fabric_"))
            || row.key.startsWith(QLatin1String("switch_"));
        (counter ? counters : figures)
            .append({QStringLiteral("  ") + row.label, row.shown.value(0)});
    }
}

QList<Field> parameterFields(const QJsonObject &parameters)
{
    QList<Field> fields;
    for (auto it = parameters.constBegin(); it != parameters.constEnd(); ++it) {
        fields.append({QStringLiteral("  ") + results::figureInfo(it.key()).label,
                       valueText(it.key(), it.value())});
    }
    return fields;
}

/// Every field of @p r, in sections.
QList<Field> showFields(const results::RunRecord &r)
{
    QList<Field> figures, counters;
    addFigureFields(r, figures, counters);
    for (const Field &f : extraResultFields(r))
        figures.append({QStringLiteral("  ") + f.label, f.value});
    QList<Field> fields = runFields(r);
    if (!figures.isEmpty())
        fields += QList<Field> {{}, heading(ResultsText::tr("Results"))} + figures;
    if (!counters.isEmpty()) {
        const QJsonValue seconds = r.fabric.value(QStringLiteral("seconds"));
        const QString title = seconds.isDouble()
            ? ResultsText::tr("Counters during the run (%1)")
                  .arg(results::formatFigure(seconds.toDouble(), results::FigureUnit::Seconds))
            : ResultsText::tr("Counters during the run");
        fields += QList<Field> {{}, heading(title)} + counters;
    }
    if (!r.parameters.isEmpty())
        fields += QList<Field> {{}, heading(ResultsText::tr("Parameters"))}
            + parameterFields(r.parameters);
    return fields;
}

/// "label: value" lines, the values in one column (a section's labels are indented).
QString fieldsText(const QList<Field> &fields)
{
    qsizetype width = 0;
    for (const Field &f : fields) {
        if (!f.heading)
            width = std::max(width, f.label.size() + 1);
    }
    QString text;
    for (const Field &f : fields) {
        QString line = f.label.isEmpty() ? QString() : f.label + QLatin1Char(':');
        if (!f.heading && !f.label.isEmpty())
            line = line.leftJustified(width) + QLatin1Char(' ') + f.value;
        while (line.endsWith(QLatin1Char(' ')))  // an empty value leaves no trailing blanks
            line.chop(1);
        text += line + QLatin1Char('\n');
    }
    return text;
}

/// A run whose stored figures are damaged says so (on stderr), instead of showing as a run
/// that has none.
void warnUnreadable(const results::RunRecord &run, CommandIo &io)
{
    if (!run.unreadable.isEmpty())
        io.err << ResultsText::tr("rocectl results: run %1: its stored %2 cannot be read (the "
                                  "store is damaged there)")
                      .arg(run.id)
                      .arg(run.unreadable.join(QStringLiteral(", ")))
               << QLatin1Char('\n');
}

int show(const results::ResultStore &store, const QString &idText, bool json, bool output,
         CommandIo &io)
{
    bool ok = false;
    const qint64 id = idText.toLongLong(&ok);
    if (!ok) {
        io.err << ResultsText::tr("rocectl results: '%1' is not a run id").arg(idText)
               << QLatin1Char('\n');
        return ExitUsage;
    }
    const auto r = store.run(id);
    if (!r || !*r) {
        io.err << (r ? ResultsText::tr("rocectl results: no run %1").arg(id) : r.error().message)
               << QLatin1Char('\n');
        return ExitFailure;
    }
    const results::RunRecord &run = **r;
    warnUnreadable(run, io);
    if (json) {
        QJsonObject o = results::runToJson(run);
        if (output)
            o.insert(QStringLiteral("raw_output"), run.rawOutput);
        writeJson(io.out, QJsonDocument(o));
        return ExitOk;
    }
    io.out << fieldsText(showFields(run));
    // The tool's own output last, as it printed it.
    if (output && !run.rawOutput.isEmpty()) {
        io.out << QLatin1Char('\n') << ResultsText::tr("Output:") << QLatin1Char('\n')
               << run.rawOutput;
        if (!run.rawOutput.endsWith(QLatin1Char('\n')))
            io.out << QLatin1Char('\n');
    }
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
    const QCommandLineOption output(QStringLiteral("output"),
                                    ResultsText::tr("show: also print the tool's own output (with "
                                                    "--json: as \"raw_output\")."));
    parser.addOptions({db, limit, json, csv, output});
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
    if (action == QLatin1String("show"))
        return show(**store, pos[1], parser.isSet(json), parser.isSet(output), io);
    const auto list = (*store)->runs(parser.value(limit).toInt());
    if (!list) {
        io.err << QStringLiteral("rocectl results: ") << list.error().message << QLatin1Char('\n');
        return ExitFailure;
    }
    for (const results::RunRecord &r : *list)
        warnUnreadable(r, io);
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
