#include "sim/twin/twinchange.h"

#include <QCoreApplication>

namespace roce::sim::twin {

namespace {

class TwinChangeText
{
    Q_DECLARE_TR_FUNCTIONS(TwinChangeText)
};

}  // namespace

QStringList TwinChange::commandsFor(const QString &name) const
{
    QStringList out;
    for (const Line &l : switchLines) {
        if (l.switchName.isEmpty() || l.switchName.compare(name, Qt::CaseInsensitive) == 0)
            out.append(l.command);
    }
    return out;
}

Result<TwinChange> parseChange(const QString &text)
{
    TwinChange change;
    QString scope;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('!'))
            || line.startsWith(QLatin1Char('#')))
            continue;
        const QStringList words = line.simplified().split(QLatin1Char(' '));
        if (words.first() == QLatin1String("switch")) {
            if (words.size() != 2)
                return makeError(ErrorCode::InvalidArgument,
                                 TwinChangeText::tr("line %1: 'switch NAME' names one switch (or "
                                                    "'switch all')")
                                     .arg(i + 1));
            scope = words[1] == QLatin1String("all") ? QString() : words[1];
            continue;
        }
        if (!line.startsWith(QLatin1String("ecn/"))) {
            change.switchLines.append({scope, line});
            continue;
        }
        const QString path = words.value(0);
        const QString dir = path.section(QLatin1Char('/'), 1, 1);
        const QString file = path.section(QLatin1Char('/'), 2);
        if (words.size() != 2 || file.isEmpty()
            || (dir != QLatin1String("roce_np") && dir != QLatin1String("roce_rp")))
            return makeError(ErrorCode::InvalidArgument,
                             TwinChangeText::tr("line %1: a NIC setting is written "
                                                "'ecn/roce_np/FILE VALUE' or 'ecn/roce_rp/FILE "
                                                "VALUE' (got '%2')")
                                 .arg(i + 1)
                                 .arg(line));
        (dir == QLatin1String("roce_np") ? change.roceNp : change.roceRp)
            .insert(file, words.value(1));
    }
    if (change.isEmpty())
        return makeError(ErrorCode::InvalidArgument,
                         TwinChangeText::tr("the change holds no configuration line"));
    return change;
}

}  // namespace roce::sim::twin
