#pragma once

#include "collect/results/resultstore.h"

#include <QFileSystemWatcher>
#include <QObject>
#include <QThread>
#include <QTimer>

namespace roce::results {

/// Follows the results store at a path whoever writes it (this program, or `rocectl run`
/// beside it) and reads its newest runs again when it changed, on a thread of its own so that
/// a busy database never stalls the GUI. It notices a change from the file system (the
/// database and its write-ahead log) and, as a fallback where those events do not come (a
/// network file system, a WAL write that touches no watched file), from the files' sizes and
/// times checked every second: a run another program records shows within about a second.
class ResultsWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr int kPollMs = 1000;
    /// A commit is several writes: they are read as one this long after the first.
    static constexpr int kSettleMs = 100;

    /// Watches @p path; each reading holds the newest @p limit runs (ResultStore::runs()).
    explicit ResultsWatcher(const QString &path, int limit, QObject *parent = nullptr);
    ~ResultsWatcher() override;

    QString path() const { return m_path; }
    /// Off: the periodic check alone notices changes, as on a file system that reports none
    /// (NFS and other network file systems).
    void setWatchFileSystem(bool on);
    /// Reads the runs again now (in the background), changed or not.
    void reload();
    /// The caller has just read the runs itself: a reading already under way is older than
    /// that and is dropped rather than delivered after it.
    void noteReadElsewhere();

signals:
    /// The newest runs, after a change (never while an older reading would overtake them).
    void runsLoaded(const QList<roce::results::RunRecord> &runs);

private:
    /// What the files look like: a change to the store changes one of these.
    struct Stamp {
        qint64 dbSize = -1, dbModifiedMs = -1, walSize = -1, walModifiedMs = -1;
        bool operator==(const Stamp &) const = default;
    };
    Stamp stamp() const;
    void watchFiles();
    void check();
    void delivered(const QList<RunRecord> &runs, bool ok, quint64 generation);

    QString m_path;
    int m_limit;
    QFileSystemWatcher m_files;
    QTimer m_poll, m_settle;
    QThread m_thread;
    QObject *m_reader;  ///< lives on m_thread and holds its own connection
    Stamp m_seen;
    quint64 m_generation = 0;
    bool m_watchFileSystem = true;
    bool m_written = false;  ///< the file system said a file of the store was written
    bool m_reading = false, m_readAgain = false;
};

}  // namespace roce::results
