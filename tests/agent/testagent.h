#pragma once

// An in-process agent for the protocol tests: the real AgentServer with the real job runner
// and collectors on the mlx5 fixture tree, over TLS with the fixture certificates.

#include "jobs/processjobrunner.h"
#include "proto/agentproto/agentclient.h"
#include "proto/agentproto/agentserver.h"
#include "sampler.h"

#include <QDateTime>
#include <QFile>
#include <QSignalSpy>
#include <QTcpServer>

#include <functional>
#include <memory>

namespace testagent {

inline QString fixtures()
{
    return QStringLiteral(FIXTURES);
}

inline QByteArray readFixture(const QString &name)
{
    QFile f(fixtures() + QLatin1Char('/') + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(name));
    return f.readAll();
}

inline quint16 freePort()
{
    QTcpServer s;
    s.listen(QHostAddress::LocalHost, 0);
    return s.serverPort();
}

/// One agent: sampler on the mlx5 fixture (its calls counted), real job runner, TLS server.
struct TestAgent {
    std::unique_ptr<roce::agent::Sampler> sampler;
    std::unique_ptr<roce::agent::ProcessJobRunner> jobs;
    std::unique_ptr<roce::agentproto::AgentServer> server;
    quint16 port = 0;
    QByteArray fingerprint;
    int samplerCalls = 0;

    explicit TestAgent(QStringList devices = {QStringLiteral("mlx5_0")}, qint64 clockSkewMs = 0,
                       const std::function<void(roce::agentproto::AgentServerOptions &)> &tweak
                       = {})
    {
        using namespace roce::agentproto;
        roce::agent::SamplerOptions so;
        so.sysfsRoot = fixtures() + QStringLiteral("/sysfs-mlx5");
        so.ethtoolFixtureDir = fixtures() + QStringLiteral("/ethtool");
        so.hostname = QStringLiteral("testhost");
        sampler = std::make_unique<roce::agent::Sampler>(so);
        jobs = std::make_unique<roce::agent::ProcessJobRunner>([devices] { return devices; });
        AgentServerOptions o;
        o.token = QString::fromUtf8(readFixture(QStringLiteral("tls/token")).trimmed());
        o.certificate = QSslCertificate(readFixture(QStringLiteral("tls/agent.crt")), QSsl::Pem);
        o.key = QSslKey(readFixture(QStringLiteral("tls/agent.key")), QSsl::Rsa, QSsl::Pem);
        o.clientCa
            = QSslCertificate::fromData(readFixture(QStringLiteral("tls/ca.crt")), QSsl::Pem);
        o.hostname = QStringLiteral("testhost");
        o.agentVersion = QStringLiteral("roce-agent test");
        if (clockSkewMs)
            o.wallClock
                = [clockSkewMs] { return QDateTime::currentMSecsSinceEpoch() + clockSkewMs; };
        if (tweak)
            tweak(o);
        roce::agent::Sampler *s = sampler.get();
        server = std::make_unique<AgentServer>(
            [this, s] {
                ++samplerCalls;
                return s->sample();
            },
            jobs.get(), o);
        port = server->listen(QHostAddress::LocalHost, 0);
        fingerprint = o.certificate.digest(QCryptographicHash::Sha256).toHex(':');
    }

    roce::agentproto::AgentEndpoint endpoint() const
    {
        roce::agentproto::AgentEndpoint e;
        e.host = QStringLiteral("127.0.0.1");
        e.port = port;
        e.token = QString::fromUtf8(readFixture(QStringLiteral("tls/token")).trimmed());
        e.pinnedSha256 = fingerprint;
        return e;
    }
};

inline bool waitReady(roce::agentproto::AgentClient &client)
{
    using State = roce::agentproto::AgentClient::State;
    QSignalSpy spy(&client, &roce::agentproto::AgentClient::stateChanged);
    client.connectToAgent();
    for (int i = 0; i < 100 && client.state() != State::Ready; ++i) {
        if (client.state() == State::Failed)
            return false;
        spy.wait(200);
    }
    return client.state() == State::Ready;
}

}  // namespace testagent
