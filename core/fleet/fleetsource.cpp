#include "fleet/fleetsource.h"

#include "fleet/fleetshape.h"
#include "live/livefabric.h"
#include "prom/promclient.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QElapsedTimer>
#include <QSet>
#include <QTimer>

#include <algorithm>
#include <memory>
#include <optional>

namespace roce::fleet {

namespace {

class FleetText
{
    Q_DECLARE_TR_FUNCTIONS(FleetText)
};

qint64 nowMs()
{
    return QDateTime::currentMSecsSinceEpoch();
}

/// Waits for a number of answers, then runs what comes next (once).
struct Round {
    int left = 0;
    std::function<void()> then;
    void done()
    {
        if (--left == 0 && then)
            then();
    }
};

/// Errors that say the store as a whole cannot answer (rather than one query being wrong).
bool storeLevel(const Error &e)
{
    return e.code != ErrorCode::ServerError;
}

QString quoted(QString value)
{
    value.replace(QLatin1Char('\\'), QLatin1String("\\\\"));
    value.replace(QLatin1Char('"'), QLatin1String("\\\""));
    return QLatin1Char('"') + value + QLatin1Char('"');
}

/// The scrape interval from a target's raw `up` samples: the median gap, or 0.
int medianGapMs(const QList<prom::PromSeries> &series)
{
    QList<qint64> gaps;
    for (const prom::PromSeries &s : series)
        for (qsizetype i = 1; i < s.points.size(); ++i)
            gaps.append(qint64(s.points.at(i).x() - s.points.at(i - 1).x()));
    if (gaps.isEmpty())
        return 0;
    std::sort(gaps.begin(), gaps.end());
    return int(gaps.at(gaps.size() / 2));
}

}  // namespace

/// The part of FleetSource that lives on its thread: the client, the shape, the timers.
class FleetPoller : public QObject
{
public:
    FleetPoller(const FleetOptions &options, FleetSource *owner, QObject *parent)
        : QObject(parent),
          m_options(options),
          m_owner(owner),
          m_client(new prom::PromClient(options.endpoint, this)),
          m_store(FleetSource::storeSourceName(options.endpoint))
    {
        m_refreshTimer.setParent(this);
        m_discoveryTimer.setParent(this);
        connect(&m_refreshTimer, &QTimer::timeout, this, [this] { refresh(); });
        connect(&m_discoveryTimer, &QTimer::timeout, this, [this] { discover(); });
        m_discoveryTimer.setSingleShot(true);
    }

    void begin() { discover(); }
    void setDirectHosts(const QSet<QString> &hosts) { m_direct = hosts; }

private:
    void discover();
    void finishDiscovery(FleetShape shape, const QString &sampleInstance);
    void startRefreshing(int intervalMs);
    void refresh();
    void storeFailed(const QString &message);
    void storeAnswered();
    void reportDevices(const FleetAnswers &answers);

    FleetOptions m_options;
    FleetSource *m_owner;
    prom::PromClient *m_client;
    QString m_store;
    QTimer m_refreshTimer, m_discoveryTimer;
    FleetShape m_shape;
    bool m_haveShape = false;
    size_t m_signature = 0;
    bool m_discovering = false;
    bool m_refreshing = false;
    QElapsedTimer m_refreshStarted;
    bool m_storeFailed = false;
    QSet<QString> m_direct;
    QSet<QString> m_devicesDown;  ///< switches and instances reported down
    int m_intervalMs = 0;
    QString m_window;
};

void FleetPoller::discover()
{
    if (m_discovering)
        return;
    m_discovering = true;
    const qint64 now = nowMs();
    auto round = std::make_shared<Round>();
    auto shape = std::make_shared<FleetShape>();
    auto switchSpeeds = std::make_shared<QList<prom::PromSample>>();
    auto nicRates = std::make_shared<QList<prom::PromSample>>();
    auto families = std::make_shared<QList<prom::PromSample>>();
    auto error = std::make_shared<std::optional<Error>>();
    auto instance = std::make_shared<QString>();
    auto keep = [error, round](auto &target) {
        return [error, round, &target](auto result) {
            if (!result) {
                if (!*error)
                    *error = result.error();
            } else {
                target = std::move(result).value();
            }
            round->done();
        };
    };
    round->left = 4;
    round->then = [this, shape, switchSpeeds, nicRates, families, error, instance] {
        m_discovering = false;
        if (*error) {
            storeFailed((*error)->message);
            m_discoveryTimer.start(std::min(m_options.discoveryMs, 5000));
            return;
        }
        applyLineRates(*shape, *switchSpeeds, *nicRates);
        applyFamilies(*shape, *families);
        finishDiscovery(std::move(*shape), *instance);
    };
    m_client->series(discoveryMatchers(), now - 10 * 60 * 1000, now,
                     [error, round, shape, instance](Result<QList<prom::LabelSet>> r) {
                         if (!r) {
                             if (!*error)
                                 *error = r.error();
                         } else {
                             *shape = shapeFromSeries(*r);
                             for (const prom::LabelSet &s : *r) {
                                 *instance = s.value(QStringLiteral("instance"));
                                 if (!instance->isEmpty())
                                     break;
                             }
                         }
                         round->done();
                     });
    m_client->query(QStringLiteral("max by (switch, interface) (nxos_interface_speed_bytes)"),
                    rowLabels(RowKey::SwitchPort), keep(*switchSpeeds));
    m_client->query(
        QStringLiteral("max by (instance, device, port) (node_infiniband_rate_bytes_per_second)"),
        rowLabels(RowKey::NicPort), keep(*nicRates));
    // Which counter families each switch and each host reports (absent is not zero).
    m_client->query(
        QStringLiteral("count by (__name__, switch) ({__name__=~\"%1\"}) or count by "
                       "(__name__, instance) ({__name__=~\"%2\"})")
            .arg(familyRegex(false), familyRegex(true)),
        {QStringLiteral("__name__"), QStringLiteral("switch"), QStringLiteral("instance")},
        [families, error, round](Result<QList<prom::PromSample>> r) {
            if (!r) {
                if (!*error)
                    *error = r.error();
            } else {
                for (prom::PromSample s : *r) {
                    // (name, device): the switch, else the host's target.
                    const QString device
                        = s.labels.value(1).isEmpty() ? s.labels.value(2) : s.labels.value(1);
                    s.labels = {s.labels.value(0), device};
                    families->append(s);
                }
            }
            round->done();
        });
}

void FleetPoller::finishDiscovery(FleetShape shape, const QString &sampleInstance)
{
    m_shape = std::move(shape);
    m_haveShape = true;
    storeAnswered();
    const size_t signature = m_shape.signature();
    if (signature != m_signature) {
        m_signature = signature;
        emit m_owner->shapeReady(leafSpineOfShape(m_shape, m_store), int(m_shape.switches.size()),
                                 m_shape.hostCount());
    }
    // An empty store (nothing scraped yet) is asked again soon rather than in a minute.
    m_discoveryTimer.start(m_shape.isEmpty() ? std::min(m_options.discoveryMs, 5000)
                                             : m_options.discoveryMs);
    if (m_options.intervalMs > 0 || sampleInstance.isEmpty()) {
        startRefreshing(m_options.intervalMs > 0 ? m_options.intervalMs : 15000);
        return;
    }
    // The store's scrape interval, from one target's raw `up` samples.
    m_client->rawSamples(QStringLiteral("up{instance=%1}[2m]").arg(quoted(sampleInstance)), {},
                         [this](Result<QList<prom::PromSeries>> r) {
                             const int gap = r ? medianGapMs(*r) : 0;
                             startRefreshing(gap > 0 ? gap : 15000);
                         });
}

void FleetPoller::startRefreshing(int intervalMs)
{
    intervalMs = std::clamp(intervalMs, 1000, 300000);
    // irate() needs two samples in its window: four scrape intervals leave room for a late
    // or a missed scrape.
    const int windowS = std::max(2, (4 * intervalMs + 999) / 1000);
    const QString window = QString::number(windowS) + QLatin1Char('s');
    const bool first = m_intervalMs == 0;
    emit m_owner->portsReady(portIndexOf(m_shape), intervalMs);
    if (intervalMs != m_intervalMs || window != m_window) {
        m_intervalMs = intervalMs;
        m_window = window;
        m_refreshTimer.start(m_intervalMs);
    }
    if (first)
        refresh();
}

void FleetPoller::refresh()
{
    if (!m_haveShape)
        return;
    if (m_refreshing) {
        // Not stacked: a slow store gets one refresh at a time, and says so when it lags.
        if (m_refreshStarted.elapsed() > 3 * qint64(m_intervalMs))
            storeFailed(FleetText::tr("%1 has not answered a refresh for %2 s (interval %3 s)")
                            .arg(m_store)
                            .arg(m_refreshStarted.elapsed() / 1000)
                            .arg(m_intervalMs / 1000.0));
        return;
    }
    m_refreshing = true;
    m_refreshStarted.start();
    const qint64 takenMs = nowMs();
    const QList<FleetQuery> &queries = fleetQueries();
    auto answers = std::make_shared<FleetAnswers>();
    auto error = std::make_shared<std::optional<Error>>();
    auto samples = std::make_shared<int>(0);
    auto round = std::make_shared<Round>();
    answers->metrics.resize(queries.size());
    int requests = 4;
    for (qsizetype q = 0; q < queries.size(); ++q) {
        answers->metrics[q].resize(queries.at(q).parts.size());
        requests += int(queries.at(q).parts.size());
    }
    round->left = requests;
    round->then = [this, answers, error, samples, takenMs, requests] {
        m_refreshing = false;
        if (*error) {
            storeFailed((*error)->message);
            return;
        }
        storeAnswered();
        reportDevices(*answers);
        const QList<model::SourceFrame> frames
            = framesFromAnswers(m_shape, *answers, takenMs, m_direct);
        FleetRefresh stats;
        stats.takenMs = takenMs;
        stats.queries = requests;
        stats.samples = *samples;
        stats.devices = int(frames.size());
        for (const model::SourceFrame &f : frames) {
            stats.ports += int(f.ports.size());
            emit m_owner->updated(f);
        }
        stats.elapsedMs = m_refreshStarted.elapsed();
        stats.intervalMs = m_intervalMs;
        stats.window = m_window;
        emit m_owner->refreshed(stats);
    };
    auto collect = [error, round, samples](QList<prom::PromSample> &target, const QString &what,
                                           QStringList *issues) {
        return [error, round, samples, &target, what, issues](Result<QList<prom::PromSample>> r) {
            if (!r) {
                if (storeLevel(r.error()) || !issues) {
                    if (!*error)
                        *error = r.error();
                } else {
                    issues->append(what + QStringLiteral(": ") + r.error().message);
                }
            } else {
                *samples += int(r->size());
                target = std::move(r).value();
            }
            round->done();
        };
    };
    for (qsizetype q = 0; q < queries.size(); ++q) {
        const QList<FleetQueryPart> parts = queries.at(q).resolved(m_window);
        const QString what = QLatin1String(model::metricInfo(queries.at(q).metric).key);
        for (qsizetype p = 0; p < parts.size(); ++p)
            m_client->query(parts.at(p).promql, rowLabels(parts.at(p).key),
                            collect(answers->metrics[q][p], what, &answers->issues));
    }
    m_client->query(QStringLiteral("max by (switch, interface) (nxos_interface_up) == 0"),
                    rowLabels(RowKey::SwitchPort),
                    collect(answers->switchPortsDown, QStringLiteral("state"), &answers->issues));
    m_client->query(
        QStringLiteral("max by (instance, device, port) (node_infiniband_state_id) != 4"),
        rowLabels(RowKey::NicPort),
        collect(answers->nicPortsDown, QStringLiteral("state"), &answers->issues));
    auto switchesDown = std::make_shared<QList<prom::PromSample>>();
    auto targetsDown = std::make_shared<QList<prom::PromSample>>();
    m_client->query(QStringLiteral("max by (switch) (nxos_up) == 0"), {QStringLiteral("switch")},
                    [answers, inner = collect(*switchesDown, QStringLiteral("nxos_up"), nullptr),
                     switchesDown](Result<QList<prom::PromSample>> r) {
                        if (r)
                            for (const prom::PromSample &s : *r)
                                answers->switchesDown.insert(s.labels.value(0));
                        inner(std::move(r));
                    });
    m_client->query(QStringLiteral("max by (instance) (up) == 0"), {QStringLiteral("instance")},
                    [answers, inner = collect(*targetsDown, QStringLiteral("up"), nullptr),
                     targetsDown](Result<QList<prom::PromSample>> r) {
                        if (r)
                            for (const prom::PromSample &s : *r)
                                answers->instancesDown.insert(s.labels.value(0));
                        inner(std::move(r));
                    });
}

void FleetPoller::reportDevices(const FleetAnswers &answers)
{
    QSet<QString> down;
    for (const QString &sw : answers.switchesDown) {
        down.insert(sw);
        if (!m_devicesDown.contains(sw))
            emit m_owner->deviceDown(sw, QStringLiteral("switch"),
                                     FleetText::tr("the exporter cannot poll %1 (nxos_up is 0 in "
                                                   "%2)")
                                         .arg(sw, m_store));
    }
    for (const QString &instance : answers.instancesDown) {
        if (!m_shape.hostOfInstance.contains(instance))
            continue;  // a target that is neither a switch exporter nor a host of the map
        down.insert(instance);
        if (!m_devicesDown.contains(instance))
            emit m_owner->deviceDown(
                instance, QStringLiteral("agent"),
                FleetText::tr("%1 (%2) is not scraped (up is 0 in %3)")
                    .arg(m_shape.hostOfInstance.value(instance), instance, m_store));
    }
    // Devices that answer again: their next frame makes their source ok; the alert is let go.
    for (const QString &d : std::as_const(m_devicesDown))
        if (!down.contains(d))
            emit m_owner->deviceBack(d,
                                     m_shape.hostOfInstance.contains(d) ? QStringLiteral("agent")
                                                                        : QStringLiteral("switch"));
    m_devicesDown = down;
}

void FleetPoller::storeFailed(const QString &message)
{
    m_storeFailed = true;
    emit m_owner->failed(m_store, message);
}

void FleetPoller::storeAnswered()
{
    if (!m_storeFailed)
        return;
    m_storeFailed = false;
    emit m_owner->recovered(m_store);
}

FleetSource::FleetSource(QObject *parent) : QObject(parent)
{
    qRegisterMetaType<roce::fleet::FleetRefresh>();
    qRegisterMetaType<roce::model::SourceFrame>();
    qRegisterMetaType<roce::models::LeafSpineFabric>();
}

FleetSource::~FleetSource()
{
    stop();
}

QString FleetSource::storeSourceName(const prom::PromEndpoint &endpoint)
{
    return endpoint.displayName();
}

void FleetSource::start(const FleetOptions &options)
{
    m_worker.start([this, options](QObject *worker) {
        auto *poller = new FleetPoller(options, this, worker);
        poller->begin();
    });
}

void FleetSource::stop()
{
    m_worker.stop();
}

void FleetSource::setDirectHosts(const QStringList &hosts)
{
    QObject *worker = m_worker.worker();
    if (!worker)
        return;
    const QSet<QString> set(hosts.cbegin(), hosts.cend());
    QMetaObject::invokeMethod(
        worker,
        [worker, set] {
            for (QObject *child : worker->children())
                if (auto *p = dynamic_cast<FleetPoller *>(child))
                    p->setDirectHosts(set);
        },
        Qt::QueuedConnection);
}

FleetSource *watchFleet(live::LiveFabric &hub, const FleetOptions &options)
{
    auto fleet = std::make_unique<FleetSource>();
    FleetSource *raw = fleet.get();
    QObject::connect(
        raw, &FleetSource::updated, &hub,
        [&hub](const model::SourceFrame &f) { hub.ingest(f, QStringLiteral("prometheus")); },
        Qt::DirectConnection);
    QObject::connect(
        raw, &FleetSource::failed, &hub,
        [&hub](const QString &store, const QString &message) {
            hub.fail(store, QStringLiteral("store"), message);
        },
        Qt::DirectConnection);
    QObject::connect(
        raw, &FleetSource::recovered, &hub,
        [&hub](const QString &store) { hub.back(store, QStringLiteral("store")); },
        Qt::DirectConnection);
    QObject::connect(
        raw, &FleetSource::deviceDown, &hub,
        [&hub](const QString &source, const QString &kind, const QString &message) {
            hub.fail(source, kind, message);
        },
        Qt::DirectConnection);
    QObject::connect(
        raw, &FleetSource::deviceBack, &hub,
        [&hub](const QString &source, const QString &kind) { hub.back(source, kind); },
        Qt::DirectConnection);
    hub.watchSource(std::move(fleet));
    raw->start(options);
    return raw;
}

}  // namespace roce::fleet
