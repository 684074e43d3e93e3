#include "live/maplayout/fabriclayout.h"

namespace roce::models {

int FabricLayout::serverCount() const
{
    int n = 0;
    for (const Attachment &a : attachments)
        n += int(a.servers.size());
    return n;
}

}  // namespace roce::models
