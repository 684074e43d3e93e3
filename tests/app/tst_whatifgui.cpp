// The What if dock driven like a user against the embedded fabric, offscreen: a change pasted
// and previewed on the twin of the fabric the window watches, the fabric now, its twin and the
// change side by side in the comparison view; a change the twin cannot read is said.
#include "comparisonview.h"
#include "consoleoptions.h"
#include "consolewiring.h"
#include "fabricsession.h"
#include "live/experiments/experimentqueue.h"
#include "live/hub/livefabric.h"
#include "mainwindow.h"
#include "whatifpanel.h"
#include "whatifwiring.h"

#include <QAction>
#include <QComboBox>
#include <QDockWidget>
#include <QGroupBox>
#include <QLabel>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace roce;

class TestWhatIfGui : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    /// The row of the comparison table whose first cell is @p label.
    static int rowOf(const QTableWidget *table, const QString &label)
    {
        for (int r = 0; r < table->rowCount(); ++r) {
            if (table->item(r, 0) && table->item(r, 0)->text() == label)
                return r;
        }
        return -1;
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(m_dir.isValid());
    }

    void previewsAChangeOnTheWatchedFabric()
    {
        QSettings settings(m_dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        app::MainWindow window(settings, false);
        live::LiveFabric live;
        app::FabricSession session(sim::SimServiceOptions {}, nullptr);
        app::followFabricSession(window, session, live);
        app::ConsoleOptions options;
        experiments::ExperimentQueue experiments(nullptr);
        app::wireWhatIf(window, live, session, experiments, options);
        window.show();
        auto *panel = qobject_cast<widgets::WhatIfPanel *>(
            window.dock(QStringLiteral("whatIfDock"))->widget());
        QVERIFY(panel);
        QAction *action = window.findChild<QAction *>(QStringLiteral("whatIfAction"));
        QVERIFY(action);
        auto *status = panel->findChild<QLabel *>(QStringLiteral("whatIfStatus"));
        auto *preview = panel->findChild<QPushButton *>(QStringLiteral("whatIfPreview"));

        // Before any fabric is watched there is nothing to build a twin of.
        panel->setChangeText(QStringLiteral("interface Ethernet1/1/1\n  shutdown\n"));
        preview->click();
        QVERIFY2(status->text().contains(QStringLiteral("running-config")),
                 qPrintable(status->text()));

        session.startDemo(QStringLiteral("dcqcn-incast"));
        QTRY_VERIFY_WITH_TIMEOUT(live.everySourceAnswered(), 30000);
        QTest::qWait(3000);
        action->trigger();
        QVERIFY(window.dock(QStringLiteral("whatIfDock"))->isVisible());
        // A NIC line without its value is said, not previewed.
        panel->setChangeText(QStringLiteral("ecn/roce_rp/rpg_time_reset\n"));
        preview->click();
        QVERIFY2(status->text().contains(QStringLiteral("line 1")), qPrintable(status->text()));
        QVERIFY(preview->isEnabled());

        panel->setChangeText(QStringLiteral(
            "policy-map type queuing QOS_EGRESS_PORT\n"
            "  class type queuing c-out-8q-q3\n"
            "    random-detect minimum-threshold 75 kbytes maximum-threshold 3000 kbytes "
            "drop-probability 7 weight 0 ecn\n"));
        preview->click();
        QVERIFY(!preview->isEnabled());  // busy while the fabric is watched and the twin runs
        QTRY_VERIFY_WITH_TIMEOUT(preview->isEnabled(), 90000);
        QVERIFY2(status->text().startsWith(QStringLiteral("Previewed")),
                 qPrintable(status->text()));
        widgets::ComparisonView *comparison = panel->comparison();
        QVERIFY(comparison->isVisible());
        QCOMPARE(comparison->comparison().runs.size(), 3);
        QCOMPARE(comparison->comparison().runs[2].label, QStringLiteral("Twin + change"));
        const auto *table = comparison->findChild<QTableWidget *>();
        QVERIFY(table);
        const int ecn = rowOf(table, QStringLiteral("ECN marks"));
        QVERIFY(ecn >= 0);
        // The incast marks, as seen and in the twin.
        for (int column = 1; column <= 3; ++column)
            QVERIFY2(table->item(ecn, column)->text().section(QLatin1Char(' '), 0, 0).toDouble()
                         > 1000,
                     qPrintable(table->item(ecn, column)->text()));
        QVERIFY(rowOf(table, QStringLiteral("RoCE queue mean, deepest port")) >= 0);
        QVERIFY(rowOf(table, QStringLiteral("Bandwidth")) >= 0);  // goodput, also as bars
        auto *notes = panel->findChild<QLabel *>(QStringLiteral("whatIfNotes"));
        QVERIFY2(notes->text().contains(QStringLiteral("Uncertain")), qPrintable(notes->text()));

        // The form starts from what the twin read (the change was previewed, not applied) and
        // writes the lines of what it is told.
        auto *form = panel->findChild<QGroupBox *>(QStringLiteral("whatIfForm"));
        QVERIFY(form->isEnabled());
        QCOMPARE(panel->formValues().wredMinKb, 150);
        QCOMPARE(panel->formValues().rpgTimeResetUs, 300);
        auto *write = panel->findChild<QPushButton *>(QStringLiteral("whatIfWrite"));
        write->click();
        QVERIFY2(status->text().contains(QStringLiteral("no change")), qPrintable(status->text()));
        panel->findChild<QSpinBox *>(QStringLiteral("whatIfTimeReset"))->setValue(600);
        write->click();
        QCOMPARE(panel->changeText(), QStringLiteral("ecn/roce_rp/rpg_time_reset 600\n"));

        // The same change on the packet model, when asked: the twin says which it ran.
        auto *model = panel->findChild<QComboBox *>(QStringLiteral("whatIfModel"));
        QVERIFY(model);
        QCOMPARE(model->currentIndex(), 0);  // fluid unless asked
        model->setCurrentIndex(1);
        panel->findChild<QSpinBox *>(QStringLiteral("whatIfSeconds"))->setValue(3);
        preview->click();
        QVERIFY(!preview->isEnabled());
        QTRY_VERIFY_WITH_TIMEOUT(preview->isEnabled(), 90000);
        QVERIFY2(status->text().startsWith(QStringLiteral("Previewed on the packet model")),
                 qPrintable(status->text()));
        QCOMPARE(comparison->comparison().runs.size(), 3);
        session.stop();
    }
};

QTEST_MAIN(TestWhatIfGui)
#include "tst_whatifgui.moc"
