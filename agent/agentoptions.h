#pragma once

#include <QString>
#include <QStringList>

#include <optional>

namespace roce::agent {

/// What `roce-agent` was asked to do.
struct AgentOptions {
    QString sysfsRoot = QStringLiteral("/sys");  ///< --sysfs-root: where collectors read
    bool listDevices = false;                    ///< --list-devices: print RDMA devices, exit
    bool once = false;                           ///< --once: one sample, then exit
    QString pingmeshSpec;                        ///< --pingmesh: one pingmesh round, then exit
    bool json = false;                           ///< --json (with --once)
    bool prometheus = false;                     ///< --prometheus (with --once)
    QString ethtoolFixtureDir;                   ///< --ethtool-fixture: saved ethtool -S files
    QStringList netdevs;                         ///< --netdev: extra netdevs to sample
    QString hostname;                            ///< --hostname: name to report
    QString counters = QStringLiteral("auto");   ///< --counters: auto, netlink or sysfs
    // Daemon mode.
    QString listen = QStringLiteral("0.0.0.0:18471");  ///< --listen: protocol (TLS)
    /// --metrics: Prometheus, "off". Loopback unless asked: a fleet scrapes it through a
    /// web config (TLS, basic auth) on an address chosen on purpose.
    QString metricsListen = QStringLiteral("127.0.0.1:9471");
    QString webConfig;       ///< --web-config: exporter-toolkit web-config.yml for /metrics
    QString tokenFile;       ///< --token-file: the shared secret clients present
    QString tlsCert;         ///< --tls-cert
    QString tlsKey;          ///< --tls-key
    QString clientCa;        ///< --client-ca: clients with a certificate from it need no token
    bool plaintext = false;  ///< --plaintext: no TLS (loopback addresses only)
    int maxConnections = 0;  ///< --max-connections: protocol connections at most (0: default)
    QString configFile;      ///< --config: INI file with the same settings
};

struct AgentParse {
    std::optional<AgentOptions> options;
    int exitCode = 0;
};

/// Parses the agent's command line (--help/--version are answered here).
AgentParse parseAgentOptions(const QStringList &argv);

}  // namespace roce::agent
