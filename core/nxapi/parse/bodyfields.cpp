#include "nxapi/parse/bodyfields.h"

#include <array>
#include <cstring>

namespace roce::nxapi {

bool TableRows::isEmpty() const
{
    if (m_rows.isObject())
        return false;
    return !m_rows.isArray() || !(m_rows.begin() != m_rows.end());
}

json::Value TableRows::single() const
{
    if (m_rows.isObject())
        return m_rows;
    if (!m_rows.isArray())
        return {};
    auto it = m_rows.begin();
    if (!(it != m_rows.end()))
        return {};
    const json::Value first = *it;
    return ++it != m_rows.end() ? json::Value() : first;
}

TableRows::Iterator TableRows::begin() const
{
    if (m_rows.isObject())
        return Iterator(json::Value().end(), m_rows);
    return Iterator(m_rows.begin(), {});
}

TableRows::Iterator TableRows::end() const
{
    if (m_rows.isObject())
        return Iterator(json::Value().end(), {});
    return Iterator(m_rows.end(), {});
}

TableRows tableRows(json::Value parent, QLatin1String tableKey, QLatin1String rowKey)
{
    const json::Value rows = parent.member(tableKey).member(rowKey);
    if (rows.isArray() || rows.isObject())
        return TableRows(rows);
    return {};
}

TableRows tableRows(json::Value parent, QLatin1String name)
{
    // "TABLE_" / "ROW_" + name without a heap allocation per lookup.
    std::array<char, 96> table {};
    std::array<char, 96> row {};
    const auto n = std::size_t(name.size());
    if (n + 6 > table.size())
        return {};
    std::memcpy(table.data(), "TABLE_", 6);
    std::memcpy(table.data() + 6, name.data(), n);
    std::memcpy(row.data(), "ROW_", 4);
    std::memcpy(row.data() + 4, name.data(), n);
    return tableRows(parent, QLatin1String(table.data(), qsizetype(n + 6)),
                     QLatin1String(row.data(), qsizetype(n + 4)));
}

std::optional<quint64> parseU64(QStringView text)
{
    text = text.trimmed();
    if (text.isEmpty())
        return std::nullopt;
    bool ok = false;
    const quint64 v = text.toULongLong(&ok);
    if (!ok)
        return std::nullopt;
    return v;
}

namespace {

inline bool asciiSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/// Plain decimal digits (ASCII blanks around them allowed) that fit 64 bits: the form of
/// nearly every NX-OS counter, read without building a QString. Anything else: nullopt,
/// and the caller takes the general path.
std::optional<quint64> plainDecimal(QByteArrayView bytes)
{
    const char *p = bytes.data();
    const char *end = p + bytes.size();
    while (p < end && asciiSpace(*p))
        ++p;
    while (end > p && asciiSpace(end[-1]))
        --end;
    if (p == end || end - p > 19)  // 19 digits always fit; longer ones go the general way
        return std::nullopt;
    quint64 v = 0;
    for (; p < end; ++p) {
        if (*p < '0' || *p > '9')
            return std::nullopt;
        v = v * 10 + quint64(*p - '0');
    }
    return v;
}

}  // namespace

std::optional<quint64> u64Field(json::Value o, QLatin1String key)
{
    return u64Value(o.member(key));
}

std::optional<quint64> u64Value(json::Value v)
{
    if (v.isString()) {
        if (!v.hasEscapes()) {
            if (const auto fast = plainDecimal(v.rawBytes()))
                return fast;
        }
        return parseU64(v.toString());
    }
    if (v.isNumber()) {
        // An integer as written is exact; JSON numbers otherwise are doubles (NX-OS 7.x
        // sends counters as numbers: take what there is rather than nothing).
        if (const auto exact = plainDecimal(v.rawBytes()))
            return exact;
        // 20 digits up to 2^64 - 1 are still exact, as in a string (the double would round
        // them to 2^64).
        bool ok = false;
        const QByteArrayView raw = v.rawBytes();
        const quint64 wide = QByteArray::fromRawData(raw.data(), raw.size()).toULongLong(&ok);
        if (ok)
            return wide;
        const double d = v.toDouble();
        // 2^64 and beyond do not fit (converting them is undefined behaviour): not a counter.
        if (d < 0 || d >= 18446744073709551616.0)
            return std::nullopt;
        return quint64(d);
    }
    return std::nullopt;
}

std::optional<qint64> i64Field(json::Value o, QLatin1String key)
{
    const json::Value v = o.member(key);
    if (v.isNumber()) {
        // Outside [-2^63, 2^63) a double has no qint64 (converting it is undefined behaviour).
        const double d = v.toDouble();
        if (d < -9223372036854775808.0 || d >= 9223372036854775808.0)
            return std::nullopt;
        return qint64(d);
    }
    if (v.isString()) {
        bool ok = false;
        const qint64 n = v.toString().trimmed().toLongLong(&ok);
        if (ok)
            return n;
    }
    return std::nullopt;
}

namespace {

/// Short values that NX-OS repeats on every port (states, modes, QoS group numbers): handed
/// out as shared copies of one static string instead of a new allocation per field. Thread
/// safe: built once, then only read.
const QString *commonText(QByteArrayView bytes)
{
    static const QString common[] = {
        QStringLiteral("0"),       QStringLiteral("1"),      QStringLiteral("2"),
        QStringLiteral("3"),       QStringLiteral("4"),      QStringLiteral("5"),
        QStringLiteral("6"),       QStringLiteral("7"),      QStringLiteral("up"),
        QStringLiteral("down"),    QStringLiteral("On"),     QStringLiteral("Off"),
        QStringLiteral("Auto"),    QStringLiteral("Active"), QStringLiteral("Inactive"),
        QStringLiteral("WRR"),     QStringLiteral("never"),  QStringLiteral("Egress"),
        QStringLiteral("Ingress"), QStringLiteral("access"), QStringLiteral("trunk"),
        QStringLiteral("routed"),
    };
    if (bytes.isEmpty() || bytes.size() > 8)
        return nullptr;
    for (const QString &c : common) {
        if (c.size() == bytes.size() && QLatin1String(bytes.data(), bytes.size()) == c)
            return &c;
    }
    return nullptr;
}

}  // namespace

QString textField(json::Value o, QLatin1String key)
{
    const json::Value v = o.member(key);
    if (v.isString() && !v.hasEscapes()) {
        if (const QString *common = commonText(v.rawBytes()))
            return *common;
    }
    QString s;
    if (v.isString())
        s = v.toString();
    else if (v.isNumber())
        s = QString::number(v.toDouble(), 'g', 17);
    const QString t = s.trimmed();
    if (t == QLatin1String("null") || t == QLatin1String("not advertised")
        || t == QLatin1String("Address not advertised") || t == QLatin1String("N/A"))
        return QString();
    return s;
}

std::optional<qint64> uptimeFromParts(std::optional<qint64> days, std::optional<qint64> hours,
                                      std::optional<qint64> minutes, std::optional<qint64> seconds)
{
    // A sum beyond 64 bits is no uptime (and overflowing a qint64 is undefined behaviour).
    qint64 total = 0;
    if (days && hours && minutes && seconds && !qMulOverflow(*days, qint64(24), &total)
        && !qAddOverflow(total, *hours, &total) && !qMulOverflow(total, qint64(60), &total)
        && !qAddOverflow(total, *minutes, &total) && !qMulOverflow(total, qint64(60), &total)
        && !qAddOverflow(total, *seconds, &total))
        return total;
    return std::nullopt;
}

}  // namespace roce::nxapi
