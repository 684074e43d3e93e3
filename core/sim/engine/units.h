#pragma once

#include <cstdint>

namespace roce::sim {

// The model works in integers only (REFERENCE-DCQCN §6.6): time in nanoseconds, sizes in
// bytes, rates in bits per second. That keeps runs bit-identical across compilers.
using TimeNs = std::int64_t;
using Bytes = std::int64_t;
using RateBps = std::int64_t;

constexpr TimeNs kNsPerUs = 1000;
constexpr TimeNs kNsPerMs = 1000 * kNsPerUs;
constexpr TimeNs kNsPerSec = 1000 * kNsPerMs;
constexpr RateBps kGbps = 1000LL * 1000 * 1000;
constexpr RateBps kMbps = 1000LL * 1000;

// On-the-wire cost of one RoCEv2 packet beyond its payload: Ethernet header 14 + FCS 4 +
// IPv4 20 + UDP 8 + BTH 12 + ICRC 4 = 62 bytes of frame, plus 8 preamble/SFD + 12 IFG.
constexpr Bytes kRoceFrameOverhead = 62;
constexpr Bytes kWireGap = 20;
// TCP/IPv4 segment: Ethernet 18 + IPv4 20 + TCP 32 (with timestamps).
constexpr Bytes kTcpFrameOverhead = 70;
// A CNP frame (BTH opcode 0x81) and a PFC MAC control frame are minimum-size frames.
constexpr Bytes kCnpFrameBytes = 64;
constexpr Bytes kPfcFrameBytes = 64;

/// Traffic classes of the model (= NX-OS qos-groups): default (lossy), RoCE, CNP.
enum TrafficClass : int { ClassDefault = 0, ClassRoce = 3, ClassCnp = 7 };
constexpr int kClassCount = 8;

}  // namespace roce::sim
