#include "nxapi/parse/commandbody.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace roce::nxapi {

CommandBody::CommandBody(std::shared_ptr<const json::Document> document, json::Value value)
    : m_view(value)
{
    // An absent body stays undefined, as a missing QJsonValue would be.
    if (value.isValid())
        m_document = std::move(document);
}

bool CommandBody::isObject() const
{
    return m_document ? m_view.isObject() : m_value.isObject();
}

bool CommandBody::isString() const
{
    return m_document ? m_view.isString() : m_value.isString();
}

QString CommandBody::toString() const
{
    if (m_document)
        return m_view.isString() ? m_view.toString() : QString();
    return m_value.toString();
}

QJsonObject CommandBody::toObject() const
{
    return toJsonValue().toObject();
}

QJsonValue CommandBody::toJsonValue() const
{
    if (!m_document)
        return m_value;
    if (m_view.isString())
        return m_view.toString();
    if (m_view.isObject() || m_view.isArray()) {
        // Already validated by our reader, so QJsonDocument accepts it.
        const QJsonDocument doc = QJsonDocument::fromJson(m_view.source().toByteArray());
        return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
    }
    if (m_view.isNumber())
        return m_view.toDouble();
    if (m_view.isValid() && m_view.kind() == json::Kind::True)
        return true;
    if (m_view.isValid() && m_view.kind() == json::Kind::False)
        return false;
    return m_view.isValid() ? QJsonValue(QJsonValue::Null) : QJsonValue();
}

json::Value CommandBody::json(std::shared_ptr<const json::Document> &keepAlive) const
{
    if (m_document) {
        keepAlive = m_document;
        return m_view;
    }
    QByteArray text;
    if (m_value.isObject())
        text = QJsonDocument(m_value.toObject()).toJson(QJsonDocument::Compact);
    else if (m_value.isArray())
        text = QJsonDocument(m_value.toArray()).toJson(QJsonDocument::Compact);
    else
        return {};
    auto doc = json::Document::parse(text, nullptr);
    if (!doc)
        return {};
    auto shared = std::make_shared<const json::Document>(std::move(*doc));
    keepAlive = shared;
    return shared->root();
}

}  // namespace roce::nxapi
