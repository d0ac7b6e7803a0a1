// The skeleton in the view: bones by index, each LOD's per-vertex weights and the bones' display
// heads (rules in rv/skeleton.hpp).
#include <algorithm>
#include <cctype>
#include <unordered_map>

#include "core/diagnostics.hpp"
#include "core/work_meter.hpp"
#include "rv/paths.hpp"
#include "rv/view.hpp"
#include "view_internal.hpp"

namespace rv {

namespace {

// Bone names fold by the project's ASCII rule (A-Z only), never the C locale's tolower: the
// engine matches them byte for byte apart from ASCII case.
std::string lowerCase(const std::string& s) { return asciiLower(s); }

// Up to four (bone, weight) pairs of one vertex, heaviest kept, normalised.
struct VertexPairs {
    uint16_t bone[4] = {0, 0, 0, 0};
    float weight[4] = {0, 0, 0, 0};
    int count = 0;
    void add(uint16_t b, float w) {
        if (!(w > 0)) return;
        for (int k = 0; k < count; ++k)
            if (bone[k] == b) {
                weight[k] += w;
                return;
            }
        if (count < 4) {
            bone[count] = b;
            weight[count++] = w;
            return;
        }
        int lightest = 0;
        for (int k = 1; k < 4; ++k)
            if (weight[k] < weight[lightest]) lightest = k;
        if (w > weight[lightest]) bone[lightest] = b, weight[lightest] = w;
    }
    bool store(std::array<uint16_t, 4>& joints, std::array<float, 4>& weights) const {
        float sum = 0;
        for (int k = 0; k < count; ++k) sum += weight[k];
        if (!(sum > 0)) return false;
        for (int k = 0; k < 4; ++k) {
            joints[k] = k < count ? bone[k] : 0;
            weights[k] = k < count ? weight[k] / sum : 0.0f;
        }
        return true;
    }
};

// ODOL: the LOD's bone references name its sub-skeleton, which maps into the skeleton. A pair
// that points past either table is dropped (the decoder keeps what the file says).
std::vector<VertexPairs> odolPairs(const OdolLod& lod, const LodView& out, size_t boneCount) {
    std::vector<VertexPairs> pairs(out.positions.size());
    for (size_t v = 0; v < out.positions.size(); ++v) {
        const uint32_t point = out.vertexPoint[v];
        if (point >= lod.vertexBones.size()) continue;
        const OdolVertexBones& b = lod.vertexBones[point];
        for (int k = 0; k < b.count && k < 4; ++k) {
            int64_t bone = b.bone[k];
            if (!lod.subSkeletonToSkeleton.empty())
                bone = size_t(bone) < lod.subSkeletonToSkeleton.size() ? lod.subSkeletonToSkeleton[size_t(bone)] : -1;
            if (bone < 0 || size_t(bone) >= boneCount) continue;
            pairs[v].add(uint16_t(bone), float(b.weight[k]) / 255.0f);
        }
    }
    return pairs;
}

// Editable LODs: a vertex belongs to a bone through the selection named after it (Object
// Builder's convention; the binarizer builds the bone references from them the same way).
std::vector<VertexPairs> selectionPairs(const LodView& out, const SkeletonView& skeleton) {
    std::vector<VertexPairs> pairs(out.positions.size());
    for (const SelectionView& sel : out.selections) {
        const int32_t bone = skeleton.find(sel.name);
        if (bone < 0) continue;
        for (size_t i = 0; i < sel.vertices.size(); ++i)
            if (sel.vertices[i] < pairs.size()) pairs[sel.vertices[i]].add(uint16_t(bone), sel.weights[i]);
    }
    return pairs;
}

}  // namespace

int32_t SkeletonView::find(const std::string& boneName) const {
    work::count(1);
    const auto it = byName.find(lowerCase(boneName));
    return it == byName.end() ? -1 : it->second;
}

Vec3 SkeletonView::restOffset(uint32_t b) const {
    const Vec3 head = bones[b].head;
    if (bones[b].parent < 0) return head;
    const Vec3 parent = bones[size_t(bones[b].parent)].head;
    return {head.x - parent.x, head.y - parent.y, head.z - parent.z};
}

std::vector<uint32_t> SkeletonView::parentsFirst() const {
    // The order of repeated passes that each place, in index order, the bones whose parent is
    // placed, without the passes: a bone joins its parent's pass when it comes after the parent,
    // else the next one. Passes were quadratic on a long chain listed child first (issue 40).
    // skeletonView() guarantees no cycle.
    const size_t n = bones.size();
    std::vector<uint32_t> pass(n, UINT32_MAX), trail;
    for (size_t i = 0; i < n; ++i) {
        for (size_t at = i; pass[at] == UINT32_MAX; at = size_t(bones[at].parent)) {
            trail.push_back(uint32_t(at));
            if (bones[at].parent < 0) break;
        }
        work::count(trail.size() + 1);
        for (auto it = trail.rbegin(); it != trail.rend(); ++it) {  // from the top of the chain down
            const int32_t parent = bones[*it].parent;
            if (parent < 0)
                pass[*it] = 0;
            else
                pass[*it] = pass[size_t(parent)] + (uint32_t(parent) < *it ? 0 : 1);
        }
        trail.clear();
    }
    std::vector<uint32_t> order(n);
    for (size_t i = 0; i < n; ++i) order[i] = uint32_t(i);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return pass[a] < pass[b]; });
    return order;
}

namespace {

// A parent chain that loops would never reach a root: it is cut where it closes, each bone
// walked once (0 unseen, 1 on the walk under way, 2 done), never once per bone (issue 40).
void cutParentLoops(SkeletonView& out, const std::string& skeletonName, std::vector<Warning>* warnings) {
    std::vector<uint8_t> state(out.bones.size(), 0);
    std::vector<size_t> walk;
    for (size_t i = 0; i < out.bones.size(); ++i) {
        size_t at = i;
        while (state[at] == 0) {
            state[at] = 1;
            walk.push_back(at);
            const int32_t parent = out.bones[at].parent;
            if (parent < 0) break;
            if (state[size_t(parent)] == 1) {  // the walk closes on itself
                if (warnings)
                    warnings->push_back(
                        makeWarning(DiagKind::BadValue, "skeleton " + skeletonName + ": bone '" + out.bones[at].name +
                                                            "' is its own ancestor; it is made a root"));
                out.bones[at].parent = -1;
                break;
            }
            at = size_t(parent);
        }
        work::count(walk.size() + 1);
        for (size_t w : walk) state[w] = 2;
        walk.clear();
    }
}

}  // namespace

SkeletonView skeletonView(const OdolSkeleton& skeleton, std::vector<Warning>* warnings) {
    SkeletonView out;
    out.name = skeleton.name;
    const size_t firstWarning = warnings ? warnings->size() : 0;
    std::unordered_map<std::string, int32_t>& index = out.byName;
    for (const OdolBone& b : skeleton.bones) {
        BoneView bone;
        bone.name = lowerCase(b.name);
        if (index.count(bone.name)) {
            if (warnings)
                warnings->push_back(makeWarning(
                    DiagKind::NameProblem,
                    "skeleton " + skeleton.name + ": bone '" + b.name + "' is listed twice; the first kept"));
            continue;
        }
        index.emplace(bone.name, int32_t(out.bones.size()));
        out.bones.push_back(std::move(bone));
    }
    for (const OdolBone& b : skeleton.bones) {
        auto self = index.find(lowerCase(b.name));
        if (b.parent.empty() || self == index.end()) continue;
        auto parent = index.find(lowerCase(b.parent));
        if (parent == index.end()) {
            if (warnings)
                warnings->push_back(makeWarning(DiagKind::NameProblem,
                                                "skeleton " + skeleton.name + ": bone '" + b.name + "' names parent '" +
                                                    b.parent + "', which is not a bone; it is made a root"));
            continue;
        }
        if (out.bones[size_t(self->second)].parent < 0) out.bones[size_t(self->second)].parent = parent->second;
    }
    cutParentLoops(out, skeleton.name, warnings);
    if (warnings) capAppendedWarnings(*warnings, firstWarning);
    return out;
}

namespace view {

uint64_t skinBytes(const OdolModel& model, const std::vector<uint32_t>& lods) {
    uint64_t bytes = model.skeleton.bones.size() * (sizeof(BoneView) + 64);
    for (uint32_t l : lods) {
        const OdolLod& lod = model.lods[l];
        const uint64_t v = lod.positions.size() + (model.editable ? lod.faceIndices.size() : 0);
        bytes += v * (sizeof(std::array<uint16_t, 4>) + sizeof(std::array<float, 4>) + sizeof(VertexPairs));
    }
    return bytes;
}

void skinModel(const OdolModel& model, ModelView& view, std::vector<Warning>& warnings) {
    view.skeleton = skeletonView(model.skeleton, &warnings);
    SkeletonView& skeleton = view.skeleton;
    if (skeleton.empty()) return;
    std::vector<double> sum(skeleton.bones.size() * 4, 0.0);  // weighted x, y, z and weight per bone
    for (LodView& lod : view.lods) {
        const OdolLod& source = model.lods[lod.lodIndex];
        std::vector<VertexPairs> pairs =
            model.editable ? selectionPairs(lod, skeleton) : odolPairs(source, lod, skeleton.bones.size());
        const size_t n = lod.positions.size();
        std::vector<std::array<uint16_t, 4>> joints(n, std::array<uint16_t, 4>{0, 0, 0, 0});
        std::vector<std::array<float, 4>> weights(n, std::array<float, 4>{0, 0, 0, 0});
        bool any = false;
        for (size_t v = 0; v < n; ++v) {
            if (!pairs[v].store(joints[v], weights[v])) continue;
            any = true;
            for (int k = 0; k < 4; ++k) {
                double* s = &sum[size_t(joints[v][size_t(k)]) * 4];
                const double w = weights[v][size_t(k)];
                s[0] += w * lod.positions[v].x, s[1] += w * lod.positions[v].y, s[2] += w * lod.positions[v].z;
                s[3] += w;
            }
        }
        if (!any) continue;  // a skeleton that binds nothing here (CowboyHat_g.p3d): not skinned
        lod.joints = std::move(joints);
        lod.jointWeights = std::move(weights);
    }
    for (uint32_t b : skeleton.parentsFirst()) {
        BoneView& bone = skeleton.bones[b];
        const double* s = &sum[size_t(b) * 4];
        if (s[3] > 0)
            bone.head = {float(s[0] / s[3]), float(s[1] / s[3]), float(s[2] / s[3])};
        else if (bone.parent >= 0)
            bone.head = skeleton.bones[size_t(bone.parent)].head;
    }
}

}  // namespace view

}  // namespace rv
