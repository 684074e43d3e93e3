// The port table model on synthetic updates: structure (QAbstractItemModelTester), numeric
// sorting, highlights, staleness with an injected clock, one batch per update, rows grouped
// by device in natural order however the frames arrive, and uplinks named by their far port.
#include "live/itemmodels/porttablemodel.h"
#include "proto/datamodel/naturalorder.h"
#include "sim/engine/makefabric.h"
#include "sim/observe/fabricrows.h"

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

PortSample on(const QString &device, const QString &port, const QString &peer = {},
              const QString &peerPort = {})
{
    PortSample p;
    p.id = roce::model::PortId::switchPort(device, port);
    p.state = QStringLiteral("up");
    p.peer = peer;
    p.peerPort = peerPort;
    return p;
}

PortSample nicOf(const QString &host, const QString &device)
{
    PortSample p;
    p.id = roce::model::PortId::nicPort(host, device);
    p.state = QStringLiteral("up");
    return p;
}

SourceFrame frame(const QList<PortSample> &ports)
{
    SourceFrame f;
    f.takenMs = 1000;
    f.ports = ports;
    return f;
}

QStringList rowNames(const PortTableModel &model)
{
    QStringList out;
    for (int r = 0; r < model.rowCount(); ++r)
        out.append(model.index(r, PortTableModel::Port).data().toString());
    return out;
}

/// Every row is found where it is.
bool indexed(const PortTableModel &model)
{
    for (int r = 0; r < model.rowCount(); ++r) {
        if (model.rowOf(model.sampleAt(r).name()) != r)
            return false;
    }
    return true;
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
    void rememberedRowsFollowInsertions();
    void namesInNaturalOrder();
    void rowsGroupedByDeviceInNaturalOrder();
    void manyNewDevicesAtOnceKeepTheOrder();
    void uplinksNameTheirFarPort();
    void simulatedLeafSpineRowsReadInOrderWithPeers();
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

void TestPortTableModel::rememberedRowsFollowInsertions()
{
    // Each source's rows are remembered in its own order; rows another source inserts in
    // between move them, and a source that reorders its ports must still hit its own rows.
    PortTableModel model;
    auto frameOf = [](const QString &source, const QString &device, const QList<int> &ports,
                      double base, qint64 ms) {
        SourceFrame f;
        f.source = source;
        f.takenMs = ms;
        for (int i : ports)
            f.ports.append(
                port(device + QStringLiteral("/Ethernet1/%1").arg(i), base + i, 0, 0, 0));
        return f;
    };
    model.applyUpdates({frameOf(QStringLiteral("b"), QStringLiteral("swb"), {3, 1, 2}, 0, 1000)});
    model.applyUpdates({frameOf(QStringLiteral("b"), QStringLiteral("swb"), {3, 1, 2}, 10, 2000)});
    // A new source whose rows sort before b's: every row of b moves down by four.
    model.applyUpdates({frameOf(QStringLiteral("a"), QStringLiteral("swa"), {1, 2, 3, 4}, 20, 3000),
                        frameOf(QStringLiteral("b"), QStringLiteral("swb"), {3, 1, 2}, 30, 3000)});
    model.applyUpdates({frameOf(QStringLiteral("b"), QStringLiteral("swb"), {2, 3, 1}, 40, 4000)});
    QCOMPARE(model.rowCount(), 7);
    for (int i = 1; i <= 3; ++i) {
        const QString name = QStringLiteral("swb/Ethernet1/%1").arg(i);
        QCOMPARE(model.rowOf(name), 3 + i);
        QCOMPARE(model.sampleAt(model.rowOf(name)).name(), name);
        QCOMPARE(model.row(name)->value(roce::model::Metric::InUtil), 40.0 + i);
    }
    for (int i = 1; i <= 4; ++i)
        QCOMPARE(model.row(QStringLiteral("swa/Ethernet1/%1").arg(i))
                     ->value(roce::model::Metric::InUtil),
                 20.0 + i);
    // Cleared, then the same source again: nothing remembered from before.
    model.clear();
    model.applyUpdates({frameOf(QStringLiteral("b"), QStringLiteral("swb"), {1}, 50, 5000)});
    QCOMPARE(model.rowCount(), 1);
    QCOMPARE(model.row(QStringLiteral("swb/Ethernet1/1"))->value(roce::model::Metric::InUtil),
             51.0);
}

void TestPortTableModel::namesInNaturalOrder()
{
    using roce::model::naturalCompare;
    QVERIFY(naturalCompare(u"leaf2", u"leaf10") < 0);
    QVERIFY(naturalCompare(u"Ethernet1/2", u"Ethernet1/10") < 0);
    QVERIFY(naturalCompare(u"Ethernet1/1/4", u"Ethernet1/2/1") < 0);
    QVERIFY(naturalCompare(u"rail2-leaf1", u"rail10-leaf1") < 0);
    QVERIFY(naturalCompare(u"gpu0009", u"gpu10") < 0);
    QVERIFY(naturalCompare(u"Leaf3", u"leaf20") < 0);  // case does not split the leaves
    QVERIFY(naturalCompare(u"leaf", u"leaf1") < 0);
    QVERIFY(naturalCompare(u"mlx5_0", u"mlx5_0") == 0);
    // Still a total order: names that differ only in case or zeros are not equal.
    QVERIFY(naturalCompare(u"leaf01", u"leaf1") != 0);
    QVERIFY(naturalCompare(u"leaf01", u"leaf1") == -naturalCompare(u"leaf1", u"leaf01"));
    QVERIFY(naturalCompare(u"LEAF1", u"leaf1") != 0);
    QVERIFY(naturalCompare(u"port99999999999999999999", u"port100000000000000000000") < 0);
}

void TestPortTableModel::rowsGroupedByDeviceInNaturalOrder()
{
    // Frames come as the sources answer: a spine, a leaf's uplinks before its downlinks, the
    // agents before the leaves they hang off. The table reads switch by switch, leaf2 before
    // leaf10, Ethernet1/2 before Ethernet1/10, then the servers by name with their NICs.
    PortTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
    model.applyUpdate(frame({on(QStringLiteral("spine1"), QStringLiteral("Ethernet1/1")),
                             on(QStringLiteral("spine1"), QStringLiteral("Ethernet1/2"))}));
    model.applyUpdate(frame({on(QStringLiteral("leaf10"), QStringLiteral("Ethernet1/33")),
                             on(QStringLiteral("leaf2"), QStringLiteral("Ethernet1/33"))}));
    model.applyUpdate(frame({nicOf(QStringLiteral("gpu0010"), QStringLiteral("mlx5_1")),
                             nicOf(QStringLiteral("gpu0002"), QStringLiteral("mlx5_10")),
                             nicOf(QStringLiteral("gpu0002"), QStringLiteral("mlx5_2")),
                             nicOf(QStringLiteral("gpu0002"), QStringLiteral("mlx5_0"))}));
    model.applyUpdate(frame({on(QStringLiteral("leaf2"), QStringLiteral("Ethernet1/10")),
                             on(QStringLiteral("leaf2"), QStringLiteral("Ethernet1/2")),
                             on(QStringLiteral("leaf2"), QStringLiteral("Ethernet1/1")),
                             on(QStringLiteral("leaf10"), QStringLiteral("Ethernet1/1"))}));
    const QStringList expected {
        QStringLiteral("leaf2/Ethernet1/1"),  QStringLiteral("leaf2/Ethernet1/2"),
        QStringLiteral("leaf2/Ethernet1/10"), QStringLiteral("leaf2/Ethernet1/33"),
        QStringLiteral("leaf10/Ethernet1/1"), QStringLiteral("leaf10/Ethernet1/33"),
        QStringLiteral("spine1/Ethernet1/1"), QStringLiteral("spine1/Ethernet1/2"),
        QStringLiteral("gpu0002/mlx5_0"),     QStringLiteral("gpu0002/mlx5_2"),
        QStringLiteral("gpu0002/mlx5_10"),    QStringLiteral("gpu0010/mlx5_1")};
    QCOMPARE(rowNames(model), expected);
    QVERIFY(indexed(model));
    // The leaves' late ports went in as two runs (before leaf2's uplink, before leaf10's): rows
    // shown before kept their order, new ones were put between them.
    QCOMPARE(inserted.size(), 5);
    // Stable as frames arrive: the same ports again, in another order, move nothing.
    QSignalSpy moved(&model, &QAbstractItemModel::rowsInserted);
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    QList<PortSample> all;
    for (const QString &name : expected) {
        const bool nic = name.startsWith(QLatin1String("gpu"));
        all.prepend(
            nic ? nicOf(name.section(QLatin1Char('/'), 0, 0), name.section(QLatin1Char('/'), 1))
                : on(name.section(QLatin1Char('/'), 0, 0), name.section(QLatin1Char('/'), 1)));
    }
    model.applyUpdate(frame(all));
    QCOMPARE(rowNames(model), expected);
    QCOMPARE(moved.size(), 0);
    QCOMPARE(reset.size(), 0);
}

void TestPortTableModel::manyNewDevicesAtOnceKeepTheOrder()
{
    // Forty servers whose agents answer in one tick, between servers already shown: past a few
    // dozen places, one reset instead of a signal per place; the order is the same.
    PortTableModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QList<PortSample> odd, even;
    for (int h = 1; h <= 80; ++h)
        (h % 2 ? odd : even)
            .append(nicOf(QStringLiteral("gpu%1").arg(h), QStringLiteral("mlx5_0")));
    model.applyUpdate(frame(odd));
    QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
    model.applyUpdate(frame(even));
    QCOMPARE(reset.size(), 1);
    QCOMPARE(model.rowCount(), 80);
    for (int h = 1; h <= 80; ++h)
        QCOMPARE(model.sampleAt(h - 1).name(), QStringLiteral("gpu%1/mlx5_0").arg(h));
    QVERIFY(indexed(model));
}

void TestPortTableModel::uplinksNameTheirFarPort()
{
    // LLDP names the far switch and its port: a port facing another switch of the table reads
    // as the far port's row; a server stays a server.
    PortTableModel model;
    model.applyUpdate(
        frame({on(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/1"), QStringLiteral("gpu0001"),
                  QStringLiteral("ens1np0")),
               on(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/33"), QStringLiteral("spine1"),
                  QStringLiteral("Ethernet1/1")),
               on(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/34"),
                  QStringLiteral("spine2.lab.example"), QStringLiteral("Ethernet1/1")),
               on(QStringLiteral("leaf1"), QStringLiteral("Ethernet1/35"), QStringLiteral("spine9"),
                  QStringLiteral("Ethernet1/1")),
               on(QStringLiteral("spine1"), QStringLiteral("Ethernet1/1"), QStringLiteral("leaf1"),
                  QStringLiteral("Ethernet1/33")),
               on(QStringLiteral("spine2"), QStringLiteral("Ethernet1/1"), QStringLiteral("leaf1"),
                  QStringLiteral("Ethernet1/34"))}));
    auto peer = [&](const QString &port) {
        return model.index(model.rowOf(port), PortTableModel::Peer).data().toString();
    };
    QCOMPARE(peer(QStringLiteral("leaf1/Ethernet1/1")), QStringLiteral("gpu0001"));
    QCOMPARE(peer(QStringLiteral("leaf1/Ethernet1/33")), QStringLiteral("spine1/Ethernet1/1"));
    QCOMPARE(peer(QStringLiteral("leaf1/Ethernet1/34")), QStringLiteral("spine2/Ethernet1/1"));
    QCOMPARE(peer(QStringLiteral("spine1/Ethernet1/1")), QStringLiteral("leaf1/Ethernet1/33"));
    // A switch the table does not watch: its name, as LLDP gives it.
    QCOMPARE(peer(QStringLiteral("leaf1/Ethernet1/35")), QStringLiteral("spine9"));
    // Sorting and filtering see the same text.
    QCOMPARE(model.index(model.rowOf(QStringLiteral("leaf1/Ethernet1/33")), PortTableModel::Peer)
                 .data(PortTableModel::SortRole)
                 .toString(),
             QStringLiteral("spine1/Ethernet1/1"));
}

void TestPortTableModel::simulatedLeafSpineRowsReadInOrderWithPeers()
{
    // The rows of the simulated leaf/spine fabric (what --topology feeds the table) carry the
    // peers LLDP would give, and read switch by switch in natural order.
    using namespace roce::sim;
    ModelParams params;
    params.engine = FabricEngine::Fluid;
    const auto fabric = makeFabric(railFabric(32, 2, 2, 2, 100 * kGbps), params);
    FabricRowSampler sampler(*fabric);
    PortTableModel model;
    model.applyUpdate(sampler.sample(1000));
    QStringList devices;
    for (int r = 0; r < model.rowCount(); ++r) {
        if (devices.isEmpty() || devices.last() != model.sampleAt(r).id.device())
            devices.append(model.sampleAt(r).id.device());
        if (r > 0)
            QVERIFY2(roce::model::naturalPortLess(model.sampleAt(r - 1).id, model.sampleAt(r).id),
                     qPrintable(model.sampleAt(r).name()));
    }
    QCOMPARE(devices.mid(0, 4),
             QStringList({QStringLiteral("rail1-leaf1"), QStringLiteral("rail2-leaf1"),
                          QStringLiteral("spine1"), QStringLiteral("spine2")}));
    QCOMPARE(devices.value(4), QStringLiteral("gpu0001"));
    QCOMPARE(devices.size(), 4 + 32);  // every device once: no switch comes back later
    auto peer = [&](const QString &port) {
        return model.index(model.rowOf(port), PortTableModel::Peer).data().toString();
    };
    QCOMPARE(peer(QStringLiteral("rail1-leaf1/Ethernet1/33")),
             QStringLiteral("spine1/Ethernet1/1"));
    QCOMPARE(peer(QStringLiteral("rail2-leaf1/Ethernet1/34")),
             QStringLiteral("spine2/Ethernet1/2"));
    QCOMPARE(peer(QStringLiteral("spine1/Ethernet1/2")),
             QStringLiteral("rail2-leaf1/Ethernet1/33"));
    QCOMPARE(peer(QStringLiteral("rail1-leaf1/Ethernet1/5")), QStringLiteral("gpu0005"));
    QCOMPARE(model.row(QStringLiteral("rail1-leaf1/Ethernet1/5"))->peerPort,
             QStringLiteral("ens1np0"));
    QCOMPARE(peer(QStringLiteral("gpu0005/mlx5_1")), QStringLiteral("ens2np0"));
}

QTEST_GUILESS_MAIN(TestPortTableModel)
#include "tst_porttablemodel.moc"
