# The texture verbs end to end on real samples (skipped cleanly without them): `export` to PNG,
# decoded back here with Python's zlib (no image library) and compared with the reference decodes
# of ../shared/samples/textures/reference-decodes.tsv; a hand-known pixel; `info` and `dump --json`;
# and the failures: exit codes, no PNG left behind, an existing PNG kept when an export fails.
# -DRVIMPORT, -DSAMPLES (the samples folder), -DWORK, -DPYTHON (may be empty: pixel checks skipped).
if(DEFINED ENV{RV_SAMPLES_DIR} AND NOT "$ENV{RV_SAMPLES_DIR}" STREQUAL "")
  set(SAMPLES "$ENV{RV_SAMPLES_DIR}")
endif()
set(T ${SAMPLES}/textures)
if(NOT EXISTS ${T}/reference-decodes.tsv)
  message(STATUS "no texture samples under '${SAMPLES}' (RV_SAMPLES_DIR): the texture CLI checks are skipped")
  return()
endif()
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

# A PNG reader in plain Python: chunks, zlib, the five row filters, 8-bit grey, grey and alpha,
# RGB or RGBA (the exporter keeps only the channels the pixels need) widened to RGBA; prints
# "width height fnv1a64(RGBA) r,g,b,a-of-pixel-0 colour-type".
file(WRITE ${WORK}/png.py [=[
import struct, sys, zlib
d = open(sys.argv[1], 'rb').read()
assert d[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat = 8, b''
while pos < len(d):
    n, kind = struct.unpack('>I', d[pos:pos + 4])[0], d[pos + 4:pos + 8]
    body = d[pos + 8:pos + 8 + n]
    pos += 12 + n
    if kind == b'IHDR':
        w, h, depth, colour, _, _, interlace = struct.unpack('>IIBBBBB', body)
        assert depth == 8 and colour in (0, 2, 4, 6) and interlace == 0, 'not 8-bit grey, RGB or with alpha'
    elif kind == b'IDAT':
        idat += body
    elif kind == b'IEND':
        break
n = {0: 1, 2: 3, 4: 2, 6: 4}[colour]
raw, stride, rows, prev, p = zlib.decompress(idat), w * n, bytearray(), bytearray(w * n), 0
for y in range(h):
    f, line = raw[p], bytearray(raw[p + 1:p + 1 + stride])
    p += 1 + stride
    for x in range(stride):
        a = line[x - n] if x >= n else 0
        b = prev[x]
        c = prev[x - n] if x >= n else 0
        if f == 1: line[x] = (line[x] + a) & 255
        elif f == 2: line[x] = (line[x] + b) & 255
        elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
        elif f == 4:
            pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
            line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows += line
    prev = line
pick = {1: (0, 0, 0), 2: (0, 0, 0, 1), 3: (0, 1, 2), 4: (0, 1, 2, 3)}[n]
out = bytearray()
for i in range(0, len(rows), n):
    out += bytes(rows[i + k] for k in pick) + (b'\xff' if n in (1, 3) else b'')
hsh = 0xcbf29ce484222325
for v in out:
    hsh = ((hsh ^ v) * 0x100000001b3) & 0xffffffffffffffff
print(w, h, '%016x' % hsh, ','.join(str(v) for v in out[:4]), colour)
]=])

function(reference path column out)  # a column of reference-decodes.tsv
  file(STRINGS ${T}/reference-decodes.tsv lines REGEX "^${path}\t")
  string(REPLACE "\t" ";" cells "${lines}")
  list(GET cells ${column} v)
  set(${out} ${v} PARENT_SCOPE)
endfunction()

function(png_facts png out)
  if(NOT PYTHON)
    set(${out} "" PARENT_SCOPE)
    return()
  endif()
  execute_process(COMMAND ${PYTHON} ${WORK}/png.py ${png} OUTPUT_VARIABLE facts RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "cannot read ${png}: ${err}")
  endif()
  string(STRIP "${facts}" facts)
  set(${out} "${facts}" PARENT_SCOPE)
endfunction()

function(export_ok expected_facts)  # ARGN: the export's arguments
  execute_process(COMMAND ${RVIMPORT} export ${ARGN} RESULT_VARIABLE rc ERROR_VARIABLE err)
  list(GET ARGN 1 png)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${png})
    message(FATAL_ERROR "export ${ARGN}: rc=${rc} ${err}")
  endif()
  png_facts(${png} facts)
  if(PYTHON AND NOT facts MATCHES "^${expected_facts}")
    message(FATAL_ERROR "export ${ARGN}: the PNG holds '${facts}', expected '${expected_facts}...'")
  endif()
endfunction()

# A _nohq (ZIWS 05 04 02 03, LZO top mip): swizzle undone by default, kept with --raw-channels.
set(nohq paa/DXT5/bmp2_inter_opt_nohq.paa)
reference(${nohq} 5 stored)
reference(${nohq} 7 shown)
export_ok("256 64 ${shown}" ${T}/${nohq} ${WORK}/out/nohq.png)
export_ok("256 64 ${stored}" ${T}/${nohq} ${WORK}/out/nohq_raw.png --raw-channels)
export_ok("64 16 " ${T}/${nohq} ${WORK}/out/nohq_mip2.png --mip 2)
# npot ARGB4444 packed with LZSS; and the 1x1 1555 pixel 0x7fff: white, alpha bit clear (so grey
# and alpha, colour type 4).
reference(paa/ARGB4444/guedel.paa 5 guedel)
export_ok("319 600 ${guedel}" ${T}/paa/ARGB4444/guedel.paa ${WORK}/out/guedel.png)
export_ok("1 1 [0-9a-f]+ 255,255,255,0 4$" ${T}/paa/ARGB1555/PixelSplitterBold10-02.paa ${WORK}/out/pixel.png --mip=0)
export_ok("64 64 " ${T}/paa/DXT5/synthetic_dark.pac ${WORK}/out/dark.bin -f png)

# info and dump --json
execute_process(COMMAND ${RVIMPORT} info ${T}/${nohq} OUTPUT_VARIABLE info RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT info MATCHES "PAA DXT5" OR NOT info MATCHES "256 x 64, 5 mips" OR NOT info MATCHES "ZIWS 05 04 02 03"
   OR NOT info MATCHES "LZO")
  message(FATAL_ERROR "info: rc=${rc} ${info}")
endif()
execute_process(COMMAND ${RVIMPORT} dump --json ${T}/${nohq} OUTPUT_VARIABLE json RESULT_VARIABLE rc)
string(JSON type GET "${json}" type)
string(JSON nmips LENGTH "${json}" mips)
string(JSON storage GET "${json}" mips 0 storage)
string(JSON z GET "${json}" swizzle 0)
if(NOT rc EQUAL 0 OR NOT type STREQUAL "DXT5" OR NOT nmips EQUAL 5 OR NOT storage STREQUAL "LZO" OR NOT z EQUAL 5)
  message(FATAL_ERROR "dump: rc=${rc} ${type} ${nmips} ${storage} ${z}")
endif()

# Failures: a damaged file (exit 1, nothing written, an existing PNG kept), a folder that cannot
# be written (exit 1), usage errors (exit 2); never a temporary file left behind.
file(WRITE ${WORK}/out/keep.png "keep")
execute_process(COMMAND ${RVIMPORT} export ${T}/paa/negative/bad_checksum_argb4444.paa ${WORK}/out/keep.png
                RESULT_VARIABLE rc ERROR_VARIABLE err)
file(READ ${WORK}/out/keep.png kept)
if(NOT rc EQUAL 1 OR NOT kept STREQUAL "keep" OR NOT err MATCHES "^bad_checksum_argb4444.paa: mip 0: .*offset 0x")
  message(FATAL_ERROR "damaged texture: rc=${rc} kept='${kept}' ${err}")
endif()
file(WRITE ${WORK}/a_file "")
execute_process(COMMAND ${RVIMPORT} export ${T}/${nohq} ${WORK}/a_file/x.png RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "unwritable output: rc=${rc}")
endif()
foreach(args "--mip;9" "--mip;-1" "--bogus" "--raw-channels=1")
  execute_process(COMMAND ${RVIMPORT} export ${T}/${nohq} ${WORK}/out/u.png ${args} RESULT_VARIABLE rc ERROR_QUIET)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "export ${args}: rc=${rc}, expected 2")
  endif()
endforeach()
execute_process(COMMAND ${RVIMPORT} export ${T}/${nohq} ${WORK}/out/u.tga RESULT_VARIABLE rc ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "export to .tga: rc=${rc}, expected 2")
endif()
file(GLOB leftovers ${WORK}/out/*.tmp* ${WORK}/out/u.*)
if(leftovers)
  message(FATAL_ERROR "left behind: ${leftovers}")
endif()
