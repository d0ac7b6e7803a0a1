// The texture half of the C ABI (include/rvimport.h): one texture file's largest mip as RGBA8,
// for hosts that show textures as images (the Blender add-on's PAA import).
#include "capi/capi_common.hpp"
#include "rv/material_textures.hpp"
#include "rv/open.hpp"
#include "rv/texture.hpp"

using namespace rv;
using namespace rv::capi;

struct rv_texture {
    TextureFile texture;
    Image image;  // mip 0, ZIWS undone
    std::vector<Warning> warnings;
    TextureRole role = TextureRole::Other;  // from the file name
    bool hasAlpha = false;                  // some pixel is not opaque (the view's rule)
};

namespace {

// As the model opens do: the options read (with their memory limit), then decode.
int32_t openTexture(const std::vector<uint8_t>& bytes, const std::string& name, const rv_options* options,
                    rv_texture** out, rv_error* error) {
    Settings settings;
    if (!readOptions(options, settings, error)) return error->code;
    auto file = open(bytes.data(), bytes.size(), name, settings.options, accepting(kAcceptTexture));
    if (!file) {
        setError(error, file.error());
        return error->code;
    }
    TextureFile& texture = file->texture.value();
    if (texture.mips.empty()) {
        setError(error, RV_ERROR_BAD_VALUE, name + ": the texture has no mips");
        return RV_ERROR_BAD_VALUE;
    }
    // the file's bytes are charged to the budget already
    auto image = decodeTextureMip(texture, bytes.data(), bytes.size(), 0, textureDecodeOptions(file->options));
    if (!image) {
        setError(error, image.error());
        return error->code;
    }
    const uint64_t pixelBytes = uint64_t(image->width) * image->height * 4;
    if (!file->budget->tryCharge(pixelBytes)) {
        setError(error, RV_ERROR_MEMORY_LIMIT, file->budget->overMessage(name + ": the pixels of mip 0", pixelBytes));
        return RV_ERROR_MEMORY_LIMIT;
    }
    auto t = std::make_unique<rv_texture>();
    t->texture = std::move(texture);
    t->image = std::move(image.value());
    t->warnings = t->texture.warnings;
    toLines(t->warnings);
    t->role = textureRole(name);
    t->hasAlpha = imageAlphaMode(t->image) != AlphaMode::Opaque;
    *out = t.release();
    clearError(error);
    return RV_OK;
}

}  // namespace

extern "C" {

int32_t rv_texture_open(const char* path, const rv_options* options, rv_texture** out, rv_error* error) {
    return openFromPath(path, options, out, error,
                        [&](const std::vector<uint8_t>& bytes, const std::string& name, rv_texture** handle,
                            rv_error* e) { return openTexture(bytes, name, options, handle, e); });
}
int32_t rv_texture_open_memory(const void* data, uint64_t size, const char* name, const rv_options* options,
                               rv_texture** out, rv_error* error) {
    return openFromMemory(data, size, name, options, out, error,
                          [&](const std::vector<uint8_t>& bytes, const std::string& n, rv_texture** handle,
                              rv_error* e) { return openTexture(bytes, n, options, handle, e); });
}
void rv_texture_close(rv_texture* t) { delete t; }
const char* rv_texture_type(const rv_texture* t) { return t ? t->texture.encoding.c_str() : kEmpty; }
uint32_t rv_texture_mip_count(const rv_texture* t) { return t ? uint32_t(t->texture.mips.size()) : 0; }
int32_t rv_texture_has_alpha(const rv_texture* t) { return t && t->hasAlpha ? 1 : 0; }
void rv_texture_size(const rv_texture* t, uint32_t* width, uint32_t* height) {
    if (width) *width = t ? t->image.width : 0;
    if (height) *height = t ? t->image.height : 0;
}
void rv_texture_rgba8(const rv_texture* t, uint8_t* out) {
    if (t) copyOut(out, t->image.rgba);
}
void rv_texture_rgba_float_bottom_up(const rv_texture* t, float* out) {
    if (t && out) copyFloatBottomUp(t->image, out);
}
const char* rv_texture_role(const rv_texture* t) { return t ? textureRoleName(t->role) : kEmpty; }
int32_t rv_texture_is_colour(const rv_texture* t) { return t && textureRoleIsColour(t->role) ? 1 : 0; }
uint32_t rv_texture_warning_count(const rv_texture* t) { return t ? uint32_t(t->warnings.size()) : 0; }
const char* rv_texture_warning(const rv_texture* t, uint32_t i) {
    return i < rv_texture_warning_count(t) ? t->warnings[i].message.c_str() : kEmpty;
}

}  // extern "C"
