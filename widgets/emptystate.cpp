#include "emptystate.h"

#include <QLabel>
#include <QVBoxLayout>

namespace roce::widgets {

EmptyState::EmptyState(const QString &title, const QString &explanation, QWidget *parent)
    : QWidget(parent),
      m_title(new QLabel(title, this)),
      m_explanation(new QLabel(explanation, this))
{
    QFont titleFont = m_title->font();
    titleFont.setPointSizeF(titleFont.pointSizeF() * 1.3);
    titleFont.setBold(true);
    m_title->setFont(titleFont);
    m_title->setAlignment(Qt::AlignCenter);
    m_title->setObjectName(QStringLiteral("emptyStateTitle"));

    m_explanation->setAlignment(Qt::AlignCenter);
    m_explanation->setWordWrap(true);
    m_explanation->setForegroundRole(QPalette::PlaceholderText);
    m_explanation->setObjectName(QStringLiteral("emptyStateExplanation"));

    auto *layout = new QVBoxLayout(this);
    layout->addStretch(1);
    layout->addWidget(m_title);
    layout->addWidget(m_explanation);
    layout->addStretch(2);
}

QString EmptyState::title() const
{
    return m_title->text();
}

QString EmptyState::explanation() const
{
    return m_explanation->text();
}

void EmptyState::setExplanation(const QString &explanation)
{
    m_explanation->setText(explanation);
}

}  // namespace roce::widgets
