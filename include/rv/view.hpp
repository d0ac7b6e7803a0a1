// The view: what a decoded model or terrain *means*, worked out once for every adapter.
//
// The decoder (odol.hpp, wrp.hpp) gives exactly what a file holds. Every adapter (the Assimp
// importers, the C ABI and the Blender add-on on top of it, the CLI's exports) needs the same
// interpretation of it: which faces share a material, how a quad becomes triangles, what a
// selection weight byte means, which LOD is "the first", how a terrain is tiled. Those rules live
// here and nowhere else. Adapters only copy the view's arrays into their own structures.
//
// Rules (each documented where it is implemented, code/view/):
//  - Frames. The view converts into the adapter's frame (Axes). Both right-handed frames mirror
//    BI's left-handed space, so polygon winding is reversed. The reversal keeps the first corner
//    (v0, v1, v2, v3) -> (v0, v3, v2, v1), so the diagonal v0-v2 stays where it was: a host that
//    splits a quad at its first corner (Blender does) draws the same triangles as the engine.
//  - Quad split. A polygon is drawn as the fan the engine draws: (v0, v1, v2), (v0, v2, v3), ...
//  - Material groups. One per (texture, material file) pair, in the order of first use; a LOD's
//    polygons and triangles are ordered by group.
//  - Loose points. Points no face uses are kept as vertices (LodView::loosePoints): memory
//    points and the geometry LOD's centre of mass are such points.
//  - Selection weights. Stored bytes 0 and 1 mean full weight (as in MLOD), others byte/255.
//  - First visual LOD. The resolution LOD (0..999) with the smallest resolution, the first in
//    file order on ties; a model without one falls back to its first View LOD, then (models
//    never drawn, such as invisible targets) to its first LOD with faces, then its first LOD.
//  - Autocenter. ODOL positions are relative to the bounding centre. Options::autocenter = true
//    keeps them so (as the game places the model); false adds ModelView::centerOffset back.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/math_types.hpp"
#include "rv/odol.hpp"
#include "rv/options.hpp"
#include "rv/skeleton.hpp"
#include "rv/wrp.hpp"

namespace rv {

struct Retexture;  // rv/retexture.hpp

// ---------------------------------------------------------------- frames

enum class Axes : uint8_t {
    Stored,  // BI's own space: left-handed, x right, y up, z forward (terrains: x east, z north)
    YUp,     // right-handed, y up: (x, y, z) -> (x, y, -z). Assimp and glTF; models face -z
    ZUp,     // right-handed, z up: (x, y, z) -> (x, z, y). Blender (as a3ob): x east, y north
};

struct Frame {
    Axes axes = Axes::Stored;
    bool uvBottomLeft = false;  // true: v -> 1 - v (Assimp, Blender); false: top-left (files, glTF)
    // For hosts that split quads themselves (Blender): a quad whose fan triangles fold over each
    // other, which such a host would split along its other diagonal, is given as its two
    // triangles instead, so the host draws the engine's triangles. See splitsFolded() in
    // code/view/lod_view.cpp for the exact test.
    bool splitFoldedQuads = false;
};

Vec3 toFrame(Axes axes, Vec3 v);
Mat4 toFrame(Axes axes, const Mat43& transform);  // a stored 3x4 transform, conjugated into `axes`
inline bool mirrors(Axes axes) { return axes != Axes::Stored; }

// ---------------------------------------------------------------- models

// One (texture, material file) pair of a model, shared by every LOD that uses it.
struct ViewMaterial {
    std::string texture;                     // as stored, e.g. "a3\\data_f\\x_co.paa"; may be procedural "#(argb,...)"
    std::string rvmat;                       // as stored; "" when none
    const OdolMaterial* embedded = nullptr;  // the binarized .rvmat, when a LOD embeds it
    // Unique within the model: "x_co.paa :: x.rvmat", "x_co.paa", ":: x.rvmat" or "default";
    // " #2", " #3"... when different folders hold the same file names.
    std::string name;
    bool isProcedural() const { return !texture.empty() && texture[0] == '#'; }
};

// A run of a LOD's polygons and triangles that share one material.
struct MaterialGroup {
    uint32_t material = 0;  // into ModelView::materials
    uint32_t firstPolygon = 0, polygonCount = 0;
    uint32_t firstTriangle = 0, triangleCount = 0;  // in triangles (3 indices each)
};

struct SelectionView {
    std::string name;                // full name, never cut
    std::vector<uint32_t> vertices;  // view vertex indices
    std::vector<float> weights;      // one per vertex, 0..1
};

// A named place in a point LOD (memory points such as "usti hlavne"): its selection's centroid.
struct NamedPoint {
    std::string name;
    Vec3 position{};
    uint32_t pointCount = 0;
};

struct ProxyView {
    std::string name;  // "proxy:<path>.<index as 3 digits>", as the editable model names it
    std::string path;  // e.g. "\\a3\\data_f\\proxies\\muzzle_flash\\mf_smg"
    int32_t index = 0;
    Mat4 transform{};  // in the view's frame
    // The model drawn at the proxy: into ProxyModels::models (rv/proxy_models.hpp), -1 when the
    // proxy is only a node (no data root, not there, position-only, or --proxies nodes).
    int32_t model = -1;
};

struct LodView {
    uint32_t lodIndex = 0;  // in OdolModel::lods
    std::string name;       // BI name: "1.000", "Geometry", "Memory", "View Pilot"...
    float resolution = 0;
    LodKind kind = LodKind::Other;
    const OdolLod* source = nullptr;

    // Vertices: every point of the LOD in stored order, each with one UV per set and one normal.
    // (ODOL already splits points whose corners differ in UV or normal, so vertexPoint is the
    // identity there; editable models get their corners expanded here.)
    std::vector<Vec3> positions;
    std::vector<Vec3> normals;  // empty when the LOD stores none
    // glTF tangents (x, y, z along +u at right angles to the normal; w = +-1 with cross(normal,
    // xyz) * w pointing up the picture) from the binarized ST vectors; empty when not stored.
    std::vector<std::array<float, 4>> tangents;
    std::vector<std::vector<Vec2>> uvSets;  // complete sets only
    std::vector<uint32_t> vertexPoint;      // view vertex -> the LOD's point

    // Polygons ordered by material group, corners in the frame's winding. With
    // Frame::splitFoldedQuads a folded quad is two polygons of one face.
    std::vector<uint32_t> polygonStart;     // polygonCount() + 1 entries
    std::vector<uint32_t> corners;          // view vertex indices
    std::vector<uint32_t> polygonFace;      // the stored face of each polygon
    std::vector<uint32_t> polygonMaterial;  // ModelView::materials index of each polygon
    size_t polygonCount() const { return polygonFace.size(); }

    // Triangles of the polygons with 3+ corners, by the fan rule, in the frame's winding, in
    // polygon order. Polygons with 1 or 2 corners (rare, v7) have no triangles.
    std::vector<uint32_t> triangles;     // 3 per triangle
    std::vector<uint32_t> triangleFace;  // the stored face of each triangle
    std::vector<MaterialGroup> groups;

    std::vector<uint32_t> loosePoints;  // vertices no polygon uses
    bool isPointLod = false;            // Memory, Land Contact, Hit-points, or no faces
    // Whether a drawing adapter keeps the loose points as a mesh of point faces: every LOD but
    // the rendered ones with faces, whose unused vertices are binarizer leftovers that would draw
    // as stray dots in a viewer. (Vertex-list adapters such as Blender keep them all anyway.)
    bool drawLoosePoints = false;
    std::vector<SelectionView> selections;  // every named selection, empty ones too
    std::vector<NamedPoint> namedPoints;    // point LODs only, selections with vertices
    std::vector<ProxyView> proxies;
    uint32_t markerFaces = 0;       // stored faces left out because they only mark a proxy
    std::vector<float> vertexMass;  // geometry LOD: per vertex (kg), else empty
    // Skinning (rv/skeleton.hpp): per vertex up to four ModelView::skeleton bones and their
    // weights (summing to 1, or all 0 for a vertex bound to none). Empty: the LOD is not skinned
    // (no skeleton, or no vertex bound to a bone).
    std::vector<std::array<uint16_t, 4>> joints;
    std::vector<std::array<float, 4>> jointWeights;
    bool skinned() const { return !joints.empty(); }
    // Whether a vertex the LOD draws (a triangle's corner, or a drawn loose point) is bound to no
    // bone. Vertices nothing draws (a hidden proxy marker's corners) do not count.
    bool drawsUnboundVertex() const;
    const std::vector<OdolProperty>* properties = nullptr;
};

struct ModelView {
    Frame frame;
    std::vector<ViewMaterial> materials;  // the pairs the picked LODs use, in first-use order
    std::vector<LodView> lods;            // the picked LODs, in file order
    // The material of loose points (the "default" pair), or UINT32_MAX when no LOD has any.
    uint32_t pointMaterial = UINT32_MAX;
    Vec3 centerOffset{};            // the bounding centre in the view's frame
    bool centerApplied = false;     // true when !Options::autocenter: positions include it
    SkeletonView skeleton;          // empty when the model has none
    std::vector<Warning> warnings;  // the view's notes (a skeleton's unknown parents...)
};

// The LODs `spec` (Options::lods) picks, in file order. Fails with DiagKind::InvalidArgument
// naming the model's LODs when nothing matches.
[[nodiscard]] Result<std::vector<uint32_t>> pickLods(const OdolModel& model, const std::string& spec);
// The first visual LOD by the rule above, or -1 when the model has no LOD at all.
int32_t firstVisualLod(const OdolModel& model);
// The stored faces of `lod` (a LOD of `model`) that only mark where a proxy sits, ascending. The
// game never draws them (it draws the proxy's model instead), so no view draws them either
// (code/view/proxy_markers.cpp says where each form keeps them).
std::vector<uint32_t> proxyMarkerFaces(const OdolModel& model, const OdolLod& lod);

// The LODs options.lods picks, with the materials they use. `model` must outlive the view (it
// points into it).
// `retexture`: a config class's hiddenSelections retexturing (rv/retexture.hpp), or null.
[[nodiscard]] Result<ModelView> buildModelView(const OdolModel& model, const Options& options, const Frame& frame,
                                               const Retexture* retexture = nullptr);

// ---------------------------------------------------------------- terrains

// A terrain cell group of one layer material inside a tile.
struct TileGroup {
    uint32_t material = 0;                  // into WrpTerrain::materials (0 when the terrain has none)
    uint32_t firstCell = 0, cellCount = 0;  // in TerrainTile::cellQuads / 4, cellTriangles / 6
};

// A square piece of the height grid: samples [x0, x1] x [z0, z1] of the stored grid, every
// TerrainGrid::step-th of them a vertex (the last column and row also, when closer), cells
// between the vertices.
struct TerrainTile {
    uint32_t column = 0, row = 0;  // tile coordinates: column east, row north
    uint32_t x0 = 0, z0 = 0, x1 = 0, z1 = 0;
    uint32_t samplesX = 0, samplesZ = 0;         // vertices per row and per column
    uint32_t width() const { return samplesX; }  // vertices per row
    uint32_t height() const { return samplesZ; }
    std::vector<uint32_t> sampleX, sampleZ;  // the stored sample of each vertex column / row
    std::vector<Vec3> positions;             // width() * height() samples, x fastest, in metres, view frame
    std::vector<Vec3> normals;               // upward
    std::vector<Vec2> uvs;                   // over the whole map: u east 0..1, v north (origin per frame)
    // Per cell, grouped by material: 4 corners counter-clockwise seen from above, starting at
    // the south-east corner (b, d, c, a) so the first-corner diagonal is the engine's split
    // (south-east to north-west); and the same cell as the two triangles the engine draws.
    std::vector<uint32_t> cellQuads;      // 4 tile-vertex indices per cell
    std::vector<uint32_t> cellTriangles;  // 6 per cell
    std::vector<TileGroup> groups;
};

// Objects of one model, in file order.
struct ModelPlacements {
    std::string model;              // as stored, "ca\\buildings\\house.p3d"
    std::vector<uint32_t> objects;  // into WrpTerrain::objects
};

// Which part of the height grid a TerrainView shows, and how densely.
struct TerrainGrid {
    static constexpr uint32_t kDefaultTileCells = defaults::kTileCells;
    uint32_t tileCells = kDefaultTileCells;  // cells a tile side (in vertices, so with step too)
    uint32_t step = defaults::kTerrainStep;  // every step-th height sample (1 = all of them)
    // A region in metres from the map's south-west corner (west, south, east, north): only the
    // samples covering it, and only the objects standing in it. Empty (west >= east) = all.
    double west = 0, south = 0, east = 0, north = 0;
    bool hasRegion() const { return west < east && south < north; }
};

// Whether adapters place `object`: every value of its transform finite. A NaN or infinite one has
// no place (hosts would cast it, or draw it at infinity); such objects are left out everywhere.
bool isPlaceable(const WrpObject& object);

// The height of the surface the view draws at (east, north) metres from the map's south-west
// corner: each cell is two triangles split along its south-east to north-west diagonal (the
// engine's split, TerrainTile::cellTriangles), the height linear on each. Clamped to the grid;
// NaN when east or north or the cell size is not finite, or the terrain has no height grid.
double groundHeight(const WrpTerrain& terrain, double east, double north);

class TerrainView {
public:
    static constexpr uint32_t kDefaultTileCells = TerrainGrid::kDefaultTileCells;
    TerrainView(const WrpTerrain& terrain, const Frame& frame, uint32_t tileCells = kDefaultTileCells);
    TerrainView(const WrpTerrain& terrain, const Frame& frame, const TerrainGrid& grid);

    const WrpTerrain& terrain() const { return *t_; }
    const Frame& frame() const { return frame_; }
    uint32_t tileCells() const { return tileCells_; }
    const TerrainGrid& grid() const { return grid_; }
    // The stored samples the view covers (inclusive): all of them unless a region is set.
    uint32_t sampleX0() const { return sx0_; }
    uint32_t sampleZ0() const { return sz0_; }
    uint32_t sampleX1() const { return sx1_; }
    uint32_t sampleZ1() const { return sz1_; }
    uint32_t tileColumns() const { return columns_; }
    uint32_t tileRows() const { return rows_; }
    uint32_t tileCount() const { return columns_ * rows_; }
    // The vertices of every tile together (a tile repeats its neighbours' edge samples): what a
    // host that keeps all tiles holds, known before any tile is built.
    uint64_t vertexCount() const;
    // Tile i (row-major, column fastest), built on demand so a whole world is never in memory.
    TerrainTile tile(uint32_t i) const;

    // The layer material of height cell (x, z) (the land grid may be coarser or finer).
    uint32_t cellMaterial(uint32_t x, uint32_t z) const;
    // Object placements grouped by model, in order of first appearance. Objects whose transform
    // is not finite (NaN, infinite) are left out, with one warning; with a region, so are the
    // objects standing outside it.
    const std::vector<ModelPlacements>& placements() const { return placements_; }
    const std::vector<Warning>& warnings() const { return warnings_; }
    Mat4 objectTransform(uint32_t object) const;

private:
    const WrpTerrain* t_;
    Frame frame_;
    TerrainGrid grid_;
    uint32_t tileCells_, columns_ = 0, rows_ = 0;
    uint32_t sx0_ = 0, sz0_ = 0, sx1_ = 0, sz1_ = 0;  // the covered samples
    uint32_t verticesX_ = 0, verticesZ_ = 0;          // vertex columns and rows over them
    std::vector<ModelPlacements> placements_;
    std::vector<Warning> warnings_;
};

}  // namespace rv
