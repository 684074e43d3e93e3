#pragma once

#include "sim/engine/fabric.h"

#include <memory>

namespace roce::sim {

/// Flow-level (fluid) model of a lossless RoCEv2 fabric, after the DCQCN fluid model
/// (REFERENCE-DCQCN §1.3) with the NVIDIA reaction point of the packet model: per egress
/// queue the bytes of each flow crossing it, served in FIFO order at line rate with DWRR
/// between classes; WRED/ECN marking probability on the queue at dequeue; per-flow rate,
/// target rate and alpha driven by CNPs that the receivers' NPs pace; PFC from per-ingress
/// accounting (shared, then headroom) with XOFF/XON and pause propagation; drops when
/// lossless is off; go-back-N. Flows alone on an idle path at line rate move by arithmetic
/// (fluidexpress.cpp), the others step; a step runs in phases (senders, switch ingress,
/// switch egress, receivers) that split across ModelParams::threads without changing a
/// counter. It reproduces the packet model's reference scenarios within the tolerances of
/// tst_fluidfabric, and runs the 1,024-host rail demo in real time.
class FluidFabric final : public Fabric
{
public:
    FluidFabric(FabricSpec spec, ModelParams params);
    ~FluidFabric() override;

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

    /// Flows the next step steps; the other live ones move by arithmetic (the express path).
    /// Decides them first when a change is pending, as the next step would.
    int steppedFlowCount() const;

private:
    struct Impl;
    std::unique_ptr<Impl> d;
};

}  // namespace roce::sim
