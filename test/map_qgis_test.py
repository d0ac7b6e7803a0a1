#!/usr/bin/env python3
"""QGIS opens a `rvimport map` folder as a terrain maker would (issue 37): the DEM as a hillshade,
the satellite mosaic over it, and the roads, houses, rivers and objects of map.gpkg on top, every
layer in EPSG:32631. Headless PyQGIS (Debian's python3-qgis) renders the map to a PNG, and the
test reads colours back at places the generated world puts things.

  map_qgis_test.py RVIMPORT MAKE_CLI_INPUTS WORK [PICTURE.png]
"""
import os
import shutil
import subprocess
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
from qgis.core import (QgsApplication, QgsCoordinateReferenceSystem, QgsHillshadeRenderer, QgsMapRendererSequentialJob,
                       QgsMapSettings, QgsPointXY, QgsRasterLayer, QgsRectangle, QgsVectorLayer, QgsProject)
from qgis.PyQt.QtCore import QSize
from qgis.PyQt.QtGui import QColor

RV, MAKE, WORK = sys.argv[1:4]
PICTURE = sys.argv[4] if len(sys.argv) > 4 else os.path.join(WORK, "qgis.png")
shutil.rmtree(WORK, ignore_errors=True)
os.makedirs(WORK)
world = os.path.join(WORK, "gen")
os.makedirs(world)
subprocess.run([MAKE, "map", world], check=True, capture_output=True)
out = os.path.join(WORK, "map")
subprocess.run([RV, "map", os.path.join(world, "world.wrp"), out, "--data-root", os.path.join(world, "root")],
               check=True, capture_output=True)

app = QgsApplication([], False)
app.initQgis()
failures = []


def check(ok, what):
    if not ok:
        failures.append(what)
        print("FAIL:", what)


dem = QgsRasterLayer(os.path.join(out, "dem.tif"), "dem")
dem.setRenderer(QgsHillshadeRenderer(dem.dataProvider(), 1, 315, 45))
sat = QgsRasterLayer(os.path.join(out, "satellite.tif"), "satellite")
vectors = {}
for name, colour in (("roads", "255,255,0"), ("houses", "0,0,0"), ("rivers", "0,255,255"), ("objects", "255,0,255")):
    layer = QgsVectorLayer(os.path.join(out, "map.gpkg") + "|layername=" + name, name, "ogr")
    vectors[name] = layer
    if layer.isValid():
        symbol = layer.renderer().symbol()
        symbol.setColor(QColor(*map(int, colour.split(","))))
        if name == "roads":
            symbol.setWidth(2.0)
        if name == "objects":
            symbol.setSize(4.0)
layers = [vectors["objects"], vectors["roads"], vectors["houses"], vectors["rivers"], sat, dem]
for layer in layers:
    check(layer.isValid(), f"QGIS cannot open {layer.name()}")
    check(layer.crs().authid() == "EPSG:32631", f"{layer.name()} is in {layer.crs().authid()}")
check(vectors["objects"].featureCount() == 2 and vectors["roads"].featureCount() == 1, "feature counts")
for layer in layers:
    QgsProject.instance().addMapLayer(layer)

# The whole map, 160 m x 80 m from (200000, 0), at 5 px per metre.
settings = QgsMapSettings()
settings.setLayers(layers)
settings.setDestinationCrs(QgsCoordinateReferenceSystem("EPSG:32631"))
settings.setExtent(QgsRectangle(200000, 0, 200160, 80))
settings.setOutputSize(QSize(800, 400))
settings.setBackgroundColor(QColor(255, 255, 255))
job = QgsMapRendererSequentialJob(settings)
job.start()
job.waitForFinished()
image = job.renderedImage()
image.save(PICTURE)


def colour_at(east, north):
    c = QColor(image.pixel(int(east * 5), int((80 - north) * 5)))
    return c.red(), c.green(), c.blue()


check(colour_at(10, 40) == (255, 0, 0), f"satellite red expected in the west, got {colour_at(10, 40)}")
check(colour_at(60, 30) == (255, 255, 0), f"the road's middle connection is not yellow: {colour_at(60, 30)}")
check(colour_at(30.5, 10.25) == (255, 0, 255), f"the house object's point is not magenta: {colour_at(30.5, 10.25)}")
check(colour_at(50, 47.5) == (0, 0, 0), f"the house outline's interior is not black: {colour_at(50, 47.5)}")
r, g, b = colour_at(140, 60)  # the north-east cell: no satellite picture, so the hillshade shows
check(r == g == b and 0 < r < 255, f"the hillshade does not show through the transparent cell: {(r, g, b)}")
# A surface's weights (surfaces/gdt_soil.png, its world file and .aux.xml) where they lie: layer
# 1's mask is red (this surface's slot) in the 10 m column from east 10, red 51 (a 60 % share)
# from east 60 to 80, and black (another surface) from east 0.
soil = QgsRasterLayer(os.path.join(out, "surfaces", "gdt_soil.png"), "gdt_soil")
check(soil.isValid() and soil.crs().authid() == "EPSG:32631", f"QGIS opens gdt_soil.png in {soil.crs().authid()}")
check(soil.extent() == QgsRectangle(200000, 0, 200160, 80), f"gdt_soil.png lies at {soil.extent().toString()}")
for east, want in ((15, 255), (5, 0), (65, 153), (120, 0)):
    value, ok = soil.dataProvider().sample(QgsPointXY(200000 + east, 40), 1)
    check(ok and value == want, f"gdt_soil at east {east}: {value}, not {want}")
del soil  # a layer outliving exitQgis crashes the interpreter's exit
app.exitQgis()
if failures:
    sys.exit(1)
print("QGIS rendered", PICTURE)
