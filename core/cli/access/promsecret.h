#pragma once

#include "prometheus/query/promendpoint.h"
#include "proto/common/result.h"

namespace roce::cli {

/// The token or password of a metrics store that asks for one (--auth bearer or basic):
/// ROCE_PROMETHEUS_SECRET, else the OS keychain under the endpoint's key, as the console
/// reads it. Waits for the keychain (a command line has nothing else to do meanwhile).
Result<QString> prometheusSecret(const prom::PromEndpoint &endpoint);

}  // namespace roce::cli
