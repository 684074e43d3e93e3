#pragma once

#include "nxapi/parse/jsonreader.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <memory>

namespace roce::nxapi {

/// One command's body: an object (cli_show) or a string (cli_show_ascii), or nothing on error.
/// Bodies read from a response are views into the response's parsed document (shared by
/// all outputs of one batch, so nothing is copied); bodies that the simulator or a test
/// builds are QJsonValues. Parsers read both through json(); the QJsonValue side converts
/// implicitly so code that builds responses keeps using QJson types.
class CommandBody
{
public:
    CommandBody() = default;
    CommandBody(const QJsonValue &value) : m_value(value) { }     // NOLINT: built like a QJsonValue
    CommandBody(const QJsonObject &object) : m_value(object) { }  // NOLINT
    CommandBody(std::shared_ptr<const json::Document> document, json::Value value);

    bool isObject() const;
    bool isString() const;
    bool isUndefined() const { return !m_document && m_value.isUndefined(); }

    /// The string body (unescaped), or empty.
    QString toString() const;
    /// The object body as QJsonObject: for callers outside the poll path (it converts).
    QJsonObject toObject() const;
    QJsonValue toJsonValue() const;
    operator QJsonValue() const { return toJsonValue(); }  // NOLINT: for response builders

    /// A body read from a response: a view of it. A QJsonValue body is serialized and read
    /// into a document of its own, which @p keepAlive holds while the view is in use.
    json::Value json(std::shared_ptr<const json::Document> &keepAlive) const;

private:
    std::shared_ptr<const json::Document> m_document;
    json::Value m_view;
    QJsonValue m_value;
};

}  // namespace roce::nxapi
