#!/usr/bin/env python3
"""`rvimport map` (issue 37) read back by GDAL, a client none of us wrote: gdalinfo -json and
GDAL/OGR's Python bindings (Debian's gdal-bin and python3-gdal).

  cli_map_test.py RVIMPORT MAKE_CLI_INPUTS WORK SAMPLES

- every terrain sample: dem.tif's size, EPSG:32631, origin and AREA_OR_POINT=Point; its values
  equal dump --json's elevations bit for bit; dem.asc lands on the same grid with the same values;
  every placeable object is a point of map.gpkg at its position (1 mm); height.png within a step;
- a generated world with layer rvmats and pictures: the mosaics' pixels, the missing picture's
  warning and transparent cell, every vector layer's geometry and the objects' attributes;
- --epsg / --origin, an unknown EPSG code (nothing written), a damaged world (nothing written),
  and an existing OUTDIR whose other files stay as they were.
"""
import json
import math
import os
import shutil
import subprocess
import sys

import numpy as np
from osgeo import gdal, ogr

gdal.UseExceptions()
RV, MAKE, WORK, SAMPLES = sys.argv[1:5]
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


def run(*args):
    return subprocess.run([RV, *args], capture_output=True, text=True)


def gdalinfo(path):
    return json.loads(subprocess.run(["gdalinfo", "-json", path], capture_output=True, text=True, check=True).stdout)


def epsg_of(info):
    return info.get("stac", {}).get("proj:epsg")


def dem_checks(name, out, d, epsg=32631, east=200000.0, north=0.0):
    nx, ny = d["map_size"]
    c = d["cell_size"]
    info = gdalinfo(os.path.join(out, "dem.tif"))
    check(info["size"] == [nx, ny], f"{name}: dem.tif size {info['size']} != {[nx, ny]}")
    check(epsg_of(info) == epsg, f"{name}: dem.tif EPSG {epsg_of(info)}")
    want = [east - c / 2, c, 0, north + (ny - 1) * c + c / 2, 0, -c]
    check(np.allclose(info["geoTransform"], want, rtol=0, atol=1e-9), f"{name}: geotransform {info['geoTransform']} != {want}")
    check(info["metadata"][""].get("AREA_OR_POINT") == "Point", f"{name}: AREA_OR_POINT {info['metadata']}")
    check(info["bands"][0]["type"] == "Float32", f"{name}: dem type {info['bands'][0]['type']}")
    dem = gdal.Open(os.path.join(out, "dem.tif")).ReadAsArray()
    expected = np.array(d["elevation"], dtype=np.float32).reshape(ny, nx)[::-1]
    check(np.array_equal(dem.view(np.uint32), expected.view(np.uint32)), f"{name}: dem.tif values differ from dump --json")
    asc = gdal.Open(os.path.join(out, "dem.asc"))
    check(np.allclose(asc.GetGeoTransform(), want, rtol=0, atol=1e-6), f"{name}: dem.asc geotransform {asc.GetGeoTransform()}")
    check(np.array_equal(asc.ReadAsArray().astype(np.float32), expected), f"{name}: dem.asc values differ")
    return dem, want


def object_checks(name, out, d, east=200000.0, north=0.0):
    placeable = [o for o in d["objects"] if all(math.isfinite(v) for v in o["transform"])]
    ds = ogr.Open(os.path.join(out, "map.gpkg"))
    layer = ds.GetLayerByName("objects")
    check(layer.GetSpatialRef().GetAuthorityCode(None) == "32631" or east != 200000.0, f"{name}: objects CRS")
    got = {f.GetField("object_id"): f for f in layer}
    check(len(got) == len(placeable), f"{name}: {len(got)} object points, {len(placeable)} placeable objects")
    worst = 0.0
    for o in placeable:
        f = got.get(o["id"])
        if f is None:
            check(False, f"{name}: object {o['id']} missing")
            break
        g = f.GetGeometryRef()
        worst = max(worst, abs(g.GetX() - (east + o["transform"][9])), abs(g.GetY() - (north + o["transform"][11])))
        check(f.GetField("model") == o["model"], f"{name}: object {o['id']} model {f.GetField('model')!r}")
    check(worst <= 1e-3, f"{name}: an object point is {worst} m off")
    gj_ds = ogr.Open(os.path.join(out, "objects.geojson"))  # kept alive: a layer dies with its dataset
    gj = gj_ds.GetLayer(0)
    check(gj.GetFeatureCount() == len(placeable), f"{name}: objects.geojson has {gj.GetFeatureCount()} features")
    check(gj.GetSpatialRef() is not None and gj.GetSpatialRef().GetAuthorityCode(None) == "32631",
          f"{name}: objects.geojson CRS")


def height_png_checks(name, out, d):
    nx, ny = d["map_size"]
    h = json.load(open(os.path.join(out, "height.json")))
    png = gdal.Open(os.path.join(out, "height.png"))
    check(png.RasterXSize == nx and png.RasterYSize == ny and png.GetRasterBand(1).DataType == gdal.GDT_UInt16,
          f"{name}: height.png {png.RasterXSize}x{png.RasterYSize} type {png.GetRasterBand(1).DataType}")
    v = png.ReadAsArray().astype(np.float64)
    e = np.array(d["elevation"], dtype=np.float64).reshape(ny, nx)[::-1]
    back = h["min"] + (h["max"] - h["min"]) * v / 65535.0
    finite = np.isfinite(e)
    step = (h["max"] - h["min"]) / 65535.0
    err = np.abs(back - e)[finite].max() if finite.any() else 0.0
    check(err <= step * 0.5 + 1e-6 * max(1.0, abs(h["max"]), abs(h["min"])), f"{name}: height.png is {err} m off (step {step})")
    r16 = np.fromfile(os.path.join(out, "height.r16"), dtype="<u2").reshape(ny, nx)
    check(np.array_equal(r16, v.astype(np.uint16)), f"{name}: height.r16 differs from height.png")


def cell_surfaces_checks(name, out, d):
    """OFP worlds (a texture per land cell): surfaces/<texture>.png is 255 exactly on the cells
    dump --json gives that texture (the engine compares names without case), one pixel per cell,
    north row first; cells with no texture name are in _unknown.png."""
    textures = [m.lower().replace("/", "\\") for m in d["materials"]]
    if not any(t.endswith((".pac", ".paa")) for t in textures):
        check(not os.path.exists(os.path.join(out, "surfaces")), f"{name}: surfaces/ without a data root")
        return
    lx, lz = d["layer_size"]
    cells = np.array(d["material_index"]).reshape(lz, lx)[::-1]
    meta = json.load(open(os.path.join(out, "meta.json")))
    total = np.zeros((lz, lx), int)
    for s in meta["surfaces"]:
        got = gdal.Open(os.path.join(out, s["file"])).ReadAsArray().astype(int)
        key = s["texture"].lower().replace("/", "\\")
        mine = [i for i, t in enumerate(textures) if t == key] if s["name"] != "_unknown" else \
            [i for i, t in enumerate(textures) if not t.endswith((".pac", ".paa"))]
        want = np.where(np.isin(cells, mine), 255, 0)
        check(got.shape == (lz, lx) and (got == want).all(), f"{name}: {s['file']} is not its cells")
        total += got
    check((total == 255).all(), f"{name}: surface weights do not sum to 255")


def samples():
    folder = os.path.join(SAMPLES, "terrain")
    if not os.path.isdir(folder):
        print("SKIP samples: no", folder)
        return
    for wrp in sorted(os.listdir(folder)):
        if not wrp.endswith(".wrp"):
            continue
        out = os.path.join(WORK, wrp + ".map")
        r = run("map", os.path.join(folder, wrp), out)
        check(r.returncode == 0, f"{wrp}: exit {r.returncode}: {r.stderr}")
        if r.returncode:
            continue
        d = json.loads(run("dump", "--json", os.path.join(folder, wrp)).stdout)
        dem_checks(wrp, out, d)
        object_checks(wrp, out, d)
        height_png_checks(wrp, out, d)
        cell_surfaces_checks(wrp, out, d)
        print(f"ok {wrp}: {d['map_size']} heights, {len(d['objects'])} objects")


def rgba(path):
    ds = gdal.Open(path)
    return np.stack([ds.GetRasterBand(b).ReadAsArray() for b in range(1, 5)], axis=-1), ds


def mosaic_checks(out, stderr):
    sat, ds = rgba(os.path.join(out, "satellite.tif"))
    info = gdalinfo(os.path.join(out, "satellite.tif"))
    # 160 m x 80 m at the pictures' 10 m per texel, north-west corner at (200000, 80).
    check(sat.shape == (8, 16, 4), f"satellite.tif shape {sat.shape}")
    check(np.allclose(info["geoTransform"], [200000, 10, 0, 80, 0, -10]), f"satellite geotransform {info['geoTransform']}")
    check(epsg_of(info) == 32631, "satellite.tif EPSG")
    check(info["bands"][3]["colorInterpretation"] == "Alpha", f"band 4 is {info['bands'][3]['colorInterpretation']}")
    # Layer 1 (columns 0..7): red everywhere, none of its overlapping green border.
    check((sat[:, :8] == [255, 0, 0, 255]).all(), f"west half not all red: {np.unique(sat[:, :8].reshape(-1, 4), axis=0)}")
    check(sat[..., 1].max() == 0, "a green border texel shows in the satellite mosaic")
    # The north-east cell (layer 3: pictures missing) is transparent; the rest of the east is the
    # ramp of layer 2 at each pixel's own position: red = 10 * (u * 12 - 0.5), u = (east - 50) / 120.
    check((sat[:4, 12:, 3] == 0).all(), "the missing picture's cell is not transparent")
    worst = 0
    for row in range(8):
        for col in range(8, 16):
            if row < 4 and col >= 12:
                continue
            u = ((col + 0.5) * 10 - 50) / 120
            want = min(110.0, max(0.0, 10 * (u * 12 - 0.5)))
            worst = max(worst, abs(float(sat[row, col, 0]) - want))
            check(sat[row, col, 2] == 200 and sat[row, col, 3] == 255, f"east pixel {row},{col} is {sat[row, col]}")
    check(worst <= 1.0, f"the east ramp is {worst} off")
    mask, _ = rgba(os.path.join(out, "mask.tif"))
    for col, colour in enumerate(MASK_COLUMNS):
        check((mask[:, col] == colour).all(), f"mask: column {col} is not layer 1's {colour}: {mask[:, col]}")
    check((mask[4:, 8:] == [0, 255, 0, 255]).all() and (mask[:4, 8:12] == [0, 255, 0, 255]).all(),
          "mask: the east is not layer 2's green")
    check((mask[:4, 12:, 3] == 0).all(), "mask: the missing cell is not transparent")
    for missing in ("s_002_000_lco.paa", "m_002_000_lco.paa"):
        n = sum(1 for line in stderr.splitlines() if missing in line)
        check(n == 1, f"{n} warnings name {missing}: {stderr}")


# Layer 1's mask colours, one per 10 m column over its cells (make_cli_inputs.cpp maskColumns()).
MASK_COLUMNS = [(0, 0, 0, 255), (255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (0, 0, 255, 128),
                (0, 0, 255, 0), (51, 0, 0, 255), (51, 0, 0, 255)]


def surfaces_checks(out, stderr):
    """surfaces/<name>.png: layer 1 (west half) names six surfaces, one per mask slot, and its
    mask paints them column by column; layer 2 (the east but the north-east cell) names two in
    slots 1 and 2, and its green mask selects slot 2; layer 3 (the north-east cell) blends two,
    and its mask is missing, so the cell is weighed in _unknown.png. The expected weights are the
    shader's rule worked by hand: red 51 covers slot 0 by saturate(3 * 0.2) = 0.6."""
    folder = os.path.join(out, "surfaces")
    want_names = ["gdt_grass", "gdt_soil", "gdt_sand", "gdt_rock", "gdt_mud", "gdt_snow", "gdt_dirt", "_unknown"]
    pngs = sorted(n[:-4] for n in os.listdir(folder) if n.endswith(".png"))
    check(pngs == sorted(want_names), f"surfaces/ holds {pngs}")
    w = {}
    for name in want_names:
        path = os.path.join(folder, name + ".png")
        if not os.path.exists(path):
            return
        ds = gdal.Open(path)
        w[name] = ds.ReadAsArray().astype(int)
        info = gdalinfo(path)
        check(epsg_of(info) == 32631 and np.allclose(info["geoTransform"], [200000, 10, 0, 80, 0, -10]),
              f"{name}.png georeference {info.get('geoTransform')} EPSG {epsg_of(info)}")
    total = sum(w.values())
    check((total == 255).all(), f"the weights do not sum to 255: {np.unique(total)}")
    expect = {n: np.zeros((8, 16), int) for n in want_names}
    for col, name in enumerate(["gdt_grass", "gdt_soil", "gdt_sand", "gdt_rock", "gdt_mud", "gdt_snow"]):
        expect[name][:, col] = 255
    expect["gdt_grass"][:, 6:8] = 102
    expect["gdt_soil"][:, 6:8] = 153
    expect["gdt_dirt"][4:, 8:] = 255
    expect["gdt_dirt"][:4, 8:12] = 255
    expect["_unknown"][:4, 12:] = 255
    for name in want_names:
        bad = np.argwhere(w[name] != expect[name])
        check(len(bad) == 0, f"{name}.png differs at {len(bad)} pixels, first {bad[:3].tolist()}: {w[name].tolist()}")
    meta = json.load(open(os.path.join(out, "meta.json")))
    listed = {m["name"]: m for m in meta.get("surfaces", [])}
    check(sorted(listed) == sorted(want_names), f"meta.json surfaces {sorted(listed)}")
    grass = listed.get("gdt_grass", {})
    check(grass.get("texture") == "rv\\data\\gdt_grass_co.paa" and grass.get("normal") == "rv\\data\\gdt_grass_nopx.paa",
          f"meta.json gdt_grass {grass}")
    check(abs(grass.get("share", 0) - (8 * 255 + 16 * 102) / (128 * 255)) < 1e-6, f"gdt_grass share {grass.get('share')}")
    check("those cells are weighed" not in stderr, "a warning that no mask was found, with masks")


def vector_checks(out, stderr):
    ds = ogr.Open(os.path.join(out, "map.gpkg"))
    names = sorted(ds.GetLayer(i).GetName() for i in range(ds.GetLayerCount()))
    for fixed in ("objects", "roads", "forests", "rocks", "houses", "powerlines", "rivers", "trees"):
        check(fixed in names, f"map.gpkg has no layer {fixed}: {names}")

    def only(layer_name):
        layer = ds.GetLayerByName(layer_name)
        check(layer.GetSpatialRef().GetAuthorityCode(None) == "32631", f"{layer_name}: CRS")
        feats = list(layer)
        check(len(feats) == 1, f"{layer_name}: {len(feats)} features")
        return feats[0] if feats else None

    def points(geom):
        if geom.GetGeometryName() == "POLYGON":
            geom = geom.GetGeometryRef(0)
        return [(round(geom.GetX(i) - 200000, 6), round(geom.GetY(i), 6)) for i in range(geom.GetPointCount())]

    road = only("roads")
    if road:
        check(points(road.GetGeometryRef()) == [(5, 5), (60, 30), (150, 70)], f"road {points(road.GetGeometryRef())}")
        check(road.GetField("source") == "OPRW road link" and road.GetField("model") == "rv\\roads\\asf10.p3d",
              f"road attributes {road.items()}")
    house = only("houses")
    if house:
        check(points(house.GetGeometryRef()) == [(40, 40), (60, 40), (60, 55), (40, 55), (40, 40)],
              f"house ring {points(house.GetGeometryRef())}")
        check(house.GetField("kind") == "House" and house.GetField("object_id") == 12, f"house {house.items()}")
    forest = only("forests")
    if forest:
        check(points(forest.GetGeometryRef()) == [(80, 10), (100, 20)], f"forest {points(forest.GetGeometryRef())}")
    power = only("powerlines")
    if power:
        check(points(power.GetGeometryRef()) == [(0, 70), (160, 75)], f"power line {points(power.GetGeometryRef())}")
    river = only("rivers")
    if river:
        check(points(river.GetGeometryRef()) == [(10, 60), (30, 62), (20, 75), (10, 60)], "river ring")
    tree = only("trees")  # the record with a NaN coordinate is left out, with a warning
    if tree:
        check(points(tree.GetGeometryRef()) == [(12, 34)], "tree point")
    check("1 Tree record(s) have coordinates that are not finite" in stderr, f"no warning for the NaN record: {stderr}")
    objs = {f.GetField("object_id"): f for f in ds.GetLayerByName("objects")}
    house_obj, tree_obj = objs.get(1), objs.get(2)
    if house_obj and tree_obj:
        # The ground is h = 1.5 * east / 20 + 0.25 * north / 20 - 2 (a plane, so the view's triangles agree).
        ground = 1.5 * 30.5 / 20 + 0.25 * 10.25 / 20 - 2
        check(abs(house_obj.GetField("height_above_ground") - (1.0 - ground)) < 1e-5,
              f"house height above ground {house_obj.GetField('height_above_ground')} != {1.0 - ground}")
        check(abs(tree_obj.GetField("yaw") - 90) < 1e-9 and abs(tree_obj.GetField("scale") - 2) < 1e-9,
              f"tree yaw {tree_obj.GetField('yaw')} scale {tree_obj.GetField('scale')}")
        # The DEM sampled at each object (bilinear between the point samples) is the ground the
        # view computed: its height minus its height above ground.
        dem = gdal.Open(os.path.join(out, "dem.tif"))
        gt, z = dem.GetGeoTransform(), dem.ReadAsArray().astype(np.float64)
        for f in (house_obj, tree_obj):
            g = f.GetGeometryRef()
            px, py = (g.GetX() - gt[0]) / gt[1] - 0.5, (g.GetY() - gt[3]) / gt[5] - 0.5
            x0, y0 = int(px), int(py)
            fx, fy = px - x0, py - y0
            s = (z[y0, x0] * (1 - fx) * (1 - fy) + z[y0, x0 + 1] * fx * (1 - fy) + z[y0 + 1, x0] * (1 - fx) * fy +
                 z[y0 + 1, x0 + 1] * fx * fy)
            view_ground = f.GetField("height") - f.GetField("height_above_ground")
            check(abs(s - view_ground) < 1e-4, f"object {f.GetField('object_id')}: DEM {s} vs view ground {view_ground}")


def generated():
    world = os.path.join(WORK, "gen")
    made = subprocess.run([MAKE, "map", world], capture_output=True, text=True) if os.makedirs(world) is None else None
    check(made.returncode == 0, f"rv_make_cli_inputs map: {made.stderr}")
    out = os.path.join(WORK, "gen.map")
    r = run("map", os.path.join(world, "world.wrp"), out, "--data-root", os.path.join(world, "root"))
    check(r.returncode == 0, f"map of the generated world: exit {r.returncode}: {r.stderr}")
    d = json.loads(run("dump", "--json", os.path.join(world, "world.wrp")).stdout)
    dem_checks("generated", out, d)
    height_png_checks("generated", out, d)
    mosaic_checks(out, r.stderr)
    surfaces_checks(out, r.stderr)
    vector_checks(out, r.stderr)
    leftovers = [n for n in os.listdir(out) if n.startswith(".")]
    check(not leftovers, f"staging leftovers in {out}: {leftovers}")
    meta = json.load(open(os.path.join(out, "meta.json")))
    check(meta["crs"] == "EPSG:32631" and meta["origin"] == [200000, 0] and meta["world_size"] == 160 and
          meta["height_grid"] == [8, 4] and meta["cell_size"] == 20, f"meta.json {meta}")
    check(sorted(meta["files"]) == sorted(os.listdir(out)), f"meta.json files {meta['files']} vs {sorted(os.listdir(out))}")
    return world, d


def options_and_failures(world, d):
    wrp = os.path.join(world, "world.wrp")
    out = os.path.join(WORK, "utm33")
    r = run("map", wrp, out, "--epsg", "32633", "--origin", "500000.5,4000000")
    check(r.returncode == 0, f"--epsg 32633: exit {r.returncode}: {r.stderr}")
    if r.returncode == 0:
        dem_checks("--epsg 32633", out, d, 32633, 500000.5, 4000000.0)
        meta = json.load(open(os.path.join(out, "meta.json")))
        check(meta["crs"] == "EPSG:32633" and meta["origin"] == [500000.5, 4000000], f"meta.json {meta['origin']}")
    out = os.path.join(WORK, "bad-epsg")
    r = run("map", wrp, out, "--epsg", "99999")
    check(r.returncode == 2 and "EPSG:99999" in r.stderr and not os.path.exists(out),
          f"--epsg 99999: exit {r.returncode}, {r.stderr!r}, folder made: {os.path.exists(out)}")
    # A damaged world: an error naming it, and no folder.
    cut = os.path.join(WORK, "cut.wrp")
    open(cut, "wb").write(open(wrp, "rb").read()[:200])
    out = os.path.join(WORK, "cut.map")
    r = run("map", cut, out)
    check(r.returncode == 1 and "cut.wrp" in r.stderr and not os.path.exists(out), f"cut world: {r.returncode} {r.stderr}")
    # An existing folder: its other files stay; the map's names are replaced.
    out = os.path.join(WORK, "existing")
    os.makedirs(out)
    open(os.path.join(out, "notes.txt"), "w").write("mine")
    open(os.path.join(out, "dem.tif"), "w").write("old")
    r = run("map", wrp, out)
    check(r.returncode == 0 and open(os.path.join(out, "notes.txt")).read() == "mine", "an existing folder's file changed")
    check(gdal.Open(os.path.join(out, "dem.tif")).RasterXSize == 8, "dem.tif was not replaced")
    r = run("map", wrp)
    check(r.returncode == 2 and "usage" in r.stderr, f"no OUTDIR: {r.returncode} {r.stderr}")


def engine_checks():
    wrp = os.path.join(SAMPLES, "terrain", "op25q_small.wrp")
    if not os.path.isfile(wrp):
        print("SKIP --engine: no", wrp)
        return
    base = os.path.join(WORK, "op25q_small.wrp.map")  # samples() wrote it without --engine
    plain = gdal.Open(os.path.join(base, "height.png")).ReadAsArray()
    c = json.load(open(os.path.join(base, "height.json")))["cell_size"]
    for engine, side, change in (("godot", 256, None), ("unity", 257, "padded 256 x 256 to 257 x 257"),
                                 ("unreal", 253, "resampled 256 x 256 to 253 x 253"),
                                 ("reforger", 257, "padded 256 x 256 to 257 x 257 (Reforger's grid")):
        out = os.path.join(WORK, "engine-" + engine)
        r = run("map", wrp, out, "--engine", engine)
        check(r.returncode == 0, f"--engine {engine}: {r.returncode} {r.stderr}")
        if r.returncode:
            continue
        png = gdal.Open(os.path.join(out, "height.png")).ReadAsArray()
        meta = json.load(open(os.path.join(out, "height.json")))
        check(png.shape == (side, side), f"--engine {engine}: height.png is {png.shape}")
        check(meta.get("change", "").startswith(change) if change else "change" not in meta, f"{engine}: {meta}")
        check((change or "") in r.stderr, f"--engine {engine} does not say what it did: {r.stderr}")
        if engine == "godot":
            check(np.array_equal(png, plain), "--engine godot changed the heights")
        if engine in ("unity", "reforger"):  # the grid as it was, the north row and the east column repeated
            check(np.array_equal(png[1:, :-1], plain) and np.array_equal(png[0, :-1], plain[0]) and
                  np.array_equal(png[1:, -1], plain[:, -1]), f"--engine {engine}: not the grid padded north and east")
        if engine == "unreal":  # the corner samples stay (in metres); the cell grows to keep the extent
            base_meta = json.load(open(os.path.join(base, "height.json")))

            def metres(v, m):
                return m["min"] + (m["max"] - m["min"]) * float(v) / 65535

            step = (base_meta["max"] - base_meta["min"]) / 65535
            for a, b in ((png[0, 0], plain[0, 0]), (png[0, -1], plain[0, -1]), (png[-1, 0], plain[-1, 0]),
                         (png[-1, -1], plain[-1, -1])):
                check(abs(metres(a, meta) - metres(b, base_meta)) <= step, f"unreal corner {metres(a, meta)} vs {metres(b, base_meta)}")
            check(abs(meta["cell_size"] - c * 255 / 252) < 1e-9, f"unreal cell size {meta['cell_size']}")
    r = run("map", wrp, os.path.join(WORK, "engine-bad"), "--engine", "cryengine")
    check(r.returncode == 2 and "godot, unreal, unity or reforger" in r.stderr, f"--engine cryengine: {r.returncode} {r.stderr}")


def roads_checks(world):
    """An Arma 3 map's own roads.shp and RoadsLib.cfg beside the world (its unpacked folder)."""
    folder = os.path.join(WORK, "roadsworld")
    roads_dir = os.path.join(folder, "data", "roads")
    os.makedirs(roads_dir)
    shutil.copy(os.path.join(world, "world.wrp"), os.path.join(folder, "world.wrp"))
    drv = ogr.GetDriverByName("ESRI Shapefile")
    ds = drv.CreateDataSource(os.path.join(roads_dir, "roads.shp"))
    layer = ds.CreateLayer("roads", None, ogr.wkbLineString)
    layer.CreateField(ogr.FieldDefn("ID", ogr.OFTInteger))
    layer.CreateField(ogr.FieldDefn("ORDER", ogr.OFTInteger))
    for rid, pts in ((1, [(10, 10), (50, 20), (100, 60)]), (2, [(20, 70), (40, 72)]), (9, [(5, 5), (6, 6)]),
                     (1, [(30, 30)])):
        f = ogr.Feature(layer.GetLayerDefn())
        f.SetField("ID", rid)
        f.SetField("ORDER", 0)
        g = ogr.Geometry(ogr.wkbLineString)
        for x, y in pts:
            g.AddPoint_2D(200000 + x, y)  # Terrain Builder's frame, as the engine reads it
        f.SetGeometry(g)
        layer.CreateFeature(f)
    ds = None
    open(os.path.join(roads_dir, "RoadsLib.cfg"), "w").write(
        "// types\nclass RoadTypesLibrary\n{\n  class Road0001 { width = 14; map = \"main road\"; };\n"
        "  /* a track */ class Road0002 { width = 7; map = \"track\"; };\n};\n")
    out = os.path.join(WORK, "roads.map")
    r = run("map", os.path.join(folder, "world.wrp"), out, "--origin", "300000,1000")
    check(r.returncode == 0, f"map with roads.shp: {r.returncode} {r.stderr}")
    if r.returncode:
        return
    check("1 of 4 roads have fewer than two points" in r.stderr, f"no warning for the one-point road: {r.stderr}")
    check("1 roads have an ID with no class RoadNNNN in RoadsLib.cfg" in r.stderr, f"no warning for ID 9: {r.stderr}")
    got = []
    ds = ogr.Open(os.path.join(out, "map.gpkg"))
    for f in ds.GetLayerByName("roads"):
        g = f.GetGeometryRef()
        pts = [(round(g.GetX(i) - 300000, 6), round(g.GetY(i) - 1000, 6)) for i in range(g.GetPointCount())]
        got.append((f.GetField("object_id"), f.GetField("kind"), f.GetField("width"), os.path.basename(f.GetField("source")), pts))
    want = [(7, "road link", None, "OPRW road link", [(5, 5), (60, 30), (150, 70)]),
            (1, "main road", 14.0, "roads.shp", [(10, 10), (50, 20), (100, 60)]),
            (2, "track", 7.0, "roads.shp", [(20, 70), (40, 72)]),
            (9, "main road", None, "roads.shp", [(5, 5), (6, 6)])]
    check(sorted(got, key=str) == sorted(want, key=str), f"roads layer {got}")
    gj_ds = ogr.Open(os.path.join(out, "roads.geojson"))
    widths = sorted((f.GetField("width") is None, f.GetField("width") or 0) for f in gj_ds.GetLayer(0))
    check(widths == [(False, 7), (False, 14), (True, 0), (True, 0)], f"roads.geojson widths {widths}")


def bad_input_checks(world):
    """Hostile layer rvmats and roads.shp, a memory limit the map cannot fit: warnings that name the
    file, and nothing written outside OUTDIR or left half-written in it."""
    folder = os.path.join(WORK, "hostile")
    shutil.copytree(world, folder)
    rvmat = os.path.join(folder, "root", "w", "layers", "p_001-000_l00.rvmat")
    open(rvmat, "w").write('class Stage0 { texture="w\\layers\\s_001_000_lco.paa"; texGen=3; };\n'
                           'class TexGen3 { uvSource="worldPos"; class uvTransform { aside[]={0,0,0}; up[]={0,0,0}; '
                           'dir[]={0,0,0}; pos[]={0.5,0.5,0}; }; };\n')
    os.makedirs(os.path.join(folder, "data", "roads"))
    open(os.path.join(folder, "data", "roads", "roads.shp"), "wb").write(b"\x00\x00\x27\x0a" + b"\xff" * 60)
    before = sorted(os.listdir(WORK))
    out = os.path.join(WORK, "hostile.map")
    r = run("map", os.path.join(folder, "world.wrp"), out, "--data-root", os.path.join(folder, "root"))
    check(r.returncode == 0, f"hostile inputs: exit {r.returncode}: {r.stderr}")
    check("p_001-000_l00.rvmat': its TexGen transform does not place a picture" in r.stderr,
          f"no warning naming the degenerate rvmat: {r.stderr}")
    check("roads.shp cannot be read" in r.stderr and "its roads are left out" in r.stderr,
          f"no warning naming the broken roads.shp: {r.stderr}")
    if r.returncode == 0:
        sat, _ = rgba(os.path.join(out, "satellite.tif"))
        check((sat[4:, 8:, 3] == 0).all() and (sat[:, :8] == [255, 0, 0, 255]).all(),
              "the degenerate layer's cells are not transparent, or the others changed")
    check(sorted(os.listdir(WORK)) == sorted(before + ["hostile.map"]), "map wrote beside OUTDIR")
    # Over the memory limit: exit 1, the existing folder as it was, no staging folder left.
    out = os.path.join(WORK, "tight")
    os.makedirs(out)
    open(os.path.join(out, "keep.txt"), "w").write("mine")
    gen = os.path.join(SAMPLES, "terrain", "gen8wvr_medium.wrp")
    if os.path.isfile(gen):
        r = run("map", gen, out, "--max-memory", "120M")
        check(r.returncode == 1 and "memory limit" in r.stderr, f"--max-memory 120M (after dem.tif is staged): {r.returncode} {r.stderr}")
        check(os.listdir(out) == ["keep.txt"], f"a refused map left {os.listdir(out)}")
        r = run("map", gen, os.path.join(WORK, "tight-new"), "--max-memory", "120M")
        check(not os.path.exists(os.path.join(WORK, "tight-new")), "a refused map left the folder it made")


def program_checks(world):
    """`rvimport map` runs rvimport-map, the CLI built with GDAL: rvimport itself loads none of
    GDAL's shared libraries (they cost every start 60-100 ms), and without its map program beside
    it says which file is missing, writing nothing."""
    if sys.platform.startswith("linux"):
        libs = subprocess.run(["ldd", RV], capture_output=True, text=True).stdout
        check("libgdal" not in libs, f"rvimport links GDAL: {[l for l in libs.splitlines() if 'gdal' in l]}")
    lone = os.path.join(WORK, "lone")
    os.makedirs(lone)
    shutil.copy2(RV, os.path.join(lone, "rvimport"))
    out = os.path.join(WORK, "lone.map")
    r = subprocess.run([os.path.join(lone, "rvimport"), "map", world, out], capture_output=True, text=True)
    check(r.returncode == 2 and f"{lone}/rvimport-map is missing" in r.stderr, f"map without rvimport-map: {r.returncode} {r.stderr}")
    check(not os.path.exists(out), "map without rvimport-map wrote OUTDIR")


samples()
engine_checks()
world, d = generated()
options_and_failures(world, d)
program_checks(world)
roads_checks(world)
bad_input_checks(world)
if failures:
    print(f"{len(failures)} failure(s)")
    sys.exit(1)
print("all map checks passed")
