"""Renders a skinned model at rest and posed by an .rtm (issue 28's visual check; not a ctest test).

    RV_ADDON_DIR=scripts/blender RVIMPORT_LIB=build/librvimport.so blender -b --factory-startup \\
        --python test/blender/render_pose.py -- MODEL.p3d ANIMATION.rtm OUT_PREFIX

Writes OUT_PREFIX_rest.png, then OUT_PREFIX_first/_mid/_last.png at the animation's first, middle
and last key: Workbench, 640 x 480, an orthographic camera on +X looking at the model's side, a
floor under the feet at the first key. Faces of the visual LOD over 0.5 m² are removed first:
man_survivor.p3d has 8 untextured 1 m² triangles in no selection, reaching 2 m from the body,
that would hide it."""
import bmesh
import os
import sys

import addon_utils
import bpy

sys.path.insert(0, os.environ["RV_ADDON_DIR"])
model, animation, prefix = sys.argv[sys.argv.index("--") + 1:][:3]


def setup_scene():
    scene = bpy.context.scene
    scene.render.engine = "BLENDER_WORKBENCH"
    scene.render.resolution_x, scene.render.resolution_y = 640, 480
    scene.render.resolution_percentage = 100
    scene.display.shading.light = "STUDIO"
    scene.display.shading.color_type = "OBJECT"
    cam = bpy.data.objects.new("Camera", bpy.data.cameras.new("Camera"))
    cam.data.type = "ORTHO"
    cam.data.ortho_scale = 4.0
    cam.location = (8.0, -0.6, 0.95)
    cam.rotation_euler = (1.40, 0.0, 1.5707963)  # along -X (the model's side), 10 degrees down
    scene.collection.objects.link(cam)
    scene.camera = cam
    return scene


def drop_big_faces(obj, area=0.5):
    bm = bmesh.new()
    bm.from_mesh(obj.data)
    big = [f for f in bm.faces if f.calc_area() > area]
    bmesh.ops.delete(bm, geom=big, context="FACES_ONLY")
    bm.to_mesh(obj.data)
    bm.free()
    print("removed %d faces over %.1f m2" % (len(big), area))


def lowest_z(obj):
    evaluated = obj.evaluated_get(bpy.context.evaluated_depsgraph_get())
    used = {i for p in obj.data.polygons for i in p.vertices}
    return min((evaluated.matrix_world @ v.co).z for v in evaluated.to_mesh().vertices if v.index in used)


def floor(z):
    bpy.ops.mesh.primitive_plane_add(size=8.0, location=(0.0, -0.6, z))
    bpy.context.active_object.color = (0.35, 0.45, 0.35, 1.0)


def render(scene, frame, name):
    scene.frame_set(int(frame), subframe=frame - int(frame))
    scene.render.filepath = "%s_%s.png" % (prefix, name)
    bpy.ops.render.render(write_still=True)
    print("wrote", scene.render.filepath, "at frame %.2f" % frame)


bpy.ops.wm.read_factory_settings(use_empty=True)
addon_utils.enable("io_import_rv", default_set=True)
scene = setup_scene()
bpy.ops.import_scene.rv_p3d(filepath=model, materials=False)
armature = next(o for o in bpy.data.objects if o.type == "ARMATURE")
visual = next(o for o in bpy.data.objects if o.get("rv_lod_name") == "1.000")
visual.color = (0.8, 0.65, 0.5, 1.0)
drop_big_faces(visual)
render(scene, scene.frame_current, "rest")
bpy.context.view_layer.objects.active = armature
bpy.ops.import_anim.rv_rtm(filepath=animation)
times = sorted({k.co[0] for fc in bpy.data.actions[-1].fcurves for k in fc.keyframe_points}) \
    if hasattr(bpy.data.actions[-1], "fcurves") and len(bpy.data.actions[-1].fcurves) else None
if not times:  # slotted actions (4.4+)
    bag = bpy.data.actions[-1].layers[0].strips[0].channelbag(armature.animation_data.action_slot)
    times = sorted({k.co[0] for fc in bag.fcurves for k in fc.keyframe_points})
scene.frame_set(int(times[0]))
floor(lowest_z(visual))
for name, t in (("first", times[0]), ("mid", times[len(times) // 2]), ("last", times[-1])):
    render(scene, t, name)
