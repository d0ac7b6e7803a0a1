// Our importers' warnings in Assimp's log (log.hpp).
#include "assimp/log.hpp"

#include <assimp/DefaultLogger.hpp>

namespace rv::assimp {
namespace {
thread_local const Warning* tLogging = nullptr;
thread_local const DataRootTally* tTally = nullptr;
}  // namespace

void logDataRootTally(const DataRootTally& tally) {
    tTally = &tally;
    ASSIMP_LOG_INFO(tally.line);
    tTally = nullptr;
}

const DataRootTally* tallyBeingLogged() { return tTally; }

void logWarning(const Warning& w) {
    tLogging = &w;
    ASSIMP_LOG_WARN(diagnosticLine(w));
    tLogging = nullptr;
}

void logWarning(const std::string& source, const std::string& message) {
    logWarning(withSource(makeWarning(DiagKind::BadValue, message), source));
}

const Warning* warningBeingLogged() { return tLogging; }

}  // namespace rv::assimp
