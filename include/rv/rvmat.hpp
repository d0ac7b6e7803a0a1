// Materials (.rvmat, text or rapified) read from a config tree, and procedural textures.
//
//   auto mat = rv::decodeRvmat(bytes.data(), bytes.size(), "agm_m84.rvmat");
//   if (mat) for (const rv::RvMatStage& s : mat->stages) use(s.texture, s.uvSource);
//   auto proc = rv::parseProcedural("#(argb,8,8,3)color(0.5,0.5,0.5,1,DT)");  // color 0.5,0.5,0.5,1
//
// Keys are matched case-insensitively, as the engine does ("Ambient[]" in acre_antennabag.rvmat
// is the ambient colour). Every value keeps its stored spelling; nothing is resolved against a
// data root here. A material is read tolerantly: a key of the wrong shape is skipped with a
// warning and the rest of the material is kept.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rv/config.hpp"
#include "rv/error.hpp"
#include "rv/math_types.hpp"
#include "rv/options.hpp"

namespace rv {

// One texture stage: `class StageN { texture; uvSource; class uvTransform {...} }`, or the
// thermal stage `class StageTI { texture; }`.
struct RvMatStage {
    std::string className;  // as stored: "Stage1", "StageTI"
    int index = -1;         // N of StageN; -1 for StageTI and any other Stage* name
    bool thermal = false;   // StageTI
    std::string texture;    // as stored; may be procedural ("#(argb,8,8,3)color(1,1,1,1,AS)")
    std::string uvSource;   // "tex", "tex1", "none", "worldPos"...; "" when absent
    int texGen = -1;        // `texGen = N`: uvSource and uvTransform come from class TexGenN
    bool hasUvTransform = false;
    // class uvTransform as stored, rows aside, up, dir, pos (the layout of OdolStageTransform).
    // Absent rows: aside (1,0,0), up (0,1,0), dir and pos 0, the form the samples write.
    Mat43 uvTransform{{1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0}};
};

struct RvMaterial {
    std::string pixelShader;   // PixelShaderID as stored: "Super", "NormalMapSpecularDIMap"...; "" when absent
    std::string vertexShader;  // VertexShaderID: "Super", "NormalMap", "Basic"...
    // The colours as stored (r, g, b, a; values above 1 are real: chroma.rvmat's ambient is 100),
    // empty when the file does not set them. `emissive` is read from "emmisive", the engine's
    // spelling, or from "emissive".
    std::optional<Rgba> ambient, diffuse, forcedDiffuse, emissive, specular;
    std::optional<float> specularPower;
    std::string surfaceInfo;         // the .bisurf path; "" when absent
    std::vector<RvMatStage> stages;  // every Stage* class in file order, StageTI included
    std::vector<Warning> warnings;   // keys skipped for their shape (a colour of 2 numbers...)

    const RvMatStage* stage(int index) const;  // StageN, or null
    const RvMatStage* thermalStage() const;    // StageTI, or null
};

// Interprets a decoded config as a material. Never fails: what it cannot read it skips with a
// warning (the tree's own warnings are not copied).
RvMaterial readRvmat(const ConfigTree& tree);

// decodeConfig (its #include lines read through `pp`), then readRvmat; the warnings of both,
// decode first.
[[nodiscard]] Result<RvMaterial> decodeRvmat(const uint8_t* data, size_t size, const std::string& sourceName,
                                             const Options& options = {}, const PreprocessOptions& pp = {});

// ---- procedural textures: "#(format,width,height,mips)function(arguments)" ----

struct ProceduralArgument {
    std::string text;      // as written, spaces trimmed
    bool numeric = false;  // the whole text reads as a number
    float value = 0;       // when numeric
};

struct ProceduralTexture {
    std::string format;  // as written: "argb", "ai", "rgb"...
    uint32_t width = 0, height = 0, mips = 0;
    std::string function;  // as written: "color", "fresnel", "irradiance", "perlinNoise"...
    std::vector<ProceduralArgument> arguments;
    // true for color(), the one generator rvimport evaluates; any other function is returned
    // with its name and arguments so a caller can name it in a warning and skip it.
    bool supported = false;
    // color(r, g, b, a [, tag]): the constant colour as written, each channel a fraction of full
    // intensity (0 none, 1 full); see proceduralRgba8 for the texels. The optional fifth argument
    // is the texture-type tag as written ("CO", "DT", "MC", "AS", "SMDI", lower case too).
    Rgba color{0, 0, 0, 0};
    std::string tag;
};

bool isProceduralTexture(std::string_view texture);  // starts with '#'

// Parses a procedural texture reference. Errors (DiagKind::BadValue; NotRecognized when it does
// not start with "#(") name the string and the character offset. A color() needs 4 numbers and
// may have a tag; other functions are not checked beyond their syntax.
[[nodiscard]] Result<ProceduralTexture> parseProcedural(std::string_view text);

// The RGBA8 texel of a color(): each channel round(clamp(x, 0, 1) * 255), halves rounded up
// (0.5 -> 128). This is rvimport's choice; the engine's rounding is unverified.
std::array<uint8_t, 4> proceduralRgba8(const Rgba& color);

}  // namespace rv
