// PNG through stb_image_write (Debian's libstb-dev: public domain / MIT), kept static to this file
// so that other users of stb in the same program do not clash with it.
#include "rv/png.hpp"

#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBI_WRITE_NO_STDIO
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wconversion"
#endif
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

namespace rv {

std::vector<uint8_t> encodePng(const Image& image) {
    std::vector<uint8_t> out;
    if (image.width == 0 || image.height == 0 || image.rgba.size() != size_t(image.width) * image.height * 4)
        return out;
    auto sink = [](void* context, void* data, int size) {
        auto* bytes = static_cast<std::vector<uint8_t>*>(context);
        const auto* p = static_cast<const uint8_t*>(data);
        bytes->insert(bytes->end(), p, p + size);
    };
    if (!stbi_write_png_to_func(sink, &out, int(image.width), int(image.height), 4, image.rgba.data(),
                                int(image.width) * 4))
        out.clear();
    return out;
}

}  // namespace rv
