#include "cli/access/switchconnection.h"

#include "sim/served/simservice.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <QFile>
#include <QProcessEnvironment>

#include <cstdio>

namespace roce::cli {

namespace {

class SwitchText
{
    Q_DECLARE_TR_FUNCTIONS(SwitchText)
};

}  // namespace

SwitchConnection::SwitchConnection()
    : m_url(QStringLiteral("url"),
            SwitchText::tr("NX-API endpoint, e.g. https://10.1.1.10 (path /ins is added)."),
            QStringLiteral("url")),
      m_user(QStringLiteral("user"), SwitchText::tr("NX-API user (default admin)."),
             QStringLiteral("user"), QStringLiteral("admin")),
      m_passwordEnv(QStringLiteral("password-env"),
                    SwitchText::tr("Environment variable holding the password (default "
                                   "ROCE_NXAPI_PASSWORD)."),
                    QStringLiteral("name"), QStringLiteral("ROCE_NXAPI_PASSWORD")),
      m_passwordStdin(QStringLiteral("password-stdin"),
                      SwitchText::tr("Read the password from the first line of standard input.")),
      m_pin(QStringLiteral("pin"),
            SwitchText::tr("SHA-256 fingerprint of the switch certificate to trust (self-signed "
                           "switches)."),
            QStringLiteral("sha256")),
      m_allowHttp(QStringLiteral("allow-http"),
                  SwitchText::tr("Allow a plain http:// URL (the password crosses the network "
                                 "in clear).")),
      m_timeout(QStringLiteral("timeout"),
                SwitchText::tr("Seconds to wait for each answer (default 10)."),
                QStringLiteral("seconds"), QStringLiteral("10")),
      m_simOption(QStringLiteral("sim"),
                  SwitchText::tr("Use the embedded simulated switch (HTTPS on loopback, pinned).")),
      m_scenario(QStringLiteral("scenario"),
                 SwitchText::tr("With --sim: live scenario to run (lossy-incast, pfc-incast, "
                                "dcqcn-incast, training, pfc-wrong-cos, dscp-mismatch, ...)."),
                 QStringLiteral("name"))
{ }

SwitchConnection::~SwitchConnection() = default;

void SwitchConnection::addOptions(QCommandLineParser &parser) const
{
    parser.addOptions({m_url, m_user, m_passwordEnv, m_passwordStdin, m_pin, m_allowHttp, m_timeout,
                       m_simOption, m_scenario});
}

Result<void> SwitchConnection::configure(const QCommandLineParser &parser)
{
    bool ok = false;
    const double timeout = parser.value(m_timeout).toDouble(&ok);
    if (!ok || timeout <= 0) {
        return makeError(ErrorCode::InvalidArgument,
                         SwitchText::tr("--timeout wants a positive number of seconds"));
    }
    m_endpoint.timeoutMs = int(timeout * 1000);
    m_endpoint.user = parser.value(m_user);
    m_endpoint.allowHttp = parser.isSet(m_allowHttp);
    m_endpoint.pinnedSha256 = parser.value(m_pin);
    if (parser.isSet(m_simOption)) {
        if (parser.isSet(m_url)) {
            return makeError(ErrorCode::InvalidArgument,
                             SwitchText::tr("--sim and --url exclude each other"));
        }
        sim::SimServiceOptions options;
        options.agents = false;
        options.http = false;
        m_sim = std::make_unique<sim::SimService>(options);
        if (const auto started = m_sim->start(); !started)
            return started.error();
        if (parser.isSet(m_scenario)) {
            if (const auto applied = m_sim->startScenario(parser.value(m_scenario)); !applied)
                return makeError(ErrorCode::InvalidArgument, applied.error().message);
        }
        m_endpoint.url = m_sim->nxapiHttpsUrl();
        m_endpoint.user = options.user;
        m_endpoint.password = options.password;
        m_endpoint.pinnedSha256 = m_sim->certificateFingerprint();
        return {};
    }
    if (parser.isSet(m_scenario)) {
        return makeError(
            ErrorCode::InvalidArgument,
            SwitchText::tr("--scenario needs --sim (a real switch runs real traffic)"));
    }
    if (!parser.isSet(m_url)) {
        return makeError(ErrorCode::InvalidArgument,
                         SwitchText::tr("give the switch with --url https://<switch>, or --sim"));
    }
    m_endpoint.url = QUrl::fromUserInput(parser.value(m_url));
    if (parser.isSet(m_passwordStdin)) {
        QFile in;
        if (!in.open(stdin, QIODevice::ReadOnly)) {
            return makeError(ErrorCode::Io, SwitchText::tr("cannot read the password from stdin"));
        }
        m_endpoint.password = QString::fromUtf8(in.readLine()).trimmed();
    } else {
        const QString var = parser.value(m_passwordEnv);
        const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        if (!env.contains(var)) {
            return makeError(ErrorCode::InvalidArgument,
                             SwitchText::tr("no password: set %1 (or --password-env NAME, or "
                                            "--password-stdin)")
                                 .arg(var));
        }
        m_endpoint.password = env.value(var);
    }
    return {};
}

QList<nxapi::HostQosFacts> SwitchConnection::simulatedHostFacts() const
{
    QList<nxapi::HostQosFacts> facts;
    if (!m_sim)
        return facts;
    const sim::Fabric &fabric = m_sim->fabric();
    for (int h = 0; h < fabric.spec().hosts.size(); ++h) {
        const sim::HostConfig c = fabric.hostConfig(h);
        nxapi::HostQosFacts f;
        f.name = fabric.spec().hosts[h].name;
        f.interface = fabric.spec().hosts[h].netdev;
        f.mtu = c.mtu;
        f.pfcPriorities = c.pfcEnabledPrios;
        f.ecnNpPriorities = c.ecnNpPrios;
        f.cnpDscp = c.cnpDscp;
        f.roceDscp = c.roceDscp;
        facts.append(f);
    }
    return facts;
}

QList<nxapi::InventoryHost> SwitchConnection::simulatedInventory() const
{
    QList<nxapi::InventoryHost> hosts;
    if (!m_sim)
        return hosts;
    for (const sim::HostSpec &h : m_sim->fabric().spec().hosts)
        hosts.append(nxapi::InventoryHost {h.name, {h.mac}, {h.netdev}, {}});
    return hosts;
}

Result<nxapi::SwitchSnapshot> SwitchConnection::pollOnce(nxapi::NxapiClient &client) const
{
    QEventLoop loop;
    std::optional<nxapi::SwitchSnapshot> snapshot;
    std::optional<nxapi::NxapiError> error;
    const auto a = QObject::connect(&client, &nxapi::NxapiClient::snapshotReady, &loop,
                                    [&](const nxapi::SwitchSnapshot &s) {
                                        snapshot = s;
                                        loop.quit();
                                    });
    const auto b = QObject::connect(&client, &nxapi::NxapiClient::pollFailed, &loop,
                                    [&](const nxapi::NxapiError &e) {
                                        error = e;
                                        loop.quit();
                                    });
    if (client.passwordNeeded())
        return makeError(ErrorCode::AuthenticationFailed,
                         SwitchText::tr("the switch refused the password twice: enter it again"));
    if (!client.pollNow())
        return makeError(ErrorCode::Busy, SwitchText::tr("a poll is still running"));
    if (!snapshot && !error)
        loop.exec();
    QObject::disconnect(a);
    QObject::disconnect(b);
    if (error) {
        const ErrorCode code = error->kind == nxapi::NxapiError::AuthenticationFailed
                || error->kind == nxapi::NxapiError::CredentialsRejected
            ? ErrorCode::AuthenticationFailed
            : (error->kind == nxapi::NxapiError::Timeout ? ErrorCode::Timeout
                                                         : ErrorCode::Unreachable);
        return makeError(code, error->message);
    }
    return *snapshot;
}

}  // namespace roce::cli
