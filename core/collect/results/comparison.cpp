#include "collect/results/comparison.h"

#include <QCoreApplication>
#include <QJsonArray>

namespace roce::results {

namespace {

class ComparisonText
{
    Q_DECLARE_TR_FUNCTIONS(ComparisonText)
};

void insertIf(QJsonObject &o, const char *key, const std::optional<double> &v)
{
    if (v)
        o.insert(QLatin1String(key), *v);
}

QJsonObject latencyJson(const LatencyFigures &l)
{
    QJsonObject o;
    insertIf(o, "min", l.min);
    insertIf(o, "median", l.median);
    insertIf(o, "p99", l.p99);
    insertIf(o, "p99_9", l.p999);
    insertIf(o, "max", l.max);
    insertIf(o, "average", l.average);
    return o;
}

/// The latency a comparison ranks by: the median, else the average.
std::optional<double> typicalLatency(const LatencyFigures &l)
{
    return l.median ? l.median : l.average;
}

std::optional<double> ratio(const std::optional<double> &a, const std::optional<double> &b)
{
    if (a && b && *b != 0)
        return *a / *b;
    return std::nullopt;
}

QString csvField(QString s)
{
    if (s.contains(QLatin1Char(',')) || s.contains(QLatin1Char('"'))
        || s.contains(QLatin1Char('\n'))) {
        s.replace(QStringLiteral("\""), QStringLiteral("\"\""));
        return QLatin1Char('"') + s + QLatin1Char('"');
    }
    return s;
}

QString number(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'g', 6) : QString();
}

}  // namespace

QString headline(const RunRecord &run)
{
    const RunMetrics m = metricsOf(run.kind, run.result);
    if (m.bandwidthGbps)
        return ComparisonText::tr("%1 Gb/s").arg(*m.bandwidthGbps, 0, 'f', 2);
    if (const auto l = typicalLatency(m.latency))
        return ComparisonText::tr("%1 us").arg(*l, 0, 'f', 2);
    if (m.meanStepMs)
        return ComparisonText::tr("step %1 ms").arg(*m.meanStepMs, 0, 'f', 1);
    if (run.kind == QLatin1String("matrix")) {
        const QJsonArray suspects = run.result.value(QStringLiteral("suspects")).toArray();
        return suspects.isEmpty()
            ? ComparisonText::tr("median %1")
                  .arg(run.result.value(QStringLiteral("median")).toDouble(), 0, 'f', 2)
            : ComparisonText::tr("slow: %1").arg(suspects.toVariantList().first().toString());
    }
    return {};
}

Comparison compareRuns(const QList<RunRecord> &runs)
{
    Comparison c;
    c.runs = runs;
    for (const RunRecord &r : runs)
        c.metrics.append(metricsOf(r.kind, r.result));
    return c;
}

QJsonObject Comparison::toJson() const
{
    QJsonArray list, ratios;
    for (int i = 0; i < runs.size(); ++i) {
        const RunRecord &r = runs[i];
        const RunMetrics &m = metrics[i];
        QJsonObject o {{QStringLiteral("id"), QJsonValue(r.id)},
                       {QStringLiteral("kind"), r.kind},
                       {QStringLiteral("label"), r.label},
                       {QStringLiteral("state"), r.state}};
        insertIf(o, "bandwidth_gbps", m.bandwidthGbps);
        const QJsonObject lat = latencyJson(m.latency);
        if (!lat.isEmpty()) {
            o.insert(QStringLiteral("latency_usec"), lat);
            o.insert(QStringLiteral("latency_is"),
                     m.latency.roundTrip ? QStringLiteral("round_trip")
                                         : QStringLiteral("one_way"));
        }
        insertIf(o, "jitter_usec", jitterUs(m.latency));
        insertIf(o, "mean_step_ms", m.meanStepMs);
        insertIf(o, "mean_allreduce_ms", m.meanAllreduceMs);
        insertIf(o, "final_loss", m.finalLoss);
        if (!m.sweep.isEmpty()) {
            QJsonArray sweep;
            for (const QPointF &p : m.sweep)
                sweep.append(QJsonArray {p.x(), p.y()});
            o.insert(QStringLiteral("sweep"), sweep);
        }
        o.insert(QStringLiteral("fabric"), r.fabric.value(QStringLiteral("totals")).toObject());
        const QJsonObject seen = r.fabric.value(QStringLiteral("switch")).toObject();
        if (!seen.isEmpty())
            o.insert(QStringLiteral("switch"), seen.value(QStringLiteral("totals")).toObject());
        list.append(o);
        if (i == 0)
            continue;
        const RunMetrics &b = metrics.first();
        QJsonObject x {{QStringLiteral("id"), QJsonValue(r.id)}};
        insertIf(x, "bandwidth_x", ratio(m.bandwidthGbps, b.bandwidthGbps));
        // Latency ratios between latency tests only, and one way against one way: iperf3's
        // mean RTT beside a sockperf one-way median would flatter either side.
        const auto isLatencyTest = [](const RunMetrics &run) {
            return run.family == QLatin1String("lat") || run.family == QLatin1String("tcp_lat");
        };
        if (isLatencyTest(b) && isLatencyTest(m) && b.latency.roundTrip == m.latency.roundTrip)
            insertIf(x, "latency_x", ratio(typicalLatency(b.latency), typicalLatency(m.latency)));
        const auto jb = jitterUs(b.latency), jm = jitterUs(m.latency);
        if (jb && jm && *jb > 0)
            x.insert(QStringLiteral("jitter_less_percent"), (1 - *jm / *jb) * 100);
        insertIf(x, "step_x", ratio(b.meanStepMs, m.meanStepMs));
        ratios.append(x);
    }
    QJsonObject o {{QStringLiteral("runs"), list}, {QStringLiteral("ratios"), ratios}};
    if (!runs.isEmpty())
        o.insert(QStringLiteral("baseline"), QJsonValue(runs.first().id));
    return o;
}

QStringList
Comparison::ratioSentences(const std::function<QString(const RunRecord &)> &nameOf) const
{
    QStringList lines;
    if (runs.isEmpty())
        return lines;
    const QString base = nameOf(runs.first());
    const QJsonArray ratios = toJson().value(QStringLiteral("ratios")).toArray();
    for (int i = 0; i < ratios.size() && i + 1 < runs.size(); ++i) {
        const QJsonObject x = ratios[i].toObject();
        const QString name = nameOf(runs[i + 1]);
        auto figure = [&x](const char *key, int decimals) {
            return QString::number(x.value(QLatin1String(key)).toDouble(), 'f', decimals);
        };
        if (x.contains(QStringLiteral("bandwidth_x"))) {
            lines << ComparisonText::tr("%1: %2x the bandwidth of %3")
                         .arg(name, figure("bandwidth_x", 2), base);
        }
        if (x.contains(QStringLiteral("latency_x"))) {
            lines << ComparisonText::tr("%1: %2x faster (median latency) than %3")
                         .arg(name, figure("latency_x", 2), base);
        }
        if (x.contains(QStringLiteral("jitter_less_percent"))) {
            lines << ComparisonText::tr("%1: %2% less jitter (99% - median) than %3")
                         .arg(name, figure("jitter_less_percent", 1), base);
        }
        if (x.contains(QStringLiteral("step_x"))) {
            lines << ComparisonText::tr("%1: training steps %2x faster than %3")
                         .arg(name, figure("step_x", 2), base);
        }
    }
    return lines;
}

QString Comparison::toCsv() const
{
    QStringList lines;
    for (const QStringList &row : table()) {
        QStringList cells;
        for (const QString &cell : row)
            cells.append(csvField(cell));
        lines.append(cells.join(QLatin1Char(',')));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

namespace {

/// One run's cell of a row: as the CSV has it, and as people read it.
struct Cell {
    QString raw, shown;
};

Cell numberCell(const std::optional<double> &v, FigureUnit unit)
{
    return v ? Cell {number(v), formatFigure(*v, unit)} : Cell {};
}

Cell textCell(const QString &text)
{
    return {text, text};
}

/// How the latency of a run was measured, when it has one.
Cell latencyIsCell(const LatencyFigures &l)
{
    if (!l.median && !l.average)
        return {};
    return l.roundTrip ? Cell {QStringLiteral("round_trip"), ComparisonText::tr("round trip")}
                       : Cell {QStringLiteral("one_way"), ComparisonText::tr("one way")};
}

QJsonObject nicTotals(const RunRecord &r)
{
    return r.fabric.value(QStringLiteral("totals")).toObject();
}

QJsonObject switchTotals(const RunRecord &r)
{
    return r.fabric.value(QStringLiteral("switch"))
        .toObject()
        .value(QStringLiteral("totals"))
        .toObject();
}

/// The message sizes any run's sweep has, smallest first.
QList<double> sweepSizes(const QList<RunMetrics> &metrics)
{
    QList<double> sizes;
    for (const RunMetrics &m : metrics) {
        for (const QPointF &p : m.sweep) {
            if (!sizes.contains(p.x()))
                sizes.append(p.x());
        }
    }
    std::sort(sizes.begin(), sizes.end());
    return sizes;
}

}  // namespace

QList<ComparisonRow> Comparison::rows() const
{
    QList<ComparisonRow> lines;
    auto row = [&](const QString &key, auto cellOf) {
        ComparisonRow r {key, figureInfo(key).label, {}, {}};
        bool any = false;
        for (int i = 0; i < runs.size(); ++i) {
            const Cell c = cellOf(i);
            any = any || !c.raw.isEmpty();
            r.raw.append(c.raw);
            r.shown.append(c.shown);
        }
        if (any)
            lines.append(r);
    };
    auto figure = [&](const QString &key, auto valueOf) {
        const FigureUnit unit = figureInfo(key).unit;
        row(key, [&](int i) { return numberCell(valueOf(i), unit); });
    };
    row(QStringLiteral("kind"), [&](int i) { return textCell(runs[i].kind); });
    row(QStringLiteral("state"), [&](int i) { return textCell(runs[i].state); });
    figure(QStringLiteral("bandwidth_gbps"), [&](int i) { return metrics[i].bandwidthGbps; });
    row(QStringLiteral("latency_is"), [&](int i) { return latencyIsCell(metrics[i].latency); });
    const std::pair<const char *, std::optional<double> LatencyFigures::*> lat[]
        = {{"latency_min_usec", &LatencyFigures::min},
           {"latency_median_usec", &LatencyFigures::median},
           {"latency_p99_usec", &LatencyFigures::p99},
           {"latency_p99_9_usec", &LatencyFigures::p999},
           {"latency_max_usec", &LatencyFigures::max},
           {"latency_average_usec", &LatencyFigures::average}};
    for (const auto &entry : lat) {
        const auto member = entry.second;  // a variable, not a binding: lambdas capture it
        figure(QLatin1String(entry.first), [&](int i) { return metrics[i].latency.*member; });
    }
    figure(QStringLiteral("jitter_usec"), [&](int i) { return jitterUs(metrics[i].latency); });
    figure(QStringLiteral("mean_step_ms"), [&](int i) { return metrics[i].meanStepMs; });
    figure(QStringLiteral("mean_allreduce_ms"), [&](int i) { return metrics[i].meanAllreduceMs; });
    // A what-if preview's fabric figures, in the order the preview gives them.
    QStringList previewKeys;
    for (const RunRecord &r : runs) {
        for (const QJsonValue &v : r.result.value(QStringLiteral("figures")).toArray()) {
            const QString key = v.toObject().value(QStringLiteral("key")).toString();
            if (!previewKeys.contains(key))
                previewKeys.append(key);
        }
    }
    for (const QString &key : std::as_const(previewKeys)) {
        figure(key, [&](int i) -> std::optional<double> {
            for (const QJsonValue &v : runs[i].result.value(QStringLiteral("figures")).toArray()) {
                const QJsonObject f = v.toObject();
                if (f.value(QStringLiteral("key")).toString() == key)
                    return f.value(QStringLiteral("value")).toDouble();
            }
            return std::nullopt;
        });
    }
    // Counter totals during each run: the NICs' ("fabric_*") and the switch's ("switch_*").
    auto counterRows = [&](const QString &prefix, auto totalsOf) {
        QStringList keys;
        for (const RunRecord &r : runs) {
            for (const QString &k : totalsOf(r).keys()) {
                if (!keys.contains(k))
                    keys.append(k);
            }
        }
        for (const QString &k : std::as_const(keys)) {
            const QString key = prefix + k;
            const FigureUnit unit = figureInfo(key).unit;
            row(key, [&](int i) {
                const QJsonValue v = totalsOf(runs[i]).value(k);
                return v.isDouble() ? Cell {QString::number(v.toDouble(), 'g', 12),
                                            formatFigure(v.toDouble(), unit)}
                                    : Cell {};
            });
        }
    };
    counterRows(QStringLiteral("fabric_"), nicTotals);
    counterRows(QStringLiteral("switch_"), switchTotals);
    // The sweep: one row per message size, in Gb/s or us as each run measured.
    for (double size : sweepSizes(metrics)) {
        row(QStringLiteral("sweep_%1_bytes").arg(qint64(size)), [&](int i) {
            const FigureUnit unit = metrics[i].family == QLatin1String("lat")
                ? FigureUnit::Microseconds
                : FigureUnit::Gbps;
            for (const QPointF &p : metrics[i].sweep) {
                if (p.x() == size)
                    return Cell {QString::number(p.y(), 'g', 6), formatFigure(p.y(), unit)};
            }
            return Cell {};
        });
    }
    return lines;
}

QList<QStringList> Comparison::table() const
{
    QStringList header {QStringLiteral("figure")};
    for (const RunRecord &r : runs) {
        header.append((r.label.isEmpty() ? QStringLiteral("run %1").arg(r.id)
                                         : QStringLiteral("%1 (run %2)").arg(r.label).arg(r.id)));
    }
    QList<QStringList> lines {header};
    for (const ComparisonRow &r : rows())
        lines.append(QStringList {r.key} + r.raw);
    return lines;
}

QList<QStringList> Comparison::displayTable() const
{
    QStringList header {ComparisonText::tr("Figure")};
    for (const RunRecord &r : runs) {
        header.append(r.label.isEmpty() ? ComparisonText::tr("run %1").arg(r.id)
                                        : ComparisonText::tr("%1 (run %2)").arg(r.label).arg(r.id));
    }
    QList<QStringList> lines {header};
    for (const ComparisonRow &r : rows())
        lines.append(QStringList {r.label} + r.shown);
    return lines;
}

}  // namespace roce::results
