#pragma once

#include <QColor>

/// The console's colours, named by what they mean, so that a drop is the same red on the map,
/// the topology, the port table and the charts. The fabric states come from the leaf/spine
/// map, whose legend (FabricMapPanel) explains them.
namespace roce::widgets::palette {

// What a port is doing, most urgent first (the map's cell colours and everything that shows
// the same counters).
QColor down();    ///< the link is down
QColor drop();    ///< the port drops packets (MMU or egress)
QColor pause();   ///< PFC pauses are sent or received
QColor ecn();     ///< ECN-CE marks, and the CNP chain they start
QColor noData();  ///< no rates for the port (not polled yet, or stale)
/// Utilization, @p fraction 0..1 (clamped): light to dark blue, so idle ports recede, busy
/// ones stand out, and nothing is confused with a drop or a pause.
QColor utilization(double fraction);
QColor highlight();  ///< search results on the map
QColor selection();  ///< the port every view shows
QColor rootCause();  ///< what the diagnosis names as the cause (victims take the pause colour)

// Pale backgrounds behind text that says the same (port table cells, hosts on the topology).
QColor dropTint();
QColor pauseTint();
QColor ecnTint();      ///< also the hosts that receive ECN marks and send CNPs
QColor rateCutTint();  ///< the hosts that handle CNPs and slow down
QColor invalidTint();  ///< a row the user has to correct

// Text in the colour of its severity, dark enough to read on white.
QColor criticalText();
QColor warningText();

/// How full a link is, @p fraction 0..1 (clamped): grey when idle, then green, amber, red.
/// The topology draws its links thicker and redder as they fill; a saturated link is the
/// congestion a network engineer looks for first there.
QColor linkLoad(double fraction);

/// How bad a result is, @p value 0..1: green (best) through the pause amber to the drop red.
QColor badness(double value);
QColor good();       ///< the best results; also the sparkline of outgoing traffic
QColor inTraffic();  ///< the sparkline of incoming traffic
QColor failed();     ///< a measurement that did not happen
QColor suspect();    ///< the outline of what the user should look at first

// Chrome: boxes and labels that carry no state.
QColor outline();          ///< the edge of switches, spines and hosts
QColor titleText();        ///< group titles
QColor subtitleText();     ///< leaf names
QColor containerBorder();  ///< the leaf blocks that hold the NIC cells
QColor containerFill();
QColor switchFill();
QColor hypervisorFill();
QColor hypervisorLink();  ///< a server to its hypervisor host

}  // namespace roce::widgets::palette
