// Skins and animations for the glTF writer (gltf_skin.hpp). The view gives each bone a display
// head and, per frame, the model-space matrix M that takes the rest model to the posed one
// (rv/skeleton.hpp). A joint rests at its head H, bound by the inverse bind matrix T(-H), so its
// world matrix must be M * T(H); as a child of its parent p that is the local transform
// T(-Hp) * inverse(Mp) * M * T(H).
#include "gltf/gltf_skin.hpp"

#include <algorithm>
#include <cmath>

#include "gltf/gltf_mesh.hpp"
#include "rv/decompose.hpp"

namespace rv::gltf {
namespace {

Vec3 negated(Vec3 a) { return {-a.x, -a.y, -a.z}; }

uint32_t floatAccessor(Document& doc, const std::vector<float>& values, uint64_t count, const char* type,
                       Target target = kNoTarget, Json min = nullptr, Json max = nullptr) {
    const uint32_t view = doc.addView(doc.addBytes(bytesOf(values)), values.size() * sizeof(float), target);
    return doc.addAccessor(view, 0, kFloat, count, type, false, std::move(min), std::move(max));
}

}  // namespace

SkinNodes addSkin(Document& doc, const ModelView& view) {
    SkinNodes out;
    bool skinned = false, unbound = false;
    for (const LodView& lod : view.lods) {
        skinned = skinned || lod.skinned();
        unbound = unbound || lod.drawsUnboundVertex();
    }
    if (!skinned || view.skeleton.empty() || view.skeleton.bones.size() >= 65535) return out;
    const std::vector<BoneView>& bones = view.skeleton.bones;
    // Nodes first (their indices are needed for the children lists), then the hierarchy.
    out.joints.reserve(bones.size());
    for (uint32_t b = 0; b < bones.size(); ++b)
        out.joints.push_back(
            doc.push("nodes", {{"name", bones[b].name}, {"translation", vec3(view.skeleton.restOffset(b))}}));
    Json roots = Json::array();
    std::vector<Json> children(bones.size(), Json::array());
    for (size_t i = 0; i < bones.size(); ++i)
        (bones[i].parent >= 0 ? children[size_t(bones[i].parent)] : roots).push_back(out.joints[i]);
    for (size_t i = 0; i < bones.size(); ++i)
        if (!children[i].empty()) doc.json["nodes"][out.joints[i]]["children"] = std::move(children[i]);
    const std::string name = view.skeleton.name.empty() ? "skeleton" : view.skeleton.name;
    out.skeletonNode = doc.push("nodes", {{"name", name}, {"children", std::move(roots)}});

    // Inverse bind matrices, column-major: T(-head) per bone, the identity for the skeleton node.
    std::vector<float> inverseBind;
    inverseBind.reserve((bones.size() + 1) * 16);
    auto put = [&](const Mat4& m) {
        for (int c = 0; c < 4; ++c)
            for (int r = 0; r < 4; ++r) inverseBind.push_back(m.m[size_t(r * 4 + c)]);
    };
    for (const BoneView& b : bones) put(translationMatrix(negated(b.head)));
    Json joints = Json::array();
    for (uint32_t j : out.joints) joints.push_back(j);
    if (unbound) {  // only then: a skin of exactly the skeleton's bones otherwise
        put(Mat4::identity());
        joints.push_back(out.skeletonNode);
        out.staticJoint = uint16_t(bones.size());
    }
    const uint32_t ibm = floatAccessor(doc, inverseBind, joints.size(), "MAT4");
    out.skin = int32_t(doc.push(
        "skins",
        {{"name", name}, {"skeleton", out.skeletonNode}, {"joints", std::move(joints)}, {"inverseBindMatrices", ibm}}));
    return out;
}

void addSkinAttributes(Document& doc, const LodView& lod, const SkinNodes& skin, Json& attributes) {
    if (skin.skin < 0 || !lod.skinned() || lod.joints.size() != lod.positions.size()) return;
    std::vector<uint16_t> joints;
    std::vector<float> weights;
    joints.reserve(lod.joints.size() * 4);
    weights.reserve(lod.joints.size() * 4);
    for (size_t v = 0; v < lod.joints.size(); ++v) {
        const auto& w = lod.jointWeights[v];
        if (w[0] + w[1] + w[2] + w[3] > 0) {
            for (int k = 0; k < 4; ++k) {
                // glTF wants unused slots at joint 0 with weight 0.
                joints.push_back(w[size_t(k)] > 0 ? lod.joints[v][size_t(k)] : 0);
                weights.push_back(w[size_t(k)]);
            }
        } else {  // bound to no bone: fully on the skeleton node, which never moves (or, when
                  // nothing drawn is unbound, a vertex nothing draws: on joint 0, as glTF wants a sum of 1)
            joints.insert(joints.end(), {skin.staticJoint, 0, 0, 0});
            weights.insert(weights.end(), {1.0f, 0.0f, 0.0f, 0.0f});
        }
    }
    const uint32_t jv = doc.addView(doc.addBytes(bytesOf(joints)), joints.size() * 2, kArrayBuffer);
    attributes["JOINTS_0"] = doc.addAccessor(jv, 0, kUShort, lod.joints.size(), "VEC4");
    attributes["WEIGHTS_0"] = floatAccessor(doc, weights, lod.joints.size(), "VEC4", kArrayBuffer);
}

void addAnimation(Document& doc, const ModelView& view, const SkinNodes& skin, const AnimationView& animation,
                  float seconds) {
    // The keys are the view's (AnimationView::keys, with their warnings): copied, never re-derived.
    const size_t keys = animation.keyFrames.size();
    if (skin.skin < 0 || keys == 0 || animation.keyScales.size() != view.skeleton.bones.size()) return;
    std::vector<float> times;
    for (size_t k = 0; k < keys; ++k) times.push_back(float(animation.keyTime(k)) * seconds / animation.frameCount);
    const uint32_t input = floatAccessor(doc, times, times.size(), "SCALAR", kNoTarget, Json::array({times.front()}),
                                         Json::array({times.back()}));
    Json samplers = Json::array(), channels = Json::array();
    for (uint32_t b = 0; b < view.skeleton.bones.size(); ++b) {
        std::vector<float> t, r, s;
        for (size_t k = 0; k < keys; ++k) {
            const Decomposition& d = animation.key(b, k);
            t.insert(t.end(), {d.translation.x, d.translation.y, d.translation.z});
            r.insert(r.end(), d.rotation.begin(), d.rotation.end());
            s.insert(s.end(), {d.scale.x, d.scale.y, d.scale.z});
        }
        auto channel = [&](const std::vector<float>& values, const char* type, const char* path) {
            samplers.push_back({{"input", input}, {"output", floatAccessor(doc, values, keys, type)}});
            channels.push_back(
                {{"sampler", samplers.size() - 1}, {"target", {{"node", skin.joints[b]}, {"path", path}}}});
        };
        channel(t, "VEC3", "translation");
        channel(r, "VEC4", "rotation");
        if (animation.keyScales[b]) channel(s, "VEC3", "scale");
    }
    doc.push("animations",
             {{"name", animation.name}, {"samplers", std::move(samplers)}, {"channels", std::move(channels)}});
}

}  // namespace rv::gltf
