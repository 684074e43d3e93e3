#include "prometheus/query/promresponse.h"

#include "prometheus/query/vectorscanner.h"
#include "proto/agentproto/logsafe.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>

namespace roce::prom {

namespace {

class ResponseText
{
    Q_DECLARE_TR_FUNCTIONS(ResponseText)
};

/// The start of a body that is not what was asked for, as it may go to a terminal or a log:
/// control characters escaped (a hostile or broken store must not write escape sequences to
/// the operator's screen).
QString preview(const QByteArray &body)
{
    QString text = agentproto::escapeForLog(QString::fromUtf8(body.left(120)).simplified());
    if (body.size() > 120)
        text += QStringLiteral("…");
    return text;
}

/// The "data" object of a success envelope, or the error the body carries.
Result<QJsonValue> successData(const QByteArray &body)
{
    QJsonParseError parseError;
    const QJsonDocument doc = QJsonDocument::fromJson(body, &parseError);
    if (parseError.error != QJsonParseError::NoError || !doc.isObject())
        return Error {ErrorCode::Parse,
                      ResponseText::tr("the answer is not the query API's JSON (%1 at byte %2): "
                                       "is the URL or the path prefix right? It began: %3")
                          .arg(parseError.errorString())
                          .arg(parseError.offset)
                          .arg(preview(body))};
    const QJsonObject root = doc.object();
    const QString status = root.value(QLatin1String("status")).toString();
    if (status == QLatin1String("error"))
        return Error {ErrorCode::ServerError,
                      ResponseText::tr("the store refused the query (%1): %2")
                          .arg(root.value(QLatin1String("errorType")).toString(),
                               root.value(QLatin1String("error")).toString())};
    if (status != QLatin1String("success") || !root.contains(QLatin1String("data")))
        return Error {ErrorCode::Parse,
                      ResponseText::tr("the answer has no \"status\":\"success\" and \"data\": %1")
                          .arg(preview(body))};
    return root.value(QLatin1String("data"));
}

/// [ts, "value"]: the time in ms and the value; false when it is not that shape.
bool readPoint(const QJsonValue &v, qint64 &ms, double &value)
{
    const QJsonArray a = v.toArray();
    if (a.size() != 2 || !a.at(0).isDouble() || !a.at(1).isString())
        return false;
    ms = qint64(std::llround(a.at(0).toDouble() * 1000.0));
    bool ok = false;
    const QString text = a.at(1).toString();
    value = text.toDouble(&ok);
    if (!ok) {
        // Prometheus spells the specials "NaN", "+Inf", "-Inf".
        if (text == QLatin1String("NaN"))
            value = std::nan("");
        else if (text == QLatin1String("+Inf") || text == QLatin1String("Inf"))
            value = HUGE_VAL;
        else if (text == QLatin1String("-Inf"))
            value = -HUGE_VAL;
        else
            return false;
    }
    return true;
}

QStringList pickLabels(const QJsonObject &metric, const QStringList &names)
{
    QStringList out;
    out.reserve(names.size());
    for (const QString &n : names)
        out.append(metric.value(n).toString());
    return out;
}

Result<QJsonArray> resultOfType(const QByteArray &body, QLatin1String type)
{
    const Result<QJsonValue> data = successData(body);
    if (!data)
        return data.error();
    const QJsonObject d = data->toObject();
    const QString got = d.value(QLatin1String("resultType")).toString();
    if (got != type)
        return Error {ErrorCode::Parse,
                      ResponseText::tr("expected a %1 result, got '%2': the query must select "
                                       "series")
                          .arg(type, got)};
    if (!d.value(QLatin1String("result")).isArray())
        return Error {ErrorCode::Parse, ResponseText::tr("the %1 result is not a list").arg(type)};
    return d.value(QLatin1String("result")).toArray();
}

}  // namespace

Error responseError(const QByteArray &body, int httpStatus)
{
    const Result<QJsonValue> data = successData(body);
    if (!data) {
        Error e = data.error();
        if (httpStatus == 503)
            e.code = ErrorCode::Busy;
        else if (httpStatus == 401 || httpStatus == 403)
            e.code = ErrorCode::AuthenticationFailed;
        if (httpStatus > 0)
            e.message = ResponseText::tr("HTTP %1: %2").arg(httpStatus).arg(e.message);
        return e;
    }
    return Error {ErrorCode::Protocol,
                  ResponseText::tr("HTTP %1 with a success body").arg(httpStatus)};
}

Result<QList<PromSample>> parseVector(const QByteArray &body, const QStringList &labelNames)
{
    if (auto fast = scanVector(body, labelNames))
        return std::move(*fast);
    return parseVectorThoroughly(body, labelNames);
}

Result<QList<PromSample>> parseVectorThoroughly(const QByteArray &body,
                                                const QStringList &labelNames)
{
    const Result<QJsonArray> result = resultOfType(body, QLatin1String("vector"));
    if (!result)
        return result.error();
    QList<PromSample> out;
    out.reserve(result->size());
    for (const QJsonValue &v : *result) {
        const QJsonObject o = v.toObject();
        PromSample s;
        if (!readPoint(o.value(QLatin1String("value")), s.ms, s.value))
            return Error {ErrorCode::Parse,
                          ResponseText::tr("a sample's value is not [time, \"number\"]")};
        if (!std::isfinite(s.value))
            continue;
        s.labels = pickLabels(o.value(QLatin1String("metric")).toObject(), labelNames);
        out.append(std::move(s));
    }
    return out;
}

Result<QList<PromSeries>> parseMatrix(const QByteArray &body, const QStringList &labelNames)
{
    const Result<QJsonArray> result = resultOfType(body, QLatin1String("matrix"));
    if (!result)
        return result.error();
    QList<PromSeries> out;
    out.reserve(result->size());
    for (const QJsonValue &v : *result) {
        const QJsonObject o = v.toObject();
        PromSeries s;
        s.labels = pickLabels(o.value(QLatin1String("metric")).toObject(), labelNames);
        const QJsonArray values = o.value(QLatin1String("values")).toArray();
        s.points.reserve(values.size());
        for (const QJsonValue &p : values) {
            qint64 ms = 0;
            double value = 0;
            if (!readPoint(p, ms, value))
                return Error {ErrorCode::Parse,
                              ResponseText::tr("a point of a range is not [time, \"number\"]")};
            if (std::isfinite(value))
                s.points.append(QPointF(double(ms), value));
        }
        out.append(std::move(s));
    }
    return out;
}

Result<QStringList> parseLabelValues(const QByteArray &body)
{
    const Result<QJsonValue> data = successData(body);
    if (!data)
        return data.error();
    if (!data->isArray())
        return Error {ErrorCode::Parse, ResponseText::tr("the label values answer is not a list")};
    QStringList out;
    for (const QJsonValue &v : data->toArray())
        out.append(v.toString());
    return out;
}

Result<QList<LabelSet>> parseSeriesList(const QByteArray &body)
{
    const Result<QJsonValue> data = successData(body);
    if (!data)
        return data.error();
    if (!data->isArray())
        return Error {ErrorCode::Parse, ResponseText::tr("the series answer is not a list")};
    const QJsonArray list = data->toArray();
    QList<LabelSet> out;
    out.reserve(list.size());
    for (const QJsonValue &v : list) {
        const QJsonObject o = v.toObject();
        LabelSet labels;
        labels.reserve(o.size());
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            labels.insert(it.key(), it.value().toString());
        out.append(std::move(labels));
    }
    return out;
}

}  // namespace roce::prom
