// The two symbols the plugin exports: Assimp::Importer::Importer() in its complete-object (C1)
// and base-object (C2) forms, under their Itanium-mangled names. The dynamic linker resolves a
// host's call to the constructor (through its PLT, or libassimp's own PLT for the C API's
// `new Importer`) to the first object in the lookup order that defines the name; LD_PRELOAD puts
// this library before libassimp.so, so these run instead of the real constructor. They call the
// real one (host_check.cpp found it with dlsym(RTLD_NEXT, ...)) and then add our importers.
//
// No Assimp header here on purpose: this file defines the constructor's assembler name, and a
// declaration of the real constructor in the same translation unit would clash with it.
#include "plugin/plugin.hpp"

extern "C" {
void rvPluginImporterC1(void* self) __asm__("_ZN6Assimp8ImporterC1Ev");
void rvPluginImporterC2(void* self) __asm__("_ZN6Assimp8ImporterC2Ev");

__attribute__((visibility("default"))) void rvPluginImporterC1(void* self) {
    rv::plugin::construct(self, rv::plugin::Variant::Complete);
}
__attribute__((visibility("default"))) void rvPluginImporterC2(void* self) {
    rv::plugin::construct(self, rv::plugin::Variant::Base);
}
}
