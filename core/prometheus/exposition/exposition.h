#pragma once

#include <QByteArray>
#include <QHash>
#include <QString>

#include <string>
#include <vector>

namespace roce::prometheus {

/// @p name as a part of a metric name, as node_exporter's ethtool collector writes a driver's
/// statistic: lower case, anything but [a-z0-9_] an underscore ("rx_dropped.nic" ->
/// "rx_dropped_nic"). roce-agent exports ethtool statistics so; the fleet reads them so.
QByteArray metricNamePart(const QString &name);

/// Appends @p value as a label value of the text exposition format (0.0.4): backslash, double
/// quote and line feed escaped, everything else as UTF-8.
void appendLabelValue(std::string &out, QStringView value);

/// `{name="value",...}`, rendered once and reused for every line of a port or device.
class Labels
{
public:
    Labels &add(const char *name, QStringView value);
    /// These labels and one more, for a line of its own.
    Labels with(const char *name, QStringView value) const;
    std::string rendered() const { return m_text.empty() ? m_text : m_text + '}'; }
    /// Appends the rendered labels plus @p name="@p value" without building them first.
    void appendWith(std::string &out, const char *name, QStringView value) const;

private:
    std::string m_text;  ///< without the closing brace
};

/// One text exposition: metric families in the order they first appear, each with its HELP,
/// its TYPE and all its samples together (the format wants a family's samples in one block,
/// so samples are collected per family and joined by text()). A family without samples is
/// not written at all: absent counters stay absent.
class Exposition
{
public:
    /// A family whose name is a string literal: looked up by address after the first time.
    /// @p type is "counter", "gauge" or "untyped"; @p help must not hold a backslash or a
    /// line feed.
    void add(const char *name, const char *type, const char *help, const std::string &labels,
             quint64 value);
    void add(const char *name, const char *type, const char *help, const std::string &labels,
             const QByteArray &value);
    /// A family whose name is built at run time.
    void add(const QByteArray &name, const char *type, const char *help, const std::string &labels,
             quint64 value);
    void add(const QByteArray &name, const char *type, const char *help, const std::string &labels,
             const QByteArray &value);
    /// A sample with one label more than @p labels.
    void addWith(const char *name, const char *type, const char *help, const Labels &labels,
                 const char *label, QStringView labelValue, quint64 value);
    void addWith(const char *name, const char *type, const char *help, const Labels &labels,
                 const char *label, QStringView labelValue, const QByteArray &value);

    /// Declares a family up front: its place in the text is fixed here, and samples are then
    /// added through the returned handle without a lookup (exporters with a fixed set of
    /// families and many samples). A declared family that gets no sample is left out.
    int declare(const char *name, const char *type, const char *help);
    void add(int family, const std::string &labels, quint64 value);
    void add(int family, const std::string &labels, const QByteArray &value);
    void addWith(int family, const Labels &labels, const char *label, QStringView labelValue,
                 quint64 value);

    /// Forgets every sample but keeps the families, their handles and their buffers' memory:
    /// an exporter that renders the same shape on every scrape reuses it instead of growing
    /// (and copying) megabytes of buffers again.
    void clear();

    /// Number of samples added so far, and of families they fall into.
    qsizetype samples() const { return m_samples; }
    qsizetype families() const;
    QByteArray text() const;
    /// The text into @p out, reusing its memory when nothing else holds it (the previous
    /// scrape's answer, once sent): no new megabytes to fault in on every scrape.
    void writeText(QByteArray &out) const;

    /// A gauge value in seconds (or any fraction): shortest round-trip text, "NaN"/"+Inf"
    /// as the format spells them.
    static QByteArray number(double value);

private:
    struct Family {
        QByteArray name;
        const char *type;
        const char *help;
        std::string lines;  ///< std::string: appending is inline, this is most of the work
    };
    Family &family(const char *name, const char *type, const char *help);
    Family &family(const QByteArray &name, const char *type, const char *help);
    void begin(Family &f, const std::string &labels);
    void beginWith(Family &f, const Labels &labels, const char *label, QStringView labelValue);
    static void appendValue(std::string &out, quint64 value);
    static void appendValue(std::string &out, const QByteArray &value);

    std::vector<Family> m_families;
    QHash<QByteArray, int> m_byName;
    QHash<const void *, int> m_byAddress;
    qsizetype m_samples = 0;
};

}  // namespace roce::prometheus
