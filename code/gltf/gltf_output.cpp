// GltfOutput: writing a built document (rv/gltf.hpp).
#include "gltf/gltf_model.hpp"
#include "gltf/gltf_state.hpp"
#include "rv/open.hpp"
#include "rv/version.hpp"

namespace rv {

GltfOutput::State::State(const Options& options, const std::string& name) {
    MemoryBudget* budget = options.budget;
    if (!budget) budget = (ownBudget = std::make_unique<MemoryBudget>(options.memoryLimit)).get();
    doc.setBudget(budget, name + "'s glTF document");
}

GltfOutput::GltfOutput() = default;
GltfOutput::GltfOutput(std::unique_ptr<State> state) : state_(std::move(state)) {}
GltfOutput::GltfOutput(GltfOutput&&) noexcept = default;
GltfOutput& GltfOutput::operator=(GltfOutput&&) noexcept = default;
GltfOutput::~GltfOutput() = default;

bool GltfOutput::writeMain(const ByteSink& sink) const {
    return state_ && (state_->doc.binary() ? state_->doc.writeGlb(sink) : state_->doc.writeJson(sink));
}

// Side files of a .gltf: the .bin first (when there is binary data), then the PNGs.
size_t GltfOutput::sideFileCount() const {
    if (!state_ || state_->doc.binary()) return 0;
    return (state_->doc.binarySize() ? 1 : 0) + state_->doc.sideImages().size();
}

const std::string& GltfOutput::sideFileName(size_t i) const {
    static const std::string none;
    if (i >= sideFileCount()) return none;
    const bool bin = state_->doc.binarySize() != 0;
    if (bin && i == 0) return state_->doc.binName();
    return state_->doc.sideImages()[i - (bin ? 1 : 0)].name;
}

bool GltfOutput::writeSideFile(size_t i, const ByteSink& sink) const {
    if (i >= sideFileCount()) return false;
    const bool bin = state_->doc.binarySize() != 0;
    if (bin && i == 0) return state_->doc.writeBin(sink);
    const std::vector<uint8_t>& png = state_->doc.sideImages()[i - (bin ? 1 : 0)].png;
    return sink(png.data(), png.size());
}

size_t GltfOutput::sharedImageCount() const { return state_ ? state_->doc.sharedImages().size() : 0; }

const std::string& GltfOutput::sharedImageName(size_t i) const {
    static const std::string none;
    return i < sharedImageCount() ? state_->doc.sharedImages()[i].name : none;
}

Result<std::vector<uint8_t>> GltfOutput::sharedImagePng(size_t i) const {
    if (i >= sharedImageCount()) return makeError(DiagKind::BadValue, "no shared image " + std::to_string(i));
    return state_->doc.sharedImagePng(i);
}

const std::vector<Warning>& GltfOutput::warnings() const {
    static const std::vector<Warning> none;
    return state_ ? state_->warnings : none;
}

const GltfOutput::Stats& GltfOutput::stats() const {
    static const Stats none;
    return state_ ? state_->stats : none;
}

OpenRequest gltfOpenRequest(const GltfOptions& gltf) {
    OpenRequest r = accepting(kAcceptModel | kAcceptTerrain);
    r.viewFrame = gltf::gltfFrame();
    r.grid = gltf.grid;
    return r;
}

Result<OpenedFile> openForGltf(const std::string& path, Options options, const GltfOptions& gltf) {
    options.tangents = true;  // TANGENT for normal-mapped materials
    return openFile(path, options, gltfOpenRequest(gltf));
}

Result<OpenedFile> openForGltf(const uint8_t* data, size_t size, const std::string& name, Options options,
                               const GltfOptions& gltf) {
    options.tangents = true;
    return open(data, size, name, options, gltfOpenRequest(gltf));
}

Result<GltfOutput> gltfFromFile(const OpenedFile& file, const GltfOptions& gltf) {
    // The writer draws what the door viewed: a file opened without glTF's request has no such view.
    const Frame want = gltf::gltfFrame();
    auto inFrame = [&](const Frame& f) { return f.axes == want.axes && f.uvBottomLeft == want.uvBottomLeft; };
    if (file.model && file.modelView && inFrame(file.modelView->frame)) return gltf::modelToGltf(file, gltf);
    if (file.terrain && file.terrainView && inFrame(file.terrainView->frame())) return gltf::terrainToGltf(file, gltf);
    if (file.model || file.terrain)
        return makeError(DiagKind::InvalidArgument,
                         file.name + ": opened without glTF's view; open it with rv::openForGltf or gltfOpenRequest");
    return makeError(DiagKind::NotRecognized, file.name + " is " + fileKindName(file.kind) +
                                                  ": the glTF writer takes models (.p3d) and terrains (.wrp)");
}

namespace gltf {

Result<GltfOutput> finish(std::unique_ptr<GltfOutput::State> state, const std::string& name, const std::string& hint) {
    Document& doc = state->doc;
    if (doc.overBudget()) return makeError(DiagKind::MemoryLimit, doc.overMessage() + hint);
    for (const Warning& w : doc.imageWarnings()) state->warnings.push_back(w);
    doc.finalize();
    GltfOutput::Stats& s = state->stats;
    auto count = [&](const char* array) { return doc.json.contains(array) ? uint32_t(doc.json[array].size()) : 0u; };
    s.meshes = count("meshes");
    s.nodes = count("nodes");
    s.materials = count("materials");
    s.images = count("images");
    s.binaryBytes = doc.binarySize();
    // 12 header bytes, two chunk headers and the JSON (estimated generously) must fit 32 bits.
    const uint64_t estimate = doc.binarySize() + 28 + uint64_t(s.nodes + s.meshes) * 64 +
                              uint64_t(doc.objectNodeCount()) * 256 + (uint64_t(64) << 20);
    if (doc.binary() && estimate > 0xFFFFFFFFull)
        return withSource(
            makeError(DiagKind::MemoryLimit, "the .glb would hold " + std::to_string(doc.binarySize()) +
                                                 " bytes of data, past the 4 GiB a .glb can count; write .gltf "
                                                 "instead, or make it smaller with --terrain-step N or --region"),
            name);
    return GltfOutput(std::move(state));
}

void addAsset(Document& doc, const std::string& sourceFormat) {
    doc.json["asset"] = {{"version", "2.0"},
                         {"generator", std::string("rvimport ") + versionString()},
                         {"extras", {{"source", sourceFormat}}}};
    doc.json["scene"] = 0;
    doc.json["scenes"] = Json::array({{{"nodes", Json::array()}}});
}

}  // namespace gltf
}  // namespace rv
