"""The add-on's choice of library per platform (io_import_rv/platforms.py), in plain Python."""
import importlib.util
import os
import sys

spec = importlib.util.spec_from_file_location(
    "platforms", os.path.join(os.environ["RV_ADDON_DIR"], "io_import_rv", "platforms.py"))
platforms = importlib.util.module_from_spec(spec)
spec.loader.exec_module(platforms)

ADDON = os.path.join("addon", "io_import_rv")
SHIPPED = {os.path.join(ADDON, "lib", "linux-x86_64", "librvimport.so"),
           os.path.join(ADDON, "lib", "windows-x86_64", "rvimport.dll")}
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def pick(sys_platform, machine, environ=None, shipped=SHIPPED):
    return platforms.library_path(ADDON, sys_platform, machine, environ or {}, lambda p: p in shipped)


def refuses(sys_platform, machine, needle):
    try:
        pick(sys_platform, machine)
    except platforms.NoLibrary as e:
        return needle in str(e)
    return False


check(pick("win32", "AMD64") == os.path.join(ADDON, "lib", "windows-x86_64", "rvimport.dll"), "Windows picks the .dll")
check(pick("linux", "x86_64") == os.path.join(ADDON, "lib", "linux-x86_64", "librvimport.so"), "Linux picks the .so")
check(refuses("darwin", "arm64", "not built for macOS (arm64) yet"), "macOS fails with a clear message")
check(refuses("darwin", "x86_64", "not built for macOS (x86_64) yet"), "Intel macOS too")
check(refuses("win32", "ARM64", "no rvimport.dll for windows arm64"), "Windows on ARM is named")
check(refuses("linux", "riscv64", "riscv64"), "an unknown processor is named")
check(refuses("sunos5", "x86_64", "sunos5"), "an unknown system is named")
# What a user without a library sees is one line that says where to ask (issue 41).
for sys_platform, machine in (("darwin", "arm64"), ("win32", "ARM64"), ("linux", "riscv64"), ("sunos5", "x86_64")):
    try:
        pick(sys_platform, machine)
        message = ""
    except platforms.NoLibrary as e:
        message = str(e)
    check("\n" not in message and message.endswith(platforms.ASK) and len(message) < 200,
          "%s %s: one line ending in where to ask: %r" % (sys_platform, machine, message))
check(pick("linux", "x86_64", {"RVIMPORT_LIB": "/x/librvimport.so"}) == "/x/librvimport.so", "RVIMPORT_LIB wins")
# An installed extension loads its own library only (the extensions platform's rule).
check(platforms.library_path(ADDON, "linux", "x86_64", {"RVIMPORT_LIB": "/x/librvimport.so"}, lambda p: p in SHIPPED,
                             override=False) == os.path.join(ADDON, "lib", "linux-x86_64", "librvimport.so"),
      "an installed extension ignores RVIMPORT_LIB")
beside = {os.path.join(ADDON, "librvimport.so")}
check(pick("linux", "x86_64", shipped=beside) == os.path.join(ADDON, "librvimport.so"), "developer layout")
if failures:
    sys.exit("%d platform check(s) failed" % len(failures))
print("platform selection: every check passed")
