#pragma once

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <functional>
#include <limits>
#include <optional>
#include <vector>

class QSettings;

namespace roce {

/// Inclusive bounds of a numeric option. A unit, when given, ends the message for a value
/// outside them ("--timeout must be 1 to 600 seconds, not 0").
struct NumberRange {
    NumberRange(double lowest, double highest = std::numeric_limits<double>::infinity(),
                QString unitName = {})
        : min(lowest), max(highest), unit(std::move(unitName))
    { }
    /// No upper bound: "--wait must be at least 0.001 seconds".
    NumberRange(double lowest, QString unitName)
        : NumberRange(lowest, std::numeric_limits<double>::infinity(), std::move(unitName))
    { }
    double min;
    double max;
    QString unit;
};

/// An option's names: one ("count") or several ({"h", "help"}).
struct OptionNames {
    OptionNames(const QString &name) : names {name} { }  // NOLINT(google-explicit-constructor)
    OptionNames(std::initializer_list<QString> list) : names(list) { }
    QStringList names;
};

/// A program's command line declared once, as a table: each row names an option, its help
/// text, the kind of value it takes with its bounds, and the variable the value goes to. The
/// table fills a QCommandLineParser (so --help is Qt's, in the order of the rows) and checks
/// every value the same way with the same wording, so that a command's run() holds only what
/// the command does. A variable keeps its value when its option is not given: the defaults
/// are the option struct's own.
///
///     OptionTable table;
///     table.text(u"prometheus"_s, tr("url"), tr("The store's URL."), &options.url)
///         .number(u"timeout"_s, tr("s"), tr("Seconds a query may take."), &timeoutS,
///                 {1, 600, tr("seconds")});
///     parser's parse(...), then: if (auto error = table.take()) usage(*error);
class OptionTable
{
public:
    OptionTable();
    ~OptionTable();
    OptionTable(const OptionTable &) = delete;
    OptionTable &operator=(const OptionTable &) = delete;

    /// Set when the option is given.
    OptionTable &flag(const OptionNames &names, const QString &help, bool *out);
    /// Any text; an option given twice keeps its last value, as QCommandLineParser does.
    OptionTable &text(const OptionNames &names, const QString &valueName, const QString &help,
                      QString *out);
    /// A repeatable option: every value, in order.
    OptionTable &texts(const OptionNames &names, const QString &valueName, const QString &help,
                       QStringList *out);
    /// One of @p choices, compared exactly.
    OptionTable &choice(const OptionNames &names, const QString &valueName, const QString &help,
                        QString *out, const QStringList &choices);
    /// A whole number within @p range.
    OptionTable &whole(const OptionNames &names, const QString &valueName, const QString &help,
                       int *out, const NumberRange &range);
    OptionTable &whole(const OptionNames &names, const QString &valueName, const QString &help,
                       std::optional<int> *out, const NumberRange &range);
    OptionTable &whole(const OptionNames &names, const QString &valueName, const QString &help,
                       quint64 *out, const NumberRange &range);
    /// A number within @p range.
    OptionTable &number(const OptionNames &names, const QString &valueName, const QString &help,
                        double *out, const NumberRange &range);
    OptionTable &number(const OptionNames &names, const QString &valueName, const QString &help,
                        std::optional<double> *out, const NumberRange &range);
    /// The row declared last can also be set by @p key in a settings file (applySettings).
    OptionTable &setting(const QString &key);

    /// The parser the rows were added to, for help, version and positional arguments; parse
    /// with it, then call take().
    QCommandLineParser &parser() { return m_parser; }
    /// After the parser parsed: checks every option given and stores its value. Returns the
    /// first value that does not fit, as a message naming the option ("--count must be a
    /// whole number of at least 1, not 0"); the variables of the rows before it are set.
    std::optional<QString> take();
    /// Whether the option named @p name was given on the command line.
    bool isSet(const QString &name) const { return m_parser.isSet(name); }

    /// Applies the keys of @p settings (its current group) to the rows declared with
    /// setting() whose option was not given on the command line: the command line wins. A
    /// key no row declares, or a value that does not fit, is an error naming the key.
    /// Flags take true/false or 1/0. Call after take().
    std::optional<QString> applySettings(const QSettings &settings);
    /// The keys applySettings() accepts, in the table's order.
    QStringList settingKeys() const;

private:
    /// Stores @p value, read for @p label ("--count" or "max_connections"); a message if
    /// it does not fit.
    using Store = std::function<std::optional<QString>(const QString &value, const QString &label)>;
    struct Row {
        QCommandLineOption option;
        Store store;  ///< empty for flags and repeatable texts
        bool *flag = nullptr;
        QStringList *all = nullptr;
        QString settingKey;
    };
    OptionTable &add(const OptionNames &names, const QString &valueName, const QString &help,
                     Store store);

    QCommandLineParser m_parser;
    std::vector<Row> m_rows;
};

}  // namespace roce
