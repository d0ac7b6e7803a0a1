# End-to-end check of the rvimport CLI on the generated demo model and on bad input: the verbs
# that need no Assimp (info, dump, help), so it runs in an Assimp-free build too (WITH_ASSIMP=OFF
# then also checks that the Assimp verbs refuse cleanly).
file(MAKE_DIRECTORY ${WORK})
execute_process(COMMAND ${MAKE_DEMO} ${WORK}/rv_crate.p3d ${WORK}/rv_world.wrp RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "rv_make_demo failed: ${rc}")
endif()

execute_process(COMMAND ${RVIMPORT} dump --json ${WORK}/rv_crate.p3d OUTPUT_VARIABLE json RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "dump failed: ${rc}")
endif()
string(JSON sig GET "${json}" signature)
string(JSON ver GET "${json}" version)
string(JSON nlods LENGTH "${json}" lods)
string(JSON name1 GET "${json}" lods 1 name)
string(JSON nverts LENGTH "${json}" lods 0 positions)
string(JSON x GET "${json}" lods 0 positions 0 0)
string(JSON sel GET "${json}" lods 0 selections 0 name)
string(JSON proxy GET "${json}" lods 0 proxies 0 path)
if(NOT sig STREQUAL "ODOL" OR NOT ver EQUAL 73 OR NOT nlods EQUAL 4 OR NOT name1 STREQUAL "ShadowVolume 0"
   OR NOT nverts EQUAL 48 OR NOT x STREQUAL "0.5" OR NOT sel STREQUAL "lid"
   OR NOT proxy STREQUAL "\\rv\\demo\\proxies\\lamp.p3d")
  message(FATAL_ERROR "unexpected dump: ${sig} ${ver} ${nlods} ${name1} ${nverts} ${x} ${sel} ${proxy}")
endif()

execute_process(COMMAND ${RVIMPORT} info ${WORK}/rv_crate.p3d OUTPUT_VARIABLE info RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT info MATCHES "ODOL version 73" OR NOT info MATCHES "Memory")
  message(FATAL_ERROR "info failed: ${rc} ${info}")
endif()

# Damaged input: exit code 1 and one line on stderr naming the file and an offset.
execute_process(COMMAND head -c 200 ${WORK}/rv_crate.p3d OUTPUT_FILE ${WORK}/cut.p3d)
execute_process(COMMAND ${RVIMPORT} dump --json ${WORK}/cut.p3d OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT err MATCHES "^cut.p3d: .*offset 0x")
  message(FATAL_ERROR "damaged file: rc=${rc} err=${err}")
endif()
execute_process(COMMAND ${RVIMPORT} frobnicate RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "unknown verb: rc=${rc}")
endif()

# dump --json --pretty: the same JSON as the compact dump, indented by two spaces with one key per
# line; arrays of numbers stay on one line. The compact dump stays one line.
foreach(input rv_crate.p3d rv_world.wrp)
  execute_process(COMMAND ${RVIMPORT} dump --json ${WORK}/${input} OUTPUT_VARIABLE compact RESULT_VARIABLE rc1)
  execute_process(COMMAND ${RVIMPORT} dump --json --pretty ${WORK}/${input} OUTPUT_VARIABLE pretty RESULT_VARIABLE rc2)
  if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
    message(FATAL_ERROR "dump ${input}: rc=${rc1} pretty rc=${rc2}")
  endif()
  string(JSON same ERROR_VARIABLE jerr EQUAL "${compact}" "${pretty}")
  if(NOT same)
    message(FATAL_ERROR "dump --pretty ${input} is not the same JSON as dump: ${jerr}")
  endif()
  string(STRIP "${compact}" stripped)
  if(stripped MATCHES "\n")
    message(FATAL_ERROR "compact dump of ${input} spans several lines")
  endif()
  if(NOT pretty MATCHES "^{\n  \"signature\": \"[A-Z0-9]+\",\n  \"version\": [0-9]+,\n")
    message(FATAL_ERROR "dump --pretty ${input} is not indented one key per line:\n${pretty}")
  endif()
endforeach()
# Model specifics: a LOD object two levels deep, and each position as one line of numbers.
execute_process(COMMAND ${RVIMPORT} dump --json --pretty ${WORK}/rv_crate.p3d OUTPUT_VARIABLE pretty)
if(NOT pretty MATCHES "\n  \"lods\": \\[\n    {\n      \"resolution\": 1,\n      \"name\": \"1.000\",\n"
   OR NOT pretty MATCHES "\n      \"positions\": \\[\n        \\[0\\.5, -?[0-9.e-]+, -?[0-9.e-]+\\],\n")
  message(FATAL_ERROR "dump --pretty rv_crate.p3d layout:\n${pretty}")
endif()
execute_process(COMMAND ${RVIMPORT} info --pretty ${WORK}/rv_crate.p3d RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "info --pretty must be a usage error: rc=${rc}")
endif()

# help names the options of the converting verbs.
execute_process(COMMAND ${RVIMPORT} help OUTPUT_VARIABLE help RESULT_VARIABLE rc)
foreach(flag --pretty --lod --autocenter --max-memory --memory-limit --selections-as-bones --via-assimp --terrain-step
             --region --tile-cells --instancing --quantize --target --data-root)
  if(NOT rc EQUAL 0 OR NOT help MATCHES "${flag}")
    message(FATAL_ERROR "help: rc=${rc}, no ${flag}:\n${help}")
  endif()
endforeach()

# Without Assimp: the terrain exports and the glTF writer of our own still work, the Assimp
# verbs and formats refuse with exit 2.
if(DEFINED WITH_ASSIMP AND NOT WITH_ASSIMP)
  execute_process(COMMAND ${RVIMPORT} export ${WORK}/rv_crate.p3d ${WORK}/crate.glb RESULT_VARIABLE rc ERROR_VARIABLE err)
  file(READ ${WORK}/crate.glb magic LIMIT 4 HEX)
  if(NOT rc EQUAL 0 OR NOT magic STREQUAL "676c5446")  # "glTF"
    message(FATAL_ERROR "glb export without Assimp: rc=${rc} '${magic}' '${err}'")
  endif()
  execute_process(COMMAND ${RVIMPORT} export ${WORK}/rv_crate.p3d ${WORK}/crate.fbx RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err STREQUAL "rvimport: built without Assimp; export to fbx is not available\n")
    message(FATAL_ERROR "fbx export without Assimp: rc=${rc} '${err}'")
  endif()
  execute_process(COMMAND ${RVIMPORT} batch ${WORK} ${WORK}/out -f fbx RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "built without Assimp; export to fbx is not available")
    message(FATAL_ERROR "batch without Assimp: rc=${rc} '${err}'")
  endif()
  execute_process(COMMAND ${RVIMPORT} listext RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 2 OR NOT err MATCHES "built without Assimp")
    message(FATAL_ERROR "listext without Assimp: rc=${rc} '${err}'")
  endif()
  execute_process(COMMAND ${RVIMPORT} export ${WORK}/rv_world.wrp ${WORK}/world.asc RESULT_VARIABLE rc ERROR_VARIABLE err)
  file(STRINGS ${WORK}/world.asc asc LIMIT_COUNT 1)
  if(NOT rc EQUAL 0 OR NOT asc STREQUAL "ncols 64")
    message(FATAL_ERROR "terrain .asc without Assimp: rc=${rc} '${asc}' ${err}")
  endif()
endif()
