#include "proto/common/listenaddress.h"

#include <QCoreApplication>

namespace roce {

namespace {
class ListenAddressText
{
    Q_DECLARE_TR_FUNCTIONS(ListenAddressText)
};
}  // namespace

Result<std::pair<QHostAddress, quint16>> parseListenAddress(const QString &text)
{
    const qsizetype colon = text.lastIndexOf(QLatin1Char(':'));
    bool ok = false;
    const uint port = colon >= 0 ? text.mid(colon + 1).toUInt(&ok) : 0;
    if (colon < 0 || !ok || port > 65535)
        return makeError(ErrorCode::InvalidArgument,
                         ListenAddressText::tr("'%1' is not ADDRESS:PORT").arg(text));
    QString host = text.left(colon);
    if (host.startsWith(QLatin1Char('[')) && host.endsWith(QLatin1Char(']')))
        host = host.mid(1, host.size() - 2);
    const QHostAddress address
        = host.isEmpty() ? QHostAddress(QHostAddress::Any) : QHostAddress(host);
    if (address.isNull())
        return makeError(ErrorCode::InvalidArgument,
                         ListenAddressText::tr("'%1' is not an IP address").arg(host));
    return std::make_pair(address, quint16(port));
}

}  // namespace roce
