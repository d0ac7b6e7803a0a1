#!/usr/bin/env python3
"""The Khronos glTF validator on every file the engine tests open (issue 25): no errors.
Skipped (77) without Node.js and the validator unless RV_REQUIRE_GLTF_VALIDATOR=1.

usage: test_validator.py GLTF_DIR"""
import os
import shutil
import sys

import engine_tools as et
import gltf_files

c = et.Checks()
paths = [p for ps in et.files(sys.argv[1]).values() for p in ps]
if not (shutil.which("node") and os.path.isdir(os.path.join(gltf_files.HERE, "gltf", "node_modules", "gltf-validator"))) \
        and os.environ.get("RV_REQUIRE_GLTF_VALIDATOR") != "1":
    print("skipped: the glTF validator is not installed (npm ci --prefix test/gltf)")
    sys.exit(77)
gltf_files.validate(paths, lambda msg: c.check(False, msg))
c.finish("%d files valid" % len(paths))
