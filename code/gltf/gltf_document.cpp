// The glTF document: JSON plus a buffer of pieces, written as .glb or as .gltf + .bin.
#include "gltf/gltf_document.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

#include "rv/png.hpp"
#include "rv/texture_cache.hpp"

namespace rv::gltf {
namespace {

constexpr uint64_t kGlbLimit = 0xFFFFFFFFull;  // the GLB header's length is 32 bits

void putU32(std::vector<uint8_t>& out, uint32_t v) {
    for (int i = 0; i < 4; ++i) out.push_back(uint8_t(v >> (8 * i)));
}

uint64_t padded4(uint64_t n) { return (n + 3) & ~uint64_t(3); }

// A file name part that is safe everywhere: what imageFileStem() leaves, made unique.
std::string uniqueName(std::vector<std::string>& taken, const std::string& stem) {
    std::string name = stem.empty() ? "image" : stem;
    for (int n = 2; std::find(taken.begin(), taken.end(), name) != taken.end(); ++n)
        name = stem + "_" + std::to_string(n);
    taken.push_back(name);
    return name;
}

// What a JSON value costs in memory, roughly (nlohmann's nodes, strings and map entries).
// (Measured on 20,000 materials: about 2 KB each once their primitives and accessors count.)
uint64_t jsonCost(const Json& j) {
    uint64_t bytes = 16;
    if (j.is_string())
        bytes += j.get_ref<const std::string&>().size() + 48;
    else if (j.is_array()) {
        bytes += 48;
        for (const Json& v : j) bytes += jsonCost(v);
    } else if (j.is_object()) {
        bytes += 64;
        for (auto it = j.begin(); it != j.end(); ++it) bytes += 112 + it.key().size() + jsonCost(it.value());
    }
    return bytes;
}

}  // namespace

void Document::charge(uint64_t bytes) {
    if (!budget_ || overBudget()) return;
    if (!budget_->tryCharge(bytes)) overMessage_ = budget_->overMessage(budgetWhat_, bytes);
}

void Document::setBinary(bool binary, const std::string& stem) {
    binary_ = binary;
    stem_ = stem.empty() ? "model" : stem;
    binName_ = stem_ + ".bin";
}

uint64_t Document::addPiece(uint64_t size, Fill fill) {
    Piece p;
    p.offset = size_;
    p.size = size;
    p.fill = std::move(fill);
    size_ = padded4(size_ + size);
    pieces_.push_back(std::move(p));
    return pieces_.back().offset;
}

uint64_t Document::addBytes(std::vector<uint8_t> bytes) {
    Piece p;
    p.offset = size_;
    p.size = bytes.size();
    p.bytes = std::move(bytes);
    charge(p.size);
    size_ = padded4(size_ + p.size);
    pieces_.push_back(std::move(p));
    return pieces_.back().offset;
}

uint32_t Document::addView(uint64_t offset, uint64_t length, Target target, uint32_t stride) {
    Json v = {{"buffer", 0}, {"byteOffset", offset}, {"byteLength", length}};
    if (target != kNoTarget) v["target"] = int(target);
    if (stride) v["byteStride"] = stride;
    return push("bufferViews", std::move(v));
}

uint32_t Document::addAccessor(uint32_t view, uint64_t byteOffset, Component component, uint64_t count,
                               const char* type, bool normalized, Json min, Json max) {
    Json a = {{"bufferView", view}, {"componentType", int(component)}, {"count", count}, {"type", type}};
    if (byteOffset) a["byteOffset"] = byteOffset;
    if (normalized) a["normalized"] = true;
    if (!min.is_null()) a["min"] = std::move(min);
    if (!max.is_null()) a["max"] = std::move(max);
    return push("accessors", std::move(a));
}

uint32_t Document::push(const char* name, Json item) {
    charge(jsonCost(item));
    Json& array = json[name];
    if (!array.is_array()) array = Json::array();
    array.push_back(std::move(item));
    return uint32_t(array.size() - 1);
}

void Document::useExtension(const char* name, bool required) {
    auto add = [&](const char* list) {
        Json& a = json[list];
        if (!a.is_array()) a = Json::array();
        if (std::find(a.begin(), a.end(), name) == a.end()) a.push_back(name);
    };
    add("extensionsUsed");
    if (required) add("extensionsRequired");
}

// A relative URI for a path of safe characters: anything but unreserved characters and '/'
// percent-encoded (a space in a game path).
static std::string uriOfPath(const std::string& path) {
    static const char* hex = "0123456789ABCDEF";
    std::string uri;
    for (unsigned char c : path) {
        if (std::isalnum(c) || std::strchr("-._~/", c)) {
            uri += char(c);
        } else {
            uri += '%';
            uri += hex[c >> 4];
            uri += hex[c & 15];
        }
    }
    return uri;
}

std::optional<uint32_t> Document::addImage(const std::shared_ptr<const Image>& image, const std::string& fileStem,
                                           const std::string& reference, PngSlot* shared,
                                           const std::string& sharedPath) {
    for (const auto& [pixels, index] : imageIndex_)
        if (pixels == image.get()) return index;
    if (std::find(failedImages_.begin(), failedImages_.end(), image.get()) != failedImages_.end()) return std::nullopt;
    const std::string name = uniqueName(imageNames_, fileStem);
    Json entry = {{"name", name}, {"mimeType", "image/png"}};
    if (!binary_ && !sharedUri_.empty() && !sharedPath.empty()) {
        // Encoded when the caller writes it, and only if no other output wrote it first.
        sharedImages_.push_back({sharedPath + ".png", image, shared});
        entry["uri"] = sharedUri_ + uriOfPath(sharedPath + ".png");
        const uint32_t index = push("images", std::move(entry));
        imageIndex_.emplace_back(image.get(), index);
        return index;
    }
    Result<std::vector<uint8_t>> encoded = encodePngOnce(*image, shared, budget_);
    if (!encoded) {
        imageNames_.pop_back();
        failedImages_.push_back(image.get());
        imageWarnings_.push_back(makeWarning(
            encoded.error().kind, "texture '" + reference + "' left out: " + diagnosticLine(encoded.error())));
        return std::nullopt;
    }
    std::vector<uint8_t> png = std::move(encoded.value());
    if (binary_) {
        const uint64_t size = png.size();
        const uint64_t at = addBytes(std::move(png));
        entry["bufferView"] = addView(at, size);
    } else {
        // The folder and file names are made of safe characters only: no URI escaping needed.
        const std::string file = stem_ + "_textures/" + name + ".png";
        charge(png.size());
        entry["uri"] = file;
        sideImages_.push_back({file, std::move(png)});
    }
    const uint32_t index = push("images", std::move(entry));
    imageIndex_.emplace_back(image.get(), index);
    return index;
}

Result<std::vector<uint8_t>> Document::sharedImagePng(size_t i) const {
    const SharedImage& s = sharedImages_.at(i);
    return encodePngOnce(*s.image, s.png, budget_);
}

void Document::finalize() {
    if (size_ == 0) return;
    Json buffer = {{"byteLength", size_}};
    if (!binary_) buffer["uri"] = binName_;
    json["buffers"] = Json::array({buffer});
}

uint32_t Document::addNodeName(const std::string& name) {
    charge(name.size() + 32);
    nodeNames_.push_back(name);
    return uint32_t(nodeNames_.size() - 1);
}

uint32_t Document::pushObjectNode(const ObjectNode& node) {
    // The record, its stand-in and its share of the JSON text made at write time (~260 bytes).
    charge(sizeof(ObjectNode) + 16 + 280);
    objectNodes_.push_back(node);
    return push("nodes", Json(uint64_t(objectNodes_.size() - 1)));
}

Json Document::objectNodeJson(const ObjectNode& n) const {
    return {{"name", nodeNames_[n.name]},
            {"mesh", n.mesh},
            {"translation", {n.translation[0], n.translation[1], n.translation[2]}},
            {"rotation", {n.rotation[0], n.rotation[1], n.rotation[2], n.rotation[3]}},
            {"scale", {n.scale[0], n.scale[1], n.scale[2]}},
            {"extras", {{"object_id", n.objectId}}}};
}

// The "nodes" array: JSON nodes as they are, object records (numbers in the array) made JSON
// one at a time.
void Document::appendNodes(std::string& out, const Json& nodes) const {
    out += '[';
    bool first = true;
    for (const Json& n : nodes) {
        if (!first) out += ',';
        first = false;
        out += (n.is_number_unsigned() ? objectNodeJson(objectNodes_[n.get<uint64_t>()]) : n)
                   .dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    out += ']';
}

// The same text as json.dump() (keys in order, no spaces), with the object records in place.
std::string Document::jsonText() const {
    if (objectNodes_.empty()) return json.dump(-1, ' ', false, Json::error_handler_t::replace);
    std::string out = "{";
    out.reserve(objectNodes_.size() * 280 + (size_t(1) << 20));  // ~260 bytes each: no doubling copy
    for (auto it = json.begin(); it != json.end(); ++it) {
        if (it != json.begin()) out += ',';
        out += Json(it.key()).dump(-1, ' ', false, Json::error_handler_t::replace) + ':';
        if (it.key() == "nodes")
            appendNodes(out, it.value());
        else
            out += it.value().dump(-1, ' ', false, Json::error_handler_t::replace);
    }
    out += '}';
    return out;  // keeps the reserve: writeGlb pads it in place
}

bool Document::writeBuffer(const ByteSink& sink) const {
    std::vector<uint8_t> scratch;
    static const uint8_t zeros[4] = {0, 0, 0, 0};
    uint64_t written = 0;
    for (const Piece& p : pieces_) {
        if (p.offset > written && !sink(zeros, size_t(p.offset - written))) return false;
        const std::vector<uint8_t>* bytes = &p.bytes;
        if (p.fill) {
            scratch.clear();
            if (!p.fill(scratch) || scratch.size() != p.size) return false;
            bytes = &scratch;
        }
        if (!bytes->empty() && !sink(bytes->data(), bytes->size())) return false;
        written = p.offset + p.size;
    }
    return size_ <= written || sink(zeros, size_t(size_ - written));
}

bool Document::writeGlb(const ByteSink& sink) const {
    std::string text = jsonText();
    text.resize(size_t(padded4(text.size())), ' ');  // the JSON chunk is padded with spaces
    const uint64_t total = 12 + 8 + text.size() + (size_ ? 8 + size_ : 0);
    if (total > kGlbLimit) return false;  // checked by the callers first, with a message
    std::vector<uint8_t> head;
    putU32(head, 0x46546C67);  // "glTF"
    putU32(head, 2);
    putU32(head, uint32_t(total));
    putU32(head, uint32_t(text.size()));
    putU32(head, 0x4E4F534A);  // "JSON"
    if (!sink(head.data(), head.size()) || !sink(text.data(), text.size())) return false;
    if (!size_) return true;
    head.clear();
    putU32(head, uint32_t(size_));
    putU32(head, 0x004E4942);  // "BIN\0"
    return sink(head.data(), head.size()) && writeBuffer(sink);
}

bool Document::writeJson(const ByteSink& sink) const {
    const std::string text = jsonText();
    return sink(text.data(), text.size());
}

bool Document::writeBin(const ByteSink& sink) const { return writeBuffer(sink); }

}  // namespace rv::gltf
