#include "countercharts.h"

#include "exportfile.h"

#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDateTime>
#include <QDateTimeAxis>
#include <QGraphicsLineItem>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineSeries>
#include <QMap>
#include <QMenu>
#include <QPushButton>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>
#include <QValueAxis>

#include <algorithm>

namespace roce::widgets {

using store::Metric;

CounterCharts::CounterCharts(const store::CounterStore *store, QWidget *parent)
    : QWidget(parent),
      m_store(store),
      m_clock([] { return QDateTime::currentMSecsSinceEpoch(); }),
      m_title(new QLabel(this))
{
    setObjectName(QStringLiteral("counterCharts"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_title->setObjectName(QStringLiteral("chartsTitle"));
    m_title->setText(tr("Select a port in the port table."));
    // The navigation: window, back/forward through history, live/pause, export.
    m_window = new QComboBox(this);
    for (const auto &[minutes, label] :
         {std::pair {1, tr("1 min")}, std::pair {5, tr("5 min")}, std::pair {15, tr("15 min")},
          std::pair {60, tr("1 h")}, std::pair {360, tr("6 h")}, std::pair {1440, tr("24 h")}})
        m_window->addItem(label, qint64(minutes) * 60 * 1000);
    m_window->setCurrentIndex(1);
    m_window->setToolTip(tr("Width of the time window"));
    m_back = new QPushButton(QStringLiteral("◀"), this);
    m_back->setToolTip(tr("Back in time by half a window"));
    m_forward = new QPushButton(QStringLiteral("▶"), this);
    m_forward->setToolTip(tr("Forward in time by half a window"));
    m_liveButton = new QPushButton(this);
    m_liveButton->setCheckable(true);
    auto *png = new QPushButton(tr("PNG..."), this);
    png->setToolTip(tr("Export the charts as an image"));
    auto *csv = new QPushButton(tr("CSV..."), this);
    csv->setToolTip(tr("Export the visible window's points as CSV"));
    for (QPushButton *b : {m_back, m_forward})
        b->setMaximumWidth(32);
    auto *bar = new QHBoxLayout;
    bar->addWidget(m_title, 1);
    bar->addWidget(m_window);
    bar->addWidget(m_back);
    bar->addWidget(m_forward);
    bar->addWidget(m_liveButton);
    bar->addWidget(png);
    bar->addWidget(csv);
    layout->addLayout(bar);
    connect(m_window, &QComboBox::currentIndexChanged, this,
            [this] { setWindowMs(m_window->currentData().toLongLong()); });
    connect(m_back, &QPushButton::clicked, this, [this] { scrollBy(-0.5); });
    connect(m_forward, &QPushButton::clicked, this, [this] { scrollBy(0.5); });
    connect(m_liveButton, &QPushButton::clicked, this, [this](bool live) { setLive(live); });
    connect(png, &QPushButton::clicked, this, [this] {
        askAndSave(this, tr("Export charts as PNG"),
                   (m_port.isEmpty() ? QStringLiteral("counters")
                                     : QString(m_port).replace(QLatin1Char('/'), QLatin1Char('_')))
                       + QStringLiteral(".png"),
                   tr("PNG images (*.png)"),
                   [this](const QString &path, QString *error) { return exportPng(path, error); });
    });
    connect(csv, &QPushButton::clicked, this, [this] {
        askAndSave(this, tr("Export counters as CSV"), QStringLiteral("counters.csv"),
                   tr("CSV files (*.csv)"),
                   [this](const QString &path, QString *error) { return exportCsv(path, error); });
    });
    // One plot per chart group of the metric table, its metrics as series, in table order.
    for (const model::ChartGroup group :
         {model::ChartGroup::Utilization, model::ChartGroup::LossAndPause,
          model::ChartGroup::Congestion, model::ChartGroup::HostBuffer}) {
        QList<QPair<Metric, QString>> series;
        for (const model::MetricInfo &m : model::metrics())
            if (m.chart == group)
                series.append({m.id, model::metricSeries(m.id)});
        if (!series.isEmpty())
            m_plots.append(makePlot(model::chartTitle(group), series));
    }
    for (const Plot &p : std::as_const(m_plots)) {
        auto *view = new QChartView(p.chart, this);
        view->setRenderHint(QPainter::Antialiasing);
        // Tall enough for every legend entry beside the plot (the table decides how many a
        // plot has): a series without its legend entry is a line nobody can name.
        view->setMinimumHeight(std::max(140, 64 + 22 * int(p.series.size())));
        view->setRubberBand(QChartView::HorizontalRubberBand);  // drag to zoom in time
        view->setContextMenuPolicy(Qt::CustomContextMenu);
        const int index = int(m_views.size());
        connect(view, &QWidget::customContextMenuRequested, this,
                [this, index](const QPoint &pos) { showContextMenu(index, pos); });
        m_views.append(view);
        layout->addWidget(view, 1);
        QChart *chart = p.chart;
        connect(chart, &QChart::plotAreaChanged, this, &CounterCharts::drawAnnotations);
        for (QAbstractAxis *axis : chart->axes(Qt::Horizontal)) {
            if (auto *x = qobject_cast<QDateTimeAxis *>(axis))
                connect(x, &QDateTimeAxis::rangeChanged, this,
                        [this, chart] { onAxisRangeChanged(chart); });
        }
        for (const auto &[metric, series] : p.series) {
            QLineSeries *line = series;
            connect(line, &QLineSeries::hovered, this, [line](const QPointF &point, bool state) {
                if (!state) {
                    QToolTip::hideText();
                    return;
                }
                QToolTip::showText(QCursor::pos(),
                                   CounterCharts::tr("%1  %2: %3")
                                       .arg(QDateTime::fromMSecsSinceEpoch(qint64(point.x()))
                                                .toString(QStringLiteral("HH:mm:ss")),
                                            line->name())
                                       .arg(point.y(), 0, 'g', 4));
            });
        }
    }
    updateControls();
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

void CounterCharts::setWindowMs(qint64 ms)
{
    if (ms <= 0)
        return;
    if (!m_live)
        m_endMs = m_endMs - m_windowMs / 2 + ms / 2;  // keep the centre while paused
    m_windowMs = ms;
    const int index = m_window->findData(ms);
    if (index >= 0 && index != m_window->currentIndex()) {
        const QSignalBlocker block(m_window);
        m_window->setCurrentIndex(index);
    }
    refresh();
}

void CounterCharts::setLive(bool live)
{
    if (!live && m_live)
        m_endMs = m_clock();
    m_live = live;
    updateControls();
    refresh();
}

void CounterCharts::scrollBy(double fraction)
{
    const qint64 now = m_clock();
    const qint64 end = (m_live ? now : m_endMs) + qint64(fraction * double(m_windowMs));
    if (end >= now) {
        setLive(true);  // scrolled up to now: follow it again
        return;
    }
    m_live = false;
    m_endMs = end;
    updateControls();
    refresh();
}

void CounterCharts::zoomTo(qint64 fromMs, qint64 toMs)
{
    if (toMs <= fromMs)
        return;
    m_live = false;
    m_windowMs = toMs - fromMs;
    m_endMs = toMs;
    updateControls();
    refresh();
}

QPair<qint64, qint64> CounterCharts::visibleRange() const
{
    const qint64 end = m_live ? m_clock() : m_endMs;
    return {end - m_windowMs, end};
}

void CounterCharts::onAxisRangeChanged(QChart *chart)
{
    if (m_applying)
        return;
    // A rubber-band zoom (or the chart's own zoom): every chart shows the same span.
    for (QAbstractAxis *axis : chart->axes(Qt::Horizontal)) {
        if (auto *x = qobject_cast<QDateTimeAxis *>(axis)) {
            const qint64 from = x->min().toMSecsSinceEpoch();
            const qint64 to = x->max().toMSecsSinceEpoch();
            QMetaObject::invokeMethod(
                this, [this, from, to] { zoomTo(from, to); }, Qt::QueuedConnection);
        }
    }
}

void CounterCharts::updateControls()
{
    m_liveButton->setChecked(m_live);
    m_liveButton->setText(m_live ? tr("Live") : tr("Paused"));
    m_liveButton->setToolTip(m_live ? tr("Following now; click to pause")
                                    : tr("Paused; click to follow now again"));
    m_forward->setEnabled(!m_live);
}

QString CounterCharts::toCsv() const
{
    const auto [from, to] = visibleRange();
    QList<store::Metric> metrics;
    QMap<qint64, QHash<int, double>> rows;
    for (const Plot &p : m_plots) {
        for (const auto &[metric, series] : p.series) {
            metrics.append(metric);
            if (!m_store || m_port.isEmpty())
                continue;
            for (const QPointF &pt : pointsOf(metric, from, to)) {
                if (pt.x() <= double(to))
                    rows[qint64(pt.x())][int(metric)] = pt.y();
            }
        }
    }
    QStringList header {QStringLiteral("time_ms"), QStringLiteral("time")};
    for (store::Metric m : std::as_const(metrics))
        header.append(QLatin1String(model::metricInfo(m).key));
    QStringList lines {QStringLiteral("# port: ") + m_port};
    // The annotations of the window, so that the export says what was changed when.
    for (const recording::Annotation &a : m_annotations)
        if (a.appliesTo(m_port) && a.overlaps(from, to))
            lines.append(
                QStringLiteral("# annotation: %1 %2 %3")
                    .arg(QDateTime::fromMSecsSinceEpoch(a.fromMs).toString(Qt::ISODateWithMs),
                         a.isRange()
                             ? QDateTime::fromMSecsSinceEpoch(a.toMs).toString(Qt::ISODateWithMs)
                             : QStringLiteral("-"),
                         QString(a.text).replace(QLatin1Char('\n'), QLatin1Char(' '))));
    lines.append(header.join(QLatin1Char(',')));
    for (auto it = rows.cbegin(); it != rows.cend(); ++it) {
        QStringList cells {QString::number(it.key()),
                           QDateTime::fromMSecsSinceEpoch(it.key()).toString(Qt::ISODateWithMs)};
        for (store::Metric m : std::as_const(metrics)) {
            const auto v = it->constFind(int(m));
            cells.append(v == it->cend() ? QString() : QString::number(*v, 'g', 10));
        }
        lines.append(cells.join(QLatin1Char(',')));
    }
    return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

bool CounterCharts::exportCsv(const QString &path, QString *error) const
{
    return saveText(path, toCsv(), error);
}

bool CounterCharts::exportPng(const QString &path, QString *error)
{
    return saveWidgetPng(this, path, error);
}

void CounterCharts::setRangeHistory(store::RangeHistory *history)
{
    if (m_range)
        disconnect(m_range, nullptr, this, nullptr);
    m_range = history;
    if (m_range)
        connect(m_range, &store::RangeHistory::updated, this, [this](const QString &port) {
            if (port == m_port)
                refresh();
        });
    refresh();
}

QList<QPointF> CounterCharts::pointsOf(store::Metric metric, qint64 fromMs, qint64 toMs) const
{
    QList<QPointF> local = m_store->series(m_port, metric, fromMs);
    if (!m_range)
        return local;
    // The console's own points are the finer ones: the store's fill only what came before.
    const double firstLocal = local.isEmpty() ? double(toMs) + 1 : local.first().x();
    QList<QPointF> merged;
    for (const QPointF &p : m_range->series(m_port, metric, fromMs, toMs))
        if (p.x() < firstLocal)
            merged.append(p);
    merged.append(local);
    return merged;
}

void CounterCharts::refresh()
{
    if (!m_store || m_port.isEmpty())
        return;
    const qint64 now = m_live ? m_clock() : m_endMs;
    const qint64 from = now - m_windowMs;
    m_applying = true;
    // One query per series; the x range is known only once all of them are in.
    QList<QList<QPointF>> points;
    qint64 earliest = now - 60 * 1000;  // a short history fills the width, not the right edge
    for (const Plot &p : std::as_const(m_plots)) {
        for (const auto &[metric, series] : p.series) {
            QList<QPointF> pts = pointsOf(metric, from, now);
            while (!pts.isEmpty() && pts.last().x() > double(now))
                pts.removeLast();  // paused or scrolled back: nothing after the window
            points.append(pts);
            if (!points.last().isEmpty())
                earliest = std::min(earliest, qint64(points.last().first().x()));
        }
    }
    // Live, a short history fills the width; paused, the window is what the user chose.
    const qint64 left = m_live ? std::max(from, earliest) : from;
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
    m_applying = false;
    m_shownFrom = left;
    m_shownTo = now;
    drawAnnotations();
}

void CounterCharts::setClock(std::function<qint64()> clock)
{
    m_clock = std::move(clock);
    refresh();
}

void CounterCharts::setAnnotations(const QList<recording::Annotation> &annotations)
{
    m_annotations = annotations;
    drawAnnotations();
}

void CounterCharts::drawAnnotations()
{
    qDeleteAll(m_annotationItems);
    m_annotationItems.clear();
    m_visibleAnnotations.clear();
    if (m_port.isEmpty() || m_shownTo <= m_shownFrom)
        return;
    const QColor colour(0x1f, 0x5f, 0xbf);
    for (const recording::Annotation &a : std::as_const(m_annotations)) {
        if (!a.appliesTo(m_port) || !a.overlaps(m_shownFrom, m_shownTo))
            continue;
        m_visibleAnnotations.append(a.id);
        for (const Plot &p : std::as_const(m_plots)) {
            const QRectF area = p.chart->plotArea();
            if (area.width() <= 0)
                continue;
            auto xOf = [&](qint64 ms) {
                const double f = double(std::clamp(ms, m_shownFrom, m_shownTo) - m_shownFrom)
                    / double(m_shownTo - m_shownFrom);
                return area.left() + f * area.width();
            };
            const double x0 = xOf(a.fromMs), x1 = xOf(a.toMs);
            QGraphicsItem *mark;
            if (a.isRange()) {
                QColor fill = colour;
                fill.setAlpha(40);
                auto *band = new QGraphicsRectItem(
                    QRectF(x0, area.top(), std::max(1.0, x1 - x0), area.height()), p.chart);
                band->setBrush(fill);
                band->setPen(Qt::NoPen);
                mark = band;
            } else {
                auto *line
                    = new QGraphicsLineItem(QLineF(x0, area.top(), x0, area.bottom()), p.chart);
                line->setPen(QPen(colour, 1.5, Qt::DashLine));
                mark = line;
            }
            mark->setZValue(10);
            mark->setToolTip(a.text);
            m_annotationItems.append(mark);
            // Labels on rows of their own, inside the plot: several notes close together
            // stay readable and none runs into the legend.
            // Right of the mark, or left of it near the right edge.
            const int row = int(m_visibleAnnotations.size() - 1) % 3;
            const int wanted = std::min(200, fontMetrics().horizontalAdvance(a.text));
            const bool right
                = x0 + 6 + wanted <= area.right() || x0 - area.left() < area.right() - x0;
            const int room = int(right ? area.right() - x0 : x0 - area.left()) - 6;
            if (room < 24)
                continue;
            const QString shown
                = fontMetrics().elidedText(a.text, Qt::ElideRight, std::min(wanted, room));
            auto *text = new QGraphicsSimpleTextItem(shown, p.chart);
            text->setBrush(colour);
            const double width = fontMetrics().horizontalAdvance(shown);
            text->setPos(right ? x0 + 3 : x0 - 3 - width,
                         area.top() + 1 + row * (fontMetrics().height() + 1));
            text->setZValue(11);
            m_annotationItems.append(text);
        }
    }
}

qint64 CounterCharts::timeAtViewX(int chart, int x) const
{
    if (chart < 0 || chart >= m_views.size() || m_shownTo <= m_shownFrom)
        return m_clock();
    const QChart *c = m_plots.at(chart).chart;
    const QPointF inChart = c->mapFromScene(m_views.at(chart)->mapToScene(QPoint(x, 0)));
    const QRectF area = c->plotArea();
    const double f
        = std::clamp((inChart.x() - area.left()) / std::max(1.0, area.width()), 0.0, 1.0);
    return m_shownFrom + qint64(f * double(m_shownTo - m_shownFrom));
}

void CounterCharts::showContextMenu(int chart, const QPoint &pos)
{
    if (m_port.isEmpty())
        return;
    const qint64 at = timeAtViewX(chart, pos.x());
    QMenu menu(this);
    menu.addAction(
        tr("Annotate at %1...")
            .arg(QDateTime::fromMSecsSinceEpoch(at).toString(QStringLiteral("HH:mm:ss"))),
        this, [this, at] { emit annotateRequested(at, at, m_port); });
    if (!m_live) {
        const auto [from, to] = visibleRange();
        menu.addAction(tr("Annotate this span..."), this,
                       [this, from = from, to = to] { emit annotateRequested(from, to, m_port); });
    }
    menu.exec(m_views.at(chart)->mapToGlobal(pos));
}

}  // namespace roce::widgets
