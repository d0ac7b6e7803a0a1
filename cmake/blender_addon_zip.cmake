# Packs the Blender add-on with its libraries, two ways (cmake -P; scripts/package_blender_addon.sh
# and the tests call it):
#   OUT/io_import_rv.zip                 the legacy add-on for Blender 3.x (Preferences > Install):
#                                        the io_import_rv/ folder at the zip's root
#   OUT/io_import_rv-<version>.zip       the extension for Blender 4.2+ (Install from Disk, or
#                                        `blender --command extension install-file`):
#                                        blender_manifest.toml at the zip's root
# Both carry lib/linux-x86_64/librvimport.so (LIB) and, when WINDLL names one,
# lib/windows-x86_64/rvimport.dll, where platforms.py looks for the running Blender's library.
# Variables: ADDON (scripts/blender/io_import_rv), LIB, WINDLL (optional), OUT.
file(STRINGS ${ADDON}/blender_manifest.toml version_line REGEX "^version = ")
string(REGEX REPLACE "^version = \"([^\"]+)\"$" "\\1" version "${version_line}")
if(NOT version MATCHES "^[0-9]+\\.[0-9]+\\.[0-9]+$")
  message(FATAL_ERROR "no version in ${ADDON}/blender_manifest.toml: '${version_line}'")
endif()
file(REMOVE_RECURSE ${OUT}/stage)
set(pkg ${OUT}/stage/io_import_rv)
file(MAKE_DIRECTORY ${pkg}/lib/linux-x86_64)
file(GLOB sources ${ADDON}/*.py ${ADDON}/blender_manifest.toml)
file(COPY ${sources} DESTINATION ${pkg})
file(COPY_FILE ${LIB} ${pkg}/lib/linux-x86_64/librvimport.so)
if(WINDLL AND EXISTS ${WINDLL})
  file(MAKE_DIRECTORY ${pkg}/lib/windows-x86_64)
  file(COPY_FILE ${WINDLL} ${pkg}/lib/windows-x86_64/rvimport.dll)
endif()
file(REMOVE ${OUT}/io_import_rv.zip ${OUT}/io_import_rv-${version}.zip)
execute_process(COMMAND ${CMAKE_COMMAND} -E tar cf ${OUT}/io_import_rv.zip --format=zip io_import_rv
                WORKING_DIRECTORY ${OUT}/stage RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "zip failed: ${rc}")
endif()
file(GLOB_RECURSE entries RELATIVE ${pkg} ${pkg}/*)
execute_process(COMMAND ${CMAKE_COMMAND} -E tar cf ${OUT}/io_import_rv-${version}.zip --format=zip ${entries}
                WORKING_DIRECTORY ${pkg} RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "zip failed: ${rc}")
endif()
file(REMOVE_RECURSE ${OUT}/stage)
message(STATUS "${OUT}/io_import_rv.zip (Blender 3.x) and ${OUT}/io_import_rv-${version}.zip (Blender 4.2+)")
