#include "sim/twin/changeform.h"

#include "sim/served/nxosconfig.h"

#include <QStringList>

namespace roce::sim::twin {

namespace {

int kb(Bytes bytes)
{
    return int((bytes + 500) / 1000);
}

QString policyOf(const TwinModel &twin, int which, const QString &fallback)
{
    const QString name = twin.policyNames.isEmpty() ? QString() : twin.policyNames[0].value(which);
    return name.isEmpty() ? fallback : name;
}

}  // namespace

ChangeForm formOf(const TwinModel &twin)
{
    ChangeForm f;
    if (!twin.queuing.isEmpty()) {
        const SwitchQueuing &q = twin.queuing[0];
        f.wred = q.wred.enabled;
        f.ecn = q.wred.ecn;
        f.wredMinKb = kb(q.wred.kmin);
        f.wredMaxKb = kb(q.wred.kmax);
        f.dropProbability = q.wred.pmaxPercent;
        f.staticPause = q.thresholdsConfigured;
        f.pauseKb = kb(q.xoff100g);
        f.resumeKb = kb(q.xon100g);
        f.bufferKb = kb(q.xoff100g + q.headroom100g);
    }
    f.pfc = twin.pfcOff.isEmpty();
    if (!twin.nicEcn.isEmpty()) {
        bool ok = false;
        const int reset = twin.nicEcn[0].roceRp.value(QStringLiteral("rpg_time_reset")).toInt(&ok);
        if (ok)
            f.rpgTimeResetUs = reset;
    }
    return f;
}

QString composeChange(const TwinModel &twin, const ChangeForm &now, const ChangeForm &wanted)
{
    const int group = twin.qos.noDropGroup;
    QStringList lines;
    if (wanted.wred != now.wred || wanted.ecn != now.ecn || wanted.wredMinKb != now.wredMinKb
        || wanted.wredMaxKb != now.wredMaxKb || wanted.dropProbability != now.dropProbability) {
        lines << QStringLiteral("policy-map type queuing %1")
                     .arg(policyOf(twin, 0, NxosConfigurator::defaultQueuingPolicy()))
              << QStringLiteral("  class type queuing c-out-8q-q%1").arg(group);
        if (wanted.wred)
            lines << QStringLiteral("    random-detect minimum-threshold %1 kbytes "
                                    "maximum-threshold %2 kbytes drop-probability %3 weight 0%4")
                         .arg(wanted.wredMinKb)
                         .arg(wanted.wredMaxKb)
                         .arg(wanted.dropProbability)
                         .arg(wanted.ecn ? QStringLiteral(" ecn") : QString());
        else
            lines << QStringLiteral("    no random-detect");
    }
    if (wanted.staticPause != now.staticPause
        || (wanted.staticPause
            && (wanted.pauseKb != now.pauseKb || wanted.resumeKb != now.resumeKb
                || wanted.bufferKb != now.bufferKb))) {
        lines << QStringLiteral("policy-map type network-qos %1")
                     .arg(policyOf(twin, 1, NxosConfigurator::defaultNetworkQosPolicy()))
              << QStringLiteral("  class type network-qos c-8q-nq%1").arg(group);
        if (wanted.staticPause)
            lines << QStringLiteral(
                         "    pause buffer-size %1 pause-threshold %2 resume-threshold %3")
                         .arg(qint64(wanted.bufferKb) * 1000)
                         .arg(qint64(wanted.pauseKb) * 1000)
                         .arg(qint64(wanted.resumeKb) * 1000);
        else
            lines << QStringLiteral("    no pause buffer-size");
    }
    if (wanted.pfc != now.pfc) {
        for (int s = 0; s < twin.spec.switches.size(); ++s) {
            QStringList ports;
            for (const SwitchPortSpec &p : twin.spec.switchPorts) {
                if (p.switchIndex == s && p.peerKind != PeerKind::None)
                    ports.append(p.name);
            }
            if (ports.isEmpty())
                continue;
            lines << QStringLiteral("switch %1").arg(twin.spec.switches[s].name)
                  << QStringLiteral("interface %1").arg(ports.join(QStringLiteral(", ")))
                  << QStringLiteral("  priority-flow-control mode %1")
                         .arg(wanted.pfc ? QStringLiteral("on") : QStringLiteral("off"));
        }
        lines << QStringLiteral("switch all");
    }
    if (wanted.rpgTimeResetUs != now.rpgTimeResetUs)
        lines << QStringLiteral("ecn/roce_rp/rpg_time_reset %1").arg(wanted.rpgTimeResetUs);
    return lines.isEmpty() ? QString() : lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

}  // namespace roce::sim::twin
