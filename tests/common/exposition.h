#pragma once

// A small reader of the Prometheus text exposition format, for tests that check real values
// of a scrape (every sample with its name, labels unescaped and value), and Debian's promtool
// to lint it.
#include <QByteArray>
#include <QList>
#include <QMap>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

#include <optional>

namespace roce::test {

struct Sample {
    QString name;
    QMap<QString, QString> labels;
    double value = 0;
};

inline QList<Sample> parseExposition(const QByteArray &text)
{
    QList<Sample> samples;
    for (const QByteArray &raw : text.split('\n')) {
        const QString line = QString::fromUtf8(raw);
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        Sample s;
        qsizetype i = 0;
        while (i < line.size() && line[i] != QLatin1Char('{') && line[i] != QLatin1Char(' '))
            ++i;
        s.name = line.left(i);
        if (i < line.size() && line[i] == QLatin1Char('{')) {
            ++i;
            while (i < line.size() && line[i] != QLatin1Char('}')) {
                const qsizetype eq = line.indexOf(QLatin1Char('='), i);
                if (eq < 0 || eq + 1 >= line.size() || line[eq + 1] != QLatin1Char('"'))
                    return samples;  // not the exposition format: what was read so far
                const QString name = line.mid(i, eq - i);
                QString value;
                i = eq + 2;  // past ="
                while (i < line.size() && line[i] != QLatin1Char('"')) {
                    if (line[i] == QLatin1Char('\\') && i + 1 < line.size()) {
                        ++i;
                        value += line[i] == QLatin1Char('n') ? QLatin1Char('\n') : line[i];
                    } else {
                        value += line[i];
                    }
                    ++i;
                }
                s.labels.insert(name, value);
                ++i;  // past the closing quote
                if (i < line.size() && line[i] == QLatin1Char(','))
                    ++i;
            }
            ++i;  // past }
        }
        s.value = line.mid(i).trimmed().toDouble();
        samples.append(s);
    }
    return samples;
}

/// The samples named @p name whose labels include every one of @p labels.
inline QList<Sample> select(const QList<Sample> &samples, const QString &name,
                            const QMap<QString, QString> &labels = {})
{
    QList<Sample> out;
    for (const Sample &s : samples) {
        if (s.name != name)
            continue;
        bool match = true;
        for (auto it = labels.cbegin(); match && it != labels.cend(); ++it)
            match = s.labels.value(it.key()) == it.value();
        if (match)
            out.append(s);
    }
    return out;
}

/// The value of the one sample @p name with @p labels; empty when there is none.
inline std::optional<double> valueOf(const QList<Sample> &samples, const QString &name,
                                     const QMap<QString, QString> &labels = {})
{
    const QList<Sample> found = select(samples, name, labels);
    if (found.size() != 1)
        return std::nullopt;
    return found.first().value;
}

/// `roce-agent --once --prometheus` (@p agent) on fixture tree @p tree of @p fixtures, with
/// the fixtures' saved `ethtool -S` files: its exposition, or empty when it failed (@p error
/// says how).
inline QString agentOnceExposition(const QString &agent, const QString &fixtures,
                                   const QString &tree, QString *error)
{
    QProcess p;
    p.start(agent,
            {QStringLiteral("--sysfs-root"), fixtures + QLatin1Char('/') + tree,
             QStringLiteral("--ethtool-fixture"), fixtures + QStringLiteral("/ethtool"),
             QStringLiteral("--once"), QStringLiteral("--prometheus")});
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        *error = QStringLiteral("roce-agent --once --prometheus on %1 failed: %2")
                     .arg(tree, QString::fromUtf8(p.readAllStandardError()));
        return {};
    }
    return QString::fromUtf8(p.readAllStandardOutput());
}

/// What `promtool check metrics` says of @p text: empty when it passes, else its complaint.
/// promtool is a declared dependency (scripts/setup-debian.sh): its absence is a failure too.
inline QString promtoolProblems(const QByteArray &text)
{
    const QString promtool = QStandardPaths::findExecutable(QStringLiteral("promtool"));
    if (promtool.isEmpty())
        return QStringLiteral("promtool is not installed (scripts/setup-debian.sh installs the "
                              "prometheus package)");
    QProcess p;
    p.start(promtool, {QStringLiteral("check"), QStringLiteral("metrics")});
    if (!p.waitForStarted(10000))
        return QStringLiteral("promtool did not start: ") + p.errorString();
    p.write(text);
    p.closeWriteChannel();
    if (!p.waitForFinished(60000))
        return QStringLiteral("promtool did not finish");
    if (p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0)
        return QString::fromUtf8(p.readAllStandardOutput() + p.readAllStandardError());
    return {};
}

}  // namespace roce::test
