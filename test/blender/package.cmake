# Packs the add-on folder plus librvimport.so into OUT/io_import_rv.zip (zip layout: io_import_rv/...).
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/stage/io_import_rv)
file(GLOB sources ${ADDON}/*.py)
file(COPY ${sources} ${LIB} DESTINATION ${OUT}/stage/io_import_rv)
execute_process(COMMAND ${CMAKE_COMMAND} -E tar cf ${OUT}/io_import_rv.zip --format=zip io_import_rv
                WORKING_DIRECTORY ${OUT}/stage RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "zip failed: ${rc}")
endif()
