#include "collect/results/figures.h"

#include "collect/monitor/nicrates.h"

#include "proto/datamodel/metric.h"

#include <QCoreApplication>

#include <array>
#include <cmath>
#include <optional>

namespace roce::results {

namespace {

// A plain context name: lupdate and FigureText::tr() agree on it whatever the namespace.
class FigureText
{
    Q_DECLARE_TR_FUNCTIONS(FigureText)
};

struct KnownFigure {
    const char *key;
    const char *label;  ///< translated in the "FigureText" context
    FigureUnit unit;
};

// The figures of a run that are not fabric counters: comparison rows (comparison.cpp), the
// run's own times, and the parameters a run was asked with (agentproto::jobSpecToJson and
// ExperimentRunner). One table, so that the CLI and the console name them alike.
constexpr KnownFigure kKnownFigures[] = {
    {"kind", QT_TRANSLATE_NOOP("FigureText", "Experiment"), FigureUnit::Text},
    {"state", QT_TRANSLATE_NOOP("FigureText", "State"), FigureUnit::Text},
    {"bandwidth_gbps", QT_TRANSLATE_NOOP("FigureText", "Bandwidth"), FigureUnit::Gbps},
    {"latency_is", QT_TRANSLATE_NOOP("FigureText", "Latency measured"), FigureUnit::Text},
    {"latency_min_usec", QT_TRANSLATE_NOOP("FigureText", "Latency min"), FigureUnit::Microseconds},
    {"latency_median_usec", QT_TRANSLATE_NOOP("FigureText", "Latency median"),
     FigureUnit::Microseconds},
    {"latency_p99_usec", QT_TRANSLATE_NOOP("FigureText", "Latency 99%"), FigureUnit::Microseconds},
    {"latency_p99_9_usec", QT_TRANSLATE_NOOP("FigureText", "Latency 99.9%"),
     FigureUnit::Microseconds},
    {"latency_max_usec", QT_TRANSLATE_NOOP("FigureText", "Latency max"), FigureUnit::Microseconds},
    {"latency_average_usec", QT_TRANSLATE_NOOP("FigureText", "Latency average"),
     FigureUnit::Microseconds},
    {"jitter_usec", QT_TRANSLATE_NOOP("FigureText", "Jitter (99% - median)"),
     FigureUnit::Microseconds},
    {"mean_step_ms", QT_TRANSLATE_NOOP("FigureText", "Mean training step"),
     FigureUnit::Milliseconds},
    {"mean_allreduce_ms", QT_TRANSLATE_NOOP("FigureText", "Mean all-reduce"),
     FigureUnit::Milliseconds},
    {"final_loss", QT_TRANSLATE_NOOP("FigureText", "Final loss"), FigureUnit::Number},
    // A what-if preview's fabric figures (sim/twin/fabricfigures.h).
    {"queue_mean_kb", QT_TRANSLATE_NOOP("FigureText", "RoCE queue mean, deepest port"),
     FigureUnit::Kilobytes},
    {"ecn_marks_per_s", QT_TRANSLATE_NOOP("FigureText", "ECN marks"), FigureUnit::PerSecond},
    {"cnp_sent_per_s", QT_TRANSLATE_NOOP("FigureText", "CNPs sent"), FigureUnit::PerSecond},
    {"cnp_handled_per_s", QT_TRANSLATE_NOOP("FigureText", "CNPs handled"), FigureUnit::PerSecond},
    {"rx_pauses_per_s", QT_TRANSLATE_NOOP("FigureText", "Pause frames received"),
     FigureUnit::PerSecond},
    {"tx_pauses_per_s", QT_TRANSLATE_NOOP("FigureText", "Pause frames sent"),
     FigureUnit::PerSecond},
    {"ingress_mmu_drops_per_s", QT_TRANSLATE_NOOP("FigureText", "Ingress MMU drops"),
     FigureUnit::PerSecond},
    {"egress_drops_per_s", QT_TRANSLATE_NOOP("FigureText", "Egress drops"), FigureUnit::PerSecond},
    {"duration", QT_TRANSLATE_NOOP("FigureText", "Duration"), FigureUnit::Seconds},
    {"fabric_seconds", QT_TRANSLATE_NOOP("FigureText", "Counters sampled over"),
     FigureUnit::Seconds},
    {"tool", QT_TRANSLATE_NOOP("FigureText", "Tool"), FigureUnit::Text},
    {"experiment", QT_TRANSLATE_NOOP("FigureText", "Experiment kind"), FigureUnit::Text},
    {"hosts", QT_TRANSLATE_NOOP("FigureText", "Hosts"), FigureUnit::Text},
    {"hub", QT_TRANSLATE_NOOP("FigureText", "Hub"), FigureUnit::Text},
    {"duration_s", QT_TRANSLATE_NOOP("FigureText", "Test duration"), FigureUnit::Seconds},
    {"timeout_s", QT_TRANSLATE_NOOP("FigureText", "Timeout"), FigureUnit::Seconds},
    {"size", QT_TRANSLATE_NOOP("FigureText", "Message size"), FigureUnit::MessageBytes},
    {"all_sizes", QT_TRANSLATE_NOOP("FigureText", "All message sizes"), FigureUnit::Text},
    {"iterations", QT_TRANSLATE_NOOP("FigureText", "Iterations"), FigureUnit::Number},
    {"qps", QT_TRANSLATE_NOOP("FigureText", "Queue pairs"), FigureUnit::Number},
    {"streams", QT_TRANSLATE_NOOP("FigureText", "Streams"), FigureUnit::Number},
    {"tclass", QT_TRANSLATE_NOOP("FigureText", "Traffic class"), FigureUnit::Number},
    {"port", QT_TRANSLATE_NOOP("FigureText", "TCP port"), FigureUnit::Number},
    {"device", QT_TRANSLATE_NOOP("FigureText", "RDMA device"), FigureUnit::Text},
    {"ib_port", QT_TRANSLATE_NOOP("FigureText", "Device port"), FigureUnit::Number},
    {"gid_index", QT_TRANSLATE_NOOP("FigureText", "GID index"), FigureUnit::Number},
    {"backend", QT_TRANSLATE_NOOP("FigureText", "Backend"), FigureUnit::Text},
    {"world_size", QT_TRANSLATE_NOOP("FigureText", "Ranks"), FigureUnit::Number},
    {"model_mb", QT_TRANSLATE_NOOP("FigureText", "Model size (MB)"), FigureUnit::Number},
    {"master_port", QT_TRANSLATE_NOOP("FigureText", "Master port"), FigureUnit::Number},
    {"ifname", QT_TRANSLATE_NOOP("FigureText", "Interface"), FigureUnit::Text},
};

// What the counter totals of a run count, as metrics of the metric table: their names come
// from there, so that a run's "CNP handled" is the port table's. The NIC's are
// monitor::nicCounters()' keys.
using CounterTotal = monitor::NicCounterKey;
constexpr const auto &kNicTotals = monitor::kNicCounterKeys;
constexpr CounterTotal kSwitchTotals[] = {
    {"mmu_drops", model::Metric::MmuDrops}, {"egress_drops", model::Metric::EgressDrops},
    {"rx_ppp", model::Metric::RxPause},     {"tx_ppp", model::Metric::TxPause},
    {"ecn_marked", model::Metric::Ecn},
};

/// The metric a counter total counts, and whether it holds the metric's rate summed over
/// time (bits for a bits rate) rather than the counter's own delta (bytes).
struct TotalOf {
    model::Metric metric;
    bool integratedRate = false;
};

template <std::size_t N>
std::optional<TotalOf> totalOf(const CounterTotal (&table)[N], QStringView key)
{
    for (const CounterTotal &t : table) {
        if (key == QLatin1String(t.key))
            return TotalOf {t.metric};
    }
    // A recording's range (RangeSummary::asRun) keeps its totals under the metric keys.
    const QByteArray name = key.toLatin1();
    if (const auto m = model::metricByKey(QLatin1String(name)))
        return TotalOf {*m, true};
    // A counter named like its metric ("cnp_sent" / "cnp_sent_per_s") needs no row above.
    const QByteArray perSecond = name + "_per_s";
    if (const auto m = model::metricByKey(QLatin1String(perSecond)))
        return TotalOf {*m};
    return std::nullopt;
}

/// What a total of a volume of traffic is called: "bytes received", "RDMA out".
QString volumeName(model::Metric metric)
{
    if (metric == model::Metric::InBits)
        return FigureText::tr("bytes received");
    if (metric == model::Metric::OutBits)
        return FigureText::tr("bytes sent");
    // The series without its rate unit: "RDMA out Gb/s" -> "RDMA out".
    QString name = model::metricSeries(metric);
    const QString unit = QLatin1String(model::metricInfo(metric).unit);
    if (!unit.isEmpty() && name.endsWith(unit))
        name.chop(unit.size());
    return name.trimmed();
}

/// A total of a metric's counter over a run: the metric table's name for it without "per
/// second", and packets or bytes as its counter counts them.
FigureInfo totalFigure(const TotalOf &total, bool nic)
{
    const model::MetricInfo &info = model::metricInfo(total.metric);
    FigureInfo figure;
    QString name;
    if (info.bound == model::Bound::Bytes) {
        name = volumeName(total.metric);
        figure.unit
            = total.integratedRate && info.sourceScale == 8 ? FigureUnit::Bits : FigureUnit::Bytes;
    } else {
        name = model::metricSeries(total.metric);
        figure.unit
            = info.bound == model::Bound::Packets ? FigureUnit::Packets : FigureUnit::Number;
    }
    figure.label = nic ? FigureText::tr("NIC %1").arg(name) : FigureText::tr("Switch %1").arg(name);
    return figure;
}

std::optional<FigureInfo> counterFigure(QStringView key)
{
    const QLatin1String fabric("fabric_"), seen("switch_");
    if (key.startsWith(fabric)) {
        if (const auto total = totalOf(kNicTotals, key.mid(fabric.size())))
            return totalFigure(*total, true);
    } else if (key.startsWith(seen)) {
        if (const auto total = totalOf(kSwitchTotals, key.mid(seen.size())))
            return totalFigure(*total, false);
    }
    return std::nullopt;
}

/// "sweep_65536_bytes": the figure of one message size of a sweep.
std::optional<FigureInfo> sweepFigure(QStringView key)
{
    const QLatin1String prefix("sweep_"), suffix("_bytes");
    if (!key.startsWith(prefix) || !key.endsWith(suffix))
        return std::nullopt;
    bool ok = false;
    const double bytes
        = key.mid(prefix.size(), key.size() - prefix.size() - suffix.size()).toDouble(&ok);
    if (!ok)
        return std::nullopt;
    // The unit is the run's: Gb/s for a bandwidth sweep, us for a latency one.
    return FigureInfo {FigureText::tr("%1 messages").arg(formatMessageSize(bytes)),
                       FigureUnit::Number};
}

/// @p value with at most @p decimals decimals, trailing zeros dropped: 2.5, 3, 1.98.
QString trimmedNumber(double value, int decimals)
{
    QString s = QString::number(value, 'f', decimals);
    if (s.contains(QLatin1Char('.'))) {
        while (s.endsWith(QLatin1Char('0')))
            s.chop(1);
        if (s.endsWith(QLatin1Char('.')))
            s.chop(1);
    }
    return s;
}

/// @p bytes in the largest of @p units (each @p step times the one before) that keeps the
/// number at least 1, with three significant digits.
QString scaledBytes(double bytes, double step, const std::array<const char *, 5> &units)
{
    double v = bytes;
    std::size_t u = 0;
    // From step - 0.5 up: 999.7 kB would be written "1000 kB", and reads better as "1 MB".
    while (std::abs(v) >= step - 0.5 && u + 1 < units.size()) {
        v /= step;
        ++u;
    }
    const int decimals = u == 0 ? 0 : std::abs(v) < 10 ? 2 : std::abs(v) < 100 ? 1 : 0;
    return trimmedNumber(v, decimals) + QLatin1Char(' ') + QLatin1String(units[u]);
}

}  // namespace

FigureInfo figureInfo(const QString &key)
{
    for (const KnownFigure &f : kKnownFigures) {
        if (key == QLatin1String(f.key))
            return {QCoreApplication::translate("FigureText", f.label), f.unit};
    }
    if (const auto counter = counterFigure(key))
        return *counter;
    if (const auto sweep = sweepFigure(key))
        return *sweep;
    return {key, FigureUnit::Number};
}

QString formatBytes(double bytes)
{
    return scaledBytes(bytes, 1000, {"B", "kB", "MB", "GB", "TB"});
}

QString formatMessageSize(double bytes)
{
    return scaledBytes(bytes, 1024, {"B", "KiB", "MiB", "GiB", "TiB"});
}

QString formatFigure(double value, FigureUnit unit)
{
    switch (unit) {
    case FigureUnit::Text:
    case FigureUnit::Number:
        return QString::number(value, 'g', 12);
    case FigureUnit::Packets:
        return FigureText::tr("%1 pkt").arg(QString::number(std::llround(value)));
    case FigureUnit::Bytes:
        return formatBytes(value);
    case FigureUnit::Bits:
        return formatBytes(value / 8);
    case FigureUnit::MessageBytes:
        return formatMessageSize(value);
    case FigureUnit::Gbps:
        return FigureText::tr("%1 Gb/s").arg(value, 0, 'f', 2);
    case FigureUnit::Microseconds:
        return FigureText::tr("%1 us").arg(value, 0, 'f', 2);
    case FigureUnit::Milliseconds:
        return FigureText::tr("%1 ms").arg(trimmedNumber(value, 2));
    case FigureUnit::Seconds:
        return FigureText::tr("%1 s").arg(trimmedNumber(value, 2));
    case FigureUnit::PerSecond:
        return FigureText::tr("%1 /s").arg(std::abs(value) >= 100
                                               ? QString::number(std::llround(value))
                                               : trimmedNumber(value, 2));
    case FigureUnit::Kilobytes:
        return FigureText::tr("%1 KB").arg(value, 0, 'f', 1);
    }
    return QString::number(value, 'g', 12);
}

}  // namespace roce::results
