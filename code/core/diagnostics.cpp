#include "core/diagnostics.hpp"

#include <algorithm>

namespace rv {

const char* diagKindName(DiagKind kind) {
    switch (kind) {
        case DiagKind::CannotRead:
            return "cannot read";
        case DiagKind::NotRecognized:
            return "not recognized";
        case DiagKind::Unsupported:
            return "unsupported";
        case DiagKind::Truncated:
            return "truncated";
        case DiagKind::BadCount:
            return "bad count";
        case DiagKind::BadValue:
            return "bad value";
        case DiagKind::BadCompression:
            return "bad compression";
        case DiagKind::MemoryLimit:
            return "memory limit";
        case DiagKind::OutOfMemory:
            return "out of memory";
        case DiagKind::InvalidArgument:
            return "invalid argument";
        case DiagKind::UnreadBytes:
            return "unread bytes";
        case DiagKind::EndsEarly:
            return "ends early";
        case DiagKind::SizeMismatch:
            return "size mismatch";
        case DiagKind::IndexOutOfRange:
            return "index out of range";
        case DiagKind::UnknownRecord:
            return "unknown record";
        case DiagKind::NameProblem:
            return "name problem";
        case DiagKind::MissingReference:
            return "missing reference";
        case DiagKind::NoDataRoot:
            return "no data root";
    }
    return "unknown";
}

void WarningList::add(const ByteReader& r, DiagKind kind, const std::string& detail, bool atOffset) {
    std::string where = r.context().describe();
    if (!items_.empty() && items_.back().kind == kind && items_.back().where == where && details_.back() == detail) {
        ++items_.back().count;
        return;
    }
    if (kept_[kind] == kMaxWarningsPerKind) {
        LeftOut& out = leftOut_[kind];
        if (out.count++ == 0) out.firstOffset = r.offset();
        return;
    }
    ++kept_[kind];
    Warning w;
    w.kind = kind;
    w.severity = Severity::Warning;
    w.offset = r.offset();
    w.message = (where.empty() ? "" : where + ": ") + detail;
    if (atOffset) w.message += " (at offset " + hexOffset(w.offset) + ")";
    w.where = std::move(where);
    items_.push_back(std::move(w));
    details_.push_back(detail);
}

namespace {

// The one warning that stands for the `count` warnings of `kind` left out past the cap.
Warning leftOutSummary(DiagKind kind, uint64_t count, const std::string& source) {
    Warning w = makeWarning(kind, "and " + std::to_string(count) + " more " + diagKindName(kind) +
                                      " warnings (only the first " + std::to_string(kMaxWarningsPerKind) +
                                      " of each kind are kept)");
    w.source = source;
    w.count = uint32_t(std::min<uint64_t>(count, UINT32_MAX));
    return w;
}

}  // namespace

std::vector<Warning> WarningList::finish(const std::string& sourceName) {
    for (Warning& w : items_) {
        w.source = sourceName;
        if (w.count > 1) w.message += " (" + std::to_string(w.count) + " times)";
    }
    for (const auto& [kind, out] : leftOut_) {
        Warning w = leftOutSummary(kind, out.count, sourceName);
        w.offset = out.firstOffset;
        items_.push_back(std::move(w));
    }
    details_.clear();
    kept_.clear();
    leftOut_.clear();
    return std::move(items_);
}

void capAppendedWarnings(std::vector<Warning>& warnings, size_t from) {
    std::map<DiagKind, uint64_t> seen;
    std::map<DiagKind, std::string> firstLeftOut;  // the source of each kind's first left out
    size_t kept = from;
    for (size_t i = from; i < warnings.size(); ++i) {
        if (++seen[warnings[i].kind] > kMaxWarningsPerKind) {
            firstLeftOut.emplace(warnings[i].kind, warnings[i].source);
            continue;
        }
        if (kept != i) warnings[kept] = std::move(warnings[i]);
        ++kept;
    }
    std::vector<Warning> summaries;
    for (const auto& [kind, source] : firstLeftOut)
        summaries.push_back(leftOutSummary(kind, seen[kind] - kMaxWarningsPerKind, source));
    warnings.resize(kept);
    for (Warning& w : summaries) warnings.push_back(std::move(w));
}

DecodeError errorFromParse(const std::string& sourceName, const ParseError& e) {
    return withSource(makeError(e.kind, e.what(), e.offset, e.where), sourceName);
}

std::string diagnosticLine(const Diagnostic& d) { return d.source.empty() ? d.message : d.source + ": " + d.message; }

std::string diagnosticLine(const Diagnostic& d, const std::string& input, const std::string& inputName) {
    if (d.source.empty() || d.source == inputName) return input + ": " + d.message;
    return input + ": " + diagnosticLine(d);
}

Diagnostic underSource(Diagnostic d, const std::string& source) {
    if (!d.source.empty() && d.source != source) d.message = diagnosticLine(d);
    d.source = source;
    return d;
}

std::vector<Diagnostic> capWarnings(const std::vector<Diagnostic>& warnings, size_t perKind) {
    std::vector<Diagnostic> shown;
    std::vector<std::pair<DiagKind, size_t>> seen;  // per kind, in first-seen order
    std::vector<const Diagnostic*> firstOf;
    for (const Diagnostic& w : warnings) {
        auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.first == w.kind; });
        if (it == seen.end()) {
            seen.emplace_back(w.kind, 0);
            firstOf.push_back(&w);
            it = seen.end() - 1;
        }
        if (++it->second <= perKind) shown.push_back(w);
    }
    for (size_t k = 0; k < seen.size(); ++k) {
        if (seen[k].second <= perKind) continue;
        Diagnostic more = makeWarning(seen[k].first, "and " + std::to_string(seen[k].second - perKind) + " more " +
                                                         diagKindName(seen[k].first) +
                                                         " warnings like these; --verbose lists them all");
        more.source = firstOf[k]->source;
        more.count = uint32_t(std::min<size_t>(seen[k].second - perKind, UINT32_MAX));
        shown.push_back(std::move(more));
    }
    return shown;
}

}  // namespace rv
