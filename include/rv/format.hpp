// Which Real Virtuality format a byte buffer holds, judged from its first bytes only.
// Adapters use it to dispatch and to tell "not ours" (skip) from "ours but damaged" (fail).
#pragma once

#include <cstddef>
#include <cstdint>

namespace rv {

enum class FileFormat {
    Unknown,
    Odol,     // binarized P3D model: "ODOL"
    Mlod,     // editable P3D model: "MLOD" (rv::decodeMlod, rv/model.hpp)
    Wrp4WVR,  // Operation Flashpoint editable terrain
    Wrp8WVR,  // ArmA+ editable terrain
    WrpOprw,  // binarized terrain
};

FileFormat sniffFormat(const uint8_t* data, size_t size);
const char* formatName(FileFormat format);

}  // namespace rv
