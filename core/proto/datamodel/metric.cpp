#include "proto/datamodel/metric.h"

#include <QCoreApplication>

#include <cmath>
#include <limits>

namespace roce::model {

std::optional<Metric> metricByKey(QLatin1String key)
{
    for (const MetricInfo &m : kMetricTable)
        if (key == QLatin1String(m.key))
            return m.id;
    return std::nullopt;
}

QString counterName(const char *sourceField)
{
    const QString field = QString::fromLatin1(sourceField).section(QLatin1Char('|'), 0, 0);
    return field.section(QLatin1Char(':'), 1);
}

QString metricLabel(Metric m)
{
    return QCoreApplication::translate("Metric", metricInfo(m).label);
}

QString metricSeries(Metric m)
{
    return QCoreApplication::translate("Metric", metricInfo(m).series);
}

QString metricTooltip(Metric m)
{
    return QCoreApplication::translate("Metric", metricInfo(m).tooltip);
}

QString chartTitle(ChartGroup group)
{
    switch (group) {
    case ChartGroup::Utilization:
        return QCoreApplication::translate("Metric", "Utilization %");
    case ChartGroup::LossAndPause:
        return QCoreApplication::translate("Metric", "Drops and PFC pauses /s");
    case ChartGroup::Congestion:
        return QCoreApplication::translate("Metric", "ECN and CNP /s");
    case ChartGroup::HostBuffer:
        return QCoreApplication::translate("Metric", "NIC buffer drops /s");
    case ChartGroup::None:
        break;
    }
    return {};
}

MetricValues::MetricValues()
{
    m_values.fill(std::numeric_limits<double>::quiet_NaN());
}

bool MetricValues::empty() const
{
    for (double v : m_values)
        if (!std::isnan(v))
            return false;
    return true;
}

}  // namespace roce::model
