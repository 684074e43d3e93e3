#pragma once

#include "nxapi/parse/jsonreader.h"

#include <QString>

#include <optional>

namespace roce::nxapi {

/// The rows of one NX-OS table: NX-OS gives one row as an object and several as an array
/// (§4.5 quirk 1); `cli_show_array` gives arrays always. Iterates as rows either way.
class TableRows
{
public:
    TableRows() = default;
    explicit TableRows(json::Value rows) : m_rows(rows) { }

    bool isEmpty() const;
    /// The row alone when there is exactly one, else absent.
    json::Value single() const;

    class Iterator
    {
    public:
        Iterator(json::Value::Iterator it, json::Value single) : m_it(it), m_single(single) { }
        json::Value operator*() const { return m_single.isValid() ? m_single : *m_it; }
        Iterator &operator++()
        {
            if (m_single.isValid())
                m_single = {};
            else
                ++m_it;
            return *this;
        }
        bool operator!=(const Iterator &o) const
        {
            return m_single.isValid() != o.m_single.isValid() || m_it != o.m_it;
        }

    private:
        json::Value::Iterator m_it;
        json::Value m_single;
    };
    Iterator begin() const;
    Iterator end() const;

private:
    json::Value m_rows;
};

/// Rows of `TABLE_<name>.ROW_<name>` in @p parent. Missing table: empty. The keys are put
/// together on the stack, not allocated.
TableRows tableRows(json::Value parent, QLatin1String name);
/// The same with both keys spelled out ("TABLE_x", "ROW_x").
TableRows tableRows(json::Value parent, QLatin1String tableKey, QLatin1String rowKey);

/// A counter that NX-OS 7.x sends as an integer and 9.x/10.x as a string. Absent, empty, "-",
/// "n/a" or not a number: nullopt.
std::optional<quint64> u64Field(json::Value o, QLatin1String key);
/// The same for a value at hand (a member found by iterating).
std::optional<quint64> u64Value(json::Value v);
std::optional<qint64> i64Field(json::Value o, QLatin1String key);

/// A text field; NX-OS placeholders for "nothing" ("null", "not advertised", "Address not
/// advertised", "N/A") become an empty string.
QString textField(json::Value o, QLatin1String key);

/// Parses an unsigned decimal from NX-OS text or JSON ("1234", " 1234 "); nullopt otherwise.
std::optional<quint64> parseU64(QStringView text);

/// `show version`'s kernel uptime in seconds from its parts (JSON kern_uptm_*, or the text's
/// "N day(s), N hour(s), ..."); nullopt when a part is missing or the sum leaves 64 bits.
std::optional<qint64> uptimeFromParts(std::optional<qint64> days, std::optional<qint64> hours,
                                      std::optional<qint64> minutes, std::optional<qint64> seconds);

}  // namespace roce::nxapi
