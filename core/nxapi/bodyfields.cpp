#include "nxapi/bodyfields.h"

namespace roce::nxapi {

QJsonArray tableRows(const QJsonObject &parent, QLatin1String tableKey, QLatin1String rowKey)
{
    const QJsonValue table = parent.value(tableKey);
    if (!table.isObject())
        return {};
    const QJsonValue rows = table.toObject().value(rowKey);
    if (rows.isArray())
        return rows.toArray();
    if (rows.isObject())
        return QJsonArray {rows};
    return {};
}

QJsonArray tableRows(const QJsonObject &parent, QLatin1String name)
{
    const QByteArray table = QByteArrayLiteral("TABLE_") + QByteArray(name.data(), name.size());
    const QByteArray row = QByteArrayLiteral("ROW_") + QByteArray(name.data(), name.size());
    return tableRows(parent, QLatin1String(table), QLatin1String(row));
}

QString rawText(const QJsonObject &o, QLatin1String key)
{
    return o.value(key).toString();
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

std::optional<quint64> u64Field(const QJsonObject &o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    if (v.isString())
        return parseU64(v.toString());
    if (v.isDouble()) {
        const double d = v.toDouble();
        // JSON numbers above 2^53 lose precision; NX-OS 7.x sends counters as numbers, so take
        // what there is rather than nothing.
        if (d < 0)
            return std::nullopt;
        return quint64(d);
    }
    return std::nullopt;
}

std::optional<qint64> i64Field(const QJsonObject &o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    if (v.isDouble())
        return qint64(v.toDouble());
    if (v.isString()) {
        bool ok = false;
        const qint64 n = v.toString().trimmed().toLongLong(&ok);
        if (ok)
            return n;
    }
    return std::nullopt;
}

QString textField(const QJsonObject &o, QLatin1String key)
{
    const QJsonValue v = o.value(key);
    QString s;
    if (v.isString())
        s = v.toString();
    else if (v.isDouble())
        s = QString::number(v.toDouble(), 'g', 17);
    const QString t = s.trimmed();
    if (t == QLatin1String("null") || t == QLatin1String("not advertised")
        || t == QLatin1String("Address not advertised") || t == QLatin1String("N/A"))
        return QString();
    return s;
}

}  // namespace roce::nxapi
