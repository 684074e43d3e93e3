#pragma once

#include "proto/common/result.h"

#include <QCommandLineOption>
#include <QCommandLineParser>
#include <QJsonObject>
#include <QList>

namespace roce::cli {

/// The tool parameters `rocectl job` and `rocectl run` share (--port, --duration, --ib-port,
/// --gid-index, --qps, --tclass, --timeout, --size, --iterations, --device), read into the
/// job's protocol JSON, which the agent's own strict parser then validates.
class JobOptions
{
public:
    JobOptions();
    void addOptions(QCommandLineParser &parser) const;
    /// Adds the options given to @p spec; InvalidArgument names the option that is wrong.
    Result<void> read(const QCommandLineParser &parser, QJsonObject &spec) const;

private:
    struct IntOption {
        QCommandLineOption option;
        const char *key;
        int min, max;
    };
    QList<IntOption> m_ints;
    QCommandLineOption m_size, m_iterations, m_device;
};

}  // namespace roce::cli
