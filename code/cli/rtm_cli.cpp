// `rvimport info X.rtm` and `rvimport dump --json X.rtm`: an animation as stored (rv/rtm.hpp),
// no skeleton applied. The JSON's transforms are the stored numbers: per plain slot the 12 floats
// of its 4x3 matrix, per BMTR record the 4 quaternion values (int16 / 16384) and 3 halves.
#include <algorithm>
#include <cstdio>

#include "cli/commands.hpp"
#include "cli/json_writer.hpp"
#include "rv/printable.hpp"

namespace rv::cli {

void writeRtmJson(std::FILE* out, const RtmAnimation& a, bool pretty) {
    JsonWriter j(out, pretty);
    j.beginObject();
    j.field("signature", a.signature);
    j.field("version", a.version);  // 101 for RTM_0101 ("0101" in the file's signature)
    j.key("step");
    vec3(j, a.step);
    j.field("frames", a.frameCount);
    strings(j, "bones", a.bones);
    j.key("phases");
    j.floats(a.phases.begin(), a.phases.end());
    if (a.hasProperties) {
        j.key("properties");
        j.beginArray();
        for (const RtmProperty& p : a.properties) {
            j.beginObject();
            if (a.binarized) j.field("id", p.id);  // BMTR keystones only: MDAT properties have none
            j.field("phase", p.phase);
            j.field("name", p.name);
            j.field("value", p.value);
            j.endObject();
        }
        j.endArray();
    }
    if (a.binarized && !a.metadata.empty()) strings(j, "metadata", a.metadata);
    j.key("transforms");
    j.beginArray();
    const size_t bones = a.boneCount();
    for (size_t f = 0; f < a.frameCount; ++f) {
        j.beginArray();
        for (size_t b = 0; b < bones; ++b) {
            j.beginArray();
            if (a.binarized) {
                const BmtrTransform& t = a.transforms[f * bones + b];
                for (float v : t.rotation) j.value(v);
                for (float v : t.translation) j.value(v);
            } else {
                for (float v : a.matrices[f * bones + b].m) j.value(v);
            }
            j.endArray();
        }
        j.endArray();
    }
    j.endArray();
    if (!a.warnings.empty()) warnings(j, a.warnings);
    j.endObject();
}

void writeRtmInfo(std::FILE* out, const RtmAnimation& a) {
    if (a.binarized)
        std::fprintf(out,
                     "format     %s version %u (binarized animation: per bone, parent-relative rotation + "
                     "translation)\n",
                     a.signature.c_str(), a.version);
    else
        std::fprintf(out, "format     %s (animation: per bone, a model-space 4x3 matrix)\n", a.signature.c_str());
    std::fprintf(out, "frames     %u\n", a.frameCount);
    std::fprintf(out, "bones      %zu\n", a.bones.size());
    if (!a.phases.empty()) {
        const auto [lo, hi] = std::minmax_element(a.phases.begin(), a.phases.end());
        std::fprintf(out, "phases     %.9g .. %.9g\n", double(*lo), double(*hi));
    }
    std::fprintf(out, "step       %.9g %.9g %.9g\n", double(a.step.x), double(a.step.y), double(a.step.z));
    if (a.hasProperties) std::fprintf(out, "%s %zu\n", a.binarized ? "keystones " : "properties", a.properties.size());
    for (const RtmProperty& p : a.properties)
        std::fprintf(out, "  %.9g  %s = %s\n", double(p.phase), printable(p.name).c_str(), printable(p.value).c_str());
    if (a.binarized) {
        std::fprintf(out, "storage    phases %s; transforms LZO in %u of %u frames, raw in the rest\n",
                     a.bmtrPhasesLzo ? "LZO" : "raw", a.bmtrLzoFrames, a.frameCount);
        std::fprintf(out, "header     byte 8 = %u, u32 at 25 = %u\n", unsigned(a.bmtrReversed), a.bmtrPreload);
        if (a.version == 4)
            std::fprintf(out, "note       BMTR v4 is read as BIS.RTM reads it; no v4 file was available to check\n");
    }
    if (!a.bones.empty()) {
        std::fprintf(out, "bone names");
        for (size_t i = 0; i < a.bones.size(); ++i)
            std::fprintf(out, "%s%s", i ? ", " : " ", printable(a.bones[i]).c_str());
        std::fprintf(out, "\n");
    }
    std::fprintf(out, "\nwarnings (%zu)\n", a.warnings.size());  // listed on stderr (info.cpp)
}

}  // namespace rv::cli
