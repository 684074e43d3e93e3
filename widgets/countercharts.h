#pragma once

#include "collect/history/counterstore.h"
#include "collect/history/rangehistory.h"
#include "live/recording/annotation.h"

#include <QPointer>
#include <QWidget>

#include <functional>

class QCategoryAxis;
class QChart;
class QChartView;
class QGraphicsItem;
class QGraphicsRectItem;
class QGraphicsSimpleTextItem;
class QComboBox;
class QLabel;
class QLineSeries;
class QPushButton;
class QTimer;
class QVBoxLayout;

namespace roce::widgets {

/// @p value as a value axis or a readout shows it: an SI suffix from a thousand on ("2 k",
/// "4 M", "1.5 G"), a plain number below ("950", "0.5"); one decimal at most, none when it
/// is 0. A rate of 4e+06 drops a second reads as 4 M.
QString siLabel(double value);
/// Tick values for a value axis from 0 up to @p top: 0, s, 2s, ... up to the first at or
/// above @p top, at most @p maxIntervals intervals, s 1, 2 or 5 times a power of ten (values
/// siLabel() writes without rounding). A @p top of 0 or less counts as 1.
QList<double> niceTicks(double top, int maxIntervals = 4);

/// Rate history of the selected port on one time axis: utilization, drops and PFC pauses,
/// ECN and CNPs, each chart over the same window (default the last 5 minutes), refreshed
/// every second from the CounterStore while live. Pause freezes the window; the arrows
/// scroll back through history by half a window; dragging across a chart zooms every chart
/// to that span (and pauses); Live returns to now. Hovering a line shows its value; the
/// visible window exports as PNG or CSV.
class CounterCharts : public QWidget
{
    Q_OBJECT

public:
    explicit CounterCharts(const store::CounterStore *store, QWidget *parent = nullptr);

    void setPort(const QString &port);
    /// History beyond the console's memory (a metrics store): windows that reach back before
    /// the store's own points are filled from @p history, and redrawn when its answer arrives.
    /// nullptr: the CounterStore alone.
    void setRangeHistory(store::RangeHistory *history);
    QString port() const { return m_port; }
    /// Redraws from the store (the timer calls it every second).
    void refresh();
    /// The series of chart @p chart (0 utilization, 1 drops/pauses, 2 ECN/CNP).
    QList<QLineSeries *> seriesOf(int chart) const;
    /// What every chart shows instead of axes while there is nothing to plot (no port, or no
    /// point of the port yet); empty once the port has data.
    QString waitingText() const { return m_waitingText; }
    /// The note on chart @p chart when the console no longer keeps the start of the window
    /// ("kept: last 60 s"); empty when it has the whole window (or has not been running as
    /// long: the points then simply start later).
    QString keptNote(int chart) const;

    void setWindowMs(qint64 ms);
    qint64 windowMs() const { return m_windowMs; }
    /// Live: the window ends now and follows the clock. Paused: it stays where it is.
    void setLive(bool live);
    bool isLive() const { return m_live; }
    /// Moves the window by @p fraction of its width (negative: back in time); pauses.
    void scrollBy(double fraction);
    /// Shows [fromMs, toMs] on every chart; pauses.
    void zoomTo(qint64 fromMs, qint64 toMs);
    /// The visible span, console clock (ms since the epoch).
    QPair<qint64, qint64> visibleRange() const;

    /// Annotations drawn on every chart: those of the shown port and the fabric-wide ones,
    /// within the window (a moment as a dashed line, a range as a band, with the text).
    void setAnnotations(const QList<recording::Annotation> &annotations);
    /// The ids of the annotations drawn now (on each chart alike).
    QList<qint64> visibleAnnotationIds() const { return m_visibleAnnotations; }
    /// "Now" for the live window: the wall clock, or a replay's clock.
    void setClock(std::function<qint64()> clock);
    /// The time under x of chart @p chart's view (for the context menu and tests).
    qint64 timeAtViewX(int chart, int x) const;

    /// Every point of the visible window: one row per time, one column per series
    /// ("time_ms,time,in_util_percent,...").
    QString toCsv() const;
    bool exportCsv(const QString &path, QString *error = nullptr) const;
    bool exportPng(const QString &path, QString *error = nullptr);

signals:
    /// The user asked to annotate @p fromMs..@p toMs (equal: a moment) on @p port.
    void annotateRequested(qint64 fromMs, qint64 toMs, const QString &port);

private:
    struct Plot {
        QChart *chart = nullptr;
        QList<QPair<store::Metric, QLineSeries *>> series;
        QCategoryAxis *y = nullptr;
        double fixedTop = 0;    ///< the y axis' fixed top (utilization: 100 %); 0: follows the data
        double dataTop = 1;     ///< the highest value in the window
        QList<double> ticks;    ///< the y axis' ticks now (rebuilt only when they change)
        qint64 keptFromMs = 0;  ///< where the kept part of the window starts; 0: all of it
        QString keptNote;       ///< "kept: last ..." or empty
        QGraphicsSimpleTextItem *message = nullptr;  ///< the waiting text, centred
        QGraphicsRectItem *unkeptBand = nullptr;     ///< the part of the window not kept
        QGraphicsSimpleTextItem *keptLabel = nullptr;
    };
    /// The constructor's parts, top to bottom: the bar of title, window and buttons; the scroll
    /// area of the plots (returns the plots' layout); a plot per chart group; a view per plot.
    void buildNavigationBar(QVBoxLayout *layout);
    void connectExportButtons(QPushButton *png, QPushButton *csv);
    QVBoxLayout *buildScrollArea(QVBoxLayout *layout);
    void buildPlots();
    void addPlotView(const Plot &p, QVBoxLayout *plotLayout);
    /// Hovering a line of @p p shows the time and value under the cursor.
    void showValuesOnHover(const Plot &p);
    Plot makePlot(const QString &title, const QList<QPair<store::Metric, QString>> &metrics);
    /// Sets the y axis of @p plot to ticks up to its data's top, as many as its height reads.
    void applyYAxis(Plot &plot);
    /// Places the waiting text and the kept note of every chart in its plot area.
    void layoutNotes();
    void onAxisRangeChanged(QChart *chart);
    void updateControls();
    void drawAnnotations();
    /// The points of @p metric in [fromMs, toMs]: the range history's before the console's
    /// own oldest point, the console's from there on. @p storeFull (if given): whether the
    /// store has let go of points of this series that were older than its oldest one.
    QList<QPointF> pointsOf(store::Metric metric, qint64 fromMs, qint64 toMs,
                            bool *storeFull = nullptr) const;
    /// Whether the store holds any point of the shown port.
    bool storeHasPort() const;
    void showContextMenu(int chart, const QPoint &pos);

    const store::CounterStore *m_store;
    QPointer<store::RangeHistory> m_range;
    QString m_port;
    QWidget *m_plotsWidget = nullptr;  ///< the plots, inside their scroll area
    qint64 m_windowMs = 5 * 60 * 1000;
    bool m_live = true;
    qint64 m_endMs = 0;       ///< the window's right edge while paused
    bool m_applying = false;  ///< refresh() is setting the axes: not a user zoom
    QList<Plot> m_plots;
    QList<QChartView *> m_views;
    std::function<qint64()> m_clock;
    QList<recording::Annotation> m_annotations;
    QList<qint64> m_visibleAnnotations;
    QList<QGraphicsItem *> m_annotationItems;
    qint64 m_shownFrom = 0, m_shownTo = 0;  ///< the x range of the last refresh
    QString m_waitingText;                  ///< shown instead of the axes; empty: plotting
    QLabel *m_title;
    QComboBox *m_window;
    QPushButton *m_liveButton, *m_back, *m_forward;
};

}  // namespace roce::widgets
