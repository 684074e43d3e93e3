#include "countercharts.h"

#include <QChart>
#include <QChartView>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QLabel>
#include <QLineSeries>
#include <QTimer>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace roce::widgets {

using store::Metric;

CounterCharts::CounterCharts(const store::CounterStore *store, QWidget *parent)
    : QWidget(parent), m_store(store), m_title(new QLabel(this))
{
    setObjectName(QStringLiteral("counterCharts"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setObjectName(QStringLiteral("chartsTitle"));
    m_title->setText(tr("Select a port in the port table."));
    layout->addWidget(m_title);
    m_plots = {
        makePlot(tr("Utilization %"), {{Metric::InUtil, tr("in")}, {Metric::OutUtil, tr("out")}}),
        makePlot(tr("Drops and PFC pauses /s"),
                 {{Metric::MmuDrops, tr("MMU drops")},
                  {Metric::EgressDrops, tr("egress drops")},
                  {Metric::RxPause, tr("RxPPP")},
                  {Metric::TxPause, tr("TxPPP")}}),
        makePlot(tr("ECN and CNP /s"),
                 {{Metric::Ecn, tr("ECN/CE")},
                  {Metric::CnpSent, tr("CNP sent")},
                  {Metric::CnpHandled, tr("CNP handled")}})};
    for (const Plot &p : std::as_const(m_plots)) {
        auto *view = new QChartView(p.chart, this);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(140);
        layout->addWidget(view, 1);
    }
    auto *timer = new QTimer(this);
    connect(timer, &QTimer::timeout, this, &CounterCharts::refresh);
    timer->start(1000);
}

CounterCharts::Plot CounterCharts::makePlot(const QString &title,
                                            const QList<QPair<Metric, QString>> &metrics)
{
    Plot p;
    p.chart = new QChart;
    p.chart->setTitle(title);
    p.chart->legend()->setAlignment(Qt::AlignRight);
    p.chart->setMargins(QMargins(2, 2, 2, 2));
    auto *x = new QDateTimeAxis;
    x->setFormat(QStringLiteral("HH:mm:ss"));
    x->setTickCount(4);
    auto *y = new QValueAxis;
    y->setLabelFormat(QStringLiteral("%g"));
    p.chart->addAxis(x, Qt::AlignBottom);
    p.chart->addAxis(y, Qt::AlignLeft);
    for (const auto &[metric, name] : metrics) {
        auto *s = new QLineSeries;
        s->setName(name);
        p.chart->addSeries(s);
        s->attachAxis(x);
        s->attachAxis(y);
        p.series.append({metric, s});
    }
    return p;
}

void CounterCharts::setPort(const QString &port)
{
    m_port = port;
    m_title->setText(port.isEmpty() ? tr("Select a port in the port table.") : port);
    refresh();
}

QList<QLineSeries *> CounterCharts::seriesOf(int chart) const
{
    QList<QLineSeries *> out;
    for (const auto &[metric, series] : m_plots.value(chart).series)
        out.append(series);
    return out;
}

void CounterCharts::refresh()
{
    if (!m_store || m_port.isEmpty())
        return;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    const qint64 from = now - m_windowMs;
    // One query per series; the x range is known only once all of them are in.
    QList<QList<QPointF>> points;
    qint64 earliest = now - 60 * 1000;  // a short history fills the width, not the right edge
    for (const Plot &p : std::as_const(m_plots)) {
        for (const auto &[metric, series] : p.series) {
            points.append(m_store->series(m_port, metric, from));
            if (!points.last().isEmpty())
                earliest = std::min(earliest, qint64(points.last().first().x()));
        }
    }
    const qint64 left = std::max(from, earliest);
    qsizetype next = 0;
    for (const Plot &p : std::as_const(m_plots)) {
        double top = 1;
        for (const auto &[metric, series] : p.series) {
            const QList<QPointF> &pts = points[next++];
            for (const QPointF &pt : pts)
                top = std::max(top, pt.y());
            series->replace(pts);  // one update per series, not one per point
        }
        const auto axes = p.chart->axes();
        for (QAbstractAxis *axis : axes) {
            if (auto *x = qobject_cast<QDateTimeAxis *>(axis)) {
                x->setRange(QDateTime::fromMSecsSinceEpoch(left),
                            QDateTime::fromMSecsSinceEpoch(now));
            } else if (auto *y = qobject_cast<QValueAxis *>(axis)) {
                y->setRange(0, top * 1.1);
                y->applyNiceNumbers();
            }
        }
    }
}

}  // namespace roce::widgets
