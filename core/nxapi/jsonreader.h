#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QLatin1String>
#include <QString>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

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
struct Node {
    std::uint32_t offset = 0;  ///< strings: first byte after the quote; others: first byte
    std::uint32_t length = 0;  ///< bytes: string content without quotes; containers incl. brackets
    std::uint32_t end = 0;     ///< index of the node after this value's subtree
    Kind kind = Kind::Null;
    bool escaped = false;  ///< a string with backslash escapes (read through unescape)
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

/// A value inside a Document (a view: the Document must outlive it). A default-constructed
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
class Document
{
public:
    /// Parses @p text; on failure returns nullopt and sets @p error.
    static std::optional<Document> parse(const QByteArray &text, ParseError *error);

    Value root() const { return m_nodes.empty() ? Value() : Value(this, 0); }
    const QByteArray &text() const { return m_text; }
    const Node &node(std::uint32_t i) const { return m_nodes[i]; }

    /// @p n's string content with escapes resolved, as UTF-8.
    QByteArray unescaped(const Node &n) const;

    /// Reader's text for an error code ("unexpected character", ...), translated.
    static QString describe(ParseError::Code code);

private:
    QByteArray m_text;
    std::vector<Node> m_nodes;

    friend class Parser;
};

}  // namespace roce::nxapi::json
