// Converting one file through Assimp (import with our importers, export with Assimp's
// exporters), shared by `export` and `batch`. Compiled only with Assimp (RV_WITH_ASSIMP).
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "rv/model_references.hpp"

struct aiExportFormatDesc;
struct aiScene;
namespace Assimp {
class Exporter;
class Importer;
}  // namespace Assimp

namespace rv::cli {

struct CliOptions;

// The exporter with id `id` (case-insensitive), or null.
const aiExportFormatDesc* findFormat(const Assimp::Exporter& exporter, const std::string& id);
// As `assimp export`: the first exporter whose extension matches OUT's wins (.glb -> glb2).
const aiExportFormatDesc* guessFormat(const Assimp::Exporter& exporter, const std::string& outPath);

// Registers our importers and sets their properties from the options.
void configureImporter(Assimp::Importer& importer, const CliOptions& opt);

// Why this build refuses to write `format`, or "" when it writes it. Assimp before 5.4 writes FBX
// that no reader opens (docs/engines.md: Blender "failed to read nested block sentinel", Godot's
// ufbx "Failed to load", not even Assimp itself), so .fbx is refused there with the formats that
// work instead of being written.
std::string refusedFormat(const aiExportFormatDesc& format);
// The Assimp this program runs with, "5.2.5".
std::string assimpVersion();

// The extensions our importers claim ("p3d", "wrp").
std::set<std::string> ourExtensions();

// What uniqueSceneNames did: items seen and renamed per kind, and candidate names tried (a
// linear pass tries about one per rename).
struct NameStats {
    size_t nodes = 0, meshes = 0, materials = 0;
    size_t renamedNodes = 0, renamedMeshes = 0, renamedMaterials = 0;
    size_t candidates = 0;
};

// Makes the scene's names unique before an export, in time linear in the scene: node names
// always, mesh and material names too for the formats that make ids from them (glTF, Collada),
// whose Assimp 5.2.5 exporters otherwise probe name_0, name_1, ... one by one (quadratic: a
// terrain with 20 000 placements of one model took minutes). The first of equal names keeps it
// (bones find their node by name, the first in depth-first order); later ones get " #2", " #3",
// ... from a counter kept per stem, skipping names the scene already holds. A name too long to
// take a suffix within aiString's 1023 bytes is cut to a stem at a UTF-8 boundary first.
NameStats uniqueSceneNames(aiScene* scene, const std::string& formatId);

struct Conversion {
    std::string error;                  // empty on success
    std::vector<std::string> warnings;  // what the import logged as warnings, in order (capped per kind)
    std::string dataRootLine;           // the importer's "textures: K of N found in the data root DIR", or ""
    TextureTally tally;                 // what that line counts
};

// Imports `in` and writes `out` as `formatId` (through exportSafely; never over `in`). Warnings
// are collected only while a WarningCapture is alive. With `bytes` (a PBO entry's), those are the
// file and `in` only names it. `strict` (--strict): a texture the data root lacks fails it, before
// anything is written.
Conversion convertOne(Assimp::Importer& importer, Assimp::Exporter& exporter, const std::string& in,
                      const std::string& out, const std::string& formatId, const std::vector<uint8_t>* bytes = nullptr,
                      bool strict = false);

// While alive, Assimp's logger is ours and keeps the warnings logged during each import
// (ASSIMP_LOG_WARN, which our importers use for the decoder's warnings), per thread: an import
// runs on the thread that calls ReadFile, so concurrent batch workers never see each other's
// lines. Assimp's DefaultLogger is not used because it shares one buffer between threads and
// drops a line that repeats the previous one. Create one before starting threads.
class WarningCapture {
public:
    WarningCapture();
    ~WarningCapture();
    WarningCapture(const WarningCapture&) = delete;
    WarningCapture& operator=(const WarningCapture&) = delete;
};

}  // namespace rv::cli
