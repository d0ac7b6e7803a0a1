// The verbs of the rvimport command-line tool and the writers they share.
//
// Files: main.cpp (usage, dispatch), info.cpp (info, dump; rtm_cli.cpp writes animations), arguments.cpp (export/batch argument parsing),
// export.cpp (export), paa_cli.cpp (textures: info, dump, export to PNG), config_cli.cpp
// (.rvmat and other configs: info, dump), terrain_export.cpp
// (.asc and Terrain Builder lists), bench.cpp, the JSON and info writers; with Assimp
// (RV_WITH_ASSIMP): assimp_convert.cpp (import + export of one file, warning capture), batch.cpp,
// formats.cpp (listext, listexport, exportinfo, knowext); without it: no_assimp.cpp, whose verbs
// say so and exit 2.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "rv/model_references.hpp"
#include "rv/odol.hpp"
#include "rv/open.hpp"
#include "rv/rtm.hpp"
#include "rv/wrp.hpp"

namespace rv::cli {

constexpr int kExitOk = 0, kExitDecode = 1, kExitUsage = 2;

struct CliOptions;

// Writers: `pretty` indents the JSON (two spaces, one key per line); the default is compact.
// A model's references resolved in a data root, for `info` and `dump --json` with --data-root.
struct ReferenceListing {
    ModelReferences list;
    const DataRoot* root = nullptr;
};
void writeOdolJson(std::FILE* out, const OdolModel& model, bool pretty = false, const ReferenceListing* refs = nullptr);
void writeOdolInfo(std::FILE* out, const OdolModel& model);
bool writeMaterialDefinitions(std::FILE* out, const std::string& input, const std::string& name, const OdolModel& model,
                              const DataRoot* root, Options options);
void writeOdolReferences(std::FILE* out, const ReferenceListing& refs);
void writeWrpJson(std::FILE* out, const WrpTerrain& terrain, bool pretty = false);
void writeWrpInfo(std::FILE* out, const WrpTerrain& terrain);
// Animations (rtm_cli.cpp): the stored values, no skeleton applied.
void writeRtmJson(std::FILE* out, const RtmAnimation& animation, bool pretty = false);
void writeRtmInfo(std::FILE* out, const RtmAnimation& animation);
// The terrain exports (terrain_export.cpp); what they had to leave out or replace goes to `notes`
// (NaN heights, objects with non-finite transforms or names a Terrain Builder line cannot hold).
bool writeEsriAscii(std::FILE* out, const WrpTerrain& terrain, double easting, double northing,
                    std::vector<std::string>& notes);
bool writeTerrainBuilderObjects(std::FILE* out, const WrpTerrain& terrain, double easting, double northing,
                                std::vector<std::string>& notes);

// Warnings on stderr, one line each: "warning: <input>: <message>", the input as the user named
// it (rv::diagnosticLine). The second form takes lines already made so ("<input>: <message>").
void printWarnings(const std::string& input, const std::string& name, const std::vector<Warning>& warnings);
void printWarnings(const std::vector<std::string>& lines);
// How many warnings of one kind each input prints before "and K more" (rv::capWarnings): the
// default, or every one after --verbose or RV_IMPORT_VERBOSE=1. Set once, from the arguments.
void printEveryWarning();
size_t warningsPerKind();

// Verbs; `args[0]` is the verb. Each returns the process exit code.
int runInfo(const std::vector<std::string>& args);
int runDump(const std::vector<std::string>& args);
int runExport(const std::vector<std::string>& args);
int runBench(const std::vector<std::string>& args);
int runPbo(const std::vector<std::string>& args);
// `map WORLD.wrp OUTDIR`: the terrain as GIS and engine files (map_cli.cpp; no_gdal.cpp says it
// is not in a build without GDAL).
int runMap(const std::vector<std::string>& args);  // pbo_cli.cpp: pbo list / pbo extract

// Textures (paa_cli.cpp), told apart by the front door (rv::sniffKind).
// `info` / `dump --json` of a texture; false after reporting an error on stderr.
bool describeTexture(const OpenedFile& file, bool json, bool pretty);  // the door's file, read once
// `export` of a texture (the door said so): to PNG, its --mip, --raw-channels, --max-memory.
int exportTexture(const CliOptions& opt, const std::string& in, const std::string& out);
// One texture file to a PNG (the export above; batch's .paa/.pac files): its mip `mip`, ZIWS undone
// unless `rawChannels`. Returns "" or the error; the texture's warnings are appended to `warnings`.
// With `bytes` (a PBO entry's), those are the texture and `in` only names it.
Diagnostic convertTextureToPng(const std::string& in, const std::string& out, const Options& decode, size_t mip,
                               bool rawChannels, std::vector<Warning>& warnings,
                               const std::vector<uint8_t>* bytes = nullptr);

// Configs (config_cli.cpp): .rvmat, .cpp, .hpp, .bin, .bisurf, .ext, .sqm by their extension,
// text or rapified. `info` / `dump --json`; false after reporting an error on stderr.
bool describeConfig(const OpenedFile& file, bool json, bool pretty);
// `preprocess FILE [--include-root DIR] [--data-root DIR]`: the text after the preprocessor,
// what a modder runs to see what a macro became (config_cli.cpp).
int runPreprocess(const std::vector<std::string>& args);

// The .asc / .txt terrain exports (-f asc / -f tbobjects or by OUT's extension); -1 when the
// request is not one of them, else the exit code.
int exportTerrainSpecial(const CliOptions& opt, const std::string& in, const std::string& out);

// Our glTF writer for OUT.glb / OUT.gltf (-f glb2/gltf2); -1 when the request is for another
// format or --via-assimp, else the exit code.
int exportWithGltf(const CliOptions& opt, const std::string& in, const std::string& out);
// Whether OUT (or -f) asks for glTF and our writer makes it (not --via-assimp).
bool usesOurGltf(const CliOptions& opt, const std::string& out);
struct GltfConversion {
    std::string error;  // empty on success; nothing is left at OUT then
    std::vector<std::string> warnings;
    std::string dataRootLine;  // "textures: K of N found in the data root DIR", or ""
    TextureTally tally;        // what that line counts
};
// `in` to `out` by our glTF writer: .glb, or .gltf with its .bin and textures beside it. With
// `bytes` (a PBO entry's), those are the file and `in` only names it.
GltfConversion convertWithGltf(const CliOptions& opt, const std::string& in, const std::string& out,
                               const std::vector<uint8_t>* bytes = nullptr);

// Assimp-backed: implemented in the Assimp sources, or by no_assimp.cpp.
int exportWithAssimp(const CliOptions& opt, const std::string& in, const std::string& out);
int runBatch(const std::vector<std::string>& args);
int runListExt();
int runListExport();
// What `rvimport version` says of Assimp: "Assimp 5.2.5", or "built without Assimp".
std::string assimpInBuild();
int runExportInfo(const std::vector<std::string>& args);
int runKnowExt(const std::vector<std::string>& args);

}  // namespace rv::cli
