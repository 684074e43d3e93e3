#pragma once

#include "collectors/countermap.h"

#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
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
    /// The last component of where the symbolic link @p relative points ("device/driver" ->
    /// "mlx5_core"), or empty when it is not a link.
    QString linkName(const QString &relative) const;

private:
    QString m_root;
};

/// Parses a counter file's content: a decimal u64. "N/A (no PMA)" and anything else that
/// is not a number is absent.
std::optional<quint64> parseCounter(const QByteArray &text);

/// Parses a counter file's bytes as read: decimal digits up to a newline or a space (this
/// runs for every counter of every sample: no allocation). Anything else is absent.
std::optional<quint64> parseCounterBytes(const char *data, std::size_t size);

/// One small attribute file (state, rate, mtu, ...) kept open and re-read with pread(). The
/// text is converted only when the bytes change; generation() counts the changes, so callers
/// can keep what they parsed from it.
class AttributeFile
{
public:
    explicit AttributeFile(const QString &path);
    ~AttributeFile();
    AttributeFile(const AttributeFile &) = delete;
    AttributeFile &operator=(const AttributeFile &) = delete;
    /// Trimmed content, or nothing when the file is missing or unreadable.
    std::optional<QString> read();
    /// Changes whenever read() returns something different from the previous read().
    quint64 generation() const { return m_generation; }
    /// The last read failed because the file (or its device) is gone.
    bool vanished() const { return m_vanished; }

private:
    QString m_path;
    int m_fd = -1;
    bool m_valid = false;  ///< m_text is the last content read
    bool m_vanished = false;
    quint64 m_generation = 0;
    std::string m_bytes;
    QString m_text;
};

/// A counter file reported under another name, scaled (port_xmit_data counts 4-byte words).
struct CounterRename {
    QString file;
    QString key;
    quint64 factor = 1;
};

/// Every counter file of one or more directories (`counters/` and `counters_ext/`,
/// `hw_counters/`), kept open between samples and re-read with pread(): one syscall per
/// counter per sample, no allocation. The names are sorted once, when the directories are
/// listed; the values go out through CounterMapBuffers. The directories are listed again
/// when a file disappears (ENOENT/ENODEV) or every @p rescanEvery reads, so counters that
/// appear later (optional counters enabled, a driver reload) are picked up.
class CounterFiles
{
public:
    /// When two files give the same key, a later directory wins over an earlier one, and a
    /// later file name (in sorted order) over an earlier one, as if each were inserted into a
    /// map in that order.
    CounterFiles(QStringList dirs, QStringList skip = {}, QList<CounterRename> renames = {},
                 int rescanEvery = 600);
    ~CounterFiles();
    CounterFiles(const CounterFiles &) = delete;
    CounterFiles &operator=(const CounterFiles &) = delete;

    /// Reads every counter: the map of the present ones (empty when no directory exists).
    QMap<QString, quint64> read();
    /// Whether any of the directories existed at the last listing.
    bool exists() const { return m_exists; }
    /// The last read() found a file gone: its device or port may have been removed.
    bool vanished() const { return m_vanished; }
    int fileCount() const { return int(m_files.size()); }

private:
    void scan();
    void closeAll();
    struct File {
        int fd = -1;
        int slot = 0;  ///< index in the sorted keys
        quint64 factor = 1;
    };
    QStringList m_dirs;
    QStringList m_skip;
    QList<CounterRename> m_renames;
    int m_rescanEvery;
    int m_reads = 0;
    bool m_scanned = false;
    bool m_exists = false;
    bool m_vanished = false;
    std::vector<QStringList> m_listed;  ///< each directory's files at the last listing
    std::vector<File> m_files;          ///< in key order, then by priority
    std::vector<quint64> m_values;
    std::vector<char> m_present;
    CounterMapBuffers m_maps;
};

/// The counter files of one directory, merged into a caller's map.
class CounterDirectory
{
public:
    CounterDirectory(QString path, QStringList skip = {}, int rescanEvery = 600);

    /// Reads every counter into @p out (absent ones are left out). False when the
    /// directory does not exist.
    bool read(QMap<QString, quint64> &out);
    int fileCount() const { return m_files.fileCount(); }

private:
    CounterFiles m_files;
};

}  // namespace roce::agent
