// The NX-API JSON reader: it reads every fixture exactly as QJsonDocument does, rejects what
// is not JSON with the position of the fault, and never crashes on cut-short or garbage text.
#include "nxapi/parse/commandbody.h"
#include "nxapi/parse/jsonreader.h"

#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>

#include <memory>

using namespace roce::nxapi;

namespace {

QByteArray fixture(const QString &name)
{
    QFile f(QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/nxapi/") + name);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture %s", qPrintable(f.fileName()));
    return f.readAll();
}

/// The reader's view as a QJsonValue, built from its nodes (not through QJsonDocument).
QJsonValue toQJson(json::Value v)
{
    switch (v.kind()) {
    case json::Kind::Null:
        return QJsonValue(QJsonValue::Null);
    case json::Kind::False:
        return false;
    case json::Kind::True:
        return true;
    case json::Kind::Number: {
        // QJsonDocument keeps integers that fit 64 bits exactly.
        bool ok = false;
        const qint64 i = v.rawBytes().toByteArray().toLongLong(&ok);
        return ok ? QJsonValue(i) : QJsonValue(v.toDouble());
    }
    case json::Kind::String:
        return v.toString();
    case json::Kind::Array: {
        QJsonArray a;
        for (const json::Value e : v)
            a.append(toQJson(e));
        return a;
    }
    case json::Kind::Object: {
        QJsonObject o;
        for (auto it = v.begin(); it != v.end(); ++it)
            o.insert(it.key().toString(), toQJson(*it));
        return o;
    }
    }
    return {};
}

std::optional<json::Document> parse(const QByteArray &text, json::ParseError *error = nullptr)
{
    json::ParseError ignored;
    return json::Document::parse(text, error ? error : &ignored);
}

}  // namespace

class TestJsonReader : public QObject
{
    Q_OBJECT

private slots:
    void readsEveryFixtureLikeQJsonDocument();
    void scalarsAndEscapes();
    void memberLookup();
    void rejectsWithPosition_data();
    void rejectsWithPosition();
    void everyTruncationIsCutShort();
    void garbageNeverCrashes();
    void deepNestingIsAnError();
    void numbersAsQJsonDocumentReadsThem_data();
    void numbersAsQJsonDocumentReadsThem();
};

void TestJsonReader::readsEveryFixtureLikeQJsonDocument()
{
    int files = 0;
    QDirIterator it(QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/nxapi"),
                    QStringList {QStringLiteral("*.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        QFile f(it.next());
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray text = f.readAll();
        QJsonParseError qtError {};
        const QJsonDocument expected = QJsonDocument::fromJson(text, &qtError);
        json::ParseError error;
        const auto doc = parse(text, &error);
        if (qtError.error != QJsonParseError::NoError) {
            // The cut-short fixture: both refuse it.
            QVERIFY2(!doc, qPrintable(f.fileName()));
            QCOMPARE(error.code, json::ParseError::UnexpectedEnd);
            continue;
        }
        QVERIFY2(doc, qPrintable(f.fileName() + QLatin1Char(' ') + QString::number(error.offset)));
        const QJsonValue got = toQJson(doc->root());
        QCOMPARE(got,
                 expected.isObject() ? QJsonValue(expected.object())
                                     : QJsonValue(expected.array()));
        ++files;
    }
    QVERIFY(files >= 25);
}

void TestJsonReader::scalarsAndEscapes()
{
    const auto doc = parse(
        R"json( { "s" : "a\"b\\c\/d\n\t\u00e9\ud83d\ude00" , "n": -12.5e+2, "i": 18446744073709551615,
        "t": true, "f": false, "z": null, "e": "", "a": [ ], "o": {}, "u": "é" } )json");
    QVERIFY(doc);
    const json::Value root = doc->root();
    QVERIFY(root.isObject());
    const json::Value s = root.member(QLatin1String("s"));
    QVERIFY(s.hasEscapes());
    const char32_t emoji[] = {0x1F600};
    QCOMPARE(s.toString(),
             QString(QStringLiteral("a\"b\\c/d\n\t\u00e9") + QString::fromUcs4(emoji, 1)));
    QCOMPARE(root.member(QLatin1String("n")).toDouble(), -1250.0);
    QCOMPARE(root.member(QLatin1String("i")).rawBytes().toByteArray(),
             QByteArray("18446744073709551615"));
    QCOMPARE(root.member(QLatin1String("t")).kind(), json::Kind::True);
    QCOMPARE(root.member(QLatin1String("f")).kind(), json::Kind::False);
    QCOMPARE(root.member(QLatin1String("z")).kind(), json::Kind::Null);
    QVERIFY(root.member(QLatin1String("e")).isString());
    QVERIFY(root.member(QLatin1String("e")).toString().isEmpty());
    QVERIFY(root.member(QLatin1String("a")).isArray());
    QVERIFY(!(root.member(QLatin1String("a")).begin() != root.member(QLatin1String("a")).end()));
    QVERIFY(root.member(QLatin1String("o")).isObject());
    QCOMPARE(root.member(QLatin1String("u")).toString(), QStringLiteral("\u00e9"));
    QVERIFY(root.member(QLatin1String("u")).equals(QLatin1String("\xc3\xa9")));
    // A lone surrogate escape becomes U+FFFD, as with QJsonDocument.
    const auto lone = parse(R"json(["\ud800x"])json");
    QVERIFY(lone);
    QCOMPARE((*lone->root().begin()).toString(), QStringLiteral("\ufffdx"));
    // Top-level scalars are JSON too.
    QVERIFY(parse("42"));
    QVERIFY(parse(" \"x\" "));
}

void TestJsonReader::memberLookup()
{
    const auto doc = parse(R"json({"a":{"b":[1,{"c":"d"}]},"k\u0065y":"escaped key","a":2})json");
    QVERIFY(doc);
    const json::Value root = doc->root();
    // Siblings are found past whole subtrees; a repeated key gives its first value.
    QVERIFY(root.member(QLatin1String("a")).isObject());
    QVERIFY(root.member(QLatin1String("key")).equals(QLatin1String("escaped key")));
    QVERIFY(!root.member(QLatin1String("missing")).isValid());
    // Absent values chain: every lookup on them is absent, never a crash.
    const json::Value none = root.member(QLatin1String("missing")).member(QLatin1String("x"));
    QVERIFY(!none.isValid());
    QVERIFY(none.toString().isEmpty());
    QVERIFY(!(none.begin() != none.end()));
    // Lookups on a non-object are absent.
    QVERIFY(!root.member(QLatin1String("key")).member(QLatin1String("x")).isValid());
    int elements = 0;
    for (const json::Value e : root.member(QLatin1String("a")).member(QLatin1String("b"))) {
        Q_UNUSED(e);
        ++elements;
    }
    QCOMPARE(elements, 2);
}

void TestJsonReader::rejectsWithPosition_data()
{
    QTest::addColumn<QByteArray>("text");
    QTest::addColumn<int>("code");
    QTest::addColumn<int>("offset");
    using E = json::ParseError;
    QTest::newRow("empty") << QByteArray() << int(E::UnexpectedEnd) << 0;
    QTest::newRow("blank") << QByteArray(" \n") << int(E::UnexpectedEnd) << 2;
    QTest::newRow("html") << QByteArray("<html>502</html>") << int(E::UnexpectedCharacter) << 0;
    QTest::newRow("trailing comma")
        << QByteArray(R"({"a":1,})") << int(E::UnexpectedCharacter) << 7;
    QTest::newRow("array trailing comma") << QByteArray("[1,]") << int(E::UnexpectedCharacter) << 3;
    QTest::newRow("single quotes") << QByteArray("{'a':1}") << int(E::UnexpectedCharacter) << 1;
    QTest::newRow("missing colon") << QByteArray(R"({"a" 1})") << int(E::UnexpectedCharacter) << 5;
    QTest::newRow("bad literal") << QByteArray("[tru]") << int(E::UnexpectedCharacter) << 4;
    QTest::newRow("leading zero") << QByteArray("[01]") << int(E::UnexpectedCharacter) << 2;
    QTest::newRow("bare minus") << QByteArray("[-]") << int(E::InvalidNumber) << 2;
    QTest::newRow("dot without digits") << QByteArray("[1.]") << int(E::InvalidNumber) << 3;
    QTest::newRow("bad escape") << QByteArray(R"(["\x"])") << int(E::InvalidEscape) << 3;
    QTest::newRow("bad unicode escape")
        << QByteArray(R"(["\u12g4"])") << int(E::InvalidEscape) << 6;
    QTest::newRow("raw newline in string")
        << QByteArray("[\"a\nb\"]") << int(E::ControlCharacter) << 3;
    QTest::newRow("invalid utf-8") << QByteArray("[\"a\xff\"]") << int(E::InvalidUtf8) << 3;
    QTest::newRow("overlong utf-8") << QByteArray("[\"\xc0\xaf\"]") << int(E::InvalidUtf8) << 2;
    QTest::newRow("two documents") << QByteArray("{} {}") << int(E::TrailingGarbage) << 3;
    QTest::newRow("unclosed object") << QByteArray(R"({"a":1)") << int(E::UnexpectedEnd) << 6;
    QTest::newRow("cut in a string") << QByteArray(R"({"a":"bc)") << int(E::UnexpectedEnd) << 8;
    QTest::newRow("cut in an escape") << QByteArray(R"(["\u00)") << int(E::UnexpectedEnd) << 6;
    QTest::newRow("cut in a literal") << QByteArray("[nu") << int(E::UnexpectedEnd) << 3;
    QTest::newRow("nul byte") << QByteArray("[1,\0]", 5) << int(E::UnexpectedCharacter) << 3;
    // Found by fuzzing: QJsonDocument refuses numbers a double cannot hold, so must the reader.
    QTest::newRow("number beyond double") << QByteArray("[1,1e400]") << int(E::InvalidNumber) << 3;
    QTest::newRow("number under double") << QByteArray("[-1e-400]") << int(E::InvalidNumber) << 1;
}

void TestJsonReader::rejectsWithPosition()
{
    QFETCH(QByteArray, text);
    QFETCH(int, code);
    QFETCH(int, offset);
    json::ParseError error;
    QVERIFY(!parse(text, &error));
    QCOMPARE(int(error.code), code);
    QCOMPARE(int(error.offset), offset);
    QVERIFY(!json::Document::describe(error.code).isEmpty());
}

void TestJsonReader::everyTruncationIsCutShort()
{
    // Every proper prefix of a real response (cut anywhere: inside a key, an escape, a
    // number, between tokens) is cut short, never accepted and never a crash. Numbers are
    // the exception: "[1" -> "[" + "1" is complete as a number, but the array is not.
    const QByteArray ascii = fixture(QStringLiteral("sim/show_pfc_ascii.json")).trimmed();
    const QByteArray version = fixture(QStringLiteral("nxos9/show_version.json")).trimmed();
    // Non-ASCII text cut inside a multi-byte character is cut short too, not invalid UTF-8.
    const QByteArray utf8
        = QByteArray("{\"desc\":\"Lien \xc3\xa9t\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\"}");
    for (const QByteArray &whole : {version, ascii, utf8}) {
        QVERIFY(parse(whole));
        for (qsizetype n = 0; n < whole.size(); ++n) {
            json::ParseError error;
            const QByteArray cut = whole.left(n);
            QVERIFY2(!parse(cut, &error), cut.constData());
            QCOMPARE(error.code, json::ParseError::UnexpectedEnd);
        }
    }
    // The big poll, cut at many points.
    const QByteArray poll = fixture(QStringLiteral("sim/poll_batch_48port.json"));
    for (qsizetype n = 0; n < poll.size(); n += 997) {
        json::ParseError error;
        QVERIFY(!parse(poll.left(n), &error));
        QCOMPARE(error.code, json::ParseError::UnexpectedEnd);
    }
}

void TestJsonReader::garbageNeverCrashes()
{
    // Flipped bytes in a real response and random bytes: either JSON (then QJsonDocument
    // agrees on the values) or an error inside the text, never a crash.
    const QByteArray base = fixture(QStringLiteral("sim/poll_batch_reference.json")).left(6000);
    QRandomGenerator rng(20240611);
    int rejected = 0;
    for (int round = 0; round < 3000; ++round) {
        QByteArray text = round % 3 == 0 ? QByteArray(int(rng.bounded(200)), '\0') : base;
        if (round % 3 == 0) {
            for (char &c : text)
                c = char(rng.bounded(256));
        } else {
            for (int flips = 1 + int(rng.bounded(4)); flips > 0; --flips)
                text[int(rng.bounded(quint32(text.size())))] = char(rng.bounded(256));
        }
        json::ParseError error;
        const auto doc = parse(text, &error);
        if (!doc) {
            ++rejected;
            QVERIFY(error.offset >= 0 && error.offset <= text.size());
            continue;
        }
        QJsonParseError qtError {};
        const QJsonDocument qt = QJsonDocument::fromJson(text, &qtError);
        if (qtError.error == QJsonParseError::NoError && (qt.isObject() || qt.isArray())) {
            QCOMPARE(toQJson(doc->root()),
                     qt.isObject() ? QJsonValue(qt.object()) : QJsonValue(qt.array()));
        }
    }
    QVERIFY(rejected > 1000);
}

void TestJsonReader::deepNestingIsAnError()
{
    json::ParseError error;
    QVERIFY(!parse(QByteArray(200000, '['), &error));
    QCOMPARE(error.code, json::ParseError::TooDeep);
    QVERIFY(!parse(QByteArray(100000, '{'), &error));
    QCOMPARE(error.code, json::ParseError::UnexpectedCharacter);
    // Within the limit it reads.
    QVERIFY(parse(QByteArray(500, '[') + QByteArray(500, ']')));
}

void TestJsonReader::numbersAsQJsonDocumentReadsThem_data()
{
    QTest::addColumn<QByteArray>("number");
    QTest::addColumn<bool>("accepted");
    QTest::newRow("subnormal") << QByteArray("1e-310") << true;
    QTest::newRow("smallest subnormal") << QByteArray("4.9e-324") << true;
    QTest::newRow("rounds to zero") << QByteArray("2.4e-324") << false;
    QTest::newRow("zero, huge exponent") << QByteArray("0e999") << true;
    QTest::newRow("largest double") << QByteArray("1.7976931348623157e308") << true;
    QTest::newRow("past the largest") << QByteArray("1.7976931348623159e308") << false;
    QTest::newRow("400 digits") << QByteArray("1" + QByteArray(400, '0')) << false;
    QTest::newRow("20 digits") << QByteArray("18446744073709551616") << true;
}

void TestJsonReader::numbersAsQJsonDocumentReadsThem()
{
    // CommandBody gives QJsonDocument the text of what the reader accepted and relies on it
    // being accepted again (found by fuzzing: 1e400 turned a body into an empty array).
    QFETCH(QByteArray, number);
    QFETCH(bool, accepted);
    const QByteArray text = "{\"n\":" + number + "}";
    QJsonParseError error {};
    const QJsonDocument qt = QJsonDocument::fromJson(text, &error);
    QCOMPARE(error.error == QJsonParseError::NoError, accepted);
    auto doc = json::Document::parse(text, nullptr);
    QCOMPARE(bool(doc), accepted);
    if (!accepted)
        return;
    const auto shared = std::make_shared<const json::Document>(std::move(*doc));
    const QJsonValue body = CommandBody(shared, shared->root()).toJsonValue();
    QCOMPARE(body.toObject(), qt.object());
    QCOMPARE(body.toObject().value(QStringLiteral("n")).toDouble(), number.toDouble());
}

QTEST_GUILESS_MAIN(TestJsonReader)
#include "tst_jsonreader.moc"
