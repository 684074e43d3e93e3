// The inventory file (fromFileBytes, core/live/inventory/inventory.cpp). An inventory that loads
// is valid (validate() finds nothing), and saving it and loading the saved bytes gives the
// same inventory.
#include "fuzzcommon.h"
#include "live/inventory/inventory.h"

using namespace roce::inventory;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    const QString origin = QStringLiteral("fuzz.json");
    const auto imported = fromFileBytes(roce::fuzz::rawBytes(data, size), origin);
    if (!imported) {
        ROCE_FUZZ_CHECK(!imported.error().message.isEmpty());
        return 0;
    }
    const Inventory &inventory = imported->inventory;
    if (const QStringList problems = validate(inventory); !problems.isEmpty())
        roce::fuzz::fail("a loaded inventory does not validate",
                         problems.join(QLatin1Char('\n')).toUtf8());
    const QByteArray saved = toFileBytes(inventory);
    const auto reloaded = fromFileBytes(saved, origin);
    if (!reloaded)
        roce::fuzz::fail("a saved inventory does not load", saved,
                         reloaded.error().message.toUtf8());
    if (!(reloaded->inventory == inventory))
        roce::fuzz::fail("save and load changed the inventory", saved,
                         toFileBytes(reloaded->inventory));
    ROCE_FUZZ_CHECK(reloaded->secrets.isEmpty());
    for (const ServerEntry &s : inventory.servers)
        resolveSwitchPort(inventory, s.switchPort);
    return 0;
}
