#include "sim/engine/params.h"

namespace roce::sim {

std::optional<DcqcnParams> dcqcnPreset(const QString &name)
{
    if (name == QLatin1String("nvidia"))
        return DcqcnParams {};
    if (name == QLatin1String("paper2015")) {
        // SIGCOMM'15 / CoNEXT'16 parameters (REFERENCE-DCQCN §1.2 and §6.2).
        DcqcnParams p;
        p.flavor = DcqcnFlavor::Paper2015;
        p.alphaPeriod = 55 * kNsPerUs;
        p.paperGShift = 8;
        p.timeReset = 55 * kNsPerUs;
        p.byteReset = 10 * 1000 * 1000;
        p.threshold = 5;
        p.aiRate = 40 * kMbps;
        p.haiRate = 400 * kMbps;
        p.minRate = 100 * kMbps;
        p.clampTgtRate = true;
        p.minTimeBetweenCnps = 50 * kNsPerUs;
        p.deferCnp = true;
        return p;
    }
    return std::nullopt;
}

QStringList dcqcnPresetNames()
{
    return {QStringLiteral("nvidia"), QStringLiteral("paper2015")};
}

ModelParams referenceModelParams()
{
    ModelParams p;
    p.roceMtu = 1024;
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    p.timing.dt = 10 * kNsPerUs;
    return p;
}

PfcThresholds staticThresholds(const SwitchParams &sw, RateBps speed)
{
    // NX-OS scales the no-drop thresholds with the port speed; keep the 100G values for
    // faster ports (the headroom is what protects them, and it is configured per port).
    const RateBps ref = 100 * kGbps;
    const RateBps s = speed < ref ? speed : ref;
    PfcThresholds t;
    t.xoff = sw.xoff100g * s / ref;
    t.xon = sw.xon100g * s / ref;
    t.headroom = sw.headroom100g * s / ref;
    return t;
}

TimeNs pauseDuration(int quanta, RateBps speed)
{
    return TimeNs(quanta) * 512 * kNsPerSec / speed;
}

}  // namespace roce::sim
