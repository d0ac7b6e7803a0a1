// Textures on the command line: `rvimport info TEX.paa`, `rvimport dump --json TEX.paa` and
// `rvimport export TEX.paa OUT.png [--mip N] [--raw-channels]`, and the conversion `batch` uses.
// No Assimp; PNG by the view's encoder (rv/png.hpp), written to a temporary file beside OUT and
// renamed into place only once it is complete, so a failed export never leaves half a PNG or
// touches the input.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include "cli/arguments.hpp"
#include "cli/commands.hpp"
#include "cli/export_summary.hpp"
#include "cli/json_writer.hpp"
#include "cli/output_file.hpp"
#include "rv/file_bytes.hpp"
#include "rv/open.hpp"
#include "rv/paths.hpp"
#include "rv/png.hpp"
#include "rv/printable.hpp"
#include "rv/texture.hpp"

namespace fs = std::filesystem;

namespace rv::cli {
namespace {

std::string hex8(const PaaColor& c) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x%02x", c.r, c.g, c.b, c.a);
    return buf;
}

// What a ZIWS byte says a stored channel holds: "R", "1-R", "1".
std::string swizzleSource(uint8_t v) {
    static const char* const kChannel[4] = {"A", "R", "G", "B"};
    if (v < 4) return kChannel[v];
    if (v < 8) return std::string("1-") + kChannel[v - 4];
    return v == 8 ? "1" : "?";
}

PaaColor averageOf(const Image& img) {
    uint64_t sum[4] = {0, 0, 0, 0};
    for (size_t i = 0; i < img.rgba.size(); ++i) sum[i % 4] += img.rgba[i];
    const uint64_t n = img.rgba.empty() ? 1 : img.rgba.size() / 4;
    return {uint8_t((sum[0] + n / 2) / n), uint8_t((sum[1] + n / 2) / n), uint8_t((sum[2] + n / 2) / n),
            uint8_t((sum[3] + n / 2) / n)};
}

// What PAA / PAC store beyond the pixels: flags, swizzle, stored colours, tags.
void writePaaHeaderInfo(std::FILE* out, const PaaTexture& t) {
    if (t.hasFlags)
        std::fprintf(out, "flags      GALF 0x%08x:%s%s%s\n", t.flags, t.alpha() ? " alpha" : "",
                     t.transparent() ? " transparent (1-bit)" : "", t.alpha() || t.transparent() ? "" : " none");
    if (t.hasSwizzle)
        std::fprintf(out,
                     "swizzle    ZIWS %02x %02x %02x %02x: stored A = %s, R = %s, G = %s, B = %s (exports undo it; "
                     "--raw-channels keeps it)\n",
                     t.swizzle[0], t.swizzle[1], t.swizzle[2], t.swizzle[3], swizzleSource(t.swizzle[0]).c_str(),
                     swizzleSource(t.swizzle[1]).c_str(), swizzleSource(t.swizzle[2]).c_str(),
                     swizzleSource(t.swizzle[3]).c_str());
    if (t.hasAverageColor)
        std::fprintf(out, "CGVA       %s (stored average colour, RGBA)\n", hex8(t.averageColor).c_str());
    if (t.hasMaxColor) std::fprintf(out, "CXAM       %s (stored maximum colour, RGBA)\n", hex8(t.maxColor).c_str());
    if (!t.procedural.empty()) std::fprintf(out, "procedural %s\n", printable(t.procedural).c_str());
    if (!t.palette.empty()) std::fprintf(out, "palette    %zu colours\n", t.palette.size());
    std::fprintf(out, "tags      ");
    for (const PaaTag& tag : t.tags) std::fprintf(out, " %s", printable(tag.name).c_str());
    std::fprintf(out, "%s\n", t.tags.empty() ? " none" : "");
}

void writeHeaderInfo(std::FILE* out, const TextureFile& t) {
    const PaaTexture* paa = t.paa ? &*t.paa : nullptr;
    if (paa && !paa->typed)
        std::fprintf(out, "format     %s %s without a type field (OFP)\n", t.container.c_str(), t.encoding.c_str());
    else if (paa)
        std::fprintf(out, "format     %s %s (type 0x%04x)\n", t.container.c_str(), t.encoding.c_str(),
                     unsigned(paa->typeTag));
    else
        std::fprintf(out, "format     %s %s\n", t.container.c_str(), t.encoding.c_str());
    std::fprintf(out, "size       %u x %u, %zu mip%s\n", t.width(), t.height(), t.mips.size(),
                 t.mips.size() == 1 ? "" : "s");
    if (paa) writePaaHeaderInfo(out, *paa);
    std::fprintf(out, "\n  #  %-11s %-7s %10s %10s  %s\n", "size", "storage", "stored", "unpacked", "data at");
    for (size_t i = 0; i < t.mips.size(); ++i) {
        const TextureMipInfo& m = t.mips[i];
        const std::string size = std::to_string(m.width) + "x" + std::to_string(m.height);
        std::fprintf(out, "%3zu  %-11s %-7s %10llu %10llu  0x%llx\n", i, size.c_str(), m.storage,
                     static_cast<unsigned long long>(m.storedSize), static_cast<unsigned long long>(m.decodedSize),
                     static_cast<unsigned long long>(m.dataOffset));
    }
}

// PAA / PAC's own header in `dump --json`, between the size and the mips (the order scripts know).
void writePaaJson(JsonWriter& j, const PaaTexture& t) {
    auto colour = [&j](const char* k, bool has, const PaaColor& c) {
        j.key(k);
        if (!has) return j.null();
        j.beginArray();
        for (uint8_t v : {c.r, c.g, c.b, c.a}) j.value(uint32_t(v));
        j.endArray();
    };
    j.key("tags");
    j.beginArray();
    for (const PaaTag& tag : t.tags) {
        j.beginObject();
        j.field("name", tag.name);
        j.field("offset", uint64_t(tag.offset));
        j.field("size", tag.size);
        j.endObject();
    }
    j.endArray();
    colour("average_color", t.hasAverageColor, t.averageColor);
    colour("max_color", t.hasMaxColor, t.maxColor);
    j.key("flags");
    t.hasFlags ? j.value(t.flags) : j.null();
    j.field("alpha", t.alpha());
    j.field("transparent", t.transparent());
    j.key("swizzle");
    if (t.hasSwizzle) {
        j.beginArray();
        for (uint8_t v : t.swizzle) j.value(uint32_t(v));
        j.endArray();
    } else {
        j.null();
    }
    j.field("procedural", t.procedural);
    uints(j, "mip_offsets", t.mipOffsets);
    j.key("palette");
    j.beginArray();
    for (const PaaColor& c : t.palette) {
        j.beginArray();
        for (uint8_t v : {c.r, c.g, c.b}) j.value(uint32_t(v));
        j.endArray();
    }
    j.endArray();
}

void writeTextureJson(std::FILE* out, const TextureFile& t, bool pretty) {
    const PaaTexture* paa = t.paa ? &*t.paa : nullptr;
    JsonWriter j(out, pretty);
    j.beginObject();
    j.field("format", t.container);
    j.field("type", t.encoding);
    if (paa) {
        j.field("type_tag", uint32_t(paa->typeTag));
        j.field("typed", paa->typed);
    }
    j.field("file_size", uint64_t(t.fileSize));
    j.field("width", t.width());
    j.field("height", t.height());
    if (paa) writePaaJson(j, *paa);
    j.key("mips");
    j.beginArray();
    for (const TextureMipInfo& m : t.mips) {
        j.beginObject();
        j.field("width", m.width);
        j.field("height", m.height);
        j.field("storage", m.storage);
        j.field("header_offset", uint64_t(m.headerOffset));
        j.field("data_offset", uint64_t(m.dataOffset));
        j.field("data_size", uint64_t(m.storedSize));
        j.field("decoded_size", uint64_t(m.decodedSize));
        j.endObject();
    }
    j.endArray();
    if (paa) j.field("trailing_zero", paa->trailingZero);
    warnings(j, t.warnings);
    j.endObject();
}

struct LoadedTexture {
    std::vector<uint8_t> bytes;
    TextureFile texture;
};

// Reads and decodes a texture's header through the front door. Returns "" or the error (file,
// structure, offset; or what the file is when it is no texture).
std::string loadTexture(const std::string& path, const Options& options, LoadedTexture& out,
                        const std::vector<uint8_t>* bytes = nullptr) {
    if (bytes) {  // a PBO entry's: the door reads them in place, and the mips are read from our copy
        out.bytes = *bytes;
        auto file = open(out.bytes.data(), out.bytes.size(), fileNameOf(path), options, accepting(kAcceptTexture));
        if (!file) return diagnosticLine(file.error());
        out.texture = std::move(*file->texture);
        return {};
    }
    auto file = openFile(path, options, accepting(kAcceptTexture));
    if (!file) return diagnosticLine(file.error());
    out.bytes = std::move(file->bytes);  // the mips are read from these; the texture keeps offsets
    out.texture = std::move(*file->texture);
    return {};
}

// Writes img to `out` through writeFileSafely (a temporary file beside it, renamed when
// complete), the encoder's scratch charged to `budget`. Returns "" or why, with the system's reason.
std::string writePng(const std::string& out, const Image& img, MemoryBudget& budget) {
    const Result<std::vector<uint8_t>> encoded = encodePng(img, &budget);
    if (!encoded) return "cannot write " + out + ": " + diagnosticLine(encoded.error());
    const std::vector<uint8_t>& png = encoded.value();
    return writeFileSafely(out, [&](std::FILE* f) { return std::fwrite(png.data(), 1, png.size(), f) == png.size(); });
}

}  // namespace

bool describeTexture(const OpenedFile& file, bool json, bool pretty) {
    const TextureFile& t = file.texture.value();
    if (json) {
        writeTextureJson(stdout, t, pretty);
        return true;
    }
    writeHeaderInfo(stdout, t);
    auto top = decodeTextureMip(t, file.bytes.data(), file.bytes.size(), 0, textureDecodeOptions(file.options));
    if (top) std::fprintf(stdout, "\naverage    %s (mip 0 as exported)\n", hex8(averageOf(top.value())).c_str());
    std::fprintf(stdout, "warnings (%zu)\n", t.warnings.size());
    for (const Warning& w : t.warnings) std::fprintf(stdout, "  %s\n", printable(diagnosticLine(w)).c_str());
    if (!top) {
        std::fflush(stdout);
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(top.error())).c_str());
        return false;
    }
    return true;
}

int exportTexture(const CliOptions& opt, const std::string& in, const std::string& out) {
    const bool png = opt.format.empty() ? endsWithNoCase(out, ".png") : asciiLower(opt.format) == "png";
    if (!png) {
        std::fprintf(stderr, "rvimport export: a texture exports to PNG only (OUT ending in .png, or -f png)\n");
        return kExitUsage;
    }
    std::vector<Warning> warnings;
    const Diagnostic failure = convertTextureToPng(in, out, opt.decode, opt.mip, opt.rawChannels, warnings);
    printWarnings(in, fileNameOf(in), warnings);
    if (!failure.message.empty()) {
        std::fprintf(stderr, "%s\n", printable(diagnosticLine(failure)).c_str());
        return failure.kind == DiagKind::InvalidArgument ? kExitUsage : kExitDecode;  // a --mip it lacks
    }
    printExportSummary(opt, out, "", warnings.size());
    return kExitOk;
}

Diagnostic convertTextureToPng(const std::string& in, const std::string& out, const Options& decode, size_t mip,
                               bool rawChannels, std::vector<Warning>& warnings, const std::vector<uint8_t>* bytes) {
    // One budget for the export, as for a model: the front door charges the file's bytes to it,
    // then the pixels and the PNG encoder's scratch are charged here.
    MemoryBudget budget(decode.memoryLimit);
    Options options = decode;
    options.budget = &budget;
    LoadedTexture lt;
    if (std::string error = loadTexture(in, options, lt, bytes); !error.empty())
        return makeError(DiagKind::BadValue, error);
    const TextureFile& t = lt.texture;
    warnings.insert(warnings.end(), t.warnings.begin(), t.warnings.end());
    if (mip >= t.mips.size())
        return makeError(DiagKind::InvalidArgument,
                         "rvimport export: " + t.sourceName + " has " + std::to_string(t.mips.size()) + " mips (0.." +
                             std::to_string(t.mips.size() - 1) + "), not --mip " + std::to_string(mip));
    auto img = decodeTextureMip(t, lt.bytes.data(), lt.bytes.size(), mip, textureDecodeOptions(options, rawChannels));
    if (!img) return img.error();
    const uint64_t pixelBytes = img->rgba.size();
    if (!budget.tryCharge(pixelBytes))
        return withSource(makeError(DiagKind::MemoryLimit, budget.overMessage("its pixels", pixelBytes)), t.sourceName);
    const fs::path parent = fs::u8path(out).parent_path();
    std::error_code ec;
    if (!parent.empty()) fs::create_directories(parent, ec);  // a failure shows up when writing
    const std::string written = writePng(out, img.value(), budget);
    return written.empty() ? Diagnostic{} : makeError(DiagKind::CannotRead, written);  // no message: written
}

}  // namespace rv::cli
