#include "collectors/sysfs.h"

#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <cerrno>
#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace roce::agent {

namespace {
/// The names in a directory, sorted (as QString orders them, like the maps of a sample);
/// empty when it cannot be opened. readdir() rather than QDir: QDir stats every entry, and
/// sysfs directories are listed often enough for that to show. @p noDirectories: leave out
/// subdirectories (and links to them), as QDir::Files | QDir::System does.
QStringList listNames(const QString &path, bool noDirectories, bool *exists = nullptr)
{
    QStringList names;
    DIR *dir = ::opendir(QFile::encodeName(path).constData());
    if (exists)
        *exists = dir != nullptr;
    if (!dir)
        return names;
    while (const dirent *e = ::readdir(dir)) {
        const char *n = e->d_name;
        if (n[0] == '.')
            continue;  // ".", ".." and hidden files, which QDir leaves out too
        if (noDirectories) {
            bool directory = e->d_type == DT_DIR;
            if (e->d_type == DT_UNKNOWN || e->d_type == DT_LNK) {
                struct stat st {
                };
                directory = ::fstatat(::dirfd(dir), n, &st, 0) == 0 && S_ISDIR(st.st_mode);
            }
            if (directory)
                continue;
        }
        names.append(QFile::decodeName(n));
    }
    ::closedir(dir);
    std::sort(names.begin(), names.end());
    return names;
}
}  // namespace

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
    return listNames(path(relative), false);
}

bool SysfsTree::exists(const QString &relative) const
{
    return QFileInfo::exists(path(relative));
}

QString SysfsTree::linkName(const QString &relative) const
{
    const QString target = QFileInfo(path(relative)).symLinkTarget();
    return target.isEmpty() ? QString() : target.section(QLatin1Char('/'), -1);
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

std::optional<quint64> parseCounterBytes(const char *data, std::size_t size)
{
    // Hand-rolled rather than std::from_chars: this is most of a sample's user time, and 19
    // digits cannot overflow 64 bits, so only the digits after those are checked.
    quint64 v = 0;
    std::size_t i = 0;
    const std::size_t safe = std::min<std::size_t>(size, 19);
    for (; i < safe; ++i) {
        const unsigned digit = unsigned(static_cast<unsigned char>(data[i])) - unsigned('0');
        if (digit > 9)
            break;
        v = v * 10 + digit;
    }
    // "N/A (no PMA)", a sign, garbage: absent, never zero.
    if (i == 0)
        return std::nullopt;
    if (i == safe) {  // past 19 digits: checked
        for (; i < size; ++i) {
            const unsigned digit = unsigned(static_cast<unsigned char>(data[i])) - unsigned('0');
            if (digit > 9)
                break;
            if (__builtin_mul_overflow(v, quint64(10), &v)
                || __builtin_add_overflow(v, quint64(digit), &v))
                return std::nullopt;  // more than 64 bits
        }
    }
    if (i != size && data[i] != '\n' && data[i] != ' ')
        return std::nullopt;
    return v;
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
    m_vanished = false;
    if (m_fd < 0) {
        m_fd = ::open(QFile::encodeName(m_path).constData(), O_RDONLY | O_CLOEXEC);
        if (m_fd < 0) {
            m_vanished = errno == ENOENT || errno == ENODEV;
            if (m_valid)
                ++m_generation;
            m_valid = false;
            return std::nullopt;
        }
    }
    char buf[256];
    const ssize_t n = ::pread(m_fd, buf, sizeof buf, 0);
    if (n < 0) {
        m_vanished = errno == ENOENT || errno == ENODEV;
        ::close(m_fd);  // gone (device removed): open again next time
        m_fd = -1;
        if (m_valid)
            ++m_generation;
        m_valid = false;
        return std::nullopt;
    }
    // Most attributes never change: the same bytes give the same (shared) string.
    if (!m_valid || m_bytes.compare(0, std::string::npos, buf, std::size_t(n)) != 0) {
        m_bytes.assign(buf, std::size_t(n));
        m_text = QString::fromUtf8(buf, int(n)).trimmed();
        m_valid = true;
        ++m_generation;
    }
    return m_text;
}

CounterFiles::CounterFiles(QStringList dirs, QStringList skip, QList<CounterRename> renames,
                           int rescanEvery)
    : m_dirs(std::move(dirs)),
      m_skip(std::move(skip)),
      m_renames(std::move(renames)),
      m_rescanEvery(rescanEvery)
{ }

CounterFiles::~CounterFiles()
{
    closeAll();
}

void CounterFiles::closeAll()
{
    for (File &f : m_files) {
        if (f.fd >= 0)
            ::close(f.fd);
    }
    m_files.clear();
}

void CounterFiles::scan()
{
    m_scanned = true;
    std::vector<QStringList> listed;
    bool exists = false;
    for (const QString &path : std::as_const(m_dirs)) {
        bool found = false;
        QStringList names = listNames(path, true, &found);
        exists = exists || found;
        names.removeIf([this](const QString &n) { return m_skip.contains(n); });
        listed.push_back(std::move(names));
    }
    // The same files as before: keep them open (a periodic rescan costs a listing only).
    if (exists == m_exists && listed == m_listed && !m_vanished)
        return;
    closeAll();
    m_exists = exists;
    m_listed = std::move(listed);
    struct Entry {
        QString key;
        QString name;
        int dir;
        int fd;
        quint64 factor;
    };
    std::vector<Entry> entries;
    for (int d = 0; d < int(m_listed.size()); ++d) {
        for (const QString &name : m_listed[std::size_t(d)]) {
            const QByteArray p = QFile::encodeName(m_dirs[d] + QLatin1Char('/') + name);
            const int fd = ::open(p.constData(), O_RDONLY | O_CLOEXEC);
            if (fd < 0)
                continue;
            Entry e {name, name, d, fd, 1};
            for (const CounterRename &r : std::as_const(m_renames)) {
                if (r.file == name) {
                    e.key = r.key;
                    e.factor = r.factor;
                }
            }
            entries.push_back(std::move(e));
        }
    }
    // Sorted by key, then in the order a map insertion would let them override each other.
    std::sort(entries.begin(), entries.end(), [](const Entry &a, const Entry &b) {
        if (a.key != b.key)
            return a.key < b.key;
        if (a.name != b.name)
            return a.name < b.name;
        return a.dir < b.dir;
    });
    std::vector<QString> keys;
    for (const Entry &e : entries) {
        if (keys.empty() || keys.back() != e.key)
            keys.push_back(e.key);
        m_files.push_back({e.fd, int(keys.size()) - 1, e.factor});
    }
    m_values.assign(keys.size(), 0);
    m_present.assign(keys.size(), 0);
    m_maps.setKeys(std::move(keys));
}

QMap<QString, quint64> CounterFiles::read()
{
    const bool rescanDue = m_rescanEvery > 0 && ++m_reads % m_rescanEvery == 0;
    if (!m_scanned || rescanDue)
        scan();
    m_vanished = false;
    if (!m_exists)
        return {};
    std::fill(m_present.begin(), m_present.end(), 0);
    char buf[64];
    for (const File &f : m_files) {
        const ssize_t n = ::pread(f.fd, buf, sizeof buf, 0);
        if (n < 0) {
            if (errno == ENOENT || errno == ENODEV)
                m_vanished = true;
            continue;  // unreadable now: absent for this sample
        }
        if (const auto v = parseCounterBytes(buf, std::size_t(n))) {
            m_values[std::size_t(f.slot)] = *v * f.factor;
            m_present[std::size_t(f.slot)] = 1;
        }
    }
    if (m_vanished)
        m_scanned = false;  // list the directories again next time
    return m_maps.publish(m_values, m_present);
}

CounterDirectory::CounterDirectory(QString path, QStringList skip, int rescanEvery)
    : m_files(QStringList {std::move(path)}, std::move(skip), {}, rescanEvery)
{ }

bool CounterDirectory::read(QMap<QString, quint64> &out)
{
    const QMap<QString, quint64> values = m_files.read();
    if (!m_files.exists())
        return false;
    if (out.isEmpty()) {
        out = values;
    } else {
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            out.insert(it.key(), it.value());
    }
    return true;
}

}  // namespace roce::agent
