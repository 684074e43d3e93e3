#include "proto/parsers/ethtoolparser.h"

namespace roce::parsers {

QList<QPair<QString, quint64>> parseEthtoolStats(const QString &text)
{
    QList<QPair<QString, quint64>> stats;
    for (const QString &line : text.split(QLatin1Char('\n'))) {
        const qsizetype sep = line.lastIndexOf(QLatin1String(": "));
        if (sep <= 0)
            continue;
        bool ok = false;
        const quint64 value = line.mid(sep + 2).trimmed().toULongLong(&ok);
        const QString name = line.left(sep).trimmed();
        if (ok && !name.isEmpty())
            stats.append({name, value});
    }
    return stats;
}

}  // namespace roce::parsers
