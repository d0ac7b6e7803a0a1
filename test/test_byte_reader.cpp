#include <gtest/gtest.h>

#include <functional>

#include <string>

#include "core/byte_reader.hpp"

namespace {

TEST(ByteReader, ReadsLittleEndianAndTracksAbsoluteOffsets) {
    const uint8_t data[] = {0x78, 0x56, 0x34, 0x12, 0xFF, 'a', 'b', 0, 0x00, 0x00, 0x80, 0x3F};
    rv::ParseContext ctx;
    rv::ByteReader r(data, data + sizeof data, 0x100, ctx);
    EXPECT_EQ(r.u32(), 0x12345678u);
    EXPECT_EQ(r.offset(), 0x104u);
    EXPECT_EQ(r.i32() & 0xFF, 0xFF);
    r.seek(0x105);
    EXPECT_EQ(r.asciiz(), "ab");
    EXPECT_EQ(r.f32(), 1.0f);
    EXPECT_TRUE(r.atEnd());
}

TEST(ByteReader, ShortReadNamesStructureAndOffset) {
    const uint8_t data[] = {1, 2, 3};
    rv::ParseContext ctx;
    rv::ByteReader r(data, data + 3, 0x40, ctx);
    rv::ContextScope lod(ctx, "LOD", 2);
    rv::ContextScope faces(ctx, "faces");
    r.u8();
    try {
        r.u32();
        FAIL() << "expected a ParseError";
    } catch (const rv::ParseError& e) {
        EXPECT_EQ(e.kind, rv::DiagKind::Truncated);
        EXPECT_EQ(e.offset, 0x41u);
        EXPECT_EQ(e.where, "LOD 2 faces");
        EXPECT_STREQ(e.what(), "LOD 2 faces: needs 4 value bytes but only 2 are left (at offset 0x41)");
    }
}

TEST(ByteReader, CountIsBoundedByTheBytesLeft) {
    const uint8_t data[] = {0xFF, 0xFF, 0xFF, 0xFF, 1, 2, 3, 4, 5, 6, 7, 8};
    rv::ParseContext ctx;
    rv::ByteReader r(data, data + sizeof data, 0, ctx);
    try {
        r.count(4, "faces");
        FAIL();
    } catch (const rv::ParseError& e) {
        EXPECT_EQ(e.kind, rv::DiagKind::BadCount);
        EXPECT_EQ(e.offset, 0u);
        EXPECT_STREQ(e.what(), "faces: count 4294967295 at offset 0x0 exceeds the 8 bytes left");
    }
    rv::ByteReader ok(data + 4, data + 12, 4, ctx);
    const uint8_t two[] = {2, 0, 0, 0, 9, 9, 9, 9, 9, 9, 9, 9};
    rv::ByteReader r2(two, two + sizeof two, 0, ctx);
    EXPECT_EQ(r2.count(4, "faces"), 2u);
}

// The kind a read fails with, or "none".
template <class F>
std::string kindOf(F read) {
    try {
        read();
    } catch (const rv::ParseError& e) {
        return rv::diagKindName(e.kind);
    }
    return "none";
}

TEST(ByteReader, StringWithoutTerminatorFails) {
    const uint8_t data[] = {'a', 'b', 'c'};
    rv::ParseContext ctx;
    rv::ByteReader r(data, data + 3, 0, ctx);
    EXPECT_EQ(kindOf([&] { r.asciiz(); }), "truncated");   // the data ends inside the string
    EXPECT_EQ(r.offset(), 0u);                             // nothing consumed
    EXPECT_EQ(kindOf([&] { r.asciiz(2); }), "bad value");  // longer than any such string may be
}

TEST(ByteReader, SubReaderStaysInsideItsRange) {
    const uint8_t data[16] = {};
    rv::ParseContext ctx;
    rv::ByteReader r(data, data + 16, 0, ctx);
    rv::ByteReader s = r.sub(4, 8);
    EXPECT_EQ(s.offset(), 4u);
    s.u32();
    EXPECT_EQ(kindOf([&] { s.u8(); }), "truncated");
    EXPECT_EQ(kindOf([&] { r.sub(8, 20); }), "truncated");  // runs past the end: bytes are missing
    EXPECT_EQ(kindOf([&] { r.sub(8, 4); }), "bad value");   // inverted: a bad offset
    EXPECT_EQ(kindOf([&] { s.sub(0, 8); }), "bad value");   // starts before the sub-reader
    EXPECT_EQ(kindOf([&] { r.seek(17); }), "truncated");
    EXPECT_EQ(kindOf([&] { r.checkCount(5, 4, "x"); }), "bad count");
}

// A cut file is told in words: where the file ends and what needed the bytes after it. A
// structure that overruns its own range inside the file keeps the structural message.
TEST(ByteReader, CutFileSaysTruncatedWithTheFileEndAndTheStructure) {
    const uint8_t data[16] = {};
    rv::ParseContext ctx;
    rv::ByteReader r(data, data + 16, 0, ctx);
    rv::ContextScope lod(ctx, "LOD", 0);
    const auto message = [](const std::function<void()>& f) -> std::string {
        try {
            f();
        } catch (const rv::ParseError& e) {
            return e.what();
        }
        return "";
    };
    EXPECT_EQ(message([&] { r.sub(8, 40); }),
              "truncated: the file ends at byte 16, but LOD 0 needs bytes up to 40 (at offset 0x0)");
    r.seek(12);
    EXPECT_EQ(message([&] { r.take(8); }),
              "truncated: the file ends at byte 16, but LOD 0 needs bytes up to 20 (at offset 0xc)");
    rv::ByteReader inner = r.sub(4, 8);
    EXPECT_EQ(message([&] { inner.sub(4, 12); }), "LOD 0: range 0x4..0xc lies outside the data (0x4..0x8) (at offset 0x4)");
}

}  // namespace
