#include "proto/agentproto/keepalive.h"

#include <QAbstractSocket>
#include <QVariant>

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

namespace roce::agentproto {

bool enableTcpKeepAlive(QAbstractSocket *socket, int idleS, int intervalS, int count)
{
    const qintptr fd = socket->socketDescriptor();
    if (fd < 0)
        return false;
    // SO_KEEPALIVE through Qt (it remembers the option), the timings through setsockopt:
    // Qt has no portable knob for them and the kernel's defaults wait two hours.
    socket->setSocketOption(QAbstractSocket::KeepAliveOption, QVariant(1));
    bool ok = true;
    ok &= ::setsockopt(int(fd), IPPROTO_TCP, TCP_KEEPIDLE, &idleS, sizeof idleS) == 0;
    ok &= ::setsockopt(int(fd), IPPROTO_TCP, TCP_KEEPINTVL, &intervalS, sizeof intervalS) == 0;
    ok &= ::setsockopt(int(fd), IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count) == 0;
    // Keepalive probes go out only while nothing is unacknowledged; with data in flight to a
    // vanished peer the kernel would retransmit for about 15 minutes. The same budget bounds
    // that case.
    const unsigned int userTimeoutMs = unsigned(idleS + intervalS * count) * 1000U;
    ok &= ::setsockopt(int(fd), IPPROTO_TCP, TCP_USER_TIMEOUT, &userTimeoutMs, sizeof userTimeoutMs)
        == 0;
    return ok;
}

}  // namespace roce::agentproto
