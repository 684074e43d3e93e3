#include "directstreamdialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSet>
#include <QVBoxLayout>

namespace roce::widgets {

DirectStreamDialog::DirectStreamDialog(const QStringList &hosts, const QStringList &reachable,
                                       const QStringList &streamed, QWidget *parent)
    : QDialog(parent),
      m_filter(new QLineEdit(this)),
      m_list(new QListWidget(this)),
      m_count(new QLabel(this))
{
    setObjectName(QStringLiteral("directStreamDialog"));
    setWindowTitle(tr("Stream hosts directly"));
    auto *intro = new QLabel(tr("The fleet stays on the metrics store; the hosts picked here are "
                                "followed through their agents' own stream, every second, with "
                                "the inventory's address, token and certificate pin (at most "
                                "%1).")
                                 .arg(kMaxHosts),
                             this);
    intro->setWordWrap(true);
    m_filter->setObjectName(QStringLiteral("directStreamFilter"));
    m_filter->setPlaceholderText(tr("Find a host"));
    m_filter->setClearButtonEnabled(true);
    m_list->setObjectName(QStringLiteral("directStreamHosts"));
    m_reachable = QSet<QString>(reachable.cbegin(), reachable.cend());
    const QSet<QString> now(streamed.cbegin(), streamed.cend());
    for (const QString &h : hosts) {
        auto *item = new QListWidgetItem(h, m_list);
        if (m_reachable.contains(h)) {
            item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable | Qt::ItemIsSelectable);
            item->setCheckState(now.contains(h) ? Qt::Checked : Qt::Unchecked);
        } else {
            item->setFlags(Qt::ItemIsSelectable);
            item->setToolTip(tr("Not in the inventory (Fabric > Inventory...): no address, token "
                                "or pin to reach its agent with."));
        }
    }
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        for (int i = 0; i < m_list->count(); ++i)
            m_list->item(i)->setHidden(
                !m_list->item(i)->text().contains(text, Qt::CaseInsensitive));
    });
    connect(m_list, &QListWidget::itemChanged, this, &DirectStreamDialog::updateCount);
    m_count->setObjectName(QStringLiteral("directStreamCount"));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("&Stream"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_filter);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_count);
    layout->addWidget(buttons);
    updateCount();
    resize(420, 520);
}

QStringList DirectStreamDialog::selected() const
{
    QStringList out;
    for (int i = 0; i < m_list->count(); ++i)
        if (m_list->item(i)->checkState() == Qt::Checked)
            out.append(m_list->item(i)->text());
    return out;
}

void DirectStreamDialog::updateCount()
{
    const qsizetype n = selected().size();
    m_count->setText(tr("%1 of at most %2 hosts").arg(n).arg(kMaxHosts));
    // At the limit nothing more can be checked; unchecking always works.
    const bool full = n >= kMaxHosts;
    const QSignalBlocker block(m_list);
    for (int i = 0; i < m_list->count(); ++i) {
        QListWidgetItem *item = m_list->item(i);
        if (!m_reachable.contains(item->text()))
            continue;
        const bool enabled = !full || item->checkState() == Qt::Checked;
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsSelectable
                       | (enabled ? Qt::ItemIsEnabled : Qt::NoItemFlags));
    }
}

}  // namespace roce::widgets
