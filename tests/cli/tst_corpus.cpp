// Replays the corpus of captures other people published from their own devices
// (tests/fixtures/corpus/, provenance in its manifests and README) through the decoders of
// `rocectl decode`, and checks each capture's values as read by hand from its text.
#include "cli/commands/decodeformats.h"
#include "nxapi/parse/showparsers.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

#include <cmath>

using namespace roce;

namespace {

const QString kCorpus = QStringLiteral(ROCE_SOURCE_DIR "/tests/fixtures/corpus/");
const QStringList kManifests {QStringLiteral("nxos.json"), QStringLiteral("hosts.json")};

QJsonArray manifest(const QString &name)
{
    QFile f(kCorpus + name);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).array();
}

QList<QJsonObject> entries()
{
    QList<QJsonObject> all;
    for (const QString &m : kManifests) {
        for (const QJsonValue &v : manifest(m))
            all.append(v.toObject());
    }
    return all;
}

/// The value at a check path: "ports[name=Ethernet1/1].counters.in_bytes", "results[0].bytes".
/// An undefined QJsonValue when the path leads nowhere.
QJsonValue valueAt(const QJsonValue &root, const QString &path)
{
    static const QRegularExpression step(QStringLiteral(R"(\[([^\]]*)\]|([^.\[]+))"));
    QJsonValue cur = root;
    for (auto it = step.globalMatch(path); it.hasNext();) {
        const auto m = it.next();
        if (!m.captured(2).isEmpty()) {
            if (!cur.isObject() || !cur.toObject().contains(m.captured(2)))
                return QJsonValue(QJsonValue::Undefined);
            cur = cur.toObject().value(m.captured(2));
            continue;
        }
        const QString selector = m.captured(1);
        if (!cur.isArray())
            return QJsonValue(QJsonValue::Undefined);
        const QJsonArray a = cur.toArray();
        const qsizetype eq = selector.indexOf(QLatin1Char('='));
        if (eq < 0) {
            const int i = selector.toInt();
            if (i < 0 || i >= a.size())
                return QJsonValue(QJsonValue::Undefined);
            cur = a.at(i);
            continue;
        }
        const QString key = selector.left(eq), wanted = selector.mid(eq + 1);
        QJsonValue found(QJsonValue::Undefined);
        for (const QJsonValue &e : a) {
            const QJsonValue v = e.toObject().value(key);
            if (v.toVariant().toString() == wanted) {
                found = e;
                break;
            }
        }
        if (found.isUndefined())
            return found;
        cur = found;
    }
    return cur;
}

/// Numbers are compared as numbers (the capture may print more digits than a double holds),
/// everything else exactly.
bool sameValue(const QJsonValue &got, const QJsonValue &expected)
{
    if (expected.isDouble() && got.isDouble()) {
        const double a = got.toDouble(), b = expected.toDouble();
        return a == b || std::abs(a - b) <= 1e-12 * std::max(std::abs(a), std::abs(b));
    }
    return got == expected;
}

/// What a decode lists as not read: a parser's issues, lines it skipped or could not place.
int reportedCount(const QJsonObject &decoded)
{
    int n = 0;
    for (const char *key : {"issues", "unread_lines", "failures", "skipped_text", "refused"})
        n += int(decoded.value(QLatin1String(key)).toArray().size());
    return n;
}

}  // namespace

class TestCorpus : public QObject
{
    Q_OBJECT

private slots:
    void corpusIsComplete();
    void capture_data();
    void capture();
    void failureClasses_data();
    void failureClasses();
    void textAndJsonAgreeOnTheSameSwitch();
};

// At least 60 captures, each with where it came from and at least three values read by hand.
void TestCorpus::corpusIsComplete()
{
    const QList<QJsonObject> all = entries();
    QVERIFY2(all.size() >= 60, qPrintable(QString::number(all.size())));
    static const QRegularExpression commit(QStringLiteral("^[0-9a-f]{40}$"));
    QSet<QString> files;
    for (const QJsonObject &e : all) {
        const QString file = e.value(QStringLiteral("file")).toString();
        QVERIFY2(!files.contains(file), qPrintable(file));
        files.insert(file);
        for (const char *key : {"repo", "path", "platform", "release", "format"})
            QVERIFY2(!e.value(QLatin1String(key)).toString().isEmpty(),
                     qPrintable(file + QLatin1Char(' ') + QLatin1String(key)));
        QVERIFY2(commit.match(e.value(QStringLiteral("commit")).toString()).hasMatch(),
                 qPrintable(file));
        QVERIFY2(e.value(QStringLiteral("checks")).toObject().size() >= 3, qPrintable(file));
        QVERIFY2(QFile::exists(kCorpus + file), qPrintable(file));
    }
}

void TestCorpus::capture_data()
{
    QTest::addColumn<QJsonObject>("entry");
    for (const QJsonObject &e : entries())
        QTest::newRow(qPrintable(e.value(QStringLiteral("file")).toString())) << e;
}

void TestCorpus::capture()
{
    QFETCH(QJsonObject, entry);
    QFile f(kCorpus + entry.value(QStringLiteral("file")).toString());
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto decoded
        = cli::decodeCapture(entry.value(QStringLiteral("format")).toString(), f.readAll(),
                             entry.value(QStringLiteral("command")).toString());
    QVERIFY2(decoded, qPrintable(decoded ? QString() : decoded.error().message));
    const QJsonObject checks = entry.value(QStringLiteral("checks")).toObject();
    QStringList wrong;
    for (auto it = checks.begin(); it != checks.end(); ++it) {
        const QJsonValue got = valueAt(*decoded, it.key());
        if (!sameValue(got, it.value())) {
            wrong.append(QStringLiteral("%1: read %2, expected %3")
                             .arg(it.key(),
                                  got.isUndefined() ? QStringLiteral("(absent)")
                                                    : got.toVariant().toString(),
                                  it.value().toVariant().toString()));
        }
    }
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong.join(QStringLiteral("; "))));
    // Where the capture holds something no parser can place, the decode says so.
    if (entry.value(QStringLiteral("expect_reported")).toBool())
        QVERIFY2(reportedCount(*decoded) > 0, "nothing reported as not read");
}

void TestCorpus::failureClasses_data()
{
    // Each class of wrong or missing fields found on others' captures, with the capture that
    // shows it and the values it got wrong (all read by hand from the capture).
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("command");
    QTest::addColumn<QVariantMap>("values");
    const QString show = QStringLiteral("show interface");
    QTest::newRow("two load intervals: the first one's rates")
        << QStringLiteral("nxos-text/unk-show-interface-genie-golden9-n9k-two-intervals.txt")
        << QStringLiteral("nxapi") << show
        << QVariantMap {{QStringLiteral("ports[name=Ethernet1/1].load_interval_s"), 30},
                        {QStringLiteral("ports[name=Ethernet1/1].in_rate_bits"), 1016}};
    QTest::newRow("two spaces before BW (N6004)")
        << QStringLiteral("nxos-text/n6004-7.3.3n1-show-interface-napalm-40g.txt")
        << QStringLiteral("nxapi") << show
        << QVariantMap {{QStringLiteral("ports[name=Ethernet1/1].mtu"), 1500},
                        {QStringLiteral("ports[name=Ethernet1/1].bandwidth_kbit"), 40000000}};
    QTest::newRow("speed at the end of its line, mgmt0 layout")
        << QStringLiteral("nxos-text/unk-show-interface-ntc-svi-mgmt0-eth.txt")
        << QStringLiteral("nxapi") << show
        << QVariantMap {{QStringLiteral("ports[name=mgmt0].speed"), QStringLiteral("100 Mb/s")},
                        {QStringLiteral("ports[name=mgmt0].load_interval_s"), 60},
                        {QStringLiteral("ports[name=mgmt0].in_rate_bits"), 744},
                        {QStringLiteral("ports[name=mgmt0].counters.in_pkts"), 3093618},
                        {QStringLiteral("ports[name=mgmt0].counters.in_bytes"), 267225622}};
    QTest::newRow("VLAN interfaces in JSON (svi_*)")
        << QStringLiteral("nxapi-json/nxosv-7.3.1d1-show-interface-napalm-146-rows.json")
        << QStringLiteral("nxapi") << show
        << QVariantMap {{QStringLiteral("ports[name=Vlan1].state"), QStringLiteral("down")},
                        {QStringLiteral("ports[name=Vlan1].mtu"), 1500}};
    QTest::newRow("indented interface headers")
        << QStringLiteral("nxos-text/unk-show-interface-genie-golden1-indented-mgmt0.txt")
        << QStringLiteral("nxapi") << show
        << QVariantMap {
               {QStringLiteral("ports[name=Ethernet2/1].mtu"), 1600},
               {QStringLiteral("ports[name=Ethernet2/1].description"), QStringLiteral("desc-1")},
               {QStringLiteral("ports[name=Ethernet1/1].state"), QStringLiteral("down")}};
    QTest::newRow("perftest with spaces for tabs")
        << QStringLiteral("perftest/mlx5-ib-write-bw-a-gbits-spaces-completion-error-dranet.txt")
        << QStringLiteral("perftest") << QString()
        << QVariantMap {
               {QStringLiteral("connection_type"), QStringLiteral("RC")},
               {QStringLiteral("device"), QStringLiteral("mlx5_3")},
               {QStringLiteral("failures[0]"), QStringLiteral("Completion with error at client")}};
    QTest::newRow("iperf3 -J after a ^C")
        << QStringLiteral("iperf3/iperf3-3.6-tcp-ctrl-c-prefix-interrupt-error-cloudpilot.json")
        << QStringLiteral("iperf3") << QString()
        << QVariantMap {
               {QStringLiteral("skipped_text[0]"), QStringLiteral("^C")},
               {QStringLiteral("error"), QStringLiteral("interrupt - the client has terminated")},
               {QStringLiteral("sent_bytes"), 210922112}};
}

void TestCorpus::failureClasses()
{
    QFETCH(QString, file);
    QFETCH(QString, format);
    QFETCH(QString, command);
    QFETCH(QVariantMap, values);
    QFile f(kCorpus + file);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const auto decoded = cli::decodeCapture(format, f.readAll(), command);
    QVERIFY2(decoded, qPrintable(decoded ? QString() : decoded.error().message));
    for (auto it = values.cbegin(); it != values.cend(); ++it) {
        const QJsonValue got = valueAt(*decoded, it.key());
        QVERIFY2(sameValue(got, QJsonValue::fromVariant(it.value())),
                 qPrintable(it.key() + QStringLiteral(": ") + got.toVariant().toString()));
    }
}

// One N9K-C9336C-FX2 capture holds `show version` as text and, after it, `show version |
// json-pretty`: both forms of the same switch at the same moment must read the same.
void TestCorpus::textAndJsonAgreeOnTheSameSwitch()
{
    QFile f(kCorpus
            + QStringLiteral("nxos-text/n9k-c9336c-fx2-10.6.1-show-version-text-and-json-pretty-"
                             "arc-switch.txt"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString all = QString::fromUtf8(f.readAll());
    const qsizetype json = all.indexOf(QLatin1Char('{'));
    QVERIFY(json > 0);
    const auto text = nxapi::parseShowVersionText(all.left(json));
    QVERIFY(text);
    const QJsonDocument doc = QJsonDocument::fromJson(all.mid(json).toUtf8());
    QVERIFY(doc.isObject());
    const auto body = nxapi::parseShowVersion(doc.object());
    QVERIFY(body);
    QCOMPARE(text->hostName, body->hostName);
    QCOMPARE(text->nxosVersion, body->nxosVersion);
    QCOMPARE(text->chassis, body->chassis);
    QCOMPARE(text->serial, body->serial);
    QCOMPARE(text->biosVersion, body->biosVersion);
    QCOMPARE(text->lastResetReason, body->lastResetReason);
    // The second command ran seconds after the first: the uptime moved on, nothing else.
    QVERIFY(text->uptimeSeconds && body->uptimeSeconds);
    QVERIFY(*body->uptimeSeconds >= *text->uptimeSeconds);
    QVERIFY(*body->uptimeSeconds - *text->uptimeSeconds < 60);
    QCOMPARE(*text->uptimeSeconds, ((2 * 24 + 23) * 60 + 30) * 60 + 26);
    QVERIFY(!text->serial.isEmpty());
}

QTEST_GUILESS_MAIN(TestCorpus)
#include "tst_corpus.moc"
