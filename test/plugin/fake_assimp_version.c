/* Test double for the plugin's version check: preloaded after librvimport_assimp.so, it stands
   where libassimp would (it defines Assimp::Importer's constructor, forwarding to the real one)
   and reports Assimp 4.1.0. The plugin must then print one line and add nothing. */
#define _GNU_SOURCE
#include <dlfcn.h>

typedef void (*ctor_fn)(void*);

static void forward(void* self, const char* name) {
    ctor_fn real = (ctor_fn)dlsym(RTLD_NEXT, name);
    real(self);
}
void fake_c1(void* self) __asm__("_ZN6Assimp8ImporterC1Ev");
void fake_c2(void* self) __asm__("_ZN6Assimp8ImporterC2Ev");
void fake_c1(void* self) { forward(self, "_ZN6Assimp8ImporterC1Ev"); }
void fake_c2(void* self) { forward(self, "_ZN6Assimp8ImporterC2Ev"); }
unsigned aiGetVersionMajor(void) { return 4; }
unsigned aiGetVersionMinor(void) { return 1; }
unsigned aiGetVersionPatch(void) { return 0; }
