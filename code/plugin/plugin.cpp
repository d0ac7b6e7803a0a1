// The plugin's load-time check of its host and the per-importer registration (plugin.hpp).
//
// What must hold before we touch an Assimp::Importer, each checked once, before main():
//  - the real constructor exists after us in the lookup order (dlsym(RTLD_NEXT, ...));
//  - the library that defines it reports the Assimp version we were compiled against
//    (aiGetVersionMajor/Minor/Patch of *that* library): our importers derive from
//    Assimp::BaseImporter, whose layout and virtual table are those of our headers;
//  - that library exports the std::string functions under the C++ ABI we were compiled with
//    (libstdc++'s __cxx11 names or the old ones);
//  - that library and this plugin share one C++ runtime (the same std::runtime_error type
//    object), so the exceptions our importers throw are caught by Assimp's catch clauses.
// On any failure: one line on stderr, and every Importer is constructed exactly as without us.
#include "plugin/plugin.hpp"

#include <dlfcn.h>

#include <assimp/Importer.hpp>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <typeinfo>

#include "rv/assimp_importer.hpp"

#ifndef RV_ASSIMP_BUILT_MAJOR
#error "RV_ASSIMP_BUILT_MAJOR/MINOR/PATCH: the Assimp version the plugin is compiled against (CMakeLists.txt)"
#endif

namespace rv::plugin {
namespace {

using Constructor = void (*)(void*);
using VersionFn = unsigned (*)();

constexpr const char* kTag = "rvimport-assimp";

// A std::string-taking libassimp function we call (BaseImporter::CheckMagicToken), mangled
// under the ABI this file is compiled with.
#if defined(_GLIBCXX_USE_CXX11_ABI) && _GLIBCXX_USE_CXX11_ABI
constexpr const char* kAbiProbe =
    "_ZN6Assimp12BaseImporter15CheckMagicTokenEPNS_8IOSystemERKNSt7__cxx1112basic_stringIcSt11char_"
    "traitsIcESaIcEEEPKvmjj";
#else
constexpr const char* kAbiProbe = "_ZN6Assimp12BaseImporter15CheckMagicTokenEPNS_8IOSystemERKSsPKvmjj";
#endif

struct Host {
    Constructor complete = nullptr;  // the real C1 and C2 constructors
    Constructor base = nullptr;
    bool usable = false;   // the check passed: register our importers
    bool verbose = false;  // RVIMPORT_ASSIMP_VERBOSE=1
};

unsigned callVersion(void* lib, const char* name) {
    auto fn = reinterpret_cast<VersionFn>(dlsym(lib, name));
    return fn ? fn() : ~0u;
}

// The reason the host cannot take our importers, or "" when it can.
std::string checkHost(Host& h) {
    h.complete = reinterpret_cast<Constructor>(dlsym(RTLD_NEXT, "_ZN6Assimp8ImporterC1Ev"));
    h.base = reinterpret_cast<Constructor>(dlsym(RTLD_NEXT, "_ZN6Assimp8ImporterC2Ev"));
    if (!h.base) h.base = h.complete;  // one symbol is an alias of the other in GCC's output
    if (!h.complete) h.complete = h.base;
    if (!h.complete) return "no Assimp::Importer constructor found after the plugin";

    // The library that defines the constructor the host will get.
    Dl_info info{};
    if (!dladdr(reinterpret_cast<void*>(h.complete), &info) || !info.dli_fname)
        return "cannot tell which library defines Assimp::Importer";
    void* lib = dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD);
    if (!lib) return std::string("cannot reopen ") + info.dli_fname;
    struct Closer {
        void* lib;
        ~Closer() { dlclose(lib); }
    } closer{lib};

    const unsigned major = callVersion(lib, "aiGetVersionMajor");
    const unsigned minor = callVersion(lib, "aiGetVersionMinor");
    const unsigned patch = callVersion(lib, "aiGetVersionPatch");
    if (major != RV_ASSIMP_BUILT_MAJOR || minor != RV_ASSIMP_BUILT_MINOR || patch != RV_ASSIMP_BUILT_PATCH) {
        char buf[512];
        std::snprintf(buf, sizeof buf, "%s is Assimp %d.%d.%d, the plugin was built for %d.%d.%d", info.dli_fname,
                      major == ~0u ? -1 : int(major), minor == ~0u ? -1 : int(minor), patch == ~0u ? -1 : int(patch),
                      RV_ASSIMP_BUILT_MAJOR, RV_ASSIMP_BUILT_MINOR, RV_ASSIMP_BUILT_PATCH);
        return buf;
    }
    if (!dlsym(lib, kAbiProbe))
        return std::string(info.dli_fname) + " uses another C++ ABI for std::string than the plugin";
    // libassimp's own std::runtime_error (its dependencies searched) against ours.
    const void* theirs = dlsym(lib, "_ZTISt13runtime_error");
    if (theirs != static_cast<const void*>(&typeid(std::runtime_error)))
        return std::string(info.dli_fname) + " uses another C++ runtime than the plugin";
    if (h.verbose)
        std::fprintf(stderr, "%s: %s is Assimp %u.%u.%u (revision %x): adding .p3d and .wrp to its importers\n", kTag,
                     info.dli_fname, major, minor, patch, callVersion(lib, "aiGetVersionRevision"));
    return "";
}

Host& host() {
    static Host h = [] {
        Host made;
        const char* v = std::getenv("RVIMPORT_ASSIMP_VERBOSE");
        made.verbose = v && *v && std::strcmp(v, "0") != 0;
        const std::string problem = checkHost(made);
        made.usable = problem.empty();
        if (!made.usable)
            std::fprintf(stderr, "%s: %s; .p3d and .wrp are not added (the program runs as without the plugin)\n", kTag,
                         problem.c_str());
        return made;
    }();
    return h;
}

// The check runs when the library is loaded, before the host's main().
__attribute__((constructor)) void checkAtLoad() { host(); }

}  // namespace

void construct(void* self, Variant variant) {
    Host& h = host();
    Constructor real = variant == Variant::Complete ? h.complete : h.base;
    if (!real) {
        std::fprintf(stderr, "%s: no Assimp::Importer constructor to forward to\n", kTag);
        std::abort();  // the host asked for an object nobody can build
    }
    real(self);
    if (!h.usable) return;
    auto* importer = static_cast<Assimp::Importer*>(self);
    try {
        const size_t before = importer->GetImporterCount();
        registerImporters(*importer);  // skips extensions the importer already has
        if (h.verbose)
            std::fprintf(stderr, "%s: Assimp::Importer %p: %zu importer(s) added\n", kTag, self,
                         importer->GetImporterCount() - before);
    } catch (...) {
        // Out of memory while adding ours: the host keeps a working importer without them.
    }
}

}  // namespace rv::plugin
