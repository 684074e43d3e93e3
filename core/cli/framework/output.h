#pragma once

#include <QJsonDocument>
#include <QList>
#include <QString>
#include <QStringList>
#include <QTextStream>

namespace roce::cli {

/// A plain-text table for humans: columns padded to their widest cell, numeric cells
/// right-aligned so magnitudes line up, like `ip -s link` or `ethtool -S`.
class TextTable
{
public:
    enum class Align { Auto, Left, Right };

    explicit TextTable(QStringList header);
    /// Forces the alignment of @p column (Auto: numbers right, text left).
    void setAlignment(qsizetype column, Align align);
    void addRow(QStringList cells);
    /// Renders the table; every line ends with '\n'.
    QString render() const;
    qsizetype rowCount() const { return m_rows.size(); }

private:
    QStringList m_header;
    QList<Align> m_align;
    QList<QStringList> m_rows;
};

/// Writes @p doc indented, followed by a newline (what `--json` prints).
void writeJson(QTextStream &out, const QJsonDocument &doc);
/// Writes @p json (compact, UTF-8) and a newline: one frame of a stream of JSON lines. Goes
/// to the stream's device as bytes when it has one (a frame is megabytes: no round trip
/// through UTF-16), else through the stream (a string, in tests).
void writeJsonLine(QTextStream &out, const QByteArray &json);

}  // namespace roce::cli
