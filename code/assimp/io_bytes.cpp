#include "assimp/io_bytes.hpp"

#include <assimp/IOStream.hpp>

#include <memory>

#include "rv/assimp_importer.hpp"
#include "rv/file_bytes.hpp"

namespace rv::assimp {

std::vector<uint8_t> readAllBytes(Assimp::IOSystem* io, const std::string& file, uint64_t maxBytes) {
    const std::string name = fileNameOf(file);
    std::unique_ptr<Assimp::IOStream> stream(io ? io->Open(file, "rb") : nullptr);
    if (!stream) throw ImportError(name + ": cannot open the file");
    const size_t size = stream->FileSize();
    if (uint64_t(size) > maxBytes)
        throw ImportError(name + ": file is " + std::to_string(size) + " bytes, over the import's " +
                          std::to_string(maxBytes) + "-byte memory budget");
    std::vector<uint8_t> bytes(size);
    const size_t got = size ? stream->Read(bytes.data(), 1, size) : 0;
    if (got != size)
        throw ImportError(name + ": read " + std::to_string(got) + " of " + std::to_string(size) + " bytes");
    return bytes;
}

}  // namespace rv::assimp
