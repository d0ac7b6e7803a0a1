// Whole-map mosaics of a terrain's layer pictures (include/rv/terrain_map.hpp).
//
// A layer's picture (an Arma satellite segment, `s_###_###_lco`) is larger than the cells of its
// layer: neighbouring segments overlap, so the game never shows a segment's border. Painting each
// land cell from its own layer, through that layer's TexGen transform, trims every overlap to the
// cells the layer owns, as the game draws them. The pictures are decoded one at a time, at the
// mip nearest the mosaic's pixel size, so a world of hundreds of 2048^2 segments needs the memory
// of the mosaic and one picture.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <optional>

#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"
#include "rv/png.hpp"
#include "rv/terrain_map.hpp"
#include "rv/texture.hpp"
#include "view/view_internal.hpp"

namespace rv {
namespace {

// Texels per metre a picture of width x height gives through `uv` along its coarser axis.
double texelsPerMetre(const Mat43& uv, uint32_t width, uint32_t height) {
    const double du = std::hypot(uv.m[0], uv.m[6]), dv = std::hypot(uv.m[1], uv.m[7]);
    return std::min(du * width, dv * height);
}

// The land cells of each layer material, by a counting sort of the material index.
struct CellsByMaterial {
    std::vector<uint32_t> start;  // materials + 1 offsets into cells
    std::vector<uint32_t> cells;  // lz * layerSizeX + lx
};

CellsByMaterial cellsByMaterial(const WrpTerrain& t) {
    CellsByMaterial out;
    const size_t n = std::min(t.materialIndex.size(), size_t(t.layerSizeX) * t.layerSizeY);
    out.start.assign(t.materials.size() + 1, 0);
    for (size_t i = 0; i < n; ++i)
        if (t.materialIndex[i] < t.materials.size()) ++out.start[t.materialIndex[i] + 1];
    for (size_t m = 1; m < out.start.size(); ++m) out.start[m] += out.start[m - 1];
    out.cells.resize(out.start.back());
    std::vector<uint32_t> next(out.start.begin(), out.start.end() - 1);
    for (size_t i = 0; i < n; ++i)
        if (t.materialIndex[i] < t.materials.size()) out.cells[next[t.materialIndex[i]]++] = uint32_t(i);
    return out;
}

// One picture's bytes from the data root, with its mip table when it is a game texture (a
// .png/.tga standing in for a missing .paa has none).
struct PictureFile {
    std::vector<uint8_t> bytes;
    std::optional<TextureFile> texture;
    std::string name;
    bool substituted = false;
};

Result<PictureFile> readPicture(const DataRoot& root, const std::string& reference, const Options& options) {
    const ResolvedRef where = root.resolve(reference);
    if (where.kind != ResolvedRef::Kind::File && where.kind != ResolvedRef::Kind::PboEntry)
        return makeError(DiagKind::CannotRead,
                         std::string(resolvedKindName(where.kind)) + (where.reason.empty() ? "" : ": " + where.reason));
    auto bytes = root.read(where, options.budget ? options.budget->left() : UINT64_MAX);
    if (!bytes) return bytes.error();
    PictureFile f;
    f.bytes = std::move(bytes.value());
    f.name = fileNameOf(where.entry.empty() ? where.path : where.entry);
    f.substituted = where.substituted;
    if (!f.substituted) {
        auto header = readTexture(f.bytes.data(), f.bytes.size(), f.name, options);
        if (!header) return header.error();
        f.texture = std::move(header.value());
    }
    return f;
}

// The picture's pixels at the smallest mip whose texels are no larger than `pixelSize` metres.
Result<Image> decodePicture(const PictureFile& f, const Mat43& uv, double pixelSize, const Options& options) {
    if (!f.texture) {
        const uint64_t left = options.budget ? options.budget->left() : options.memoryLimit;
        return decodeImageFile(f.bytes.data(), f.bytes.size(), f.name, left);
    }
    const std::vector<TextureMipInfo>& mips = f.texture->mips;
    size_t pick = 0;
    for (size_t i = 0; i < mips.size(); ++i)
        if (texelsPerMetre(uv, mips[i].width, mips[i].height) * pixelSize >= 0.999) pick = i;
    return decodeTextureMip(*f.texture, f.bytes.data(), f.bytes.size(), pick, textureDecodeOptions(options, false));
}

// Bilinear sample at (u, v) (top-left origin), clamped to the edge or repeated.
void sample(const Image& img, double u, double v, bool clamp, uint8_t* out) {
    const double x = u * img.width - 0.5, y = v * img.height - 0.5;
    const double fx = std::floor(x), fy = std::floor(y);
    const double ax = x - fx, ay = y - fy;
    auto wrap = [clamp](int64_t i, uint32_t n) -> uint32_t {
        if (clamp) return uint32_t(std::clamp<int64_t>(i, 0, int64_t(n) - 1));
        const int64_t r = i % int64_t(n);
        return uint32_t(r < 0 ? r + n : r);
    };
    const int64_t ix = int64_t(fx), iy = int64_t(fy);
    const uint32_t x0 = wrap(ix, img.width), x1 = wrap(ix + 1, img.width);
    const uint32_t y0 = wrap(iy, img.height), y1 = wrap(iy + 1, img.height);
    const uint8_t* p00 = &img.rgba[(size_t(y0) * img.width + x0) * 4];
    const uint8_t* p10 = &img.rgba[(size_t(y0) * img.width + x1) * 4];
    const uint8_t* p01 = &img.rgba[(size_t(y1) * img.width + x0) * 4];
    const uint8_t* p11 = &img.rgba[(size_t(y1) * img.width + x1) * 4];
    for (int c = 0; c < 4; ++c) {
        const double top = p00[c] + (p10[c] - p00[c]) * ax, bottom = p01[c] + (p11[c] - p01[c]) * ax;
        out[c] = uint8_t(std::lround(std::clamp(top + (bottom - top) * ay, 0.0, 255.0)));
    }
}

// Paints the pixels whose centres lie in land cell `cell` from `img` through `uv`.
void paintCell(const WrpTerrain& t, uint32_t cell, const Image& img, const Mat43& uv, bool clamp, MapRaster& r) {
    const double size = t.layerCellSize, worldNorth = double(t.layerSizeY) * size;
    const uint32_t lx = cell % t.layerSizeX, lz = cell / t.layerSizeX;
    // Pixel column px has its centre at (px + 0.5) * pixelSize east; row py at worldNorth - (py + 0.5) * pixelSize.
    auto firstCentreAtOrAfter = [&](double metres) { return int64_t(std::ceil(metres / r.pixelSize - 0.5)); };
    const int64_t x0 = std::max<int64_t>(0, firstCentreAtOrAfter(lx * size));
    const int64_t x1 = std::min<int64_t>(r.width, firstCentreAtOrAfter((lx + 1) * size));
    const int64_t y0 = std::max<int64_t>(0, firstCentreAtOrAfter(worldNorth - (lz + 1) * size));
    const int64_t y1 = std::min<int64_t>(r.height, firstCentreAtOrAfter(worldNorth - lz * size));
    const float* m = uv.m.data();
    for (int64_t py = y0; py < y1; ++py) {
        const double north = worldNorth - (double(py) + 0.5) * r.pixelSize;
        for (int64_t px = x0; px < x1; ++px) {
            const double east = (double(px) + 0.5) * r.pixelSize;
            // The TexGen of a layer maps world (east, height, north); its `up` row is 0 in every
            // layer .rvmat, so the height term is left out.
            const double u = east * m[0] + north * m[6] + m[9], v = east * m[1] + north * m[7] + m[10];
            sample(img, u, v, clamp, &r.rgba[(size_t(py) * r.width + size_t(px)) * 4]);
        }
    }
}

// Whether a TexGen transform maps the ground onto a picture: finite, and east/north to (u, v)
// not collapsed. Its determinant is (texels per metre)^2 over the picture's texels squared; below
// 1e-14 a picture would stretch over more than 10,000 km.
bool placesPicture(const Mat43& m) {
    for (const float v : m.m)
        if (!std::isfinite(v)) return false;
    const double det = double(m.m[0]) * m.m[7] - double(m.m[1]) * m.m[6];
    return std::isfinite(det) && std::fabs(det) > 1e-14;
}

}  // namespace

Result<LayerMosaic> layerMosaic(const WrpTerrain& t, const DataRoot& root, LayerPicture which, uint32_t maxSize,
                                const Options& options) {
    if (t.layerSizeX == 0 || t.layerSizeY == 0 || !(t.layerCellSize > 0))
        return makeError(DiagKind::BadValue, "the terrain has no land grid to lay pictures on");
    std::vector<LayerPictureSource> sources;
    LayerMosaic out;
    uint32_t missingMaterials = 0;
    for (const std::string& material : t.materials) {
        sources.push_back(layerPictureSource(t, material, root, which, options));
        LayerPictureSource& s = sources.back();
        missingMaterials += s.missingMaterial;
        if (!s.problem.empty()) out.warnings.push_back(makeWarning(s.problemKind, s.problem));
        if (!s.texture.empty() && !placesPicture(s.worldToUv)) {
            out.warnings.push_back(makeWarning(
                DiagKind::BadValue, "layer material '" + view::printable(material) +
                                        "': its TexGen transform does not place a picture on the ground (a number "
                                        "that is not finite, or a scale of zero); its cells are left transparent"));
            s.texture.clear();
        }
    }
    // The mosaic's resolution: the first readable picture's, as a world's segments share one.
    double density = 0;
    for (const LayerPictureSource& s : sources) {
        if (s.texture.empty()) continue;
        auto f = readPicture(root, s.texture, options);
        if (!f) continue;
        uint32_t w = f->texture ? f->texture->width() : 0, h = f->texture ? f->texture->height() : 0;
        if (!f->texture) {  // a .png/.tga stand-in: no header of mips to read, so its pixels tell
            auto img = decodePicture(f.value(), s.worldToUv, 0, options);
            if (img) w = img->width, h = img->height;
        }
        if (w && h) density = texelsPerMetre(s.worldToUv, w, h);
        if (density > 0) break;
    }
    const double worldEast = double(t.layerSizeX) * t.layerCellSize,
                 worldNorth = double(t.layerSizeY) * t.layerCellSize;
    double pixels = density > 0 ? std::ceil(std::max(worldEast, worldNorth) * density) : 1024.0;
    if (maxSize) pixels = std::min<double>(pixels, maxSize);
    MapRaster& r = out.raster;
    r.pixelSize = std::max(worldEast, worldNorth) / std::max(1.0, pixels);
    r.width = uint32_t(std::max(1.0, std::round(worldEast / r.pixelSize)));
    r.height = uint32_t(std::max(1.0, std::round(worldNorth / r.pixelSize)));
    const uint64_t bytes = uint64_t(r.width) * r.height * 4;
    if (options.budget ? !options.budget->tryCharge(bytes) : bytes > options.memoryLimit)
        return makeError(DiagKind::MemoryLimit,
                         "a " + std::to_string(r.width) + " x " + std::to_string(r.height) +
                             " mosaic needs more than the memory limit: give a smaller mosaic size");
    r.rgba.assign(bytes, 0);
    const CellsByMaterial cells = cellsByMaterial(t);
    out.drawn.assign(sources.size(), 0);
    for (size_t m = 0; m < sources.size(); ++m) {
        const LayerPictureSource& s = sources[m];
        if (s.texture.empty() || cells.start[m] == cells.start[m + 1]) continue;
        auto f = readPicture(root, s.texture, options);
        auto img = f ? decodePicture(f.value(), s.worldToUv, r.pixelSize, options) : Result<Image>(f.error());
        if (!img || img->width == 0 || img->height == 0) {
            out.warnings.push_back(makeWarning(
                img ? DiagKind::BadValue : img.error().kind,
                "layer picture '" + view::printable(s.texture) + "' of '" + view::printable(t.materials[m]) + "': " +
                    (img ? std::string("empty") : diagnosticLine(img.error())) + "; its cells are left transparent"));
            continue;
        }
        for (uint32_t i = cells.start[m]; i < cells.start[m + 1]; ++i)
            paintCell(t, cells.cells[i], img.value(), s.worldToUv, s.clampToEdge, r);
        ++out.layersDrawn;
        out.drawn[m] = 1;
    }
    if (missingMaterials)
        out.warnings.push_back(
            makeWarning(DiagKind::IndexOutOfRange,
                        std::to_string(missingMaterials) + " of " + std::to_string(t.materials.size()) +
                            " layer material(s) missing from the data root; their cells are left transparent"));
    return out;
}

Result<LayerMosaic> meshMosaic(const WrpTerrain& t, const DataRoot& root, LayerPicture which, uint32_t maxSize,
                               const Options& options) {
    auto m = layerMosaic(t, root, which, maxSize, options);
    if (!m || t.mapSizeX < 2 || t.mapSizeY < 2) return m;
    MapRaster& r = m->raster;
    const double cell = t.cellSize();
    const uint32_t w =
        std::min<uint32_t>(r.width, uint32_t(std::max(1.0, std::round((t.mapSizeX - 1) * cell / r.pixelSize))));
    const uint32_t h =
        std::min<uint32_t>(r.height, uint32_t(std::max(1.0, std::round((t.mapSizeY - 1) * cell / r.pixelSize))));
    const uint32_t skip = r.height - h;  // rows north first: the northern strip goes
    for (uint32_t y = 0; y < h; ++y)
        std::memmove(&r.rgba[size_t(y) * w * 4], &r.rgba[(size_t(y + skip) * r.width) * 4], size_t(w) * 4);
    r.width = w, r.height = h;
    r.rgba.resize(size_t(w) * h * 4);  // kept charged: the budget is given back when the caller drops it
    // On a mesh, a cell without a picture shows the ground an untextured layer shows
    // (kUntexturedLayerColour, to sRGB), not a hole or black.
    auto toSrgb = [](float linear) {
        const double c = linear <= 0.0031308 ? 12.92 * linear : 1.055 * std::pow(linear, 1 / 2.4) - 0.055;
        return uint8_t(std::lround(std::clamp(c, 0.0, 1.0) * 255));
    };
    const uint8_t ground[4] = {toSrgb(kUntexturedLayerColour[0]), toSrgb(kUntexturedLayerColour[1]),
                               toSrgb(kUntexturedLayerColour[2]), 255};
    if (which == LayerPicture::Satellite)
        for (size_t i = 0; i < r.rgba.size(); i += 4)
            if (r.rgba[i + 3] == 0) std::memcpy(&r.rgba[i], ground, 4);
    return m;
}

}  // namespace rv
