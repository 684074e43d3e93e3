#pragma once

namespace roce {

/// Lowers the calling thread's scheduling priority (nice +5, Linux per thread) for good: for
/// threads that keep books behind the GUI (the rate history's writer, a replay's decoder).
/// On two cores a replay at 60x has the GUI thread, the history writer and a decoder all
/// runnable, and the scheduler shared the cores evenly: the GUI thread, the one a user
/// waits on, got four fifths of one. Lowered, the others take what the GUI thread leaves.
/// An unprivileged thread cannot raise its priority again, so only threads that do such work
/// for their whole life call this (a second call on the same thread does nothing); failure
/// (another OS, a sandbox) changes nothing.
void lowerThisThreadsPriority();

}  // namespace roce
