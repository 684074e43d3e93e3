#pragma once

#include <cstdint>

namespace roce::sim {

class Fabric;

/// A 64-bit FNV-1a digest of every switch port's and host's counters a run leaves (bytes,
/// packets, pauses, drops, ECN marks, CNPs, queue depth): two runs with the same digest
/// counted the same. Optimizations of an engine must leave it unchanged.
std::uint64_t counterDigest(const Fabric &fabric);

}  // namespace roce::sim
