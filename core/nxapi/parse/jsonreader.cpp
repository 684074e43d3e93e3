#include "nxapi/parse/jsonreader.h"

#include <QCoreApplication>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <limits>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace roce::nxapi::json {

namespace {

class ReaderText
{
    Q_DECLARE_TR_FUNCTIONS(ReaderText)
};

// The same nesting limit as QJsonDocument: deeper text is garbage, not an NX-OS body.
constexpr std::size_t kMaxDepth = 1024;

inline bool isWhitespace(unsigned char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

inline bool isDigit(unsigned char c)
{
    return c >= '0' && c <= '9';
}

int hexValue(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/// Length of the well-formed UTF-8 sequence at @p p (lead byte >= 0x80), or 0 (RFC 3629:
/// no overlong forms, no surrogates, nothing above U+10FFFF).
int utf8SequenceLength(const unsigned char *p, const unsigned char *end)
{
    const unsigned char c = p[0];
    auto cont = [&](int i) { return p + i < end && (p[i] & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF)
        return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2))
            return 0;
        if (c == 0xE0 && p[1] < 0xA0)
            return 0;  // overlong
        if (c == 0xED && p[1] >= 0xA0)
            return 0;  // UTF-16 surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3))
            return 0;
        if (c == 0xF0 && p[1] < 0x90)
            return 0;  // overlong
        if (c == 0xF4 && p[1] >= 0x90)
            return 0;  // above U+10FFFF
        return 4;
    }
    return 0;
}

/// A sequence that is well-formed so far but runs into the end of the text: cut short,
/// not invalid.
bool cutInSequence(const unsigned char *p, const unsigned char *end)
{
    const unsigned char c = p[0];
    const int need = c >= 0xC2 && c <= 0xDF ? 2
        : c >= 0xE0 && c <= 0xEF            ? 3
        : c >= 0xF0 && c <= 0xF4            ? 4
                                            : 0;
    if (need == 0 || end - p >= need)
        return false;
    for (const unsigned char *q = p + 1; q < end; ++q) {
        if ((*q & 0xC0) != 0x80)
            return false;
    }
    return true;
}

void appendUtf8(QByteArray &out, char32_t cp)
{
    if (cp < 0x80) {
        out.append(char(cp));
    } else if (cp < 0x800) {
        out.append(char(0xC0 | (cp >> 6)));
        out.append(char(0x80 | (cp & 0x3F)));
    } else if (cp < 0x10000) {
        out.append(char(0xE0 | (cp >> 12)));
        out.append(char(0x80 | ((cp >> 6) & 0x3F)));
        out.append(char(0x80 | (cp & 0x3F)));
    } else {
        out.append(char(0xF0 | (cp >> 18)));
        out.append(char(0x80 | ((cp >> 12) & 0x3F)));
        out.append(char(0x80 | ((cp >> 6) & 0x3F)));
        out.append(char(0x80 | (cp & 0x3F)));
    }
}

}  // namespace

/// The single pass over the text. Iterative (an explicit stack of open containers), so
/// garbage like "[[[[..." cannot exhaust the call stack.
class Parser
{
public:
    explicit Parser(Document &doc)
        : m_begin(reinterpret_cast<const unsigned char *>(doc.m_text.constData())),
          m_end(m_begin + doc.m_text.size()),
          m_p(m_begin),
          m_doc(doc)
    { }

    ParseError run();

private:
    ParseError fail(ParseError::Code code) const
    {
        // Running out of text is "cut short" wherever it happens.
        return ParseError {m_p >= m_end ? ParseError::UnexpectedEnd : code,
                           qsizetype(m_p - m_begin)};
    }
    void skipWhitespace()
    {
        while (m_p < m_end && isWhitespace(*m_p))
            ++m_p;
    }
    std::uint32_t offset() const { return std::uint32_t(m_p - m_begin); }
    std::uint32_t add(Kind kind, std::uint32_t offset, std::uint32_t length)
    {
        if (m_doc.m_count == m_doc.m_capacity) [[unlikely]]
            grow();
        const std::uint32_t index = m_doc.m_count++;
        m_doc.m_nodes[index] = Node {offset, length, index + 1, kind, false};
        return index;
    }
    Node &at(std::uint32_t index) { return m_doc.m_nodes[index]; }
    std::uint32_t count() const { return m_doc.m_count; }
    void grow();
    bool string(ParseError *error);
    bool number(ParseError *error);
    bool literal(const char *word, Kind kind, ParseError *error);

    const unsigned char *m_begin;
    const unsigned char *m_end;
    const unsigned char *m_p;
    Document &m_doc;
};

void Parser::grow()
{
    // The text has at most one value per byte, so this ends.
    const std::uint32_t capacity = std::max<std::uint32_t>(64, m_doc.m_capacity * 2);
    auto nodes = std::make_unique_for_overwrite<Node[]>(capacity);
    if (m_doc.m_count)
        std::memcpy(nodes.get(), m_doc.m_nodes.get(), m_doc.m_count * sizeof(Node));
    m_doc.m_nodes = std::move(nodes);
    m_doc.m_capacity = capacity;
}

bool Parser::string(ParseError *error)
{
    // At the opening quote.
    ++m_p;
    const std::uint32_t start = offset();
    bool escaped = false;
    for (;;) {
#if defined(__SSE2__)
        // 16 bytes at a time while none is special: a quote, a backslash, a control
        // character or a non-ASCII byte (the last two are < 0x20 as signed bytes).
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i backslash = _mm_set1_epi8('\\');
        const __m128i space = _mm_set1_epi8(0x20);
        while (m_end - m_p >= 16) {
            const __m128i chunk = _mm_loadu_si128(reinterpret_cast<const __m128i *>(m_p));
            const __m128i special = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(chunk, quote), _mm_cmpeq_epi8(chunk, backslash)),
                _mm_cmplt_epi8(chunk, space));
            const int mask = _mm_movemask_epi8(special);
            if (mask != 0) {
                m_p += __builtin_ctz(unsigned(mask));
                break;
            }
            m_p += 16;
        }
#endif
        if (m_p >= m_end) {
            *error = fail(ParseError::UnexpectedEnd);
            return false;
        }
        const unsigned char c = *m_p;
        if (c == '"')
            break;
        if (c == '\\') {
            escaped = true;
            if (m_end - m_p < 2) {
                m_p = m_end;
                *error = fail(ParseError::UnexpectedEnd);
                return false;
            }
            const unsigned char e = m_p[1];
            if (e == 'u') {
                for (int i = 2; i < 6; ++i) {
                    if (m_p + i >= m_end) {
                        m_p = m_end;
                        *error = fail(ParseError::UnexpectedEnd);
                        return false;
                    }
                    if (hexValue(m_p[i]) < 0) {
                        m_p += i;
                        *error = fail(ParseError::InvalidEscape);
                        return false;
                    }
                }
                m_p += 6;
            } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n'
                       || e == 'r' || e == 't') {
                m_p += 2;
            } else {
                ++m_p;
                *error = fail(ParseError::InvalidEscape);
                return false;
            }
        } else if (c < 0x20) {
            *error = fail(ParseError::ControlCharacter);
            return false;
        } else if (c < 0x80) {
            ++m_p;
        } else {
            const int n = utf8SequenceLength(m_p, m_end);
            if (n == 0) {
                if (cutInSequence(m_p, m_end))
                    m_p = m_end;
                *error = fail(ParseError::InvalidUtf8);
                return false;
            }
            m_p += n;
        }
    }
    const std::uint32_t index = add(Kind::String, start, offset() - start);
    at(index).escaped = escaped;
    ++m_p;  // closing quote
    return true;
}

bool Parser::number(ParseError *error)
{
    // -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    const unsigned char *start = m_p;
    bool exponent = false;
    if (*m_p == '-')
        ++m_p;
    if (m_p >= m_end) {
        *error = fail(ParseError::UnexpectedEnd);
        return false;
    }
    if (*m_p == '0') {
        ++m_p;
    } else if (isDigit(*m_p)) {
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    } else {
        *error = fail(ParseError::InvalidNumber);
        return false;
    }
    if (m_p < m_end && *m_p == '.') {
        ++m_p;
        if (m_p >= m_end || !isDigit(*m_p)) {
            *error = fail(ParseError::InvalidNumber);
            return false;
        }
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
    }
    if (m_p < m_end && (*m_p == 'e' || *m_p == 'E')) {
        ++m_p;
        if (m_p < m_end && (*m_p == '+' || *m_p == '-'))
            ++m_p;
        if (m_p >= m_end || !isDigit(*m_p)) {
            *error = fail(ParseError::InvalidNumber);
            return false;
        }
        while (m_p < m_end && isDigit(*m_p))
            ++m_p;
        exponent = true;
    }
    // QJsonDocument refuses a number that overflows a double or underflows to zero (1e400,
    // 1e-400), and CommandBody hands the text of what this reader accepted to it: refuse the
    // same ones, by Qt's own conversion. Only an exponent or some 300 digits get that far.
    if (exponent || m_p - start > 300) {
        bool inRange = false;
        QByteArray::fromRawData(reinterpret_cast<const char *>(start), m_p - start)
            .toDouble(&inRange);
        if (!inRange) {
            m_p = start;
            *error = fail(ParseError::InvalidNumber);
            return false;
        }
    }
    add(Kind::Number, std::uint32_t(start - m_begin), std::uint32_t(m_p - start));
    return true;
}

bool Parser::literal(const char *word, Kind kind, ParseError *error)
{
    const std::size_t n = std::strlen(word);
    const unsigned char *start = m_p;
    for (std::size_t i = 0; i < n; ++i, ++m_p) {
        if (m_p >= m_end || *m_p != static_cast<unsigned char>(word[i])) {
            *error = fail(ParseError::UnexpectedCharacter);
            return false;
        }
    }
    add(kind, std::uint32_t(start - m_begin), std::uint32_t(n));
    return true;
}

ParseError Parser::run()
{
    ParseError error;
    // Open containers: their node and, for objects, the key of the member being read. An
    // object expects a key after '{' and ','.
    struct Open {
        std::uint32_t container;
        std::uint32_t key;
    };
    std::vector<Open> open;
    open.reserve(32);
    for (;;) {
        // One value.
        skipWhitespace();
        if (m_p >= m_end)
            return fail(ParseError::UnexpectedEnd);
        bool closed = false;  // a value is complete; look for ',' or a closing bracket
        switch (*m_p) {
        case '{':
        case '[': {
            if (open.size() >= kMaxDepth)
                return fail(ParseError::TooDeep);
            const bool object = *m_p == '{';
            open.push_back(Open {add(object ? Kind::Object : Kind::Array, offset(), 0), 0});
            ++m_p;
            skipWhitespace();
            const unsigned char close = object ? '}' : ']';
            if (m_p < m_end && *m_p == close) {
                ++m_p;
                Node &n = at(open.back().container);
                n.length = offset() - n.offset;
                open.pop_back();
                closed = true;
                break;
            }
            if (object) {
                if (m_p >= m_end || *m_p != '"')
                    return fail(ParseError::UnexpectedCharacter);
                if (!string(&error))
                    return error;
                open.back().key = count() - 1;
                skipWhitespace();
                if (m_p >= m_end || *m_p != ':')
                    return fail(ParseError::UnexpectedCharacter);
                ++m_p;
            }
            break;
        }
        case '"':
            if (!string(&error))
                return error;
            closed = true;
            break;
        case 't':
            if (!literal("true", Kind::True, &error))
                return error;
            closed = true;
            break;
        case 'f':
            if (!literal("false", Kind::False, &error))
                return error;
            closed = true;
            break;
        case 'n':
            if (!literal("null", Kind::Null, &error))
                return error;
            closed = true;
            break;
        default:
            if (*m_p != '-' && !isDigit(*m_p))
                return fail(ParseError::UnexpectedCharacter);
            if (!number(&error))
                return error;
            closed = true;
            break;
        }
        if (!closed)
            continue;  // inside a new container: its first value comes next
        // After a value: close containers that end here, or go on after a comma.
        for (;;) {
            if (open.empty()) {
                skipWhitespace();
                if (m_p != m_end)
                    return fail(ParseError::TrailingGarbage);
                return error;
            }
            Open &top = open.back();
            Node &container = at(top.container);
            const bool object = container.kind == Kind::Object;
            const unsigned char close = object ? '}' : ']';
            // A key's `end` skips its value: lookups step from key to key.
            if (object)
                at(top.key).end = count();
            skipWhitespace();
            if (m_p >= m_end)
                return fail(ParseError::UnexpectedEnd);
            if (*m_p == ',') {
                ++m_p;
                if (object) {
                    skipWhitespace();
                    if (m_p >= m_end || *m_p != '"')
                        return fail(ParseError::UnexpectedCharacter);
                    if (!string(&error))
                        return error;
                    top.key = count() - 1;
                    skipWhitespace();
                    if (m_p >= m_end || *m_p != ':')
                        return fail(ParseError::UnexpectedCharacter);
                    ++m_p;
                }
                break;
            }
            if (*m_p != close)
                return fail(ParseError::UnexpectedCharacter);
            ++m_p;
            container.length = offset() - container.offset;
            container.end = count();
            open.pop_back();
        }
    }
}

std::optional<Document> Document::parse(const QByteArray &text, ParseError *error)
{
    ParseError ignored;
    ParseError &e = error ? *error : ignored;
    // Offsets are 32-bit: 4 GB is far beyond any NX-API response.
    if (quint64(text.size()) >= std::numeric_limits<std::uint32_t>::max()) {
        e = ParseError {ParseError::TooLarge, 0};
        return std::nullopt;
    }
    Document doc;
    doc.m_text = text;
    // Measured on NX-OS bodies: about one node per 11 bytes of compact JSON (more bytes when
    // indented); reserving for one per 8 avoids regrowing the one big allocation.
    doc.m_capacity = std::uint32_t(std::min<qsizetype>(text.size() / 8 + 16, 1 << 28));
    doc.m_nodes = std::make_unique_for_overwrite<Node[]>(doc.m_capacity);
    Parser parser(doc);
    e = parser.run();
    if (e.code != ParseError::None)
        return std::nullopt;
    return doc;
}

QByteArray Document::unescaped(const Node &n) const
{
    const char *p = m_text.constData() + n.offset;
    const char *end = p + n.length;
    QByteArray out;
    out.reserve(n.length);
    while (p < end) {
        if (*p != '\\') {
            out.append(*p++);
            continue;
        }
        const char e = p[1];
        p += 2;
        switch (e) {
        case 'b':
            out.append('\b');
            break;
        case 'f':
            out.append('\f');
            break;
        case 'n':
            out.append('\n');
            break;
        case 'r':
            out.append('\r');
            break;
        case 't':
            out.append('\t');
            break;
        case 'u': {
            // Validated by the parser: four hex digits follow.
            char32_t cp = 0;
            for (int i = 0; i < 4; ++i)
                cp = (cp << 4) | char32_t(hexValue(static_cast<unsigned char>(p[i])));
            p += 4;
            if (cp >= 0xD800 && cp <= 0xDBFF && end - p >= 6 && p[0] == '\\' && p[1] == 'u') {
                char32_t low = 0;
                for (int i = 2; i < 6; ++i)
                    low = (low << 4) | char32_t(hexValue(static_cast<unsigned char>(p[i])));
                if (low >= 0xDC00 && low <= 0xDFFF) {
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    p += 6;
                }
            }
            if (cp >= 0xD800 && cp <= 0xDFFF)
                cp = 0xFFFD;  // a lone surrogate: the replacement character, as Qt does
            appendUtf8(out, cp);
            break;
        }
        default:  // '"', '\\', '/'
            out.append(e);
            break;
        }
    }
    return out;
}

QString Document::describe(ParseError::Code code)
{
    switch (code) {
    case ParseError::None:
        return ReaderText::tr("no error");
    case ParseError::UnexpectedEnd:
        return ReaderText::tr("the text ends inside a value");
    case ParseError::UnexpectedCharacter:
        return ReaderText::tr("unexpected character");
    case ParseError::InvalidNumber:
        return ReaderText::tr("invalid number");
    case ParseError::InvalidEscape:
        return ReaderText::tr("invalid escape sequence in a string");
    case ParseError::InvalidUtf8:
        return ReaderText::tr("invalid UTF-8 in a string");
    case ParseError::ControlCharacter:
        return ReaderText::tr("unescaped control character in a string");
    case ParseError::TooDeep:
        return ReaderText::tr("too deeply nested");
    case ParseError::TrailingGarbage:
        return ReaderText::tr("garbage after the JSON value");
    case ParseError::TooLarge:
        return ReaderText::tr("the text is too large");
    }
    return QString();
}

QString Value::toString() const
{
    if (!isValid())
        return QString();
    const Node &n = node();
    if (n.kind == Kind::String && n.escaped)
        return QString::fromUtf8(m_doc->unescaped(n));
    if (n.kind == Kind::String || n.kind == Kind::Number)
        return QString::fromUtf8(m_doc->text().constData() + n.offset, n.length);
    return QString();
}

double Value::toDouble() const
{
    if (!isNumber())
        return 0;
    const Node &n = node();
    const char *p = m_doc->text().constData() + n.offset;
    double v = 0;
    std::from_chars(p, p + n.length, v);
    return v;
}

bool Value::equals(QLatin1String text) const
{
    if (!isString())
        return false;
    const Node &n = node();
    if (!n.escaped) {
        return n.length == std::uint32_t(text.size())
            && std::memcmp(m_doc->text().constData() + n.offset, text.data(), n.length) == 0;
    }
    const QByteArray u = m_doc->unescaped(n);
    return u.size() == text.size() && std::memcmp(u.constData(), text.data(), u.size()) == 0;
}

QByteArrayView Value::source() const
{
    if (!isValid())
        return {};
    const Node &n = node();
    const char *text = m_doc->text().constData();
    if (n.kind == Kind::String)  // with its quotes
        return QByteArrayView(text + n.offset - 1, n.length + 2);
    return QByteArrayView(text + n.offset, n.length);
}

Value Value::Iterator::operator*() const
{
    return Value(m_doc, m_object ? m_index + 1 : m_index);
}

Value Value::Iterator::key() const
{
    return Value(m_doc, m_index);
}

Value::Iterator &Value::Iterator::operator++()
{
    m_index = m_doc->node(m_index).end;  // an object's key: the index after its value
    return *this;
}

Value::Iterator Value::begin() const
{
    if (!isObject() && !isArray())
        return end();
    return Iterator(m_doc, m_index + 1, isObject());
}

Value::Iterator Value::end() const
{
    if (!isObject() && !isArray())
        return Iterator(m_doc, 0, false);
    return Iterator(m_doc, node().end, isObject());
}

}  // namespace roce::nxapi::json
