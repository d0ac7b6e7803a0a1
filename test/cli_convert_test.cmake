# End-to-end check of the Assimp-backed CLI verbs: export to every format Assimp lists (each in
# its own process, so an Assimp abort shows up as a failure, every LOD of the demo model), LOD
# picking and the export options, batch over a folder tree with a damaged file and an editable
# (MLOD) file in it, and the decoder's warnings printed by export and batch on real samples.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK}/in/sub/deeper)
execute_process(COMMAND ${MAKE_DEMO} ${WORK}/in/rv_crate.p3d RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rv_make_demo failed: ${rc}")
endif()

execute_process(COMMAND ${RVIMPORT} listext OUTPUT_VARIABLE exts RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT exts MATCHES "\\*\\.p3d" OR NOT exts MATCHES "\\*\\.obj")
  message(FATAL_ERROR "listext: rc=${rc} ${exts}")
endif()
execute_process(COMMAND ${RVIMPORT} knowext p3d RESULT_VARIABLE rc OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "knowext p3d: rc=${rc}")
endif()
execute_process(COMMAND ${RVIMPORT} listexport OUTPUT_VARIABLE ids RESULT_VARIABLE rc)
string(REGEX MATCHALL "[^\n]+" ids "${ids}")
list(LENGTH ids nids)
cmake_policy(SET CMP0057 NEW)
# FBX is offered only where it opens: Assimp 5.4 and later (docs/engines.md).
execute_process(COMMAND ${RVIMPORT} version OUTPUT_VARIABLE version)
string(REGEX MATCH "Assimp ([0-9]+)\\.([0-9]+)\\." _ "${version}")
if(CMAKE_MATCH_1 GREATER 5 OR (CMAKE_MATCH_1 EQUAL 5 AND CMAKE_MATCH_2 GREATER_EQUAL 4))
  set(fbx_in_list TRUE)
else()
  set(fbx_in_list FALSE)
endif()
if("fbx" IN_LIST ids)
  set(fbx_listed TRUE)
else()
  set(fbx_listed FALSE)
endif()
if(NOT rc EQUAL 0 OR nids LESS 10 OR NOT "glb2" IN_LIST ids OR NOT fbx_listed STREQUAL fbx_in_list)
  message(FATAL_ERROR "listexport: rc=${rc} ${ids}")
endif()

file(MAKE_DIRECTORY ${WORK}/all)
foreach(id IN LISTS ids)
  # Assimp 5.2.5's pbrt exporter opens its output by base name in the current directory.
  execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/all/crate_${id} -f ${id} --lod all
                  WORKING_DIRECTORY ${WORK}/all RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/all/crate_${id})
    message(FATAL_ERROR "export -f ${id}: rc=${rc} ${err}")
  endif()
endforeach()

# The format from the extension, as assimp does: .glb -> glb2; one LOD with --lod.
execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/crate.glb --lod first RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/crate.glb)
  message(FATAL_ERROR "export crate.glb: rc=${rc}")
endif()
file(READ ${WORK}/crate.glb magic LIMIT 4 HEX)
if(NOT magic STREQUAL "676c5446")  # "glTF"
  message(FATAL_ERROR "crate.glb is not a binary glTF: '${magic}'")
endif()
execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/crate.unknownext RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 2 OR NOT err MATCHES "cannot tell the output format")
  message(FATAL_ERROR "unknown extension: rc=${rc} ${err}")
endif()
execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/x.glb --lod "View Pilot" RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "no LOD matches 'View Pilot'")
  message(FATAL_ERROR "--lod without a match: rc=${rc} ${err}")
endif()

# --lod defaults to first: an OBJ of the demo model with no --lod holds only LOD 0 ("1.000"; the
# OBJ exporter writes one "g <mesh name>" per mesh and meshes are named after their LOD), and
# --lod all holds every LOD (Memory's points as the mesh "Memory points").
function(obj_groups obj out)
  file(STRINGS ${obj} groups REGEX "^g ")
  list(REMOVE_DUPLICATES groups)
  set(${out} "${groups}" PARENT_SCOPE)
endfunction()
execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/lods/first.obj RESULT_VARIABLE rc ERROR_VARIABLE err)
obj_groups(${WORK}/lods/first.obj groups)
if(NOT rc EQUAL 0 OR NOT groups STREQUAL "g 1.000")
  message(FATAL_ERROR "export with the default --lod: rc=${rc} groups '${groups}' ${err}")
endif()
execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/lods/all.obj --lod all RESULT_VARIABLE rc ERROR_VARIABLE err)
obj_groups(${WORK}/lods/all.obj groups)
if(NOT rc EQUAL 0 OR NOT groups STREQUAL "g 1.000;g ShadowVolume 0;g Geometry;g Memory points")
  message(FATAL_ERROR "export --lod all: rc=${rc} groups '${groups}' ${err}")
endif()

# The new options: accepted with good values, usage errors (exit 2) with bad ones.
execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/lods/off.obj --autocenter off --memory-limit 64
                RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/lods/off.obj)
  message(FATAL_ERROR "--autocenter off --memory-limit 64: rc=${rc} ${err}")
endif()
# --max-memory: sizes with units, plain bytes; below 1 MiB, negative or unknown units refused.
foreach(good "--max-memory;64M" "--max-memory=1.5G" "--max-memory;67108864" "--max-memory;512MiB")
  execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/lods/size.obj ${good}
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "export ${good}: rc=${rc} '${err}'")
  endif()
endforeach()
foreach(bad "--autocenter;maybe" "--memory-limit;0" "--memory-limit;lots" "--autocenter" "--max-memory;0"
            "--max-memory;1K" "--max-memory;-5M" "--max-memory;12X" "--max-memory;lots")
  execute_process(COMMAND ${RVIMPORT} export ${WORK}/in/rv_crate.p3d ${WORK}/lods/bad.obj ${bad}
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "^rvimport export: --(autocenter|memory-limit|max-memory) ")
    message(FATAL_ERROR "export ${bad}: rc=${rc} '${err}'")
  endif()
endforeach()

# Batch: two good copies in a tree, a truncated file, a truncated MLOD (editable models convert
# too, so it fails like any damaged model), and a file that is not ours.
file(COPY ${WORK}/in/rv_crate.p3d DESTINATION ${WORK}/in/sub/deeper)
execute_process(COMMAND head -c 300 ${WORK}/in/rv_crate.p3d OUTPUT_FILE ${WORK}/in/sub/damaged.p3d)
# The backslashes are literal (what CMake 3 wrote for the "\x" it warned about; CMake 4 refuses it).
file(WRITE ${WORK}/in/sub/editable.p3d "MLOD\\x01\\x01\\x00\\x00 not binarized")
file(WRITE ${WORK}/in/readme.txt "not a model")
execute_process(COMMAND ${RVIMPORT} batch ${WORK}/in ${WORK}/out -f glb2 -j 2
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "batch with a damaged file must exit 1, got ${rc}: ${out} ${err}")
endif()
# The failures on stderr with every diagnostic, the totals on stdout.
if(NOT out MATCHES "converted 2, skipped 0, failed 2 of 4 files"
   OR NOT err MATCHES "failed  [^\n]*damaged.p3d: damaged.p3d: [^\n]*offset 0x"
   OR NOT err MATCHES "failed  [^\n]*editable.p3d: editable.p3d: [^\n]*offset 0x")
  message(FATAL_ERROR "batch summary: ${out} ${err}")
endif()
if(NOT EXISTS ${WORK}/out/rv_crate.glb OR NOT EXISTS ${WORK}/out/sub/deeper/rv_crate.glb
   OR EXISTS ${WORK}/out/sub/damaged.glb)
  message(FATAL_ERROR "batch outputs do not mirror the input tree")
endif()

# Terrains: the generated OPRW v25 world (64 x 32 samples, 20 m apart, 24 objects) to glb, to an
# ESRI ASCII grid and to a Terrain Builder object list.
execute_process(COMMAND ${MAKE_DEMO} ${WORK}/crate2.p3d ${WORK}/rv_world.wrp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rv_make_demo with a world failed: ${rc}")
endif()
execute_process(COMMAND ${RVIMPORT} info ${WORK}/rv_world.wrp OUTPUT_VARIABLE info RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT info MATCHES "OPRW version 25" OR NOT info MATCHES "64 x 32 samples, 20 m apart"
   OR NOT info MATCHES "objects +24")
  message(FATAL_ERROR "terrain info: rc=${rc} ${info}")
endif()
execute_process(COMMAND ${RVIMPORT} export ${WORK}/rv_world.wrp ${WORK}/world.glb RESULT_VARIABLE rc ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT EXISTS ${WORK}/world.glb)
  message(FATAL_ERROR "terrain to glb: rc=${rc} ${err}")
endif()
execute_process(COMMAND ${RVIMPORT} export ${WORK}/rv_world.wrp ${WORK}/world.asc RESULT_VARIABLE rc ERROR_VARIABLE err)
file(STRINGS ${WORK}/world.asc asc)
list(LENGTH asc nasc)
list(GET asc 0 l0)
list(GET asc 2 l2)
list(GET asc 4 l4)
list(GET asc 6 first)
string(REPLACE " " ";" first "${first}")
list(LENGTH first ncols)
list(GET first 0 nw)
if(NOT rc EQUAL 0 OR NOT nasc EQUAL 38 OR NOT l0 STREQUAL "ncols 64" OR NOT l2 STREQUAL "xllcenter 200000.000000"
   OR NOT l4 STREQUAL "cellsize 20" OR NOT ncols EQUAL 64)
  message(FATAL_ERROR "world.asc: rc=${rc} lines=${nasc} '${l0}' '${l2}' '${l4}' cols=${ncols} ${err}")
endif()
# The first grid row is the northern edge: sample (0, 31) of the fixture's hills,
# 20 sin(0) cos(2.17) + 31 * 0.25 - 10 = -2.25.
if(NOT nw STREQUAL "-2.25")
  message(FATAL_ERROR "world.asc: north-west sample is ${nw}, expected -2.25")
endif()
execute_process(COMMAND ${RVIMPORT} export ${WORK}/rv_world.wrp ${WORK}/objects.txt --easting 100000 RESULT_VARIABLE rc ERROR_VARIABLE err)
file(STRINGS ${WORK}/objects.txt objects)
list(LENGTH objects nobj)
list(GET objects 1 second)
# Object 1 of the fixture: tree.p3d at x = 1280/24, z = 1280*22/24, yawed 0.5 rad = 28.647890 deg.
if(NOT rc EQUAL 0 OR NOT nobj EQUAL 24 OR NOT second MATCHES "^\"tree\";100053\\.33333[0-9];1173\\.33337[0-9];28\\.6478[89][0-9];0\\.000000;0\\.000000;1\\.1000[0-9]+;")
  message(FATAL_ERROR "objects.txt: rc=${rc} lines=${nobj} '${second}' ${err}")
endif()

# bench: one line per file, then the total line (format only; speed is never asserted here).
execute_process(COMMAND ${RVIMPORT} bench -n 2 ${WORK}/in/rv_crate.p3d ${WORK}/rv_world.wrp OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "rv_crate.p3d +[0-9]+ bytes +best [0-9.]+ ms +[0-9.]+ MB/s"
   OR NOT out MATCHES "rv_world.wrp" OR NOT out MATCHES "total_ms=[0-9.]+")
  message(FATAL_ERROR "bench: rc=${rc} ${out}")
endif()

# Decoder warnings: armake's v68 output with short LODs decodes with "LOD ends 5 bytes early"
# warnings; export prints exactly the warnings info lists, each as "warning: <message>" on stderr,
# and batch lists them per file in its summary. The samples are read in place.
if(DEFINED ENV{RV_SAMPLES_DIR} AND NOT "$ENV{RV_SAMPLES_DIR}" STREQUAL "")
  set(samples "$ENV{RV_SAMPLES_DIR}")
else()
  set(samples "${DEFAULT_SAMPLES_DIR}")
endif()
file(GLOB_RECURSE short_lods "${samples}/generated/armake-v68-short-lods*/*.p3d")
list(SORT short_lods)
if(NOT short_lods)
  message(STATUS "no samples under '${samples}' (RV_SAMPLES_DIR): the warning checks are skipped")
  return()
endif()
list(GET short_lods 0 sample)
# One warning format everywhere (issue 26): info, export to .obj (Assimp) and to .glb (our
# writer), and batch print the same lines, "warning: <input>: <message>", naming the input once.
execute_process(COMMAND ${RVIMPORT} info ${sample} OUTPUT_VARIABLE info ERROR_VARIABLE info_err RESULT_VARIABLE rc)
string(REGEX MATCHALL "[^\n]+" listed "${info_err}")
if(NOT rc EQUAL 0 OR NOT "${listed}" MATCHES "warning: ${sample}: LOD [^;]* ends 5 bytes early")
  message(FATAL_ERROR "info ${sample}: rc=${rc}, expected short-LOD warnings naming the input:\n${info_err}")
endif()
if("${listed}" MATCHES "warning: ${sample}: [^;]*\\.p3d: ")
  message(FATAL_ERROR "info ${sample}: a warning names the file twice:\n${info_err}")
endif()
foreach(ext obj glb)
  execute_process(COMMAND ${RVIMPORT} export ${sample} ${WORK}/warn/sample.${ext} -q RESULT_VARIABLE rc ERROR_VARIABLE err)
  string(REGEX MATCHALL "[^\n]+" printed "${err}")
  if(NOT rc EQUAL 0 OR NOT printed STREQUAL listed)
    message(FATAL_ERROR "export ${sample} to .${ext}: rc=${rc}\nstderr:\n${err}\ninfo's warnings:\n${info_err}")
  endif()
endforeach()
get_filename_component(sample_dir ${sample} DIRECTORY)
foreach(format obj glb2)
  execute_process(COMMAND ${RVIMPORT} batch ${sample_dir} ${WORK}/warn/batch_${format} -f ${format} -j 2
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCHALL "warning: [^\n]+" batch_lines "${err}")  # stderr, as every diagnostic
  list(FILTER batch_lines INCLUDE REGEX "^warning: ${sample}: ")
  if(NOT rc EQUAL 0 OR NOT batch_lines STREQUAL listed)
    message(FATAL_ERROR "batch ${sample_dir} -f ${format}: rc=${rc}, its lines for ${sample}:\n${batch_lines}\ninfo's:\n${listed}\n${out}${err}")
  endif()
endforeach()
list(LENGTH listed warning_count)
message(STATUS "${warning_count} warning lines, the same from info, export .obj/.glb and batch -f obj/glb2")
