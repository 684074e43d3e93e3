#pragma once

#include "proto/agentproto/jobspec.h"

#include <QObject>

namespace roce::agentproto {

/// Runs jobs for an agent: the real one starts programs (agent/), the simulated one drives
/// flows in the model. Emits what the protocol forwards to the client.
class JobRunner : public QObject
{
    Q_OBJECT

public:
    using QObject::QObject;
    ~JobRunner() override;

    /// Starts @p spec; returns the job id, or the reason it cannot start.
    virtual Result<QString> start(const JobSpec &spec) = 0;
    /// Stops a job and everything it started. False when there is no such running job.
    virtual bool cancel(const QString &jobId) = 0;
    virtual void cancelAll() = 0;
    /// Hands one line of input to a running job (no newline in it). Jobs that read none
    /// refuse it; the default refuses every job.
    virtual Result<void> input(const QString &jobId, const QString &line);

signals:
    /// The server side of a job is listening and a client may start.
    void ready(const QString &jobId);
    void output(const QString &jobId, const QString &stream, const QString &line);
    void finished(const roce::agentproto::JobResult &result);
};

}  // namespace roce::agentproto
