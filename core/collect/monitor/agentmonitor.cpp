#include "collect/monitor/agentmonitor.h"

#include "collect/monitor/nicconfig.h"
#include "collect/monitor/nicrates.h"

#include <QDateTime>
#include <QTimer>

#include <memory>

namespace roce::monitor {

AgentMonitor::AgentMonitor(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<roce::model::SourceFrame>();
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
                            if (*lost)
                                emit agentBack(name);
                            *lost = false;
                            client->subscribe(intervalMs);
                            client->measureClock();
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
            // The agent's clock offset: a ping now and every 10 s, the best of the last 8 kept.
            connect(client, &agentproto::AgentClient::clockMeasured, worker,
                    [tracker](double offsetMs, double rttMs) {
                        tracker->addClockMeasurement(offsetMs, rttMs);
                    });
            auto *clockTimer = new QTimer(client);
            connect(clockTimer, &QTimer::timeout, client, &agentproto::AgentClient::measureClock);
            clockTimer->start(10000);
            auto gidKey = std::make_shared<QString>();
            auto config = std::make_shared<QJsonObject>();
            connect(client, &agentproto::AgentClient::sampleReceived, worker,
                    [this, tracker, gidKey, config, name](const agentproto::AgentSample &sample,
                                                          qint64 receivedMs) {
                        model::SourceFrame frame = tracker->update(
                            sample, receivedMs ? receivedMs : QDateTime::currentMSecsSinceEpoch());
                        frame.origin = name;
                        emit updated(frame);
                        // GID tables change rarely (an address added): published on change.
                        QList<HostGid> gids;
                        QString key;
                        for (const agentproto::RdmaDeviceSample &d : sample.devices) {
                            for (const agentproto::RdmaPortSample &p : d.ports) {
                                for (const agentproto::GidEntry &g : p.gids) {
                                    gids.append({d.name, p.port, g});
                                    key += d.name + QString::number(p.port) + g.gid + g.type
                                        + QString::number(g.index) + g.ipv4 + QLatin1Char(';');
                                }
                            }
                        }
                        if (key != *gidKey) {
                            *gidKey = key;
                            emit gidTable(sample.hostname, gids);
                        }
                        // Settings change rarely too: published on change.
                        const QJsonObject facts = nicConfigFromSample(sample);
                        if (facts != *config) {
                            *config = facts;
                            emit configReported(sample.hostname, facts);
                        }
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
