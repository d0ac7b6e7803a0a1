# The Windows test programs (cross build, scripts/build-windows.sh): the decoder's and the view's
# GoogleTest suite and the plain C test of the C ABI, built as .exe and run by ctest through Wine
# (CMAKE_CROSSCOMPILING_EMULATOR). Left out, because they need liblzo2 (the tests' GPL reference
# compressor, which has no Windows build here): the LZO round trips (test_lzo), the writer
# fixtures packed with LZO (test_odol_fixtures, test_wrp_fixtures, test_paa_lzo) and the demo
# generator; the Windows tests read the demo files the Linux build wrote. Also left out: the
# libsquish DXT oracle (test_paa_squish). Everything else runs, on the same real samples with the
# same expected values.
set(gtest_force_shared_crt ON CACHE BOOL "" FORCE)
set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
set(BUILD_GMOCK OFF CACHE BOOL "" FORCE)
add_subdirectory(/usr/src/googletest ${CMAKE_CURRENT_BINARY_DIR}/googletest EXCLUDE_FROM_ALL)

add_library(rv_testkit STATIC
  support/samples.cpp
  support/lzss_encoder.cpp
  support/odol_writer.cpp
  support/odol7_writer.cpp
  support/model_compare.cpp
  support/wrp_writer.cpp
)
target_include_directories(rv_testkit PUBLIC ${CMAKE_CURRENT_SOURCE_DIR} ${PROJECT_SOURCE_DIR}/code)
target_link_libraries(rv_testkit PUBLIC rvimport_decoder gtest)
# Wine maps the Unix root to drive Z:, so the Linux path of the samples works unchanged.
target_compile_definitions(rv_testkit PRIVATE RV_DEFAULT_SAMPLES_DIR="${PROJECT_SOURCE_DIR}/../shared/samples")

add_executable(rv_tests
  test_byte_reader.cpp
  test_lzss.cpp
  test_odol_samples.cpp
  test_odol_values.cpp
  test_odol7.cpp
  test_odol_errors.cpp
  test_lod_names.cpp
  test_damage_real.cpp
  test_wrp_samples.cpp
  test_view.cpp
  test_view_rules.cpp
  test_pbo.cpp
  test_data_root_lazy.cpp
  test_windows_paths.cpp
  test_paa_samples.cpp
  test_paa_synthetic.cpp
  test_paa_damage.cpp
  test_config_text.cpp
  test_config_rap.cpp
  test_rvmat_samples.cpp
  test_rvmat_procedural.cpp
  test_texture_cache.cpp
)
target_link_libraries(rv_tests PRIVATE rv_testkit rvimport_view gtest_main)
# Test code at -O1, as in the Linux build (test/CMakeLists.txt, rv_test_code).
target_compile_options(rv_tests PRIVATE $<$<CONFIG:Release,RelWithDebInfo,MinSizeRel>:-O1>)
# Two ctest entries, each a gtest shard of the whole program (not one entry per case: every Wine
# process start costs seconds), so that scripts/build-windows.sh runs them on two cores.
foreach(_rv_shard 0 1)
  add_test(NAME windows_rv_tests_${_rv_shard} COMMAND rv_tests --gtest_brief=1)
  set_tests_properties(windows_rv_tests_${_rv_shard} PROPERTIES TIMEOUT 1800
                       ENVIRONMENT "GTEST_TOTAL_SHARDS=2;GTEST_SHARD_INDEX=${_rv_shard}")
endforeach()

# The plain C test of the C ABI against rvimport.dll (copied beside it: Windows finds DLLs in the
# program's folder). The demo files come from the Linux rv_make_demo, which scripts/build-windows.sh
# runs into build-windows/demo/ first (it needs liblzo2 to write the LZO-packed world).
add_executable(capi_c_test capi/capi_c_test.c)
set_target_properties(capi_c_test PROPERTIES C_STANDARD 99 C_STANDARD_REQUIRED ON C_EXTENSIONS OFF)
target_compile_definitions(capi_c_test PRIVATE RV_EXPECTED_VERSION="${PROJECT_VERSION}")
target_compile_options(capi_c_test PRIVATE -Wall -Wextra -Wpedantic -Wshadow)
target_link_libraries(capi_c_test PRIVATE rvimport_capi)
add_custom_command(TARGET capi_c_test POST_BUILD
  COMMAND ${CMAKE_COMMAND} -E copy_if_different $<TARGET_FILE:rvimport_capi> $<TARGET_FILE_DIR:capi_c_test>)
set(RV_WIN_DEMO ${PROJECT_BINARY_DIR}/demo)
file(MAKE_DIRECTORY ${RV_WIN_DEMO}/work)
add_test(NAME windows_capi_c_test
  COMMAND capi_c_test ${RV_WIN_DEMO}/rv_crate.p3d ${RV_WIN_DEMO}/rv_world.wrp
          ${PROJECT_SOURCE_DIR}/../shared/samples ${RV_WIN_DEMO}/work)
set_tests_properties(windows_capi_c_test PROPERTIES TIMEOUT 1800)

# rvimport.exe's `pbo extract` and `pbo list` (issue 29): names Windows cannot hold, a link in DIR
# (a reparse point to Wine), escaped control bytes. Wine is called by the script (a Python test
# on the host), not through the emulator.
find_program(RV_HOST_PYTHON3 python3)
if(RV_WINE64 AND RV_HOST_PYTHON3)
  add_test(NAME windows_cli_pbo
    COMMAND ${RV_HOST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/windows_cli_pbo_test.py ${RV_WINE64}
            $<TARGET_FILE:rvimport_cli> ${CMAKE_CURRENT_BINARY_DIR}/windows_cli_pbo)
  set_tests_properties(windows_cli_pbo PROPERTIES TIMEOUT 600)
endif()

# rvimport.exe's `batch` (issue 41) on hostile input under Wine: a damaged model, names Windows
# reserves, a name past 255 bytes, an entry climbing out, an output folder it cannot write.
if(RV_WINE64 AND RV_HOST_PYTHON3 AND RV_WITH_ASSIMP)
  add_test(NAME windows_cli_batch
    COMMAND ${RV_HOST_PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/windows_cli_batch_test.py ${RV_WINE64}
            $<TARGET_FILE:rvimport_cli> ${RV_WIN_DEMO}/rv_crate.p3d ${CMAKE_CURRENT_BINARY_DIR}/windows_cli_batch)
  set_tests_properties(windows_cli_batch PROPERTIES TIMEOUT 900)
endif()
