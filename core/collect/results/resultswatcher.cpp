#include "collect/results/resultswatcher.h"

#include <QDateTime>
#include <QFileInfo>

namespace roce::results {

namespace {

/// Reads the store on the watcher's thread, through a connection of that thread's own (Qt
/// SQL connections belong to the thread that opened them). The connection stays open: closing
/// the last one of a WAL database checkpoints it, a write of its own.
class RunReader : public QObject
{
public:
    Result<QList<RunRecord>> read(const QString &path, int limit)
    {
        if (!m_store) {
            auto opened = ResultStore::openForReading(path);
            if (!opened)
                return opened.error();
            m_store = std::move(opened).value();
        }
        auto runs = m_store->runs(limit);
        if (!runs)
            m_store.reset();  // a new connection next time (the file was replaced?)
        return runs;
    }

private:
    std::unique_ptr<ResultStore> m_store;
};

QString walPath(const QString &path)
{
    return path + QStringLiteral("-wal");
}

}  // namespace

ResultsWatcher::ResultsWatcher(const QString &path, int limit, QObject *parent)
    : QObject(parent), m_path(path), m_limit(limit), m_reader(new RunReader)
{
    m_reader->moveToThread(&m_thread);
    // The reader (and its connection) ends on its own thread, as that thread finishes.
    connect(&m_thread, &QThread::finished, m_reader, &QObject::deleteLater);
    m_thread.setObjectName(QStringLiteral("results watcher"));
    m_thread.start(QThread::LowPriority);
    m_seen = stamp();
    watchFiles();
    m_settle.setSingleShot(true);
    m_settle.setInterval(kSettleMs);
    auto settle = [this] {
        m_written = true;
        if (!m_settle.isActive())  // not restarted: a stream of writes must not delay it
            m_settle.start();
    };
    connect(&m_files, &QFileSystemWatcher::fileChanged, this, settle);
    connect(&m_files, &QFileSystemWatcher::directoryChanged, this, [this] {
        if (!m_settle.isActive())
            m_settle.start();
    });
    connect(&m_settle, &QTimer::timeout, this, &ResultsWatcher::check);
    m_poll.setInterval(kPollMs);
    connect(&m_poll, &QTimer::timeout, this, &ResultsWatcher::check);
    m_poll.start();
}

ResultsWatcher::~ResultsWatcher()
{
    m_thread.quit();
    m_thread.wait();
}

ResultsWatcher::Stamp ResultsWatcher::stamp() const
{
    Stamp s;
    const QFileInfo db(m_path), wal(walPath(m_path));
    if (db.exists()) {
        s.dbSize = db.size();
        s.dbModifiedMs = db.lastModified().toMSecsSinceEpoch();
    }
    if (wal.exists()) {
        s.walSize = wal.size();
        s.walModifiedMs = wal.lastModified().toMSecsSinceEpoch();
    }
    return s;
}

void ResultsWatcher::watchFiles()
{
    if (!m_watchFileSystem)
        return;
    // The log comes and goes with the connections, and the database may not exist yet: each
    // is watched once it is there (a removed file drops out of the watcher by itself).
    const QStringList watched = m_files.files() + m_files.directories();
    for (const QString &p : {m_path, walPath(m_path), QFileInfo(m_path).absolutePath()}) {
        if (!watched.contains(p) && QFileInfo::exists(p))
            m_files.addPath(p);
    }
}

void ResultsWatcher::setWatchFileSystem(bool on)
{
    m_watchFileSystem = on;
    if (!on) {
        const QStringList watched = m_files.files() + m_files.directories();
        if (!watched.isEmpty())
            m_files.removePaths(watched);
    }
    watchFiles();
}

void ResultsWatcher::check()
{
    watchFiles();
    const Stamp now = stamp();
    // A write the file system reported counts even when size and time look the same (a log
    // rewritten from its start within the same millisecond).
    if (now == m_seen && !m_written)
        return;
    m_seen = now;
    m_written = false;
    reload();
}

void ResultsWatcher::reload()
{
    if (m_reading) {
        m_readAgain = true;  // once this reading is back: it may predate the change
        return;
    }
    m_reading = true;
    auto *reader = static_cast<RunReader *>(m_reader);
    QMetaObject::invokeMethod(
        m_reader,
        [this, reader, path = m_path, limit = m_limit, generation = m_generation] {
            const auto runs = reader->read(path, limit);
            const QList<RunRecord> list = runs ? *runs : QList<RunRecord> {};
            QMetaObject::invokeMethod(
                this,
                [this, list, ok = bool(runs), generation] { delivered(list, ok, generation); },
                Qt::QueuedConnection);
        },
        Qt::QueuedConnection);
}

void ResultsWatcher::noteReadElsewhere()
{
    ++m_generation;
}

void ResultsWatcher::delivered(const QList<RunRecord> &runs, bool ok, quint64 generation)
{
    m_reading = false;
    if (!ok)
        m_seen = {};  // unreadable just now (locked, being created): tried again next second
    else if (generation == m_generation)
        emit runsLoaded(runs);
    if (m_readAgain) {
        m_readAgain = false;
        reload();
    }
}

}  // namespace roce::results
