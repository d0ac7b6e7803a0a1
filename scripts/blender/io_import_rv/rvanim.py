# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""An .rtm animation from librvimport (include/rvimport.h, ABI 8): its phases, bone names and poses
on a skeleton given by bone names and parents, as flat arrays."""
import array
import ctypes
import os

from .abi import AXES_Z_UP, _CHARP, _I32, _U32, RvError, lib
from .rvlib import _buffer, _failure, _fill, _lines, _options, _ptr, _text

# A pose's bytes per frame and bone: the add-on's row-major 4x4 of float32, and, while the library
# poses, its own view of the same frame and bone (rv::AnimationView: a Mat4 and a 56-byte
# rv::Decomposition), which it charges to the Memory Limit itself.
POSE_COPY_BYTES = 64
POSE_LIBRARY_BYTES = 64 + 56


class Animation:
    """An opened .rtm (RTM_0101, RTM_MDAT + RTM_0101, BMTR): phases and bone names, and its poses
    on any skeleton given by bone names and parents. Use as a context manager (or close())."""

    def __init__(self, path):
        L = lib()
        err, h = RvError(), ctypes.c_void_p()
        opts = _options()
        # For another kind of file the library says what it is, and what an .rtm starts with.
        if L.rv_animation_open(os.fsencode(path), ctypes.byref(opts), ctypes.byref(h), ctypes.byref(err)) != 0:
            raise _failure(err)
        self._h = h
        try:
            self.signature = _text(L.rv_animation_signature(h))
            self.version = L.rv_animation_version(h)
            self.frame_count = L.rv_animation_frame_count(h)
            self.phases = _fill("f", self.frame_count, lambda p: L.rv_animation_phases(h, p))
            # The frames every output keys (the view's rule: finite, not negative, increasing phases).
            keyed = _buffer("I", self.frame_count)
            self.key_frames = list(keyed[:L.rv_animation_key_frames(h, _ptr(keyed) if self.frame_count else None)])
            self.bone_names = [_text(L.rv_animation_bone_name(h, i)) for i in range(L.rv_animation_bone_count(h))]
            self.warnings = _lines(L.rv_animation_warning_count(h), lambda i: L.rv_animation_warning(h, i))
        except BaseException:
            self.close()
            raise

    def pose_bytes(self, bone_count):
        """What pose() of `bone_count` bones needs at its peak: the add-on's copy and the library's
        view together, known from the counts before anything is allocated."""
        return self.frame_count * bone_count * (POSE_COPY_BYTES + POSE_LIBRARY_BYTES)

    def pose(self, names, parents, axes=AXES_Z_UP, center=None):
        """(matrices, keyed, dropped): frame_count x len(names) row-major 4x4 (frame-major, 16 floats
        each): what each bone does to the model in that frame, in `axes`; keyed: 1 per bone the
        file names; dropped: how many of the file's bones are not in `names`. `center`: the model
        centre its positions are relative to (autocenter, three numbers), else None."""
        L = lib()
        n = len(names)
        if len(parents) != n or (center is not None and len(center) != 3):
            raise ValueError("pose: one parent per bone and a centre of three numbers")
        encoded = [name.encode("utf-8") for name in names]
        c_names = (_CHARP * max(1, n))(*encoded)
        c_parents = (_I32 * max(1, n))(*parents)
        centre = array.array("f", center) if center is not None else None
        out, keyed = _buffer("f", 16 * n * self.frame_count), _buffer("B", n)
        dropped, err = _U32(), RvError()
        if L.rv_animation_pose(self._h, n, c_names, c_parents, axes, _ptr(centre) if centre else None, _ptr(out),
                               _ptr(keyed), ctypes.byref(dropped), ctypes.byref(err)) != 0:
            raise _failure(err)
        return out, keyed, dropped.value

    def close(self):
        if self._h:
            lib().rv_animation_close(self._h)
            self._h = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
