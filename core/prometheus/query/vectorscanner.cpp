#include "prometheus/query/vectorscanner.h"

#include <charconv>
#include <cmath>

namespace roce::prom {

namespace {

/// A cursor over JSON text that reads just what an instant vector needs.
class Scanner
{
public:
    explicit Scanner(const QByteArray &text) : m_p(text.constData()), m_end(m_p + text.size()) { }

    void ws()
    {
        while (m_p < m_end && (*m_p == ' ' || *m_p == '\n' || *m_p == '\r' || *m_p == '\t'))
            ++m_p;
    }
    bool eat(char c)
    {
        ws();
        if (m_p < m_end && *m_p == c) {
            ++m_p;
            return true;
        }
        return false;
    }
    bool peek(char c)
    {
        ws();
        return m_p < m_end && *m_p == c;
    }
    /// A string into @p out (raw bytes, escapes decoded); \u escapes are left to the
    /// thorough reader (false).
    bool string(QByteArray &out)
    {
        out.clear();
        if (!eat('"'))
            return false;
        const char *start = m_p;
        while (m_p < m_end && *m_p != '"' && *m_p != '\\')
            ++m_p;
        out.append(start, m_p - start);
        while (m_p < m_end && *m_p == '\\') {
            if (m_p + 1 >= m_end)
                return false;
            const char e = m_p[1];
            m_p += 2;
            switch (e) {
            case '"':
            case '\\':
            case '/':
                out.append(e);
                break;
            case 'n':
                out.append('\n');
                break;
            case 't':
                out.append('\t');
                break;
            case 'r':
                out.append('\r');
                break;
            case 'b':
                out.append('\b');
                break;
            case 'f':
                out.append('\f');
                break;
            default:
                return false;
            }
            start = m_p;
            while (m_p < m_end && *m_p != '"' && *m_p != '\\')
                ++m_p;
            out.append(start, m_p - start);
        }
        if (m_p >= m_end)
            return false;
        ++m_p;  // the closing quote
        return true;
    }
    bool number(double &out)
    {
        ws();
        const auto [ptr, ec] = std::from_chars(m_p, m_end, out);
        if (ec != std::errc())
            return false;
        m_p = ptr;
        return true;
    }
    /// Skips any JSON value (for keys this reader does not need).
    bool skip(int depth = 0)
    {
        if (depth > 64)
            return false;
        ws();
        if (m_p >= m_end)
            return false;
        if (*m_p == '"') {
            QByteArray ignored;
            return string(ignored);
        }
        if (*m_p == '{' || *m_p == '[') {
            const char close = *m_p == '{' ? '}' : ']';
            const bool object = *m_p == '{';
            ++m_p;
            if (eat(close))
                return true;
            do {
                if (object) {
                    QByteArray key;
                    if (!string(key) || !eat(':'))
                        return false;
                }
                if (!skip(depth + 1))
                    return false;
            } while (eat(','));
            return eat(close);
        }
        // A number, true, false or null.
        while (m_p < m_end && *m_p != ',' && *m_p != '}' && *m_p != ']' && *m_p != ' '
               && *m_p != '\n')
            ++m_p;
        return true;
    }
    bool atEnd()
    {
        ws();
        return m_p == m_end;
    }

private:
    const char *m_p;
    const char *m_end;
};

bool readValue(Scanner &s, PromSample &sample, bool &finite)
{
    double ts = 0;
    QByteArray text;
    if (!s.eat('[') || !s.number(ts) || !s.eat(',') || !s.string(text) || !s.eat(']'))
        return false;
    sample.ms = qint64(std::llround(ts * 1000.0));
    double v = 0;
    const auto [ptr, ec] = std::from_chars(text.constData(), text.constData() + text.size(), v);
    if (ec == std::errc() && ptr == text.constData() + text.size()) {
        sample.value = v;
        finite = std::isfinite(v);
        return true;
    }
    // "NaN", "+Inf", "-Inf": not values (absent is not zero, and neither is NaN).
    finite = false;
    return text == "NaN" || text == "+Inf" || text == "-Inf" || text == "Inf";
}

bool readResult(Scanner &s, const QList<QByteArray> &wanted, const QStringList &names,
                QList<PromSample> &out)
{
    if (!s.eat('['))
        return false;
    if (s.eat(']'))
        return true;
    QByteArray key, value;
    do {
        if (!s.eat('{'))
            return false;
        PromSample sample;
        sample.labels = QStringList(names.size(), QString());
        bool haveValue = false, finite = false;
        if (!s.peek('}')) {
            do {
                if (!s.string(key) || !s.eat(':'))
                    return false;
                if (key == "metric") {
                    if (!s.eat('{'))
                        return false;
                    if (!s.eat('}')) {
                        do {
                            if (!s.string(key) || !s.eat(':') || !s.string(value))
                                return false;
                            const qsizetype at = wanted.indexOf(key);
                            if (at >= 0)
                                sample.labels[at] = QString::fromUtf8(value);
                        } while (s.eat(','));
                        if (!s.eat('}'))
                            return false;
                    }
                } else if (key == "value") {
                    if (!readValue(s, sample, finite))
                        return false;
                    haveValue = true;
                } else if (!s.skip()) {
                    return false;
                }
            } while (s.eat(','));
        }
        if (!s.eat('}') || !haveValue)
            return false;
        if (finite)
            out.append(std::move(sample));
    } while (s.eat(','));
    return s.eat(']');
}

}  // namespace

std::optional<QList<PromSample>> scanVector(const QByteArray &body, const QStringList &labelNames)
{
    QList<QByteArray> wanted;
    for (const QString &n : labelNames)
        wanted.append(n.toUtf8());
    Scanner s(body);
    QByteArray key, text;
    bool success = false, vector = false, haveResult = false;
    QList<PromSample> out;
    if (!s.eat('{'))
        return std::nullopt;
    do {
        if (!s.string(key) || !s.eat(':'))
            return std::nullopt;
        if (key == "status") {
            if (!s.string(text))
                return std::nullopt;
            success = text == "success";
        } else if (key == "data") {
            if (!s.eat('{'))
                return std::nullopt;
            if (!s.eat('}')) {
                do {
                    if (!s.string(key) || !s.eat(':'))
                        return std::nullopt;
                    if (key == "resultType") {
                        if (!s.string(text))
                            return std::nullopt;
                        vector = text == "vector";
                    } else if (key == "result") {
                        if (!readResult(s, wanted, labelNames, out))
                            return std::nullopt;
                        haveResult = true;
                    } else if (!s.skip()) {
                        return std::nullopt;
                    }
                } while (s.eat(','));
                if (!s.eat('}'))
                    return std::nullopt;
            }
        } else if (!s.skip()) {
            return std::nullopt;
        }
    } while (s.eat(','));
    if (!s.eat('}') || !s.atEnd() || !success || !vector || !haveResult)
        return std::nullopt;
    return out;
}

}  // namespace roce::prom
