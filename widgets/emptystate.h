#pragma once

#include <QWidget>

class QLabel;

namespace roce::widgets {

/// What a view shows while it has nothing to show: a title and one sentence saying what
/// will appear here and what brings it (connecting a fabric, starting a run). Views swap
/// it for their content; it never pretends to be data.
class EmptyState : public QWidget
{
    Q_OBJECT

public:
    explicit EmptyState(const QString &title, const QString &explanation,
                        QWidget *parent = nullptr);

    QString title() const;
    QString explanation() const;
    void setExplanation(const QString &explanation);

private:
    QLabel *m_title;
    QLabel *m_explanation;
};

}  // namespace roce::widgets
