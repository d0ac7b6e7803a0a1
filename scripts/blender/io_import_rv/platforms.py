# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""Which librvimport a Blender installation loads. No bpy and no ctypes here, so plain Python can
test it (test/blender/test_platforms.py).

Each extension zip carries its platform's library under lib/<os>-<arch>/ (the legacy zip for
Blender 3.x carries both):
    lib/linux-x86_64/librvimport.so
    lib/windows-x86_64/rvimport.dll
macOS has no build: rvimport would need a macOS toolchain (Apple's clang and SDK, which Debian
does not package) to produce lib/macos-arm64/librvimport.dylib and lib/macos-x86_64/...; the
loader below already looks there, so such a build would only have to be added to a zip.

The library is only ever loaded from the add-on's own folder (a rule of Blender's extensions
platform), except that RVIMPORT_LIB names another one for a developer's or the tests' add-on run
from a checkout; an installed extension ignores it."""
import os

LIBRARY_NAMES = {"linux": "librvimport.so", "windows": "rvimport.dll", "macos": "librvimport.dylib"}
ARCH_ALIASES = {"x86_64": "x86_64", "amd64": "x86_64", "x64": "x86_64", "arm64": "arm64", "aarch64": "arm64"}


# Where a user without a library for their platform is sent, in the one line they see.
ASK = "ask its maintainers for one where you got the add-on"


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
        raise NoLibrary("rvimport's add-on is not built for %s: %s" % (sys_platform, ASK))
    arch = ARCH_ALIASES.get(machine.lower())
    if arch is None:
        raise NoLibrary("rvimport's add-on is not built for the %s processor (%s): %s" % (machine, system, ASK))
    return system, arch


def library_path(addon_dir, sys_platform, machine, environ=os.environ, exists=os.path.exists, override=True):
    """The library to load: the one for this platform inside the add-on (lib/<os>-<arch>/, or
    beside the add-on's files in a developer checkout); with `override`, $RVIMPORT_LIB first when
    it is set."""
    if override and environ.get("RVIMPORT_LIB"):
        return environ["RVIMPORT_LIB"]
    system, arch = platform_key(sys_platform, machine)
    name = LIBRARY_NAMES[system]
    candidates = [os.path.join(addon_dir, "lib", "%s-%s" % (system, arch), name), os.path.join(addon_dir, name)]
    for path in candidates:
        if exists(path):
            return path
    if system == "macos":
        raise NoLibrary("rvimport's add-on is not built for macOS (%s) yet, only for Linux and Windows on x86_64: %s"
                        % (arch, ASK))
    raise NoLibrary("the add-on has no %s for %s %s (looked in %s): %s" % (name, system, arch, candidates[0], ASK))
