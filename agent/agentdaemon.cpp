#include "agentdaemon.h"

#include "collectors/sysfs.h"
#include "jobs/processjobrunner.h"
#include "prometheus.h"
#include "prometheus/server/metricsserver.h"
#include "prometheus/server/webconfig.h"
#include "proto/agentproto/agentserver.h"
#include "proto/agentproto/sharedsample.h"
#include "proto/common/listenaddress.h"
#include "proto/common/tlsidentitycheck.h"
#include "proto/common/versions.h"
#include "sampler.h"

#include <QCoreApplication>
#include <QFile>
#include <QHostInfo>
#include <QLoggingCategory>

namespace roce::agent {

Q_LOGGING_CATEGORY(lcDaemon, "roce.agent", QtInfoMsg)

namespace {
class AgentDaemonText
{
    Q_DECLARE_TR_FUNCTIONS(AgentDaemonText)
};

Result<QByteArray> readFile(const QString &path, const QString &what)
{
    // A file the configuration names and the agent cannot read is the operator's to fix, as
    // a bad value is: exit 2 for the token, the certificate, the key and the CA alike.
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(
            ErrorCode::InvalidArgument,
            AgentDaemonText::tr("cannot read %1 %2: %3").arg(what, path, f.errorString()));
    return f.readAll();
}

/// The token and the client CA that authenticate consoles, into @p server.
Result<void> readCredentials(const AgentOptions &options, agentproto::AgentServerOptions &server)
{
    if (!options.tokenFile.isEmpty()) {
        const auto token = readFile(options.tokenFile, AgentDaemonText::tr("token file"));
        if (!token)
            return token.error();
        server.token = QString::fromUtf8(token->trimmed());
        if (server.token.size() < 16) {
            return makeError(ErrorCode::InvalidArgument,
                             AgentDaemonText::tr("the token in %1 is shorter than 16 characters")
                                 .arg(options.tokenFile));
        }
    }
    if (!options.clientCa.isEmpty()) {
        const auto ca = readFile(options.clientCa, AgentDaemonText::tr("client CA"));
        if (!ca)
            return ca.error();
        server.clientCa = QSslCertificate::fromData(*ca, QSsl::Pem);
        // Else certificate login would be off without a word.
        if (server.clientCa.isEmpty())
            return makeError(ErrorCode::InvalidArgument,
                             AgentDaemonText::tr("no PEM certificate in the client CA %1")
                                 .arg(options.clientCa));
    }
    if (server.token.isEmpty() && server.clientCa.isEmpty()) {
        return makeError(ErrorCode::InvalidArgument,
                         AgentDaemonText::tr(
                             "no way to authenticate clients: give --token-file or --client-ca"));
    }
    return {};
}

/// The agent's TLS certificate and key, into @p server: both there, valid, and a pair.
Result<void> readTlsIdentity(const AgentOptions &options, agentproto::AgentServerOptions &server)
{
    const auto cert = readFile(options.tlsCert, AgentDaemonText::tr("TLS certificate"));
    if (!cert)
        return makeError(ErrorCode::InvalidArgument,
                         cert.error().message
                             + AgentDaemonText::tr(" (give --tls-cert/--tls-key; see README)"));
    const auto key = readFile(options.tlsKey, AgentDaemonText::tr("TLS key"));
    if (!key)
        return key.error();
    server.certificate = QSslCertificate(*cert, QSsl::Pem);
    server.key = QSslKey(*key, QSsl::Rsa, QSsl::Pem);
    if (server.key.isNull())
        server.key = QSslKey(*key, QSsl::Ec, QSsl::Pem);
    if (server.certificate.isNull() || server.key.isNull())
        return makeError(ErrorCode::InvalidArgument,
                         AgentDaemonText::tr("TLS certificate or key is not valid PEM"));
    if (auto paired = checkTlsIdentity(server.certificate, server.key); !paired)
        return makeError(ErrorCode::InvalidArgument,
                         QStringLiteral("%1, %2: %3")
                             .arg(options.tlsCert, options.tlsKey, paired.error().message));
    return {};
}

}  // namespace

AgentDaemon::AgentDaemon(AgentOptions options, QObject *parent)
    : QObject(parent), m_options(std::move(options))
{ }

AgentDaemon::~AgentDaemon() = default;

Result<void> AgentDaemon::start()
{
    SamplerOptions so;
    so.sysfsRoot = m_options.sysfsRoot;
    so.ethtoolFixtureDir = m_options.ethtoolFixtureDir;
    so.extraNetdevs = m_options.netdevs;
    so.counters = parseCounterSource(m_options.counters).value_or(CounterSource::Auto);
    so.hostname = m_options.hostname.isEmpty() ? QHostInfo::localHostName() : m_options.hostname;
    m_sampler = std::make_unique<Sampler>(so);

    agentproto::AgentServerOptions server;
    server.hostname = so.hostname;
    server.agentVersion = QStringLiteral("roce-agent ") + applicationVersion();
    server.plaintext = m_options.plaintext;
    if (auto credentials = readCredentials(m_options, server); !credentials)
        return credentials.error();
    if (!server.plaintext) {
        if (auto identity = readTlsIdentity(m_options, server); !identity)
            return identity.error();
    }

    // A web config is checked even with /metrics off: a broken one should not wait for the
    // day somebody turns the endpoint on.
    prometheus::WebConfig web;
    if (!m_options.webConfig.isEmpty()) {
        auto loaded = prometheus::loadWebConfig(m_options.webConfig);
        if (!loaded)
            return loaded.error();
        web = std::move(loaded).value();
    }

    const QString sysfsRoot = m_options.sysfsRoot;
    m_jobs = new ProcessJobRunner(
        [sysfsRoot] { return SysfsTree(sysfsRoot).list(QStringLiteral("class/infiniband")); },
        this);
    if (m_options.maxConnections > 0)
        server.maxConnections = m_options.maxConnections;
    // One sample per tick for every subscriber and every /metrics scrape: sysfs and ethtool
    // are read once however many consoles and Prometheus servers ask.
    Sampler *sampler = m_sampler.get();
    auto shared = std::make_shared<agentproto::SharedSample>(
        [sampler] { return sampler->sample(); }, server.tickMs);
    shared->setTextFormat([](const agentproto::AgentSample &s) { return toPrometheus(s); });
    m_server = new agentproto::AgentServer(shared, m_jobs, server, this);
    const auto listen = parseListenAddress(m_options.listen);
    if (!listen)
        return listen.error();
    if (m_options.plaintext && !listen->first.isLoopback()) {
        return makeError(ErrorCode::InvalidArgument,
                         AgentDaemonText::tr("--plaintext refused on %1: without TLS the token "
                                             "and every sample cross the network in clear; it "
                                             "is for loopback addresses (127.0.0.0/8, ::1) only")
                             .arg(m_options.listen));
    }
    m_port = m_server->listen(listen->first, listen->second);
    if (!m_port)
        return makeError(ErrorCode::Io,
                         AgentDaemonText::tr("cannot listen on %1: %2")
                             .arg(m_options.listen, m_server->errorString()));
    if (!m_options.metricsListen.isEmpty() && m_options.metricsListen != QLatin1String("off")) {
        const auto metrics = parseListenAddress(m_options.metricsListen);
        if (!metrics)
            return metrics.error();
        m_metrics = new prometheus::MetricsServer(
            QByteArrayLiteral("roce-agent"), [shared] { return shared->text(); }, this);
        m_metrics->setWebConfig(web);
        if (!metrics->first.isLoopback() && !web.tls && !web.basicAuth())
            qCWarning(lcDaemon) << "/metrics is served on" << m_options.metricsListen
                                << "without TLS or authentication (see --web-config)";
        m_metricsPort = m_metrics->listen(metrics->first, metrics->second);
        if (!m_metricsPort) {
            return makeError(ErrorCode::Io,
                             AgentDaemonText::tr("cannot serve /metrics on %1: %2")
                                 .arg(m_options.metricsListen, m_metrics->errorString()));
        }
    }
    qCInfo(lcDaemon) << "listening on port" << m_port
                     << (m_options.plaintext ? "(plaintext)" : "(TLS)") << "metrics on port"
                     << m_metricsPort << (web.tls ? "(TLS)" : "(HTTP)")
                     << (web.basicAuth() ? "with basic auth" : "");
    return {};
}

}  // namespace roce::agent
