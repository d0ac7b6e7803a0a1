// The manifest's geometry hash of a model (samples/manifest.tsv, editable.tsv): the positions of
// every LOD as stored, then every face as (count, indices), FNV-1a with the manifest's basis.
#pragma once

#include <cinttypes>
#include <cstdio>
#include <string>

#include "rv/model.hpp"
#include "support/samples.hpp"

namespace rvtest {

inline std::string geoHash(const rv::OdolModel& m) {
    GeoHash h;
    for (const rv::OdolLod& l : m.lods) h.bytes(l.positions.data(), l.positions.size() * sizeof(rv::Vec3));
    for (const rv::OdolLod& l : m.lods)
        for (size_t f = 0; f < l.faceCount(); ++f) {
            const int32_t n = int32_t(l.faceStart[f + 1] - l.faceStart[f]);
            h.bytes(&n, 4);
            for (uint32_t k = l.faceStart[f]; k < l.faceStart[f + 1]; ++k) {
                const int32_t idx = int32_t(l.faceIndices[k]);
                h.bytes(&idx, 4);
            }
        }
    char buf[17];
    std::snprintf(buf, sizeof buf, "%016" PRIx64, h.h);
    return buf;
}

}  // namespace rvtest
