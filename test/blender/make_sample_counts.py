"""Host side of blender_sample_counts: what `rvimport dump --json` says of every sample model and
terrain, as the counts the add-on must reproduce in Blender, into OUT (a JSON file).

    make_sample_counts.py RVIMPORT SAMPLES OUT

Per model: each LOD's name, stored vertex count, triangle count (an n-gon gives n - 2), selections,
proxies and UV sets (an editable model keeps its UVs per face corner: corner_uv_sets). Per terrain: the height grid's size and the placed objects (finite transforms)."""
import json
import math
import os
import subprocess
import sys

rvimport, samples, out = sys.argv[1:4]
def marker_only(d, lod):
    """The stored points only proxy markers use, which no output has: the faces of sections flagged
    0x10000000 ("hidden proxy triangle", binarized v28+) and of the proxies' selections."""
    marker = {f for p in lod["proxies"] if 0 <= p["selection"] < len(lod["selections"])
              for f in lod["selections"][p["selection"]]["faces"]}
    if lod["proxies"] and d.get("version", 0) >= 28 and d["signature"] == "ODOL":
        marker |= {f for s in lod.get("sections", []) if s["face_flags"] & 0x10000000
                   for f in range(s["first_face"], s["end_face"])}
    inside = {v for f in marker for v in lod["faces"][f]}
    return len(inside - {v for f, face in enumerate(lod["faces"]) if f not in marker for v in face})


result = {"models": {}, "terrains": {}}
if os.path.isdir(samples):
    for folder, _, files in sorted(os.walk(samples)):
        for name in sorted(files):
            rel = os.path.relpath(os.path.join(folder, name), samples)
            kind = name.lower().rsplit(".", 1)[-1]
            if kind not in ("p3d", "wrp") or rel.startswith(("textures", "animations")):
                continue
            run = subprocess.run([rvimport, "dump", "--json", os.path.join(samples, rel)], capture_output=True)
            if run.returncode != 0:
                continue  # a file the library refuses (the negatives): other tests cover those
            d = json.loads(run.stdout)
            if kind == "p3d":
                result["models"][rel] = {"signature": d["signature"], "lods": [
                    # each proxy's marker triangle is never drawn
                    {"name": l["name"], "vertices": len(l["positions"]) - marker_only(d, l),
                     "triangles": sum(len(f) - 2 for f in l["faces"]) - len(l["proxies"]),
                     "selections": len(l["selections"]), "proxies": len(l["proxies"]), "uv_sets": len(l["uv_sets"]) or len(l.get("corner_uv_sets", []))}
                    for l in d["lods"]]}
            else:
                placed = sum(all(math.isfinite(v) for v in o["transform"]) for o in d["objects"])
                result["terrains"][rel] = {"map_size": d["map_size"], "objects": placed}
with open(out, "w", encoding="utf-8") as f:
    json.dump(result, f)
print("%d models, %d terrains" % (len(result["models"]), len(result["terrains"])))
