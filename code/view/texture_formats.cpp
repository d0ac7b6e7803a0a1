// The texture formats (include/rv/texture.hpp): one table, one entry per format. The front door
// sniffs through it, and every reader of pixels decodes through it; a new format is one entry.
#include <utility>

#include "rv/texture.hpp"

namespace rv {
namespace {

// PAA and PAC: one decoder (rv/paa.hpp). The container's name follows the engine's rule: P8 is
// OFP's .pac palette format; every other type is a PAA.
Result<TextureFile> readPaaFile(const uint8_t* data, size_t size, const std::string& name, const Options& options) {
    Result<PaaTexture> paa = decodePaa(data, size, name, options);
    if (!paa) return paa.error();
    TextureFile t;
    t.sourceName = paa->sourceName;
    t.container = paa->type == PaaType::P8 ? "PAC" : "PAA";
    t.encoding = paaTypeName(paa->type);
    t.fileSize = paa->fileSize;
    t.mips.reserve(paa->mips.size());
    for (const PaaMip& m : paa->mips)
        t.mips.push_back(
            {m.width, m.height, paaStorageName(m.storage), m.headerOffset, m.dataOffset, m.dataSize, m.decodedSize});
    t.warnings = std::move(paa->warnings);
    paa->warnings.clear();
    t.paa = std::move(paa.value());
    return t;
}

Result<Image> decodePaaFileMip(const TextureFile& t, const uint8_t* data, size_t size, size_t mip,
                               const TextureDecodeOptions& options) {
    PaaDecodeOptions decode;
    decode.rawChannels = options.rawChannels;
    decode.memoryLimit = options.memoryLimit;
    decode.budget = options.budget;
    return decodePaaMip(*t.paa, data, size, mip, decode);
}

struct TextureFormat {
    bool (*hasSignature)(const uint8_t* data, size_t size);
    bool (*claimsName)(const std::string& name);  // a file without a signature, told by its name
    Result<TextureFile> (*read)(const uint8_t* data, size_t size, const std::string& name, const Options& options);
    Result<Image> (*decodeMip)(const TextureFile& texture, const uint8_t* data, size_t size, size_t mip,
                               const TextureDecodeOptions& options);
};

const TextureFormat kFormats[] = {
    {hasPaaType, isPaaName, readPaaFile, decodePaaFileMip},
};
constexpr size_t kFormatCount = sizeof kFormats / sizeof kFormats[0];

// The format of a file: by signature first (a renamed file is still what its bytes say), then by
// the name of a format whose files can lack one. kFormatCount when none.
size_t formatOf(const uint8_t* data, size_t size, const std::string& name) {
    for (size_t i = 0; i < kFormatCount; ++i)
        if (kFormats[i].hasSignature(data, size)) return i;
    for (size_t i = 0; i < kFormatCount; ++i)
        if (kFormats[i].claimsName(name)) return i;
    return kFormatCount;
}

}  // namespace

TextureDecodeOptions textureDecodeOptions(const Options& options, bool rawChannels) {
    TextureDecodeOptions d;
    d.rawChannels = rawChannels;
    d.memoryLimit = options.memoryLimit;
    d.budget = options.budget;
    return d;
}

bool isTexture(const uint8_t* data, size_t size, const std::string& name) {
    return formatOf(data, size, name) < kFormatCount;
}

bool isTextureName(const std::string& name) {
    for (const TextureFormat& f : kFormats)
        if (f.claimsName(name)) return true;
    return false;
}

Result<TextureFile> readTexture(const uint8_t* data, size_t size, const std::string& name, const Options& options) {
    const size_t format = formatOf(data, size, name);
    if (format == kFormatCount)
        return withSource(makeError(DiagKind::NotRecognized,
                                    "not a texture: no PAA type at offset 0x0, and the name ends in neither .paa "
                                    "nor .pac"),
                          name);
    Result<TextureFile> t = kFormats[format].read(data, size, name, options);
    if (t) t->format = uint8_t(format);
    return t;
}

Result<Image> decodeTextureMip(const TextureFile& texture, const uint8_t* data, size_t size, size_t mip,
                               const TextureDecodeOptions& options) {
    if (texture.format >= kFormatCount)
        return withSource(makeError(DiagKind::InvalidArgument, "the texture was not read by readTexture"),
                          texture.sourceName);
    return kFormats[texture.format].decodeMip(texture, data, size, mip, options);
}

size_t textureMipWithin(const std::vector<TextureMipInfo>& mips, uint32_t maxSize) {
    if (maxSize == 0 || mips.empty()) return 0;
    auto pixels = [&](size_t i) { return uint64_t(mips[i].width) * mips[i].height; };
    size_t fitting = mips.size(), smallest = 0;
    for (size_t i = 0; i < mips.size(); ++i) {
        if (mips[i].width <= maxSize && mips[i].height <= maxSize &&
            (fitting == mips.size() || pixels(i) > pixels(fitting)))
            fitting = i;
        if (pixels(i) < pixels(smallest)) smallest = i;
    }
    return fitting < mips.size() ? fitting : smallest;
}

Result<Image> decodeTexture(const uint8_t* data, size_t size, const std::string& name, const Options& options) {
    Result<TextureFile> texture = readTexture(data, size, name, options);
    if (!texture) return texture.error();
    const size_t mip = textureMipWithin(texture->mips, options.maxTextureSize);
    return decodeTextureMip(texture.value(), data, size, mip, textureDecodeOptions(options));
}

}  // namespace rv
