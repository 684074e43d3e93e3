#pragma once

#include <atomic>
#include <functional>
#include <thread>
#include <vector>

namespace roce::sim {

/// A fixed team of threads that runs one phase of a model step at a time: every member
/// calls the same function with its own index, and run() returns when all are done. The
/// members spin between phases (a step is a few microseconds of work, far less than a
/// futex wake-up), then yield, then sleep briefly, so an idle team costs nothing. The
/// caller's thread is member 0.
class StepThreads
{
public:
    explicit StepThreads(int count);
    ~StepThreads();
    StepThreads(const StepThreads &) = delete;
    StepThreads &operator=(const StepThreads &) = delete;

    int count() const { return m_count; }
    /// Runs @p phase(member) on every member and waits for all of them.
    void run(const std::function<void(int member)> &phase);

private:
    void work(int member);

    int m_count = 1;
    std::vector<std::thread> m_threads;
    const std::function<void(int)> *m_phase = nullptr;
    std::atomic<unsigned> m_generation {0};
    std::atomic<int> m_done {0};
    std::atomic<bool> m_stop {false};
};

}  // namespace roce::sim
