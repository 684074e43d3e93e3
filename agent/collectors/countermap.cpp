#include "collectors/countermap.h"

#include <algorithm>

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

QMap<QString, quint64>
NamedCounterMap::publish(const std::vector<std::pair<std::string, quint64>> &counters,
                         std::size_t count, const QStringList &skip)
{
    bool same = m_names.size() == count;
    for (std::size_t i = 0; same && i < count; ++i)
        same = m_names[i] == counters[i].first;
    if (!same) {
        m_names.clear();
        std::vector<QString> keys;
        for (std::size_t i = 0; i < count; ++i) {
            m_names.push_back(counters[i].first);
            QString key = QString::fromStdString(counters[i].first);
            if (!skip.contains(key))
                keys.push_back(std::move(key));
        }
        std::sort(keys.begin(), keys.end());
        keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
        m_slots.assign(count, -1);
        for (std::size_t i = 0; i < count; ++i) {
            const auto key = QString::fromStdString(m_names[i]);
            const auto at = std::lower_bound(keys.begin(), keys.end(), key);
            if (at != keys.end() && *at == key)
                m_slots[i] = int(at - keys.begin());
        }
        m_values.assign(keys.size(), 0);
        m_present.assign(keys.size(), 0);
        m_maps.setKeys(std::move(keys));
    }
    // Entries in order: a later duplicate overwrites an earlier one, as a map insert would.
    for (std::size_t i = 0; i < count; ++i) {
        if (m_slots[i] >= 0) {
            m_values[std::size_t(m_slots[i])] = counters[i].second;
            m_present[std::size_t(m_slots[i])] = 1;
        }
    }
    return m_maps.publish(m_values, m_present);
}

}  // namespace roce::agent
