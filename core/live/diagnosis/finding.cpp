#include "live/diagnosis/finding.h"

#include <QJsonArray>

#include <cmath>

namespace roce::diagnosis {

QString severityName(Severity severity)
{
    switch (severity) {
    case Severity::Info:
        return QStringLiteral("info");
    case Severity::Warning:
        return QStringLiteral("warning");
    case Severity::Critical:
        break;
    }
    return QStringLiteral("critical");
}

namespace {

Severity severityFrom(const QString &name)
{
    if (name == QLatin1String("info"))
        return Severity::Info;
    if (name == QLatin1String("critical"))
        return Severity::Critical;
    return Severity::Warning;
}

/// Rates to two decimals: evidence is read by people and compared by scripts, not summed.
double rounded(double v)
{
    return std::isfinite(v) ? std::round(v * 100.0) / 100.0 : 0.0;
}

}  // namespace

QJsonObject findingToJson(const Finding &f)
{
    QJsonArray evidence;
    for (const Evidence &e : f.evidence) {
        QJsonObject o {{QStringLiteral("id"), e.id},
                       {QStringLiteral("metric"), e.metric},
                       {QStringLiteral("value"), rounded(e.value)}};
        if (!e.text.isEmpty())
            o.insert(QStringLiteral("text"), e.text);
        if (!e.note.isEmpty())
            o.insert(QStringLiteral("note"), e.note);
        evidence.append(o);
    }
    QJsonArray tree;
    for (const PauseEdge &edge : f.pauseTree)
        tree.append(QJsonObject {{QStringLiteral("victim"), edge.victim},
                                 {QStringLiteral("pauser"), edge.pauser}});
    return {{QStringLiteral("kind"), f.kind},
            {QStringLiteral("location"), f.location},
            {QStringLiteral("severity"), severityName(f.severity)},
            {QStringLiteral("summary"), f.summary},
            {QStringLiteral("evidence"), evidence},
            {QStringLiteral("explains"), QJsonArray::fromStringList(f.explains)},
            {QStringLiteral("what_to_check"), f.whatToCheck},
            {QStringLiteral("victims"), QJsonArray::fromStringList(f.victims)},
            {QStringLiteral("pause_tree"), tree},
            {QStringLiteral("since_ms"), double(f.sinceMs)},
            {QStringLiteral("raised_ms"), double(f.raisedMs)},
            {QStringLiteral("last_ms"), double(f.lastMs)},
            {QStringLiteral("raised_after_s"), rounded(f.raisedAfterS())},
            {QStringLiteral("active"), f.active}};
}

Finding findingFromJson(const QJsonObject &o)
{
    Finding f;
    f.kind = o.value(QStringLiteral("kind")).toString();
    f.location = o.value(QStringLiteral("location")).toString();
    f.severity = severityFrom(o.value(QStringLiteral("severity")).toString());
    f.summary = o.value(QStringLiteral("summary")).toString();
    const QJsonArray evidence = o.value(QStringLiteral("evidence")).toArray();
    for (const QJsonValue &v : evidence) {
        const QJsonObject e = v.toObject();
        f.evidence.append({e.value(QStringLiteral("id")).toString(),
                           e.value(QStringLiteral("metric")).toString(),
                           e.value(QStringLiteral("value")).toDouble(),
                           e.value(QStringLiteral("text")).toString(),
                           e.value(QStringLiteral("note")).toString()});
    }
    const auto strings = [&](const char *key) {
        QStringList out;
        const QJsonArray list = o.value(QLatin1String(key)).toArray();
        for (const QJsonValue &v : list)
            out.append(v.toString());
        return out;
    };
    f.explains = strings("explains");
    f.victims = strings("victims");
    f.whatToCheck = o.value(QStringLiteral("what_to_check")).toString();
    const QJsonArray tree = o.value(QStringLiteral("pause_tree")).toArray();
    for (const QJsonValue &v : tree) {
        const QJsonObject e = v.toObject();
        f.pauseTree.append({e.value(QStringLiteral("victim")).toString(),
                            e.value(QStringLiteral("pauser")).toString()});
    }
    f.sinceMs = qint64(o.value(QStringLiteral("since_ms")).toDouble());
    f.raisedMs = qint64(o.value(QStringLiteral("raised_ms")).toDouble());
    f.lastMs = qint64(o.value(QStringLiteral("last_ms")).toDouble());
    f.active = o.value(QStringLiteral("active")).toBool(true);
    return f;
}

bool findingBefore(const Finding &a, const Finding &b)
{
    if (a.active != b.active)
        return a.active;
    if (a.severity != b.severity)
        return a.severity > b.severity;
    if (a.raisedMs != b.raisedMs)
        return a.raisedMs < b.raisedMs;
    return a.key() < b.key();
}

}  // namespace roce::diagnosis
