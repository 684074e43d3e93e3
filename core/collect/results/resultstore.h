#pragma once

#include "proto/common/result.h"

#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

namespace roce::results {

/// One recorded run: a test or training job, with what it measured and how the fabric was.
struct RunRecord {
    qint64 id = 0;
    QString kind;   ///< the tool: ib_write_bw, iperf3, sockperf, train, ...
    QString label;  ///< the user's words: "QoS on", "after IRQ tuning"
    QString state;  ///< running, succeeded, failed, cancelled
    QString error;
    qint64 startedMs = 0, finishedMs = 0;
    QJsonObject parameters;  ///< the job as requested
    QJsonObject result;      ///< the parsed result
    QString rawOutput;       ///< the tool's own output
    QJsonObject fabric;      ///< fabric state during the run (drops, pauses, ECN/CNP)
    /// Stored columns that are there but do not parse ("parameters", "result", "fabric"): a
    /// damaged store, said, not shown as a run without them.
    QStringList unreadable;
};

QJsonObject runToJson(const RunRecord &run);

/// The results store: every run in SQLite (Qt SQL). The schema is versioned and migrated on
/// open; every write is a transaction, and a run still "running" when the store is opened again
/// whose recording program has ended (the console or rocectl died mid-run) is closed as failed
/// ("interrupted"), so the database stays consistent after a crash. Each run names the program
/// recording it (boot id, pid and its start time): one that still runs keeps its run open.
class ResultStore
{
public:
    static constexpr int kSchemaVersion = 3;

    /// Opens (creating or migrating) the database at @p path.
    static Result<std::unique_ptr<ResultStore>> open(const QString &path);
    /// Opens the existing database at @p path to read it beside its writers (the console
    /// watching what `rocectl run` records): it neither migrates the schema nor closes runs
    /// still "running", which another program may be recording right now.
    static Result<std::unique_ptr<ResultStore>> openForReading(const QString &path);
    /// Where the console and rocectl keep it by default (the user's data directory).
    static QString defaultPath();
    ~ResultStore();

    Result<qint64> beginRun(const QString &kind, const QString &label,
                            const QJsonObject &parameters, qint64 startedMs);
    Result<void> finishRun(qint64 id, const QString &state, const QJsonObject &result,
                           const QString &rawOutput, const QString &error, qint64 finishedMs,
                           const QJsonObject &fabric = {});
    /// The newest @p limit runs, without their raw output (run() reads one whole).
    Result<QList<RunRecord>> runs(int limit = 100) const;
    Result<std::optional<RunRecord>> run(qint64 id) const;
    QString path() const { return m_path; }
    int schemaVersion() const { return m_version; }
    int interruptedOnOpen() const { return m_interrupted; }

private:
    ResultStore(QString connection, QString path);
    static Result<std::unique_ptr<ResultStore>> openConnection(const QString &path, bool create);
    Result<void> readVersion();
    Result<void> migrate();

    QString m_connection;
    QString m_path;
    int m_version = 0;
    int m_interrupted = 0;
};

}  // namespace roce::results
