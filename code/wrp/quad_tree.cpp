// The quad-tree grids of OPRW (format notes §3.6): a bool root flag, then nodes of a u16 child
// mask followed by 16 children (a set bit = a node, else a 4-byte leaf), depth first. A leaf
// holds 4 bytes: 2x2 one-byte cells, 2x1 two-byte cells or one 4-byte cell. A leaf above the
// bottom level stands for its whole square, repeating its cells.
#include "wrp/wrp_parse.hpp"

namespace rv::wrp {
namespace {

struct Shape {
    uint32_t leafLogX, leafLogY, levels;
    uint32_t extentLogX() const { return 2 * levels + leafLogX; }
    uint32_t extentLogY() const { return 2 * levels + leafLogY; }
};

uint32_t bitsFor(uint32_t size) {  // bits needed for size - 1
    uint32_t bits = 0;
    while (bits < 32 && (uint64_t(1) << bits) < size) ++bits;
    return bits;
}

Shape shapeOf(uint32_t sizeX, uint32_t sizeY, uint32_t elemSize) {
    Shape s{};
    s.leafLogX = elemSize == 4 ? 0 : 1;
    s.leafLogY = elemSize == 1 ? 1 : 0;
    auto levelsFor = [](uint32_t log, uint32_t leafLog) { return log > leafLog ? (log - leafLog + 1) / 2 : 0; };
    s.levels = std::max(levelsFor(bitsFor(sizeX), s.leafLogX), levelsFor(bitsFor(sizeY), s.leafLogY));
    return s;
}

// One walk serves validation (out == nullptr) and expansion.
class Walker {
public:
    Walker(ByteReader& r, const Shape& shape, uint32_t sizeX, uint32_t sizeY, uint32_t elemSize, uint8_t* out)
        : r_(r), shape_(shape), sizeX_(sizeX), sizeY_(sizeY), elemSize_(elemSize), out_(out) {}

    void node(uint32_t depth, uint64_t x0, uint64_t y0, uint32_t logX, uint32_t logY) {
        if (depth >= shape_.levels)
            r_.fail(DiagKind::BadValue,
                    "quad-tree node below the last level (the grid needs " + std::to_string(shape_.levels) + ")");
        const uint16_t mask = r_.u16();
        const uint32_t cx = logX - 2, cy = logY - 2;  // each child covers a quarter per axis
        for (uint32_t i = 0; i < 16; ++i) {
            const uint64_t x = x0 + (uint64_t(i & 3) << cx), y = y0 + (uint64_t(i >> 2) << cy);
            if (mask & (1u << i))
                node(depth + 1, x, y, cx, cy);
            else
                leaf(x, y, cx, cy);
        }
    }

    void leaf(uint64_t x0, uint64_t y0, uint32_t logX, uint32_t logY) {
        const uint8_t* bytes = r_.take(4);
        if (!out_ || x0 >= sizeX_ || y0 >= sizeY_) return;
        const uint64_t x1 = std::min<uint64_t>(sizeX_, x0 + (uint64_t(1) << logX));
        const uint64_t y1 = std::min<uint64_t>(sizeY_, y0 + (uint64_t(1) << logY));
        const uint32_t maskX = (1u << shape_.leafLogX) - 1, maskY = (1u << shape_.leafLogY) - 1;
        for (uint64_t y = y0; y < y1; ++y)
            for (uint64_t x = x0; x < x1; ++x) {
                const uint32_t cell = ((uint32_t(y) & maskY) << shape_.leafLogX) | (uint32_t(x) & maskX);
                std::memcpy(out_ + (y * sizeX_ + x) * elemSize_, bytes + cell * elemSize_, elemSize_);
            }
    }

    void root() {
        const uint32_t logX = shape_.extentLogX(), logY = shape_.extentLogY();
        if (r_.boolean())
            node(0, 0, 0, logX, logY);
        else
            leaf(0, 0, logX, logY);
    }

private:
    ByteReader& r_;
    const Shape& shape_;
    uint32_t sizeX_, sizeY_, elemSize_;
    uint8_t* out_;
};

}  // namespace

QuadTree skipQuadTree(ByteReader& r, uint32_t sizeX, uint32_t sizeY, uint32_t elemSize, const char* what) {
    ContextScope scope(r.context(), what);
    QuadTree tree;
    tree.begin = r.offset();
    tree.sizeX = sizeX, tree.sizeY = sizeY, tree.elemSize = elemSize;
    const Shape shape = shapeOf(sizeX, sizeY, elemSize);
    Walker(r, shape, sizeX, sizeY, elemSize, nullptr).root();
    tree.end = r.offset();
    return tree;
}

void expandQuadTree(const ByteReader& file, const QuadTree& tree, uint8_t* out) {
    ByteReader r = file.sub(tree.begin, tree.end);
    const Shape shape = shapeOf(tree.sizeX, tree.sizeY, tree.elemSize);
    Walker(r, shape, tree.sizeX, tree.sizeY, tree.elemSize, out).root();
}

}  // namespace rv::wrp
