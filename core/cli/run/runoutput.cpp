#include "cli/run/runoutput.h"

#include "cli/framework/output.h"
#include "cli/run/runkinds.h"
#include "cli/run/runtext.h"
#include "collect/results/comparison.h"

#include <QJsonDocument>

namespace roce::cli {

namespace {

QString fabricLine(const QJsonObject &fabric)
{
    const QJsonObject t = fabric.value(QStringLiteral("totals")).toObject();
    if (t.isEmpty())
        return RunText::tr("NICs during the run: no RDMA port was sampled on these hosts");
    auto n = [&t](const char *key) {
        return QString::number(qint64(t.value(QLatin1String(key)).toDouble()));
    };
    return RunText::tr("NICs during the run: %1 CE-marked received, %2 CNPs sent, %3 CNPs "
                       "handled, %4 pauses received, %5 sent, %6 out of sequence")
        .arg(n("ecn"), n("cnp_sent"), n("cnp_handled"), n("rx_pause"), n("tx_pause"), n("oos"));
}

QString switchLine(const QJsonObject &seen)
{
    const QJsonObject t = seen.value(QStringLiteral("totals")).toObject();
    auto n = [&t](const char *key) {
        return QString::number(qint64(t.value(QLatin1String(key)).toDouble()));
    };
    return RunText::tr("Switch ports of the hosts (%1): %2 MMU drops, %3 egress drops, %4 "
                       "pauses received (RxPPP), %5 sent (TxPPP), %6 ECN-marked")
        .arg(seen.value(QStringLiteral("ports")).toObject().keys().join(QStringLiteral(", ")),
             n("mmu_drops"), n("egress_drops"), n("rx_ppp"), n("tx_ppp"), n("ecn_marked"));
}

}  // namespace

results::RunRecord runRecord(const experiments::ExperimentRequest &request,
                             const experiments::ExperimentOutcome &outcome)
{
    results::RunRecord record;
    record.id = outcome.runId;
    record.kind = outcome.kind;
    record.label = request.label;
    record.state = outcome.state;
    record.error = outcome.error;
    record.startedMs = outcome.startedMs;
    record.finishedMs = outcome.finishedMs;
    record.parameters = outcome.parameters;
    record.result = outcome.result;
    record.fabric = outcome.fabric;
    return record;
}

void printRun(const results::RunRecord &record, const RunKind &kind, bool json, QTextStream &out)
{
    if (json) {
        writeJson(out, QJsonDocument(results::runToJson(record)));
        return;
    }
    const QString head = results::headline(record);
    out << record.kind << QStringLiteral(": ") << record.state;
    if (!head.isEmpty())
        out << QStringLiteral(", ") << head;
    if (!record.error.isEmpty())
        out << QStringLiteral(" (") << record.error << QLatin1Char(')');
    out << QLatin1Char('\n');
    if (kind.printDetails)
        kind.printDetails(record, out);
    if (!record.fabric.isEmpty())
        out << fabricLine(record.fabric) << QLatin1Char('\n');
    if (record.fabric.contains(QStringLiteral("switch")))
        out << switchLine(record.fabric.value(QStringLiteral("switch")).toObject())
            << QLatin1Char('\n');
    if (record.id)
        out << RunText::tr("recorded as run %1").arg(record.id) << QLatin1Char('\n');
}

}  // namespace roce::cli
