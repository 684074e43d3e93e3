// Linked into every program of a ThreadSanitizer build (cmake/RoceSanitizers.cmake), never
// into another build.
//
// Why: Qt is not instrumented. A queued call, a signal to another thread's object or a posted
// event hands its data from the posting thread to the receiving one through Qt's event queue,
// which a futex-based mutex inside libQt6Core guards; ThreadSanitizer cannot see that lock, so
// every such hand-over would be reported as a data race between the poster's writes and the
// receiver's reads, in our code and in Qt's. Qt calls one hook for every event it delivers,
// in the delivering thread (QInternal::EventNotifyCallback). There each delivery acquires,
// then releases, one synchronisation object: what a thread did before it last delivered an
// event happens before what any thread does in a later delivery. That is the order Qt's
// queue gives a poster whose thread runs an event loop (ours all do). What it leaves to
// ThreadSanitizer: everything that shares memory outside Qt's queue (mutexes, atomics,
// std::thread, worker threads' own loops).
#include <QtCore/qnamespace.h>

#include <sanitizer/tsan_interface.h>

namespace {

char g_eventQueue;  // the address ThreadSanitizer knows Qt's event queue by

bool eventDelivered(void **)
{
    __tsan_acquire(&g_eventQueue);
    __tsan_release(&g_eventQueue);
    return false;  // not handled: Qt delivers the event as usual
}

[[maybe_unused]] const bool g_registered
    = QInternal::registerCallback(QInternal::EventNotifyCallback, eventDelivered);

}  // namespace
