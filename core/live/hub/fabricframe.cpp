#include "live/hub/fabricframe.h"

#include <QJsonArray>

namespace roce::live {

QLatin1String SourceState::stateName(State s)
{
    switch (s) {
    case State::Connecting:
        return QLatin1String("connecting");
    case State::Ok:
        return QLatin1String("ok");
    case State::Failed:
        return QLatin1String("failed");
    case State::NeedsPassword:
        return QLatin1String("needs_password");
    }
    return QLatin1String("unknown");
}

QJsonObject portToJson(const model::PortSample &port, qint64 ageMs, bool stale)
{
    QJsonObject o {
        {QStringLiteral("id"), port.id.key()},    {QStringLiteral("device"), port.id.device()},
        {QStringLiteral("port"), port.id.port()}, {QStringLiteral("kind"), port.id.kindName()},
        {QStringLiteral("state"), port.state},    {QStringLiteral("stale"), stale},
        {QStringLiteral("age_ms"), double(ageMs)}};
    if (!port.peer.isEmpty())
        o.insert(QStringLiteral("peer"), port.peer);
    for (const model::MetricInfo &m : model::metrics()) {
        if (const auto v = port.value(m.id))
            o.insert(QLatin1String(m.key), *v);
    }
    if (!port.resets.isEmpty())
        o.insert(QStringLiteral("resets"), QJsonArray::fromStringList(port.resets));
    return o;
}

QJsonObject alertToJson(const monitor::Alert &a)
{
    QJsonObject o {{QStringLiteral("rule"), a.rule},
                   {QStringLiteral("port"), a.port},
                   {QStringLiteral("source"), a.source},
                   {QStringLiteral("severity"),
                    a.severity == monitor::Alert::Severity::Critical ? QStringLiteral("critical")
                                                                     : QStringLiteral("warning")},
                   {QStringLiteral("active"), a.active},
                   {QStringLiteral("title"), a.title},
                   {QStringLiteral("value"), a.value},
                   {QStringLiteral("first_ms"), double(a.firstMs)},
                   {QStringLiteral("last_ms"), double(a.lastMs)}};
    // Set once the diagnosis explains it: the finding it belongs to, and who causes it.
    if (!a.finding.isEmpty())
        o.insert(QStringLiteral("finding"), a.finding);
    if (!a.cause.isEmpty())
        o.insert(QStringLiteral("cause"), a.cause);
    return o;
}

QJsonObject sourceToJson(const SourceState &s)
{
    QJsonObject o {{QStringLiteral("name"), s.name},
                   {QStringLiteral("kind"), s.kind},
                   {QStringLiteral("state"), SourceState::stateName(s.state)},
                   {QStringLiteral("ports"), int(s.ports.size())}};
    if (!s.device.isEmpty())
        o.insert(QStringLiteral("device"), s.device);
    if (!s.error.isEmpty())
        o.insert(QStringLiteral("error"), s.error);
    if (s.lastFrameMs > 0)
        o.insert(QStringLiteral("last_frame_ms"), double(s.lastFrameMs));
    return o;
}

}  // namespace roce::live
