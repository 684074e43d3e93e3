#pragma once

#include <QByteArray>
#include <QMap>
#include <QString>
#include <QStringView>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstring>
#include <vector>

namespace roce {

/// A compact JSON writer for the documents written at rate: agent samples (for every subscribed
/// console, every sample) and the live model's frames (`rocectl watch --json`, 5 MB a second
/// on a 1,024-host fabric). It writes into a buffer grown ahead of time, converts numbers and
/// ASCII strings in place, and escapes strings as QJsonDocument does; the caller gives the
/// keys in the order it wants (QJsonDocument's is sorted).
class JsonWriter
{
public:
    /// @p reserve: the bytes expected (the buffer grows beyond as needed).
    explicit JsonWriter(std::size_t reserve = 32 * 1024) { grow(reserve); }
    QByteArray take()
    {
        m_out.truncate(qsizetype(m_size));
        return std::move(m_out);
    }

    void beginObject()
    {
        separate();
        put('{');
        m_first.push_back(true);
    }
    void endObject()
    {
        put('}');
        m_first.pop_back();
    }
    void beginArray()
    {
        separate();
        put('[');
        m_first.push_back(true);
    }
    void endArray()
    {
        put(']');
        m_first.pop_back();
    }
    void key(const char *k)
    {
        separate();
        const std::size_t n = std::strlen(k);
        char *p = room(n + 3);
        *p++ = '"';
        p = std::copy_n(k, n, p);
        *p++ = '"';
        *p++ = ':';
        m_size += n + 3;
        m_afterKey = true;
    }
    void key(const QString &k)
    {
        separate();
        string(k);
        put(':');
        m_afterKey = true;
    }
    void value(const QString &v)
    {
        separate();
        string(v);
    }
    /// An ASCII text (a name from a table: a port kind, a state).
    void value(QLatin1String v)
    {
        if (std::any_of(v.begin(), v.end(),
                        [](char c) { return static_cast<unsigned char>(c) >= 0x80; })) {
            value(QString(v));  // not ASCII after all: the general path
            return;
        }
        separate();
        put('"');
        for (const char c : v)
            escaped(c);
        put('"');
    }
    void value(qint64 v)
    {
        separate();
        number(v);
    }
    /// As QJsonDocument writes a double: integral values as integers, others in the fewest
    /// digits that read back to the same double, and a NaN or an infinity as null.
    void value(double v)
    {
        separate();
        if (!std::isfinite(v)) {
            append("null", 4);
        } else if (v == std::trunc(v) && std::abs(v) < 9.0e15) {
            number(qint64(v));
        } else {
            char *p = room(32);
            m_size += std::size_t(std::to_chars(p, p + 32, v).ptr - p);
        }
    }
    /// An already written JSON value (a small object built as a QJsonObject elsewhere).
    void raw(const QByteArray &json)
    {
        separate();
        append(json);
    }
    void value(bool v)
    {
        separate();
        if (v)
            append("true", 4);
        else
            append("false", 5);
    }
    /// Counters up to 2^53 as numbers, larger ones as decimal strings (as sampleToJson).
    void counter(quint64 v)
    {
        separate();
        if (v <= (quint64(1) << 53)) {
            number(v);
        } else {
            put('"');
            number(v);
            put('"');
        }
    }
    void counters(const QMap<QString, quint64> &m)
    {
        beginObject();
        for (auto it = m.cbegin(); it != m.cend(); ++it) {
            key(it.key());
            counter(it.value());
        }
        endObject();
    }
    void strings(const QMap<QString, QString> &m)
    {
        beginObject();
        for (auto it = m.cbegin(); it != m.cend(); ++it) {
            key(it.key());
            value(it.value());
        }
        endObject();
    }
    void field(const char *k, const QString &v)
    {
        if (!v.isEmpty()) {
            key(k);
            value(v);
        }
    }

private:
    void grow(std::size_t atLeast)
    {
        m_out.resize(qsizetype(std::max<std::size_t>(atLeast, std::size_t(m_out.size()) * 2)));
        m_data = m_out.data();
    }
    /// Room for @p n more bytes; the caller writes them and advances m_size.
    char *room(std::size_t n)
    {
        if (m_size + n > std::size_t(m_out.size()))
            grow(m_size + n);
        return m_data + m_size;
    }
    void put(char c)
    {
        *room(1) = c;
        ++m_size;
    }
    void append(const char *s, std::size_t n)
    {
        std::memcpy(room(n), s, n);
        m_size += n;
    }
    void append(const QByteArray &b) { append(b.constData(), std::size_t(b.size())); }
    template <typename T> void number(T v)
    {
        char *p = room(24);
        m_size += std::size_t(std::to_chars(p, p + 24, v).ptr - p);
    }
    void separate()
    {
        if (m_afterKey) {
            m_afterKey = false;
            return;
        }
        if (!m_first.empty()) {
            if (!m_first.back())
                put(',');
            m_first.back() = false;
        }
    }
    void escaped(char c)
    {
        switch (c) {
        case '"':
            append("\\\"", 2);
            break;
        case '\\':
            append("\\\\", 2);
            break;
        case '\n':
            append("\\n", 2);
            break;
        case '\r':
            append("\\r", 2);
            break;
        case '\t':
            append("\\t", 2);
            break;
        default:
            if (static_cast<unsigned char>(c) < 0x20) {
                char *p = room(6);
                p[0] = '\\';
                p[1] = 'u';
                p[2] = '0';
                p[3] = '0';
                p[4] = "0123456789abcdef"[(c >> 4) & 0xf];
                p[5] = "0123456789abcdef"[c & 0xf];
                m_size += 6;
            } else {
                put(c);
            }
        }
    }
    void string(const QString &s)
    {
        // Names and values are ASCII almost always: copy them as they are, and leave anything
        // else to the UTF-8 encoder.
        const std::size_t n = std::size_t(s.size());
        const char16_t *u = reinterpret_cast<const char16_t *>(s.utf16());
        char *p = room(n + 2);
        *p++ = '"';
        std::size_t i = 0;
        for (; i < n; ++i) {
            const char16_t c = u[i];
            if (c < 0x20 || c >= 0x80 || c == u'"' || c == u'\\')
                break;
            p[i] = char(c);
        }
        m_size += 1 + i;
        if (i < n)
            escapedUtf16(QStringView(s).mid(qsizetype(i)));
        put('"');
    }
    /// A lone UTF-16 surrogate has no UTF-8 form (toUtf8() makes it '?'): it is written as a
    /// \uXXXX escape, as QJsonDocument writes it, so both writers give the same string.
    void escapedUtf16(QStringView s)
    {
        qsizetype run = 0;  // start of the text not written yet
        for (qsizetype i = 0; i < s.size(); ++i) {
            if (!s[i].isSurrogate())
                continue;
            if (s[i].isHighSurrogate() && i + 1 < s.size() && s[i + 1].isLowSurrogate()) {
                ++i;
                continue;
            }
            escapedUtf8(s.mid(run, i - run));
            append("\\u", 2);
            append(QByteArray::number(s[i].unicode(), 16));
            run = i + 1;
        }
        escapedUtf8(s.mid(run));
    }
    void escapedUtf8(QStringView s)
    {
        for (char c : s.toUtf8())
            escaped(c);
    }
    QByteArray m_out;
    char *m_data = nullptr;
    std::size_t m_size = 0;
    std::vector<bool> m_first;
    bool m_afterKey = false;
};

}  // namespace roce
