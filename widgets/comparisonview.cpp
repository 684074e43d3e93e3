#include "comparisonview.h"

#include "exportfile.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QJsonArray>
#include <QLabel>
#include <QLineSeries>
#include <QLogValueAxis>
#include <QPushButton>
#include <QSplitter>
#include <QTableWidget>
#include <QVBoxLayout>
#include <QValueAxis>

namespace roce::widgets {

namespace {

QString runName(const results::RunRecord &r)
{
    return r.label.isEmpty() ? ComparisonView::tr("run %1 (%2)").arg(r.id).arg(r.kind)
                             : ComparisonView::tr("%1 (run %2)").arg(r.label).arg(r.id);
}

QChartView *chartView(QChart *chart)
{
    chart->setMargins(QMargins(2, 2, 2, 2));
    chart->legend()->setAlignment(Qt::AlignBottom);
    auto *v = new QChartView(chart);
    v->setRenderHint(QPainter::Antialiasing);
    v->setMinimumHeight(180);
    return v;
}

void clearChart(QChart *chart)
{
    chart->removeAllSeries();
    for (QAbstractAxis *a : chart->axes()) {
        chart->removeAxis(a);
        delete a;
    }
}

}  // namespace

ComparisonView::ComparisonView(QWidget *parent)
    : QWidget(parent),
      m_bandwidth(new QChart),
      m_latency(new QChart),
      m_sweep(new QChart),
      m_bandwidthView(chartView(m_bandwidth)),
      m_latencyView(chartView(m_latency)),
      m_sweepView(chartView(m_sweep)),
      m_ratios(new QLabel),
      m_table(new QTableWidget),
      m_charts(new QWidget)
{
    setObjectName(QStringLiteral("comparisonView"));
    m_bandwidth->setTitle(tr("Bandwidth (Gb/s)"));
    m_latency->setTitle(tr("Latency percentiles (us)"));
    m_sweep->setTitle(tr("Message size sweep"));
    m_ratios->setWordWrap(true);
    m_ratios->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();

    auto *chartsLayout = new QVBoxLayout(m_charts);
    chartsLayout->setContentsMargins(0, 0, 0, 0);
    auto *row = new QHBoxLayout;
    row->addWidget(m_bandwidthView);
    row->addWidget(m_latencyView);
    chartsLayout->addLayout(row, 1);
    chartsLayout->addWidget(m_sweepView, 1);
    chartsLayout->addWidget(m_ratios);

    auto *csv = new QPushButton(tr("Export CSV..."));
    auto *png = new QPushButton(tr("Export PNG..."));
    connect(csv, &QPushButton::clicked, this, &ComparisonView::askExportCsv);
    connect(png, &QPushButton::clicked, this, &ComparisonView::askExportPng);
    auto *buttons = new QHBoxLayout;
    buttons->addStretch();
    buttons->addWidget(csv);
    buttons->addWidget(png);

    auto *split = new QSplitter(Qt::Vertical);
    split->addWidget(m_charts);
    split->addWidget(m_table);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(split, 1);
    layout->addLayout(buttons);
}

void ComparisonView::setChartsVisible(bool visible)
{
    m_charts->setVisible(visible);
}

void ComparisonView::setComparison(const results::Comparison &comparison)
{
    m_comparison = comparison;
    rebuildBandwidth();
    rebuildLatency();
    rebuildSweep();
    rebuildTable();
    m_ratios->setText(ratiosText());
}

void ComparisonView::rebuildBandwidth()
{
    clearChart(m_bandwidth);
    auto *series = new QBarSeries;
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(4);
    QStringList categories;
    double top = 0;
    for (int i = 0; i < m_comparison.runs.size(); ++i) {
        const auto &m = m_comparison.metrics[i];
        if (!m.bandwidthGbps)
            continue;
        auto *set = new QBarSet(runName(m_comparison.runs[i]));
        // One category per run would squeeze the bars; one set per run shows a legend.
        *set << *m.bandwidthGbps;
        series->append(set);
        top = std::max(top, *m.bandwidthGbps);
    }
    m_bandwidthView->setVisible(series->count() > 0);
    categories << tr("Gb/s");
    m_bandwidth->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    auto *y = new QValueAxis;
    y->setRange(0, top > 0 ? top * 1.15 : 1);
    y->applyNiceNumbers();
    y->setLabelFormat(QStringLiteral("%.1f"));
    m_bandwidth->addAxis(x, Qt::AlignBottom);
    m_bandwidth->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

void ComparisonView::rebuildLatency()
{
    clearChart(m_latency);
    auto *series = new QBarSeries;
    const QStringList categories {tr("min"), tr("median"), tr("99%"), tr("99.9%"), tr("max")};
    double top = 0;
    for (int i = 0; i < m_comparison.runs.size(); ++i) {
        const results::LatencyFigures &l = m_comparison.metrics[i].latency;
        // Latency tests only: iperf3's mean RTT is not a one-way percentile.
        if (!l.median && !(l.average && !l.roundTrip))
            continue;
        auto *set = new QBarSet(runName(m_comparison.runs[i]));
        for (const auto &v : {l.min, l.median ? l.median : l.average, l.p99, l.p999, l.max}) {
            *set << v.value_or(0);  // a figure the tool did not report: no bar
            top = std::max(top, v.value_or(0));
        }
        series->append(set);
    }
    m_latencyView->setVisible(series->count() > 0);
    m_latency->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(categories);
    // Linear: Qt Charts draws bars on a log axis wrongly; the values are printed on the bars.
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%g"));
    y->setRange(0, top > 0 ? top * 1.15 : 1);
    y->applyNiceNumbers();
    series->setLabelsVisible(true);
    series->setLabelsFormat(QStringLiteral("@value"));
    series->setLabelsPosition(QAbstractBarSeries::LabelsOutsideEnd);
    series->setLabelsPrecision(4);
    m_latency->addAxis(x, Qt::AlignBottom);
    m_latency->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
}

void ComparisonView::rebuildSweep()
{
    clearChart(m_sweep);
    auto *x = new QLogValueAxis;
    x->setBase(8);  // a tick every 8x: readable labels from 2 B to 8 MB
    x->setTitleText(tr("message size (bytes)"));
    x->setLabelFormat(QStringLiteral("%g"));
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%g"));
    m_sweep->addAxis(x, Qt::AlignBottom);
    m_sweep->addAxis(y, Qt::AlignLeft);
    double minX = 0, maxX = 0, maxY = 0;
    bool any = false;
    QString unit;
    for (int i = 0; i < m_comparison.runs.size(); ++i) {
        const auto &m = m_comparison.metrics[i];
        if (m.sweep.isEmpty())
            continue;
        auto *s = new QLineSeries;
        s->setName(runName(m_comparison.runs[i]));
        s->setPointsVisible(true);
        s->append(m.sweep);
        m_sweep->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        for (const QPointF &p : m.sweep) {
            minX = any ? std::min(minX, p.x()) : p.x();
            maxX = any ? std::max(maxX, p.x()) : p.x();
            maxY = std::max(maxY, p.y());
            any = true;
        }
        unit = m.family == QLatin1String("lat") ? tr("typical latency (us)") : tr("Gb/s");
    }
    m_sweepView->setVisible(any);
    if (any) {
        x->setRange(minX, maxX);
        y->setRange(0, maxY * 1.1);
        y->applyNiceNumbers();
        y->setTitleText(unit);
    }
}

void ComparisonView::rebuildTable()
{
    // Labels and values with their units; the CSV export keeps keys and plain numbers.
    const QList<QStringList> rows = m_comparison.displayTable();
    m_table->clear();
    if (rows.isEmpty())
        return;
    m_table->setColumnCount(int(rows.first().size()));
    m_table->setRowCount(int(rows.size() - 1));
    m_table->setHorizontalHeaderLabels(rows.first());
    for (int r = 1; r < rows.size(); ++r) {
        for (int c = 0; c < rows[r].size(); ++c) {
            auto *item = new QTableWidgetItem(rows[r][c]);
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r - 1, c, item);
        }
    }
    m_table->resizeColumnsToContents();
}

QString ComparisonView::ratiosText() const
{
    return m_comparison.ratioSentences(runName).join(QLatin1Char('\n'));
}

bool ComparisonView::exportCsv(const QString &path, QString *error) const
{
    return saveText(path, m_comparison.toCsv(), error);
}

bool ComparisonView::exportPng(const QString &path, QString *error)
{
    return saveWidgetPng(this, path, error);
}

void ComparisonView::askExportCsv()
{
    askAndSave(this, tr("Export comparison as CSV"), QStringLiteral("comparison.csv"),
               tr("CSV files (*.csv)"),
               [this](const QString &path, QString *error) { return exportCsv(path, error); });
}

void ComparisonView::askExportPng()
{
    askAndSave(this, tr("Export comparison as PNG"), QStringLiteral("comparison.png"),
               tr("PNG images (*.png)"),
               [this](const QString &path, QString *error) { return exportPng(path, error); });
}

}  // namespace roce::widgets
