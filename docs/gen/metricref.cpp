// roce-metricref: prints the metric reference (docs/metrics.md) from the metric table, so that
// the page follows core/proto/datamodel/metric.h instead of drifting from it. The test
// metric_reference_current compares the page with this program's output; the target
// update_metric_reference writes it.
// Usage: roce-metricref [FILE]   (FILE: write the page there; default: standard output)
#include "proto/datamodel/metric.h"

#include <QCoreApplication>
#include <QFile>
#include <QString>
#include <QStringList>

#include <cstdio>

namespace {

using roce::model::ChartGroup;
using roce::model::Highlight;
using roce::model::Metric;
using roce::model::MetricInfo;

QString code(const QString &text)
{
    return QLatin1Char('`') + text + QLatin1Char('`');
}

/// Table cells: a pipe would end the cell.
QString cell(QString text)
{
    return text.replace(QLatin1Char('|'), QLatin1String("\\|"));
}

/// One "kind:name" field of a source column, for people (the kinds are those switchrates.cpp
/// and nicrates.cpp read; an unknown kind is printed as it stands).
QString describeField(const QString &field, bool nic)
{
    const QString kind = field.section(QLatin1Char(':'), 0, 0);
    const QString name = field.section(QLatin1Char(':'), 1);
    if (nic) {
        if (kind == QLatin1String("hw"))
            return code(QLatin1String("hw_counters/") + name) + QLatin1String(" of the RDMA port");
        if (kind == QLatin1String("port"))
            return code(name) + QLatin1String(" of the RDMA port's ")
                + code(QStringLiteral("counters")) + QLatin1String(" in the agent's sample (sysfs ")
                + code(QStringLiteral("counters/")) + QLatin1Char(')');
        if (kind == QLatin1String("ethtool")) {
            if (name.contains(QLatin1Char('*')))
                return QLatin1String("ethtool ") + code(name)
                    + QLatin1String(" of the port's netdev, summed over the priorities");
            return QLatin1String("ethtool ") + code(name) + QLatin1String(" of the port's netdev");
        }
    } else {
        if (kind == QLatin1String("port"))
            return code(name) + QLatin1String(" of the interface's counters (")
                + code(QStringLiteral("show interface")) + QLatin1String(", ")
                + code(QStringLiteral("show interface counters")) + QLatin1Char(')');
        if (kind == QLatin1String("qos"))
            return code(name) + QLatin1String(" of every QoS group of ")
                + code(QStringLiteral("show queuing interface")) + QLatin1String(", summed");
        if (kind == QLatin1String("queuing"))
            return code(name) + QLatin1String(" of the interface in ")
                + code(QStringLiteral("show queuing interface"));
        if (kind == QLatin1String("pfc"))
            return code(name) + QLatin1String(" of ")
                + code(QStringLiteral("show interface priority-flow-control"));
    }
    return code(field);
}

/// Where a switch (or a NIC) reads the metric; empty: it does not.
QString readsText(const MetricInfo &m, bool nic)
{
    if (m.utilizationOf != Metric::Count) {
        const MetricInfo &base = roce::model::metricInfo(m.utilizationOf);
        if ((nic ? base.nicSource : base.switchSource)[0] == '\0')
            return {};
        return QLatin1String("derived: ") + code(QLatin1String(base.key))
            + QLatin1String(" as a share of the port's line rate");
    }
    const char *source = nic ? m.nicSource : m.switchSource;
    if (source[0] == '\0')
        return {};
    QStringList parts;
    const QStringList fields = QString::fromLatin1(source).split(QLatin1Char('|'));
    for (const QString &field : fields)
        parts.append(describeField(field, nic));
    QString text = parts.join(QLatin1String(", else "));
    if (m.sourceScale != 1)
        text += QLatin1String("; the rate is the counter's change per second x ")
            + QString::number(m.sourceScale);
    return text;
}

QString unitText(const MetricInfo &m)
{
    const QString unit = QString::fromUtf8(m.unit);
    if (m.displayScale == 1)
        return unit;
    return unit + QLatin1String(" as shown (the key's value x ") + QString::number(m.displayScale)
        + QLatin1Char(')');
}

QString highlightText(Highlight highlight)
{
    switch (highlight) {
    case Highlight::Drop:
        return QStringLiteral("red, as a loss");
    case Highlight::Pause:
        return QStringLiteral("amber, as a pause");
    case Highlight::Ecn:
        return QStringLiteral("blue, as congestion signalled (ECN, CNP)");
    case Highlight::None:
        break;
    }
    return {};
}

QString metricSection(const MetricInfo &m)
{
    const QString key = QLatin1String(m.key);
    QString page = QLatin1String("## ") + code(key) + QLatin1String("\n\n")
        + QString::fromUtf8(m.tooltip) + QLatin1String("\n\n| field | value |\n|---|---|\n");
    auto row = [&page](const QString &field, const QString &value) {
        page += QLatin1String("| ") + field + QLatin1String(" | ") + cell(value)
            + QLatin1String(" |\n");
    };
    row(QStringLiteral("label"),
        QString::fromUtf8(m.label)
            + QLatin1String(m.column ? " (a port table column)" : " (not a port table column)"));
    row(QStringLiteral("chart"),
        m.chart == ChartGroup::None
            ? QStringLiteral("not charted, no history kept")
            : QLatin1Char('*') + QString::fromUtf8(m.series) + QLatin1String("* on the chart *")
                + roce::model::chartTitle(m.chart) + QLatin1Char('*'));
    row(QStringLiteral("unit"), unitText(m));
    const QString onSwitch = readsText(m, false);
    const QString onNic = readsText(m, true);
    row(QStringLiteral("switch"), onSwitch.isEmpty() ? QStringLiteral("not read") : onSwitch);
    row(QStringLiteral("NIC"), onNic.isEmpty() ? QStringLiteral("not read") : onNic);
    row(QStringLiteral("Prometheus"),
        m.prometheus[0] == '\0' ? QStringLiteral("none from roce-agent")
                                : code(QLatin1String(m.prometheus))
                + QLatin1String(", the raw counter as roce-agent exports it"));
    const QString highlight = highlightText(m.highlight);
    if (!highlight.isEmpty())
        row(QStringLiteral("highlight"), highlight);
    if (m.alertWhenNonZero) {
        const QString alert = key.endsWith(QLatin1String("_per_s")) ? key.chopped(6) : key;
        row(QStringLiteral("alert"),
            QLatin1String("a non-zero rate raises the critical alert ") + code(alert));
    }
    return page;
}

QString metricReference()
{
    QString page = QStringLiteral(
        "<!-- Generated by roce-metricref (docs/gen/metricref.cpp) from kMetricTable in\n"
        "     core/proto/datamodel/metric.h: do not edit. After changing the table:\n"
        "     cmake --build build --target update_metric_reference -->\n"
        "# Metric reference\n"
        "\n"
        "Every rate the console follows per port is one row of the metric table\n"
        "(`core/proto/datamodel/metric.h`); this page is printed from it. The key names the rate\n"
        "in `rocectl watch --json` frames (and `rocectl fleet`, `rocectl replay`), CSV exports\n"
        "and alerts. A rate is a counter's change per second; a rate the device does not report,\n"
        "or whose counter went back (a reset), is absent, never zero. The switch metrics as "
        "PromQL\n"
        "over the switch exporter's series are in\n"
        "[rocectl "
        "exporter](exporter-and-fleet.md#rocectl-exporter-switch-metrics-for-prometheus);\n"
        "how a row is added: [Adding a counter](dev/adding-a-counter.md).\n"
        "\n"
        "| key | label | unit | switch | NIC |\n"
        "|---|---|---|---|---|\n");
    for (const MetricInfo &m : roce::model::metrics()) {
        const QString key = QLatin1String(m.key);
        page += QLatin1String("| [") + code(key) + QLatin1String("](#") + key
            + QLatin1String(") | ") + cell(QString::fromUtf8(m.label)) + QLatin1String(" | ")
            + cell(QString::fromUtf8(m.unit)) + QLatin1String(" | ")
            + QLatin1String(readsText(m, false).isEmpty() ? "no" : "yes") + QLatin1String(" | ")
            + QLatin1String(readsText(m, true).isEmpty() ? "no" : "yes") + QLatin1String(" |\n");
    }
    for (const MetricInfo &m : roce::model::metrics())
        page += QLatin1Char('\n') + metricSection(m);
    return page;
}

}  // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() > 2) {
        std::fputs("usage: roce-metricref [FILE]\n", stderr);
        return 2;
    }
    QFile out;
    const bool toFile = args.size() == 2;
    if (toFile)
        out.setFileName(args.at(1));
    const bool opened = toFile ? out.open(QIODevice::WriteOnly | QIODevice::Truncate)
                               : out.open(stdout, QIODevice::WriteOnly);
    if (!opened) {
        std::fprintf(stderr, "roce-metricref: cannot write %s: %s\n",
                     qPrintable(toFile ? args.at(1) : QStringLiteral("standard output")),
                     qPrintable(out.errorString()));
        return 1;
    }
    const QByteArray page = metricReference().toUtf8();
    if (out.write(page) != page.size()) {
        std::fprintf(stderr, "roce-metricref: writing failed: %s\n", qPrintable(out.errorString()));
        return 1;
    }
    return 0;
}
