#pragma once

#include <QMap>
#include <QString>
#include <QStringList>

#include <string>
#include <utility>
#include <vector>

namespace roce::agent {

/// Publishes the values of a stable, sorted set of counter names as the QMap a sample
/// carries, without building a new map every sample: two maps are kept, and the one no
/// sample holds any more (the one before last) has its values overwritten in place. A map
/// is built again only when the names, or which of them are present, change.
class CounterMapBuffers
{
public:
    /// @p keys sorted ascending, without duplicates.
    void setKeys(std::vector<QString> keys);
    const std::vector<QString> &keys() const { return m_keys; }
    /// The map of keys()[i] -> values[i] for every i where present[i] is non-zero.
    QMap<QString, quint64> publish(const std::vector<quint64> &values,
                                   const std::vector<char> &present);

private:
    struct Buffer {
        QMap<QString, quint64> map;
        std::vector<char> present;  ///< which keys the map holds
        bool valid = false;
    };
    std::vector<QString> m_keys;
    Buffer m_buffers[2];
    int m_next = 0;
};

/// Publishes counters that arrive as (name, value) lists in a stable order (RDMA netlink
/// replies) as the sample's map: the names are converted and sorted only when the list's
/// names change, otherwise the values go straight into CounterMapBuffers.
class NamedCounterMap
{
public:
    /// The first @p count entries of @p counters. A later entry wins over an earlier one
    /// with the same name; names in @p skip are left out.
    QMap<QString, quint64> publish(const std::vector<std::pair<std::string, quint64>> &counters,
                                   std::size_t count, const QStringList &skip = {});

private:
    std::vector<std::string> m_names;  ///< the list's names when the slots were laid out
    std::vector<int> m_slots;          ///< entry -> key index, -1: skipped
    std::vector<quint64> m_values;
    std::vector<char> m_present;
    CounterMapBuffers m_maps;
};

}  // namespace roce::agent
