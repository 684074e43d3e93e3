#pragma once

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <type_traits>

namespace roce {

// The documented JSON leaves out what a device or switch did not report: these insert a field
// only when it has a value. Integers go in as qint64 so that 64-bit counters stay exact.

inline void insertIfSet(QJsonObject &o, const char *key, const QString &v)
{
    if (!v.isEmpty())
        o.insert(QLatin1String(key), v);
}

template <typename T> void insertIfSet(QJsonObject &o, const char *key, const std::optional<T> &v)
{
    if (!v)
        return;
    if constexpr (std::is_floating_point_v<T>)
        o.insert(QLatin1String(key), double(*v));
    else
        o.insert(QLatin1String(key), QJsonValue(qint64(*v)));
}

/// A JSON number as qint64: exact when written as an integer (QJsonDocument keeps those as
/// qint64; a double would round them past 2^53), else the double truncated toward zero;
/// @p fallback where no qint64 holds it (a double beyond +-2^63: converting it is undefined).
inline qint64 wholeNumber(const QJsonValue &v, qint64 fallback = 0)
{
    const double d = v.toDouble();
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0))
        return fallback;
    return v.toInteger(qint64(d));
}

}  // namespace roce
