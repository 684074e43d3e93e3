#pragma once

#include <QList>
#include <QWidget>

#include <optional>

class QComboBox;
class QLabel;
class QToolButton;

namespace roce::widgets {

/// Something on a recording's time axis the timeline marks: an alert (red, from raised to
/// cleared), an annotation (blue), a scenario change (green), or a part that could not be
/// read (grey).
struct TimelineMark {
    enum class Kind { Alert, Annotation, Scenario, Gap };
    qint64 fromMs = 0, toMs = 0;
    Kind kind = Kind::Alert;
    QString label;
};

class TimelineTrack;

/// The replay's transport: play/pause, step one tick, the speed (1x to 60x), where the replay
/// is, and a track of the whole recording with its marks. Click or drag on the track to seek;
/// shift-drag to select a range (then its context menu saves it as a clip, annotates it, or
/// marks it as the before or after of a comparison). Keys: Space plays or pauses, Right
/// steps, Left goes back a second, Home and End go to the ends. It only asks (signals); the
/// replay driver does the work and reports back with setPosition() and setPlaying().
class ReplayTimeline : public QWidget
{
    Q_OBJECT

public:
    explicit ReplayTimeline(QWidget *parent = nullptr);

    void setRange(qint64 startMs, qint64 endMs);
    void setMarks(const QList<TimelineMark> &marks);
    qint64 startMs() const { return m_startMs; }
    qint64 endMs() const { return m_endMs; }
    qint64 position() const { return m_positionMs; }
    bool isPlaying() const { return m_playing; }
    double speed() const;
    std::optional<std::pair<qint64, qint64>> selection() const { return m_selection; }
    void setSelection(std::optional<std::pair<qint64, qint64>> selection);
    QList<TimelineMark> marks() const { return m_marks; }
    /// The marks as drawn: those closer than a pixel merged (for tests and tool tips).
    int drawnMarkCount() const;
    /// The track (for tests: its geometry maps time to x).
    QWidget *track() const;
    /// The time at x of the track, and back.
    qint64 timeAt(int x) const;
    int xOf(qint64 ms) const;

public slots:
    void setPosition(qint64 ms);
    void setPlaying(bool playing);
    void setSpeed(double speed);

signals:
    void seekRequested(qint64 ms);
    void playRequested(bool play);
    void stepRequested();
    void speedRequested(double speed);
    void annotateRequested(qint64 fromMs, qint64 toMs);
    void clipRequested(qint64 fromMs, qint64 toMs);
    /// @p after: the range after the change; else the one before.
    void compareRangeMarked(bool after, qint64 fromMs, qint64 toMs);

protected:
    void keyPressEvent(QKeyEvent *event) override;

private:
    friend class TimelineTrack;
    void updateLabel();
    void showMenu(const QPoint &globalPos, qint64 atMs);

    qint64 m_startMs = 0, m_endMs = 0, m_positionMs = 0;
    bool m_playing = false;
    QList<TimelineMark> m_marks;
    std::optional<std::pair<qint64, qint64>> m_selection;
    QToolButton *m_play, *m_step;
    QComboBox *m_speed;
    QLabel *m_time;
    TimelineTrack *m_track;
};

}  // namespace roce::widgets
