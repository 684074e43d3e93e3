#pragma once

#include "proto/datamodel/portid.h"

#include <QByteArray>
#include <QByteArrayView>
#include <QHash>
#include <QList>
#include <QMutex>
#include <QString>

#include <optional>

namespace roce::recording {

/// The strings and port ids of one recording, shared by every block decoded from it. A block
/// of the 1,024-host fabric holds about fifty thousand distinct strings (port keys, peers,
/// sources): built once per recording instead of once per block, and the live model a replay
/// feeds then compares them by pointer and frees them as shared copies.
///
/// A block's string table is in first-use order, and the sources send their ports in the same
/// order every second, so string i of a block is nearly always string i of the block decoded
/// before: that is checked first (the bytes compared), and the hash is the fallback. Decoders
/// on several threads share one pool: each takes the lock for its whole block.
class StringPool
{
public:
    QMutex &lock() { return m_lock; }
    /// The pooled string of @p utf8, string @p index of its block's table (lock() held).
    QString string(qsizetype index, QByteArrayView utf8);
    /// The pooled port id of the block's string @p index (string() read it first; lock()
    /// held).
    model::PortId port(qsizetype index, model::PortId::Kind kind);

private:
    struct Slot {
        QByteArray utf8;
        QString text;
        std::optional<model::PortId> port[2];  ///< by kind: switch, NIC
    };
    QMutex m_lock;
    QList<Slot> m_table;  ///< the string table of the block decoded last, by index
    QHash<QByteArray, QString> m_strings;
    QHash<QString, model::PortId> m_ports[2];
};

}  // namespace roce::recording
