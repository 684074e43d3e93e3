#include "collect/results/resultstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QUuid>
#include <QVariant>

namespace roce::results {

namespace {

class ResultStoreText
{
    Q_DECLARE_TR_FUNCTIONS(ResultStoreText)
};

QString json(const QJsonObject &o)
{
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

/// The JSON object stored in column @p column; one that is there but does not parse (a damaged
/// page) is named in @p unreadable, not passed off as empty.
QJsonObject object(const QVariant &v, const QString &column, QStringList *unreadable)
{
    const QByteArray text = v.toString().toUtf8();
    if (text.trimmed().isEmpty())
        return {};
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(text, &error);
    if (error.error != QJsonParseError::NoError || !doc.isObject())
        unreadable->append(column);
    return doc.object();
}

Error sqlError(const QString &what, const QSqlError &e)
{
    return makeError(ErrorCode::Io,
                     ResultStoreText::tr("results store: %1: %2").arg(what, e.text()));
}

// Each step takes the schema from version N-1 to N; they run in order, each in a transaction.
const char *const kMigrations[] = {
    // 1: runs with their parameters, parsed result, raw output and state.
    "CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, label TEXT, "
    "state TEXT NOT NULL, error TEXT, started_ms INTEGER NOT NULL, finished_ms INTEGER, "
    "parameters TEXT, result TEXT, raw_output TEXT)",
    // 2: the fabric state during each run, and runs listed newest first quickly.
    ("ALTER TABLE runs ADD COLUMN fabric TEXT; "
     "CREATE INDEX runs_started ON runs(started_ms)"),
    // 3: the program recording a run ("boot id:pid:start time"), to tell a run another program
    // is recording right now from one a crash left open.
    "ALTER TABLE runs ADD COLUMN owner TEXT",
};

/// The kernel's boot id: a pid of another boot is nobody's now.
QString bootId()
{
    QFile f(QStringLiteral("/proc/sys/kernel/random/boot_id"));
    return f.open(QIODevice::ReadOnly) ? QString::fromLatin1(f.readAll().trimmed()) : QString();
}

/// When process @p pid started (clock ticks after boot, /proc/PID/stat's field 22), or empty
/// when there is no such process: with the pid, it names one process, even after the pid
/// is reused.
QString processStart(const QString &pid)
{
    QFile f(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QByteArray stat = f.readAll();
    // After the command's name, which may hold spaces and parentheses: fields 3 onwards.
    const QList<QByteArray> fields = stat.mid(stat.lastIndexOf(')') + 2).split(' ');
    return fields.size() > 19 ? QString::fromLatin1(fields.at(19)) : QString();
}

/// This program, as runs it records name their owner.
QString thisProgram()
{
    static const QString owner = []() -> QString {
        const QString pid = QString::number(QCoreApplication::applicationPid());
        return bootId() + QLatin1Char(':') + pid + QLatin1Char(':') + processStart(pid);
    }();
    return owner;
}

/// Whether the program @p owner names still runs on this machine. A run without one (written
/// before owners were) is taken for a crash's, as it always was.
bool stillRunning(const QString &owner)
{
    const QStringList parts = owner.split(QLatin1Char(':'));
    if (parts.size() != 3 || parts.at(2).isEmpty() || parts.at(0) != bootId())
        return false;
    return processStart(parts.at(1)) == parts.at(2);
}

}  // namespace

QJsonObject runToJson(const RunRecord &r)
{
    QJsonObject o {{QStringLiteral("id"), QJsonValue(r.id)},
                   {QStringLiteral("kind"), r.kind},
                   {QStringLiteral("label"), r.label},
                   {QStringLiteral("state"), r.state},
                   {QStringLiteral("started_ms"), QJsonValue(r.startedMs)},
                   {QStringLiteral("parameters"), r.parameters},
                   {QStringLiteral("result"), r.result}};
    if (r.finishedMs)
        o.insert(QStringLiteral("finished_ms"), QJsonValue(r.finishedMs));
    if (!r.error.isEmpty())
        o.insert(QStringLiteral("error"), r.error);
    if (!r.fabric.isEmpty())
        o.insert(QStringLiteral("fabric"), r.fabric);
    if (!r.unreadable.isEmpty())
        o.insert(QStringLiteral("unreadable"), QJsonArray::fromStringList(r.unreadable));
    return o;
}

ResultStore::ResultStore(QString connection, QString path)
    : m_connection(std::move(connection)), m_path(std::move(path))
{ }

ResultStore::~ResultStore()
{
    {
        QSqlDatabase db = QSqlDatabase::database(m_connection, false);
        db.close();
    }
    QSqlDatabase::removeDatabase(m_connection);
}

QString ResultStore::defaultPath()
{
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation)
        + QStringLiteral("/roce-console");
    return dir + QStringLiteral("/results.sqlite");
}

Result<std::unique_ptr<ResultStore>> ResultStore::openConnection(const QString &path, bool create)
{
    if (!create && !QFileInfo::exists(path))
        return makeError(ErrorCode::NotFound,
                         ResultStoreText::tr("results store: %1 does not exist").arg(path));
    QDir().mkpath(QFileInfo(path).absolutePath());
    const QString connection
        = QStringLiteral("results-") + QUuid::createUuid().toString(QUuid::Id128);
    std::unique_ptr<ResultStore> store(new ResultStore(connection, path));
    QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QSQLITE"), connection);
    db.setDatabaseName(path);
    if (!db.open())
        return sqlError(ResultStoreText::tr("cannot open %1").arg(path), db.lastError());
    QSqlQuery q(db);
    // WAL: readers (the console) and a writer (rocectl) at once; a crash loses no committed run.
    if (create)
        q.exec(QStringLiteral("PRAGMA journal_mode=WAL"));
    q.exec(QStringLiteral("PRAGMA busy_timeout=5000"));
    return store;
}

Result<std::unique_ptr<ResultStore>> ResultStore::open(const QString &path)
{
    auto store = openConnection(path, true);
    if (!store)
        return store;
    if (const auto migrated = (*store)->migrate(); !migrated)
        return migrated.error();
    // Runs a crash left open are closed, not left "running" for ever; a run whose program
    // still records it (the console reading what `rocectl run` writes) is left alone.
    QSqlQuery q(QSqlDatabase::database((*store)->m_connection));
    if (!q.exec(QStringLiteral("SELECT id, owner FROM runs WHERE state='running'")))
        return sqlError(ResultStoreText::tr("closing interrupted runs"), q.lastError());
    QList<qint64> orphans;
    while (q.next()) {
        if (!stillRunning(q.value(1).toString()))
            orphans.append(q.value(0).toLongLong());
    }
    for (const qint64 id : std::as_const(orphans)) {
        q.prepare(QStringLiteral("UPDATE runs SET state='failed', error='interrupted: the "
                                 "recording program ended during the run' WHERE id=? AND "
                                 "state='running'"));
        q.addBindValue(id);
        if (!q.exec())
            return sqlError(ResultStoreText::tr("closing interrupted runs"), q.lastError());
        (*store)->m_interrupted += q.numRowsAffected();
    }
    return store;
}

Result<std::unique_ptr<ResultStore>> ResultStore::openForReading(const QString &path)
{
    auto store = openConnection(path, false);
    if (!store)
        return store;
    if (const auto read = (*store)->readVersion(); !read)
        return read.error();
    return store;
}

Result<void> ResultStore::readVersion()
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    if (!q.exec(QStringLiteral("PRAGMA user_version")) || !q.next())
        return sqlError(ResultStoreText::tr("reading the schema version"), q.lastError());
    m_version = q.value(0).toInt();
    if (m_version > kSchemaVersion) {
        return makeError(ErrorCode::Unsupported,
                         ResultStoreText::tr("results store: schema version %1 is newer than "
                                             "this program's %2; update it")
                             .arg(m_version)
                             .arg(kSchemaVersion));
    }
    return {};
}

Result<void> ResultStore::migrate()
{
    if (auto read = readVersion(); !read)
        return read;
    QSqlDatabase db = QSqlDatabase::database(m_connection);
    QSqlQuery q(db);
    while (m_version < kSchemaVersion) {
        if (!db.transaction())
            return sqlError(ResultStoreText::tr("starting a migration"), db.lastError());
        const QStringList statements = QString::fromLatin1(kMigrations[m_version])
                                           .split(QLatin1Char(';'), Qt::SkipEmptyParts);
        for (const QString &statement : statements) {
            if (!q.exec(statement.trimmed())) {
                const QSqlError e = q.lastError();
                db.rollback();
                return sqlError(ResultStoreText::tr("migrating to version %1").arg(m_version + 1),
                                e);
            }
        }
        if (!q.exec(QStringLiteral("PRAGMA user_version=%1").arg(m_version + 1)) || !db.commit()) {
            const QSqlError e = q.lastError();
            db.rollback();
            return sqlError(ResultStoreText::tr("migrating to version %1").arg(m_version + 1), e);
        }
        ++m_version;
    }
    return {};
}

Result<qint64> ResultStore::beginRun(const QString &kind, const QString &label,
                                     const QJsonObject &parameters, qint64 startedMs)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("INSERT INTO runs (kind, label, state, started_ms, parameters, "
                             "owner) VALUES (?, ?, 'running', ?, ?, ?)"));
    q.addBindValue(kind);
    q.addBindValue(label);
    q.addBindValue(startedMs);
    q.addBindValue(json(parameters));
    q.addBindValue(thisProgram());
    if (!q.exec())
        return sqlError(ResultStoreText::tr("recording a run"), q.lastError());
    return q.lastInsertId().toLongLong();
}

Result<void> ResultStore::finishRun(qint64 id, const QString &state, const QJsonObject &result,
                                    const QString &rawOutput, const QString &error,
                                    qint64 finishedMs, const QJsonObject &fabric)
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("UPDATE runs SET state=?, result=?, raw_output=?, error=?, "
                             "finished_ms=?, fabric=? WHERE id=?"));
    q.addBindValue(state);
    q.addBindValue(json(result));
    q.addBindValue(rawOutput);
    q.addBindValue(error);
    q.addBindValue(finishedMs);
    q.addBindValue(json(fabric));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(ResultStoreText::tr("finishing run %1").arg(id), q.lastError());
    if (q.numRowsAffected() != 1)
        return makeError(ErrorCode::NotFound,
                         ResultStoreText::tr("results store: no run %1").arg(id));
    return {};
}

namespace {

RunRecord recordOf(const QSqlQuery &q)
{
    RunRecord r;
    r.id = q.value(0).toLongLong();
    r.kind = q.value(1).toString();
    r.label = q.value(2).toString();
    r.state = q.value(3).toString();
    r.error = q.value(4).toString();
    r.startedMs = q.value(5).toLongLong();
    r.finishedMs = q.value(6).toLongLong();
    r.parameters = object(q.value(7), QStringLiteral("parameters"), &r.unreadable);
    r.result = object(q.value(8), QStringLiteral("result"), &r.unreadable);
    r.rawOutput = q.value(9).toString();
    r.fabric = object(q.value(10), QStringLiteral("fabric"), &r.unreadable);
    return r;
}

const auto kColumns = QStringLiteral("id, kind, label, state, error, started_ms, finished_ms, "
                                     "parameters, result, raw_output, fabric");
// Lists leave the raw output out: a training run's is hundreds of kB, and a list is read
// after every run on the console's GUI thread. run(id) has it.
const auto kListColumns = QStringLiteral("id, kind, label, state, error, started_ms, "
                                         "finished_ms, parameters, result, '' AS raw_output, "
                                         "fabric");

}  // namespace

Result<QList<RunRecord>> ResultStore::runs(int limit) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT %1 FROM runs ORDER BY started_ms DESC, id DESC LIMIT ?")
                  .arg(kListColumns));
    q.addBindValue(limit);
    if (!q.exec())
        return sqlError(ResultStoreText::tr("listing runs"), q.lastError());
    QList<RunRecord> out;
    while (q.next())
        out.append(recordOf(q));
    return out;
}

Result<std::optional<RunRecord>> ResultStore::run(qint64 id) const
{
    QSqlQuery q(QSqlDatabase::database(m_connection));
    q.prepare(QStringLiteral("SELECT %1 FROM runs WHERE id=?").arg(kColumns));
    q.addBindValue(id);
    if (!q.exec())
        return sqlError(ResultStoreText::tr("reading run %1").arg(id), q.lastError());
    if (!q.next())
        return std::optional<RunRecord>();
    return std::optional<RunRecord>(recordOf(q));
}

}  // namespace roce::results
