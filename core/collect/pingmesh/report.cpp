#include "collect/pingmesh/report.h"

#include "proto/common/stats.h"

#include <QMap>

#include <algorithm>
#include <numeric>

namespace roce::pingmesh {

QJsonObject matrixReportToJson(const MatrixReport &report)
{
    const QList<Endpoint> &eps = report.endpoints;
    std::vector<double> p50s, p99s;
    qint64 sent = 0, lost = 0;
    struct Cell {
        qint64 sent = 0, lost = 0;
        std::vector<double> p50s, p99s;
        int pairs = 0;
    };
    QMap<std::pair<QString, QString>, Cell> bySwitch;
    QList<int> order(report.pairs.size());
    std::iota(order.begin(), order.end(), 0);
    for (int i = 0; i < report.pairs.size(); ++i) {
        const PairSummary &s = report.summaries[i];
        const PingPair &p = report.pairs[i];
        sent += s.sent;
        lost += s.lost;
        Cell &cell = bySwitch[{eps[p.src].switchName, eps[p.dst].switchName}];
        cell.sent += s.sent;
        cell.lost += s.lost;
        cell.pairs += 1;
        if (s.sent > s.lost) {
            p50s.push_back(s.p50Us);
            p99s.push_back(s.p99Us);
            cell.p50s.push_back(s.p50Us);
            cell.p99s.push_back(s.p99Us);
        }
    }
    QJsonArray cells;
    for (auto it = bySwitch.begin(); it != bySwitch.end(); ++it) {
        Cell &c = it.value();
        cells.append(QJsonObject {{QStringLiteral("src"), it.key().first},
                                  {QStringLiteral("dst"), it.key().second},
                                  {QStringLiteral("pairs"), c.pairs},
                                  {QStringLiteral("loss_pct"),
                                   c.sent ? round2(100.0 * double(c.lost) / double(c.sent)) : 0.0},
                                  {QStringLiteral("rtt_p50_us"), round2(quantile(c.p50s, 0.5))},
                                  {QStringLiteral("rtt_p99_us"), round2(quantile(c.p99s, 0.99))}});
    }
    // The worst pairs: by loss, then by p99.
    std::sort(order.begin(), order.end(), [&](int a, int b) {
        const PairSummary &x = report.summaries[a];
        const PairSummary &y = report.summaries[b];
        if (x.lossRatio() != y.lossRatio())
            return x.lossRatio() > y.lossRatio();
        return x.p99Us > y.p99Us;
    });
    QJsonArray worst;
    for (int k = 0; k < std::min<qsizetype>(10, order.size()); ++k) {
        const int i = order[k];
        const PairSummary &s = report.summaries[i];
        worst.append(QJsonObject {{QStringLiteral("src"), eps[report.pairs[i].src].id()},
                                  {QStringLiteral("dst"), eps[report.pairs[i].dst].id()},
                                  {QStringLiteral("sent"), s.sent},
                                  {QStringLiteral("lost"), s.lost},
                                  {QStringLiteral("rtt_p50_us"), round2(s.p50Us)},
                                  {QStringLiteral("rtt_p99_us"), round2(s.p99Us)}});
    }
    const double windowS = double(PairMatrix::kDefaultWindowMs) / 1000.0;
    QJsonObject matrix {
        {QStringLiteral("endpoints"), int(eps.size())},
        {QStringLiteral("pairs"), int(report.pairs.size())},
        {QStringLiteral("window_s"), windowS},
        {QStringLiteral("probes_sent_total"), double(report.probesSent)},
        {QStringLiteral("probes_in_window"), double(sent)},
        {QStringLiteral("lost_in_window"), double(lost)},
        {QStringLiteral("loss_pct"), sent ? round2(100.0 * double(lost) / double(sent)) : 0.0},
        {QStringLiteral("rtt_p50_us"), round2(quantile(p50s, 0.5))},
        {QStringLiteral("rtt_p99_us"), round2(quantile(p99s, 0.99))},
        {QStringLiteral("timestamps"), timestampSourceName(report.timestamps)},
        {QStringLiteral("probes_per_second_per_nic"), report.probesPerSecondPerEndpoint},
        {QStringLiteral("by_switch"), cells},
        {QStringLiteral("worst_pairs"), worst}};
    return matrix;
}

QJsonArray verdictsToJson(const QList<Verdict> &verdicts)
{
    QJsonArray out;
    for (const Verdict &v : verdicts) {
        QJsonObject o = verdictToJson(v);
        o.insert(QStringLiteral("raised_after_s"), double(v.raisedMs) / 1000.0);
        out.append(o);
    }
    return out;
}

}  // namespace roce::pingmesh
