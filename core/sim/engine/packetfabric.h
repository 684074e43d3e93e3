#pragma once

#include "sim/engine/fabric.h"

#include <memory>

namespace roce::sim {

/// Deterministic discrete-time packet model of a lossless RoCEv2 fabric (REFERENCE-DCQCN §6):
/// shared-buffer switches with per-ingress PFC accounting, WRED/ECN egress queues with a
/// strict-priority CNP class, NICs with DCQCN reaction and notification points, PFC
/// reaction and go-back-N recovery. Chunks of packets move per step; the same seed and the
/// same calls give bit-identical counters.
class PacketFabric final : public Fabric
{
public:
    PacketFabric(FabricSpec spec, ModelParams params);
    ~PacketFabric() override;

    const FabricSpec &spec() const override;
    const ModelParams &params() const override;
    TimeNs now() const override;
    void runUntil(TimeNs t) override;

    int startFlow(int srcHost, int dstHost, const FlowOptions &options = {}) override;
    void stopFlow(int flow) override;
    void stopAllFlows() override;
    int flowCount() const override;
    FlowStats flowStats(int flow) const override;
    int startProbe(int hostA, int hostB, const ProbeOptions &options) override;
    ProbeResult probeResult(int probe) const override;
    int startTraining(const TrainingOptions &options) override;
    QList<TrainingIteration> trainingIterations(int job) const override;
    bool trainingFinished(int job) const override;
    void stopTraining(int job) override;

    SwitchQosConfig qosConfig() const override;
    void setQosConfig(const SwitchQosConfig &config) override;
    void setPfcEnabled(int switchPort, bool on) override;
    bool pfcEnabled(int switchPort) const override;
    void setWred(const WredParams &wred) override;
    void setDcqcn(const DcqcnParams &dcqcn) override;
    DcqcnParams hostDcqcn(int host) const override;
    void setHostDcqcn(int host, const DcqcnParams &dcqcn) override;
    void setPfcThresholds(Bytes xoff100g, Bytes xon100g) override;
    SwitchQueuing switchQueuing(int switchIndex) const override;
    void setSwitchQueuing(int switchIndex, const SwitchQueuing &queuing) override;
    HostConfig hostConfig(int host) const override;
    void setHostConfig(int host, const HostConfig &config) override;
    void setLinkSpeed(int switchPort, RateBps speed) override;
    void setLinkUp(int switchPort, bool up) override;
    void setNicStalled(int nicPort, bool stalled) override;
    void setPfcWatchdog(bool on) override;
    void setEcmpPolarized(bool polarized) override;
    void setSwitchFaults(int switchIndex, const SwitchFaults &faults) override;
    SwitchFaults switchFaults(int switchIndex) const override;
    void setLinkErrorRate(int switchPort, double rate) override;
    double linkErrorRate(int switchPort) const override;

    SwitchPortCounters switchPortCounters(int switchPort) const override;
    HostCounters hostCounters(int host) const override;
    QueueStats queueStats(int switchPort) const override;
    void resetQueueStats() override;
    PfcThresholds pfcThresholds(int switchPort) const override;
    Bytes bufferUsed(int switchIndex) const override;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

}  // namespace roce::sim
