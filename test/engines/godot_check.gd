# Godot 4.6's view of every glTF in the project (test_godot.py): loads each res://*.glb as a
# user's project would after `godot --headless --import`, walks the instantiated scene and writes
# what it finds as JSON to the path after "--":
#   meshes: MeshInstance3D count; multimesh_instances: instances of MultiMeshInstance3D nodes;
#   placed: {object_id: [12 floats, the global basis columns then origin]} of nodes whose glTF
#           extras carry object_id (our one-node-per-object layout);
#   materials: {name: {albedo: [max, mean diff], normal: [max, mean diff]}}: each texture Godot
#           assigned, against the picture the .glb embeds for that material's slot, both decoded by
#           Godot and reduced to 16 x 16 (normal maps: red and green only, as Godot may store
#           them as two channels); -1 where the file has the map and Godot's material lacks it;
#   skeletons: [bone count of each Skeleton3D];
#   animations: {name: {length, tracks, keys (of the first track), poses: {"start"/"end": {bone:
#           [x, y, z]}}}}: each animation of each AnimationPlayer applied to the first skeleton at its
#           first and last moment, track by track, and the skeleton-space origins of a few bones.
extends SceneTree

const GLB_JSON := 0x4E4F534A

func glb(path: String) -> Dictionary:
	var bytes := FileAccess.get_file_as_bytes(path)
	var json_len := bytes.decode_u32(12)
	var doc: Dictionary = JSON.parse_string(bytes.slice(20, 20 + json_len).get_string_from_utf8())
	var bin_at := 20 + json_len + 8
	return {"doc": doc, "bin": bytes.slice(bin_at)}

func embedded_image(g: Dictionary, texture_index: int) -> Image:
	var doc: Dictionary = g["doc"]
	var source: int = doc["textures"][texture_index]["source"]
	var view: Dictionary = doc["bufferViews"][int(doc["images"][source]["bufferView"])]
	var at: int = int(view.get("byteOffset", 0))
	var img := Image.new()
	img.load_png_from_buffer(g["bin"].slice(at, at + int(view["byteLength"])))
	return img

func reduced(img: Image) -> Image:
	var r: Image = img.duplicate()
	if r.is_compressed():
		r.decompress()
	r.clear_mipmaps()  # the imported texture carries Godot's, the embedded picture none
	r.convert(Image.FORMAT_RGBA8)
	r.premultiply_alpha()  # Godot's import rewrites the colour of clear pixels (fix_alpha_border)
	r.resize(16, 16, Image.INTERPOLATE_TRILINEAR)
	return r

func difference(a: Image, b: Image, channels: int) -> Array:
	var ra := reduced(a)
	var rb := reduced(b)
	var worst := 0.0
	var total := 0.0
	for y in 16:
		for x in 16:
			var pa := ra.get_pixel(x, y)
			var pb := rb.get_pixel(x, y)
			for c in channels:
				var d: float = abs(pa[c] - pb[c])
				worst = max(worst, d)
				total += d
	return [worst * 255.0, total * 255.0 / (256.0 * channels)]

func global_of(n: Node) -> Transform3D:
	var t := Transform3D.IDENTITY
	var p := n
	while p != null and p is Node3D:
		t = (p as Node3D).transform * t
		p = p.get_parent()
	return t

func walk(n: Node, found: Dictionary) -> void:
	if n is MeshInstance3D:
		found["meshes"] += 1
		var mesh: Mesh = (n as MeshInstance3D).mesh
		if mesh:
			for i in mesh.get_surface_count():
				var m := mesh.surface_get_material(i)
				if m is StandardMaterial3D:
					found["godot_materials"][m.resource_name] = m
	if n is Skeleton3D:
		found["skeleton_nodes"].append(n)
		found["skeletons"].append((n as Skeleton3D).get_bone_count())
	if n is AnimationPlayer:
		found["players"].append(n)
	if n is MultiMeshInstance3D and (n as MultiMeshInstance3D).multimesh:
		found["multimesh_instances"] += (n as MultiMeshInstance3D).multimesh.instance_count
	var extras = n.get_meta("extras") if n.has_meta("extras") else null
	if extras is Dictionary and extras.has("object_id"):
		var t := global_of(n)
		found["placed"][str(int(extras["object_id"]))] = [t.basis.x.x, t.basis.x.y, t.basis.x.z, t.basis.y.x, t.basis.y.y,
			t.basis.y.z, t.basis.z.x, t.basis.z.y, t.basis.z.z, t.origin.x, t.origin.y, t.origin.z]
	for k in n.get_children():
		walk(k, found)

const POSED_BONES := ["pelvis", "head", "leftfoot", "lefthand", "righthand"]

# Godot's own sampling of each track, composed over Godot's bone rests and parents by hand (a
# Skeleton3D outside the scene tree does not update its global poses).
func pose_at(a: Animation, skel: Skeleton3D, time: float) -> Dictionary:
	var local := []
	for b in skel.get_bone_count():
		local.append(skel.get_bone_rest(b))
	var pos := {}
	var rot := {}
	var scl := {}
	for i in a.get_track_count():
		var bone := skel.find_bone(String(a.track_get_path(i).get_concatenated_subnames()))
		if bone < 0:
			continue
		match a.track_get_type(i):
			Animation.TYPE_POSITION_3D:
				pos[bone] = a.position_track_interpolate(i, time)
			Animation.TYPE_ROTATION_3D:
				rot[bone] = a.rotation_track_interpolate(i, time)
			Animation.TYPE_SCALE_3D:
				scl[bone] = a.scale_track_interpolate(i, time)
	for b in skel.get_bone_count():
		var rest: Transform3D = local[b]
		var q: Quaternion = rot.get(b, rest.basis.get_rotation_quaternion())
		var s: Vector3 = scl.get(b, rest.basis.get_scale())
		local[b] = Transform3D(Basis(q).scaled(s), pos.get(b, rest.origin))
	var out := {}
	for name in POSED_BONES:
		var b := skel.find_bone(name)
		if b < 0:
			continue
		var t: Transform3D = local[b]
		var p := skel.get_bone_parent(b)
		while p >= 0:
			t = local[p] * t
			p = skel.get_bone_parent(p)
		out[name] = [t.origin.x, t.origin.y, t.origin.z]
	out["tracks_on_bones"] = pos.size() + rot.size() + scl.size()
	return out

func animations(found: Dictionary) -> Dictionary:
	var out := {}
	if found["skeleton_nodes"].is_empty():
		return out
	var skel: Skeleton3D = found["skeleton_nodes"][0]
	for p in found["players"]:
		var player := p as AnimationPlayer
		for name in player.get_animation_list():
			var a := player.get_animation(name)
			out[name] = {"length": a.length, "tracks": a.get_track_count(),
				"keys": a.track_get_key_count(0) if a.get_track_count() > 0 else 0,
				"poses": {"start": pose_at(a, skel, 0.0), "end": pose_at(a, skel, a.length)}}
	return out

func materials(path: String, godot_materials: Dictionary) -> Dictionary:
	var g := glb(path)
	var out := {}
	for m in g["doc"].get("materials", []):
		var name: String = m.get("name", "")
		var gm: StandardMaterial3D = godot_materials.get(name)
		var r := {}
		var pbr: Dictionary = m.get("pbrMetallicRoughness", {})
		if pbr.has("baseColorTexture"):
			var t = gm.albedo_texture if gm else null
			r["albedo"] = difference(t.get_image(), embedded_image(g, int(pbr["baseColorTexture"]["index"])), 4) if t else [-1, -1]
		if m.has("normalTexture"):
			var t = gm.normal_texture if gm and gm.normal_enabled else null
			r["normal"] = difference(t.get_image(), embedded_image(g, int(m["normalTexture"]["index"])), 2) if t else [-1, -1]
		out[name] = r
	return out

func _init() -> void:
	var args := OS.get_cmdline_user_args()
	var report := {}
	for f in DirAccess.get_files_at("res://"):
		if not f.ends_with(".glb"):
			continue
		var scene = load("res://" + f)
		if scene == null:
			report[f] = {"loaded": false}
			continue
		var root: Node = scene.instantiate()
		var found := {"loaded": true, "meshes": 0, "multimesh_instances": 0, "placed": {}, "godot_materials": {},
			"skeletons": [], "skeleton_nodes": [], "players": []}
		walk(root, found)
		found["animations"] = animations(found)
		found.erase("skeleton_nodes")
		found.erase("players")
		found["materials"] = materials("res://" + f, found["godot_materials"])
		found.erase("godot_materials")
		report[f] = found
		root.free()
	var out := FileAccess.open(args[0], FileAccess.WRITE)
	out.store_string(JSON.stringify(report))
	out.close()
	quit()
