#pragma once

#include "collect/ssh/sshsession.h"
#include "proto/agentproto/sample.h"

#include <optional>

namespace roce::ssh {

struct SshCollectorOptions {
    /// Directory put first on the remote PATH (tools in a non-standard place; tests).
    QString pathPrefix;
    int commandTimeoutMs = 15000;
};

/// The fallback collector for hosts without an agent: runs `rdma statistic show`, `rdma link
/// show` and `ethtool -S <netdev>` over SSH and builds the same AgentSample the agent sends,
/// so the rate pipeline (monitor/nicrates) consumes it unchanged. Blocking.
class SshCollector
{
public:
    explicit SshCollector(SshSession &session, SshCollectorOptions options = {});

    /// One sample. A missing tool, a failing command or a host without RDMA ports is an
    /// error naming the host and the command, never an empty sample.
    Result<agentproto::AgentSample> collect();

private:
    QString command(const QString &tool) const;
    Result<QByteArray> runTool(const QString &tool, agentproto::CollectorStatus &status);

    SshSession &m_session;
    SshCollectorOptions m_options;
    std::optional<bool> m_json;  ///< whether `rdma -j` works here, learnt on first use
    QString m_hostname;          ///< `uname -n`, asked once
};

}  // namespace roce::ssh
