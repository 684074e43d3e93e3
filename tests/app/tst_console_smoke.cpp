// Smoke test of the real roce-console binary: starts it offscreen, lets it bring up its main
// window, and keeps the screenshot it takes under <build>/screenshots for people to look at.
#include <QImage>
#include <QProcess>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>

class TestConsoleSmoke : public QObject
{
    Q_OBJECT

private:
    static QProcessEnvironment environment(const QTemporaryDir &home)
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        // Fresh settings: never read or overwrite the developer's own layout.
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home.filePath(QStringLiteral("config")));
        env.insert(QStringLiteral("HOME"), home.path());
        return env;
    }

private slots:
    void helpAndVersionWithoutDisplay()
    {
        QTemporaryDir home;
        QProcess p;
        QProcessEnvironment env = environment(home);
        env.remove(QStringLiteral("QT_QPA_PLATFORM"));
        env.remove(QStringLiteral("DISPLAY"));
        p.setProcessEnvironment(env);
        p.start(QStringLiteral(ROCE_CONSOLE_PATH), {QStringLiteral("--help")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QString help = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(help.contains(QStringLiteral("--screenshot")), qPrintable(help));
        QVERIFY(help.contains(QStringLiteral("--lang")));

        p.start(QStringLiteral(ROCE_CONSOLE_PATH), {QStringLiteral("--version")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 0);
        const QString version = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(version.startsWith(QStringLiteral("roce-console ")), qPrintable(version));
        QVERIFY(version.contains(QStringLiteral("libssh")));

        p.start(QStringLiteral(ROCE_CONSOLE_PATH), {QStringLiteral("--no-such-flag")});
        QVERIFY(p.waitForFinished(30000));
        QCOMPARE(p.exitCode(), 2);
    }

    void startsAndShowsMainWindow_data()
    {
        QTest::addColumn<QString>("language");
        QTest::addColumn<QString>("file");
        QTest::newRow("en") << "en"
                            << "roce-console.png";
        QTest::newRow("de") << "de"
                            << "roce-console-de.png";
    }

    void startsAndShowsMainWindow()
    {
        QFETCH(QString, language);
        QFETCH(QString, file);
        QTemporaryDir home;
        const QString shot = QStringLiteral(ROCE_SCREENSHOT_DIR "/") + file;
        QFile::remove(shot);

        QProcess p;
        p.setProcessEnvironment(environment(home));
        p.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p.start(QStringLiteral(ROCE_CONSOLE_PATH),
                {QStringLiteral("--lang"), language, QStringLiteral("--screenshot"), shot,
                 QStringLiteral("--screenshot-delay"), QStringLiteral("800")});
        QVERIFY2(p.waitForStarted(10000), qPrintable(p.errorString()));
        if (!p.waitForFinished(60000)) {
            p.kill();
            QFAIL("roce-console did not save its screenshot and exit within 60 s");
        }
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 0);

        QImage image(shot);
        QVERIFY2(!image.isNull(), qPrintable(shot));
        QVERIFY(image.width() >= 800);
        QVERIFY(image.height() >= 600);
        // A real window has text, frames and docks: many distinct colours, not a blank fill.
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7) {
            for (int x = 0; x < image.width(); x += 7)
                colours.insert(image.pixel(x, y));
        }
        QVERIFY2(colours.size() > 8, qPrintable(QString::number(colours.size())));
    }
};

QTEST_GUILESS_MAIN(TestConsoleSmoke)
#include "tst_console_smoke.moc"
