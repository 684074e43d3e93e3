#pragma once

#include "collect/results/comparison.h"

#include <QWidget>

class QChart;
class QChartView;
class QLabel;
class QTableWidget;

namespace roce::widgets {

/// Runs side by side: bandwidth bars, latency percentiles (min, median, 99 %, 99.9 %, max),
/// message-size sweeps overlaid on a log axis, the ratios in words (x times faster, % less
/// jitter), and every figure with the fabric counters during each run in a table. Exports
/// the comparison as CSV (the same as `rocectl results compare --csv`) and as PNG.
class ComparisonView : public QWidget
{
    Q_OBJECT

public:
    explicit ComparisonView(QWidget *parent = nullptr);

    void setComparison(const results::Comparison &comparison);
    const results::Comparison &comparison() const { return m_comparison; }

    bool exportCsv(const QString &path, QString *error = nullptr) const;
    bool exportPng(const QString &path, QString *error = nullptr);
    /// The ratio sentences shown under the charts.
    QString ratiosText() const;
    /// Shows or hides the charts (and the ratios under them): a comparison whose bars would
    /// all be the same reads better as its table alone.
    void setChartsVisible(bool visible);
    QChart *bandwidthChart() const { return m_bandwidth; }
    QChart *latencyChart() const { return m_latency; }
    QChart *sweepChart() const { return m_sweep; }

private:
    void rebuildBandwidth();
    void rebuildLatency();
    void rebuildSweep();
    void rebuildTable();
    void askExportCsv();
    void askExportPng();

    results::Comparison m_comparison;
    QChart *m_bandwidth, *m_latency, *m_sweep;
    QChartView *m_bandwidthView, *m_latencyView, *m_sweepView;
    QLabel *m_ratios;
    QTableWidget *m_table;
    QWidget *m_charts;
};

}  // namespace roce::widgets
