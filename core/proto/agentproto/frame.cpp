#include "proto/agentproto/frame.h"

#include <QCoreApplication>
#include <QJsonDocument>
#include <QtEndian>

#include <algorithm>

namespace roce::agentproto {

namespace {
class FrameText
{
    Q_DECLARE_TR_FUNCTIONS(FrameText)
};
}  // namespace

QByteArray encodeFrame(const QJsonObject &message)
{
    const QByteArray payload = QJsonDocument(message).toJson(QJsonDocument::Compact);
    QByteArray frame(4, '\0');
    qToBigEndian(quint32(payload.size()), frame.data());
    return frame + payload;
}

QByteArray encodeFramePayload(const QByteArray &json)
{
    QByteArray frame(4, '\0');
    qToBigEndian(quint32(json.size()), frame.data());
    return frame + json;
}

Result<QList<QJsonObject>> FrameDecoder::feed(const QByteArray &data)
{
    QList<QJsonObject> messages;
    qsizetype used = 0;
    for (;;) {
        // The header first, on its own: the length is checked before the body is kept.
        if (m_buffer.size() < 4) {
            const qsizetype take = std::min<qsizetype>(4 - m_buffer.size(), data.size() - used);
            m_buffer.append(data.constData() + used, take);
            used += take;
            if (m_buffer.size() < 4)
                break;
        }
        const quint32 length = qFromBigEndian<quint32>(m_buffer.constData());
        if (length == 0)
            return makeError(ErrorCode::Protocol, FrameText::tr("empty frame"));
        if (length > quint32(m_max)) {
            return makeError(ErrorCode::Protocol,
                             FrameText::tr("frame of %1 bytes exceeds the limit of %2 bytes")
                                 .arg(length)
                                 .arg(m_max));
        }
        const qsizetype missing = 4 + qsizetype(length) - m_buffer.size();
        const qsizetype take = std::min(missing, data.size() - used);
        m_buffer.append(data.constData() + used, take);
        used += take;
        if (take < missing)
            break;
        QJsonParseError error {};
        const QJsonDocument doc = QJsonDocument::fromJson(
            QByteArray::fromRawData(m_buffer.constData() + 4, length), &error);
        m_buffer.clear();
        if (error.error != QJsonParseError::NoError) {
            return makeError(ErrorCode::Protocol,
                             FrameText::tr("frame is not valid JSON: %1 at offset %2")
                                 .arg(error.errorString())
                                 .arg(error.offset));
        }
        if (!doc.isObject())
            return makeError(ErrorCode::Protocol, FrameText::tr("frame is not a JSON object"));
        const QJsonObject o = doc.object();
        if (!o.value(QStringLiteral("type")).isString())
            return makeError(ErrorCode::Protocol, FrameText::tr("message has no \"type\""));
        messages.append(o);
    }
    return messages;
}

}  // namespace roce::agentproto
