// The decoded form of a binarized P3D model (ODOL), independent of its file version.
//
// Conventions of this model (the adapters rely on them, the format does not appear here):
//  - positions, proxy transforms and bounding boxes are exactly as stored: BI's left-handed,
//    y-up space (x right, y up, z forward), relative to the model's bounding centre;
//  - face indices are in stored order; in that space cross(v1-v0, v2-v0) points outward;
//  - normals point outward (the files store them negated; the decoder flips them);
//  - UVs keep the file's top-left origin (v grows downwards, as in DirectX and glTF).
// Editable models (MLOD, decodeMlod in rv/model.hpp, OdolModel::editable) fill the same structs
// with what the editable file holds; where it differs, the field says so (positions in the
// model's own coordinates, faces wound the other way, per-corner normals and UVs).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/math_types.hpp"
#include "rv/options.hpp"

namespace rv {

struct OdolStageTexture {
    uint32_t textureFilter = 0;
    std::string texture;  // may be procedural, e.g. "#(argb,8,8,3)color(1,1,1,1)"
    uint32_t stageId = 0;
    bool useWorldEnvMap = false;
};

struct OdolStageTransform {
    uint32_t uvSource = 0;
    Mat43 transform{};
};

// A material embedded in a LOD (the binarized form of an .rvmat).
struct OdolMaterial {
    std::string name;  // the .rvmat path
    uint32_t version = 0;
    Rgba emissive{}, ambient{}, diffuse{}, forcedDiffuse{}, specular{}, specular2{};
    float specularPower = 0;
    uint32_t pixelShaderId = 0, vertexShaderId = 0, mainLight = 0, fogMode = 0;
    std::string surfaceFile;  // .bisurf path (material version >= 6)
    uint32_t renderFlags = 0;
    std::vector<OdolStageTexture> stages;
    std::vector<OdolStageTransform> stageTransforms;
    bool hasThermalStage = false;  // material version >= 10
    OdolStageTexture thermalStage;
};

// A run of faces drawn with one texture and material.
struct OdolSection {
    uint32_t firstFace = 0, endFace = 0;  // face index range [firstFace, endFace)
    int32_t textureIndex = -1;            // into OdolLod::textures, -1 = none
    int32_t materialIndex = -1;           // into OdolLod::materials, -1 = none
    std::string materialName;             // given only when materialIndex == -1
    uint32_t faceFlags = 0;               // "special"; 0x10000000 = hidden proxy triangle
    uint32_t pointFlags = 0;
    int32_t minBoneIndex = 0, boneCount = 0;  // MLOD: 0
    std::vector<float> areaOverTex;
    int32_t flag67 = 0;
    std::vector<float> extra67;  // 11 floats when flag67 >= 1 (v67+)
};

struct OdolSelection {
    std::string name;
    std::vector<uint32_t> faces;         // face indices
    std::vector<uint32_t> vertices;      // vertex indices
    std::vector<uint8_t> vertexWeights;  // one per selected vertex when stored, else empty (MLOD: the
                                         // stored byte, 1 = full, b > 1 = (256 - b) / 255)
    bool sectional = false;
    std::vector<uint32_t> sections;  // section indices
};

struct OdolProxy {
    std::string model;  // e.g. "\a3\data_f\proxies\muzzle_flash\mf_smg.p3d"
    Mat43 transform{};
    int32_t sequenceId = 0;
    int32_t selectionIndex = -1;  // the selection holding the proxy triangle
    int32_t boneIndex = -1;
    int32_t sectionIndex = -1;
};

struct OdolProperty {
    std::string name, value;
};

struct OdolFrame {
    float time = 0;
    std::vector<Vec3> positions;
};

// Up to four (bone, weight) pairs per vertex; bones index the LOD's sub-skeleton.
struct OdolVertexBones {
    uint8_t count = 0;
    uint8_t bone[4] = {0, 0, 0, 0};
    uint8_t weight[4] = {0, 0, 0, 0};  // weight/255; the weights of a vertex sum to 255
};

struct OdolLod {
    float resolution = 0;
    std::string name;  // the BI LOD name: "1.000", "Geometry", "Memory", "ShadowVolume 0"...

    std::vector<Vec3> positions;
    std::vector<Vec3> normals;  // outward; empty when the LOD stores none
    std::vector<std::vector<Vec2>> uvSets;
    std::vector<Vec3> tangents, bitangents;  // the ST arrays, as stored (empty when absent)
    std::vector<uint32_t> clipFlags;
    std::vector<uint32_t> pointToVertex, vertexToPoint;  // MLOD point <-> vertex maps

    // Faces as a compressed-row table: face i uses faceIndices[faceStart[i] .. faceStart[i+1]).
    std::vector<uint32_t> faceIndices;
    std::vector<uint32_t> faceStart;  // faceCount() + 1 entries (or empty)
    size_t faceCount() const { return faceStart.empty() ? 0 : faceStart.size() - 1; }

    std::vector<std::string> textures;
    std::vector<OdolMaterial> materials;
    std::vector<OdolSection> sections;
    std::vector<OdolSelection> selections;
    std::vector<OdolProperty> properties;
    std::vector<OdolProxy> proxies;
    std::vector<OdolFrame> frames;

    // Skinning: per-vertex bone weights and the sub-skeleton <-> skeleton maps.
    std::vector<OdolVertexBones> vertexBones;
    bool vertexBonesAreSimple = false;
    std::vector<int32_t> subSkeletonToSkeleton;
    std::vector<std::vector<int32_t>> skeletonToSubSkeleton;

    Vec3 boundsMin{}, boundsMax{}, boundsCenter{};
    float boundsRadius = 0;
    int32_t orHints = 0, andHints = 0;
    float faceArea = 0;
    uint32_t colorTop = 0, color = 0;
    int32_t special = 0;

    // Editable (MLOD) LODs only; empty for ODOL, whose binarizer splits points into vertices
    // instead. positions are the stored points, normals the LOD's normal table, uvSets empty.
    std::vector<uint32_t> pointFlags;             // per point (hidden, selected, user bits)
    std::vector<uint32_t> cornerNormals;          // per face corner (as faceIndices): into normals
    std::vector<std::vector<Vec2>> cornerUvSets;  // per UV set (#UVSet# id order), per face corner
    std::vector<uint32_t> cornerUvSetIds;         // the stored id of each of cornerUvSets
    std::vector<uint32_t> faceFlags;              // per face
    std::vector<uint32_t> sharpEdges;             // #SharpEdges#: point index pairs, 2 per edge
};

struct OdolBone {
    std::string name, parent;  // parent "" = root
};

struct OdolSkeleton {
    std::string name;  // empty: no skeleton
    bool isDiscrete = false;
    std::vector<OdolBone> bones;
    std::string pivotsName;
};

struct OdolAnimation {
    uint32_t type = 0;  // 0-3 rotation(X/Y/Z), 4-7 translation(X/Y/Z), 8 direct, 9 hide
    std::string name, source;
    float minPhase = 0, maxPhase = 0, minValue = 0, maxValue = 0;
    float animPeriod = 0, initPhase = 0;
    uint32_t sourceAddress = 0;                  // 0 clamp, 1 mirror, 2 loop
    float params[8] = {0, 0, 0, 0, 0, 0, 0, 0};  // type-specific: angles, offsets, axis, hide value
};

struct OdolAnimations {
    std::vector<OdolAnimation> classes;
    // Per LOD, per bone of that LOD: the animation classes that move it.
    std::vector<std::vector<std::vector<uint32_t>>> bonesToAnimations;
    // Per LOD, per animation class: the bone it moves (-1 none) and its axis in that LOD.
    struct Axis {
        int32_t bone = -1;
        Vec3 position{}, direction{};
    };
    std::vector<std::vector<Axis>> axes;
};

// The roles of OdolModelInfo::specialLods, in the order the model info stores them: the first
// twelve in every version, geometrySimple from v53, geometryPhys from v54.
struct SpecialLod {
    enum : uint8_t {
        Memory,
        Geometry,
        FireGeometry,
        ViewGeometry,
        ViewPilot,
        ViewGunner,
        ViewCommander,
        ViewCargo,
        LandContact,
        Roadway,
        Paths,
        Hitpoints,
        GeometrySimple,  // v53+
        GeometryPhys,    // v54+
        Count
    };
};

struct OdolModelInfo {
    int32_t special = 0;
    float boundingSphere = 0, geometrySphere = 0;
    int32_t remarks = 0, andHints = 0, orHints = 0;
    Vec3 aimingCenter{};
    uint32_t color = 0, colorType = 0;
    float viewDensity = 0;
    Vec3 bboxMin{}, bboxMax{};
    float lodDensityCoef = 1, drawImportance = 1;
    Vec3 bboxMinVisual{}, bboxMaxVisual{};
    Vec3 boundingCenter{};  // ODOL positions are stored relative to this (autocenter)
    Vec3 geometryCenter{}, centerOfMass{};
    Vec3 invInertia[3]{};
    bool autoCenter = false, lockAutoCenter = false, canOcclude = false, canBeOccluded = false;
    bool aiCovers = false, allowAnimation = false;
    float thermal[6] = {0, 0, 0, 0, 0, 0};  // htMin, htMax, afMax, mfMax, mFact, tBody
    bool forceNotAlphaModel = false;
    int32_t shadowBufferSource = 0;
    bool preferShadowVolume = false;
    float shadowOffset = 0;
    bool animated = false;
    uint8_t mapType = 0;
    std::vector<float> mass;  // per-point masses of the geometry LOD
    float totalMass = 0, invMass = 0, armor = 0, invArmor = 0;
    float explosionShielding = 0;
    // LOD indices by role (-1 = absent), indexed by SpecialLod (the file's order).
    int8_t specialLods[SpecialLod::Count] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    uint32_t minShadow = 0;
    bool canBlend = false;
    std::string propertyClass, propertyDamage;
    bool propertyFrequent = false;
    std::vector<int32_t> preferredShadowVolumeLod, preferredShadowBufferLod, preferredShadowBufferLodVis;
};

struct OdolModel {
    // true: decoded from an editable MLOD (version = the MLOD version, 257). Its positions are the
    // model's own coordinates (info.boundingCenter is computed as the binarizer does; the view
    // subtracts it when autocentering), its faces are wound the other way (the binarizer swaps
    // (v0, v1, v2) -> (v1, v0, v2) and (v0..v3) -> (v1, v0, v3, v2)), and it carries the
    // per-corner arrays of OdolLod.
    bool editable = false;
    uint32_t version = 0;
    uint32_t appId = 0;
    std::string prefix;
    OdolModelInfo info;
    OdolSkeleton skeleton;
    bool hasAnimations = false;
    OdolAnimations animations;
    std::vector<OdolLod> lods;  // in file order
    std::vector<Warning> warnings;
};

// Decodes an ODOL file held in memory. `sourceName` (usually the file name) starts every error
// message. Supports ODOL 7 and 28..73, 75 (unencrypted); refuses MLOD, DayZ's ODOL and encrypted
// files with DiagKind::Unsupported. Uses options.memoryLimit.
[[nodiscard]] Result<OdolModel> decodeOdol(const uint8_t* data, size_t size, const std::string& sourceName,
                                           const Options& options = {});

// The name Bohemia's tools give a LOD of this resolution: "1.000", "View Pilot", "Geometry"...
std::string lodName(float resolution);

// What a LOD is for, from its resolution (format notes §2.8). Visual = the resolution LODs
// (0..999) drawn by distance; View = the rendered interiors (View Gunner/Pilot/Cargo/Commander).
enum class LodKind { Visual, View, ShadowVolume, ShadowBuffer, Geometry, Memory, PointCloud, Edit, Other };
LodKind lodKind(float resolution);
const char* lodKindName(LodKind kind);  // "visual", "view", "shadow volume", ...
// Rendered LODs: Visual and View.
inline bool isRendered(LodKind kind) { return kind == LodKind::Visual || kind == LodKind::View; }

}  // namespace rv
