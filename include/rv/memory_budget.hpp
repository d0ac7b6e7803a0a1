// MemoryBudget: the one memory limit of an import, shared by every stage that allocates.
//
// Options::memoryLimit is a promise about a whole import: the decoder's arrays, the view's and
// the Assimp scene's, and the models a terrain places from the data root. Each stage charges its
// estimate here *before* it allocates, so a hostile file stops with DiagKind::MemoryLimit instead
// of reaching the limit first. Estimates are conservative (they round up allocator overhead and
// vector growth). Only scratch arrays that are decoded and dropped are given back (release).
#pragma once

#include <atomic>
#include <cstdint>
#include <string>

namespace rv {

class MemoryBudget {
public:
    explicit MemoryBudget(uint64_t limit) : limit_(limit) {}
    MemoryBudget(const MemoryBudget&) = delete;
    MemoryBudget& operator=(const MemoryBudget&) = delete;

    uint64_t limit() const { return limit_; }
    uint64_t used() const { return used_.load(std::memory_order_relaxed); }
    uint64_t peak() const { return peak_.load(std::memory_order_relaxed); }
    uint64_t left() const {
        const uint64_t u = used();
        return u < limit_ ? limit_ - u : 0;
    }

    // Takes `bytes`; false (and nothing taken) when that would pass the limit. Thread-safe: the
    // models of one terrain may be charged from several threads.
    [[nodiscard]] bool tryCharge(uint64_t bytes);
    // Gives back bytes charged earlier whose memory is freed (a grid decoded and dropped).
    void release(uint64_t bytes);

    // "<what> needs N bytes, over the memory limit of 2048 MiB (M bytes in use)": the text every
    // stage puts in its MemoryLimit error.
    std::string overMessage(const std::string& what, uint64_t bytes) const;

private:
    uint64_t limit_;
    std::atomic<uint64_t> used_{0};
    std::atomic<uint64_t> peak_{0};
};

// "2048 MiB", "1.5 GiB", "300 bytes": a limit as users set it.
std::string formatBytes(uint64_t bytes);

// The budget an entry point charges: the caller's shared one (Options::budget) when set, else a
// budget of its own made from Options::memoryLimit.
class BudgetScope {
public:
    BudgetScope(MemoryBudget* shared, uint64_t limit) : own_(limit), budget_(shared ? shared : &own_) {}
    MemoryBudget& operator*() const { return *budget_; }
    MemoryBudget* operator->() const { return budget_; }
    MemoryBudget* get() const { return budget_; }

private:
    MemoryBudget own_;
    MemoryBudget* budget_;
};

}  // namespace rv
