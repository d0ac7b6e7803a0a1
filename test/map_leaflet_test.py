#!/usr/bin/env python3
"""`rvimport map --tiles` opened in headless Chromium (issue 37): the offline Leaflet page shows the
satellite tiles and, at index.html#hillshade, the hillshade. The screenshots are read back with
GDAL's PNG reader and their colours checked against what the generated world puts there.

  map_leaflet_test.py RVIMPORT MAKE_CLI_INPUTS WORK [SCREENSHOT_PREFIX]
"""
import os
import shutil
import subprocess
import sys

import numpy as np
from osgeo import gdal

gdal.UseExceptions()
RV, MAKE, WORK = sys.argv[1:4]
PREFIX = sys.argv[4] if len(sys.argv) > 4 else os.path.join(WORK, "leaflet")
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(os.path.join(WORK, "gen"))
subprocess.run([MAKE, "map", os.path.join(WORK, "gen")], check=True, capture_output=True)
out = os.path.join(WORK, "map")
subprocess.run([RV, "map", os.path.join(WORK, "gen", "world.wrp"), out, "--data-root", os.path.join(WORK, "gen", "root"),
                "--tiles"], check=True, capture_output=True)
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


for name in ("index.html", "leaflet/leaflet.js", "leaflet/leaflet.css", "leaflet/LICENSE", "tiles/satellite/0/0/0.png",
             "tiles/hillshade/0/0/0.png"):
    check(os.path.isfile(os.path.join(out, name)), f"{name} is missing")
html = open(os.path.join(out, "index.html")).read()
check("http://" not in html and "https://" not in html, "index.html loads something from the network")

chromium = shutil.which("chromium") or shutil.which("chromium-browser")
if not chromium:
    print("FAIL: no chromium (scripts/setup.sh installs it)")
    sys.exit(1)


def screenshot(fragment, path):
    url = "file://" + os.path.abspath(os.path.join(out, "index.html")) + fragment
    r = subprocess.run([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                        "--user-data-dir=" + os.path.join(WORK, "profile"), "--window-size=800,600",
                        "--virtual-time-budget=5000", "--screenshot=" + path, url], capture_output=True, text=True,
                       timeout=120)
    check(r.returncode == 0 and os.path.isfile(path), f"chromium {fragment}: {r.returncode} {r.stderr[-500:]}")
    ds = gdal.Open(path)
    return np.stack([ds.GetRasterBand(b).ReadAsArray() for b in range(1, 4)], axis=-1).reshape(-1, 3)


px = screenshot("", PREFIX + "-satellite.png")
red = np.all(px == [255, 0, 0], axis=1).sum()
ramp = ((px[:, 2] == 200) & (px[:, 1] == 0)).sum()
green = ((px[:, 1] > 200) & (px[:, 0] < 50) & (px[:, 2] < 50)).sum()
check(red > 2000, f"the satellite page shows {red} red pixels of layer 1")
check(ramp > 1000, f"the satellite page shows {ramp} pixels of layer 2's ramp")
check(green == 0, f"the satellite page shows {green} pixels of the overlap border that must be trimmed")
px = screenshot("#hillshade", PREFIX + "-hillshade.png")
grey = ((px[:, 0] == px[:, 1]) & (px[:, 1] == px[:, 2]) & (px[:, 0] > 60) & (px[:, 0] < 250)).sum()
check(grey > 2000 and np.all(px == [255, 0, 0], axis=1).sum() == 0, f"the hillshade page shows {grey} grey pixels")
if failures:
    sys.exit(1)
print("Leaflet showed both pyramids:", PREFIX + "-satellite.png", PREFIX + "-hillshade.png")
