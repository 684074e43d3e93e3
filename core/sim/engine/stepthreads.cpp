#include "sim/engine/stepthreads.h"

#include <algorithm>
#include <chrono>

namespace roce::sim {

namespace {
void cpuRelax()
{
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#endif
}
}  // namespace

StepThreads::StepThreads(int count) : m_count(std::max(1, count))
{
    for (int member = 1; member < m_count; ++member)
        m_threads.emplace_back([this, member] { work(member); });
}

StepThreads::~StepThreads()
{
    m_stop.store(true, std::memory_order_release);
    m_generation.fetch_add(1, std::memory_order_acq_rel);
    for (std::thread &t : m_threads)
        t.join();
}

void StepThreads::run(const std::function<void(int)> &phase)
{
    if (m_count == 1) {
        phase(0);
        return;
    }
    m_phase = &phase;
    m_done.store(0, std::memory_order_relaxed);
    m_generation.fetch_add(1, std::memory_order_acq_rel);
    phase(0);
    int spins = 0;
    while (m_done.load(std::memory_order_acquire) < m_count - 1) {
        if (++spins < 4000)
            cpuRelax();
        else
            std::this_thread::yield();
    }
}

void StepThreads::work(int member)
{
    unsigned seen = m_generation.load(std::memory_order_acquire);
    for (;;) {
        int spins = 0;
        unsigned generation;
        while ((generation = m_generation.load(std::memory_order_acquire)) == seen) {
            if (++spins < 4000)
                cpuRelax();
            else if (spins < 8000)
                std::this_thread::yield();
            else
                std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
        seen = generation;
        if (m_stop.load(std::memory_order_acquire))
            return;
        (*m_phase)(member);
        m_done.fetch_add(1, std::memory_order_acq_rel);
    }
}

}  // namespace roce::sim
