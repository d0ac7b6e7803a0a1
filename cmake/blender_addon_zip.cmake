# Packs the Blender add-on with its libraries (cmake -P; scripts/package_blender_addon.sh and the
# build and tests call it):
#   OUT/io_import_rv-<version>-linux-x64.zip    the extension for Blender 4.2+ on Linux (LIB)
#   OUT/io_import_rv-<version>-windows-x64.zip  the same on Windows (WINDLL, when it exists)
#   OUT/io_import_rv.zip                        the legacy add-on for Blender 3.x (Preferences >
#                                               Install): the io_import_rv/ folder at the zip's
#                                               root, with both libraries
# Blender's extensions platform asks for one package per platform: each extension zip carries
# only its platform's library (lib/<os>-x86_64/, where platforms.py looks) and its
# blender_manifest.toml declares only that platform. Every zip has LICENSE (GPL-3.0, the add-on's
# Python and manifest) and NOTICE.txt (which part is under which licence, with the library's MIT).
# Variables: ADDON (scripts/blender/io_import_rv), LIB, WINDLL (optional), OUT.
file(STRINGS ${ADDON}/blender_manifest.toml version_line REGEX "^version = ")
string(REGEX REPLACE "^version = \"([^\"]+)\"$" "\\1" version "${version_line}")
if(NOT version MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
  message(FATAL_ERROR "no version in ${ADDON}/blender_manifest.toml: '${version_line}'")
endif()
file(READ ${ADDON}/blender_manifest.toml manifest)
if(NOT manifest MATCHES "\nplatforms = \\[[^]\n]*\\]\n")
  message(FATAL_ERROR "${ADDON}/blender_manifest.toml has no one-line platforms = [...]")
endif()
set(with_windows FALSE)
if(WINDLL AND EXISTS ${WINDLL})
  set(with_windows TRUE)
endif()
file(GLOB sources ${ADDON}/*.py ${ADDON}/blender_manifest.toml ${ADDON}/LICENSE ${ADDON}/NOTICE.txt)
file(REMOVE ${OUT}/io_import_rv.zip ${OUT}/io_import_rv-${version}.zip ${OUT}/io_import_rv-${version}-linux-x64.zip
     ${OUT}/io_import_rv-${version}-windows-x64.zip)

# `folder` (relative to `dir`) or every file under `dir` into the zip `zip`.
function(rv_zip dir zip)
  if(ARGN)
    set(entries ${ARGN})
  else()
    file(GLOB_RECURSE entries RELATIVE ${dir} ${dir}/*)
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} -E tar cf ${zip} --format=zip ${entries} WORKING_DIRECTORY ${dir}
                  RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "zip ${zip} failed: ${rc}")
  endif()
endfunction()

# The add-on's files and `lib` (as lib/<os>-x86_64/<name>) in a fresh folder `pkg`, with the
# manifest's platforms set to `platforms` (a TOML list's inside).
function(rv_stage pkg platforms)
  file(REMOVE_RECURSE ${pkg})
  file(MAKE_DIRECTORY ${pkg})
  file(COPY ${sources} DESTINATION ${pkg})
  string(REGEX REPLACE "\nplatforms = \\[[^]\n]*\\]\n" "\nplatforms = [${platforms}]\n" staged "${manifest}")
  file(WRITE ${pkg}/blender_manifest.toml "${staged}")
  if(platforms MATCHES "\"linux-x64\"")
    file(MAKE_DIRECTORY ${pkg}/lib/linux-x86_64)
    file(COPY_FILE ${LIB} ${pkg}/lib/linux-x86_64/librvimport.so)
  endif()
  if(platforms MATCHES "\"windows-x64\"")
    file(MAKE_DIRECTORY ${pkg}/lib/windows-x86_64)
    file(COPY_FILE ${WINDLL} ${pkg}/lib/windows-x86_64/rvimport.dll)
  endif()
endfunction()

set(stage ${OUT}/stage)
set(made "")
foreach(os linux windows)
  if(os STREQUAL "windows" AND NOT with_windows)
    continue()
  endif()
  rv_stage(${stage}/${os} "\"${os}-x64\"")
  rv_zip(${stage}/${os} ${OUT}/io_import_rv-${version}-${os}-x64.zip)
  list(APPEND made io_import_rv-${version}-${os}-x64.zip)
endforeach()
set(both "\"linux-x64\"")
if(with_windows)
  set(both "\"linux-x64\", \"windows-x64\"")
endif()
rv_stage(${stage}/legacy/io_import_rv "${both}")
rv_zip(${stage}/legacy ${OUT}/io_import_rv.zip io_import_rv)
file(REMOVE_RECURSE ${stage})
list(JOIN made ", " made)
message(STATUS "${OUT}: ${made} (Blender 4.2+) and io_import_rv.zip (Blender 3.x)")
