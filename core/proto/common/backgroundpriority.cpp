#include "proto/common/backgroundpriority.h"

#include <algorithm>
#include <cerrno>
#include <sys/resource.h>
#include <unistd.h>

namespace roce {

void lowerThisThreadsPriority()
{
#ifdef __linux__
    // Once per thread: a pool thread runs this at the start of every task it is given.
    thread_local bool lowered = false;
    if (lowered)
        return;
    lowered = true;
    // On Linux a nice value belongs to a thread, named by its id.
    const auto self = id_t(::gettid());
    errno = 0;
    const int now = ::getpriority(PRIO_PROCESS, self);
    if (now == -1 && errno != 0)
        return;
    ::setpriority(PRIO_PROCESS, self, std::min(now + 5, 19));
#endif
}

}  // namespace roce
