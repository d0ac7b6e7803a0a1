// What can be read and written: listext, listexport, exportinfo, knowext (as the `assimp` tool's
// verbs of the same names). Compiled only with Assimp (RV_WITH_ASSIMP).
#include <assimp/Exporter.hpp>
#include <assimp/Importer.hpp>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>

#include "cli/assimp_convert.hpp"
#include "cli/commands.hpp"
#include "rv/assimp_importer.hpp"
#include "rv/open.hpp"

namespace rv::cli {

// The front door's extensions first (models, terrains, textures, configs, animations, PBOs),
// then every other one Assimp reads, in Assimp's "*.a;*.b" form.
int runListExt() {
    Assimp::Importer importer;
    registerImporters(importer);
    std::string assimpList, list;
    importer.GetExtensionList(assimpList);
    std::set<std::string> listed;
    for (const KnownExtension& k : knownExtensions()) {
        list += (list.empty() ? "*" : ";*") + std::string(k.extension);
        listed.insert(std::string("*") + k.extension);
    }
    for (size_t begin = 0; begin < assimpList.size();) {
        const size_t end = std::min(assimpList.find(';', begin), assimpList.size());
        const std::string item = assimpList.substr(begin, end - begin);
        if (!item.empty() && listed.insert(item).second) list += ";" + item;
        begin = end + 1;
    }
    std::printf("%s\n", list.c_str());
    return kExitOk;
}

std::string assimpInBuild() { return "Assimp " + assimpVersion(); }

int runListExport() {
    Assimp::Exporter exporter;
    for (size_t i = 0; i < exporter.GetExportFormatCount(); ++i)  // the formats this build writes
        if (refusedFormat(*exporter.GetExportFormatDescription(i)).empty())
            std::printf("%s\n", exporter.GetExportFormatDescription(i)->id);
    return kExitOk;
}

int runExportInfo(const std::vector<std::string>& args) {
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: rvimport exportinfo FORMAT_ID\n");
        return kExitUsage;
    }
    Assimp::Exporter exporter;
    const aiExportFormatDesc* d = findFormat(exporter, args[1]);
    if (!d) {
        std::fprintf(stderr, "rvimport exportinfo: unknown format id '%s'\n", args[1].c_str());
        return kExitDecode;
    }
    std::printf("%s\n%s\n%s\n", d->id, d->fileExtension, d->description);
    return kExitOk;
}

int runKnowExt(const std::vector<std::string>& args) {
    if (args.size() != 2) {
        std::fprintf(stderr, "usage: rvimport knowext EXTENSION\n");
        return kExitUsage;
    }
    Assimp::Importer importer;
    registerImporters(importer);
    std::string ext = args[1];
    if (!ext.empty() && ext[0] != '.' && ext[0] != '*') ext = "." + ext;
    const bool known =
        !ext.empty() && (importer.IsExtensionSupported(ext) || isKnownExtension("x" + ext.substr(ext[0] == '*')));
    std::printf("File extension '%s' is %sknown\n", args[1].c_str(), known ? "" : "not ");
    return known ? kExitOk : kExitDecode;
}

}  // namespace rv::cli
