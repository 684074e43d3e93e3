#pragma once

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>

namespace roce::nxapi {

/// Rows of `TABLE_<name>.ROW_<name>` in @p parent: NX-OS gives one row as an object and several
/// as an array (§4.5 quirk 1); `cli_show_array` gives arrays always. Missing table: empty.
QJsonArray tableRows(const QJsonObject &parent, QLatin1String name);
/// The same with both keys spelled out ("TABLE_x", "ROW_x"): no key strings built per call,
/// for the inner loops of large bodies.
QJsonArray tableRows(const QJsonObject &parent, QLatin1String tableKey, QLatin1String rowKey);
/// The raw string of @p key, or empty: no trimming or placeholder handling (hot paths).
QString rawText(const QJsonObject &o, QLatin1String key);

/// A counter that NX-OS 7.x sends as an integer and 9.x/10.x as a string. Absent, empty, "-",
/// "n/a" or not a number: nullopt.
std::optional<quint64> u64Field(const QJsonObject &o, QLatin1String key);
std::optional<qint64> i64Field(const QJsonObject &o, QLatin1String key);

/// A text field; NX-OS placeholders for "nothing" ("null", "not advertised", "Address not
/// advertised", "N/A") become an empty string.
QString textField(const QJsonObject &o, QLatin1String key);

/// Parses an unsigned decimal from NX-OS text or JSON ("1234", " 1234 "); nullopt otherwise.
std::optional<quint64> parseU64(QStringView text);

}  // namespace roce::nxapi
