# SPDX-FileCopyrightText: 2026 the rvimport contributors
# SPDX-License-Identifier: GPL-3.0-or-later
"""The library's lines as Blender users read them. The library is shared with the command line, so
its refusals and hints name commands and options (`rvimport pbo list`, --include-root) that
Blender has no use for; blender_text() says the same in the add-on's terms."""
import re

_IMPORTS = "Blender imports models (.p3d), terrains (.wrp), textures (.paa, .pac) and animations (.rtm)"

# What to do with a file of each kind (the library's fileKindName), in the add-on's menus.
_KIND_ADVICE = {
    "a model": "import it with File > Import > Arma/OFP model (.p3d)",
    "a terrain": "import it with File > Import > Arma/OFP terrain (.wrp)",
    "a texture": "open it with File > Import > Arma/OFP texture (.paa, .pac)",
    "an animation": "select an armature, then use File > Import > Real Virtuality Animation (.rtm)",
    "a config": _IMPORTS + "; a config retextures a model through the model import's Config and Class",
    "a PBO archive": _IMPORTS + ", not archives: set the Data Root to the folder of PBOs so that models find "
                     "their textures in it, or unpack it",
    "an unknown file": _IMPORTS,
}
_KINDS = "|".join(re.escape(k) for k in _KIND_ADVICE)

# The door's refusal of a file of another kind ("NAME is a PBO archive: use `rvimport pbo list`...")
# and its refusal of a non-animation given as one ("..., not an animation: --animation takes...").
_REFUSAL = re.compile(r"^(.*) is (%s): (?:use `rvimport|an animation is not exported|rvimport reads)" % _KINDS,
                      re.DOTALL)
_NOT_ANIMATION = re.compile(r"^(.*) is (%s), not an animation: --animation takes" % _KINDS, re.DOTALL)

# Command-line options inside longer lines (include-root hints, retexturing, warning caps).
_OPTIONS = [
    (re.compile(r"give --include-root (.+) \(or that data root\)"), r"set the Data Root to \1"),
    (re.compile(r"the include root, --include-root or the data root, is"), "the Data Root is"),
    (re.compile(r"give --include-root DIR or the data root, the folder"), "set the Data Root to the folder"),
    (re.compile(r"\(give --include-root DIR\)"), "(set the Data Root)"),
    (re.compile(r"\(--config FILE --class NAME\)"), "(the model import's Config and Class)"),
    (re.compile(r"the data root \(--data-root DIR, RV_IMPORT_DATA_ROOT, or the Blender add-on's Data Root\)"),
     "the Data Root"),
    (re.compile(r"; --verbose lists them all"), ""),
]


def blender_text(line):
    """`line` (a library error or warning) without command-line advice."""
    m = _REFUSAL.match(line)
    if m:
        return "%s is %s: %s" % (m.group(1), m.group(2), _KIND_ADVICE[m.group(2)])
    m = _NOT_ANIMATION.match(line)
    if m:
        return ("%s is %s, not an animation: an .rtm starts with RTM_0101, RTM_MDAT or BMTR at offset 0x0"
                % (m.group(1), m.group(2)))
    for pattern, replacement in _OPTIONS:
        line = pattern.sub(replacement, line)
    return line
