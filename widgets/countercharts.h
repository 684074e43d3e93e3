#pragma once

#include "store/counterstore.h"

#include <QWidget>

class QChart;
class QLabel;
class QLineSeries;
class QTimer;

namespace roce::widgets {

/// Rate history of the selected port on one time axis: utilization, drops and PFC pauses,
/// ECN and CNPs, each chart over the same window (default the last 5 minutes), refreshed
/// every second from the CounterStore.
class CounterCharts : public QWidget
{
    Q_OBJECT

public:
    explicit CounterCharts(const store::CounterStore *store, QWidget *parent = nullptr);

    void setPort(const QString &port);
    QString port() const { return m_port; }
    /// Redraws from the store (the timer calls it every second).
    void refresh();
    /// The series of chart @p chart (0 utilization, 1 drops/pauses, 2 ECN/CNP).
    QList<QLineSeries *> seriesOf(int chart) const;

private:
    struct Plot {
        QChart *chart = nullptr;
        QList<QPair<store::Metric, QLineSeries *>> series;
    };
    Plot makePlot(const QString &title, const QList<QPair<store::Metric, QString>> &metrics);

    const store::CounterStore *m_store;
    QString m_port;
    qint64 m_windowMs = 5 * 60 * 1000;
    QList<Plot> m_plots;
    QLabel *m_title;
};

}  // namespace roce::widgets
