#include "prometheus/exposition/exposition.h"

#include <QRegularExpression>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>

namespace roce::prometheus {

namespace {
QByteArray metricNamePartBeyondAscii(const QString &name)
{
    static const QRegularExpression bad(QStringLiteral("[^a-zA-Z0-9_]"));
    QString s = name.toLower();
    s.replace(bad, QStringLiteral("_"));
    return s.toUtf8();
}
}  // namespace

QByteArray metricNamePart(const QString &name)
{
    QByteArray out(name.size(), Qt::Uninitialized);
    for (qsizetype i = 0; i < name.size(); ++i) {
        const char16_t c = name.at(i).unicode();
        if (c >= u'A' && c <= u'Z')
            out[i] = char(c - u'A' + u'a');
        else if ((c >= u'a' && c <= u'z') || (c >= u'0' && c <= u'9') || c == u'_')
            out[i] = char(c);
        else if (c < 0x80)
            out[i] = '_';
        else  // lower-casing beyond ASCII can change the length: leave it to Qt
            return metricNamePartBeyondAscii(name);
    }
    return out;
}

void appendLabelValue(std::string &out, QStringView v)
{
    // Names of devices, ports and counters are plain ASCII: copy them as they are.
    const char16_t *u = v.utf16();
    bool plain = true;
    for (qsizetype i = 0; plain && i < v.size(); ++i)
        plain = u[i] >= 0x20 && u[i] < 0x80 && u[i] != u'\\' && u[i] != u'"';
    if (plain) {
        for (qsizetype i = 0; i < v.size(); ++i)
            out += char(u[i]);
        return;
    }
    const QByteArray b = v.toUtf8();
    for (const char c : b) {
        if (c == '\\')
            out += "\\\\";
        else if (c == '"')
            out += "\\\"";
        else if (c == '\n')
            out += "\\n";
        else
            out += c;
    }
}

Labels &Labels::add(const char *name, QStringView value)
{
    m_text += m_text.empty() ? '{' : ',';
    m_text += name;
    m_text += "=\"";
    appendLabelValue(m_text, value);
    m_text += '"';
    return *this;
}

Labels Labels::with(const char *name, QStringView value) const
{
    Labels l = *this;
    return l.add(name, value);
}

void Labels::appendWith(std::string &out, const char *name, QStringView value) const
{
    out += m_text;
    out += m_text.empty() ? '{' : ',';
    out += name;
    out += "=\"";
    appendLabelValue(out, value);
    out += "\"}";
}

Exposition::Family &Exposition::family(const char *name, const char *type, const char *help)
{
    const auto cached = m_byAddress.constFind(name);
    if (cached != m_byAddress.cend())
        return m_families[std::size_t(*cached)];
    Family &f = family(QByteArray::fromRawData(name, qsizetype(std::strlen(name))), type, help);
    m_byAddress.insert(name, int(&f - m_families.data()));
    return f;
}

Exposition::Family &Exposition::family(const QByteArray &name, const char *type, const char *help)
{
    const auto found = m_byName.constFind(name);
    if (found != m_byName.cend())
        return m_families[std::size_t(*found)];
    // A deep copy: the name may be raw data over a literal, or a temporary.
    m_families.push_back({QByteArray(name.constData(), name.size()), type, help, {}});
    m_byName.insert(m_families.back().name, int(m_families.size()) - 1);
    return m_families.back();
}

void Exposition::begin(Family &f, const std::string &labels)
{
    f.lines.append(f.name.constData(), std::size_t(f.name.size()));
    f.lines += labels;
    f.lines += ' ';
    ++m_samples;
}

void Exposition::beginWith(Family &f, const Labels &labels, const char *label,
                           QStringView labelValue)
{
    f.lines.append(f.name.constData(), std::size_t(f.name.size()));
    labels.appendWith(f.lines, label, labelValue);
    f.lines += ' ';
    ++m_samples;
}

int Exposition::declare(const char *name, const char *type, const char *help)
{
    return int(&family(name, type, help) - m_families.data());
}

void Exposition::add(int family, const std::string &labels, quint64 value)
{
    Family &f = m_families[std::size_t(family)];
    begin(f, labels);
    appendValue(f.lines, value);
}

void Exposition::add(int family, const std::string &labels, const QByteArray &value)
{
    Family &f = m_families[std::size_t(family)];
    begin(f, labels);
    appendValue(f.lines, value);
}

void Exposition::addWith(int family, const Labels &labels, const char *label,
                         QStringView labelValue, quint64 value)
{
    Family &f = m_families[std::size_t(family)];
    beginWith(f, labels, label, labelValue);
    appendValue(f.lines, value);
}

void Exposition::clear()
{
    for (Family &f : m_families)
        f.lines.clear();  // keeps the capacity
    m_samples = 0;
}

qsizetype Exposition::families() const
{
    return std::count_if(m_families.cbegin(), m_families.cend(),
                         [](const Family &f) { return !f.lines.empty(); });
}

void Exposition::appendValue(std::string &out, quint64 v)
{
    char buf[24];
    const auto end = std::to_chars(buf, buf + sizeof buf, v).ptr;
    out.append(buf, std::size_t(end - buf));
    out += '\n';
}

void Exposition::appendValue(std::string &out, const QByteArray &value)
{
    out.append(value.constData(), std::size_t(value.size()));
    out += '\n';
}

void Exposition::add(const char *name, const char *type, const char *help,
                     const std::string &labels, quint64 value)
{
    Family &f = family(name, type, help);
    begin(f, labels);
    appendValue(f.lines, value);
}

void Exposition::add(const char *name, const char *type, const char *help,
                     const std::string &labels, const QByteArray &value)
{
    Family &f = family(name, type, help);
    begin(f, labels);
    appendValue(f.lines, value);
}

void Exposition::add(const QByteArray &name, const char *type, const char *help,
                     const std::string &labels, quint64 value)
{
    Family &f = family(name, type, help);
    begin(f, labels);
    appendValue(f.lines, value);
}

void Exposition::add(const QByteArray &name, const char *type, const char *help,
                     const std::string &labels, const QByteArray &value)
{
    Family &f = family(name, type, help);
    begin(f, labels);
    appendValue(f.lines, value);
}

void Exposition::addWith(const char *name, const char *type, const char *help, const Labels &labels,
                         const char *label, QStringView labelValue, quint64 value)
{
    Family &f = family(name, type, help);
    beginWith(f, labels, label, labelValue);
    appendValue(f.lines, value);
}

void Exposition::addWith(const char *name, const char *type, const char *help, const Labels &labels,
                         const char *label, QStringView labelValue, const QByteArray &value)
{
    Family &f = family(name, type, help);
    beginWith(f, labels, label, labelValue);
    appendValue(f.lines, value);
}

QByteArray Exposition::text() const
{
    QByteArray out;
    writeText(out);
    return out;
}

void Exposition::writeText(QByteArray &out) const
{
    qsizetype size = 0;
    for (const Family &f : m_families)
        size += 2 * f.name.size() + qsizetype(std::strlen(f.help) + std::strlen(f.type)) + 20
            + qsizetype(f.lines.size());
    out.resize(0);  // keeps the capacity of an unshared buffer
    out.reserve(size);
    for (const Family &f : m_families) {
        if (f.lines.empty())
            continue;  // declared, never sampled
        out += "# HELP ";
        out += f.name;
        out += ' ';
        out += f.help;
        out += "\n# TYPE ";
        out += f.name;
        out += ' ';
        out += f.type;
        out += '\n';
        out.append(f.lines.data(), qsizetype(f.lines.size()));
    }
}

QByteArray Exposition::number(double value)
{
    if (std::isnan(value))
        return QByteArrayLiteral("NaN");
    if (std::isinf(value))
        return value > 0 ? QByteArrayLiteral("+Inf") : QByteArrayLiteral("-Inf");
    char buf[32];
    // Shortest text that reads back as the same double (Go's strconv 'g' -1, as client_golang).
    const auto end = std::to_chars(buf, buf + sizeof buf, value).ptr;
    return QByteArray(buf, end - buf);
}

}  // namespace roce::prometheus
