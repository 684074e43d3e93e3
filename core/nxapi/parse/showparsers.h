#pragma once

#include "nxapi/parse/jsonreader.h"
#include "nxapi/parse/snapshot.h"
#include "proto/common/result.h"

#include <QJsonObject>
#include <QString>

namespace roce::nxapi {

// Pure parsers from one NX-API command body (the JSON `body` of `cli_show`, or the text of
// `cli_show_ascii`) into the normalized snapshot. Each tolerates the quirks of REFERENCE-
// FORMATS §4.5: a single row as an object, numbers as strings or integers, missing entries,
// abbreviated and breakout interface names, TABLE_module wrappers. Counters a body does not
// report stay absent. A body of the wrong shape is a Parse error and changes nothing.
// The poll path reads bodies as json::Value (views into the parsed response); the QJsonObject
// overloads serve bodies built in code (tests, saved files) and convert first.

/// `show interface [ethX/Y]`: state, MTU, bandwidth, load-interval rates, packets, bytes,
/// errors, discards, link-level pauses.
Result<void> parseShowInterface(json::Value body, SwitchSnapshot &into);
Result<void> parseShowInterface(const QJsonObject &body, SwitchSnapshot &into);
/// Its text, in the N9K/N7K, N5K/N6K, mgmt0 and N3K layouts. Rates are the first load
/// interval's, as in JSON. A block this parser cannot attribute (an interface header it does
/// not recognise) is reported in into.issues and not read, never merged into its neighbour.
Result<void> parseShowInterfaceText(const QString &text, SwitchSnapshot &into);

/// `show interface counters`: rx and tx row sets merged per interface.
Result<void> parseShowInterfaceCounters(json::Value body, SwitchSnapshot &into);
Result<void> parseShowInterfaceCounters(const QJsonObject &body, SwitchSnapshot &into);
/// The text of `show interface [ethX/Y] counters [errors]`: its "Port <column>..." tables.
/// A row that does not fit its table is reported in into.issues, never half read.
Result<void> parseShowInterfaceCountersText(const QString &text, SwitchSnapshot &into);
/// `show interface counters errors`: several rows per interface, merged.
Result<void> parseShowInterfaceCountersErrors(json::Value body, SwitchSnapshot &into);
Result<void> parseShowInterfaceCountersErrors(const QJsonObject &body, SwitchSnapshot &into);

/// `show interface [ethX/Y] priority-flow-control`: mode, oper, VL bitmap, RxPPP, TxPPP.
Result<void> parseShowPfc(json::Value body, SwitchSnapshot &into);
Result<void> parseShowPfc(const QJsonObject &body, SwitchSnapshot &into);
Result<void> parseShowPfcText(const QString &text, SwitchSnapshot &into);

/// `show queuing interface [ethX/Y]`: per QoS group Tx/drops/ECN/queue depth and queue
/// configuration, ingress MMU drops, PFC per CoS.
Result<void> parseShowQueuing(json::Value body, SwitchSnapshot &into);
Result<void> parseShowQueuing(const QJsonObject &body, SwitchSnapshot &into);
Result<void> parseShowQueuingText(const QString &text, SwitchSnapshot &into);
/// `show queuing tabular`: the same per-group counters in flat keys (tx_uc_pkt_qos_3, ...).
Result<void> parseShowQueuingTabular(json::Value body, SwitchSnapshot &into);
Result<void> parseShowQueuingTabular(const QJsonObject &body, SwitchSnapshot &into);

/// `show lldp neighbors detail` (local port names normalized to the long form).
Result<void> parseShowLldpNeighborsDetail(json::Value body, SwitchSnapshot &into);
Result<void> parseShowLldpNeighborsDetail(const QJsonObject &body, SwitchSnapshot &into);

/// The text of `show lldp neighbors detail`: one "Chassis id:" block per neighbour.
Result<void> parseShowLldpNeighborsDetailText(const QString &text, SwitchSnapshot &into);

/// `show version` (NX-OS 9.x `nxos_ver_str`, 7.x `sys_ver_str`).
Result<SwitchVersion> parseShowVersion(json::Value body);
Result<SwitchVersion> parseShowVersion(const QJsonObject &body);
/// The text of `show version` ("NXOS: version", or "system: version" before 9.x).
Result<SwitchVersion> parseShowVersionText(const QString &text);

/// "dead.beef.c1d8" or "DE-AD-BE-EF-C1-D8" -> "de:ad:be:ef:c1:d8"; other text unchanged.
QString normalizeMac(const QString &text);

}  // namespace roce::nxapi
