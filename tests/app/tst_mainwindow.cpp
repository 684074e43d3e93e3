#include "aboutdialog.h"
#include "mainwindow.h"

#include <QAction>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>
#include <QUrl>

using roce::app::AboutDialog;
using roce::app::MainWindow;

class TestMainWindow : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString settingsPath() const { return m_dir.filePath(QStringLiteral("settings.ini")); }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void init() { QFile::remove(settingsPath()); }

    void hasDocksMenusAndStatus()
    {
        QSettings settings(settingsPath(), QSettings::IniFormat);
        MainWindow window(settings);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.windowTitle(), QStringLiteral("RoCE Fabric Console"));
        for (const char *name : {"portsDock", "chartsDock", "runsDock", "eventsDock"}) {
            QDockWidget *d = window.dock(QLatin1String(name));
            QVERIFY2(d, name);
            QVERIFY2(d->widget(), name);
            QVERIFY2(!d->isFloating(), name);
        }
        QVERIFY(window.centralWidget());
        QStringList menus;
        for (QAction *a : window.menuBar()->actions())
            menus << a->text();
        QCOMPARE(menus,
                 (QStringList {QStringLiteral("&File"), QStringLiteral("F&abric"),
                               QStringLiteral("&View"), QStringLiteral("&Scenario"),
                               QStringLiteral("&Help")}));
        // Fabric > Inventory... and Demo fabric ask the console to act.
        QSignalSpy inventory(&window, &MainWindow::inventoryRequested);
        QSignalSpy demo(&window, &MainWindow::demoRequested);
        window.findChild<QAction *>(QStringLiteral("inventoryAction"))->trigger();
        window.findChild<QAction *>(QStringLiteral("demoAction"))->trigger();
        QCOMPARE(inventory.size(), 1);
        QCOMPARE(demo.size(), 1);
        // Every live scenario is in the Scenario menu and asks for itself when triggered.
        auto *lossy = window.findChild<QAction *>(QStringLiteral("scenario:lossy-incast"));
        QVERIFY(lossy);
        QVERIFY(lossy->toolTip().contains(QStringLiteral("MMU drops")));
        QSignalSpy requested(&window, &MainWindow::scenarioRequested);
        lossy->trigger();
        QCOMPARE(requested.size(), 1);
        QCOMPARE(requested.first().first().toString(), QStringLiteral("lossy-incast"));
        window.showScenario(QStringLiteral("pfc-incast"));
        auto *scenario = window.findChild<QLabel *>(QStringLiteral("scenarioLabel"));
        QVERIFY(scenario
                && scenario->text().startsWith(QStringLiteral("Scenario: Incast, PFC on.")));
        auto *status = window.findChild<QLabel *>(QStringLiteral("connectionLabel"));
        QVERIFY(status);
        QCOMPARE(status->text(), QStringLiteral("No fabric connected"));
        QVERIFY(window.findChild<QAction *>(QStringLiteral("quitAction")));

        window.showEmbeddedFabric(QUrl(QStringLiteral("https://127.0.0.1:40569/ins")), 8);
        QCOMPARE(status->text(),
                 QStringLiteral("Simulated fabric: NX-API https://127.0.0.1:40569/ins, agents: 8"));
        QVERIFY(status->toolTip().contains(QStringLiteral("https://127.0.0.1:40569/ins")));
    }

    void layoutPersistsAcrossRestarts()
    {
        {
            QSettings settings(settingsPath(), QSettings::IniFormat);
            MainWindow window(settings);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.dock(QStringLiteral("eventsDock"))->isVisible());
            window.findChild<QAction *>(QStringLiteral("eventsDockToggle"))->trigger();
            QVERIFY(!window.dock(QStringLiteral("eventsDock"))->isVisible());
            window.close();
        }
        {
            QSettings settings(settingsPath(), QSettings::IniFormat);
            QVERIFY(settings.contains(QStringLiteral("mainWindow/state")));
            MainWindow window(settings);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(!window.dock(QStringLiteral("eventsDock"))->isVisible());
            QVERIFY(window.dock(QStringLiteral("portsDock"))->isVisible());
            window.resetLayout();
            QVERIFY(window.dock(QStringLiteral("eventsDock"))->isVisible());
        }
        {
            // Starting with restoreLayout=false (--reset-layout) ignores the saved state.
            QSettings settings(settingsPath(), QSettings::IniFormat);
            MainWindow window(settings, false);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QVERIFY(window.dock(QStringLiteral("eventsDock"))->isVisible());
        }
    }

    void aboutListsLibraryVersions()
    {
        AboutDialog dialog;
        const QString text = dialog.versionsText();
        QVERIFY2(text.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())),
                 qPrintable(text));
        QVERIFY(text.contains(QStringLiteral("libssh 0.")));
        QVERIFY(text.contains(QStringLiteral("rdma-core ")));
        QVERIFY(text.contains(QStringLiteral("QtKeychain ")));
        auto *table = dialog.findChild<QTreeWidget *>(QStringLiteral("versionsTable"));
        QVERIFY(table);
        QCOMPARE(table->topLevelItemCount(), 4);
        QCOMPARE(table->topLevelItem(0)->text(1), QString::fromLatin1(qVersion()));
    }
};

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
