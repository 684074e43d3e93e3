#include "collectors/ethtoolsource.h"

#include "proto/parsers/ethtoolparser.h"

#include <QCoreApplication>
#include <QFile>

#include <cerrno>
#include <cstring>
#include <linux/ethtool.h>
#include <linux/sockios.h>
#include <net/if.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <memory>
#include <vector>

namespace roce::agent {

namespace {
class EthtoolText
{
    Q_DECLARE_TR_FUNCTIONS(EthtoolText)
};

QString errnoText()
{
    return QString::fromLocal8Bit(std::strerror(errno));
}
}  // namespace

EthtoolSource::~EthtoolSource() = default;

IoctlEthtoolSource::IoctlEthtoolSource()
{
    m_socket = ::socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
}

IoctlEthtoolSource::~IoctlEthtoolSource()
{
    if (m_socket >= 0)
        ::close(m_socket);
}

namespace {
int ethtoolIoctl(int socket, const QString &ifname, void *data)
{
    ifreq ifr {};
    const QByteArray name = ifname.toLocal8Bit();
    std::strncpy(ifr.ifr_name, name.constData(), IFNAMSIZ - 1);
    ifr.ifr_data = static_cast<char *>(data);
    return ::ioctl(socket, SIOCETHTOOL, &ifr);
}

/// Number of ETH_SS_STATS strings, or -1 with errno set.
long statsCount(int socket, const QString &ifname)
{
    // ethtool_sset_info ends in a flexible array: room for one u32 after it.
    alignas(ethtool_sset_info) unsigned char buffer[sizeof(ethtool_sset_info) + sizeof(quint32)]
        = {};
    auto *info = reinterpret_cast<ethtool_sset_info *>(buffer);
    info->cmd = ETHTOOL_GSSET_INFO;
    info->sset_mask = 1ULL << ETH_SS_STATS;
    if (ethtoolIoctl(socket, ifname, info) < 0)
        return -1;
    return (info->sset_mask & (1ULL << ETH_SS_STATS)) ? long(info->data[0]) : 0;
}
}  // namespace

Result<QStringList> IoctlEthtoolSource::names(const QString &ifname, quint32 count)
{
    const auto cached = m_names.constFind(ifname);
    if (cached != m_names.cend() && quint32(cached->size()) == count)
        return *cached;
    // The kernel writes as many names as the driver has now, whatever len says: leave room
    // for a set that grew since GSSET_INFO, and refuse one that grew past it.
    const std::size_t room = std::size_t(count) + 64;
    std::vector<char> buffer(sizeof(ethtool_gstrings) + room * ETH_GSTRING_LEN);
    auto *strings = reinterpret_cast<ethtool_gstrings *>(buffer.data());
    strings->cmd = ETHTOOL_GSTRINGS;
    strings->string_set = ETH_SS_STATS;
    strings->len = count;
    if (ethtoolIoctl(m_socket, ifname, strings) < 0)
        return makeError(ErrorCode::Io,
                         EthtoolText::tr("ETHTOOL_GSTRINGS on %1: %2").arg(ifname, errnoText()));
    if (strings->len > room)
        return makeError(ErrorCode::Io,
                         EthtoolText::tr("ETHTOOL_GSTRINGS on %1: %2 names where %3 were counted")
                             .arg(ifname)
                             .arg(strings->len)
                             .arg(count));
    QStringList list;
    for (quint32 i = 0; i < strings->len; ++i) {
        const char *s
            = reinterpret_cast<const char *>(strings->data) + std::size_t(i) * ETH_GSTRING_LEN;
        // NUL-padded to 32 bytes; some old kernels had a trailing space in a name.
        list.append(QString::fromLatin1(s, int(strnlen(s, ETH_GSTRING_LEN))).trimmed());
    }
    m_names.insert(ifname, list);
    return list;
}

Result<EthtoolStats> IoctlEthtoolSource::read(const QString &ifname)
{
    if (m_socket < 0)
        return makeError(
            ErrorCode::Io,
            EthtoolText::tr("cannot open a socket for SIOCETHTOOL: %1").arg(errnoText()));
    long count = 0;
    quint32 named = 0, valued = 0;
    for (int attempt = 0; attempt < 3; ++attempt) {
        count = statsCount(m_socket, ifname);
        if (count < 0) {
            return makeError(
                errno == ENODEV ? ErrorCode::NotFound : ErrorCode::Io,
                EthtoolText::tr("ETHTOOL_GSSET_INFO on %1: %2").arg(ifname, errnoText()));
        }
        if (count == 0)
            return EthtoolStats {};
        const auto list = names(ifname, quint32(count));
        if (!list)
            return list.error();
        // n_stats must be the count exactly: current kernels (Debian 12's 6.1, 6.18) answer
        // any other with no values at all (n_stats 0). Older ones write their own count whatever it
        // says, so the buffer has room for a set that grew meanwhile; a changed set is asked again.
        const std::size_t room = std::size_t(count) + 64;
        std::vector<quint64> buffer(
            (sizeof(ethtool_stats) + room * sizeof(quint64)) / sizeof(quint64) + 1);
        auto *stats = reinterpret_cast<ethtool_stats *>(buffer.data());
        stats->cmd = ETHTOOL_GSTATS;
        stats->n_stats = quint32(count);
        if (ethtoolIoctl(m_socket, ifname, stats) < 0)
            return makeError(ErrorCode::Io,
                             EthtoolText::tr("ETHTOOL_GSTATS on %1: %2").arg(ifname, errnoText()));
        if (stats->n_stats != quint32(list->size()) || stats->n_stats > room) {
            named = quint32(list->size());
            valued = stats->n_stats;
            m_names.remove(ifname);  // the set changed between the calls: never cache indices
            continue;
        }
        EthtoolStats out;
        out.reserve(list->size());
        for (int i = 0; i < list->size(); ++i)
            out.append({list->at(i), stats->data[i]});
        return out;
    }
    return makeError(ErrorCode::Io,
                     EthtoolText::tr("ethtool statistics of %1 kept changing size (counted %2, "
                                     "named %3, valued %4)")
                         .arg(ifname)
                         .arg(count)
                         .arg(named)
                         .arg(valued));
}

FixtureEthtoolSource::FixtureEthtoolSource(QString dir) : m_dir(std::move(dir))
{ }

Result<EthtoolStats> FixtureEthtoolSource::read(const QString &ifname)
{
    QFile f(m_dir + QLatin1Char('/') + ifname);
    if (!f.open(QIODevice::ReadOnly))
        return makeError(ErrorCode::NotFound,
                         EthtoolText::tr("no ethtool fixture for %1 in %2").arg(ifname, m_dir));
    return parsers::parseEthtoolStats(QString::fromUtf8(f.readAll()));
}

}  // namespace roce::agent
