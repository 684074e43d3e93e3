// The text of `show lldp neighbors detail` (parseShowLldpNeighborsDetailText,
// core/nxapi/parse/showparsers.h). A failed parse must leave the snapshot as it was; every
// neighbour it keeps sits on a port of the snapshot.
#include "nxapi/parse/showparsers.h"
#include "nxapibody.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    using namespace roce::nxapi;
    SwitchSnapshot snapshot;
    const auto result
        = parseShowLldpNeighborsDetailText(roce::fuzz::utf8Text(data, size), snapshot);
    if (!result) {
        if (!roce::fuzz::isEmpty(snapshot))
            roce::fuzz::fail("a failed parse changed the snapshot",
                             roce::fuzz::compact(snapshotToJson(snapshot)));
        return 0;
    }
    for (const LldpNeighbor &n : std::as_const(snapshot.lldpNeighbors))
        ROCE_FUZZ_CHECK(snapshot.findPort(n.localPort) != nullptr);
    snapshotToJson(snapshot);
    return 0;
}
