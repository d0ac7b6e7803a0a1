// Proxies of an editable LOD. MLOD has no proxy table: a proxy is a triangle whose points form a
// named selection "proxy:<model path>.<index>" (index in decimal, Object Builder writes 3 digits).
// The triangle is right-angled: its right-angle corner is the proxy's origin, the longer leg (2 m
// in Object Builder's template) points along the proxy's up axis and the shorter (1 m) along its
// forward axis; aside completes the frame (format notes §2.7.1 give the binarized form, a 4x3
// matrix of the rows aside, up, dir, position). Selections that do not make such a triangle stay
// plain selections, with a warning.
#include <cctype>
#include <cmath>
#include <cstdlib>

#include "mlod/mlod_parse.hpp"
#include "rv/paths.hpp"

namespace rv::mlod {
namespace {

bool isProxyName(const std::string& name) { return name.size() > 6 && asciiLower(name.substr(0, 6)) == "proxy:"; }

// "proxy:\a3\x\y.001" -> ("\a3\x\y", 1); no index: the whole path and 0.
void splitName(const std::string& name, std::string& path, int32_t& index) {
    path = name.substr(6);
    index = 0;
    const size_t dot = path.rfind('.');
    if (dot == std::string::npos || dot + 1 == path.size()) return;
    for (size_t i = dot + 1; i < path.size(); ++i)
        if (!std::isdigit(static_cast<unsigned char>(path[i]))) return;
    index = int32_t(std::strtol(path.c_str() + dot + 1, nullptr, 10));
    path.resize(dot);
}

struct D3 {
    double x, y, z;
};
D3 sub(const Vec3& a, const Vec3& b) { return {double(a.x) - b.x, double(a.y) - b.y, double(a.z) - b.z}; }
double dot(const D3& a, const D3& b) { return a.x * b.x + a.y * b.y + a.z * b.z; }
D3 unit(const D3& a) {
    const double l = std::sqrt(dot(a, a));
    return {a.x / l, a.y / l, a.z / l};
}
D3 cross(const D3& a, const D3& b) { return {a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x}; }

// The frame of triangle (p[0], p[1], p[2]); false when it is degenerate.
bool proxyFrame(const Vec3 p[3], Mat43& out) {
    // The right-angle corner: the one whose legs are closest to perpendicular.
    int corner = 0;
    double best = 2;
    for (int c = 0; c < 3; ++c) {
        const D3 a = sub(p[(c + 1) % 3], p[c]), b = sub(p[(c + 2) % 3], p[c]);
        const double la = dot(a, a), lb = dot(b, b);
        if (!(la > 0) || !(lb > 0)) return false;
        const double cosine = std::fabs(dot(a, b)) / std::sqrt(la * lb);
        if (cosine < best) best = cosine, corner = c;
    }
    D3 up = sub(p[(corner + 1) % 3], p[corner]), dir = sub(p[(corner + 2) % 3], p[corner]);
    if (dot(up, up) < dot(dir, dir)) std::swap(up, dir);
    up = unit(up);
    dir = unit(dir);
    const D3 aside = cross(up, dir);
    const D3 rows[3] = {aside, up, dir};
    for (int r = 0; r < 3; ++r) {
        out.m[3 * r] = float(rows[r].x);
        out.m[3 * r + 1] = float(rows[r].y);
        out.m[3 * r + 2] = float(rows[r].z);
    }
    out.m[9] = p[corner].x, out.m[10] = p[corner].y, out.m[11] = p[corner].z;
    for (float v : out.m)
        if (!std::isfinite(v)) return false;
    return true;
}

}  // namespace

void findProxies(ByteReader& r, const FileState& s, OdolLod& lod) {
    for (size_t i = 0; i < lod.selections.size(); ++i) {
        const OdolSelection& sel = lod.selections[i];
        if (!isProxyName(sel.name)) continue;
        Vec3 p[3];
        bool ok = false;
        // Its triangle: the first selected face with three corners, else its three points.
        for (uint32_t f : sel.faces)
            if (f < lod.faceCount() && lod.faceStart[f + 1] - lod.faceStart[f] == 3) {
                for (int k = 0; k < 3; ++k) p[k] = lod.positions[lod.faceIndices[lod.faceStart[f] + uint32_t(k)]];
                ok = true;
                break;
            }
        if (!ok && sel.vertices.size() == 3) {
            for (int k = 0; k < 3; ++k) p[k] = lod.positions[sel.vertices[size_t(k)]];
            ok = true;
        }
        OdolProxy proxy;
        if (!ok || !proxyFrame(p, proxy.transform)) {
            s.warn(r, DiagKind::BadValue, "proxy selection '" + sel.name + "' is not a triangle; kept as a selection");
            continue;
        }
        s.charge(r, sizeof(OdolProxy) + sel.name.size(), "a proxy");
        splitName(sel.name, proxy.model, proxy.sequenceId);
        proxy.selectionIndex = int32_t(i);
        lod.proxies.push_back(std::move(proxy));
    }
}

}  // namespace rv::mlod
