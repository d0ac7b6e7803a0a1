"""One triangle count per LOD across the JSON dump and the C ABI, on every hashed ODOL row of the
manifest. (test/capi/test_capi_consistency.cpp checks the C ABI against the Assimp scene and the
decoded faces; this closes the loop with `rvimport dump --json`.)
Usage: triangles_json_test.py RVIMPORT LIBRVIMPORT SAMPLES_DIR"""
import ctypes
import json
import os
import subprocess
import sys

rvimport, lib_path, samples = sys.argv[1], sys.argv[2], os.environ.get("RV_SAMPLES_DIR") or sys.argv[3]
manifest = os.path.join(samples, "manifest.tsv")
if not os.path.exists(manifest):
    print("SKIP: %s is absent" % manifest)
    sys.exit(0)


sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import rv_ctypes  # noqa: E402

Options = rv_ctypes.rvlib().RvOptions  # rvimport.h's rv_options, as the add-on declares it


L = ctypes.CDLL(lib_path)
L.rv_model_open.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.POINTER(ctypes.c_void_p), ctypes.c_void_p]
L.rv_model_close.argtypes = [ctypes.c_void_p]
for fn in ("rv_model_lod_count",):
    getattr(L, fn).argtypes, getattr(L, fn).restype = [ctypes.c_void_p], ctypes.c_uint32
for fn in ("rv_lod_triangle_count", "rv_lod_file_index"):
    getattr(L, fn).argtypes, getattr(L, fn).restype = [ctypes.c_void_p, ctypes.c_uint32], ctypes.c_uint32
L.rv_options_init.argtypes = [ctypes.c_void_p]

rows, mismatches, lods_checked = 0, 0, 0
with open(manifest) as f:
    header = f.readline().rstrip("\n").split("\t")
    for line in f:
        row = dict(zip(header, line.rstrip("\n").split("\t")))
        if row.get("signature") != "ODOL" or not row.get("geo_fnv64"):
            continue
        path = os.path.join(samples, row["path"])
        dump = json.loads(subprocess.run([rvimport, "dump", "--json", path], capture_output=True, check=True).stdout)
        # less each proxy's marker triangle, which is never drawn
        from_json = [sum(max(0, len(face) - 2) for face in lod["faces"]) - len(lod["proxies"]) for lod in dump["lods"]]
        opts = Options()
        L.rv_options_init(ctypes.byref(opts))
        opts.lods = b"all"
        h = ctypes.c_void_p()
        if L.rv_model_open(os.fsencode(path), ctypes.byref(opts), ctypes.byref(h), None) != 0:
            print("FAIL: the C ABI cannot open", row["path"])
            mismatches += 1
            continue
        from_abi = [0] * L.rv_model_lod_count(h)
        for i in range(len(from_abi)):
            from_abi[L.rv_lod_file_index(h, i)] = L.rv_lod_triangle_count(h, i)
        L.rv_model_close(h)
        if from_abi != from_json:
            print("FAIL: %s: JSON %s, C ABI %s" % (row["path"], from_json, from_abi))
            mismatches += 1
        rows += 1
        lods_checked += len(from_json)
print("%d models, %d LODs: JSON and C ABI triangle counts %s" % (rows, lods_checked,
                                                                 "agree" if not mismatches else "DIFFER"))
print("%d passed, %d failed" % (rows - mismatches, mismatches))
sys.exit(1 if mismatches or rows == 0 else 0)
