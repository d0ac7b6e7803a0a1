"""What the headless Blender tests share: check() collects failures, reset() empties the scene
and enables the add-on again, render_top() renders a terrain from above. Each test ends with
`if failures: raise SystemExit(...)`."""
import addon_utils
import bpy

failures = []


def check(cond, what):
    if not cond:
        failures.append(what)
        print("FAIL:", what)


def reset():
    bpy.ops.wm.read_factory_settings(use_empty=True)
    addon_utils.enable("io_import_rv", default_set=True)


def render_top(scene, centre, width, height, out):
    """Renders `scene` from straight above `centre` (x, y in Blender's z-up frame) with an
    orthographic camera over width x height metres, Cycles on the CPU (Workbench needs a GPU
    context, which the chroots' Blender has no EGL for), lit only by a uniform white sky, so a
    pixel shows the texture's colour; writes `out` and returns colour(x, y), the mean RGB of the 5
    x 5 pixels at that point of the ground."""
    camera = bpy.data.cameras.new("top")
    camera.type = "ORTHO"
    camera.ortho_scale = max(width, height)
    camera.clip_end = 10000
    cam = bpy.data.objects.new("top", camera)
    scene.collection.objects.link(cam)
    cam.location = (centre[0], centre[1], 500)
    scene.camera = cam
    scene.render.engine = "CYCLES"
    scene.cycles.device = "CPU"
    scene.cycles.samples = 8
    scene.cycles.use_denoising = False
    world = bpy.data.worlds.new("sky")
    world.use_nodes = True
    world.node_tree.nodes["Background"].inputs["Color"].default_value = (1, 1, 1, 1)
    world.node_tree.nodes["Background"].inputs["Strength"].default_value = 1.0
    scene.world = world
    scene.view_settings.view_transform = "Standard"
    scene.render.resolution_x, scene.render.resolution_y = int(width * 5), int(height * 5)
    scene.render.filepath = out
    bpy.ops.render.render(write_still=True)
    image = bpy.data.images.load(out)
    w, h = image.size
    pixels = image.pixels[:]

    def colour(x, y):  # image rows start at the bottom; 8 samples are noisy, so a 5 x 5 mean
        x0 = int((x - centre[0] + width / 2) / width * w)
        y0 = int((y - centre[1] + height / 2) / height * h)
        sums = [0.0, 0.0, 0.0]
        for py in range(y0 - 2, y0 + 3):
            for px in range(x0 - 2, x0 + 3):
                for c in range(3):
                    sums[c] += pixels[(py * w + px) * 4 + c] / 25
        return tuple(sums)
    return colour
