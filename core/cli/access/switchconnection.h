#pragma once

#include "cli/framework/command.h"
#include "nxapi/client/nxapiclient.h"
#include "nxapi/lldp/lldptopology.h"
#include "nxapi/qos/qosaudit.h"
#include "proto/common/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>

#include <memory>

namespace roce::sim {
class SimService;
}

namespace roce::cli {

/// The options `rocectl switch` and `rocectl audit` share to reach a switch: --url, --user,
/// the password (environment variable or stdin, never the command line), --pin, --allow-http,
/// --timeout, or --sim for the embedded simulated switch (with --scenario).
class SwitchConnection
{
public:
    SwitchConnection();
    ~SwitchConnection();

    void addOptions(QCommandLineParser &parser) const;
    /// Reads the options; starts the simulated switch for --sim. Usage errors are
    /// InvalidArgument.
    Result<void> configure(const QCommandLineParser &parser);

    const nxapi::NxapiEndpoint &endpoint() const { return m_endpoint; }
    bool simulated() const { return m_sim != nullptr; }
    /// With --sim: what the simulated hosts' mlnx_qos and ip link would say.
    QList<nxapi::HostQosFacts> simulatedHostFacts() const;
    /// With --sim: the simulated servers as an inventory (names, MACs, netdevs).
    QList<nxapi::InventoryHost> simulatedInventory() const;

    /// Runs one poll of @p commands, waiting in a local event loop.
    Result<nxapi::SwitchSnapshot> pollOnce(nxapi::NxapiClient &client) const;

private:
    QCommandLineOption m_url, m_user, m_passwordEnv, m_passwordStdin, m_pin, m_allowHttp, m_timeout,
        m_simOption, m_scenario;
    nxapi::NxapiEndpoint m_endpoint;
    std::unique_ptr<sim::SimService> m_sim;
};

}  // namespace roce::cli
