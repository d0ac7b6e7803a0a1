// Converting one file through Assimp (import with our importers, export with Assimp's
// exporters), shared by `export` and `batch`. Compiled only with Assimp (RV_WITH_ASSIMP).
#pragma once

#include <set>
#include <string>
#include <vector>

struct aiExportFormatDesc;
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

// Assimp 5.2.5's pbrt exporter can only open a bare file name in the current directory.
// Changing directory is process-wide, so batch runs such formats on one thread.
bool needsOutputFolderAsCwd(const std::string& formatId);

// The extensions our importers claim ("p3d", "wrp").
std::set<std::string> ourExtensions();

struct Conversion {
    std::string error;                  // empty on success
    std::vector<std::string> warnings;  // what the import logged as warnings, in order
};

// Imports `in` and writes `out` as `formatId`. Warnings are collected only while a
// WarningCapture is alive.
Conversion convertOne(Assimp::Importer& importer, Assimp::Exporter& exporter, const std::string& in,
                      const std::string& out, const std::string& formatId);

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
