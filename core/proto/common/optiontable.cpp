#include "proto/common/optiontable.h"

#include <QCoreApplication>
#include <QSettings>

#include <algorithm>
#include <cmath>

namespace roce {

namespace {

class OptionTableText
{
    Q_DECLARE_TR_FUNCTIONS(OptionTableText)
};

/// 3600, 0.1, 100000000: never the exponent form QString::number() picks for big values.
QString bound(double v)
{
    if (std::abs(v) < 1e15 && v == std::floor(v))
        return QString::number(qint64(v));
    return QString::number(v, 'g', 12);
}

QString quoted(const QString &value)
{
    return QLatin1Char('\'') + value + QLatin1Char('\'');
}

QString wholeMessage(const QString &label, const NumberRange &r, const QString &value)
{
    const bool bounded = std::isfinite(r.max);
    if (r.unit.isEmpty()) {
        return bounded ? OptionTableText::tr("%1 must be a whole number from %2 to %3, not %4")
                             .arg(label, bound(r.min), bound(r.max), quoted(value))
                       : OptionTableText::tr("%1 must be a whole number of at least %2, not %3")
                             .arg(label, bound(r.min), quoted(value));
    }
    return bounded ? OptionTableText::tr("%1 must be %2 to %3 whole %4, not %5")
                         .arg(label, bound(r.min), bound(r.max), r.unit, quoted(value))
                   : OptionTableText::tr("%1 must be at least %2 whole %3, not %4")
                         .arg(label, bound(r.min), r.unit, quoted(value));
}

QString numberMessage(const QString &label, const NumberRange &r, const QString &value)
{
    const bool bounded = std::isfinite(r.max);
    if (r.unit.isEmpty()) {
        return bounded ? OptionTableText::tr("%1 must be a number from %2 to %3, not %4")
                             .arg(label, bound(r.min), bound(r.max), quoted(value))
                       : OptionTableText::tr("%1 must be a number of at least %2, not %3")
                             .arg(label, bound(r.min), quoted(value));
    }
    return bounded ? OptionTableText::tr("%1 must be %2 to %3 %4, not %5")
                         .arg(label, bound(r.min), bound(r.max), r.unit, quoted(value))
                   : OptionTableText::tr("%1 must be at least %2 %3, not %4")
                         .arg(label, bound(r.min), r.unit, quoted(value));
}

std::optional<qint64> readWhole(const QString &value, const NumberRange &r)
{
    bool ok = false;
    const qint64 n = value.trimmed().toLongLong(&ok);
    if (!ok || double(n) < r.min || double(n) > r.max)
        return std::nullopt;
    return n;
}

std::optional<double> readNumber(const QString &value, const NumberRange &r)
{
    bool ok = false;
    const double d = value.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(d) || d < r.min || d > r.max)
        return std::nullopt;
    return d;
}

/// Stores a whole number within @p range into an int or an optional int.
template <typename Out> auto intStore(Out *out, const NumberRange &range)
{
    NumberRange r = range;
    r.min = std::max(r.min, double(std::numeric_limits<int>::min()));
    r.max = std::min(r.max, double(std::numeric_limits<int>::max()));
    // The message names the bounds as declared: an unbounded int says "at least", not 2^31-1.
    return [out, r, range](const QString &value, const QString &label) -> std::optional<QString> {
        const auto n = readWhole(value, r);
        if (!n)
            return wholeMessage(label, range, value);
        *out = int(*n);
        return std::nullopt;
    };
}

/// Stores a number within @p range into a double or an optional double.
template <typename Out> auto doubleStore(Out *out, const NumberRange &range)
{
    return [out, range](const QString &value, const QString &label) -> std::optional<QString> {
        const auto d = readNumber(value, range);
        if (!d)
            return numberMessage(label, range, value);
        *out = *d;
        return std::nullopt;
    };
}

/// The name a message gives an option: its longest, with its dashes.
QString optionLabel(const QCommandLineOption &option)
{
    QString longest;
    for (const QString &name : option.names()) {
        if (name.size() > longest.size())
            longest = name;
    }
    return (longest.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + longest;
}

}  // namespace

OptionTable::OptionTable() = default;
OptionTable::~OptionTable() = default;

OptionTable &OptionTable::add(const OptionNames &names, const QString &valueName,
                              const QString &help, Store store)
{
    Row row {QCommandLineOption(names.names, help, valueName), std::move(store), nullptr, nullptr,
             QString()};
    m_parser.addOption(row.option);
    m_rows.push_back(std::move(row));
    return *this;
}

OptionTable &OptionTable::flag(const OptionNames &names, const QString &help, bool *out)
{
    add(names, QString(), help, {});
    m_rows.back().flag = out;
    return *this;
}

OptionTable &OptionTable::text(const OptionNames &names, const QString &valueName,
                               const QString &help, QString *out)
{
    return add(names, valueName, help, [out](const QString &value, const QString &) {
        *out = value;
        return std::optional<QString>();
    });
}

OptionTable &OptionTable::texts(const OptionNames &names, const QString &valueName,
                                const QString &help, QStringList *out)
{
    add(names, valueName, help, {});
    m_rows.back().all = out;
    return *this;
}

OptionTable &OptionTable::choice(const OptionNames &names, const QString &valueName,
                                 const QString &help, QString *out, const QStringList &choices)
{
    return add(
        names, valueName, help,
        [out, choices](const QString &value, const QString &label) -> std::optional<QString> {
            if (!choices.contains(value))
                return OptionTableText::tr("%1 must be one of %2, not %3")
                    .arg(label, choices.join(QStringLiteral(", ")), quoted(value));
            *out = value;
            return std::nullopt;
        });
}

OptionTable &OptionTable::whole(const OptionNames &names, const QString &valueName,
                                const QString &help, int *out, const NumberRange &range)
{
    return add(names, valueName, help, intStore(out, range));
}

OptionTable &OptionTable::whole(const OptionNames &names, const QString &valueName,
                                const QString &help, std::optional<int> *out,
                                const NumberRange &range)
{
    return add(names, valueName, help, intStore(out, range));
}

OptionTable &OptionTable::whole(const OptionNames &names, const QString &valueName,
                                const QString &help, quint64 *out, const NumberRange &range)
{
    NumberRange r = range;
    r.min = std::max(r.min, 0.0);
    return add(names, valueName, help,
               [out, r](const QString &value, const QString &label) -> std::optional<QString> {
                   bool ok = false;
                   const quint64 n = value.trimmed().toULongLong(&ok);
                   if (!ok || double(n) < r.min || double(n) > r.max)
                       return wholeMessage(label, r, value);
                   *out = n;
                   return std::nullopt;
               });
}

OptionTable &OptionTable::number(const OptionNames &names, const QString &valueName,
                                 const QString &help, double *out, const NumberRange &range)
{
    return add(names, valueName, help, doubleStore(out, range));
}

OptionTable &OptionTable::number(const OptionNames &names, const QString &valueName,
                                 const QString &help, std::optional<double> *out,
                                 const NumberRange &range)
{
    return add(names, valueName, help, doubleStore(out, range));
}

OptionTable &OptionTable::setting(const QString &key)
{
    Q_ASSERT(!m_rows.empty());
    m_rows.back().settingKey = key;
    return *this;
}

std::optional<QString> OptionTable::take()
{
    for (Row &row : m_rows) {
        if (!m_parser.isSet(row.option))
            continue;
        if (row.flag) {
            *row.flag = true;
        } else if (row.all) {
            *row.all = m_parser.values(row.option);
        } else if (auto error = row.store(m_parser.value(row.option), optionLabel(row.option))) {
            return error;
        }
    }
    return std::nullopt;
}

QStringList OptionTable::settingKeys() const
{
    QStringList keys;
    for (const Row &row : m_rows) {
        if (!row.settingKey.isEmpty())
            keys << row.settingKey;
    }
    return keys;
}

std::optional<QString> OptionTable::applySettings(const QSettings &settings)
{
    const QStringList known = settingKeys();
    // A misspelt key would otherwise be ignored, and the program run with a default the
    // operator did not choose.
    for (const QString &key : settings.allKeys()) {
        if (!known.contains(key))
            return OptionTableText::tr("unknown setting \"%1\" (known: %2)")
                .arg(key, known.join(QStringLiteral(", ")));
    }
    for (Row &row : m_rows) {
        if (row.settingKey.isEmpty() || m_parser.isSet(row.option))
            continue;
        const QVariant v = settings.value(row.settingKey);
        // QSettings reads a list for "a, b": join it back so the value is what the file says.
        const QString value = v.typeId() == QMetaType::QStringList
            ? v.toStringList().join(QStringLiteral(", "))
            : v.toString();
        if (value.isEmpty())
            continue;
        if (row.flag) {
            const QString b = value.toLower();
            if (b == QLatin1String("true") || b == QLatin1String("1"))
                *row.flag = true;
            else if (b == QLatin1String("false") || b == QLatin1String("0"))
                *row.flag = false;
            else
                return OptionTableText::tr("%1 must be true or false, not %2")
                    .arg(row.settingKey, quoted(value));
        } else if (row.all) {
            *row.all = v.toStringList();
        } else if (auto error = row.store(value, row.settingKey)) {
            return error;
        }
    }
    return std::nullopt;
}

}  // namespace roce
