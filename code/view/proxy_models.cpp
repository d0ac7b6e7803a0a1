// Proxies resolved as the game draws them (rv/proxy_models.hpp): each proxy's model read from the
// data root once, viewed once per LOD kind, nested to defaults::kProxyDepth, loops cut.
#include "rv/proxy_models.hpp"

#include <algorithm>
#include <map>
#include <set>

#include "rv/memory_budget.hpp"
#include "rv/paths.hpp"
#include "rv/placed_models.hpp"
#include "rv/printable.hpp"

namespace rv {
namespace {

// The parent LOD kinds under which a proxy is drawn, and the LOD of the placed model each takes.
enum class Slot { None, Visual, ShadowVolume, ShadowBuffer };

Slot slotOf(LodKind kind) {
    if (isRendered(kind)) return Slot::Visual;
    if (kind == LodKind::ShadowVolume) return Slot::ShadowVolume;
    if (kind == LodKind::ShadowBuffer) return Slot::ShadowBuffer;
    return Slot::None;
}

int32_t lodFor(const OdolModel& model, Slot slot) {
    if (slot == Slot::Visual) return firstVisualLod(model);
    const LodKind want = slot == Slot::ShadowVolume ? LodKind::ShadowVolume : LodKind::ShadowBuffer;
    for (size_t i = 0; i < model.lods.size(); ++i)
        if (lodKind(model.lods[i].resolution) == want) return int32_t(i);
    return -1;
}

class Resolver {
public:
    Resolver(const DataRoot& root, const Options& options, const Frame& frame, ProxyModels& out)
        : root_(root), budget_(options.budget, options.memoryLimit), frame_(frame), out_(out) {
        options_ = options;
        options_.budget = budget_.get();  // every proxy model on one budget
        options_.autocenter = false;      // the proxy's frame is the model's own origin
        all_ = options.proxies == ProxyMode::All;
    }

    void resolveLods(ModelView& view, uint32_t depth) {
        for (LodView& lod : view.lods) {
            const Slot slot = slotOf(lod.kind);
            if (slot == Slot::None) continue;
            for (ProxyView& p : lod.proxies)
                if (all_ || proxyIsDrawn(p.path)) p.model = place(p.path, slot, depth);
        }
    }

private:
    int32_t place(const std::string& path, Slot slot, uint32_t depth) {
        const std::string key = DataRoot::key(path);
        if (std::find(chain_.begin(), chain_.end(), key) != chain_.end()) {
            std::string loop;
            for (const std::string& k : chain_) loop += printable(k) + " -> ";
            warnOnce("loop:" + key, DiagKind::BadValue,
                     "proxy models nest in a loop (" + loop + printable(key) + "); the last stays a node");
            return -1;
        }
        const auto seen = viewed_.find({key, slot});
        if (seen != viewed_.end()) return seen->second;
        if (depth > defaults::kProxyDepth) {
            warnOnce("deep:" + key, DiagKind::BadValue,
                     "proxy model " + printable(path) + " is nested more than " +
                         std::to_string(defaults::kProxyDepth) + " deep; it stays a node");
            return -1;
        }
        const std::shared_ptr<const OdolModel> model = decoded(path, key);
        const int32_t lod = model ? lodFor(*model, slot) : -1;
        int32_t& index = viewed_[{key, slot}];
        index = -1;
        if (lod < 0) return -1;  // missing (warned), or no LOD of that kind: nothing to draw there
        Options o = options_;
        o.lods = model->lods[size_t(lod)].name;
        Result<ModelView> built = buildModelView(*model, o, frame_);
        if (!built) {
            warnOnce("view:" + key, built.error().kind,
                     "proxy model " + printable(path) + ": " + diagnosticLine(built.error()) + "; it stays a node");
            return -1;
        }
        const int32_t at = int32_t(out_.models.size());
        out_.models.push_back(std::make_unique<ProxyModel>(ProxyModel{path, model, std::move(built.value())}));
        index = at;
        chain_.push_back(key);
        resolveLods(out_.models[size_t(at)]->view, depth + 1);
        chain_.pop_back();
        return at;
    }

    std::shared_ptr<const OdolModel> decoded(const std::string& path, const std::string& key) {
        const auto seen = decoded_.find(key);
        if (seen != decoded_.end()) return seen->second;
        ResolvedRef where;
        Result<OdolModel> model = readPlacedModel(root_, path, options_, &where);
        std::shared_ptr<const OdolModel>& slot = decoded_[key];
        if (model) {
            slot = std::make_shared<const OdolModel>(std::move(model.value()));
        } else if (where.kind == ResolvedRef::Kind::Missing) {
            warnOnce(key, DiagKind::MissingReference,
                     "proxy model " + printable(path) + " is not in the data root; the proxy stays a node");
        } else {
            warnOnce(
                key, model.error().kind,
                "proxy model " + printable(path) + ": " + diagnosticLine(model.error()) + "; the proxy stays a node");
        }
        return slot;
    }

    void warnOnce(const std::string& key, DiagKind kind, const std::string& message) {
        if (warned_.insert(key).second) out_.warnings.push_back(makeWarning(kind, message));
    }

    const DataRoot& root_;
    BudgetScope budget_;
    Frame frame_;
    ProxyModels& out_;
    Options options_;
    bool all_ = false;                                                 // ProxyMode::All: the position-only places too
    std::map<std::string, std::shared_ptr<const OdolModel>> decoded_;  // null: could not be had
    std::map<std::pair<std::string, Slot>, int32_t> viewed_;           // -1: stays a node
    std::vector<std::string> chain_;                                   // the models being placed
    std::set<std::string> warned_;
};

bool startsWith(const std::string& s, const char* prefix) { return s.rfind(prefix, 0) == 0; }

}  // namespace

bool proxyIsDrawn(const std::string& path) {
    const std::string p = asciiLower(path);
    const size_t slash = p.find_last_of("\\/");
    const std::string name = slash == std::string::npos ? p : p.substr(slash + 1);
    for (const char* seat : {"driver", "pilot", "copilot", "gunner", "commander", "cargo", "passenger", "crew", "flag"})
        if (startsWith(name, seat)) return false;
    return p.find("muzzle_flash") == std::string::npos && !startsWith(name, "mf_");
}

ProxyModels resolveProxies(ModelView& view, const DataRoot& root, const Options& options) {
    ProxyModels out;
    if (options.proxies == ProxyMode::Nodes) return out;
    Resolver resolver(root, options, view.frame, out);
    resolver.resolveLods(view, 1);
    return out;
}

}  // namespace rv
