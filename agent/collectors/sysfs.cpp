#include "collectors/sysfs.h"

#include <QDir>
#include <QFile>

#include <cerrno>
#include <fcntl.h>
#include <unistd.h>

namespace roce::agent {

SysfsTree::SysfsTree(QString root) : m_root(std::move(root))
{
    while (m_root.size() > 1 && m_root.endsWith(QLatin1Char('/')))
        m_root.chop(1);
}

QString SysfsTree::path(const QString &relative) const
{
    return m_root + QLatin1Char('/') + relative;
}

std::optional<QString> SysfsTree::read(const QString &relative) const
{
    QFile f(path(relative));
    if (!f.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray data = f.read(4096);
    if (f.error() != QFileDevice::NoError)
        return std::nullopt;
    return QString::fromUtf8(data).trimmed();
}

QStringList SysfsTree::list(const QString &relative) const
{
    QDir dir(path(relative));
    QStringList entries
        = dir.entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::System, QDir::Name);
    return entries;
}

bool SysfsTree::exists(const QString &relative) const
{
    return QFileInfo::exists(path(relative));
}

std::optional<quint64> parseCounter(const QByteArray &text)
{
    const QByteArray t = text.trimmed();
    if (t.isEmpty() || !(t[0] >= '0' && t[0] <= '9'))
        return std::nullopt;  // "N/A (no PMA)", negative or garbage: absent, never zero
    bool ok = false;
    const quint64 v = t.toULongLong(&ok, 10);
    return ok ? std::optional<quint64>(v) : std::nullopt;
}

AttributeFile::AttributeFile(const QString &path) : m_path(path)
{ }

AttributeFile::~AttributeFile()
{
    if (m_fd >= 0)
        ::close(m_fd);
}

std::optional<QString> AttributeFile::read()
{
    if (m_fd < 0) {
        m_fd = ::open(QFile::encodeName(m_path).constData(), O_RDONLY | O_CLOEXEC);
        if (m_fd < 0)
            return std::nullopt;
    }
    char buf[256];
    const ssize_t n = ::pread(m_fd, buf, sizeof buf, 0);
    if (n < 0) {
        ::close(m_fd);  // gone (device removed): open again next time
        m_fd = -1;
        return std::nullopt;
    }
    return QString::fromUtf8(buf, int(n)).trimmed();
}

CounterDirectory::CounterDirectory(QString path, QStringList skip, int rescanEvery)
    : m_path(std::move(path)), m_skip(std::move(skip)), m_rescanEvery(rescanEvery)
{ }

CounterDirectory::~CounterDirectory()
{
    closeAll();
}

void CounterDirectory::closeAll()
{
    for (File &f : m_files) {
        if (f.fd >= 0)
            ::close(f.fd);
    }
    m_files.clear();
}

void CounterDirectory::scan()
{
    closeAll();
    m_scanned = true;
    QDir dir(m_path);
    m_exists = dir.exists();
    if (!m_exists)
        return;
    const QStringList names
        = dir.entryList(QDir::Files | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
    for (const QString &name : names) {
        if (m_skip.contains(name))
            continue;
        const QByteArray p = QFile::encodeName(m_path + QLatin1Char('/') + name);
        const int fd = ::open(p.constData(), O_RDONLY | O_CLOEXEC);
        if (fd >= 0)
            m_files.push_back({name, fd});
    }
}

bool CounterDirectory::read(QMap<QString, quint64> &out)
{
    const bool rescanDue = m_rescanEvery > 0 && ++m_reads % m_rescanEvery == 0;
    if (!m_scanned || rescanDue)
        scan();
    if (!m_exists)
        return false;
    char buf[64];
    bool vanished = false;
    for (const File &f : m_files) {
        const ssize_t n = ::pread(f.fd, buf, sizeof buf - 1, 0);
        if (n < 0) {
            if (errno == ENOENT || errno == ENODEV)
                vanished = true;
            continue;  // unreadable now: absent for this sample
        }
        // Decimal digits straight from the buffer (this runs for every counter of every
        // sample); anything else ("N/A (no PMA)") leaves the counter absent.
        quint64 v = 0;
        int digits = 0;
        bool overflow = false;
        for (ssize_t i = 0; i < n; ++i) {
            const char c = buf[i];
            if (c >= '0' && c <= '9') {
                const quint64 next = v * 10 + quint64(c - '0');
                overflow = overflow || next / 10 != v;
                v = next;
                ++digits;
            } else if (c == '\n' || c == ' ') {
                break;
            } else {
                digits = 0;
                break;
            }
        }
        if (digits > 0 && !overflow)
            out.insert(out.cend(), f.name, v);  // files come sorted: append at the end
    }
    if (vanished)
        m_scanned = false;  // list the directory again next time
    return true;
}

}  // namespace roce::agent
