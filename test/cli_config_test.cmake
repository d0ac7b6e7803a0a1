# The config verbs end to end: `info` and `dump --json` on a config.cpp written here, on damaged
# input and a texHeaders.bin, then on real .rvmat samples (the rapified AGM M84 and its text twin,
# values read by eye from the files). The sample part is skipped, and the test reported skipped,
# when the samples are absent. -DRVIMPORT, -DSAMPLES (the samples folder), -DWORK.
file(REMOVE_RECURSE ${WORK})
file(MAKE_DIRECTORY ${WORK})

function(run_ok out)
  execute_process(COMMAND ${RVIMPORT} ${ARGN} OUTPUT_VARIABLE o ERROR_VARIABLE e RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "rvimport ${ARGN}: rc=${rc}\n${e}")
  endif()
  set(${out} "${o}" PARENT_SCOPE)
endfunction()

# CMake re-prints a JSON number as a double (0.1 -> 0.10000000000000001), so numbers that are not
# exact in binary are checked in the dump's own text with expect_text.
function(expect_text json pattern)
  if(NOT json MATCHES "${pattern}")
    message(FATAL_ERROR "no '${pattern}' in:\n${json}")
  endif()
endfunction()

function(expect_json json want)
  string(JSON got GET "${json}" ${ARGN})
  if(NOT got STREQUAL want)
    message(FATAL_ERROR "JSON ${ARGN}: '${got}', expected '${want}'")
  endif()
endfunction()

# ---- a text config of our own ----
file(WRITE ${WORK}/config.cpp [=[
class CfgPatches { class my_addon { units[] = {}; requiredVersion = 1.0; version = 0.8.0; }; };
class Base;
class Derived: Base { list[] = {1, {2, "two ""quoted"""}}; list[] += {3}; };
delete Gone;
]=])
run_ok(json dump --json ${WORK}/config.cpp)
expect_json("${json}" "text" format)
expect_json("${json}" "0.8.0" root entries CfgPatches entries my_addon entries version)
expect_json("${json}" "1" root entries CfgPatches entries my_addon entries requiredVersion)
expect_json("${json}" "Base" root entries Derived base)
expect_json("${json}" "two \"quoted\"" root entries Derived entries list 1 1)
expect_json("${json}" "3" root entries Derived entries list+= 0)
expect_json("${json}" "ON" root entries Base external)
expect_json("${json}" "ON" root entries Gone delete)
string(JSON nwarn LENGTH "${json}" warnings)
if(NOT nwarn EQUAL 0)
  message(FATAL_ERROR "config.cpp: ${nwarn} warnings:\n${json}")
endif()
run_ok(info info ${WORK}/config.cpp)
if(NOT info MATCHES "format         text config\n"
   OR NOT info MATCHES "entries        3 classes, 2 values, 2 arrays, 1 array appends, 1 external, 1 deletes\n"
   OR NOT info MATCHES "  class          Derived: Base \\(2 entries\\)\n")
  message(FATAL_ERROR "info config.cpp:\n${info}")
endif()

# ---- failures: one line naming the file, the structure, the line and the offset; exit 1 ----
file(WRITE ${WORK}/broken.rvmat "class A { x = 1;")
execute_process(COMMAND ${RVIMPORT} info ${WORK}/broken.rvmat OUTPUT_VARIABLE o ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT err STREQUAL "broken.rvmat: class A: line 1, column 17: expected '}' closing class A, found the end of the file (at offset 0x10)\n")
  message(FATAL_ERROR "broken.rvmat: rc=${rc} err=${err}")
endif()
file(WRITE ${WORK}/texHeaders.bin "0DHT....")
execute_process(COMMAND ${RVIMPORT} dump --json ${WORK}/texHeaders.bin OUTPUT_VARIABLE o ERROR_VARIABLE err RESULT_VARIABLE rc)
if(NOT rc EQUAL 1 OR NOT err MATCHES "^texHeaders.bin: .*0DHT.* not a config")
  message(FATAL_ERROR "texHeaders.bin: rc=${rc} err=${err}")
endif()

# ---- real materials ----
if(DEFINED ENV{RV_SAMPLES_DIR} AND NOT "$ENV{RV_SAMPLES_DIR}" STREQUAL "")
  set(SAMPLES "$ENV{RV_SAMPLES_DIR}")
endif()
set(T ${SAMPLES}/textures)
if(NOT EXISTS ${T}/rvmat/text/agm_m84.rvmat)
  message(STATUS "no texture samples under '${SAMPLES}' (RV_SAMPLES_DIR): the config CLI sample checks are skipped")
  return()
endif()

set(rap ${T}/data-root/agm_grenades/data/agm_m84.rvmat)
run_ok(json dump --json ${rap})
expect_json("${json}" "rapified" format)
expect_json("${json}" "9" root entries Stage2 entries uvTransform entries aside 1)
expect_json("${json}" "4.5" root entries Stage2 entries uvTransform entries up 0)
expect_json("${json}" "Super" material pixel_shader)
expect_text("${json}" "\"specular\":\\[0.1,0.1,0.1,1\\],\"specular_power\":95,")
expect_json("${json}" "95" material specular_power)
expect_json("${json}" "Stage2" material stages 1 class)
expect_json("${json}" "#(argb,8,8,3)color(0.5,0.5,0.5,1,DT)" material stages 1 texture)
expect_json("${json}" "a3\\data_f\\env_land_co.paa" material stages 6 texture)
string(JSON nstages LENGTH "${json}" material stages)
if(NOT nstages EQUAL 7)
  message(FATAL_ERROR "agm_m84.rvmat: ${nstages} stages")
endif()

# The text twin dumps the same tree; --pretty is the same JSON.
string(JSON rap_root GET "${json}" root)
run_ok(text_json dump --json ${T}/rvmat/text/agm_m84.rvmat)
expect_json("${text_json}" "text" format)
string(JSON text_root GET "${text_json}" root)
string(JSON same EQUAL "${rap_root}" "${text_root}")
if(NOT same)
  message(FATAL_ERROR "agm_m84.rvmat: the rapified and text trees differ")
endif()
run_ok(pretty dump --json --pretty ${rap})
string(JSON same EQUAL "${json}" "${pretty}")
if(NOT same OR NOT pretty MATCHES "^{\n  \"source\": \"agm_m84.rvmat\",\n  \"format\": \"rapified\",\n")
  message(FATAL_ERROR "dump --pretty agm_m84.rvmat:\n${pretty}")
endif()

run_ok(info info ${rap})
foreach(line
    "format         rvmat material, rapified config \\(raP\\)"
    "pixel shader   Super"
    "specular       0.1 0.1 0.1 1"
    "specularPower  95"
    "stages \\(7\\)"
    "  Stage2   tex    #\\(argb,8,8,3\\)color\\(0.5,0.5,0.5,1,DT\\)"
    "                  procedural colour 0.5 0.5 0.5 1 \\(DT\\)"
    "                  uvTransform aside 0 9 0, up 4.5 0 0, dir 0 0 0, pos 0 0 0"
    "                  procedural fresnel\\(\\): not generated"
    "warnings \\(0\\)")
  if(NOT info MATCHES "(^|\n)${line}\n")
    message(FATAL_ERROR "info agm_m84.rvmat has no line '${line}':\n${info}")
  endif()
endforeach()

# Keys keep their spelling ("Ambient[]") and are read case-insensitively.
run_ok(json dump --json ${T}/rvmat/text/acre_antennabag.rvmat)
expect_text("${json}" "\"Ambient\":\\[0.9,0.9,0.9,1\\]")
expect_text("${json}" "\"ambient\":\\[0.9,0.9,0.9,1\\]")
expect_json("${json}" "NormalMap" material pixel_shader)
