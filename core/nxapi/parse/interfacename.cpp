#include "nxapi/parse/interfacename.h"

#include <QRegularExpression>

namespace roce::nxapi {

namespace {

/// "Ethernet" + digits and one or two "/digits": already the long form. The form of every
/// name in `show interface`, queuing and PFC bodies, so they skip the regular expressions.
bool isLongEthernetName(const QString &name)
{
    if (!name.startsWith(QLatin1String("Ethernet")))
        return false;
    int slashes = 0;
    bool digit = false;  // a digit since the start or the last slash
    for (qsizetype i = 8; i < name.size(); ++i) {
        const char16_t c = name.at(i).unicode();
        if (c >= u'0' && c <= u'9') {
            digit = true;
        } else if (c == u'/' && digit) {
            ++slashes;
            digit = false;
        } else {
            return false;
        }
    }
    return digit && (slashes == 1 || slashes == 2);
}

}  // namespace

QString longInterfaceName(const QString &name)
{
    if (isLongEthernetName(name))
        return name;
    static const QRegularExpression eth(
        QStringLiteral(R"(^(?:ethernet|eth|et|e)\s*(\d+(?:/\d+){1,2}(?:\.\d+)?)$)"),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression po(QStringLiteral(R"(^(?:port-channel|po)\s*(\d+(?:\.\d+)?)$)"),
                                       QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression internal(QStringLiteral(R"(^ii(\d+(?:/\d+){1,2})$)"),
                                             QRegularExpression::CaseInsensitiveOption);
    QString trimmed = name.trimmed();
    if (const auto m = eth.match(trimmed); m.hasMatch())
        return QStringLiteral("Ethernet") + m.captured(1);
    if (const auto m = po.match(trimmed); m.hasMatch())
        return QStringLiteral("port-channel") + m.captured(1);
    if (const auto m = internal.match(trimmed); m.hasMatch())
        return QStringLiteral("ii") + m.captured(1);  // internal fabric ports keep their name
    if (trimmed.compare(QLatin1String("mgmt0"), Qt::CaseInsensitive) == 0)
        return QStringLiteral("mgmt0");
    return trimmed;
}

QString shortInterfaceName(const QString &name)
{
    QString full = longInterfaceName(name);
    if (full.startsWith(QLatin1String("Ethernet")))
        return QStringLiteral("Eth") + full.mid(8);
    if (full.startsWith(QLatin1String("port-channel")))
        return QStringLiteral("Po") + full.mid(12);
    return full;
}

}  // namespace roce::nxapi
