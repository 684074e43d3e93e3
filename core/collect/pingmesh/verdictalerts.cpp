#include "collect/pingmesh/verdictalerts.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace roce::pingmesh {

namespace {

class VerdictText
{
    Q_DECLARE_TR_FUNCTIONS(VerdictText)
};

/// The figure an alert shows for a kind of verdict.
double mainValue(const Verdict &v)
{
    for (const char *key : {"loss_pct", "turnaround_p50_us", "rtt_p50_us", "paused_pct",
                            "cycles_last_minute", "queue_bytes", "in_errors_per_s", "own_ms"}) {
        const QJsonValue value = v.evidence.value(QLatin1String(key));
        if (value.isDouble())
            return value.toDouble();
    }
    return 0;
}

}  // namespace

QString verdictTitle(const QString &kind)
{
    if (kind == QLatin1String("nic"))
        return VerdictText::tr("Bad NIC");
    if (kind == QLatin1String("host"))
        return VerdictText::tr("Bad host");
    if (kind == QLatin1String("link"))
        return VerdictText::tr("Bad link");
    if (kind == QLatin1String("slow_host"))
        return VerdictText::tr("Slow host");
    if (kind == QLatin1String("congestion"))
        return VerdictText::tr("Congested port");
    if (kind == QLatin1String("pause_cost"))
        return VerdictText::tr("Pauses cost line rate");
    if (kind == QLatin1String("pfcwd_flap"))
        return VerdictText::tr("PFC watchdog flapping");
    if (kind == QLatin1String("pfcwd_missed"))
        return VerdictText::tr("Pause storm the watchdog missed");
    if (kind == QLatin1String("ecn_not_marking"))
        return VerdictText::tr("ECN configured but not marking");
    if (kind == QLatin1String("slow_rank"))
        return VerdictText::tr("Slow training rank");
    return kind;
}

monitor::Alert verdictToAlert(const Verdict &verdict)
{
    monitor::Alert a;
    a.rule = QStringLiteral("pingmesh_") + verdict.kind;
    a.port = verdict.subject();
    a.severity = verdict.kind == u"nic" || verdict.kind == u"host" || verdict.kind == u"link"
        ? monitor::Alert::Severity::Critical
        : monitor::Alert::Severity::Warning;
    a.title = verdictTitle(verdict.kind);
    a.meaning = verdict.summary;
    a.check = verdict.check;
    a.value = mainValue(verdict);
    return a;
}

QList<monitor::Alert> findingsToAlerts(const QByteArray &json)
{
    QList<monitor::Alert> out;
    const QJsonArray list = QJsonDocument::fromJson(json).array();
    for (const QJsonValue &value : list) {
        const QJsonObject o = value.toObject();
        Verdict v;
        v.kind = o.value(QStringLiteral("kind")).toString();
        if (v.kind.isEmpty())
            continue;
        v.host = o.value(QStringLiteral("host")).toString();
        v.nic = o.value(QStringLiteral("nic")).toString();
        v.port = o.value(QStringLiteral("port")).toString();
        v.summary = o.value(QStringLiteral("summary")).toString();
        v.check = o.value(QStringLiteral("check")).toString();
        v.evidence = o.value(QStringLiteral("evidence")).toObject();
        out.append(verdictToAlert(v));
    }
    return out;
}

}  // namespace roce::pingmesh
