// A glTF document being built: the JSON (nlohmann::json) and the binary buffer as a list of
// pieces. A piece is either bytes already made or a size and a function that makes them while
// the file is written, so terrain tiles are built one at a time and never held together.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rv/error.hpp"
#include "rv/gltf.hpp"
#include "rv/image.hpp"
#include "rv/memory_budget.hpp"
#include "rv/texture_cache.hpp"

namespace rv::gltf {

using Json = nlohmann::json;

// A float triple as a JSON array (node translations, accessor bounds).
inline Json vec3(const std::array<float, 3>& v) { return Json::array({v[0], v[1], v[2]}); }
inline Json vec3(const Vec3& v) { return Json::array({v.x, v.y, v.z}); }

enum Component : int { kByte = 5120, kUByte = 5121, kShort = 5122, kUShort = 5123, kUInt = 5125, kFloat = 5126 };
enum Target : int { kNoTarget = 0, kArrayBuffer = 34962, kElementArrayBuffer = 34963 };

class Document {
public:
    // Appends exactly the piece's size in bytes to `out`; false when they cannot be made.
    using Fill = std::function<bool(std::vector<uint8_t>& out)>;

    Json json = Json::object();

    // Every JSON item and in-memory piece is charged to `budget` (the import's memory limit).
    // Past it the document stops growing and overBudget() tells the builder to give up.
    void setBudget(MemoryBudget* budget, std::string what) { budget_ = budget, budgetWhat_ = std::move(what); }
    bool overBudget() const { return !overMessage_.empty(); }
    const std::string& overMessage() const { return overMessage_; }

    // Reserves `size` bytes of the buffer, made by `fill` at write time. Returns the offset
    // (pieces start 4-byte aligned, as accessors of any component type need).
    uint64_t addPiece(uint64_t size, Fill fill);
    uint64_t addBytes(std::vector<uint8_t> bytes);
    uint64_t binarySize() const { return size_; }

    uint32_t addView(uint64_t offset, uint64_t length, Target target = kNoTarget, uint32_t stride = 0);
    uint32_t addAccessor(uint32_t view, uint64_t byteOffset, Component component, uint64_t count, const char* type,
                         bool normalized = false, Json min = nullptr, Json max = nullptr);
    // Appends `item` to the top-level array `name` ("nodes", "meshes"...) and returns its index.
    uint32_t push(const char* name, Json item);

    // One placed object: a node sharing its model's mesh. A world holds up to millions; as JSON
    // values each cost about 1 KB (a 1M-object world passed 2 GiB), so they are kept as plain
    // records (and a number standing in the "nodes" array) and become JSON only while written.
    struct ObjectNode {
        uint32_t name = 0;  // nameOf() index
        int32_t mesh = 0;
        uint32_t objectId = 0;
        float translation[3], rotation[4], scale[3];
    };
    uint32_t addNodeName(const std::string& name);
    uint32_t pushObjectNode(const ObjectNode& node);
    size_t objectNodeCount() const { return objectNodes_.size(); }
    void useExtension(const char* name, bool required);

    // An image, embedded in the buffer (.glb) or as a side file "<stem>_textures/<file>.png".
    // The same pixels are stored once. Returns the glTF image index; none when it cannot be
    // encoded as PNG (too large: rv/png.hpp), which imageWarnings() then names once. `png`, when
    // given, is the image's PNG a batch shares (rv/texture_cache.hpp): encoded once for all.
    // `sharedPath` (imageGamePath): with shareImages() on a .gltf, the image is referenced in the
    // shared folder as that path + ".png", listed in sharedImages() and encoded only if written.
    std::optional<uint32_t> addImage(const std::shared_ptr<const Image>& image, const std::string& fileStem,
                                     const std::string& reference, PngSlot* png = nullptr,
                                     const std::string& sharedPath = "");
    const std::vector<Warning>& imageWarnings() const { return imageWarnings_; }

    // .gltf side files (PNGs) beside the .bin.
    struct SideImage {
        std::string name;  // relative to the .gltf
        std::vector<uint8_t> png;
    };

    // Images in a folder several .gltf files share (GltfOptions::sharedImageUri).
    struct SharedImage {
        std::string name;  // relative to the shared folder: "rv/box/box_co.png"
        std::shared_ptr<const Image> image;
        PngSlot* png = nullptr;  // the batch's, when it shares the texture's PNG
    };
    void shareImages(const std::string& uriPrefix) { sharedUri_ = uriPrefix; }
    const std::vector<SharedImage>& sharedImages() const { return sharedImages_; }
    // The PNG of sharedImages()[i], encoded (or copied from its slot) now.
    [[nodiscard]] Result<std::vector<uint8_t>> sharedImagePng(size_t i) const;

    void setBinary(bool binary, const std::string& stem);
    bool binary() const { return binary_; }
    const std::string& binName() const { return binName_; }
    const std::vector<SideImage>& sideImages() const { return sideImages_; }

    // Adds the buffer (its final size) to the JSON: after the last piece, before writing.
    void finalize();
    // The JSON as written (UTF-8; bytes that are not are replaced, as BI names may be 8-bit).
    std::string jsonText() const;
    [[nodiscard]] bool writeGlb(const ByteSink& sink) const;
    [[nodiscard]] bool writeJson(const ByteSink& sink) const;
    [[nodiscard]] bool writeBin(const ByteSink& sink) const;

private:
    struct Piece {
        uint64_t offset = 0, size = 0;
        std::vector<uint8_t> bytes;
        Fill fill;
    };
    std::vector<Piece> pieces_;
    std::vector<ObjectNode> objectNodes_;
    std::vector<std::string> nodeNames_;
    uint64_t size_ = 0;
    bool binary_ = true;
    std::string stem_ = "model", binName_ = "model.bin";
    std::vector<SideImage> sideImages_;
    std::string sharedUri_;
    std::vector<SharedImage> sharedImages_;
    std::vector<std::pair<const Image*, uint32_t>> imageIndex_;  // pixels already stored
    std::vector<std::string> imageNames_;                        // side file names taken
    std::vector<const Image*> failedImages_;                     // could not be encoded
    std::vector<Warning> imageWarnings_;
    MemoryBudget* budget_ = nullptr;
    std::string budgetWhat_, overMessage_;

    void charge(uint64_t bytes);
    Json objectNodeJson(const ObjectNode& node) const;
    void appendNodes(std::string& out, const Json& nodes) const;

    [[nodiscard]] bool writeBuffer(const ByteSink& sink) const;
};

// The bytes of a vector of plain values (little-endian machines only, as every target is).
template <class T>
std::vector<uint8_t> bytesOf(const std::vector<T>& values) {
    std::vector<uint8_t> out(values.size() * sizeof(T));
    if (!out.empty()) std::memcpy(out.data(), values.data(), out.size());
    return out;
}

}  // namespace rv::gltf
