#include "cli/framework/output.h"

#include <QFileDevice>
#include <QIODevice>

#include <QRegularExpression>

#include <algorithm>

namespace roce::cli {

namespace {

bool looksNumeric(const QString &cell)
{
    // Numbers with optional sign, decimals, exponent, thousands separators or a unit suffix
    // such as "9.23 Gb/s" or "14.4 us" are right-aligned.
    static const QRegularExpression re(
        QStringLiteral(R"(^[-+]?[0-9][0-9,]*(\.[0-9]+)?([eE][-+]?[0-9]+)?( ?[%A-Za-z/]+)?$)"));
    return re.match(cell).hasMatch();
}

}  // namespace

TextTable::TextTable(QStringList header)
    : m_header(std::move(header)), m_align(m_header.size(), Align::Auto)
{ }

void TextTable::setAlignment(qsizetype column, Align align)
{
    if (column >= 0 && column < m_align.size())
        m_align[column] = align;
}

void TextTable::addRow(QStringList cells)
{
    while (cells.size() < m_header.size())
        cells.append(QString());
    m_rows.append(std::move(cells));
}

QString TextTable::render() const
{
    QList<qsizetype> widths(m_header.size(), 0);
    for (qsizetype c = 0; c < m_header.size(); ++c)
        widths[c] = m_header[c].size();
    for (const auto &row : m_rows) {
        for (qsizetype c = 0; c < m_header.size() && c < row.size(); ++c)
            widths[c] = std::max(widths[c], row[c].size());
    }

    QString text;
    auto emitRow = [&](const QStringList &cells, bool header) {
        QString line;
        for (qsizetype c = 0; c < m_header.size(); ++c) {
            const QString cell = c < cells.size() ? cells[c] : QString();
            const bool right = !header
                && (m_align[c] == Align::Right
                    || (m_align[c] == Align::Auto && looksNumeric(cell)));
            if (c > 0)
                line += QStringLiteral("  ");
            line += right ? cell.rightJustified(widths[c]) : cell.leftJustified(widths[c]);
        }
        // No trailing blanks: they make diffs of golden outputs noisy.
        while (line.endsWith(QLatin1Char(' ')))
            line.chop(1);
        text += line + QLatin1Char('\n');
    };
    emitRow(m_header, true);
    for (const auto &row : m_rows)
        emitRow(row, false);
    return text;
}

void writeJson(QTextStream &out, const QJsonDocument &doc)
{
    out << QString::fromUtf8(doc.toJson(QJsonDocument::Indented));
    out.flush();
}

void writeJsonLine(QTextStream &out, const QByteArray &json)
{
    if (QIODevice *device = out.device()) {
        out.flush();
        device->write(json);
        device->write("\n", 1);
        // Each line is a frame someone waits for: out.flush() would not flush the file's own
        // buffer (it has nothing of its own left to write), so small frames would sit there.
        if (auto *file = qobject_cast<QFileDevice *>(device))
            file->flush();
        return;
    }
    out << QString::fromUtf8(json) << QLatin1Char('\n');
}

}  // namespace roce::cli
