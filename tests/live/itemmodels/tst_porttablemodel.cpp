// The port table model on synthetic updates: structure (QAbstractItemModelTester), numeric
// sorting, highlights, staleness with an injected clock, and one batch per update.
#include "live/itemmodels/porttablemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>

using roce::model::PortSample;
using roce::model::SourceFrame;
using roce::models::PortTableModel;

namespace {

PortSample port(const QString &name, double inUtil, double drops, double txPause, double ecn)
{
    PortSample p;
    p.id = roce::model::PortId::fromKey(name, roce::model::PortId::Kind::Switch);
    p.state = QStringLiteral("up");
    p.peer = QStringLiteral("host-") + name.right(1);
    p.set(roce::model::Metric::InUtil, inUtil);
    p.set(roce::model::Metric::InBits, inUtil / 100 * 25e9);
    p.set(roce::model::Metric::MmuDrops, drops);
    p.set(roce::model::Metric::TxPause, txPause);
    p.set(roce::model::Metric::RxPause, 0);
    p.set(roce::model::Metric::Ecn, ecn);
    return p;
}

}  // namespace

class TestPortTableModel : public QObject
{
    Q_OBJECT

private slots:
    void structureAndUpdates();
    void sortingIsNumeric();
    void highlightsAndStaleness();
    void absentRatesStayAbsent();
    void switchPortsBeforeServerPorts();
    void bufferAndWatchdogDropsAreColumns();
    void portsInAnotherOrderUpdateTheirRows();
};

void TestPortTableModel::structureAndUpdates()
{
    PortTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    SourceFrame u;
    u.takenMs = 1000;
    u.ports = {port(QStringLiteral("Ethernet1/1/1"), 98.2, 1.8e6, 0, 0),
               port(QStringLiteral("Ethernet1/1/2"), 0, 0, 0, 0)};
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.applyUpdate(u);
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(model.index(0, PortTableModel::Port).data().toString(),
             QStringLiteral("Ethernet1/1/1"));
    QCOMPARE(
        model.index(0, PortTableModel::column(roce::model::Metric::MmuDrops)).data().toString(),
        QStringLiteral("1800000"));
    QCOMPARE(model.index(0, PortTableModel::column(roce::model::Metric::InUtil)).data().toString(),
             QStringLiteral("98.2"));
    QCOMPARE(model.index(0, PortTableModel::column(roce::model::Metric::InBits)).data().toString(),
             QStringLiteral("24.55"));
    // A second poll with one new port: existing rows change in ONE signal, the new one is
    // inserted at the end, nothing moves.
    u.takenMs = 2000;
    u.ports[0].set(roce::model::Metric::MmuDrops, 0);
    u.ports.append(port(QStringLiteral("Ethernet1/2/1"), 50, 0, 100, 0));
    inserted.clear();
    changed.clear();
    model.applyUpdate(u);
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(inserted.size(), 1);
    QCOMPARE(changed.size(), 1);
    QCOMPARE(
        model.index(0, PortTableModel::column(roce::model::Metric::MmuDrops)).data().toString(),
        QStringLiteral("0"));
    QCOMPARE(model.row(QStringLiteral("Ethernet1/2/1"))->value(roce::model::Metric::TxPause),
             100.0);
    QCOMPARE(model.headerData(PortTableModel::column(roce::model::Metric::TxPause), Qt::Horizontal)
                 .toString(),
             QStringLiteral("TxPPP/s"));
}

void TestPortTableModel::sortingIsNumeric()
{
    PortTableModel model;
    SourceFrame u;
    u.takenMs = 1000;
    u.ports = {port(QStringLiteral("Ethernet1/1/1"), 9.5, 0, 0, 0),
               port(QStringLiteral("Ethernet1/1/2"), 100, 0, 0, 0),
               port(QStringLiteral("Ethernet1/1/3"), 10, 0, 0, 0)};
    model.applyUpdate(u);
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(PortTableModel::SortRole);
    proxy.sort(PortTableModel::column(roce::model::Metric::InUtil), Qt::DescendingOrder);
    // As text "9.5" > "100.0" > "10.0"; as numbers 100 > 10 > 9.5.
    QCOMPARE(proxy.index(0, PortTableModel::Port).data().toString(),
             QStringLiteral("Ethernet1/1/2"));
    QCOMPARE(proxy.index(1, PortTableModel::Port).data().toString(),
             QStringLiteral("Ethernet1/1/3"));
    QCOMPARE(proxy.index(2, PortTableModel::Port).data().toString(),
             QStringLiteral("Ethernet1/1/1"));
}

void TestPortTableModel::highlightsAndStaleness()
{
    PortTableModel model;
    qint64 now = 10'000;
    model.setClock([&now] { return now; });
    model.setStaleAfterMs(5000);
    SourceFrame u;
    u.takenMs = 10'000;
    u.ports = {port(QStringLiteral("Ethernet1/1/1"), 98, 1000, 0, 0),
               port(QStringLiteral("Ethernet1/1/2"), 50, 0, 20, 0),
               port(QStringLiteral("Ethernet1/2/1"), 50, 0, 0, 300)};
    model.applyUpdate(u);
    auto highlight = [&](int row, int column) {
        return model.index(row, column).data(PortTableModel::HighlightRole).toInt();
    };
    QCOMPARE(highlight(0, PortTableModel::column(roce::model::Metric::MmuDrops)),
             int(roce::model::Highlight::Drop));
    QCOMPARE(highlight(0, PortTableModel::column(roce::model::Metric::TxPause)),
             int(roce::model::Highlight::None));
    QCOMPARE(highlight(1, PortTableModel::column(roce::model::Metric::TxPause)),
             int(roce::model::Highlight::Pause));
    QCOMPARE(highlight(2, PortTableModel::column(roce::model::Metric::Ecn)),
             int(roce::model::Highlight::Ecn));
    QCOMPARE(model.index(0, PortTableModel::Port).data(PortTableModel::DimmedRole).toBool(), false);
    QCOMPARE(model.index(0, PortTableModel::Age).data().toString(), QStringLiteral("0 s"));
    // The switch stops answering: after the stale limit rows are dimmed, carry their age and
    // no longer claim drops.
    now = 17'000;
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    model.refreshAges();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(model.index(0, PortTableModel::Port).data(PortTableModel::DimmedRole).toBool(), true);
    QCOMPARE(model.index(0, PortTableModel::Age).data().toString(), QStringLiteral("7 s"));
    QCOMPARE(highlight(0, PortTableModel::column(roce::model::Metric::MmuDrops)),
             int(roce::model::Highlight::None));
    QVERIFY(model.index(0, PortTableModel::Port)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("7 s")));
    // A port that is down is dimmed whatever its age.
    u.takenMs = 17'000;
    u.ports[1].state = QStringLiteral("down");
    model.applyUpdate(u);
    QCOMPARE(model.index(1, PortTableModel::Port).data(PortTableModel::DimmedRole).toBool(), true);
    QCOMPARE(model.index(0, PortTableModel::Port).data(PortTableModel::DimmedRole).toBool(), false);
}

void TestPortTableModel::absentRatesStayAbsent()
{
    // The first poll has no rates yet, and a reset interval has none either: shown as "–",
    // sorted as nothing, never as zero.
    PortTableModel model;
    SourceFrame u;
    PortSample p;
    p.id = roce::model::PortId::fromKey(QStringLiteral("Ethernet1/1/1"),
                                        roce::model::PortId::Kind::Switch);
    p.state = QStringLiteral("up");
    p.resets = {QStringLiteral("in_bytes")};
    u.ports = {p};
    model.applyUpdate(u);
    QCOMPARE(model.index(0, PortTableModel::column(roce::model::Metric::InBits)).data().toString(),
             QStringLiteral("–"));
    QVERIFY(!model.index(0, PortTableModel::column(roce::model::Metric::InBits))
                 .data(PortTableModel::SortRole)
                 .isValid());
    QVERIFY(model.index(0, PortTableModel::Port)
                .data(Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("in_bytes")));
}

void TestPortTableModel::switchPortsBeforeServerPorts()
{
    PortTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    // The agents answer before the switch: their rows must still end up below its ports.
    SourceFrame nics;
    PortSample n = port(QStringLiteral("ubunturdma1/rocep19s0"), 10, 0, 0, 0);
    n.id = roce::model::PortId::fromKey(n.name(), roce::model::PortId::Kind::Nic);
    nics.ports = {n};
    model.applyUpdate(nics);
    SourceFrame sw;
    sw.ports = {port(QStringLiteral("Ethernet1/1/1"), 50, 0, 0, 0),
                port(QStringLiteral("Ethernet1/1/2"), 50, 0, 0, 0)};
    model.applyUpdate(sw);
    QCOMPARE(model.index(0, PortTableModel::Port).data().toString(),
             QStringLiteral("Ethernet1/1/1"));
    QCOMPARE(model.index(1, PortTableModel::Port).data().toString(),
             QStringLiteral("Ethernet1/1/2"));
    QCOMPARE(model.index(2, PortTableModel::Port).data().toString(),
             QStringLiteral("ubunturdma1/rocep19s0"));
    // Lookups follow the move.
    QCOMPARE(model.row(QStringLiteral("ubunturdma1/rocep19s0"))->value(roce::model::Metric::InUtil),
             10.0);
    sw.ports[0].set(roce::model::Metric::InUtil, 77);
    model.applyUpdate(sw);
    QCOMPARE(model.index(0, PortTableModel::column(roce::model::Metric::InUtil)).data().toString(),
             QStringLiteral("77.0"));
    QCOMPARE(model.rowCount(), 3);
}

void TestPortTableModel::bufferAndWatchdogDropsAreColumns()
{
    // The NIC receive buffer counters and the switch's PFC watchdog drops: a column each,
    // headed by the table's label, shown as whole packets per second, highlighted as drops.
    using roce::model::Metric;
    PortTableModel model;
    model.setClock([] { return qint64(1000); });  // fresh rows: not dimmed, highlighted
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    PortSample nic;
    nic.id = roce::model::PortId::nicPort(QStringLiteral("ubunturdma6"), QStringLiteral("mlx5_0"));
    nic.state = QStringLiteral("up");
    nic.set(Metric::RxDiscardsPhy, 1500);
    nic.set(Metric::OutOfBuffer, 0);
    nic.set(Metric::PrioDiscards, 1500);
    PortSample sw = port(QStringLiteral("Ethernet1/1/2"), 0, 0, 0, 0);
    sw.set(Metric::WatchdogDrops, 420);
    SourceFrame u;
    u.takenMs = 1000;
    u.ports = {sw, nic};
    model.applyUpdate(u);
    const std::pair<Metric, const char *> columns[] = {{Metric::RxDiscardsPhy, "NIC discards/s"},
                                                       {Metric::OutOfBuffer, "No WQE/s"},
                                                       {Metric::PrioDiscards, "Prio discards/s"},
                                                       {Metric::WatchdogDrops, "WD drops/s"}};
    for (const auto &[metric, header] : columns) {
        const int c = PortTableModel::column(metric);
        QVERIFY2(c >= PortTableModel::FirstMetric && c < PortTableModel::Age, header);
        QCOMPARE(PortTableModel::metricAt(c), std::optional<Metric>(metric));
        QCOMPARE(model.headerData(c, Qt::Horizontal).toString(), QLatin1String(header));
    }
    const int nicRow
        = model.index(0, PortTableModel::Port).data().toString() == QLatin1String("Ethernet1/1/2")
        ? 1
        : 0;
    const int swRow = 1 - nicRow;
    auto cell = [&](int row, Metric m, int role = Qt::DisplayRole) {
        return model.index(row, PortTableModel::column(m)).data(role);
    };
    QCOMPARE(cell(nicRow, Metric::RxDiscardsPhy).toString(), QStringLiteral("1500"));
    QCOMPARE(cell(nicRow, Metric::PrioDiscards).toString(), QStringLiteral("1500"));
    QCOMPARE(cell(nicRow, Metric::OutOfBuffer).toString(), QStringLiteral("0"));
    QCOMPARE(cell(swRow, Metric::WatchdogDrops).toString(), QStringLiteral("420"));
    QCOMPARE(cell(nicRow, Metric::RxDiscardsPhy, PortTableModel::HighlightRole).toInt(),
             int(roce::model::Highlight::Drop));
    QCOMPARE(cell(nicRow, Metric::OutOfBuffer, PortTableModel::HighlightRole).toInt(),
             int(roce::model::Highlight::None));
    QCOMPARE(cell(swRow, Metric::WatchdogDrops, PortTableModel::HighlightRole).toInt(),
             int(roce::model::Highlight::Drop));
}

void TestPortTableModel::portsInAnotherOrderUpdateTheirRows()
{
    // The model tries the row after the previous port's first: ports sent in another order,
    // or with some left out, still land on their own rows.
    PortTableModel model;
    SourceFrame u;
    u.takenMs = 1000;
    for (int i = 1; i <= 6; ++i)
        u.ports.append(port(QStringLiteral("Ethernet1/%1").arg(i), i, 0, 0, 0));
    model.applyUpdate(u);
    SourceFrame v;
    v.takenMs = 2000;
    for (int i : {6, 2, 3, 1, 5})
        v.ports.append(port(QStringLiteral("Ethernet1/%1").arg(i), 10 * i, 0, 0, 0));
    model.applyUpdate(v);
    QCOMPARE(model.rowCount(), 6);
    for (int i = 1; i <= 6; ++i) {
        const QString name = QStringLiteral("Ethernet1/%1").arg(i);
        QCOMPARE(model.sampleAt(model.rowOf(name)).name(), name);
        QCOMPARE(model.row(name)->value(roce::model::Metric::InUtil), i == 4 ? 4.0 : 10.0 * i);
    }
    QCOMPARE(model.rowOf(QStringLiteral("Ethernet1/9")), -1);
}

QTEST_GUILESS_MAIN(TestPortTableModel)
#include "tst_porttablemodel.moc"
