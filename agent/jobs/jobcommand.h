#pragma once

#include "proto/agentproto/jobspec.h"

#include <QProcessEnvironment>
#include <QString>
#include <QStringList>

namespace roce::agent {

/// The exact program, arguments and environment a job runs with (no shell involved).
struct JobCommand {
    QString program;
    QStringList arguments;
    QProcessEnvironment environment;
    int readyPort = 0;     ///< a server side is ready once this TCP port listens (0: no wait)
    int timeoutMs = 0;     ///< the job is killed after this long
    QByteArray stdinData;  ///< written to the program's standard input once it started
};

/// Builds the command for @p spec. @p trainingScript is the path of ddp_train.py;
/// @p python the interpreter (Debian's /usr/bin/python3, not a pyenv shim). A pingmesh
/// endpoint runs as this agent's own program (`roce-agent --pingmesh -`), its spec on
/// standard input.
JobCommand buildJobCommand(const agentproto::JobSpec &spec, const QString &trainingScript,
                           const QString &python = QStringLiteral("/usr/bin/python3"));

}  // namespace roce::agent
