// The leaf/spine map: the simulated rail fabric as the map sees it, the layered layout's
// arithmetic (no overlaps, cells inside their leaf, readable when fitted at 1024 hosts x 8
// NICs), live rows from the model turning cells and uplinks the right colour (on screen, by
// pixel), search and click.
#include "fabricmappanel.h"
#include "fabricmapview.h"
#include "linemesh.h"
#include "live/itemmodels/porttablemodel.h"
#include "live/maplayout/layeredlayout.h"
#include "sim/engine/fabric.h"
#include "sim/engine/topology.h"
#include "sim/feeds/largefabricfeed.h"
#include "sim/observe/fabricrows.h"

#include "../common/queuedspy.h"

#include <QLineEdit>
#include <QPainter>
#include <QSignalSpy>
#include <QtTest>

using namespace roce;

namespace {

/// Shows @p panel at @p size with fabric @p f; false when its window never became exposed.
bool showMap(roce::widgets::FabricMapPanel &panel, const roce::models::LeafSpineFabric &f,
             QSize size)
{
    panel.resize(size);
    panel.show();
    if (!QTest::qWaitForWindowExposed(&panel))
        return false;
    panel.setFabric(f);
    return true;
}

roce::model::PortSample rowWith(const QString &name, double util)
{
    roce::model::PortSample r;
    r.id = roce::model::PortId::fromKey(name, roce::model::PortId::Kind::Switch);
    r.state = QStringLiteral("up");
    r.set(roce::model::Metric::InUtil, util);
    r.set(roce::model::Metric::OutUtil, util);
    r.set(roce::model::Metric::MmuDrops, 0);
    r.set(roce::model::Metric::RxPause, 0);
    r.set(roce::model::Metric::TxPause, 0);
    r.set(roce::model::Metric::Ecn, 0);
    return r;
}

/// The colour painted at the centre of NIC @p nic's cell.
QColor pixelOf(widgets::FabricMapView &view, int nic)
{
    const QPoint at = view.mapFromScene(view.geometry().cells.at(nic).center());
    return view.viewport()->grab().toImage().pixelColor(at);
}

bool near(const QColor &a, const QColor &b)
{
    return std::abs(a.red() - b.red()) < 12 && std::abs(a.green() - b.green()) < 12
        && std::abs(a.blue() - b.blue()) < 12;
}

}  // namespace

class TestFabricMap : public QObject
{
    Q_OBJECT

private slots:
    void railFabricAsTheMapSeesIt();
    void layoutIsReadableAt1024Hosts();
    void liveRowsColourCellsAndUplinks();
    void everyDropMetricColoursACell();
    void searchAndClick();
    void feedPublishesModelRows();
    void denseLinksAreDrawnAsQPainterDrawsThem();
    void cellLabelsAreCentredInTheirCells();
};

void TestFabricMap::railFabricAsTheMapSeesIt()
{
    const auto spec = sim::railFabric(64, 8, 8, 4, 100 * sim::kGbps);
    const models::LeafSpineFabric f = sim::leafSpineOf(spec);
    QCOMPARE(f.spines.size(), 4);
    QCOMPARE(f.leaves.size(), 16);  // 8 rails x 2 leaves of 32
    QCOMPARE(f.hosts.size(), 64);
    QCOMPARE(f.nics.size(), 512);
    QCOMPARE(f.uplinks.size(), 64);
    QCOMPARE(f.leaves.at(0).group, QStringLiteral("rail1"));
    QCOMPARE(f.leaves.at(15).group, QStringLiteral("rail8"));
    // Server 1's eight NICs sit on the first leaf of each rail.
    QList<int> leavesOfGpu1;
    for (const auto &n : f.nics)
        if (f.hosts.at(n.host) == QStringLiteral("gpu0001"))
            leavesOfGpu1.append(n.leaf);
    QCOMPARE(leavesOfGpu1, (QList<int> {0, 2, 4, 6, 8, 10, 12, 14}));
    QCOMPARE(f.nics.first().nicRow, QStringLiteral("gpu0001/mlx5_0"));
    QCOMPARE(f.nics.first().leafPortRow, QStringLiteral("rail1-leaf1/Ethernet1/1"));
    QCOMPARE(f.uplinks.first().spinePortRow, QStringLiteral("spine1/Ethernet1/1"));
}

void TestFabricMap::layoutIsReadableAt1024Hosts()
{
    const auto f = sim::leafSpineOf(sim::railFabric(1024, 8, 8, 16, 100 * sim::kGbps));
    QCOMPARE(f.nics.size(), 8192);
    const auto g = models::LayeredLayout::compute(f);
    // Fitted into 1600x1000, every cell is still several pixels wide and the group titles are
    // at least 15 px: the fabric is one readable picture, not a smear.
    QVERIFY2(g.fitScale * 10 >= 6.0, qPrintable(QString::number(g.fitScale)));
    QVERIFY(g.groupTitleHeight * g.fitScale >= 14.9);
    QCOMPARE(g.panels.size(), 8);
    // Nothing overlaps; every cell lies inside its leaf block; everything inside bounds.
    for (int a = 0; a < g.leaves.size(); ++a) {
        QVERIFY(g.bounds.contains(g.leaves.at(a)));
        QVERIFY(g.panels.at(g.leafPanel.at(a)).contains(g.leaves.at(a)));
        for (int b = a + 1; b < g.leaves.size(); ++b)
            QVERIFY2(!g.leaves.at(a).intersects(g.leaves.at(b)), qPrintable(f.leaves.at(a).name));
    }
    for (int n = 0; n < g.cells.size(); ++n)
        QVERIFY(g.leaves.at(f.nics.at(n).leaf).contains(g.cells.at(n)));
    for (const QRectF &s : g.spines)
        QVERIFY(g.spineBand.contains(s));
    // Hit testing by arithmetic agrees with the geometry.
    for (int n = 0; n < g.cells.size(); n += 97)
        QCOMPARE(g.cellAt(g.cells.at(n).center()), n);
    QCOMPARE(g.cellAt(g.cells.at(4242).bottomRight() + QPointF(0.5, 0.5)), -1);  // the gap
    QCOMPARE(g.cellAt(g.leaves.at(3).topLeft() + QPointF(1, 1)), -1);            // the title
    QCOMPARE(g.leafAt(g.leaves.at(77).center()), 77);
    QCOMPARE(g.cellAt(QPointF(-5, -5)), -1);
}

void TestFabricMap::liveRowsColourCellsAndUplinks()
{
    const auto f = sim::leafSpineOf(sim::railFabric(64, 8, 8, 4, 100 * sim::kGbps));
    models::PortTableModel ports;
    widgets::FabricMapPanel panel(&ports);
    QVERIFY(showMap(panel, f, {1200, 800}));
    widgets::FabricMapView &view = *panel.view();
    QTest::qWait(50);
    // No data yet: grey.
    QVERIFY(near(pixelOf(view, 0), QColor(0xd9, 0xdd, 0xe1)));

    roce::model::SourceFrame u;
    u.takenMs = 1;
    for (const auto &n : f.nics)
        u.ports.append(rowWith(n.leafPortRow, 5));
    auto drops = rowWith(f.nics.at(3).leafPortRow, 40);
    drops.set(roce::model::Metric::MmuDrops, 1200);
    u.ports[3] = drops;
    auto pauses = rowWith(f.nics.at(9).leafPortRow, 40);
    pauses.set(roce::model::Metric::TxPause, 55);
    u.ports[9] = pauses;
    u.ports[20] = rowWith(f.nics.at(20).leafPortRow, 95);
    auto up = rowWith(f.uplinks.at(2).leafPortRow, 10);
    up.set(roce::model::Metric::RxPause, 3);
    u.ports.append(up);
    ports.applyUpdate(u);
    // The refresh is coalesced: within one sample interval + 50 ms the map shows it.
    QTRY_COMPARE_WITH_TIMEOUT(view.cellColor(3), QColor(0xd3, 0x2f, 0x2f), 500);
    QCOMPARE(view.cellColor(9), QColor(0xf9, 0xa8, 0x25));
    QCOMPARE(view.uplinkColor(2), QColor(0xf9, 0xa8, 0x25));
    // Busy is darker than idle.
    QVERIFY(view.cellColor(20).lightness() < view.cellColor(0).lightness() - 60);
    QTest::qWait(50);
    QVERIFY2(near(pixelOf(view, 3), QColor(0xd3, 0x2f, 0x2f)), qPrintable(pixelOf(view, 3).name()));
    QVERIFY(near(pixelOf(view, 9), QColor(0xf9, 0xa8, 0x25)));
    QVERIFY(near(pixelOf(view, 20), view.cellColor(20)));
    // CNPs sent by one NIC and handled by two others: the chain joins them.
    roce::model::SourceFrame nicUpdate;
    nicUpdate.takenMs = 2;
    roce::model::PortSample receiver = rowWith(f.nics.at(40).nicRow, 50);
    receiver.id = roce::model::PortId::fromKey(receiver.name(), roce::model::PortId::Kind::Nic);
    receiver.set(roce::model::Metric::CnpSent, 900);
    nicUpdate.ports.append(receiver);
    for (int n : {41, 100}) {
        roce::model::PortSample sender = rowWith(f.nics.at(n).nicRow, 50);
        sender.id = roce::model::PortId::fromKey(sender.name(), roce::model::PortId::Kind::Nic);
        sender.set(roce::model::Metric::CnpHandled, 450);
        nicUpdate.ports.append(sender);
    }
    ports.applyUpdate(nicUpdate);
    QTRY_COMPARE_WITH_TIMEOUT(view.chains().size(), 2, 500);
    QCOMPARE(view.chains().first(), qMakePair(40, 41));
    QCOMPARE(view.chains().last(), qMakePair(40, 100));
    // The tooltip says the numbers.
    const QString tip = view.describeAt(view.geometry().cells.at(3).center());
    QVERIFY2(tip.contains(QStringLiteral("drops 1200/s")), qPrintable(tip));
    QVERIFY(tip.contains(f.hosts.at(f.nics.at(3).host)));
}

void TestFabricMap::everyDropMetricColoursACell()
{
    // Read from the metric table, not listed here: a drop metric added to the table reaches
    // the map with no other change. Each is tried on a leaf port's row and on a NIC's own
    // row (NIC discards are counted by the agent, not the switch).
    const auto f = sim::leafSpineOf(sim::railFabric(16, 2, 2, 2, 100 * sim::kGbps));
    const QColor drop(0xd3, 0x2f, 0x2f);
    int tried = 0;
    for (const roce::model::MetricInfo &m : roce::model::metrics()) {
        if (m.highlight != roce::model::Highlight::Drop)
            continue;
        for (const bool onNic : {false, true}) {
            models::PortTableModel ports;
            widgets::FabricMapView view(&ports);
            view.setFabric(f);
            roce::model::SourceFrame u;
            u.takenMs = 1;
            for (const auto &n : f.nics)
                u.ports.append(rowWith(n.leafPortRow, 5));
            roce::model::PortSample own = rowWith(f.nics.at(3).nicRow, 5);
            own.id = roce::model::PortId::fromKey(own.name(), roce::model::PortId::Kind::Nic);
            (onNic ? own : u.ports[3]).set(m.id, 7);
            u.ports.append(own);
            ports.applyUpdate(u);
            view.refresh();
            QVERIFY2(view.cellColor(3) == drop,
                     qPrintable(QStringLiteral("%1 on the %2 row: %3")
                                    .arg(QLatin1String(m.key),
                                         onNic ? QStringLiteral("NIC") : QStringLiteral("leaf"),
                                         view.cellColor(3).name())));
            QVERIFY(view.cellColor(2) != drop);
            ++tried;
        }
    }
    // MMU, egress and watchdog drops, NIC discards and out-of-buffer, input errors at least.
    QVERIFY2(tried >= 12, qPrintable(QString::number(tried)));
}

void TestFabricMap::searchAndClick()
{
    const auto f = sim::leafSpineOf(sim::railFabric(1024, 8, 8, 16, 100 * sim::kGbps));
    models::PortTableModel ports;
    widgets::FabricMapPanel panel(&ports);
    QVERIFY(showMap(panel, f, {1600, 1000}));
    widgets::FabricMapView &view = *panel.view();
    const double fitted = view.zoom();
    QCOMPARE(view.find(QStringLiteral("gpu0517")), 8);  // one cell per rail
    QCOMPARE(view.highlightedCells().size(), 8);
    for (int n : view.highlightedCells())
        QCOMPARE(f.hosts.at(f.nics.at(n).host), QStringLiteral("gpu0517"));
    QCOMPARE(view.find(QStringLiteral("rail3-leaf7")), 1);
    QVERIFY2(view.zoom() > fitted * 2, qPrintable(QString::number(view.zoom())));
    // Typed into the panel's search field: the same, and the count is said.
    auto *search = panel.findChild<QLineEdit *>(QStringLiteral("fabricSearch"));
    QVERIFY(search);
    search->clear();
    QTest::keyClicks(search, QStringLiteral("spine12"));
    QSignalSpy found(&view, &widgets::FabricMapView::found);
    QTest::keyClick(search, Qt::Key_Return);
    QCOMPARE(found.size(), 1);
    QCOMPARE(found.first().first().toInt(), 1);

    // Clicking a NIC cell selects its port for the charts.
    view.find(QStringLiteral("gpu0001"));
    const int nic = view.highlightedCells().first();
    QSignalSpy selected(&view, &widgets::FabricMapView::portSelected);
    QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                      view.mapFromScene(view.geometry().cells.at(nic).center()));
    QCOMPARE(selected.size(), 1);
    QCOMPARE(selected.first().first().toString(), f.nics.at(nic).nicRow);  // no switch data yet
    view.fitAll();
    QCOMPARE(view.zoom(), fitted);
}

void TestFabricMap::feedPublishesModelRows()
{
    sim::LargeFabricFeed feed;
    // Ready, updates and pace come from the feed's thread; failed from start() itself.
    QueuedSpy ready(&feed, &sim::LargeFabricFeed::fabricReady);
    QueuedSpy updates(&feed, &sim::LargeFabricFeed::updated);
    QSignalSpy failed(&feed, &sim::LargeFabricFeed::failed);
    QueuedSpy pace(&feed, &sim::LargeFabricFeed::pace);
    feed.start(QStringLiteral("rail:bad"));
    QCOMPARE(failed.size(), 1);
    QVERIFY(failed.first().first().toString().contains(QStringLiteral("rail:HOSTS:NICS")));
    feed.start(QStringLiteral("rail:64:8:8:4"), QStringLiteral("no-such"));
    QCOMPARE(failed.size(), 2);
    QVERIFY(failed.last().first().toString().contains(QStringLiteral("rail-ecmp-polarized")));
    feed.start(QStringLiteral("rail:64:8:8:4"), {}, 200);
    QTRY_COMPARE_WITH_TIMEOUT(ready.size(), 1, 10000);
    QTRY_VERIFY_WITH_TIMEOUT(updates.size() >= 2, 10000);
    feed.stop();
    // The first tick advances a tenth of the interval; later ones as much as fits (real
    // time at most).
    QVERIFY(pace.size() >= 2);
    QCOMPARE(pace.first().first().toDouble(), 0.1);
    for (const QList<QVariant> &p : std::as_const(pace))
        QVERIFY(p.first().toDouble() > 0 && p.first().toDouble() <= 1.0);
    const auto f = ready.first().first().value<models::LeafSpineFabric>();
    const auto u = updates.last().first().value<roce::model::SourceFrame>();
    QCOMPARE(u.ports.size(), qsizetype(64 * 8 * 2 + 64 * 2));  // switch ports both ends + NICs
    // The training ring runs over rail 1: its first server's leaf port carries traffic.
    models::PortTableModel ports;
    ports.applyUpdate(u);
    const roce::model::PortSample *r = ports.row(f.nics.first().leafPortRow);
    QVERIFY(r);
    QVERIFY2(std::max(r->value(roce::model::Metric::InUtil).value_or(0),
                      r->value(roce::model::Metric::OutUtil).value_or(0))
                 > 1,
             qPrintable(QString::number(r->value(roce::model::Metric::InUtil).value_or(-1))));
}

void TestFabricMap::denseLinksAreDrawnAsQPainterDrawsThem()
{
    // The dense spine-leaf mesh is drawn by drawLineMesh, not QPainter: clipped at the
    // image's edges, later lines over earlier ones, nothing outside them, and where
    // QPainter's one-pixel aliased lines would be.
    const QRgb red = qRgb(220, 30, 30), blue = qRgb(30, 60, 220);
    QImage img(100, 20, QImage::Format_ARGB32_Premultiplied);
    img.fill(Qt::transparent);
    widgets::drawLineMesh(
        img,
        {{red, {QLineF(-50, 10, 150, 10), QLineF(10, 0, 10, 19), QLineF(0, -5, 99, -5)}},
         {blue, {QLineF(0, 0, 19, 19), QLineF(-1e12, 15, 1e12, 15)}}});
    for (int x = 0; x < 100; ++x)
        QCOMPARE(img.pixel(x, 10), x == 10 ? blue : red);  // blue, drawn last, crosses at 10
    QCOMPARE(img.pixel(10, 3), red);
    for (int x = 0; x < 100; ++x)
        QCOMPARE(img.pixel(x, 15), blue);  // ends a deep zoom puts far outside
    QCOMPARE(img.pixel(5, 5), blue);
    QCOMPARE(qAlpha(img.pixel(50, 0)), 0);  // the line above the image drew nothing
    QCOMPARE(qAlpha(img.pixel(50, 19)), 0);

    // Against QPainter on long lines in every direction, many leaving the image.
    QImage mesh(300, 200, QImage::Format_ARGB32_Premultiplied), qt = mesh;
    mesh.fill(Qt::transparent);
    qt.fill(Qt::transparent);
    QList<QLineF> lines;
    for (int i = 0; i < 60; ++i)
        lines.append(QLineF((i * 37) % 400 - 50, (i * 53) % 300 - 50, (i * 71) % 400 - 50,
                            (i * 29) % 300 - 50));
    widgets::drawLineMesh(mesh, {{red, lines}});
    {
        QPainter p(&qt);
        p.setPen(QPen(QColor(red), 0));
        p.drawLines(lines);
    }
    // Each pixel either lights has one the other lit within a pixel (where exactly a line
    // crosses from one row to the next is a matter of rounding), and as many are lit.
    const auto lit = [](const QImage &image, int x, int y) {
        return x >= 0 && y >= 0 && x < image.width() && y < image.height()
            && qAlpha(image.pixel(x, y)) != 0;
    };
    const auto near = [&](const QImage &image, int x, int y) {
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx)
                if (lit(image, x + dx, y + dy))
                    return true;
        return false;
    };
    int meshLit = 0, qtLit = 0, astray = 0;
    for (int y = 0; y < mesh.height(); ++y) {
        for (int x = 0; x < mesh.width(); ++x) {
            meshLit += lit(mesh, x, y);
            qtLit += lit(qt, x, y);
            astray += (lit(mesh, x, y) && !near(qt, x, y)) + (lit(qt, x, y) && !near(mesh, x, y));
        }
    }
    QVERIFY2(qtLit > 3000, qPrintable(QString::number(qtLit)));
    QCOMPARE(astray, 0);
    QVERIFY2(std::abs(meshLit - qtLit) <= qtLit / 50,
             qPrintable(QStringLiteral("%1 against %2").arg(meshLit).arg(qtLit)));
}

void TestFabricMap::cellLabelsAreCentredInTheirCells()
{
    // Labels are laid out once and drawn as static text: each still sits centred in its
    // cell, in black, as drawText() put it.
    const auto f = sim::leafSpineOf(sim::railFabric(64, 8, 8, 4, 100 * sim::kGbps));
    models::PortTableModel ports;
    widgets::FabricMapPanel panel(&ports);
    QVERIFY(showMap(panel, f, {1600, 1000}));
    widgets::FabricMapView &view = *panel.view();
    QCOMPARE(view.find(QStringLiteral("rail1-leaf1")), 1);
    view.find(QString());  // no highlight over the cells
    QApplication::processEvents();
    const QImage shot = view.viewport()->grab().toImage();
    int labelled = 0;
    for (int n = 0; n < view.geometry().cells.size(); ++n) {
        const QRect cell = view.mapFromScene(view.geometry().cells.at(n)).boundingRect();
        if (!shot.rect().contains(cell) || cell.width() < 22)
            continue;
        int left = cell.right(), right = cell.left(), dark = 0;
        for (int y = cell.top() + 1; y < cell.bottom(); ++y) {
            for (int x = cell.left() + 1; x < cell.right(); ++x) {
                if (qGray(shot.pixel(x, y)) < 100) {
                    ++dark;
                    left = std::min(left, x);
                    right = std::max(right, x);
                }
            }
        }
        QVERIFY2(dark > 5, qPrintable(QStringLiteral("cell %1: no label").arg(n)));
        const double middle = (left + right) / 2.0;
        QVERIFY2(std::abs(middle - cell.center().x()) <= 3,
                 qPrintable(QStringLiteral("cell %1: label at %2, cell centre %3")
                                .arg(n)
                                .arg(middle)
                                .arg(cell.center().x())));
        ++labelled;
    }
    QVERIFY2(labelled >= 8, qPrintable(QString::number(labelled)));
}

QTEST_MAIN(TestFabricMap)
#include "tst_fabricmap.moc"
