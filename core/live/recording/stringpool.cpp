#include "live/recording/stringpool.h"

namespace roce::recording {

QString StringPool::string(qsizetype index, QByteArrayView utf8)
{
    if (index >= m_table.size())
        m_table.resize(index + 1);
    Slot &slot = m_table[index];
    if (slot.utf8 == utf8)
        return slot.text;
    // Another string at this index: from the hash (looked up without a copy of the bytes),
    // or new.
    const QByteArray probe = QByteArray::fromRawData(utf8.data(), utf8.size());
    auto at = m_strings.constFind(probe);
    if (at == m_strings.constEnd())
        at = m_strings.insert(utf8.toByteArray(), QString::fromUtf8(utf8));
    slot.utf8 = at.key();
    slot.text = *at;
    slot.port[0].reset();
    slot.port[1].reset();
    return slot.text;
}

model::PortId StringPool::port(qsizetype index, model::PortId::Kind kind)
{
    Slot &slot = m_table[index];
    std::optional<model::PortId> &cached = slot.port[kind == model::PortId::Kind::Nic ? 1 : 0];
    if (!cached) {
        QHash<QString, model::PortId> &ports = m_ports[kind == model::PortId::Kind::Nic ? 1 : 0];
        auto at = ports.constFind(slot.text);
        if (at == ports.constEnd())
            at = ports.insert(slot.text, model::PortId::fromKey(slot.text, kind));
        cached = *at;
    }
    return *cached;
}

}  // namespace roce::recording
