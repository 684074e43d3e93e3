// The text of `show interface counters` and `show interface counters errors`: tables of
// "Port  <column>  <column> ..." headers between dashed rules, one row per interface, "--"
// where NX-OS has no value (an SVI's multicast counters, mgmt0's error counters).
#include "nxapi/parse/showparsers.h"

#include <QCoreApplication>
#include <QRegularExpression>

namespace roce::nxapi {

namespace {

class CounterTableText
{
    Q_DECLARE_TR_FUNCTIONS(CounterTableText)
};

struct Column {
    const char *header;
    PortCounter counter;
};
constexpr Column kColumns[] = {
    {"InOctets", PortCounter::InBytes},
    {"OutOctets", PortCounter::OutBytes},
    {"InPkts", PortCounter::InPkts},
    {"OutPkts", PortCounter::OutPkts},
    {"InUcastPkts", PortCounter::InUcast},
    {"OutUcastPkts", PortCounter::OutUcast},
    {"InMcastPkts", PortCounter::InMcast},
    {"OutMcastPkts", PortCounter::OutMcast},
    {"InBcastPkts", PortCounter::InBcast},
    {"OutBcastPkts", PortCounter::OutBcast},
    {"Align-Err", PortCounter::AlignErrors},
    {"FCS-Err", PortCounter::FcsErrors},
    {"Xmit-Err", PortCounter::XmitErrors},
    {"Rcv-Err", PortCounter::RcvErrors},
    {"UnderSize", PortCounter::Undersize},
    {"OutDiscards", PortCounter::OutDiscards},
    {"Runts", PortCounter::Runts},
    {"Giants", PortCounter::Giants},
    {"Symbol-Err", PortCounter::SymbolErrors},
    {"InDiscards", PortCounter::InDiscards},
};

std::optional<PortCounter> columnCounter(QStringView header)
{
    for (const Column &c : kColumns) {
        if (header == QLatin1String(c.header))
            return c.counter;
    }
    return std::nullopt;  // a column the console does not follow (Single-Col, Deferred-Tx)
}

}  // namespace

Result<void> parseShowInterfaceCountersText(const QString &text, SwitchSnapshot &into)
{
    static const QRegularExpression ws(QStringLiteral(R"(\s+)"));
    static const QRegularExpression rule(QStringLiteral(R"(^\s*-{5,}\s*$)"));
    static const QRegularExpression prompt(QStringLiteral(R"(^[\w.\-]+#)"));
    const qsizetype issuesBefore = into.issues.size();
    QStringList columns;  // of the table being read; empty between tables
    int tables = 0;
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        QString line = lines[i];
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        const QString t = line.trimmed();
        if (rule.match(line).hasMatch())
            continue;
        if (t.isEmpty()) {
            columns.clear();
            continue;
        }
        const QStringList f = t.split(ws, Qt::SkipEmptyParts);
        if (f.first() == QLatin1String("Port") && f.size() > 1) {
            columns = f.mid(1);
            ++tables;
            continue;
        }
        if (columns.isEmpty()) {
            // The prompt and the command echoed before or after the output are the terminal's.
            if (!prompt.match(t).hasMatch() && !t.startsWith(QLatin1String("show ")))
                into.issues.append(
                    CommandIssue {QString(), 0,
                                  CounterTableText::tr("line %1 (\"%2\") is in no counters table")
                                      .arg(i + 1)
                                      .arg(t),
                                  QStringLiteral("line %1").arg(i + 1)});
            continue;
        }
        if (f.size() != columns.size() + 1) {
            into.issues.append(CommandIssue {
                QString(), 0,
                CounterTableText::tr("line %1 (\"%2\") has %3 values where the table has %4 "
                                     "columns (%5): its counters are not read")
                    .arg(i + 1)
                    .arg(t)
                    .arg(f.size() - 1)
                    .arg(columns.size())
                    .arg(columns.join(QLatin1Char(' '))),
                f.first()});
            continue;
        }
        PortStatus &port = into.port(f.first());
        for (qsizetype c = 0; c < columns.size(); ++c) {
            const auto counter = columnCounter(columns[c]);
            if (!counter || f[c + 1] == QLatin1String("--"))
                continue;
            bool ok = false;
            const quint64 v = f[c + 1].toULongLong(&ok);
            if (ok) {
                port.counters.set(*counter, v);
            } else {
                into.issues.append(
                    CommandIssue {QString(), 0,
                                  CounterTableText::tr("line %1: %2 of %3 is \"%4\", not a count")
                                      .arg(i + 1)
                                      .arg(columns[c], port.name, f[c + 1]),
                                  port.name});
            }
        }
    }
    if (tables == 0) {
        into.issues.resize(issuesBefore);  // a failed parse changes nothing
        return makeError(ErrorCode::Parse,
                         CounterTableText::tr("no \"Port  <counter> ...\" table header in the "
                                              "text"));
    }
    return {};
}

}  // namespace roce::nxapi
