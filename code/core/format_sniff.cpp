#include <cstring>

#include "rv/format.hpp"

namespace rv {

FileFormat sniffFormat(const uint8_t* data, size_t size) {
    if (size < 4) return FileFormat::Unknown;
    if (std::memcmp(data, "ODOL", 4) == 0) return FileFormat::Odol;
    if (std::memcmp(data, "MLOD", 4) == 0) return FileFormat::Mlod;
    if (std::memcmp(data, "4WVR", 4) == 0) return FileFormat::Wrp4WVR;
    if (std::memcmp(data, "8WVR", 4) == 0) return FileFormat::Wrp8WVR;
    if (std::memcmp(data, "OPRW", 4) == 0) return FileFormat::WrpOprw;
    return FileFormat::Unknown;
}

const char* formatName(FileFormat format) {
    switch (format) {
        case FileFormat::Odol:
            return "ODOL (binarized P3D model)";
        case FileFormat::Mlod:
            return "MLOD (editable P3D model)";
        case FileFormat::Wrp4WVR:
            return "4WVR (OFP editable terrain)";
        case FileFormat::Wrp8WVR:
            return "8WVR (editable terrain)";
        case FileFormat::WrpOprw:
            return "OPRW (binarized terrain)";
        case FileFormat::Unknown:
            break;
    }
    return "unknown";
}

}  // namespace rv
