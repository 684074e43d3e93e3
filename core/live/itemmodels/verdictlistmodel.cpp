#include "live/itemmodels/verdictlistmodel.h"

#include "collect/pingmesh/verdictalerts.h"

#include <QCoreApplication>
#include <QJsonDocument>

namespace roce::models {

namespace {
// A plain context name: lupdate and the translator agree on it whatever the namespace.
class VerdictListText
{
    Q_DECLARE_TR_FUNCTIONS(VerdictListText)
};
}  // namespace

void VerdictListModel::setVerdicts(const QList<pingmesh::Verdict> &verdicts)
{
    beginResetModel();
    m_verdicts = verdicts;
    endResetModel();
}

int VerdictListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_verdicts.size());
}

int VerdictListModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant VerdictListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_verdicts.size())
        return {};
    const pingmesh::Verdict &v = m_verdicts[index.row()];
    if (role == Qt::ToolTipRole) {
        QStringList evidence;
        for (auto it = v.evidence.constBegin(); it != v.evidence.constEnd(); ++it) {
            evidence.append(it.key() + QStringLiteral(": ")
                            + (it.value().isDouble() ? QString::number(it.value().toDouble())
                                                     : it.value().toString()));
        }
        return VerdictListText::tr("%1\n\nEvidence: %2\n\nCheck: %3")
            .arg(v.summary, evidence.join(QStringLiteral(", ")), v.check);
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Kind:
        return pingmesh::verdictTitle(v.kind);
    case Subject:
        return v.subject();
    case Since:
        return VerdictListText::tr("%1 s").arg(double(v.raisedMs) / 1000.0, 0, 'f', 0);
    case Summary:
        return v.summary;
    default:
        return {};
    }
}

QVariant VerdictListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Kind:
        return VerdictListText::tr("Verdict");
    case Subject:
        return VerdictListText::tr("Names");
    case Since:
        return VerdictListText::tr("Raised at");
    case Summary:
        return VerdictListText::tr("Evidence");
    default:
        return {};
    }
}

}  // namespace roce::models
