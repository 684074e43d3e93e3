// The NX-API JSON reader (core/nxapi/parse/jsonreader.cpp) and CommandBody's conversion to QJson
// (core/nxapi/parse/commandbody.cpp). Every accessor runs over every value. Every object or array
// text the reader accepts, QJsonDocument must accept too: CommandBody hands the source of what
// the reader accepted to QJsonDocument and trusts it to parse.
#include "fuzzcommon.h"
#include "nxapi/parse/commandbody.h"
#include "nxapi/parse/jsonreader.h"

#include <memory>

using namespace roce::nxapi;

namespace {

/// Visits every value, with every accessor, and counts them.
std::size_t walk(json::Value v, int depth)
{
    ROCE_FUZZ_CHECK(v.isValid());
    std::size_t count = 1;
    const QByteArrayView source = v.source();
    ROCE_FUZZ_CHECK(!source.isEmpty());
    switch (v.kind()) {
    case json::Kind::String: {
        const QString s = v.toString();
        ROCE_FUZZ_CHECK(v.equals(QLatin1String("x")) == (s == QLatin1String("x")));
        if (!v.hasEscapes())
            ROCE_FUZZ_CHECK(QString::fromUtf8(v.rawBytes()) == s);
        ROCE_FUZZ_CHECK(source.front() == '"' && source.back() == '"');
        break;
    }
    case json::Kind::Number:
        v.toDouble();
        ROCE_FUZZ_CHECK(v.rawBytes() == source);
        break;
    case json::Kind::Object:
        for (auto it = v.begin(); it != v.end(); ++it) {
            const json::Value key = it.key();
            ROCE_FUZZ_CHECK(key.isString());
            count += walk(*it, depth + 1);
            // A lookup by a key finds a member (the first one of that name).
            if (!key.hasEscapes()) {
                const QByteArrayView raw = key.rawBytes();
                ROCE_FUZZ_CHECK(v.member(QLatin1String(raw.data(), raw.size())).isValid());
            }
        }
        ROCE_FUZZ_CHECK(source.front() == '{' && source.back() == '}');
        break;
    case json::Kind::Array:
        for (const json::Value child : v)
            count += walk(child, depth + 1);
        ROCE_FUZZ_CHECK(source.front() == '[' && source.back() == ']');
        break;
    case json::Kind::Null:
    case json::Kind::True:
    case json::Kind::False:
        ROCE_FUZZ_CHECK(v.toString().isEmpty() && v.toDouble() == 0);
        break;
    }
    ROCE_FUZZ_CHECK(depth <= 1024);
    return count;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QByteArray text = roce::fuzz::rawBytes(data, size);
    json::ParseError error;
    auto doc = json::Document::parse(text, &error);
    ROCE_FUZZ_CHECK(bool(doc) == (error.code == json::ParseError::None));
    if (!doc) {
        ROCE_FUZZ_CHECK(error.offset >= 0 && error.offset <= qsizetype(size));
        ROCE_FUZZ_CHECK(!json::Document::describe(error.code).isEmpty());
    } else {
        walk(doc->root(), 0);
    }

    // QJsonDocument reads only objects and arrays at the top.
    QJsonParseError qtError {};
    const QJsonDocument qdoc = QJsonDocument::fromJson(text, &qtError);
    const bool qtAccepts = qtError.error == QJsonParseError::NoError;
    if (doc && (doc->root().isObject() || doc->root().isArray()) && !qtAccepts)
        roce::fuzz::fail("the reader accepts what QJsonDocument refuses",
                         qtError.errorString().toUtf8());
    // The other way round is no finding: the reader is stricter than QJsonDocument on purpose
    // (RFC 8259: raw control characters, unknown escapes such as "\e" are errors).
    if (!doc)
        return 0;

    // A response body as CommandBody holds it, converted for code outside the poll path.
    const auto shared = std::make_shared<const json::Document>(std::move(*doc));
    const CommandBody body(shared, shared->root());
    const QJsonValue value = body.toJsonValue();
    ROCE_FUZZ_CHECK(body.isObject() == value.isObject());
    ROCE_FUZZ_CHECK(body.isString() == value.isString());
    if (value.isObject() || value.isArray()) {
        // And back: a QJsonValue body is serialized and read by the reader again.
        const CommandBody built(value);
        std::shared_ptr<const json::Document> keepAlive;
        const json::Value again = built.json(keepAlive);
        ROCE_FUZZ_CHECK(again.isValid() && keepAlive);
        if (roce::fuzz::compact(built.toJsonValue()) != roce::fuzz::compact(value))
            roce::fuzz::fail("CommandBody round trip changed the body");
    }
    return 0;
}
