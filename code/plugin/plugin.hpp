// librvimport_assimp.so: rvimport's importers in any dynamically linked Assimp host, loaded with
// LD_PRELOAD (scripts/rvimport-assimp). Linux (ELF) only. docs/assimp.md, "Any Assimp host".
#pragma once

namespace rv::plugin {

enum class Variant { Complete, Base };  // the constructor's C1 and C2 symbols

// Runs the real Assimp::Importer constructor on `self`, then, when the load-time check passed,
// registers rvimport's importers with it unless it already has importers for their extensions.
void construct(void* self, Variant variant);

}  // namespace rv::plugin
