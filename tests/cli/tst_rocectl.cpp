#include "cli/output.h"
#include "cli/rocectl.h"
#include "common/versions.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTest>

using namespace roce::cli;

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run runInProcess(const QStringList &args)
{
    QString out;
    QString err;
    QTextStream outStream(&out);
    QTextStream errStream(&err);
    CommandIo io {outStream, errStream};
    const auto registry = makeRocectlRegistry();
    Run r;
    r.code = runRocectl(QStringList {QStringLiteral("rocectl")} + args, registry, io);
    outStream.flush();
    errStream.flush();
    r.out = out;
    r.err = err;
    return r;
}

Run runBinary(const QStringList &args)
{
    QProcess p;
    p.start(QStringLiteral(ROCECTL_PATH), args);
    Run r;
    if (!p.waitForFinished(30000))
        return r;
    r.code = p.exitCode();
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

}  // namespace

class TestRocectl : public QObject
{
    Q_OBJECT

private slots:
    void helpListsEveryCommand()
    {
        const Run r = runInProcess({QStringLiteral("--help")});
        QCOMPARE(r.code, int(ExitOk));
        QVERIFY(r.out.startsWith(QStringLiteral("Usage: rocectl")));
        const auto registry = makeRocectlRegistry();
        QVERIFY(!registry.commands().empty());
        for (const auto &command : registry.commands()) {
            QVERIFY2(r.out.contains(QStringLiteral("  ") + command->name()),
                     qPrintable(command->name()));
            QVERIFY(!command->summary().isEmpty());
        }
    }

    void noArgumentsIsUsageError()
    {
        const Run r = runInProcess({});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY(r.err.contains(QStringLiteral("Usage: rocectl")));
        QVERIFY(r.out.isEmpty());
    }

    void unknownCommandAndOption_data()
    {
        QTest::addColumn<QString>("arg");
        QTest::addColumn<QString>("expected");
        QTest::newRow("command") << "frobnicate"
                                 << "unknown command 'frobnicate'";
        QTest::newRow("option") << "--frobnicate"
                                << "unknown option '--frobnicate'";
    }

    void unknownCommandAndOption()
    {
        QFETCH(QString, arg);
        QFETCH(QString, expected);
        const Run r = runInProcess({arg});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    }

    void versionFlag()
    {
        const Run r = runInProcess({QStringLiteral("--version")});
        QCOMPARE(r.code, int(ExitOk));
        QCOMPARE(r.out, QStringLiteral("rocectl %1\n").arg(roce::applicationVersion()));
    }

    void versionCommandJson()
    {
        const Run r = runInProcess({QStringLiteral("version"), QStringLiteral("--json")});
        QCOMPARE(r.code, int(ExitOk));
        QJsonParseError error {};
        const auto doc = QJsonDocument::fromJson(r.out.toUtf8(), &error);
        QCOMPARE(error.error, QJsonParseError::NoError);
        const QJsonObject root = doc.object();
        QCOMPARE(root.value(QStringLiteral("rocectl")).toString(), roce::applicationVersion());
        const QJsonObject components = root.value(QStringLiteral("components")).toObject();
        QCOMPARE(components.value(QStringLiteral("qt"))
                     .toObject()
                     .value(QStringLiteral("version"))
                     .toString(),
                 QString::fromLatin1(qVersion()));
        for (const char *key : {"libssh", "rdma_core", "qtkeychain"}) {
            const QString version = components.value(QLatin1String(key))
                                        .toObject()
                                        .value(QStringLiteral("version"))
                                        .toString();
            QVERIFY2(!version.isEmpty(), key);
            QVERIFY2(version.at(0).isDigit(), qPrintable(version));
        }
    }

    void versionCommandTable()
    {
        const Run r = runInProcess({QStringLiteral("version")});
        QCOMPARE(r.code, int(ExitOk));
        const QStringList lines = r.out.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 1 + 1 + int(roce::componentVersions().size()));
        QVERIFY(lines.at(0).startsWith(QStringLiteral("COMPONENT")));
        QVERIFY(lines.at(2).startsWith(QStringLiteral("Qt ")));
    }

    void commandHelpAndBadOption()
    {
        Run r = runInProcess({QStringLiteral("version"), QStringLiteral("--help")});
        QCOMPARE(r.code, int(ExitOk));
        QVERIFY2(r.out.contains(QStringLiteral("--json")), qPrintable(r.out));
        r = runInProcess({QStringLiteral("help"), QStringLiteral("version")});
        QCOMPARE(r.code, int(ExitOk));
        QVERIFY(r.out.contains(QStringLiteral("--json")));
        r = runInProcess({QStringLiteral("version"), QStringLiteral("--bogus")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY2(r.err.contains(QStringLiteral("bogus")), qPrintable(r.err));
        r = runInProcess({QStringLiteral("version"), QStringLiteral("extra")});
        QCOMPARE(r.code, int(ExitUsage));
        QVERIFY(r.err.contains(QStringLiteral("unexpected argument 'extra'")));
    }

    void textTableAlignsNumbersRight()
    {
        TextTable table({QStringLiteral("PORT"), QStringLiteral("RATE")});
        table.addRow({QStringLiteral("Ethernet1/1/1"), QStringLiteral("9.23 Gb/s")});
        table.addRow({QStringLiteral("Eth1/2"), QStringLiteral("100 Gb/s")});
        table.addRow({QStringLiteral("mgmt0")});
        QCOMPARE(table.rowCount(), 3);
        QCOMPARE(table.render(),
                 QStringLiteral("PORT           RATE\n"
                                "Ethernet1/1/1  9.23 Gb/s\n"
                                "Eth1/2          100 Gb/s\n"
                                "mgmt0\n"));
    }

    // The real binary, as scripts call it.
    void binaryEndToEnd()
    {
        Run r = runBinary({QStringLiteral("--version")});
        QCOMPARE(r.code, 0);
        QCOMPARE(r.out.trimmed(), QStringLiteral("rocectl ") + roce::applicationVersion());
        r = runBinary({QStringLiteral("version"), QStringLiteral("--json")});
        QCOMPARE(r.code, 0);
        QVERIFY(QJsonDocument::fromJson(r.out.toUtf8()).isObject());
        r = runBinary({QStringLiteral("no-such-command")});
        QCOMPARE(r.code, 2);
        QVERIFY(r.err.contains(QStringLiteral("no-such-command")));
        QVERIFY(r.out.isEmpty());
    }
};

QTEST_GUILESS_MAIN(TestRocectl)
#include "tst_rocectl.moc"
