#pragma once

#include <QCoreApplication>

namespace roce::nxapi {

/// tr() context of what the NX-API parsers report about a body they cannot read.
class ParserText
{
    Q_DECLARE_TR_FUNCTIONS(ParserText)
};

}  // namespace roce::nxapi
