#include "live/maplayout/leafspinefabric.h"

#include <algorithm>

namespace roce::models {

int LeafSpineFabric::nicsOnLeaf(int leaf) const
{
    return static_cast<int>(
        std::count_if(nics.begin(), nics.end(), [leaf](const Nic &n) { return n.leaf == leaf; }));
}

}  // namespace roce::models
