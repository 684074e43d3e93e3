#include "proto/parsers/ethtoolparser.h"

#include <QCoreApplication>
#include <QSet>

namespace roce::parsers {

namespace {

class EthtoolText
{
    Q_DECLARE_TR_FUNCTIONS(EthtoolText)
};

/// One line: its statistic, or why it holds none (empty for a blank line or the title).
struct LineRead {
    QString name;
    quint64 value = 0;
    bool ok = false;
    QString why;
};

LineRead readLine(const QString &line)
{
    LineRead r;
    const QString t = line.trimmed();
    if (t.isEmpty() || t == QLatin1String("NIC statistics:"))
        return r;
    const qsizetype sep = line.lastIndexOf(QLatin1String(": "));
    if (sep <= 0) {
        r.why = EthtoolText::tr("not \"name: value\"");
        return r;
    }
    r.name = line.left(sep).trimmed();
    const QString value = line.mid(sep + 2).trimmed();
    r.value = value.toULongLong(&r.ok);
    if (r.name.isEmpty()) {
        r.ok = false;
        r.why = EthtoolText::tr("no statistic name before the value");
    } else if (!r.ok) {
        r.why = EthtoolText::tr("the value \"%1\" is not an unsigned 64-bit number").arg(value);
    }
    return r;
}

}  // namespace

QList<QPair<QString, quint64>> parseEthtoolStats(const QString &text)
{
    QList<QPair<QString, quint64>> stats;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const LineRead r = readLine(line);
        if (r.ok)
            stats.append({r.name, r.value});
    }
    return stats;
}

EthtoolStats parseEthtoolStatsReport(const QString &text)
{
    EthtoolStats out;
    QSet<QString> seen;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QString line = lines[i];
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        const LineRead r = readLine(line);
        if (r.ok && seen.contains(r.name)) {
            out.refused.append(
                {int(i) + 1, line.trimmed(),
                 EthtoolText::tr("%1 was printed before; the first value is kept").arg(r.name)});
        } else if (r.ok) {
            seen.insert(r.name);
            out.counters.append({r.name, r.value});
        } else if (!r.why.isEmpty()) {
            out.refused.append({int(i) + 1, line.trimmed(), r.why});
        }
    }
    return out;
}

}  // namespace roce::parsers
