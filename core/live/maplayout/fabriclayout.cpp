#include "live/maplayout/fabriclayout.h"

namespace roce::models {

int FabricLayout::serverCount() const
{
    int n = 0;
    for (const Attachment &a : attachments)
        n += int(a.servers.size());
    return n;
}

QHash<QString, QString> FabricLayout::placement() const
{
    QHash<QString, QString> placed;
    for (const Attachment &a : attachments)
        for (const Server &server : a.servers)
            placed.insert(server.name, portKey(a));
    return placed;
}

}  // namespace roce::models
