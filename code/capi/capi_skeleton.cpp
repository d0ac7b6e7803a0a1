// Skeletons and animations in the C ABI (include/rvimport.h): the model's bones and per-vertex
// weights from its view, and .rtm files posed on a skeleton the caller names (the Blender add-on
// poses the armature it made, after the model handle is gone).
#include <cstring>

#include "capi/capi_model_handle.hpp"
#include "rv/defaults.hpp"
#include "rv/open.hpp"
#include "rv/skeleton.hpp"

using namespace rv;
using namespace rv::capi;

struct rv_animation {
    RtmAnimation rtm;
    std::string name;  // the file's name, which a pose's errors and warnings give
    Options options;   // memory limit of the poses
    std::vector<Warning> warnings;
};

namespace {

const BoneView* boneOf(const rv_model* m, uint32_t bone) {
    return m && bone < m->view.skeleton.bones.size() ? &m->view.skeleton.bones[bone] : nullptr;
}
const LodView* skinnedLod(const rv_model* m, uint32_t lod) {
    return m && lod < m->view.lods.size() && m->view.lods[lod].skinned() ? &m->view.lods[lod] : nullptr;
}

int32_t openAnimation(const std::vector<uint8_t>& bytes, const std::string& name, const rv_options* options,
                      rv_animation** out, rv_error* error) {
    Settings s;
    if (!readOptions(options, s, error)) return error->code;
    Result<OpenedFile> opened = open(bytes.data(), bytes.size(), name, s.options, accepting(kAcceptAnimation));
    if (!opened) {
        // Another kind of file: what it is and what an animation starts with, not the CLI's advice.
        const FileKind kind = sniffKind(bytes.data(), bytes.size(), name);
        if (opened.error().kind == DiagKind::NotRecognized && kind != FileKind::Unknown) {
            setError(error, RV_ERROR_NOT_RECOGNIZED,
                     name + " is " + fileKindName(kind) +
                         ", not an animation: an .rtm starts with RTM_0101, RTM_MDAT or BMTR at offset 0x0");
            return int32_t(RV_ERROR_NOT_RECOGNIZED);
        }
        setError(error, opened.error());
        return int32_t(opened.error().kind);
    }
    auto handle = std::make_unique<rv_animation>();
    handle->rtm = std::move(*opened.value().animation);
    handle->name = name;
    handle->warnings = std::move(opened.value().warnings);
    for (const Warning& w : handle->rtm.warnings) handle->warnings.push_back(w);
    toLines(handle->warnings);
    handle->options.memoryLimit = s.options.memoryLimit;
    *out = handle.release();
    clearError(error);
    return RV_OK;
}

}  // namespace

const char* rv_model_skeleton_name(const rv_model* m) { return m ? m->view.skeleton.name.c_str() : kEmpty; }
uint32_t rv_model_bone_count(const rv_model* m) { return m ? uint32_t(m->view.skeleton.bones.size()) : 0; }
const char* rv_bone_name(const rv_model* m, uint32_t bone) {
    const BoneView* b = boneOf(m, bone);
    return b ? b->name.c_str() : kEmpty;
}
int32_t rv_bone_parent(const rv_model* m, uint32_t bone) {
    const BoneView* b = boneOf(m, bone);
    return b ? b->parent : -1;
}
void rv_bone_head(const rv_model* m, uint32_t bone, float* out3) {
    const BoneView* b = boneOf(m, bone);
    if (b && out3) std::memcpy(out3, &b->head, 12);
}
int32_t rv_lod_is_skinned(const rv_model* m, uint32_t lod) { return skinnedLod(m, lod) ? 1 : 0; }
void rv_lod_vertex_bones(const rv_model* m, uint32_t lod, uint32_t* bones4, float* weights4) {
    const LodView* l = skinnedLod(m, lod);
    if (!l) return;
    for (size_t v = 0; v < l->joints.size(); ++v)
        for (size_t k = 0; k < 4; ++k) {
            if (bones4) bones4[v * 4 + k] = l->joints[v][k];
            if (weights4) weights4[v * 4 + k] = l->jointWeights[v][k];
        }
}

int32_t rv_animation_open(const char* path, const rv_options* options, rv_animation** out, rv_error* error) {
    return openFromPath(path, options, out, error,
                        [&](const std::vector<uint8_t>& bytes, const std::string& name, rv_animation** h, rv_error* e) {
                            return openAnimation(bytes, name, options, h, e);
                        });
}
int32_t rv_animation_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                                 rv_animation** out, rv_error* error) {
    return openFromMemory(data, size, name, options, out, error,
                          [&](const std::vector<uint8_t>& bytes, const std::string& n, rv_animation** h, rv_error* e) {
                              return openAnimation(bytes, n, options, h, e);
                          });
}
void rv_animation_close(rv_animation* a) { delete a; }
float rv_animation_default_fps(void) { return defaults::kAnimationFps; }
const char* rv_animation_signature(const rv_animation* a) { return a ? a->rtm.signature.c_str() : kEmpty; }
uint32_t rv_animation_version(const rv_animation* a) { return a ? a->rtm.version : 0; }
uint32_t rv_animation_frame_count(const rv_animation* a) { return a ? a->rtm.frameCount : 0; }
void rv_animation_phases(const rv_animation* a, float* out) {
    if (a) copyOut(out, a->rtm.phases);
}
uint32_t rv_animation_key_frames(const rv_animation* a, uint32_t* out) {
    if (!a) return 0;
    const std::vector<uint32_t> frames = keyableFrames(a->rtm.phases);
    copyOut(out, frames);
    return uint32_t(frames.size());
}
void rv_animation_step(const rv_animation* a, int32_t axes, float* out3) {
    if (!a || !out3 || axes < RV_AXES_STORED || axes > RV_AXES_Z_UP) return;
    const Vec3 v = toFrame(Axes(axes), a->rtm.step);
    std::memcpy(out3, &v, 12);
}
uint32_t rv_animation_bone_count(const rv_animation* a) { return a ? uint32_t(a->rtm.bones.size()) : 0; }
const char* rv_animation_bone_name(const rv_animation* a, uint32_t i) {
    return a && i < a->rtm.bones.size() ? a->rtm.bones[i].c_str() : kEmpty;
}
uint32_t rv_animation_warning_count(const rv_animation* a) { return a ? uint32_t(a->warnings.size()) : 0; }
const char* rv_animation_warning(const rv_animation* a, uint32_t i) {
    return a && i < a->warnings.size() ? a->warnings[i].message.c_str() : kEmpty;
}

int32_t rv_animation_pose(const rv_animation* a, uint32_t bone_count, const char* const* names, const int32_t* parents,
                          int32_t axes, const float* center3, float* out, uint8_t* keyed, uint32_t* dropped,
                          rv_error* error) {
    rv_error scratch;
    if (!error) error = &scratch;
    if (!a || (bone_count && (!names || !parents)) || axes < RV_AXES_STORED || axes > RV_AXES_Z_UP) {
        setError(error, RV_ERROR_INVALID_ARGUMENT, "rv_animation_pose: a null handle, names or parents, or bad axes");
        return RV_ERROR_INVALID_ARGUMENT;
    }
    return guarded(error, [&]() -> int32_t {
        // The caller's skeleton, as the view's bones (names lower-cased, parents checked).
        OdolSkeleton skeleton;
        skeleton.name = "the caller's skeleton";
        for (uint32_t i = 0; i < bone_count; ++i) {
            const int32_t p = parents[i];
            const bool parentOk = p >= 0 && uint32_t(p) < bone_count && names[p];
            skeleton.bones.push_back({names[i] ? names[i] : "", parentOk ? names[p] : ""});
        }
        SkeletonView view = skeletonView(skeleton);
        Frame frame;
        frame.axes = Axes(axes);
        const Vec3 center = center3 ? Vec3{center3[0], center3[1], center3[2]} : Vec3{0, 0, 0};
        Result<AnimationView> posed = buildAnimationView(a->rtm, view, frame, center, a->name, a->options);
        if (!posed) {
            setError(error, posed.error());
            return int32_t(posed.error().kind);
        }
        const AnimationView& p = posed.value();
        if (out && view.bones.size() == bone_count)
            std::memcpy(out, p.skinning.data(), p.skinning.size() * sizeof(Mat4));
        if (keyed && view.bones.size() == bone_count) std::memcpy(keyed, p.keyed.data(), p.keyed.size());
        if (dropped) *dropped = uint32_t(p.dropped.size());
        if (view.bones.size() != bone_count) {
            setError(error, RV_ERROR_INVALID_ARGUMENT,
                     "rv_animation_pose: bone names repeat (bones are matched by name)");
            return RV_ERROR_INVALID_ARGUMENT;
        }
        clearError(error);
        return RV_OK;
    });
}
