#include "countercharts.h"

#include "exportfile.h"

#include <QCategoryAxis>
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
#include <QScrollArea>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace roce::widgets {

using store::Metric;

QString siLabel(double value)
{
    if (!std::isfinite(value))
        return QString::number(value);
    const double magnitude = std::abs(value);
    if (magnitude > 0 && magnitude < 0.05)
        return QString::number(value, 'g', 1);  // a trickle: one decimal would read "0"
    // The unit whose one-decimal rounding stays below 1000 (999,960 is "1 M", not "1000 k").
    int unit = 0;
    double scaled = magnitude;
    while (unit < 4 && std::round(scaled * 10) >= 10000) {
        scaled /= 1000;
        ++unit;
    }
    QString number = QString::number(std::round(scaled * 10) / 10, 'f', 1);
    if (number.endsWith(QLatin1String(".0")))
        number.chop(2);
    if (value < 0 && number != QLatin1String("0"))
        number.prepend(QLatin1Char('-'));
    switch (unit) {
    case 1:
        return CounterCharts::tr("%1 k", "thousand (SI suffix)").arg(number);
    case 2:
        return CounterCharts::tr("%1 M", "million (SI suffix)").arg(number);
    case 3:
        return CounterCharts::tr("%1 G", "billion (SI suffix)").arg(number);
    case 4:
        return CounterCharts::tr("%1 T", "trillion (SI suffix)").arg(number);
    default:
        return number;
    }
}

QList<double> niceTicks(double top, int maxIntervals)
{
    if (!std::isfinite(top) || top <= 0)
        top = 1;
    maxIntervals = std::max(1, maxIntervals);
    // The smallest step of 1, 2 or 5 times a power of ten that reaches top in maxIntervals.
    const double raw = top / maxIntervals;
    const double power = std::pow(10.0, std::floor(std::log10(raw)));
    double step = 10 * power;
    for (const double m : {1.0, 2.0, 5.0}) {
        if (m * power >= raw * (1 - 1e-9)) {
            step = m * power;
            break;
        }
    }
    const int intervals = std::max(1, int(std::ceil(top / step - 1e-9)));
    QList<double> ticks;
    for (int i = 0; i <= intervals; ++i)
        ticks.append(i * step);
    return ticks;
}

namespace {

/// A span for a note: "45 s", "10 min", "2.5 h", rounded to what a reader compares.
QString spanText(qint64 ms)
{
    const double s = double(ms) / 1000;
    if (s < 120)
        return CounterCharts::tr("%1 s").arg(std::max(1.0, std::round(s / 5) * 5));
    if (s < 120 * 60)
        return CounterCharts::tr("%1 min").arg(std::round(s / 60));
    QString hours = QString::number(std::round(s / 360) / 10, 'f', 1);
    if (hours.endsWith(QLatin1String(".0")))
        hours.chop(2);
    return CounterCharts::tr("%1 h").arg(hours);
}

}  // namespace

CounterCharts::CounterCharts(const store::CounterStore *store, QWidget *parent)
    : QWidget(parent),
      m_store(store),
      m_clock([] { return QDateTime::currentMSecsSinceEpoch(); }),
      m_title(new QLabel(this))
{
    setObjectName(QStringLiteral("counterCharts"));
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    buildNavigationBar(layout);
    QVBoxLayout *plotLayout = buildScrollArea(layout);
    buildPlots();
    for (const Plot &p : std::as_const(m_plots))
        addPlotView(p, plotLayout);
    updateControls();
    refresh();  // no port yet: the charts say so instead of showing empty axes
    auto *timer = new QTimer(this);
    connect(timer, &QTimer::timeout, this, &CounterCharts::refresh);
    timer->start(1000);
}

void CounterCharts::buildNavigationBar(QVBoxLayout *layout)
{
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
    connectExportButtons(png, csv);
}

void CounterCharts::connectExportButtons(QPushButton *png, QPushButton *csv)
{
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
}

QVBoxLayout *CounterCharts::buildScrollArea(QVBoxLayout *layout)
{
    // The plots scroll when the dock is shorter than they need (a 1400x900 screen, the
    // Diagnosis above them); each keeps the height its legend needs.
    auto *scroll = new QScrollArea(this);
    scroll->setObjectName(QStringLiteral("chartsScroll"));
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    auto *plots = new QWidget(scroll);
    m_plotsWidget = plots;
    auto *plotLayout = new QVBoxLayout(plots);
    plotLayout->setContentsMargins(0, 0, 0, 0);
    scroll->setWidget(plots);
    layout->addWidget(scroll, 1);
    return plotLayout;
}

void CounterCharts::buildPlots()
{
    // One plot per chart group of the metric table, its metrics as series, in table order.
    for (const model::ChartGroup group :
         {model::ChartGroup::Utilization, model::ChartGroup::LossAndPause,
          model::ChartGroup::Congestion, model::ChartGroup::HostBuffer}) {
        QList<QPair<Metric, QString>> series;
        for (const model::MetricInfo &m : model::metrics())
            if (m.chart == group)
                series.append({m.id, model::metricSeries(m.id)});
        if (series.isEmpty())
            continue;
        m_plots.append(makePlot(model::chartTitle(group), series));
        // Utilization is a share of the line rate (clamped to 100 by the rate code): a fixed
        // 0-100 axis compares ports and moments at a glance.
        if (group == model::ChartGroup::Utilization)
            m_plots.last().fixedTop = 100;
    }
}

void CounterCharts::addPlotView(const Plot &p, QVBoxLayout *plotLayout)
{
    auto *view = new QChartView(p.chart, m_plotsWidget);
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
    plotLayout->addWidget(view, 1);
    QChart *chart = p.chart;
    connect(chart, &QChart::plotAreaChanged, this, &CounterCharts::drawAnnotations);
    connect(chart, &QChart::plotAreaChanged, this, &CounterCharts::layoutNotes);
    // A taller or shorter plot reads more or fewer ticks; queued: not inside the chart's
    // own layout pass.
    connect(
        chart, &QChart::plotAreaChanged, this,
        [this, index] {
            if (index < m_plots.size())
                applyYAxis(m_plots[index]);
        },
        Qt::QueuedConnection);
    for (QAbstractAxis *axis : chart->axes(Qt::Horizontal)) {
        if (auto *x = qobject_cast<QDateTimeAxis *>(axis))
            connect(x, &QDateTimeAxis::rangeChanged, this,
                    [this, chart] { onAxisRangeChanged(chart); });
    }
    showValuesOnHover(p);
}

void CounterCharts::showValuesOnHover(const Plot &p)
{
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
                                        line->name(), siLabel(point.y())));
        });
    }
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
    // QValueAxis labels only printf formats ("4e+06"): a category axis whose boundaries are
    // the ticks, each labelled by siLabel() at its value, reads "4 M" (applyYAxis()).
    auto *y = new QCategoryAxis;
    y->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    y->setStartValue(0);
    // QtCharts elides a label that is taller than its share of the axis (the axis height over
    // the number of labels) to "...": applyYAxis() keeps them apart instead.
    y->setTruncateLabels(false);
    p.y = y;
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
    QColor grey = p.chart->palette().color(QPalette::Disabled, QPalette::WindowText);
    p.message = new QGraphicsSimpleTextItem(p.chart);
    p.message->setBrush(grey);
    p.message->setZValue(12);
    grey.setAlpha(28);
    p.unkeptBand = new QGraphicsRectItem(p.chart);
    p.unkeptBand->setBrush(grey);
    p.unkeptBand->setPen(Qt::NoPen);
    p.unkeptBand->setZValue(9);
    p.unkeptBand->hide();
    p.keptLabel = new QGraphicsSimpleTextItem(p.chart);
    p.keptLabel->setBrush(p.message->brush());
    p.keptLabel->setZValue(12);
    p.keptLabel->hide();
    return p;
}

void CounterCharts::applyYAxis(Plot &plot)
{
    // A label every two lines of text at most: a short plot gets 0, 50, 100 rather than
    // labels on top of each other (hidden by the chart) or elided to "...".
    const double height = plot.chart->plotArea().height();
    const int line = QFontMetrics(plot.y->labelsFont()).height();
    const int intervals = height > 0 ? std::clamp(int(height / (2 * line)), 2, 5) : 4;
    // A little room above the highest point, so that a flat line does not run along the top.
    const QList<double> ticks = plot.fixedTop > 0
        ? niceTicks(plot.fixedTop, intervals)
        : niceTicks(std::max(1.0, plot.dataTop * 1.05), intervals);
    if (ticks == plot.ticks)
        return;  // a refresh a second: the categories change only with the range
    plot.ticks = ticks;
    for (const QString &label : plot.y->categoriesLabels())
        plot.y->remove(label);
    for (const double t : ticks)
        plot.y->append(siLabel(t), t);
    plot.y->setRange(0, ticks.last());
}

QString CounterCharts::keptNote(int chart) const
{
    return m_plots.value(chart).keptNote;
}

void CounterCharts::layoutNotes()
{
    for (const Plot &p : std::as_const(m_plots)) {
        const QRectF area = p.chart->plotArea();
        if (!m_waitingText.isEmpty()) {
            p.message->setText(fontMetrics().elidedText(m_waitingText, Qt::ElideMiddle,
                                                        std::max(40, int(area.width()) - 8)));
            const QRectF text = p.message->boundingRect();
            p.message->setPos(area.center() - text.center());
        }
        p.message->setVisible(!m_waitingText.isEmpty());
        const bool kept = !p.keptNote.isEmpty() && m_shownTo > m_shownFrom && area.width() > 0;
        p.unkeptBand->setVisible(kept);
        p.keptLabel->setVisible(kept);
        if (!kept)
            continue;
        // The part of the window the console no longer has, shaded, the note in it (or at the
        // plot's bottom left when the band is too narrow for it).
        const double f = double(std::clamp(p.keptFromMs, m_shownFrom, m_shownTo) - m_shownFrom)
            / double(m_shownTo - m_shownFrom);
        const QRectF band(area.left(), area.top(), f * area.width(), area.height());
        p.unkeptBand->setRect(band);
        p.keptLabel->setText(p.keptNote);
        const QRectF text = p.keptLabel->boundingRect();
        if (text.width() + 8 <= band.width())
            p.keptLabel->setPos(band.center() - text.center());
        else
            p.keptLabel->setPos(area.left() + 4, area.bottom() - text.height() - 2);
    }
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
    // Every plot, also those scrolled out of view.
    return saveWidgetPng(m_plotsWidget ? m_plotsWidget : static_cast<QWidget *>(this), path, error);
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

QList<QPointF> CounterCharts::pointsOf(store::Metric metric, qint64 fromMs, qint64 toMs,
                                       bool *storeFull) const
{
    QList<QPointF> local = m_store->series(m_port, metric, fromMs);
    if (storeFull) {
        // Starting inside the window, the points are the whole series; as many as the store's
        // two tiers hold means it has dropped older ones (else it has not been running long).
        const store::CounterStore::Limits limits = m_store->limits();
        *storeFull = !local.isEmpty() && local.first().x() > double(fromMs)
            && local.size() >= qsizetype(limits.recentPoints) + limits.downsampledPoints;
    }
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

bool CounterCharts::storeHasPort() const
{
    // Asked only while the window holds nothing, so reading whole series costs little.
    for (const Plot &p : m_plots) {
        for (const auto &[metric, series] : p.series) {
            if (!m_store->series(m_port, metric).isEmpty())
                return true;
        }
    }
    return false;
}

void CounterCharts::refresh()
{
    if (!m_store)
        return;
    const qint64 now = m_live ? m_clock() : m_endMs;
    const qint64 from = now - m_windowMs;
    m_applying = true;
    // One query per series; the x range is known only once all of them are in.
    QList<QList<QPointF>> points;
    QList<bool> full;
    bool any = false;
    for (const Plot &p : std::as_const(m_plots)) {
        for (const auto &[metric, series] : p.series) {
            bool storeFull = false;
            QList<QPointF> pts;
            if (!m_port.isEmpty())
                pts = pointsOf(metric, from, now, &storeFull);
            while (!pts.isEmpty() && pts.last().x() > double(now))
                pts.removeLast();  // paused or scrolled back: nothing after the window
            any = any || !pts.isEmpty();
            points.append(pts);
            full.append(storeFull);
        }
    }
    // Before the port's first point there is no time to show: no axes (an empty time axis
    // reads 00:00:00), a word instead. A window scrolled back before the history is different:
    // its axes say where it is.
    if (m_port.isEmpty())
        m_waitingText = tr("Select a port in the port table.");
    else if (!any && !storeHasPort())
        m_waitingText = tr("Waiting for data for %1").arg(m_port);
    else
        m_waitingText.clear();
    const bool waiting = !m_waitingText.isEmpty();
    // The window is what the user chose, live or paused: a short history starts inside it
    // rather than being stretched over it.
    qsizetype next = 0;
    for (Plot &p : m_plots) {
        double top = 0;
        qint64 keptFrom = 0;
        for (const auto &[metric, series] : p.series) {
            const QList<QPointF> &pts = points[next];
            const bool storeFull = full[next++];
            for (const QPointF &pt : pts)
                top = std::max(top, pt.y());
            // The store dropped what came before its oldest point: the window starts unkept.
            if (storeFull && !pts.isEmpty())
                keptFrom = std::max(keptFrom, qint64(pts.first().x()));
            series->replace(pts);  // one update per series, not one per point
            // A line needs two points: the first one alone shows as a dot.
            if (series->pointsVisible() != (pts.size() == 1))
                series->setPointsVisible(pts.size() == 1);
        }
        // A point every poll: no gap short of two seconds (or 1 % of the window) is "unkept".
        const qint64 slack = std::max<qint64>(2000, m_windowMs / 100);
        p.keptFromMs = !waiting && keptFrom > from + slack ? keptFrom : 0;
        p.keptNote = p.keptFromMs > 0 ? tr("kept: last %1").arg(spanText(m_clock() - p.keptFromMs))
                                      : QString();
        const auto axes = p.chart->axes();
        for (QAbstractAxis *axis : axes)
            axis->setVisible(!waiting);
        for (QAbstractAxis *axis : axes) {
            if (auto *x = qobject_cast<QDateTimeAxis *>(axis))
                x->setRange(QDateTime::fromMSecsSinceEpoch(from),
                            QDateTime::fromMSecsSinceEpoch(now));
        }
        p.dataTop = top;
        applyYAxis(p);
    }
    m_applying = false;
    m_shownFrom = waiting ? 0 : from;
    m_shownTo = waiting ? 0 : now;
    layoutNotes();
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
