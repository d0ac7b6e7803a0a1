// The C ABI's sessions (include/rvimport.h, ABI 8): one data root and one texture cache that the
// opens of one import share, as a batch's imports share them (rv/texture_cache.hpp).
#include <deque>
#include <mutex>

#include "capi/capi_common.hpp"
#include "rv/data_root.hpp"
#include "rv/open.hpp"
#include "rv/texture_cache.hpp"

struct rv_session {
    std::shared_ptr<const rv::DataRoot> root;  // null: no data root was named
    std::shared_ptr<rv::TextureCache> textures;
    // The root's own warnings found so far, as lines: only appended to (a deque: the strings
    // handed out stay where they are). The root is indexed lazily, so they come with the imports.
    std::mutex mutex;
    std::deque<std::string> warnings;
    void refresh() {
        if (!root) return;
        const std::vector<rv::Warning> found = root->warningsFound();
        std::lock_guard<std::mutex> lock(mutex);
        for (size_t i = warnings.size(); i < found.size(); ++i) warnings.push_back(rv::diagnosticLine(found[i]));
    }
};

using namespace rv;
using namespace rv::capi;

void rv::capi::applySession(const rv_session* session, Options& options) {
    if (!session) return;
    options.sharedDataRoot = session->root;
    options.textureCache = session->textures;
}

extern "C" {

int32_t rv_session_open(const rv_options* options, rv_session** out, rv_error* error) {
    if (!out) {
        setError(error, RV_ERROR_INVALID_ARGUMENT, "null output handle");
        return RV_ERROR_INVALID_ARGUMENT;
    }
    *out = nullptr;
    return guarded(error, [&]() -> int32_t {
        Settings s;
        if (!readOptions(options, s, error)) return error ? error->code : RV_ERROR_INVALID_ARGUMENT;
        auto session = std::make_unique<rv_session>();
        if (s.options.sharedDataRoot) {  // a session made within a session shares its root
            session->root = s.options.sharedDataRoot;
        } else if (const std::string folder = dataRootFolder(s.options); !folder.empty()) {
            Result<DataRoot> root = DataRoot::open(folder, s.options);
            if (!root) {
                setError(error, root.error());
                return int32_t(root.error().kind);
            }
            session->root = std::make_shared<const DataRoot>(std::move(root.value()));
        }
        session->textures = std::make_shared<TextureCache>(textureCacheCapacity(s.options.memoryLimit));
        *out = session.release();
        clearError(error);
        return RV_OK;
    });
}

void rv_session_close(rv_session* s) { delete s; }

uint32_t rv_session_warning_count(rv_session* s) {
    if (!s) return 0;
    s->refresh();
    std::lock_guard<std::mutex> lock(s->mutex);
    return uint32_t(s->warnings.size());
}

const char* rv_session_warning(rv_session* s, uint32_t i) {
    if (!s) return kEmpty;
    std::lock_guard<std::mutex> lock(s->mutex);
    return i < s->warnings.size() ? s->warnings[i].c_str() : kEmpty;
}

void rv_session_texture_counts(const rv_session* s, uint64_t* out2) {
    if (!out2) return;
    const TextureCacheCounts c = s ? s->textures->counts() : TextureCacheCounts{};
    out2[0] = c.decoded;
    out2[1] = c.reused;
}

}  // extern "C"
