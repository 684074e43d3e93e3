// Link state and link errors: a cable that went down, a cable that corrupts frames.
#include "live/diagnosis/detectors.h"

namespace roce::diagnosis {

Evidence DetectorContext::measured(qsizetype i, model::Metric m, const QString &note) const
{
    return {id(i), QLatin1String(model::metricInfo(m).key), rate(i, m), QString(), note};
}

void SeenUp::sync(const FabricIndex &index)
{
    if (signature == index.signature() && byIndex.size() == std::size_t(index.size()))
        return;
    signature = index.signature();
    byIndex.assign(std::size_t(index.size()), 0);
    for (qsizetype i = 0; i < index.size(); ++i)
        byIndex[std::size_t(i)] = names.contains(index.port(i).name()) ? 1 : 0;
}

void detectLinks(const DetectorContext &ctx, QList<Candidate> &out)
{
    const FabricIndex &ix = ctx.index;
    QSet<QString> reported;  // a cable is one finding, whichever end reports it
    for (qsizetype i = 0; i < ix.size(); ++i) {
        const model::PortSample &p = ix.port(i);
        if (isUp(p)) {
            ctx.seenUp.mark(i, p.name());
            continue;
        }
        // Down and it was up, or its cable is known, or it is a server's RDMA port (a server
        // runs them up): a fault, not an unused switch port.
        if (!isDown(p) || (!p.nic() && !ctx.seenUp.contains(i) && ix.farEndIds(i).isEmpty()))
            continue;
        // A NIC's cable is its switch port's: name the switch port when it is known.
        qsizetype port = p.nic() ? ix.switchPortOfNic(i) : i;
        if (port < 0)
            port = i;
        const QString &where = ctx.id(port);
        if (reported.contains(where))
            continue;
        const QStringList far = port == i && p.nic() ? QStringList() : ix.farEndIds(port);
        bool farSeen = false;
        for (const QString &f : far)
            farSeen = farSeen || reported.contains(f);
        if (farSeen)
            continue;
        reported.insert(where);
        Candidate c;
        Finding &f = c.finding;
        f.kind = QStringLiteral("link_down");
        f.location = where;
        f.severity = Severity::Critical;
        f.summary = far.isEmpty()
            ? DiagnosisText::tr("The link of %1 is down.").arg(where)
            : DiagnosisText::tr("The link between %1 and %2 is down: what it carried stops or "
                                "takes another path.")
                  .arg(where, far.join(QLatin1String(", ")));
        f.evidence.append(
            {where, QStringLiteral("state"), 0, ix.port(port).state, DiagnosisText::tr("was up")});
        for (const QString &farId : far) {
            const qsizetype j = ix.indexOf(farId);
            if (j >= 0)
                f.evidence.append({farId, QStringLiteral("state"), 0, ix.port(j).state, {}});
        }
        f.whatToCheck = DiagnosisText::tr("'show interface %1' (the reason it went down), the "
                                          "cable and optics, and the device at the far end.")
                            .arg(ix.port(port).id.port());
        c.involved = QStringList {where} + far;
        out.append(c);
    }

    // CRC errors: a damaged cable corrupts frames into whichever end receives them.
    QSet<qsizetype> bad;
    for (qsizetype i = 0; i < ix.size(); ++i) {
        if (ctx.rate(i, model::Metric::InErrors) < ctx.t.errorsPerSec)
            continue;
        const qsizetype port = ctx.nic(i) ? ix.switchPortOfNic(i) : i;
        bad.insert(port >= 0 ? port : i);
    }
    for (qsizetype port : std::as_const(bad)) {
        const QString &where = ctx.id(port);
        const QStringList far = ix.farEndIds(port);
        // An inter-switch cable once, by the end with the smaller name.
        if (!ctx.nic(port) && far.size() == 1 && ix.indexOf(far.first()) >= 0
            && bad.contains(ix.indexOf(far.first())) && far.first() < where)
            continue;
        Candidate c;
        Finding &f = c.finding;
        f.kind = QStringLiteral("bad_link");
        f.location = where;
        f.severity = Severity::Critical;
        f.evidence.append(ctx.measured(port, model::Metric::InErrors,
                                       DiagnosisText::tr("frames received with a bad FCS")));
        for (qsizetype j : ix.farEnd(port)) {
            f.evidence.append(ctx.measured(j, model::Metric::InErrors));
            if (ctx.nic(j))
                f.evidence.append(ctx.measured(j, model::Metric::OutOfSeq,
                                               DiagnosisText::tr("lost packets retransmitted")));
        }
        f.summary = DiagnosisText::tr("The cable of %1 corrupts frames (CRC errors): the "
                                      "frames are lost and RoCE retransmits.")
                        .arg(where);
        f.whatToCheck = DiagnosisText::tr("'show interface %1' (CRC, input errors), the optics' "
                                          "levels ('show interface transceiver details'), reseat "
                                          "or replace the cable.")
                            .arg(ix.port(port).id.port());
        c.involved = QStringList {where} + far;
        c.sparse = true;
        out.append(c);
    }
}

}  // namespace roce::diagnosis
