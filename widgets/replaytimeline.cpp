#include "replaytimeline.h"

#include "palette.h"

#include <QComboBox>
#include <QDateTime>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QMouseEvent>
#include <QPainter>
#include <QToolButton>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace roce::widgets {

namespace {

constexpr double kSpeeds[] = {1, 2, 5, 10, 30, 60};

QColor markColor(TimelineMark::Kind kind)
{
    switch (kind) {
    case TimelineMark::Kind::Alert:
        return palette::drop();
    case TimelineMark::Kind::Annotation:
        return QColor(0x1f, 0x5f, 0xbf);
    case TimelineMark::Kind::Scenario:
        return palette::good();
    case TimelineMark::Kind::Gap:
        return palette::noData();
    }
    return palette::noData();
}

/// Marks that fall on the same pixels become one, so that a day of alerts draws in a few
/// hundred rectangles at most; their labels are kept for the tool tip.
struct DrawnMark {
    int x0 = 0, x1 = 0;
    TimelineMark::Kind kind = TimelineMark::Kind::Alert;
    QStringList labels;
};

}  // namespace

/// The track: the recording's span, the marks, the selection and the position cursor.
class TimelineTrack : public QWidget
{
public:
    explicit TimelineTrack(ReplayTimeline *owner) : QWidget(owner), m_owner(owner)
    {
        setMinimumHeight(34);
        setMouseTracking(true);
        setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
        setObjectName(QStringLiteral("replayTrack"));
        setContextMenuPolicy(Qt::DefaultContextMenu);
    }

    QList<DrawnMark> drawn() const
    {
        QList<DrawnMark> out;
        for (int k = 0; k < 4; ++k) {
            const auto kind = TimelineMark::Kind(k);
            QList<DrawnMark> row;
            for (const TimelineMark &m : m_owner->m_marks) {
                if (m.kind != kind)
                    continue;
                const int x0 = m_owner->xOf(m.fromMs);
                const int x1 = std::max(x0 + 1, m_owner->xOf(m.toMs));
                if (!row.isEmpty() && x0 <= row.last().x1) {
                    row.last().x1 = std::max(row.last().x1, x1);
                    if (row.last().labels.size() < 8)
                        row.last().labels.append(m.label);
                    continue;
                }
                row.append({x0, x1, kind, {m.label}});
            }
            out.append(row);
        }
        return out;
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter p(this);
        const QRect r = rect().adjusted(0, 2, -1, -2);
        p.fillRect(r, palette::containerFill());
        p.setPen(palette::containerBorder());
        p.drawRect(r);
        // Marks in four lanes: gaps across the whole height, the rest in bands.
        const int lane = std::max(3, (r.height() - 8) / 3);
        for (const DrawnMark &m : drawn()) {
            QColor c = markColor(m.kind);
            QRect band;
            switch (m.kind) {
            case TimelineMark::Kind::Gap:
                band = QRect(m.x0, r.top(), m.x1 - m.x0, r.height());
                p.fillRect(band, QBrush(c, Qt::BDiagPattern));
                continue;
            case TimelineMark::Kind::Alert:
                band = QRect(m.x0, r.top() + 2, m.x1 - m.x0, lane);
                break;
            case TimelineMark::Kind::Annotation:
                band = QRect(m.x0, r.top() + 3 + lane, m.x1 - m.x0, lane);
                break;
            case TimelineMark::Kind::Scenario:
                band = QRect(m.x0, r.top() + 4 + 2 * lane, std::max(2, m.x1 - m.x0), lane);
                break;
            }
            c.setAlpha(200);
            p.fillRect(band, c);
        }
        if (const auto sel = m_owner->m_selection) {
            const int x0 = m_owner->xOf(sel->first), x1 = m_owner->xOf(sel->second);
            QColor c = palette::highlight();
            c.setAlpha(70);
            p.fillRect(QRect(x0, r.top(), std::max(1, x1 - x0), r.height()), c);
            p.setPen(palette::highlight());
            p.drawLine(x0, r.top(), x0, r.bottom());
            p.drawLine(x1, r.top(), x1, r.bottom());
        }
        const int x = m_owner->xOf(m_owner->m_positionMs);
        p.setPen(QPen(palette::titleText(), 2));
        p.drawLine(x, 0, x, height());
        p.setBrush(palette::titleText());
        p.drawPolygon(QPolygon({QPoint(x - 5, 0), QPoint(x + 5, 0), QPoint(x, 6)}));
    }

    void mousePressEvent(QMouseEvent *e) override
    {
        if (e->button() != Qt::LeftButton)
            return;
        const qint64 t = m_owner->timeAt(int(e->position().x()));
        if (e->modifiers() & Qt::ShiftModifier) {
            m_selecting = true;
            m_anchorMs = t;
            m_owner->setSelection(std::make_pair(t, t));
            return;
        }
        m_owner->setSelection(std::nullopt);
        m_dragging = true;
        emit m_owner->seekRequested(t);
    }
    void mouseMoveEvent(QMouseEvent *e) override
    {
        const qint64 t = m_owner->timeAt(int(e->position().x()));
        if (m_selecting)
            m_owner->setSelection(std::make_pair(std::min(m_anchorMs, t), std::max(m_anchorMs, t)));
        else if (m_dragging)
            emit m_owner->seekRequested(t);
    }
    void mouseReleaseEvent(QMouseEvent *) override
    {
        if (m_selecting && m_owner->m_selection
            && m_owner->m_selection->first == m_owner->m_selection->second)
            m_owner->setSelection(std::nullopt);  // a shift-click is not a range
        m_selecting = m_dragging = false;
    }
    void contextMenuEvent(QContextMenuEvent *e) override
    {
        m_owner->showMenu(e->globalPos(), m_owner->timeAt(e->pos().x()));
    }
    bool event(QEvent *e) override
    {
        if (e->type() == QEvent::ToolTip) {
            const int x = static_cast<QHelpEvent *>(e)->pos().x();
            QStringList lines;
            lines.append(QDateTime::fromMSecsSinceEpoch(m_owner->timeAt(x))
                             .toString(QStringLiteral("yyyy-MM-dd HH:mm:ss")));
            for (const DrawnMark &m : drawn())
                if (x >= m.x0 - 2 && x <= m.x1 + 2)
                    lines.append(m.labels);
            QToolTip::showText(static_cast<QHelpEvent *>(e)->globalPos(),
                               lines.join(QLatin1Char('\n')), this);
            return true;
        }
        return QWidget::event(e);
    }

private:
    ReplayTimeline *m_owner;
    bool m_dragging = false, m_selecting = false;
    qint64 m_anchorMs = 0;
};

ReplayTimeline::ReplayTimeline(QWidget *parent)
    : QWidget(parent),
      m_play(new QToolButton(this)),
      m_step(new QToolButton(this)),
      m_speed(new QComboBox(this)),
      m_time(new QLabel(this)),
      m_track(new TimelineTrack(this))
{
    setObjectName(QStringLiteral("replayTimeline"));
    setFocusPolicy(Qt::StrongFocus);
    m_play->setObjectName(QStringLiteral("replayPlay"));
    m_play->setToolTip(tr("Play or pause (Space)"));
    m_step->setObjectName(QStringLiteral("replayStep"));
    m_step->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_step->setToolTip(tr("Step one tick (Right)"));
    m_speed->setObjectName(QStringLiteral("replaySpeed"));
    m_speed->setToolTip(tr("Replay speed"));
    for (double s : kSpeeds)
        m_speed->addItem(tr("%1x").arg(s), s);
    m_time->setObjectName(QStringLiteral("replayTime"));
    m_time->setMinimumWidth(
        fontMetrics().horizontalAdvance(QStringLiteral("0000-00-00 00:00:00 / 00:00:00")));
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(6, 2, 6, 2);
    layout->addWidget(m_play);
    layout->addWidget(m_step);
    layout->addWidget(m_speed);
    layout->addWidget(m_track, 1);
    layout->addWidget(m_time);
    connect(m_play, &QToolButton::clicked, this, [this] { emit playRequested(!m_playing); });
    connect(m_step, &QToolButton::clicked, this, &ReplayTimeline::stepRequested);
    connect(m_speed, &QComboBox::activated, this,
            [this](int i) { emit speedRequested(m_speed->itemData(i).toDouble()); });
    setPlaying(false);
    updateLabel();
}

QWidget *ReplayTimeline::track() const
{
    return m_track;
}

void ReplayTimeline::setRange(qint64 startMs, qint64 endMs)
{
    m_startMs = startMs;
    m_endMs = std::max(startMs, endMs);
    m_positionMs = std::clamp(m_positionMs, m_startMs, m_endMs);
    updateLabel();
    m_track->update();
}

void ReplayTimeline::setMarks(const QList<TimelineMark> &marks)
{
    m_marks = marks;
    std::sort(m_marks.begin(), m_marks.end(),
              [](const TimelineMark &a, const TimelineMark &b) { return a.fromMs < b.fromMs; });
    m_track->update();
}

int ReplayTimeline::drawnMarkCount() const
{
    return int(m_track->drawn().size());
}

qint64 ReplayTimeline::timeAt(int x) const
{
    const int w = std::max(1, m_track->width() - 1);
    const double f = std::clamp(double(x) / w, 0.0, 1.0);
    return m_startMs + std::llround(f * double(m_endMs - m_startMs));
}

int ReplayTimeline::xOf(qint64 ms) const
{
    const qint64 span = std::max<qint64>(1, m_endMs - m_startMs);
    const int w = std::max(1, m_track->width() - 1);
    return int(
        std::lround(double(std::clamp(ms, m_startMs, m_endMs) - m_startMs) / double(span) * w));
}

void ReplayTimeline::setPosition(qint64 ms)
{
    m_positionMs = std::clamp(ms, m_startMs, m_endMs);
    updateLabel();
    m_track->update();
}

void ReplayTimeline::setPlaying(bool playing)
{
    m_playing = playing;
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setText(playing ? tr("Pause") : tr("Play"));
}

double ReplayTimeline::speed() const
{
    return m_speed->currentData().toDouble();
}

void ReplayTimeline::setSpeed(double speed)
{
    int best = 0;
    for (int i = 0; i < m_speed->count(); ++i)
        if (std::abs(m_speed->itemData(i).toDouble() - speed)
            < std::abs(m_speed->itemData(best).toDouble() - speed))
            best = i;
    m_speed->setCurrentIndex(best);
}

void ReplayTimeline::setSelection(std::optional<std::pair<qint64, qint64>> selection)
{
    m_selection = selection;
    m_track->update();
}

void ReplayTimeline::updateLabel()
{
    const QDateTime at = QDateTime::fromMSecsSinceEpoch(m_positionMs);
    const qint64 total = (m_endMs - m_startMs) / 1000;
    const QString span = QStringLiteral("%1:%2:%3")
                             .arg(total / 3600, 2, 10, QLatin1Char('0'))
                             .arg(total / 60 % 60, 2, 10, QLatin1Char('0'))
                             .arg(total % 60, 2, 10, QLatin1Char('0'));
    // The date only when the recording spans days.
    const bool days = QDateTime::fromMSecsSinceEpoch(m_startMs).date()
        != QDateTime::fromMSecsSinceEpoch(m_endMs).date();
    m_time->setText(tr("%1 / %2").arg(
        at.toString(days ? QStringLiteral("yyyy-MM-dd HH:mm:ss") : QStringLiteral("HH:mm:ss")),
        span));
}

void ReplayTimeline::showMenu(const QPoint &globalPos, qint64 atMs)
{
    QMenu menu(this);
    menu.addAction(tr("Annotate here..."), this,
                   [this, atMs] { emit annotateRequested(atMs, atMs); });
    if (m_selection) {
        // Copies, not structured bindings: lambdas capture those only from C++20 compilers
        // that implement P1091 (clang 16), and the static analysis runs clang 14.
        const qint64 from = m_selection->first, to = m_selection->second;
        menu.addAction(tr("Annotate selection..."), this,
                       [this, from, to] { emit annotateRequested(from, to); });
        menu.addAction(tr("Save selection as clip..."), this,
                       [this, from, to] { emit clipRequested(from, to); });
        menu.addSeparator();
        menu.addAction(tr("Compare: mark selection as before"), this,
                       [this, from, to] { emit compareRangeMarked(false, from, to); });
        menu.addAction(tr("Compare: mark selection as after"), this,
                       [this, from, to] { emit compareRangeMarked(true, from, to); });
    }
    menu.exec(globalPos);
}

void ReplayTimeline::keyPressEvent(QKeyEvent *event)
{
    switch (event->key()) {
    case Qt::Key_Space:
        emit playRequested(!m_playing);
        break;
    case Qt::Key_Right:
        emit stepRequested();
        break;
    case Qt::Key_Left:
        emit seekRequested(std::max(m_startMs, m_positionMs - 1000));
        break;
    case Qt::Key_Home:
        emit seekRequested(m_startMs);
        break;
    case Qt::Key_End:
        emit seekRequested(m_endMs);
        break;
    case Qt::Key_Escape:
        setSelection(std::nullopt);
        break;
    default:
        QWidget::keyPressEvent(event);
    }
}

}  // namespace roce::widgets
