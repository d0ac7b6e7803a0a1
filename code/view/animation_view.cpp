// An RTM animation on a skeleton: per frame, each bone's model-space matrix in the view's frame
// (rules in rv/skeleton.hpp).
#include <algorithm>
#include <cfloat>
#include <cmath>
#include <unordered_map>

#include "rv/defaults.hpp"
#include "rv/memory_budget.hpp"
#include "rv/view.hpp"

namespace rv {

Mat4 multiply(const Mat4& a, const Mat4& b) {
    Mat4 r{};
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j) {
            float s = 0;
            for (int k = 0; k < 4; ++k) s += a.m[size_t(i * 4 + k)] * b.m[size_t(k * 4 + j)];
            r.m[size_t(i * 4 + j)] = s;
        }
    return r;
}

Mat4 inverseAffine(const Mat4& m) {
    const auto& a = m.m;
    // The 3x3 part by cofactors, then the translation.
    const double c00 = double(a[5]) * a[10] - double(a[6]) * a[9], c01 = double(a[6]) * a[8] - double(a[4]) * a[10],
                 c02 = double(a[4]) * a[9] - double(a[5]) * a[8];
    const double det = a[0] * c00 + a[1] * c01 + a[2] * c02;
    if (!(std::fabs(det) > 1e-20) || !std::isfinite(det)) return Mat4::identity();
    const double d = 1.0 / det;
    Mat4 r = Mat4::identity();
    r.m[0] = float(c00 * d);
    r.m[1] = float((double(a[2]) * a[9] - double(a[1]) * a[10]) * d);
    r.m[2] = float((double(a[1]) * a[6] - double(a[2]) * a[5]) * d);
    r.m[4] = float(c01 * d);
    r.m[5] = float((double(a[0]) * a[10] - double(a[2]) * a[8]) * d);
    r.m[6] = float((double(a[2]) * a[4] - double(a[0]) * a[6]) * d);
    r.m[8] = float(c02 * d);
    r.m[9] = float((double(a[1]) * a[8] - double(a[0]) * a[9]) * d);
    r.m[10] = float((double(a[0]) * a[5] - double(a[1]) * a[4]) * d);
    for (int i = 0; i < 3; ++i)
        r.m[size_t(i * 4 + 3)] =
            -(r.m[size_t(i * 4)] * a[3] + r.m[size_t(i * 4 + 1)] * a[7] + r.m[size_t(i * 4 + 2)] * a[11]);
    return r;
}

Mat4 translationMatrix(Vec3 t) {
    Mat4 r = Mat4::identity();
    r.m[3] = t.x, r.m[7] = t.y, r.m[11] = t.z;
    return r;
}

Mat4 jointLocal(const SkeletonView& skeleton, const AnimationView& animation, uint32_t frame, uint32_t bone) {
    const BoneView& b = skeleton.bones[bone];
    const Mat4 world = multiply(animation.at(frame, bone), translationMatrix(b.head));
    if (b.parent < 0) return world;
    const uint32_t parent = uint32_t(b.parent);
    const Mat4 parentWorld = multiply(animation.at(frame, parent), translationMatrix(skeleton.bones[parent].head));
    return multiply(inverseAffine(parentWorld), world);
}

namespace {

// The axis change of a frame as a matrix (its own inverse).
Mat4 axisChange(Axes axes) {
    const Vec3 x = toFrame(axes, Vec3{1, 0, 0}), y = toFrame(axes, Vec3{0, 1, 0}), z = toFrame(axes, Vec3{0, 0, 1});
    return {{x.x, y.x, z.x, 0, x.y, y.y, z.y, 0, x.z, y.z, z.z, 0, 0, 0, 0, 1}};
}

// A BMTR record as a stored-space transform. BMTR keeps the rotation of the row-vector matrix
// Bohemia's tools build, mirrored by their left-handed axes: with R the usual rotation matrix of
// (x, y, z, w), the stored rows are (R00, -R01, R02), (-R10, R11, -R12), (R20, -R21, R22) and the
// position (-tx, ty, -tz) (armaio's rot_loc_to_matrix). The corpus' BMTR/plain twins agree
// with this to 0.002 (test_animation_view.cpp).
// The int16 quaternion is not exactly unit (a 1/16384 step); it is normalised first, so the
// rotation does not scale (a zero one, which no file has, is the identity).
Mat43 bmtrLocal(const BmtrTransform& t) {
    double x = t.rotation[0], y = t.rotation[1], z = t.rotation[2], w = t.rotation[3];
    const double norm = std::sqrt(x * x + y * y + z * z + w * w);
    if (norm > 1e-6 && std::isfinite(norm))
        x /= norm, y /= norm, z /= norm, w /= norm;
    else
        x = y = z = 0, w = 1;
    const double r00 = 1 - 2 * y * y - 2 * z * z, r01 = 2 * x * y - 2 * z * w, r02 = 2 * x * z + 2 * y * w;
    const double r10 = 2 * x * y + 2 * z * w, r11 = 1 - 2 * x * x - 2 * z * z, r12 = 2 * y * z - 2 * x * w;
    const double r20 = 2 * x * z - 2 * y * w, r21 = 2 * y * z + 2 * x * w, r22 = 1 - 2 * x * x - 2 * y * y;
    return {{float(r00), float(-r01), float(r02), float(-r10), float(r11), float(-r12), float(r20), float(-r21),
             float(r22), -t.translation[0], t.translation[1], -t.translation[2]}};
}

bool finiteKey(const Decomposition& d) {
    for (float v : {d.translation.x, d.translation.y, d.translation.z, d.rotation[0], d.rotation[1], d.rotation[2],
                    d.rotation[3], d.scale.x, d.scale.y, d.scale.z})
        if (!std::isfinite(v)) return false;
    return true;
}

// Each bone's key at each keyable frame (out.keys, bones x frames), and which keys are sheared.
// A frame where some bone's key is not finite (NaN, infinite, or a transform too large to
// decompose) is left out of keyFrames: glTF forbids such values and no engine can play them.
// Returns how many frames were left out so.
size_t decomposeKeys(const SkeletonView& skeleton, AnimationView& out, std::vector<uint8_t>& sheared) {
    const std::vector<uint32_t> frames = keyableFrames(out.phases);
    const size_t bones = skeleton.bones.size();
    out.keyFrames = frames;
    out.keys.resize(frames.size() * bones);
    sheared.assign(out.keys.size(), 0);
    std::vector<uint8_t> finite(frames.size(), 1);
    for (uint32_t b = 0; b < bones; ++b)
        for (size_t k = 0; k < frames.size(); ++k) {
            const Mat4 local = jointLocal(skeleton, out, frames[k], b);
            const Decomposition d = decompose(local);
            if (!finiteKey(d)) finite[k] = 0;
            sheared[b * frames.size() + k] = d.degenerate || axisShear(local) > kAnimationKeyShear ? 1 : 0;
            out.keys[b * frames.size() + k] = d;
        }
    out.keyFrames.clear();
    for (size_t k = 0; k < frames.size(); ++k)
        if (finite[k]) out.keyFrames.push_back(frames[k]);
    const size_t kept = out.keyFrames.size();
    if (kept == frames.size()) return 0;
    for (uint32_t b = 0; b < bones; ++b)  // drop the left-out frames' columns, in place
        for (size_t k = 0, to = 0; k < frames.size(); ++k)
            if (finite[k]) {
                out.keys[b * kept + to] = out.keys[b * frames.size() + k];
                sheared[b * kept + to++] = sheared[b * frames.size() + k];
            }
    out.keys.resize(kept * bones);
    sheared.resize(kept * bones);
    return frames.size() - kept;
}

// AnimationView's keys (skeleton.hpp), with one warning each for frames left out and for keys
// whose transform is sheared or degenerate.
void bakeKeys(const SkeletonView& skeleton, AnimationView& out) {
    std::vector<uint8_t> shearedKey;
    const size_t notFinite = decomposeKeys(skeleton, out, shearedKey);
    const size_t keys = out.keyFrames.size(), bones = skeleton.bones.size();
    if (keys + notFinite < out.frameCount)
        out.warnings.push_back(
            withSource(makeWarning(DiagKind::BadValue, std::to_string(out.frameCount - keys - notFinite) +
                                                           " frames whose phase is negative, not finite, or does not "
                                                           "increase are left out"),
                       out.name));
    if (notFinite)
        out.warnings.push_back(
            withSource(makeWarning(DiagKind::BadValue, std::to_string(notFinite) +
                                                           " frames whose bone transforms are not finite numbers "
                                                           "(NaN or infinite) are left out"),
                       out.name));
    out.keyScales.assign(bones, 0);
    uint64_t sheared = 0;
    for (uint32_t b = 0; b < bones; ++b) {
        for (size_t k = 0; k < keys; ++k) {
            Decomposition& d = out.keys[b * keys + k];
            sheared += shearedKey[b * keys + k];
            if (k > 0) {
                const std::array<float, 4>& q = out.keys[b * keys + k - 1].rotation;
                if (q[0] * d.rotation[0] + q[1] * d.rotation[1] + q[2] * d.rotation[2] + q[3] * d.rotation[3] < 0)
                    for (float& c : d.rotation) c = -c;
            }
            for (float v : {d.scale.x, d.scale.y, d.scale.z})
                if (std::fabs(v - 1) > AnimationView::kKeyScale) out.keyScales[b] = 1;
        }
        // A bone that never scales beyond rounding keys scale 1 in every output (glTF then writes
        // no scale channel, Assimp a scale of exactly 1: the same pose).
        if (!out.keyScales[b])
            for (size_t k = 0; k < keys; ++k) out.keys[b * keys + k].scale = {1, 1, 1};
    }
    if (sheared)
        out.warnings.push_back(withSource(
            makeWarning(DiagKind::BadValue, std::to_string(sheared) + " bone keys are sheared or degenerate; their "
                                                                      "nearest rotation is keyed"),
            out.name));
}

}  // namespace

std::vector<uint32_t> keyableFrames(const std::vector<float>& phases) {
    std::vector<uint32_t> out;
    float last = 0;
    // A key's time is phase x frames / fps: past this it is no finite float at the lowest fps.
    const double latest = double(FLT_MAX) * defaults::kMinAnimationFps / double(std::max<size_t>(1, phases.size()));
    for (uint32_t f = 0; f < phases.size(); ++f) {
        const float p = phases[f];
        if (!std::isfinite(p) || p < 0 || double(p) > latest || (!out.empty() && !(p > last))) continue;
        out.push_back(f);
        last = p;
    }
    return out;
}

Result<AnimationView> buildAnimationView(const RtmAnimation& animation, const SkeletonView& skeleton,
                                         const Frame& frame, Vec3 center, const std::string& name,
                                         const Options& options) {
    AnimationView out;
    out.name = name;
    out.frameCount = animation.frameCount;
    const size_t bones = skeleton.bones.size();
    // The matrices, the phases, and the keys baked from them.
    const uint64_t bytes = uint64_t(animation.frameCount) * bones * (sizeof(Mat4) + sizeof(Decomposition)) +
                           animation.phases.size() * 8 + 2 * bones;
    BudgetScope budget(options.budget, options.memoryLimit);
    if (!budget->tryCharge(bytes))
        return makeError(DiagKind::MemoryLimit,
                         budget->overMessage("the animation " + name + " on the skeleton", bytes));
    out.phases = animation.phases;
    out.keyed.assign(bones, 0);

    // The animation's bone slots, matched to the skeleton by name in any case.
    std::vector<int32_t> slotBone(animation.bones.size(), -1);
    for (size_t s = 0; s < animation.bones.size(); ++s) {
        slotBone[s] = skeleton.find(animation.bones[s]);
        if (slotBone[s] < 0)
            out.dropped.push_back(animation.bones[s]);
        else
            out.keyed[size_t(slotBone[s])] = 1;
    }
    if (!out.dropped.empty()) {
        std::string list;
        for (size_t i = 0; i < out.dropped.size() && i < 8; ++i) list += (i ? ", " : "") + out.dropped[i];
        if (out.dropped.size() > 8) list += ", ...";
        out.warnings.push_back(
            withSource(makeWarning(DiagKind::NameProblem, std::to_string(out.dropped.size()) +
                                                              " animation bones are not in skeleton " + skeleton.name +
                                                              " and are left out: " + list),
                       name));
    }

    const Mat4 axes = axisChange(frame.axes);
    const Mat4 fromCenter = translationMatrix(center), toCenter = translationMatrix({-center.x, -center.y, -center.z});
    Vec3 step = toFrame(frame.axes, animation.step);
    if (!(std::isfinite(step.x) && std::isfinite(step.y) && std::isfinite(step.z))) {
        step = {};  // else every key would move by NaN or infinity
        out.warnings.push_back(withSource(
            makeWarning(DiagKind::BadValue, "the step (total moving) is not a finite number; it is left out"), name));
    }
    const std::vector<uint32_t> order = skeleton.parentsFirst();
    const size_t slots = animation.bones.size();
    out.skinning.assign(size_t(animation.frameCount) * bones, Mat4::identity());
    std::vector<Mat4> stored(bones);  // this frame, in BI's space
    std::vector<int32_t> boneSlot(bones, -1);
    for (size_t s = 0; s < slots; ++s)
        if (slotBone[s] >= 0 && boneSlot[size_t(slotBone[s])] < 0) boneSlot[size_t(slotBone[s])] = int32_t(s);
    for (uint32_t f = 0; f < animation.frameCount; ++f) {
        for (uint32_t b : order) {
            const int32_t parent = skeleton.bones[b].parent;
            const Mat4 parentWorld = parent >= 0 ? stored[size_t(parent)] : Mat4::identity();
            const int32_t s = boneSlot[b];
            if (s < 0)
                stored[b] = parentWorld;  // not keyed: moves with its parent
            else if (animation.binarized)
                stored[b] = multiply(parentWorld,
                                     toFrame(Axes::Stored, bmtrLocal(animation.transforms[f * slots + size_t(s)])));
            else
                stored[b] = toFrame(Axes::Stored, animation.matrices[f * slots + size_t(s)]);
        }
        const float phase = f < animation.phases.size() ? animation.phases[f] : 0.0f;
        const Mat4 moved = translationMatrix({step.x * phase, step.y * phase, step.z * phase});
        for (size_t b = 0; b < bones; ++b) {
            const Mat4 inFrame = multiply(axes, multiply(stored[b], axes));
            out.skinning[f * bones + b] = multiply(moved, multiply(toCenter, multiply(inFrame, fromCenter)));
        }
    }
    bakeKeys(skeleton, out);
    return out;
}

}  // namespace rv
