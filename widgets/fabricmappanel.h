#pragma once

#include <QWidget>

class QLabel;
class QLineEdit;

namespace roce::models {
class PortTableModel;
struct LeafSpineFabric;
}  // namespace roce::models

namespace roce::widgets {

class FabricMapView;

/// The large-fabric map with its tools: a search field (hosts, leaves, spines), zoom and
/// fit buttons, the legend, and a line saying what the map holds.
class FabricMapPanel : public QWidget
{
    Q_OBJECT

public:
    explicit FabricMapPanel(const models::PortTableModel *rates, QWidget *parent = nullptr);
    FabricMapView *view() const { return m_view; }
    void setFabric(const models::LeafSpineFabric &fabric);

private:
    FabricMapView *m_view;
    QLineEdit *m_search;
    QLabel *m_summary;
};

}  // namespace roce::widgets
