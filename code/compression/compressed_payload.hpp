// The compression rules that wrap arrays in ODOL and WRP files (format notes §1.1-1.4).
//
// One PayloadCodec per file, chosen by format and version:
//   - LZSS below the 1024-byte threshold raw, else LZSS + u32 checksum (OFP v7, ODOL <= 43, OPRW <= 22)
//   - LZO1X by the same 1024-byte rule (ODOL 44..63, OPRW >= 23)
//   - LZO1X chosen by a flag byte before every non-empty payload (ODOL >= 64): 0 raw, 2 LZO
#pragma once

#include <cstdint>
#include <vector>

#include "core/byte_reader.hpp"
#include "rv/memory_budget.hpp"

namespace rv {

enum class PayloadRule { LzssBySize, LzoBySize, LzoByFlag };

class PayloadCodec {
public:
    // `budget` is the import's (Options::memoryLimit): every decoded array is charged to it.
    PayloadCodec(PayloadRule rule, MemoryBudget& budget) : rule_(rule), budget_(&budget) {}
    PayloadRule rule() const { return rule_; }

    // Reads one payload that decodes to exactly `size` bytes into dst (which holds `size` bytes).
    void read(ByteReader& r, uint8_t* dst, size_t size, const char* what) const;

    // Fails unless `size` decoded bytes could come from the bytes left (raw or at the codec's best
    // ratio) and fit the memory budget. Call before allocating the destination.
    void checkDecodedSize(const ByteReader& r, uint64_t size, const char* what) const;

    // CompressedArray<T>: u32 count; payload of count * sizeof(T) bytes.
    template <class T>
    void readArray(ByteReader& r, std::vector<T>& out, const char* what) const {
        uint64_t at = r.offset();
        uint32_t n = r.u32();
        readElements(r, at, n, out, what);
    }

    // The payload of a CompressedArray whose count was read already.
    template <class T>
    void readElements(ByteReader& r, uint64_t countOffset, uint64_t n, std::vector<T>& out, const char* what) const {
        checkCountAt(r, countOffset, n, sizeof(T), what);
        out.resize(size_t(n));
        read(r, reinterpret_cast<uint8_t*>(out.data()), size_t(n) * sizeof(T), what);
    }

    // CondensedArray<T>: u32 count; bool defaultFill; one T repeated, or a payload.
    // `beforePositions`: the array has one element per vertex and the LOD's positions follow it.
    template <class T>
    void readCondensed(ByteReader& r, std::vector<T>& out, const char* what, bool beforePositions = false) const {
        uint64_t at = r.offset();
        uint32_t n = r.u32();
        if (r.boolean()) {
            T fill = r.read<T>();
            if (beforePositions) checkVerticesAt(r, at, n, what);
            checkFilledCountAt(r, at, n, sizeof(T), what);
            charge(r, uint64_t(n) * sizeof(T), what);
            out.assign(n, fill);
        } else {
            readElements(r, at, n, out, what);
        }
    }

    // Takes `size` bytes from the memory budget (fails when it is spent).
    void charge(const ByteReader& r, uint64_t size, const char* what) const;
    // Gives back bytes of an array that was decoded and dropped.
    void release(uint64_t size) const { budget_->release(size); }
    MemoryBudget& budget() const { return *budget_; }

    // Charges n elements of T, then sizes `out` to them: for structure tables whose count was
    // bounded by the bytes left but whose elements are larger in memory than in the file.
    template <class T>
    void allocate(const ByteReader& r, std::vector<T>& out, size_t n, const char* what) const {
        charge(r, uint64_t(n) * sizeof(T), what);
        out.resize(n);
    }

    void checkCountAt(const ByteReader& r, uint64_t countOffset, uint64_t n, size_t elementSize,
                      const char* what) const;
    // A filled array (one value, repeated n times) costs a few file bytes whatever n is, so the
    // bytes left say nothing about it: its count is bounded by the memory budget alone.
    void checkFilledCountAt(const ByteReader& r, uint64_t countOffset, uint64_t n, size_t elementSize,
                            const char* what) const;
    // A filled per-vertex array that comes before the positions (clip flags, UV sets) is still
    // bounded by the bytes left: each of its n vertices has a 12-byte position further on.
    void checkVerticesAt(const ByteReader& r, uint64_t countOffset, uint64_t n, const char* what) const;

private:
    // The most bytes `bytes` of the file can decode to, at the codec's best ratio.
    uint64_t mostDecodedFrom(uint64_t bytes) const;

    PayloadRule rule_;
    MemoryBudget* budget_;
};

}  // namespace rv
