#include "collect/pingmesh/verdict.h"

#include <algorithm>

namespace roce::pingmesh {

QString Verdict::subject() const
{
    if (!port.isEmpty())
        return port;
    if (!nic.isEmpty())
        return nic;
    return host;
}

QJsonObject verdictToJson(const Verdict &verdict)
{
    QJsonObject o {{QStringLiteral("kind"), verdict.kind},
                   {QStringLiteral("summary"), verdict.summary},
                   {QStringLiteral("check"), verdict.check},
                   {QStringLiteral("evidence"), verdict.evidence},
                   {QStringLiteral("since_ms"), double(verdict.firstMs)}};
    if (!verdict.host.isEmpty())
        o.insert(QStringLiteral("host"), verdict.host);
    if (!verdict.nic.isEmpty())
        o.insert(QStringLiteral("nic"), verdict.nic);
    if (!verdict.port.isEmpty())
        o.insert(QStringLiteral("port"), verdict.port);
    return o;
}

QList<Verdict> VerdictDebouncer::update(const QList<Verdict> &candidates, qint64 ms)
{
    for (State &s : m_states)
        s.absent += 1;
    for (const Verdict &c : candidates) {
        const QString key = c.key();
        auto it = std::find_if(m_states.begin(), m_states.end(),
                               [&](const State &s) { return s.verdict.key() == key; });
        if (it == m_states.end()) {
            State s;
            s.verdict = c;
            s.verdict.firstMs = ms;
            m_states.append(s);
            it = m_states.end() - 1;
        } else {
            const qint64 first = it->verdict.firstMs;
            const qint64 raisedAt = it->verdict.raisedMs;
            it->verdict = c;
            it->verdict.firstMs = first;
            it->verdict.raisedMs = raisedAt;
        }
        if (it->absent > 1 && !it->raised)
            it->held = 0;  // missed an evaluation before it was raised: start over
        it->absent = 0;
        it->held += 1;
        it->verdict.lastMs = ms;
        if (it->held >= m_raiseAfter && !it->raised) {
            it->raised = true;
            it->verdict.raisedMs = ms;
        }
    }
    m_states.removeIf([&](const State &s) { return s.absent >= m_clearAfter; });
    QList<Verdict> raised;
    for (const State &s : m_states) {
        if (s.raised)
            raised.append(s.verdict);
    }
    return raised;
}

}  // namespace roce::pingmesh
