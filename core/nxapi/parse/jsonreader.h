#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QLatin1String>
#include <QString>

#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>

// A strict, allocation-light JSON reader for NX-API responses. One pass over the UTF-8 bytes
// validates the text (RFC 8259: no comments, no trailing commas, well-formed UTF-8 and
// escapes) and records every value as a 16-byte node in one flat array; strings stay views
// into the buffer and are unescaped only when read and only if they have escapes. A 48-port
// poll is ~600 KB of JSON: QJsonDocument builds a tree of refcounted objects for it, which is
// most of the cost of a poll; this builds one array.
namespace roce::nxapi::json {

enum class Kind : std::uint8_t { Null, False, True, Number, String, Array, Object };

/// One value. Containers are followed by their children (objects: key, value, key, value);
/// `end` is the index after the subtree, so a sibling is one jump away.
/// Trivial on purpose: the array of them is allocated without being initialized.
struct Node {
    std::uint32_t offset;  ///< strings: first byte after the quote; others: first byte
    std::uint32_t length;  ///< bytes: string content without quotes; containers incl. brackets
    std::uint32_t end;     ///< index after this value's subtree (object keys: after their value)
    Kind kind;
    bool escaped;  ///< a string with backslash escapes (read through unescape)
};

/// Why a text is not JSON, and where (byte offset into the text).
struct ParseError {
    enum Code : std::uint8_t {
        None,
        UnexpectedEnd,  ///< the text stops inside a value: a cut-short response
        UnexpectedCharacter,
        InvalidNumber,
        InvalidEscape,
        InvalidUtf8,
        ControlCharacter,  ///< a raw control character inside a string
        TooDeep,
        TrailingGarbage,
        TooLarge,
    };
    Code code = None;
    qsizetype offset = 0;
};

class Document;

/// A value inside a Document (a view: the Document must outlive it and stay where it is;
/// NX-API responses keep theirs in a shared_ptr). A default-constructed
/// Value is "absent": every query on it answers absent/empty, so lookups chain safely.
class Value
{
public:
    Value() = default;
    Value(const Document *doc, std::uint32_t index) : m_doc(doc), m_index(index) { }

    bool isValid() const { return m_doc != nullptr; }
    Kind kind() const;
    bool isObject() const { return isValid() && kind() == Kind::Object; }
    bool isArray() const { return isValid() && kind() == Kind::Array; }
    bool isString() const { return isValid() && kind() == Kind::String; }
    bool isNumber() const { return isValid() && kind() == Kind::Number; }

    /// Member @p key of an object (the first one if a key repeats); absent otherwise.
    Value member(QLatin1String key) const;
    bool contains(QLatin1String key) const { return member(key).isValid(); }

    /// A string's content (unescaped, decoded from UTF-8), a number's text; else empty.
    QString toString() const;
    /// Raw UTF-8 bytes of a string without escapes, or of a number; empty otherwise (check
    /// hasEscapes() first when the difference matters).
    QByteArrayView rawBytes() const;
    bool hasEscapes() const;
    /// A number's value as double (the JSON text parsed exactly as written).
    double toDouble() const;
    /// Compares a string with @p text without building a QString.
    bool equals(QLatin1String text) const;

    /// The bytes of this value as written (objects and arrays with their brackets).
    QByteArrayView source() const;

    /// Children: array elements, or object values (with keys from key()).
    class Iterator
    {
    public:
        Iterator(const Document *doc, std::uint32_t index, bool object)
            : m_doc(doc), m_index(index), m_object(object)
        { }
        Value operator*() const;
        Value key() const;  ///< objects only
        Iterator &operator++();
        bool operator!=(const Iterator &o) const { return m_index != o.m_index; }

    private:
        const Document *m_doc;
        std::uint32_t m_index;  ///< the element, or the key of an object member
        bool m_object;
    };
    Iterator begin() const;
    Iterator end() const;

    std::uint32_t index() const { return m_index; }
    const Document *document() const { return m_doc; }

private:
    const Node &node() const;

    const Document *m_doc = nullptr;
    std::uint32_t m_index = 0;
};

/// A parsed JSON text. Holds a shallow copy of the bytes (QByteArray is shared, not copied).
/// Only reads after parse(), so one Document can be read from several threads.
class Document
{
public:
    /// Parses @p text; on failure returns nullopt and sets @p error.
    static std::optional<Document> parse(const QByteArray &text, ParseError *error);

    Value root() const { return m_count == 0 ? Value() : Value(this, 0); }
    const QByteArray &text() const { return m_text; }
    const Node &node(std::uint32_t i) const { return m_nodes[i]; }

    /// @p n's string content with escapes resolved, as UTF-8.
    QByteArray unescaped(const Node &n) const;

    /// Reader's text for an error code ("unexpected character", ...), translated.
    static QString describe(ParseError::Code code);

private:
    QByteArray m_text;
    std::unique_ptr<Node[]> m_nodes;
    std::uint32_t m_count = 0;
    std::uint32_t m_capacity = 0;

    friend class Parser;
};

// The accessors the parsers call per field, inline: a lookup is a loop over a few nodes.

inline const Node &Value::node() const
{
    return m_doc->node(m_index);
}

inline Kind Value::kind() const
{
    return node().kind;
}

inline Value Value::member(QLatin1String key) const
{
    if (!isObject())
        return {};
    const std::uint32_t end = node().end;
    const char *text = m_doc->text().constData();
    const auto keyLength = std::uint32_t(key.size());
    // Length first, then the last byte (NX-OS keys share prefixes: "eth_", "eq-"), then all.
    const char last = keyLength ? key.data()[keyLength - 1] : '\0';
    for (std::uint32_t i = m_index + 1; i < end;) {
        const Node &k = m_doc->node(i);
        if (k.length == keyLength && !k.escaped
            && (keyLength == 0 || text[k.offset + keyLength - 1] == last)
            && std::memcmp(text + k.offset, key.data(), keyLength) == 0)
            return Value(m_doc, i + 1);
        if (k.escaped && Value(m_doc, i).equals(key)) [[unlikely]]
            return Value(m_doc, i + 1);
        i = k.end;  // past the member's value
    }
    return {};
}

inline QByteArrayView Value::rawBytes() const
{
    if (!isValid())
        return {};
    const Node &n = node();
    if ((n.kind == Kind::String && !n.escaped) || n.kind == Kind::Number)
        return QByteArrayView(m_doc->text().constData() + n.offset, n.length);
    return {};
}

inline bool Value::hasEscapes() const
{
    return isValid() && node().escaped;
}

}  // namespace roce::nxapi::json
