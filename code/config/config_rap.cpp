// The rapified config reader ("\0raP", Arma form; format notes §5).
//
//   header    "\0raP", u32 0, u32 8, u32 enumOffset; the root class body follows at 16
//   body      asciiz base, compressedInt n, n entries
//   entry     u8 type: 0 class (asciiz name, u32 body offset) | 1 value (u8 subtype, asciiz
//             name, value) | 2 array (asciiz name, array) | 3 external (asciiz name) |
//             4 delete (asciiz name) | 5 append (u8 flag, 3 pad bytes, asciiz name, array)
//   array     compressedInt n, n x (u8 type, value); type 3 is a nested array
//   values    0 asciiz string, 1 f32, 2 i32, 4 asciiz expression, 6 i64 (HEMTT, Arma 3)
//   enums     at enumOffset: u32 n, n x (asciiz name, u32 value)
//
// Where the samples add to the notes: BI's writer ends every class body with a u32, the offset
// just past that body and the bodies nested in it (for the root it equals enumOffset; every
// body of the 9 rapified rvmat samples and of KAM's config.bin has it). HEMTT's writer leaves it
// out, and bodies are reached by their absolute offsets anyway, so it is not read.
//
// Hostile input: every count must fit the bytes left at 2 bytes per element (the least an
// entry or an array item takes), nesting is bounded by kConfigMaxDepth, and class bodies may not
// overlap: an offset loop, two classes sharing one body (which would let a small file describe an
// exponentially large tree), and a body that starts inside another or runs into another's start
// (a 56 KB file so read 8 M entries, issue 29) are refused. A body's own bytes are its base,
// count and entries; the bodies of its classes lie elsewhere in both writers' layouts. So every
// byte is read once, and the tree grows linearly with the file.
#include <map>
#include <string>

#include "config/config_internal.hpp"
#include "core/work_meter.hpp"

namespace rv::config {
namespace {

constexpr size_t kMinElementBytes = 2;  // an entry: type + empty name; an item: type + 1 byte

class RapReader {
public:
    RapReader(ByteReader& r, ReadState& s) : r_(r), s_(s) {}

    ConfigTree read() {
        r_.skip(4);  // "\0raP", checked by the caller
        const uint64_t wordsAt = r_.offset();
        const uint32_t zero = r_.u32(), eight = r_.u32();
        if (zero != 0 || eight != 8)
            r_.failAt(DiagKind::Unsupported, wordsAt,
                      "raP header words " + std::to_string(zero) + ", " + std::to_string(eight) +
                          " (the Arma form has 0, 8; OFP's indexed-string form is not supported)");
        const uint64_t enumAt = r_.offset();
        const uint32_t enumOffset = r_.u32();
        ConfigTree t;
        t.format = ConfigFormat::Rapified;
        readBody(t.root, r_.offset(), 0, "the root class");
        readEnums(t, enumAt, enumOffset);
        return t;
    }

private:
    // Little-endian base 128, at most 5 bytes for a 32-bit count.
    uint32_t compressedInt(ByteReader& b) {
        const uint64_t at = b.offset();
        b.context().noteCount(at);
        uint64_t v = 0;
        for (int shift = 0;; shift += 7) {
            const uint8_t byte = b.u8();
            v |= uint64_t(byte & 0x7f) << shift;
            if (!(byte & 0x80)) break;
            if (shift >= 28)
                b.failAtStated(DiagKind::BadValue, at,
                               "compressed int at offset " + hexOffset(at) + " runs over 5 bytes");
        }
        if (v > UINT32_MAX)
            b.failAtStated(DiagKind::BadCount, at,
                           "compressed int " + std::to_string(v) + " at offset " + hexOffset(at) + " exceeds 32 bits");
        return uint32_t(v);
    }

    uint32_t count(ByteReader& b, const char* what) {
        const uint64_t at = b.offset();
        const uint32_t n = compressedInt(b);
        if (n > b.remaining() / kMinElementBytes)
            b.failAtStated(DiagKind::BadCount, at,
                           std::string(what) + " count " + std::to_string(n) + " at offset " + hexOffset(at) +
                               " exceeds the " + std::to_string(b.remaining()) + " bytes left");
        return n;
    }

    std::string text(ByteReader& b) {
        std::string s = b.asciiz(b.remaining());
        chargeMemory(s_, b, s.size());
        return s;
    }

    // A scalar of value subtype / array item type `type` (3, the nested array, is the caller's).
    ConfigValue value(ByteReader& b, uint8_t type, const char* what) {
        chargeMemory(s_, b, sizeof(ConfigValue));
        switch (type) {
            case 0:
                return ConfigValue::string(text(b));
            case 1:
                return ConfigValue::floating(b.f32());
            case 2:
                return ConfigValue::integral(b.i32());
            case 4:
                return ConfigValue::string(text(b), ConfigValueType::Expression);
            case 6: {
                ConfigValue v = ConfigValue::integral(b.read<int64_t>());
                v.type = ConfigValueType::Int64;  // as stored, even when it would fit 32 bits
                return v;
            }
            default:
                break;
        }
        b.failAt(DiagKind::BadValue, b.offset() - 1, std::string("unknown ") + what + " type " + std::to_string(type));
    }

    ConfigValue array(ByteReader& b, int depth) {
        if (depth > kConfigMaxDepth)
            b.fail(DiagKind::BadCount, "arrays nested deeper than " + std::to_string(kConfigMaxDepth) + " levels");
        const uint32_t n = count(b, "array item");
        ConfigValue a = ConfigValue::array({});
        for (uint32_t i = 0; i < n; ++i) {
            const uint8_t type = b.u8();
            if (type == 3) chargeMemory(s_, b, sizeof(ConfigValue));
            a.items.push_back(type == 3 ? array(b, depth + 1) : value(b, type, "array item"));
        }
        return a;
    }

    void readEntry(ByteReader& b, ConfigEntry& cls, int depth) {
        ConfigEntry e;
        e.offset = b.offset();
        work::count(1);  // entries read: a file that makes the reader read its bytes again shows here
        const uint8_t type = b.u8();
        chargeMemory(s_, b, sizeof(ConfigEntry));
        switch (type) {
            case 0:
                readClassEntry(b, e, depth);
                break;
            case 1: {
                const uint8_t subtype = b.u8();
                e.kind = ConfigEntryKind::Value;
                e.name = text(b);
                if (subtype == 3)
                    b.fail(DiagKind::BadValue, "value " + e.name + " has the array type 3 as its subtype");
                NameScope scope(s_, "value", e.name);
                e.value = value(b, subtype, "value");
                break;
            }
            case 2:
            case 5:
                readArrayEntry(b, e, type);
                break;
            case 3:
            case 4:
                e.kind = type == 3 ? ConfigEntryKind::External : ConfigEntryKind::Delete;
                e.name = text(b);
                break;
            default:
                b.failAt(DiagKind::BadValue, e.offset, "unknown entry type " + std::to_string(type));
        }
        cls.entries.push_back(std::move(e));
    }

    void readClassEntry(ByteReader& b, ConfigEntry& e, int depth) {
        e.kind = ConfigEntryKind::Class;
        e.name = text(b);
        const uint32_t bodyOffset = b.u32();
        if (depth + 1 > kConfigMaxDepth)
            b.failAt(DiagKind::BadCount, e.offset,
                     "classes nested deeper than " + std::to_string(kConfigMaxDepth) + " levels");
        NameScope scope(s_, "class", e.name);
        readBody(e, bodyOffset, depth + 1, "class " + e.name);
    }

    // 2: name, array. 5 (+=): a flag byte (1 in every file seen: HEMTT writes 5, 1, 0, 0, 0),
    // 3 pad bytes, name, array.
    void readArrayEntry(ByteReader& b, ConfigEntry& e, uint8_t type) {
        e.kind = type == 2 ? ConfigEntryKind::Array : ConfigEntryKind::ArrayAppend;
        if (type == 5) {
            const uint64_t flagAt = b.offset();
            const uint8_t flag = b.u8();
            const uint8_t* pad = b.take(3);
            if (flag != 1 || pad[0] || pad[1] || pad[2]) {
                ByteReader at = b;
                at.seek(flagAt);
                s_.warnings.add(at, DiagKind::UnknownRecord,
                                "array append flag bytes " + std::to_string(flag) + ", " + std::to_string(pad[0]) +
                                    ", " + std::to_string(pad[1]) + ", " + std::to_string(pad[2]) +
                                    " (1, 0, 0, 0 expected); read as an append");
            }
        }
        e.name = text(b);
        NameScope scope(s_, "array", e.name);
        chargeMemory(s_, b, sizeof(ConfigValue));
        e.value = array(b, 1);
    }

    // A class body: where it ends (0 while it is read) or, while it is read, its reader.
    struct Body {
        uint64_t end = 0;
        const ByteReader* reader = nullptr;
        std::string label;  // "class Stage1", for messages
    };

    // Refuses a body at `at` that the body before it covers: its start (an offset loop while that
    // one is read, else a body shared by two classes), or a byte it has read. Checking the one
    // before suffices: no body covers another's start (checkBodyEnd).
    void checkBodyStart(uint64_t at) {
        if (at < 16)
            r_.failAtStated(DiagKind::BadValue, at, "class body offset " + hexOffset(at) + " points into the header");
        auto next = bodies_.upper_bound(at);
        if (next == bodies_.begin()) return;
        const auto& [start, body] = *std::prev(next);
        const uint64_t end = body.reader ? body.reader->offset() : body.end;
        if (start == at && body.reader)
            r_.failAtStated(DiagKind::BadValue, at,
                            "class body offset " + hexOffset(at) + " loops back to an enclosing class");
        if (start == at)
            r_.failAtStated(DiagKind::BadValue, at,
                            "class body at offset " + hexOffset(at) + " is shared with another class");
        if (at < end)
            r_.failAtStated(DiagKind::BadValue, at,
                            "class body at offset " + hexOffset(at) + " lies inside the body of " + body.label +
                                " (offsets " + hexOffset(start) + " to " + hexOffset(end) + ")");
    }

    // Refuses a body whose bytes so far (from `start` to b's offset) reach the next body's start.
    void checkBodyEnd(const ByteReader& b, uint64_t start, const std::string& label) {
        const auto next = bodies_.upper_bound(start);
        if (next != bodies_.end() && b.offset() > next->first)
            b.failAtStated(DiagKind::BadValue, next->first,
                           "the body of " + label + " at offset " + hexOffset(start) + " runs into the body of " +
                               next->second.label + " at offset " + hexOffset(next->first));
    }

    void readBody(ConfigEntry& cls, uint64_t at, int depth, const std::string& label) {
        checkBodyStart(at);
        ByteReader b = r_;
        b.seek(at);
        chargeMemory(s_, b, sizeof(Body) + 64 + label.size());  // the map node
        Body& body = bodies_[at];                               // map nodes stay in place while others are added
        body.reader = &b;
        body.label = label;
        cls.base = text(b);
        const uint32_t n = count(b, "class entry");
        checkBodyEnd(b, at, label);
        for (uint32_t i = 0; i < n; ++i) {
            readEntry(b, cls, depth);
            checkBodyEnd(b, at, label);  // the entry may have been a class whose body is next
        }
        body.reader = nullptr;
        body.end = b.offset();
        warnDuplicateNames(s_, b, cls);
    }

    void readEnums(ConfigTree& t, uint64_t enumAt, uint32_t enumOffset) {
        if (enumOffset < 16)
            r_.failAtStated(DiagKind::BadValue, enumAt,
                            "enum table offset " + hexOffset(enumOffset) + " points into the header");
        ByteReader b = r_;
        b.seek(enumOffset);
        if (b.atEnd()) {
            s_.warnings.add(b, DiagKind::EndsEarly, "no enum table at the end (its u32 count is missing)");
            return;
        }
        const uint32_t n = b.count(5, "enum table");  // asciiz name (1+) and u32 value
        for (uint32_t i = 0; i < n; ++i) {
            std::string name = text(b);
            t.enums.emplace_back(std::move(name), b.u32());
        }
        if (!b.atEnd())
            s_.warnings.add(b, DiagKind::UnreadBytes, std::to_string(b.remaining()) + " bytes after the enum table");
    }

    ByteReader& r_;
    ReadState& s_;
    std::map<uint64_t, Body> bodies_;  // every body read or being read, by its start
};

}  // namespace

ConfigTree readRapConfig(ByteReader& r, ReadState& s) {
    RapReader reader(r, s);
    return reader.read();
}

}  // namespace rv::config
