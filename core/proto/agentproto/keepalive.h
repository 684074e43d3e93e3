#pragma once

class QAbstractSocket;

namespace roce::agentproto {

/// TCP keepalive on a connected socket: the first probe after @p idleS seconds of silence,
/// then every @p intervalS seconds, the connection declared dead after @p count unanswered
/// probes (and unacknowledged data is given up after as long: TCP_USER_TIMEOUT). A peer that
/// vanished without a FIN or RST (a powered-off console, a cut link) is then noticed by the kernel
/// even when neither side has anything to send. Returns false when the socket has no descriptor or
/// the kernel refused an option.
bool enableTcpKeepAlive(QAbstractSocket *socket, int idleS = 30, int intervalS = 10, int count = 3);

}  // namespace roce::agentproto
