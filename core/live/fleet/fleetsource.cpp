#include "live/fleet/fleetsource.h"

#include "live/fleet/fleetrules.h"
#include "live/fleet/fleetshape.h"
#include "live/hub/livefabric.h"
#include "prometheus/query/promclient.h"

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

/// Puts the rows of a recorded family (labelled with the frame key in "metric") where the
/// same metric's own query would have put them.
void routeRecorded(FleetAnswers &answers, const RecordedFamily &family,
                   QList<prom::PromSample> &&rows)
{
    const QList<FleetQuery> &queries = fleetQueries();
    QHash<QString, std::pair<qsizetype, qsizetype>> slot;  // frame key -> (query, part)
    for (qsizetype q = 0; q < queries.size(); ++q) {
        if (queries.at(q).nic != family.nic || queries.at(q).sparse != family.sparse)
            continue;
        for (qsizetype p = 0; p < queries.at(q).parts.size(); ++p)
            if (queries.at(q).parts.at(p).first == family.key)
                slot.insert(QLatin1String(model::metricInfo(queries.at(q).metric).key), {q, p});
    }
    const int keyLabels = int(rowLabels(family.key).size());
    for (prom::PromSample &row : rows) {
        const auto at = slot.constFind(row.labels.value(keyLabels));
        if (at == slot.constEnd())
            continue;  // a metric this console does not know (rules of a newer one)
        row.labels.resize(keyLabels);
        answers.metrics[at->first][at->second].append(std::move(row));
    }
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
    /// A refresh's answers, to publish.
    struct Pending {
        std::shared_ptr<FleetAnswers> answers;
        qint64 takenMs = 0;
        int requests = 0, samples = 0;
        qint64 parseMs = 0;
    };
    void publish(const Pending &done);

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
    bool m_recorded = false;  ///< the store runs our recording rules
};

void FleetPoller::discover()
{
    if (m_discovering)
        return;
    m_discovering = true;
    const qint64 now = QDateTime::currentMSecsSinceEpoch();
    auto round = std::make_shared<Round>();
    auto shape = std::make_shared<FleetShape>();
    auto switchSpeeds = std::make_shared<QList<prom::PromSample>>();
    auto nicRates = std::make_shared<QList<prom::PromSample>>();
    auto families = std::make_shared<QStringList>();
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
    auto recorded = std::make_shared<QList<prom::PromSample>>();
    // One series request per family, side by side: VictoriaMetrics answers /api/v1/series
    // with at most 30,000 series (-search.maxSeries), and a 2,048-host fleet's info series
    // together are more than that, while each family alone is well under it.
    const QStringList matchers = discoveryMatchers();
    auto parts = std::make_shared<QList<QList<prom::LabelSet>>>(matchers.size());
    round->left = 4 + int(matchers.size());
    round->then
        = [this, shape, switchSpeeds, nicRates, families, error, instance, recorded, parts] {
              m_discovering = false;
              if (*error) {
                  storeFailed((*error)->message);
                  m_discoveryTimer.start(std::min(m_options.discoveryMs, 5000));
                  return;
              }
              QList<prom::LabelSet> series;
              for (const QList<prom::LabelSet> &part : std::as_const(*parts))
                  series.append(part);
              *shape = shapeFromSeries(series);
              for (const prom::LabelSet &s : std::as_const(series)) {
                  *instance = s.value(QStringLiteral("instance"));
                  if (!instance->isEmpty())
                      break;
              }
              applyLineRates(*shape, *switchSpeeds, *nicRates);
              applyFamilies(*shape, *families);
              m_recorded = !recorded->isEmpty();
              finishDiscovery(std::move(*shape), *instance);
          };
    // Whether the store runs our recording rules (rocectl fleet --print-rules).
    m_client->query(
        QStringLiteral("count by (__name__) ({__name__=~\"roce:fleet_(switch|nic)_rate\"})"),
        {QStringLiteral("__name__")}, keep(*recorded));
    for (qsizetype i = 0; i < matchers.size(); ++i) {
        m_client->series({matchers.at(i)}, now - 10 * 60 * 1000, now,
                         [error, round, parts, i](Result<QList<prom::LabelSet>> r) {
                             if (!r) {
                                 if (!*error)
                                     *error = r.error();
                             } else {
                                 (*parts)[i] = std::move(r).value();
                             }
                             round->done();
                         });
    }
    m_client->query(QStringLiteral("max by (switch, interface) (nxos_interface_speed_bytes)"),
                    rowLabels(RowKey::SwitchPort), keep(*switchSpeeds));
    m_client->query(
        QStringLiteral("max by (instance, device, port) (node_infiniband_rate_bytes_per_second)"),
        rowLabels(RowKey::NicPort), keep(*nicRates));
    // Which counter families the store holds (absent is not zero), from its index alone.
    m_client->labelValues(QStringLiteral("__name__"), now - 10 * 60 * 1000, now,
                          [families, error, round](Result<QStringList> r) {
                              if (!r) {
                                  if (!*error)
                                      *error = r.error();
                              } else {
                                  *families = std::move(r).value();
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
    m_client->rawSamples(
        QStringLiteral("up{instance=%1}[2m]").arg(prom::promString(sampleInstance)), {},
        [this](const Result<QList<prom::PromSeries>> &r) {
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
        if (m_intervalMs > 0 && m_refreshStarted.elapsed() > 3 * qint64(m_intervalMs))
            storeFailed(FleetText::tr("%1 has not answered a refresh for %2 s (interval %3 s)")
                            .arg(m_store)
                            .arg(m_refreshStarted.elapsed() / 1000)
                            .arg(m_intervalMs / 1000.0));
        return;
    }
    m_refreshing = true;
    m_refreshStarted.start();
    const qint64 takenMs = QDateTime::currentMSecsSinceEpoch();
    const qint64 parsedBefore = m_client->parseNs();
    const QList<FleetQuery> &queries = fleetQueries();
    auto answers = std::make_shared<FleetAnswers>();
    auto error = std::make_shared<std::optional<Error>>();
    auto samples = std::make_shared<int>(0);
    auto round = std::make_shared<Round>();
    answers->metrics.resize(queries.size());
    for (qsizetype q = 0; q < queries.size(); ++q)
        answers->metrics[q].resize(queries.at(q).parts.size());

    // What to ask, and where each answer's rows go.
    struct Ask {
        QString promql;
        QStringList labels;
        QString what;             ///< for issues: the metric, or "state"
        bool storeLevel = false;  ///< a failure means the store failed (not one query)
        std::function<void(QList<prom::PromSample> &&)> sink;
    };
    QList<Ask> asks;
    if (m_recorded) {
        // The recording rules' series: a few reads instead of every raw counter.
        for (const RecordedFamily &family : recordedFamilies()) {
            QStringList labels = rowLabels(family.key);
            labels.append(QStringLiteral("metric"));
            asks.append({family.name, labels, family.name, false,
                         [answers, family](QList<prom::PromSample> &&rows) {
                             routeRecorded(*answers, family, std::move(rows));
                         }});
        }
        asks.append(
            {kSwitchPortDownRule, rowLabels(RowKey::SwitchPort), QStringLiteral("state"), false,
             [answers](QList<prom::PromSample> &&r) { answers->switchPortsDown = std::move(r); }});
        asks.append(
            {kNicPortStateRule, rowLabels(RowKey::NicPort), QStringLiteral("state"), false,
             [answers](QList<prom::PromSample> &&r) { answers->nicPortsDown = std::move(r); }});
    } else {
        for (qsizetype q = 0; q < queries.size(); ++q) {
            const QList<FleetQueryPart> parts = queries.at(q).resolved(m_window);
            const QString what = QLatin1String(model::metricInfo(queries.at(q).metric).key);
            for (qsizetype p = 0; p < parts.size(); ++p)
                asks.append({parts.at(p).promql, rowLabels(parts.at(p).key), what, false,
                             [answers, q, p](QList<prom::PromSample> &&r) {
                                 answers->metrics[q][p] = std::move(r);
                             }});
        }
        asks.append(
            {QStringLiteral("max by (switch, interface) (nxos_interface_up) == 0"),
             rowLabels(RowKey::SwitchPort), QStringLiteral("state"), false,
             [answers](QList<prom::PromSample> &&r) { answers->switchPortsDown = std::move(r); }});
        asks.append(
            {QStringLiteral("max by (instance, device, port) (node_infiniband_state_id) != 4"),
             rowLabels(RowKey::NicPort), QStringLiteral("state"), false,
             [answers](QList<prom::PromSample> &&r) { answers->nicPortsDown = std::move(r); }});
    }
    asks.append({QStringLiteral("max by (switch) (nxos_up) == 0"),
                 {QStringLiteral("switch")},
                 QStringLiteral("nxos_up"),
                 true,
                 [answers](QList<prom::PromSample> &&r) {
                     for (const prom::PromSample &s : r)
                         answers->switchesDown.insert(s.labels.value(0));
                 }});
    asks.append({QStringLiteral("max by (instance) (up) == 0"),
                 {QStringLiteral("instance")},
                 QStringLiteral("up"),
                 true,
                 [answers](QList<prom::PromSample> &&r) {
                     for (const prom::PromSample &s : r)
                         answers->instancesDown.insert(s.labels.value(0));
                 }});

    const int requests = int(asks.size());
    round->left = requests;
    round->then = [this, answers, error, samples, takenMs, requests, parsedBefore] {
        m_refreshing = false;
        if (*error) {
            storeFailed((*error)->message);
            return;
        }
        storeAnswered();
        publish(
            {answers, takenMs, requests, *samples, (m_client->parseNs() - parsedBefore) / 1000000});
    };
    for (Ask &ask : asks) {
        m_client->query(ask.promql, ask.labels,
                        [error, round, samples, answers, what = ask.what, level = ask.storeLevel,
                         sink = std::move(ask.sink)](Result<QList<prom::PromSample>> r) {
                            if (!r) {
                                if (level || storeLevel(r.error())) {
                                    if (!*error)
                                        *error = r.error();
                                } else {
                                    answers->issues.append(what + QStringLiteral(": ")
                                                           + r.error().message);
                                }
                            } else {
                                *samples += int(r->size());
                                sink(std::move(r).value());
                            }
                            round->done();
                        });
    }
}

void FleetPoller::publish(const Pending &done)
{
    QElapsedTimer build;
    build.start();
    reportDevices(*done.answers);
    const QList<model::SourceFrame> frames
        = framesFromAnswers(m_shape, *done.answers, done.takenMs, m_direct);
    FleetRefresh stats;
    stats.takenMs = done.takenMs;
    stats.queries = done.requests;
    stats.samples = done.samples;
    stats.devices = int(frames.size());
    stats.recorded = m_recorded;
    for (const model::SourceFrame &f : frames) {
        stats.ports += int(f.ports.size());
        emit m_owner->updated(f);
    }
    stats.elapsedMs = m_refreshStarted.elapsed();
    stats.consoleMs = done.parseMs + build.elapsed();
    stats.intervalMs = m_intervalMs;
    stats.window = m_window;
    emit m_owner->refreshed(stats);
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
    // The frames' contract: a row is stale after 5 s or three refreshes without an update (and
    // at once when the store fails, which the hub knows from the store's own state).
    QObject::connect(raw, &FleetSource::refreshed, &hub, [&hub](const FleetRefresh &r) {
        hub.setStaleAfterMs(std::max<qint64>(5000, 3 * qint64(r.intervalMs)));
    });
    hub.watchSource(std::move(fleet));
    raw->start(options);
    return raw;
}

}  // namespace roce::fleet
