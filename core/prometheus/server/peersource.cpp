#include "prometheus/server/peersource.h"

namespace roce::prometheus {

QByteArray peerSource(const QHostAddress &address)
{
    bool isV4 = false;
    const quint32 v4 = address.toIPv4Address(&isV4);
    if (isV4) {
        QByteArray key(4, Qt::Uninitialized);
        for (int i = 0; i < 4; ++i)
            key[i] = char((v4 >> (24 - 8 * i)) & 0xff);
        return key;
    }
    if (address.protocol() != QAbstractSocket::IPv6Protocol)
        return {};  // no address (tests, a socket already gone): one shared source
    const Q_IPV6ADDR v6 = address.toIPv6Address();
    return QByteArray(reinterpret_cast<const char *>(v6.c), 8);
}

}  // namespace roce::prometheus
