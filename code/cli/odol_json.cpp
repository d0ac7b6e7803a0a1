// `rvimport dump --json` for models: every decoded field of rv::OdolModel, in file order.
#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "rv/view.hpp"

namespace rv::cli {
namespace {

void vec3Field(JsonWriter& j, const char* k, const Vec3& v) {
    j.key(k);
    vec3(j, v);
}
void mat43(JsonWriter& j, const Mat43& m) { j.floats(m.m.begin(), m.m.end()); }
void rgba(JsonWriter& j, const char* k, const Rgba& c) {
    j.key(k);
    j.floats(c.begin(), c.end());
}
void ints(JsonWriter& j, const char* k, const std::vector<int32_t>& v) {
    j.key(k);
    j.beginArray();
    for (int32_t x : v) j.value(x);
    j.endArray();
}

void stage(JsonWriter& j, const OdolStageTexture& t) {
    j.beginObject();
    j.field("texture", t.texture);
    j.field("filter", t.textureFilter);
    j.field("stage_id", t.stageId);
    j.field("use_world_env_map", t.useWorldEnvMap);
    j.endObject();
}

void material(JsonWriter& j, const OdolMaterial& m) {
    j.beginObject();
    j.field("name", m.name);
    j.field("version", m.version);
    rgba(j, "emissive", m.emissive);
    rgba(j, "ambient", m.ambient);
    rgba(j, "diffuse", m.diffuse);
    rgba(j, "forced_diffuse", m.forcedDiffuse);
    rgba(j, "specular", m.specular);
    rgba(j, "specular2", m.specular2);
    j.field("specular_power", m.specularPower);
    j.field("pixel_shader", m.pixelShaderId);
    j.field("vertex_shader", m.vertexShaderId);
    j.field("main_light", m.mainLight);
    j.field("fog_mode", m.fogMode);
    j.field("surface", m.surfaceFile);
    j.field("render_flags", m.renderFlags);
    j.key("stages");
    j.beginArray();
    for (const OdolStageTexture& t : m.stages) stage(j, t);
    j.endArray();
    j.key("stage_transforms");
    j.beginArray();
    for (const OdolStageTransform& t : m.stageTransforms) {
        j.beginObject();
        j.field("uv_source", t.uvSource);
        j.key("transform");
        mat43(j, t.transform);
        j.endObject();
    }
    j.endArray();
    if (m.hasThermalStage) {
        j.key("thermal_stage");
        stage(j, m.thermalStage);
    }
    j.endObject();
}

// [[i0, i1, i2(, i3)], ...]: vertex indices in stored order.
void faces(JsonWriter& j, const OdolLod& l) {
    j.key("faces");
    j.beginArray();
    for (size_t f = 0; f < l.faceCount(); ++f) {
        j.beginArray();
        for (uint32_t k = l.faceStart[f]; k < l.faceStart[f + 1]; ++k) j.value(l.faceIndices[k]);
        j.endArray();
    }
    j.endArray();
}

// "key": [[[u, v], ...] per set]
void uvSetArrays(JsonWriter& j, const char* key, const std::vector<std::vector<Vec2>>& sets) {
    j.key(key);
    j.beginArray();
    for (const std::vector<Vec2>& set : sets) {
        j.beginArray();
        for (const Vec2& uv : set) {
            j.beginArray();
            j.value(uv.u);
            j.value(uv.v);
            j.endArray();
        }
        j.endArray();
    }
    j.endArray();
}

void uvSets(JsonWriter& j, const OdolLod& l) { uvSetArrays(j, "uv_sets", l.uvSets); }

// What only editable (MLOD) LODs hold: flags per point and face, per face corner its index
// into `normals` (-1: none) and its UV in every set (as faces, [[u, v], ...] per face corner in
// face order), the sets' stored ids, and #SharpEdges# as point index pairs.
void editableFields(JsonWriter& j, const OdolLod& l) {
    uints(j, "point_flags", l.pointFlags);
    uints(j, "face_flags", l.faceFlags);
    j.key("corner_normals");
    j.beginArray();
    for (uint32_t n : l.cornerNormals) j.value(n == UINT32_MAX ? int64_t(-1) : int64_t(n));
    j.endArray();
    uvSetArrays(j, "corner_uv_sets", l.cornerUvSets);
    uints(j, "corner_uv_set_ids", l.cornerUvSetIds);
    j.key("sharp_edges");
    j.beginArray();
    for (size_t i = 0; i + 1 < l.sharpEdges.size(); i += 2) {
        j.beginArray();
        j.value(l.sharpEdges[i]);
        j.value(l.sharpEdges[i + 1]);
        j.endArray();
    }
    j.endArray();
}

void sections(JsonWriter& j, const OdolLod& l) {
    j.key("sections");
    j.beginArray();
    for (const OdolSection& s : l.sections) {
        j.beginObject();
        j.field("first_face", s.firstFace);
        j.field("end_face", s.endFace);
        j.field("texture", s.textureIndex);
        j.field("material", s.materialIndex);
        if (s.materialIndex == -1) j.field("material_name", s.materialName);
        j.field("face_flags", s.faceFlags);
        j.field("point_flags", s.pointFlags);
        j.field("min_bone", s.minBoneIndex);
        j.field("bone_count", s.boneCount);
        j.key("area_over_tex");
        j.floats(s.areaOverTex.begin(), s.areaOverTex.end());
        j.endObject();
    }
    j.endArray();
}

void selections(JsonWriter& j, const OdolLod& l) {
    j.key("selections");
    j.beginArray();
    for (const OdolSelection& s : l.selections) {
        j.beginObject();
        j.field("name", s.name);
        uints(j, "vertices", s.vertices);
        uints(j, "faces", s.faces);
        uints(j, "weights", s.vertexWeights);
        j.field("sectional", s.sectional);
        uints(j, "sections", s.sections);
        j.endObject();
    }
    j.endArray();
}

// [[name, value], ...]
void properties(JsonWriter& j, const OdolLod& l) {
    j.key("properties");
    j.beginArray();
    for (const OdolProperty& p : l.properties) {
        j.beginArray();
        j.value(p.name);
        j.value(p.value);
        j.endArray();
    }
    j.endArray();
}

void proxies(JsonWriter& j, const OdolLod& l) {
    j.key("proxies");
    j.beginArray();
    for (const OdolProxy& p : l.proxies) {
        j.beginObject();
        j.field("path", p.model);
        j.field("index", p.sequenceId);
        j.key("transform");
        mat43(j, p.transform);
        j.field("selection", p.selectionIndex);
        j.field("bone", p.boneIndex);
        j.field("section", p.sectionIndex);
        j.endObject();
    }
    j.endArray();
}

void frames(JsonWriter& j, const OdolLod& l) {
    j.key("frames");
    j.beginArray();
    for (const OdolFrame& f : l.frames) {
        j.beginObject();
        j.field("time", f.time);
        vec3s(j, "positions", f.positions);
        j.endObject();
    }
    j.endArray();
}

// Skinned LODs only: per vertex [[bone, weight], ...], then the sub-skeleton map.
void vertexBones(JsonWriter& j, const OdolLod& l) {
    if (l.vertexBones.empty()) return;
    j.key("vertex_bones");
    j.beginArray();
    for (const OdolVertexBones& b : l.vertexBones) {
        j.beginArray();
        for (int k = 0; k < b.count; ++k) {
            j.beginArray();
            j.value(uint32_t(b.bone[k]));
            j.value(uint32_t(b.weight[k]));
            j.endArray();
        }
        j.endArray();
    }
    j.endArray();
    ints(j, "sub_skeleton_to_skeleton", l.subSkeletonToSkeleton);
}

void lod(JsonWriter& j, const OdolModel& model, const OdolLod& l) {
    const bool editable = model.editable;
    j.beginObject();
    j.field("resolution", l.resolution);
    j.field("name", l.name);
    vec3s(j, "positions", l.positions);
    faces(j, l);
    vec3s(j, "normals", l.normals);
    uvSets(j, l);
    strings(j, "textures", l.textures);
    j.key("materials");
    j.beginArray();
    for (const OdolMaterial& m : l.materials) material(j, m);
    j.endArray();
    sections(j, l);
    selections(j, l);
    properties(j, l);
    proxies(j, l);
    uints(j, "proxy_marker_faces", proxyMarkerFaces(model, l));  // the view's rule: never drawn
    frames(j, l);
    vertexBones(j, l);
    vec3Field(j, "bbox_min", l.boundsMin);
    vec3Field(j, "bbox_max", l.boundsMax);
    vec3Field(j, "bbox_center", l.boundsCenter);
    j.field("bbox_radius", l.boundsRadius);
    j.field("face_area", l.faceArea);
    j.field("or_hints", l.orHints);
    j.field("and_hints", l.andHints);
    j.field("special", l.special);
    if (editable) editableFields(j, l);
    j.endObject();
}

// {"name", "discrete", "bones": [[name, parent], ...]}
void skeleton(JsonWriter& j, const OdolSkeleton& s) {
    j.key("skeleton");
    j.beginObject();
    j.field("name", s.name);
    j.field("discrete", s.isDiscrete);
    j.key("bones");
    j.beginArray();
    for (const OdolBone& b : s.bones) {
        j.beginArray();
        j.value(b.name);
        j.value(b.parent);
        j.endArray();
    }
    j.endArray();
    j.endObject();
}

void animations(JsonWriter& j, const OdolAnimations& list) {
    j.key("animations");
    j.beginArray();
    for (const OdolAnimation& a : list.classes) {
        j.beginObject();
        j.field("name", a.name);
        j.field("type", a.type);
        j.field("source", a.source);
        j.field("min_phase", a.minPhase);
        j.field("max_phase", a.maxPhase);
        j.field("min_value", a.minValue);
        j.field("max_value", a.maxValue);
        j.field("source_address", a.sourceAddress);
        j.key("params");
        j.floats(std::begin(a.params), std::end(a.params));
        j.endObject();
    }
    j.endArray();
}

}  // namespace

void writeOdolJson(std::FILE* out, const OdolModel& m, bool pretty, const ReferenceListing* refs) {
    JsonWriter j(out, pretty);
    const OdolModelInfo& i = m.info;
    j.beginObject();
    j.field("signature", m.editable ? "MLOD" : "ODOL");
    j.field("version", m.version);
    j.field("app_id", m.appId);
    j.field("prefix", m.prefix);
    vec3Field(j, "bbox_min", i.bboxMin);
    vec3Field(j, "bbox_max", i.bboxMax);
    vec3Field(j, "bbox_min_visual", i.bboxMinVisual);
    vec3Field(j, "bbox_max_visual", i.bboxMaxVisual);
    vec3Field(j, "bounding_center", i.boundingCenter);
    vec3Field(j, "geometry_center", i.geometryCenter);
    vec3Field(j, "center_of_mass", i.centerOfMass);
    vec3Field(j, "aiming_center", i.aimingCenter);
    j.field("bounding_sphere", i.boundingSphere);
    j.field("geometry_sphere", i.geometrySphere);
    j.field("mass", i.totalMass);
    j.field("armor", i.armor);
    j.field("map_type", uint32_t(i.mapType));
    j.field("autocenter", i.autoCenter);
    j.field("property_class", i.propertyClass);
    j.field("property_damage", i.propertyDamage);
    j.key("vertex_mass");
    j.floats(i.mass.begin(), i.mass.end());
    j.key("special_lods");
    j.beginArray();
    for (int8_t x : i.specialLods) j.value(int32_t(x));
    j.endArray();
    skeleton(j, m.skeleton);
    animations(j, m.animations);
    j.key("lods");
    j.beginArray();
    for (const OdolLod& l : m.lods) lod(j, m, l);
    j.endArray();
    warnings(j, m.warnings);
    if (refs) {
        // With --data-root: every reference and where it resolved (model_references.hpp).
        j.key("references");
        j.beginArray();
        for (const ModelReference& r : refs->list.references) {
            j.beginObject();
            j.field("reference", r.reference);
            j.field("source", r.source);
            j.field("resolution", describeResolution(r.where, refs->root));
            j.endObject();
        }
        j.endArray();
    }
    j.endObject();
}

}  // namespace rv::cli
