// The --target presets (rv/gltf.hpp): which glTF features each engine reads, as established by
// importing our files in Godot 4.6.3, Blender 4.3.2/5.2.2 and f3d (test/engines) and from the
// engines' documentation for Unreal and Unity (docs/engines.md).
#include "rv/gltf.hpp"

namespace rv {
namespace {

struct TargetName {
    GltfTarget target;
    const char* name;
};
constexpr TargetName kTargets[] = {{GltfTarget::Generic, "generic"},
                                   {GltfTarget::Godot, "godot"},
                                   {GltfTarget::Unreal, "unreal"},
                                   {GltfTarget::Unity, "unity"},
                                   {GltfTarget::Blender, "blender"}};

}  // namespace

GltfOptions gltfOptionsFor(GltfTarget target) {
    GltfOptions o;  // Generic: every importer opens it and shows every object
    switch (target) {
        case GltfTarget::Generic:
        case GltfTarget::Godot:   // 4.6.3 refuses KHR_mesh_quantization and drops EXT_mesh_gpu_instancing
        case GltfTarget::Unreal:  // 5.x: no quantization (meshoptimizer #584), no instancing listed
            break;
        case GltfTarget::Blender:  // 4.3+ makes an object per instance; 3.4 would show one copy
            o.gpuInstancing = o.quantize = true;
            break;
        case GltfTarget::Unity:  // glTFast reads both extensions but no custom attributes
            o.gpuInstancing = o.quantize = true;
            o.instanceIds = false;
            break;
    }
    return o;
}

bool parseGltfTarget(const std::string& name, GltfTarget& out) {
    for (const TargetName& t : kTargets)
        if (name == t.name) {
            out = t.target;
            return true;
        }
    return false;
}

const char* gltfTargetName(GltfTarget target) {
    for (const TargetName& t : kTargets)
        if (t.target == target) return t.name;
    return "generic";
}

}  // namespace rv
