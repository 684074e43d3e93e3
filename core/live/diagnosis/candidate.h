#pragma once

#include "live/diagnosis/finding.h"

#include <QHash>
#include <QSet>
#include <QString>
#include <QStringList>

namespace roce::diagnosis {

/// A finding one evaluation proposes, with what it explains.
struct Candidate {
    Finding finding;
    QStringList involved;        ///< ids whose alerts it explains (any rule)
    QSet<QString> switchScopes;  ///< ... and alerts of @p rules on any port of these switches
    /// ... or of any switch: traffic that lands where no counter says it came from (RoCE in
    /// the lossy class is tail-dropped wherever it meets other traffic, on any leaf or spine).
    bool anySwitch = false;
    QStringList rules;
    bool immediate = false;  ///< configuration evidence: raised at once
    /// Evidence that comes as events seconds apart (CRC errors on a link its losses have
    /// slowed to a crawl): a quiet second or three is not a healed cause, so it is raised at
    /// its second sighting and cleared only after a longer quiet (DiagnosisEngine).
    bool sparse = false;
    /// Alert subject id -> who causes it, in words: what a victim's alert says instead of
    /// accusing its own host.
    QHash<QString, QString> causeFor;
};

}  // namespace roce::diagnosis
