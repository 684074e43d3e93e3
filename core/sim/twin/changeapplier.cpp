#include "sim/twin/changeapplier.h"

#include "nxapi/client/nxapiclient.h"
#include "proto/agentproto/agentclient.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QTimer>

#include <memory>

namespace roce::sim::twin {

namespace {

class ChangeText
{
    Q_DECLARE_TR_FUNCTIONS(ChangeText)
};

/// An agent that has not answered by then has failed the change.
constexpr int kAgentTimeoutMs = 20000;

}  // namespace

ChangeApplier::ChangeApplier(QObject *parent) : QObject(parent)
{ }

ChangeApplier::~ChangeApplier() = default;

void ChangeApplier::apply(const live::FabricPlan &plan, const TwinChange &change,
                          const QHash<QString, QJsonObject> &nicConfigs)
{
    m_errors.clear();
    m_switches = m_nics = 0;
    m_pending = 1;  // released at the end: answers that come at once do not finish early
    if (!change.switchLines.isEmpty()) {
        for (const monitor::SwitchTarget &target : plan.switches) {
            const QStringList commands = change.commandsFor(target.name);
            if (commands.isEmpty())
                continue;
            auto *client = new nxapi::NxapiClient(target.endpoint, this);
            const QString name = target.name;
            ++m_pending;
            connect(client, &nxapi::NxapiClient::configured, this,
                    [this, client, name](const QList<nxapi::CommandOutput> &outputs) {
                        const nxapi::CommandOutput last
                            = outputs.isEmpty() ? nxapi::CommandOutput {} : outputs.last();
                        if (last.code == nxapi::CommandCode::MaxSessions)
                            m_errors.append(ChangeText::tr("%1: %2 (NX-API code 429): nothing "
                                                           "was changed; its sessions expire "
                                                           "after 10 minutes")
                                                .arg(name, last.msg));
                        else if (last.code != nxapi::CommandCode::Success)
                            m_errors.append(ChangeText::tr("%1 refused '%2': %3")
                                                .arg(name, last.input, last.clierror.trimmed()));
                        else
                            ++m_switches;
                        client->deleteLater();
                        done();
                    });
            connect(client, &nxapi::NxapiClient::pollFailed, this,
                    [this, client, name](const nxapi::NxapiError &e) {
                        m_errors.append(ChangeText::tr("%1: %2").arg(name, e.message));
                        client->deleteLater();
                        done();
                    });
            client->configure(commands);
        }
    }
    if (!change.roceNp.isEmpty() || !change.roceRp.isEmpty()) {
        for (const agentproto::AgentEndpoint &endpoint : plan.agents) {
            auto *client = new agentproto::AgentClient(endpoint, this);
            const QString where = endpoint.host + QLatin1Char(':') + QString::number(endpoint.port);
            ++m_pending;
            // Requests of this agent still unanswered; -1 until its host is known.
            auto open = std::make_shared<int>(-1);
            auto finish = [this, client, open] {
                if (*open == -2)
                    return;
                *open = -2;
                client->disconnectFromAgent();
                client->deleteLater();
                done();
            };
            // Once the agent said who it is: every NIC its host reports.
            const auto writeNics = [this, client, open, finish, change, nicConfigs] {
                if (*open != -1)
                    return;
                const QString host = client->agentHostname();
                const QJsonArray nics
                    = nicConfigs.value(host).value(QStringLiteral("nics")).toArray();
                *open = 0;
                for (const QJsonValue &v : nics) {
                    const QString netdev = v.toObject().value(QStringLiteral("netdev")).toString();
                    if (netdev.isEmpty())
                        continue;
                    ++*open;
                    client->setEcn(netdev, change.roceNp, change.roceRp);
                }
                if (*open == 0) {
                    m_errors.append(ChangeText::tr("%1: its agent reports no NIC").arg(host));
                    finish();
                }
            };
            connect(client, &agentproto::AgentClient::ecnSet, this, [this, open, finish](int) {
                ++m_nics;
                if (*open > 0 && --*open == 0)
                    finish();
            });
            connect(client, &agentproto::AgentClient::requestFailed, this,
                    [this, open, finish, where](int, const QString &code, const QString &message) {
                        m_errors.append(ChangeText::tr("%1: %2 (%3)").arg(where, message, code));
                        if (*open > 0 && --*open == 0)
                            finish();
                    });
            connect(client, &agentproto::AgentClient::stateChanged, this,
                    [this, client, open, finish, where,
                     writeNics](agentproto::AgentClient::State state) {
                        if (state == agentproto::AgentClient::State::Ready) {
                            writeNics();
                            return;
                        }
                        if (state != agentproto::AgentClient::State::Failed || *open == -2)
                            return;
                        m_errors.append(ChangeText::tr("%1: %2").arg(where, client->lastError()));
                        finish();
                    });
            QTimer::singleShot(kAgentTimeoutMs, client, [this, open, finish, where] {
                if (*open == -2)
                    return;
                m_errors.append(ChangeText::tr("%1: no answer to the change").arg(where));
                finish();
            });
            client->connectToAgent();
        }
    }
    done();
}

void ChangeApplier::done()
{
    if (--m_pending == 0)
        emit finished(m_errors, m_switches, m_nics);
}

}  // namespace roce::sim::twin
