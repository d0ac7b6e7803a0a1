#!/usr/bin/env python3
"""`rvimport.exe map` under Wine against the Linux `rvimport map` (issue 37).

  windows_map_parity.py RVIMPORT RVIMPORT_EXE MAKE_CLI_INPUTS WORK SAMPLES

Both programs map the same worlds with the same arguments, each in a folder of its own (the
output folders have the same relative names, so the messages can be compared as they are):
every terrain sample, the generated world with layer pictures, roads and map info (--data-root,
--tiles, --engine), an Arma 3 style folder with its own roads.shp (--origin, --epsg), and two
refusals (an unknown EPSG code, a damaged world). Then:
- the exit code, stdout and stderr are the same bytes;
- the same files are written, and every one but map.gpkg is the same bytes: dem.tif, dem.asc,
  satellite.tif, mask.tif, surfaces/*.png, height.png/.r16/.json, the GeoJSON files, meta.json,
  the tiles and index.html;
- map.gpkg, which SQLite lays out as it likes, is read by GDAL (OGR): the same layers, CRS,
  fields, and every feature's attributes and geometry (as WKB, bit for bit).
"""
import json
import os
import re
import shutil
import subprocess
import sys

from osgeo import ogr, osr

ogr.UseExceptions()
RV, EXE, MAKE, WORK, SAMPLES = (os.path.abspath(a) for a in sys.argv[1:6])
WINE = os.environ.get("WINE64") or shutil.which("wine64") or "/usr/lib/wine/wine64"
shutil.rmtree(WORK, ignore_errors=True)
INPUTS = os.path.join(WORK, "in")
os.makedirs(INPUTS)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL", what)


def make_inputs():
    gen = os.path.join(INPUTS, "gen")
    os.makedirs(gen)
    subprocess.run([MAKE, "map", gen], check=True, capture_output=True)
    # An unpacked Arma 3 map: the world and its data\roads\roads.shp with RoadsLib.cfg.
    folder = os.path.join(INPUTS, "roadsworld")
    roads = os.path.join(folder, "data", "roads")
    os.makedirs(roads)
    shutil.copy(os.path.join(gen, "world.wrp"), os.path.join(folder, "world.wrp"))
    ds = ogr.GetDriverByName("ESRI Shapefile").CreateDataSource(os.path.join(roads, "roads.shp"))
    layer = ds.CreateLayer("roads", None, ogr.wkbLineString)
    for name in ("ID", "ORDER"):
        layer.CreateField(ogr.FieldDefn(name, ogr.OFTInteger))
    for rid, pts in ((1, [(10, 10), (50, 20), (100, 60)]), (2, [(20, 70), (40, 72.5)]), (9, [(5, 5)])):
        f = ogr.Feature(layer.GetLayerDefn())
        f.SetField("ID", rid)
        f.SetField("ORDER", 0)
        g = ogr.Geometry(ogr.wkbLineString)
        for x, y in pts:
            g.AddPoint_2D(200000 + x, y)
        f.SetGeometry(g)
        layer.CreateFeature(f)
    ds = None
    with open(os.path.join(roads, "RoadsLib.cfg"), "w") as cfg:
        cfg.write("class RoadTypesLibrary\n{\n  class Road0001 { width = 14; map = \"main road\"; };\n"
                  "  class Road0002 { width = 7; map = \"track\"; };\n};\n")
    damaged = os.path.join(INPUTS, "damaged.wrp")
    with open(os.path.join(gen, "world.wrp"), "rb") as src, open(damaged, "wb") as dst:
        dst.write(src.read()[:300])
    return gen, folder, damaged


def cases():
    gen, roadsworld, damaged = make_inputs()
    terrain = os.path.join(SAMPLES, "terrain")
    out = []
    if os.path.isdir(terrain):
        for name in sorted(os.listdir(terrain)):
            if name.endswith(".wrp"):
                out.append((name, name, [os.path.join(terrain, name)]))
        # A folder name beyond the ANSI code page, which narrow fopen cannot open on Windows.
        out.append(("island-tiles", "остров ü", [os.path.join(terrain, "wrp_256_island.wrp"), "--tiles", "--engine", "unity"]))
    else:
        print("windows map parity: no terrain samples in", terrain, "(the generated worlds only)")
    gen_args = [os.path.join(gen, "world.wrp"), "--data-root", os.path.join(gen, "root"), "--tiles", "--engine", "unreal"]
    out.append(("gen", "gen", gen_args))
    # Again into the same folder: every file and tiles/ replaced (MoveFileEx on Windows).
    out.append(("gen-again", "gen", gen_args[:-2] + ["--engine", "godot", "--mosaic-size", "64"]))
    out.append(("roads", "roads", [os.path.join(roadsworld, "world.wrp"), "--origin", "300000,1000", "--epsg", "32632",
                                   "--engine", "godot"]))
    out.append(("unknown-epsg", "refused1", [os.path.join(gen, "world.wrp"), "--epsg", "1"]))
    out.append(("damaged", "refused2", [damaged]))
    return out


def gen_world(todo):
    return next(args[0] for name, _, args in todo if name == "gen")


# Two differences are Windows' own, and are taken out before comparing:
# - a path the program makes itself (the data root made absolute, a map's roads.shp found beside
#   the world) is written with Windows' separator: Z:\\work\\...\\root for /work/.../root here;
# - yaw, pitch and roll come from atan2/asin, which C does not require to be correctly rounded:
#   MinGW's (x87) and glibc's differ in the last bit now and then (about 6e-14 degrees). They
#   must agree within 1e-9 degrees; every other number is compared exactly.
ANGLES = ("yaw", "pitch", "roll")
ANGLE_TOLERANCE = 1e-9
angle_ulps = [0, 0.0]  # values that differed in the last bits, the largest difference


def linux_paths(text):
    text = re.sub(r"Z:((?:\\[^\\\s;:'\"]+)+)", lambda m: m.group(1).replace("\\", "/"), text)
    return text.replace("\\data\\roads\\", "/data/roads/")


def same_values(key, a, b):
    if key in ANGLES and isinstance(a, float) and isinstance(b, float):
        if a != b:
            angle_ulps[0] += 1
            angle_ulps[1] = max(angle_ulps[1], abs(a - b))
        return abs(a - b) <= ANGLE_TOLERANCE
    if isinstance(b, str):
        b = linux_paths(b)
    return a == b


def same_features(fields, fa, fb):
    return len(fa) == len(fb) and all(same_values(k, x, y) for k, x, y in zip(fields, fa, fb))


def gpkg_layers(path):
    ds = ogr.Open(path)
    layers = {}
    for i in range(ds.GetLayerCount()):
        layer = ds.GetLayerByIndex(i)
        srs = layer.GetSpatialRef()
        defn = layer.GetLayerDefn()
        fields = [(defn.GetFieldDefn(j).GetName(), defn.GetFieldDefn(j).GetTypeName()) for j in range(defn.GetFieldCount())]
        features = []
        for f in layer:
            g = f.GetGeometryRef()
            features.append((f.GetFID(), [f.GetField(j) for j in range(defn.GetFieldCount())],
                             bytes(g.ExportToIsoWkb()) if g else None))
        layers[layer.GetName()] = (srs.ExportToWkt(["FORMAT=WKT2_2018"]) if srs else None, fields, features)
    return layers


def same_gpkg(a, b):
    la, lb = gpkg_layers(a), gpkg_layers(b)
    if la.keys() != lb.keys():
        return False
    for name, (srs, fields, features) in la.items():
        srs_b, fields_b, features_b = lb[name]
        if srs is None or srs != srs_b or fields != fields_b or len(features) != len(features_b):
            return False
        names = [n for n, _ in fields]
        for (fid, values, wkb), (fid_b, values_b, wkb_b) in zip(features, features_b):
            if fid != fid_b or wkb != wkb_b or not same_features(names, values, values_b):
                return False
    return True


def same_geojson(a, b):
    ja, jb = (json.loads(open(p, "rb").read()) for p in (a, b))
    fa, fb = ja.pop("features"), jb.pop("features")
    if ja != jb or len(fa) != len(fb):
        return False
    for x, y in zip(fa, fb):
        px, py = x.pop("properties"), y.pop("properties")
        if x != y or px.keys() != py.keys() or not same_features(list(px), list(px.values()), list(py.values())):
            return False
    return True


def compare_folders(name, linux, windows):
    files = set()
    for root in (linux, windows):
        for folder, _, names in os.walk(root):
            files.update(os.path.relpath(os.path.join(folder, n), root) for n in names)
    same = 0
    for rel in sorted(files):
        a, b = os.path.join(linux, rel), os.path.join(windows, rel)
        if not (os.path.isfile(a) and os.path.isfile(b)):
            check(False, f"{name}: {rel} written by {'Linux' if os.path.isfile(a) else 'Windows'} only")
            continue
        with open(a, "rb") as fa, open(b, "rb") as fb:
            identical = fa.read() == fb.read()
        if rel == "map.gpkg":  # SQLite lays pages out as it likes: the contents are compared
            check(same_gpkg(a, b), f"{name}: map.gpkg's layers differ")
        elif rel.endswith(".geojson") and not identical:
            check(same_geojson(a, b), f"{name}: {rel} differs")
        else:
            check(identical, f"{name}: {rel} differs")
        same += 1
    return same


PLUGIN_SOURCE = r"""#include <windows.h>
#include <stdio.h>
BOOL WINAPI DllMain(HINSTANCE h, DWORD reason, LPVOID r) {
    if (reason == DLL_PROCESS_ATTACH) { FILE* f = fopen("plugin_loaded.txt", "w"); if (f) fclose(f); }
    return TRUE;
}
__declspec(dllexport) void GDALRegister_stray(void) {}
"""


def windows_form(path):
    return "Z:" + path.replace("/", "\\")  # Wine's Z: is the Linux root


def drive_letter_check(todo, linux_dir, windows_dir, env):
    """The last gen run and the roads run again, with every path as a Windows user types it (a drive
    letter, backslashes): the same folders as Linux's."""
    compared = 0
    for name in ("gen-again", "roads"):
        _, folder, args = next(case for case in todo if case[0] == name)
        options = [windows_form(a) if os.path.isabs(a) else a for a in args[1:]]
        argv = [WINE, EXE, "map", windows_form(args[0]), "out\\drive-" + folder] + options
        r = subprocess.run(argv, cwd=windows_dir, capture_output=True, env=env)
        check(r.returncode == 0, f"{name} with drive-letter paths: exit {r.returncode}: {r.stderr[-300:]!r}")
        compared += compare_folders(name + " (drive letters)", os.path.join(linux_dir, "out", folder),
                                    os.path.join(windows_dir, "out", "drive-" + folder))
    return compared


def plugin_check(world, env):
    """A gdal_*.dll in GDAL_DRIVER_PATH (the OSGeo4W shell sets it) is not loaded into rvimport.exe."""
    folder = os.path.join(WORK, "plugins")
    os.makedirs(folder)
    with open(os.path.join(folder, "stray.c"), "w") as f:
        f.write(PLUGIN_SOURCE)
    cc = shutil.which("x86_64-w64-mingw32-gcc")
    if not cc:
        print("SKIP the stray plugin: no MinGW compiler")
        return
    subprocess.run([cc, "-shared", "-o", os.path.join(folder, "gdal_stray.dll"), os.path.join(folder, "stray.c")], check=True)
    run_env = dict(env, GDAL_DRIVER_PATH="Z:" + folder.replace("/", "\\"))
    r = subprocess.run([WINE, EXE, "map", world, "out"], cwd=folder, capture_output=True, env=run_env)
    check(r.returncode == 0, f"map with GDAL_DRIVER_PATH set: exit {r.returncode}: {r.stderr[-300:]!r}")
    check(not os.path.exists(os.path.join(folder, "plugin_loaded.txt")), "rvimport.exe loaded a DLL from GDAL_DRIVER_PATH")


def main():
    linux_dir, windows_dir = os.path.join(WORK, "linux"), os.path.join(WORK, "windows")
    for d in (linux_dir, windows_dir):
        os.makedirs(os.path.join(d, "out"))
    env = dict(os.environ, WINEDEBUG="-all")
    env.setdefault("WINEPREFIX", os.path.join(os.path.dirname(EXE), "wineprefix"))
    subprocess.run([WINE, EXE, "--version"], capture_output=True, env=env)  # a new prefix is made quietly
    compared = 0
    todo = cases()
    for name, folder, args in todo:
        # The output folder is relative, so both sides name it alike in their messages.
        argv = ["map", args[0], "out/" + folder] + args[1:]
        lin = subprocess.run([RV] + argv, cwd=linux_dir, capture_output=True)
        win = subprocess.run([WINE, EXE] + argv, cwd=windows_dir, capture_output=True, env=env)
        lin, win = ((r.returncode, r.stdout, r.stderr) for r in (lin, win))
        check(lin[0] == win[0], f"{name}: exit {lin[0]} on Linux, {win[0]} on Windows: {win[2][-400:]!r}")
        check(lin[1] == win[1], f"{name}: stdout differs: {lin[1][-300:]!r} / {win[1][-300:]!r}")
        win = (win[0], win[1], linux_paths(win[2].decode()).encode())
        check(lin[2] == win[2], f"{name}: stderr differs: {lin[2][-400:]!r} / {win[2][-400:]!r}")
        expect_ok = name not in ("unknown-epsg", "damaged")
        check((lin[0] == 0) == expect_ok, f"{name}: Linux exit {lin[0]}: {lin[2][-300:]!r}")
        out_l, out_w = os.path.join(linux_dir, "out", folder), os.path.join(windows_dir, "out", folder)
        if expect_ok:
            n = compare_folders(name, out_l, out_w)
            compared += n
            print(f"ok {name}: {n} files")
        else:
            check(not os.path.exists(out_l) and not os.path.exists(out_w), f"{name}: a refused map left {out_l} or {out_w}")
    # rvimport.exe away from its proj\proj.db: one line that says where the database belongs, and
    # nothing written.
    alone = os.path.join(WORK, "alone ü карта")  # PROJ opens its database by a UTF-8 path
    os.makedirs(alone)
    shutil.copy(EXE, alone)
    r = subprocess.run([WINE, os.path.join(alone, "rvimport.exe"), "map", gen_world(todo), "out"], cwd=alone,
                       capture_output=True, env=env)
    err = r.stderr.decode(errors="replace")
    check(r.returncode != 0 and "proj\\proj.db beside rvimport.exe" in err and err.count("\n") == 1,
          f"rvimport.exe without proj.db: exit {r.returncode}: {err!r}")
    check(not os.path.exists(os.path.join(alone, "out")), "rvimport.exe without proj.db wrote its folder")
    # With its proj\proj.db beside it again, in that folder: the same DEM as Linux's.
    shutil.copytree(os.path.join(os.path.dirname(EXE), "proj"), os.path.join(alone, "proj"))
    r = subprocess.run([WINE, os.path.join(alone, "rvimport.exe"), "map", gen_world(todo), "out", "--engine", "godot"],
                       cwd=alone, capture_output=True, env=env)
    dems = [os.path.join(alone, "out", "dem.tif"), os.path.join(linux_dir, "out", "gen", "dem.tif")]
    same = r.returncode == 0 and all(os.path.isfile(d) for d in dems) and len({open(d, "rb").read() for d in dems}) == 1
    check(same, f"rvimport.exe in {alone}: exit {r.returncode}, or another dem.tif: {r.stderr[-300:]!r}")
    compared += drive_letter_check(todo, linux_dir, windows_dir, env)
    plugin_check(gen_world(todo), env)
    print(f"windows map parity: {len(todo)} maps, {compared} files compared, {len(failures)} failures; "
          f"{angle_ulps[0]} angles differed in their last bits (at most {angle_ulps[1]:.1e} degrees)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
