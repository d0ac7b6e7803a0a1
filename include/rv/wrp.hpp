// The decoded form of a Real Virtuality terrain (.wrp), independent of its family and version:
// 4WVR (OFP editable), 8WVR (ArmA+ editable), OPRW v2/v3 (OFP binarized), OPRW v12..v25 (ArmA to
// Arma 3 binarized).
//
// Conventions (format notes §3.11): grids are row-major with x fastest, index z * sizeX + x;
// row z = 0 is the southern edge. The world frame is BI's: x east, y up (metres above sea
// level), z north, left-handed. Object transforms are as stored, in world metres.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rv/error.hpp"
#include "rv/math_types.hpp"
#include "rv/options.hpp"

namespace rv {

struct WrpObject {
    uint32_t id = 0;
    std::string model;  // model path as stored ("ca\\buildings\\house.p3d")
    Mat43 transform{};  // world metres; position.y is the height above sea level
};

struct WrpRoadLink {
    std::vector<Vec3> connections;         // connection points, world metres
    std::vector<uint8_t> connectionTypes;  // one per connection (OPRW >= 24), else empty
    int32_t objectId = 0;
    std::string model;  // OPRW >= 16
    Mat43 transform{};  // OPRW >= 16
    uint32_t cell = 0;  // land-grid cell index (z * layerSizeX + x)
};

struct WrpClassedModel {  // static entity (OPRW >= 15)
    std::string className, model;
    Vec3 position{};
    int32_t objectId = 0;
};

struct WrpMapInfo {  // a 2D-map annotation record (OPRW >= 10), kept for completeness
    uint32_t type = 0;
    int32_t objectId = -1;       // -1 for records without one
    std::vector<float> values;   // the record's floats (positions / corners)
    std::vector<uint8_t> bytes;  // trailing bytes (colour, flags)
};

struct WrpTerrain {
    std::string signature;  // "4WVR", "8WVR", "OPRW"
    uint32_t version = 0;   // OPRW version; 4 or 8 for the editable families
    uint32_t appId = 0;     // OPRW >= 25

    uint32_t layerSizeX = 0, layerSizeY = 0;  // land ("layer", texture) grid, cells
    uint32_t mapSizeX = 0, mapSizeY = 0;      // elevation grid, samples
    float layerCellSize = 0;                  // metres per land cell
    bool cellSizeStored = false;              // false: 4WVR / OPRW v2-3 use the config's 50 m
    // Metres between two height samples.
    float cellSize() const { return mapSizeX ? layerCellSize * float(layerSizeX) / float(mapSizeX) : layerCellSize; }

    std::vector<float> elevation;         // mapSizeX * mapSizeY, metres above sea level
    std::vector<uint16_t> materialIndex;  // layerSizeX * layerSizeY, into `materials`
    std::vector<std::string> materials;   // texture / rvmat paths; entry 0 is often empty
    std::vector<uint16_t> geography;      // OPRW: per land cell bit field (notes §3.7)
    std::vector<Vec3> peaks;              // OPRW: mountain tops, world metres

    std::vector<std::string> models;  // OPRW: the model table objects index
    std::vector<WrpClassedModel> classedModels;
    std::vector<WrpObject> objects;
    std::vector<WrpRoadLink> roads;
    std::vector<WrpMapInfo> mapInfo;
    int32_t maxObjectId = 0;

    std::vector<Warning> warnings;
};

// Decodes a terrain held in memory. `sourceName` starts every error message. The editable and
// OFP families carry no cell size; options.defaultCellSize (the config's landGrid, 50 m in OFP)
// is used. Uses options.memoryLimit.
[[nodiscard]] Result<WrpTerrain> decodeWrp(const uint8_t* data, size_t size, const std::string& sourceName,
                                           const Options& options = {});

}  // namespace rv
