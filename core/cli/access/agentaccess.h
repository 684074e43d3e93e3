#pragma once

#include "proto/agentproto/agentclient.h"
#include "proto/common/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

namespace roce::cli {

/// The options every command that talks to agents shares: the token (from an environment
/// variable or a file, never the command line), the certificate pin, and --plaintext.
class AgentAccess
{
public:
    AgentAccess();
    void addOptions(QCommandLineParser &parser) const;
    /// Reads the token once; InvalidArgument when there is none.
    Result<void> configure(const QCommandLineParser &parser);
    /// The endpoint of the agent at "HOST:PORT".
    Result<agentproto::AgentEndpoint> endpoint(const QString &hostPort) const;

private:
    QCommandLineOption m_tokenEnv, m_tokenFile, m_pin, m_plaintext;
    QString m_token;
    QByteArray m_pinValue;
    bool m_plain = false;
};

}  // namespace roce::cli
