#include "collectors/countermap.h"

namespace roce::agent {

void CounterMapBuffers::setKeys(std::vector<QString> keys)
{
    m_keys = std::move(keys);
    for (Buffer &b : m_buffers)
        b = Buffer();
}

QMap<QString, quint64> CounterMapBuffers::publish(const std::vector<quint64> &values,
                                                  const std::vector<char> &present)
{
    // A map still referenced by a sample someone holds must not change under it: only a
    // buffer nobody else shares is overwritten. The previous sample usually still exists
    // while this one is built, the one before it usually does not.
    Buffer *reuse = nullptr;
    for (int i = 0; i < 2 && !reuse; ++i) {
        Buffer &b = m_buffers[(m_next + i) % 2];
        if (b.valid && b.present == present && b.map.isDetached())
            reuse = &b;
    }
    if (reuse) {
        auto it = reuse->map.begin();  // detached: no copy
        for (std::size_t i = 0; i < m_keys.size(); ++i) {
            if (present[i]) {
                it.value() = values[i];
                ++it;
            }
        }
    } else {
        reuse = &m_buffers[m_next];
        reuse->map = QMap<QString, quint64>();
        for (std::size_t i = 0; i < m_keys.size(); ++i) {
            if (present[i])
                reuse->map.insert(reuse->map.cend(), m_keys[i], values[i]);  // sorted: append
        }
        reuse->present = present;
        reuse->valid = true;
    }
    m_next = int(reuse - m_buffers + 1) % 2;
    return reuse->map;
}

}  // namespace roce::agent
