#include "live/recording/annotation.h"

#include <QCoreApplication>
#include <QDateTime>

#include <atomic>

namespace roce::recording {

namespace {

class AnnotationText
{
    Q_DECLARE_TR_FUNCTIONS(AnnotationText)
};

}  // namespace

QJsonObject annotationToJson(const Annotation &a)
{
    QJsonObject json {{QStringLiteral("id"), a.id},
                      {QStringLiteral("from_ms"), a.fromMs},
                      {QStringLiteral("to_ms"), a.toMs},
                      {QStringLiteral("text"), a.text},
                      {QStringLiteral("created_ms"), a.createdMs}};
    if (!a.port.isEmpty())
        json.insert(QStringLiteral("port"), a.port);
    return json;
}

std::optional<Annotation> annotationFromJson(const QJsonObject &json, QString *error)
{
    auto fail = [error](const char *field) -> std::optional<Annotation> {
        if (error)
            *error = AnnotationText::tr("annotation: \"%1\" is missing or not valid")
                         .arg(QLatin1String(field));
        return std::nullopt;
    };
    // Times are ms since the epoch: integers a double holds exactly.
    auto integer = [&json](const char *key, qint64 *out) {
        const QJsonValue v = json.value(QLatin1String(key));
        if (!v.isDouble())
            return false;
        const double d = v.toDouble();
        if (d != double(qint64(d)) || d < 0 || d > 9.0e15)
            return false;
        *out = qint64(d);
        return true;
    };
    Annotation a;
    if (!integer("id", &a.id))
        return fail("id");
    if (!integer("from_ms", &a.fromMs))
        return fail("from_ms");
    if (!integer("to_ms", &a.toMs) || a.toMs < a.fromMs)
        return fail("to_ms");
    if (!json.value(QStringLiteral("text")).isString())
        return fail("text");
    a.text = json.value(QStringLiteral("text")).toString();
    const QJsonValue port = json.value(QStringLiteral("port"));
    if (!port.isUndefined() && !port.isString())
        return fail("port");
    a.port = port.toString();
    if (json.contains(QStringLiteral("created_ms")) && !integer("created_ms", &a.createdMs))
        return fail("created_ms");
    return a;
}

qint64 nextAnnotationId()
{
    static std::atomic<qint64> last {0};
    const qint64 now = QDateTime::currentMSecsSinceEpoch() * 1000;
    qint64 previous = last.load();
    qint64 next;
    do
        next = std::max(now, previous + 1);
    while (!last.compare_exchange_weak(previous, next));
    return next;
}

}  // namespace roce::recording
