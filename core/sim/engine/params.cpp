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
        // The paper's NP: "if a marked packet arrives ... and no CNP has been sent for this
        // flow in last 50 us, a CNP is generated immediately"; marks inside the window send
        // nothing. Deferring one CNP to the window's end (htsim's reading, deferCnp) acts as
        // up to 50 us more loop delay: it halved the 10-flow queue against the paper's fluid
        // model and fixed point, which these parameters are meant to reproduce.
        p.minTimeBetweenCnps = 50 * kNsPerUs;
        return p;
    }
    if (name == QLatin1String("paper2015-deferred")) {
        // The same with htsim's NP (REFERENCE-DCQCN §1.1, the prototype of §7): to compare a
        // study made on that simulator.
        DcqcnParams p = *dcqcnPreset(QStringLiteral("paper2015"));
        p.deferCnp = true;
        return p;
    }
    return std::nullopt;
}

QStringList dcqcnPresetNames()
{
    return {QStringLiteral("nvidia"), QStringLiteral("paper2015"),
            QStringLiteral("paper2015-deferred")};
}

ModelParams referenceModelParams()
{
    ModelParams p;
    p.roceMtu = 1024;
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    p.timing.dt = 10 * kNsPerUs;
    return p;
}

ModelParams leafSpineModelParams(int threads)
{
    ModelParams p;
    p.engine = FabricEngine::Fluid;
    p.threads = threads;
    p.timing.dt = 10 * kNsPerUs;
    p.sw.pfcMode = PfcThresholdMode::Dynamic;
    return p;
}

SwitchQueuing switchQueuingOf(const SwitchParams &sw)
{
    return {sw.wred, sw.pfcMode, sw.xoff100g, sw.xon100g, sw.headroom100g};
}

PfcThresholds staticThresholds(const SwitchQueuing &queuing, RateBps speed)
{
    if (queuing.thresholdsConfigured)
        return {queuing.xoff100g, queuing.xon100g, queuing.headroom100g};
    // NX-OS scales the no-drop thresholds with the port speed; keep the 100G values for
    // faster ports (the headroom is what protects them, and it is configured per port).
    const RateBps ref = 100 * kGbps;
    const RateBps s = speed < ref ? speed : ref;
    PfcThresholds t;
    t.xoff = queuing.xoff100g * s / ref;
    t.xon = queuing.xon100g * s / ref;
    t.headroom = queuing.headroom100g * s / ref;
    return t;
}

TimeNs pauseDuration(int quanta, RateBps speed)
{
    return TimeNs(quanta) * 512 * kNsPerSec / speed;
}

}  // namespace roce::sim
