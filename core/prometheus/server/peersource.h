#pragma once

#include <QByteArray>
#include <QHostAddress>

namespace roce::prometheus {

/// The source a peer's limits are counted against: an IPv4 address (an IPv4-mapped IPv6
/// address counts as its IPv4 one), or the /64 an IPv6 address lies in, since one IPv6 host
/// commonly owns a whole /64 and could otherwise take a fresh address for every connection.
QByteArray peerSource(const QHostAddress &address);

}  // namespace roce::prometheus
