#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace roce::agent {

/// Reads sysfs (or a fixture tree laid out like it) under a configurable root.
class SysfsTree
{
public:
    explicit SysfsTree(QString root = QStringLiteral("/sys"));
    const QString &root() const { return m_root; }
    QString path(const QString &relative) const;
    /// The trimmed content of a file, or nothing when it cannot be read (a missing file and a
    /// read error, such as an unpopulated GID slot, are the same: absent).
    std::optional<QString> read(const QString &relative) const;
    /// Entries of a directory, sorted; empty when it does not exist.
    QStringList list(const QString &relative) const;
    bool exists(const QString &relative) const;

private:
    QString m_root;
};

/// Parses a counter file's content: a decimal u64. "N/A (no PMA)" and anything else that
/// is not a number is absent.
std::optional<quint64> parseCounter(const QByteArray &text);

/// One small attribute file (state, rate, mtu, ...) kept open and re-read with pread().
class AttributeFile
{
public:
    explicit AttributeFile(const QString &path);
    ~AttributeFile();
    AttributeFile(const AttributeFile &) = delete;
    AttributeFile &operator=(const AttributeFile &) = delete;
    /// Trimmed content, or nothing when the file is missing or unreadable.
    std::optional<QString> read();

private:
    QString m_path;
    int m_fd = -1;
};

/// Every counter file of one directory (`counters/`, `hw_counters/`), kept open between
/// samples and re-read with pread(): one syscall per counter per sample. The directory is
/// listed again when a file disappears or every @p rescanEvery reads, so counters that
/// appear later (optional counters enabled, a driver reload) are picked up.
class CounterDirectory
{
public:
    CounterDirectory(QString path, QStringList skip = {}, int rescanEvery = 600);
    ~CounterDirectory();
    CounterDirectory(const CounterDirectory &) = delete;
    CounterDirectory &operator=(const CounterDirectory &) = delete;

    /// Reads every counter into @p out (absent ones are left out). False when the
    /// directory does not exist.
    bool read(QMap<QString, quint64> &out);
    int fileCount() const { return int(m_files.size()); }

private:
    void scan();
    void closeAll();
    struct File {
        QString name;
        int fd = -1;
    };
    QString m_path;
    QStringList m_skip;
    int m_rescanEvery;
    int m_reads = 0;
    bool m_scanned = false;
    bool m_exists = false;
    std::vector<File> m_files;
};

}  // namespace roce::agent
