#pragma once

#include "proto/common/result.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QPointF>
#include <QString>
#include <QStringList>

namespace roce::prom {

/// One element of an instant vector: the labels asked for (in the order asked, empty when the
/// series lacks one), its value and its time (ms since the epoch).
struct PromSample {
    QStringList labels;
    double value = 0;
    qint64 ms = 0;
};

/// One series of a range query: the labels asked for and its points as (ms, value).
struct PromSeries {
    QStringList labels;
    QList<QPointF> points;
};

/// Every label of one series (the answer of /api/v1/series).
using LabelSet = QHash<QString, QString>;

/// The error of a body that says {"status":"error","errorType":..,"error":..}, or of a body
/// that is not the API's JSON at all; nullopt-like empty message when @p body is a success.
/// @p httpStatus frames the message (400 bad query, 422 execution, 503 unavailable).
Error responseError(const QByteArray &body, int httpStatus);

/// The instant vector of a successful /api/v1/query answer. A non-vector result (a scalar, a
/// string) or a body that is not the API's JSON is an error that says so. Samples whose value
/// is not finite (NaN, +Inf) are left out: absent is not zero, and neither is NaN.
Result<QList<PromSample>> parseVector(const QByteArray &body, const QStringList &labelNames);
/// parseVector() through QJsonDocument only (the fast scanner's reference, and what explains
/// a body the scanner refuses).
Result<QList<PromSample>> parseVectorThoroughly(const QByteArray &body,
                                                const QStringList &labelNames);
/// The matrix of a successful /api/v1/query_range answer.
Result<QList<PromSeries>> parseMatrix(const QByteArray &body, const QStringList &labelNames);
/// The values of a successful /api/v1/label/<name>/values answer.
Result<QStringList> parseLabelValues(const QByteArray &body);
/// The label sets of a successful /api/v1/series answer.
Result<QList<LabelSet>> parseSeriesList(const QByteArray &body);

}  // namespace roce::prom
