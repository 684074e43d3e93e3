// The declarative command line every program uses (rocectl's commands, roce-agent,
// roce-console): what each kind of row stores, what it refuses and how it says so, and how a
// settings file sits under the flags.
#include "proto/common/optiontable.h"

#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

using namespace roce;

namespace {

/// Every kind of row, as a command declares them.
struct Args {
    bool json = false;
    QString url = QStringLiteral("http://default");
    QStringList netdevs;
    QString engine = QStringLiteral("fluid");
    int count = 7;
    std::optional<int> limit;
    double timeoutS = 15;
    std::optional<double> intervalS;
    quint64 seed = 1;
};

void declare(OptionTable &t, Args &a)
{
    t.flag(QStringLiteral("json"), QStringLiteral("JSON."), &a.json)
        .setting(QStringLiteral("json"))
        .text({QStringLiteral("u"), QStringLiteral("url")}, QStringLiteral("url"),
              QStringLiteral("URL."), &a.url)
        .setting(QStringLiteral("url"))
        .texts(QStringLiteral("netdev"), QStringLiteral("name"), QStringLiteral("Netdev."),
               &a.netdevs)
        .choice(QStringLiteral("engine"), QStringLiteral("name"), QStringLiteral("Engine."),
                &a.engine, {QStringLiteral("packet"), QStringLiteral("fluid")})
        .whole(QStringLiteral("count"), QStringLiteral("n"), QStringLiteral("Count."), &a.count,
               {1})
        .setting(QStringLiteral("count"))
        .whole(QStringLiteral("limit"), QStringLiteral("n"), QStringLiteral("Limit."), &a.limit,
               {1, 64})
        .number(QStringLiteral("timeout"), QStringLiteral("s"), QStringLiteral("Timeout."),
                &a.timeoutS, {1, 600, QStringLiteral("seconds")})
        .number(QStringLiteral("interval"), QStringLiteral("s"), QStringLiteral("Interval."),
                &a.intervalS, {0.1, QStringLiteral("seconds")})
        .whole(QStringLiteral("seed"), QStringLiteral("n"), QStringLiteral("Seed."), &a.seed, {0});
}

/// Parses @p args (after the program's name); the table's message, or nothing.
std::optional<QString> parse(Args &a, const QStringList &args)
{
    OptionTable table;
    declare(table, a);
    if (!table.parser().parse(QStringList {QStringLiteral("prog")} + args))
        return table.parser().errorText();
    return table.take();
}

}  // namespace

class TestOptionTable : public QObject
{
    Q_OBJECT

private slots:
    void keepsTheStructsDefaultsWhenNothingIsGiven()
    {
        Args a;
        QCOMPARE(parse(a, {}), std::nullopt);
        QCOMPARE(a.json, false);
        QCOMPARE(a.url, QStringLiteral("http://default"));
        QVERIFY(a.netdevs.isEmpty());
        QCOMPARE(a.engine, QStringLiteral("fluid"));
        QCOMPARE(a.count, 7);
        QVERIFY(!a.limit);
        QCOMPARE(a.timeoutS, 15.0);
        QVERIFY(!a.intervalS);
        QCOMPARE(a.seed, quint64(1));
    }

    void storesEveryKindOfValue()
    {
        Args a;
        QCOMPARE(
            parse(a,
                  {QStringLiteral("--json"), QStringLiteral("-u"), QStringLiteral("x"),
                   QStringLiteral("--netdev"), QStringLiteral("eth0"),
                   QStringLiteral("--netdev=eth1"), QStringLiteral("--engine"),
                   QStringLiteral("packet"), QStringLiteral("--count"), QStringLiteral("3"),
                   QStringLiteral("--limit"), QStringLiteral("64"), QStringLiteral("--timeout"),
                   QStringLiteral("2.5"), QStringLiteral("--interval"), QStringLiteral("0.1"),
                   QStringLiteral("--seed"), QStringLiteral("18446744073709551615")}),
            std::nullopt);
        QVERIFY(a.json);
        QCOMPARE(a.url, QStringLiteral("x"));
        QCOMPARE(a.netdevs, (QStringList {QStringLiteral("eth0"), QStringLiteral("eth1")}));
        QCOMPARE(a.engine, QStringLiteral("packet"));
        QCOMPARE(a.count, 3);
        QCOMPARE(a.limit, std::optional<int>(64));
        QCOMPARE(a.timeoutS, 2.5);
        QCOMPARE(a.intervalS, std::optional<double>(0.1));
        QCOMPARE(a.seed, std::numeric_limits<quint64>::max());
    }

    void refusesWhatDoesNotFitInOneWording_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("below an open range")
            << QStringList {QStringLiteral("--count"), QStringLiteral("0")}
            << QStringLiteral("--count must be a whole number of at least 1, not '0'");
        // Beyond int: refused, and the message names the bound declared, not 2^31-1.
        QTest::newRow("beyond int")
            << QStringList {QStringLiteral("--count"), QStringLiteral("99999999999")}
            << QStringLiteral("--count must be a whole number of at least 1, not '99999999999'");
        QTest::newRow("not whole")
            << QStringList {QStringLiteral("--limit"), QStringLiteral("1.5")}
            << QStringLiteral("--limit must be a whole number from 1 to 64, not '1.5'");
        QTest::newRow("above a closed range")
            << QStringList {QStringLiteral("--limit"), QStringLiteral("65")}
            << QStringLiteral("--limit must be a whole number from 1 to 64, not '65'");
        QTest::newRow("with a unit")
            << QStringList {QStringLiteral("--timeout"), QStringLiteral("601")}
            << QStringLiteral("--timeout must be 1 to 600 seconds, not '601'");
        QTest::newRow("not a number")
            << QStringList {QStringLiteral("--interval"), QStringLiteral("soon")}
            << QStringLiteral("--interval must be at least 0.1 seconds, not 'soon'");
        QTest::newRow("not finite")
            << QStringList {QStringLiteral("--interval"), QStringLiteral("inf")}
            << QStringLiteral("--interval must be at least 0.1 seconds, not 'inf'");
        QTest::newRow("not a choice")
            << QStringList {QStringLiteral("--engine"), QStringLiteral("quantum")}
            << QStringLiteral("--engine must be one of packet, fluid, not 'quantum'");
        QTest::newRow("negative seed")
            << QStringList {QStringLiteral("--seed"), QStringLiteral("-1")}
            << QStringLiteral("--seed must be a whole number of at least 0, not '-1'");
    }

    void refusesWhatDoesNotFitInOneWording()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        Args a;
        QCOMPARE(parse(a, args), std::optional<QString>(message));
    }

    void rowsBeforeTheFirstBadValueAreStored()
    {
        Args a;
        const auto error
            = parse(a,
                    {QStringLiteral("--json"), QStringLiteral("--count"), QStringLiteral("2"),
                     QStringLiteral("--limit"), QStringLiteral("0")});
        QVERIFY(error);
        QVERIFY(a.json);
        QCOMPARE(a.count, 2);
        QVERIFY(!a.limit);
    }

    void helpListsTheRowsInTheirOrder()
    {
        Args a;
        OptionTable table;
        declare(table, a);
        const QString help = table.parser().helpText();
        qsizetype at = 0;
        for (const char *row :
             {"--json", "-u, --url <url>", "--netdev <name>", "--engine <name>", "--count <n>",
              "--limit <n>", "--timeout <s>", "--interval <s>", "--seed <n>"}) {
            const qsizetype next = help.indexOf(QLatin1String(row), at);
            QVERIFY2(next >= at,
                     qPrintable(QStringLiteral("%1 in\n%2").arg(QLatin1String(row), help)));
            at = next;
        }
    }

    void settingsSitUnderTheFlags()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.conf"));
        {
            QSettings ini(path, QSettings::IniFormat);
            ini.setValue(QStringLiteral("p/url"), QStringLiteral("http://file"));
            ini.setValue(QStringLiteral("p/count"), QStringLiteral("9"));
            ini.setValue(QStringLiteral("p/json"), QStringLiteral("true"));
        }
        Args a;
        OptionTable table;
        declare(table, a);
        QVERIFY(table.parser().parse(
            {QStringLiteral("prog"), QStringLiteral("--count"), QStringLiteral("4")}));
        QCOMPARE(table.take(), std::nullopt);
        QSettings ini(path, QSettings::IniFormat);
        ini.beginGroup(QStringLiteral("p"));
        QCOMPARE(table.applySettings(ini), std::nullopt);
        QCOMPARE(a.url, QStringLiteral("http://file"));
        QCOMPARE(a.count, 4);  // the flag wins
        QVERIFY(a.json);
        QCOMPARE(
            table.settingKeys(),
            (QStringList {QStringLiteral("json"), QStringLiteral("url"), QStringLiteral("count")}));
    }

    void settingsThatDoNotFitAreNamedByKey_data()
    {
        QTest::addColumn<QString>("key");
        QTest::addColumn<QString>("value");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << QStringLiteral("counts") << QStringLiteral("1")
                                 << QStringLiteral("unknown setting \"counts\" (known: json, url, "
                                                   "count)");
        QTest::newRow("bad number") << QStringLiteral("count") << QStringLiteral("many")
                                    << QStringLiteral("count must be a whole number of at least "
                                                      "1, not 'many'");
        QTest::newRow("bad flag") << QStringLiteral("json") << QStringLiteral("maybe")
                                  << QStringLiteral("json must be true or false, not 'maybe'");
        // A key a flag-only row has (no setting()) is not a setting.
        QTest::newRow("no setting") << QStringLiteral("limit") << QStringLiteral("3")
                                    << QStringLiteral("unknown setting \"limit\" (known: json, "
                                                      "url, count)");
    }

    void settingsThatDoNotFitAreNamedByKey()
    {
        QFETCH(QString, key);
        QFETCH(QString, value);
        QFETCH(QString, message);
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("p.conf"));
        {
            QSettings ini(path, QSettings::IniFormat);
            ini.setValue(QStringLiteral("p/") + key, value);
        }
        Args a;
        OptionTable table;
        declare(table, a);
        QVERIFY(table.parser().parse({QStringLiteral("prog")}));
        QCOMPARE(table.take(), std::nullopt);
        QSettings ini(path, QSettings::IniFormat);
        ini.beginGroup(QStringLiteral("p"));
        QCOMPARE(table.applySettings(ini), std::optional<QString>(message));
    }
};

QTEST_GUILESS_MAIN(TestOptionTable)
#include "tst_optiontable.moc"
