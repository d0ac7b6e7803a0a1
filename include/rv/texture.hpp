// Textures, whatever their format: the one interface through which the front door, the view and
// every front end (CLI, C ABI, glTF writer, Assimp importers) read them.
//
//   auto file = rv::openFile("m_co.paa", {}, rv::accepting(rv::kAcceptTexture));
//   const rv::TextureFile& t = *file->texture;  // container, encoding, size, mips, warnings
//   auto img = rv::decodeTextureMip(t, file->bytes.data(), file->bytes.size(), 0);  // RGBA8
//
// PAA and PAC (rv/paa.hpp) are its formats today. A new one (EDDS is the next asked for) is one
// entry in code/view/texture_formats.cpp: its signature, the names it claims, its header reader
// and its mip decoder. Nothing outside that file names a format's decoder.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "rv/defaults.hpp"
#include "rv/error.hpp"
#include "rv/image.hpp"
#include "rv/memory_budget.hpp"
#include "rv/options.hpp"
#include "rv/paa.hpp"

namespace rv {

struct TextureMipInfo {
    uint32_t width = 0, height = 0;
    const char* storage = "raw";  // how its bytes are stored: "raw", "LZO", "LZSS", "RLE"
    uint64_t headerOffset = 0;    // where the mip's own header starts
    uint64_t dataOffset = 0;      // where its data starts
    uint64_t storedSize = 0;      // bytes of data in the file
    uint64_t decodedSize = 0;     // bytes of pixel data once unpacked
};

struct TextureFile {
    std::string sourceName;  // starts every diagnostic
    std::string container;   // the file format: "PAA", "PAC"
    // The pixels' format as stored: "DXT1".."DXT5", "ARGB4444", "ARGB1555", "ARGB8888", "AI88", "P8".
    std::string encoding;
    uint64_t fileSize = 0;
    std::vector<TextureMipInfo> mips;  // in file order; mips[0] is the largest
    std::vector<Warning> warnings;
    // The format's own header, for the tools that show it (`rvimport info`, `dump --json`):
    // PAA / PAC's type tag, TAGGs, palette and swizzle. Decoding needs none of it.
    std::optional<PaaTexture> paa;
    // Which entry of the format table read it (decodeTextureMip dispatches on it).
    uint8_t format = 0;

    uint32_t width() const { return mips.empty() ? 0 : mips[0].width; }
    uint32_t height() const { return mips.empty() ? 0 : mips[0].height; }
};

struct TextureDecodeOptions {
    bool rawChannels = false;                       // true: the channels as stored (a PAA's ZIWS swizzle kept)
    uint64_t memoryLimit = defaults::kMemoryLimit;  // the most one mip decode may allocate
    // The import's budget, when the decode is part of one: the decode may allocate what it has left
    // (at most memoryLimit). Nothing is charged here: the caller charges the pixels it keeps.
    const MemoryBudget* budget = nullptr;
};
// The decode options of an import: its memory limit and budget.
TextureDecodeOptions textureDecodeOptions(const Options& options, bool rawChannels = false);

// Whether `data` (the file's first bytes are enough) named `name` is a texture: a format's
// signature, else a name that only a texture without one has (OFP's untyped .paa / .pac).
bool isTexture(const uint8_t* data, size_t size, const std::string& name);
// Whether a name is a texture file's by its extension (".paa", ".pac"; any case): what a game
// reference names, before there are bytes to sniff.
bool isTextureName(const std::string& name);

// Reads a texture's header and mip table; no pixel data is unpacked, but every mip's size is
// checked against its data and options.memoryLimit. Errors name the file, structure and offset.
[[nodiscard]] Result<TextureFile> readTexture(const uint8_t* data, size_t size, const std::string& name,
                                              const Options& options = {});

// Decodes mip `mip` of a texture read by readTexture from the same bytes to RGBA8, top row first.
[[nodiscard]] Result<Image> decodeTextureMip(const TextureFile& texture, const uint8_t* data, size_t size, size_t mip,
                                             const TextureDecodeOptions& options = {});

// The mip an output takes under a size cap (Options::maxTextureSize): the largest (most pixels)
// whose width and height are both <= maxSize, else, when none is, the smallest; 0 (the top mip)
// when maxSize is 0 or there are no mips. Nothing is resampled. Ties go to the earlier mip.
size_t textureMipWithin(const std::vector<TextureMipInfo>& mips, uint32_t maxSize);

// A whole texture file to the pixels an import uses: its mip within options.maxTextureSize, the
// channels as meant to be seen, decoded under options' limit and budget.
[[nodiscard]] Result<Image> decodeTexture(const uint8_t* data, size_t size, const std::string& name,
                                          const Options& options);

}  // namespace rv
