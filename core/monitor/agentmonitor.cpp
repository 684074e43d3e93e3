#include "monitor/agentmonitor.h"

#include "monitor/nicrates.h"

#include <QDateTime>
#include <QTimer>

#include <memory>

namespace roce::monitor {

AgentMonitor::AgentMonitor(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<roce::monitor::SwitchUpdate>();
}

AgentMonitor::~AgentMonitor() = default;

void AgentMonitor::start(const QList<agentproto::AgentEndpoint> &agents, int intervalMs)
{
    m_worker.start([this, agents, intervalMs](QObject *worker) {
        for (const agentproto::AgentEndpoint &endpoint : agents) {
            auto *client = new agentproto::AgentClient(endpoint, worker);
            auto tracker = std::make_shared<NicRateTracker>();
            auto backoffMs = std::make_shared<int>(1000);
            auto lost = std::make_shared<bool>(false);
            const QString name = endpoint.host + QLatin1Char(':') + QString::number(endpoint.port);
            connect(client, &agentproto::AgentClient::stateChanged, worker,
                    [this, client, intervalMs, backoffMs, lost,
                     name](agentproto::AgentClient::State state) {
                        using State = agentproto::AgentClient::State;
                        if (state == State::Ready) {
                            *backoffMs = 1000;
                            *lost = false;
                            client->subscribe(intervalMs);
                        } else if (state == State::Failed || state == State::Disconnected) {
                            if (!*lost) {
                                *lost = true;
                                emit agentLost(name, client->lastError());
                            }
                            QTimer::singleShot(*backoffMs, client, [client] {
                                if (client->state() == agentproto::AgentClient::State::Failed
                                    || client->state()
                                        == agentproto::AgentClient::State::Disconnected)
                                    client->connectToAgent();
                            });
                            *backoffMs = std::min(*backoffMs * 2, 30000);
                        }
                    });
            connect(client, &agentproto::AgentClient::sampleReceived, worker,
                    [this, tracker](const agentproto::AgentSample &sample, qint64 receivedMs) {
                        emit updated(tracker->update(
                            sample, receivedMs ? receivedMs : QDateTime::currentMSecsSinceEpoch()));
                    });
            client->connectToAgent();
        }
    });
}

void AgentMonitor::stop()
{
    m_worker.stop();
}

}  // namespace roce::monitor
