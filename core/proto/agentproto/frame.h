#pragma once

#include "proto/common/result.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>

namespace roce::agentproto {

/// Protocol versions this build speaks (the agent picks the highest both sides know).
constexpr int kProtocolVersion = 1;
/// Largest frame either side accepts by default: a full sample of a big host is ~100 KB.
constexpr int kDefaultMaxFrame = 4 * 1024 * 1024;

/// Encodes @p message as a frame: 4-byte big-endian payload length, then compact UTF-8 JSON.
QByteArray encodeFrame(const QJsonObject &message);
/// Frames an already serialized JSON object.
QByteArray encodeFramePayload(const QByteArray &json);

/// Splits a byte stream into frames. A frame that claims more than the maximum, is empty,
/// is not a JSON object or has no "type" is an error: the connection must be closed (the
/// stream can no longer be trusted), with the error's message as the logged reason. A length
/// above the maximum is refused as soon as its 4 bytes are in, before any of the frame is
/// kept, so the decoder never holds more than one allowed frame.
class FrameDecoder
{
public:
    explicit FrameDecoder(int maxFrame = kDefaultMaxFrame) : m_max(maxFrame) { }
    /// Appends @p data and returns every complete message, or the first error.
    Result<QList<QJsonObject>> feed(const QByteArray &data);
    /// Bytes received that do not yet form a frame.
    qsizetype pending() const { return m_buffer.size(); }
    /// Changes the limit for the frames that follow (the agent allows more after auth).
    void setMaxFrame(int maxFrame) { m_max = maxFrame; }
    int maxFrame() const { return m_max; }

private:
    int m_max;
    QByteArray m_buffer;
};

}  // namespace roce::agentproto
