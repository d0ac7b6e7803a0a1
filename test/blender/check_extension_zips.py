#!/usr/bin/env python3
"""The add-on's extension zips in ZIP_DIR, one per platform (issue 41), as Blender's extensions
platform asks: io_import_rv-VERSION-<platform>.zip holds the library of <platform> only, under
lib/<os>-x86_64/, and a blender_manifest.toml whose `platforms` is that one platform; the
add-on's Python and manifest are GPL-3.0-or-later (the manifest's licence, LICENSE's text and
each .py file's SPDX line), and NOTICE.txt says the library is MIT. The moderation rules that
the code itself shows (docs/blender.md#the-extensions-platforms-rules): no .py file edits the
module path (sys.path, site.addsitedir) or imports a network module.

usage: check_extension_zips.py ZIP_DIR VERSION"""
import ast
import glob
import os
import sys
import tomllib
import zipfile

zip_dir, version = sys.argv[1], sys.argv[2]
LIBRARIES = {"linux-x64": ("lib/linux-x86_64/librvimport.so", b"\x7fELF"),
             "windows-x64": ("lib/windows-x86_64/rvimport.dll", b"MZ")}
NETWORK = {"socket", "ssl", "urllib", "http", "ftplib", "requests", "smtplib", "xmlrpc", "asyncio"}
failures = []


def check(ok, message):
    if not ok:
        failures.append(message)
        print("FAIL: " + message)
    return ok


def rule_breaks(source):
    """What in one .py file edits the module path or reaches the network."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and (
                (node.value.id, node.attr) in (("sys", "path"), ("site", "addsitedir"))):
            found.append("%s.%s, line %d" % (node.value.id, node.attr, node.lineno))
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module or ""] if isinstance(node, ast.ImportFrom) else []
        found += ["import %s, line %d" % (n, node.lineno) for n in names if n.split(".")[0] in NETWORK]
    return found


found = sorted(glob.glob(os.path.join(zip_dir, "io_import_rv-%s-*.zip" % version)))
check(any(p.endswith("-linux-x64.zip") for p in found), "a Linux zip in %s: %s" % (zip_dir, found))
for path in found:
    name = os.path.basename(path)
    platform = name[len("io_import_rv-%s-" % version):-len(".zip")]
    if not check(platform in LIBRARIES, "%s: a platform we build for (%s)" % (name, platform)):
        continue
    with zipfile.ZipFile(path) as z:
        files = [i.filename for i in z.infolist() if not i.is_dir()]
        manifest = tomllib.loads(z.read("blender_manifest.toml").decode())
        check(manifest.get("platforms") == [platform], "%s: platforms %r" % (name, manifest.get("platforms")))
        check(manifest.get("version") == version, "%s: version %r" % (name, manifest.get("version")))
        check(manifest.get("license") == ["SPDX:GPL-3.0-or-later"], "%s: licence %r" % (name, manifest.get("license")))
        library, magic = LIBRARIES[platform]
        libs = [f for f in files if f.startswith("lib/")]
        check(libs == [library], "%s: its library only: %s" % (name, libs))
        check(library in files and z.read(library)[:len(magic)] == magic, "%s: %s is a %s library" % (name, library,
                                                                                                     platform))
        licence = z.read("LICENSE").decode() if "LICENSE" in files else ""
        check("GNU GENERAL PUBLIC LICENSE" in licence and "Version 3, 29 June 2007" in licence,
              "%s: LICENSE is the GPL-3.0 text" % name)
        notice = z.read("NOTICE.txt").decode() if "NOTICE.txt" in files else ""
        check("GPL-3.0-or-later" in notice and "MIT License" in notice, "%s: NOTICE.txt names both licences" % name)
        check("libdeflate, Copyright 2016, 2018 Eric Biggers" in " ".join(notice.split()),
              "%s: NOTICE.txt credits libdeflate, which both libraries contain" % name)
        python = [f for f in files if f.endswith(".py")]
        check("__init__.py" in python and all(
            b"SPDX-License-Identifier: GPL-3.0-or-later" in z.read(f).split(b"\n", 3)[1] for f in python),
              "%s: every .py file is marked GPL-3.0-or-later" % name)
        for f in python:
            breaks = rule_breaks(z.read(f))
            check(not breaks, "%s: %s: %s" % (name, f, breaks))
        check(not [f for f in files if "__pycache__" in f or f.endswith(".pyc")], "%s: no bytecode" % name)
    print("%s: %s only, %d files" % (name, library, len(files)))
if failures:
    sys.exit("%d check(s) failed" % len(failures))
