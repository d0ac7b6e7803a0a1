"""Which librvimport a Blender installation loads. No bpy and no ctypes here, so plain Python can
test it (test/blender/test_platforms.py).

The add-on zip carries one library per supported platform under lib/<os>-<arch>/:
    lib/linux-x86_64/librvimport.so
    lib/windows-x86_64/rvimport.dll
macOS has no build: rvimport would need a macOS toolchain (Apple's clang and SDK, which Debian
does not package) to produce lib/macos-arm64/librvimport.dylib and lib/macos-x86_64/...; the
loader below already looks there, so such a build would only have to be added to the zip."""
import os

LIBRARY_NAMES = {"linux": "librvimport.so", "windows": "rvimport.dll", "macos": "librvimport.dylib"}
ARCH_ALIASES = {"x86_64": "x86_64", "amd64": "x86_64", "x64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}


class NoLibrary(Exception):
    """This platform or architecture has no library in the add-on."""


def platform_key(sys_platform, machine):
    """('linux' | 'windows' | 'macos', arch) for sys.platform and platform.machine()."""
    if sys_platform.startswith("win"):
        system = "windows"
    elif sys_platform == "darwin":
        system = "macos"
    elif sys_platform.startswith("linux"):
        system = "linux"
    else:
        raise NoLibrary("rvimport has no library for %s" % sys_platform)
    arch = ARCH_ALIASES.get(machine.lower())
    if arch is None:
        raise NoLibrary("rvimport has no library for the %s processor (%s)" % (machine, system))
    return system, arch


def library_path(addon_dir, sys_platform, machine, environ=os.environ, exists=os.path.exists):
    """The library to load: $RVIMPORT_LIB when set, else the one for this platform inside the
    add-on (lib/<os>-<arch>/, or beside the add-on's files in a developer checkout)."""
    override = environ.get("RVIMPORT_LIB")
    if override:
        return override
    system, arch = platform_key(sys_platform, machine)
    name = LIBRARY_NAMES[system]
    candidates = [os.path.join(addon_dir, "lib", "%s-%s" % (system, arch), name), os.path.join(addon_dir, name)]
    for path in candidates:
        if exists(path):
            return path
    if system == "macos":
        raise NoLibrary("rvimport has no macOS build yet: the add-on carries libraries for Linux and Windows "
                        "(x86_64) only")
    raise NoLibrary("the add-on has no %s for %s %s (looked in %s)" % (name, system, arch, candidates[0]))
