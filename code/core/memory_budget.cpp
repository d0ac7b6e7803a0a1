#include "rv/memory_budget.hpp"

namespace rv {

bool MemoryBudget::tryCharge(uint64_t bytes) {
    uint64_t used = used_.load(std::memory_order_relaxed);
    do {
        if (bytes > limit_ || used > limit_ - bytes) return false;
    } while (!used_.compare_exchange_weak(used, used + bytes, std::memory_order_relaxed));
    uint64_t peak = peak_.load(std::memory_order_relaxed);
    while (peak < used + bytes && !peak_.compare_exchange_weak(peak, used + bytes, std::memory_order_relaxed)) {}
    return true;
}

void MemoryBudget::release(uint64_t bytes) {
    uint64_t used = used_.load(std::memory_order_relaxed);
    while (!used_.compare_exchange_weak(used, used > bytes ? used - bytes : 0, std::memory_order_relaxed)) {}
}

std::string MemoryBudget::overMessage(const std::string& what, uint64_t bytes) const {
    return what + " needs " + std::to_string(bytes) + " bytes, over the memory limit of " + formatBytes(limit_) + " (" +
           std::to_string(used()) + " bytes in use)";
}

std::string formatBytes(uint64_t bytes) {
    constexpr uint64_t kMiB = uint64_t(1) << 20, kGiB = uint64_t(1) << 30;
    if (bytes >= kGiB && bytes % kGiB == 0) return std::to_string(bytes / kGiB) + " GiB";
    if (bytes >= kMiB && bytes % kMiB == 0) return std::to_string(bytes / kMiB) + " MiB";
    return std::to_string(bytes) + " bytes";
}

}  // namespace rv
