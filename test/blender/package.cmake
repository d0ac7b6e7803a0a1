# Packs the add-on folder plus the libraries into OUT/io_import_rv.zip, laid out as the release
# zip is (scripts/package_blender_addon.sh): io_import_rv/lib/linux-x86_64/librvimport.so and,
# when WINDLL names one, io_import_rv/lib/windows-x86_64/rvimport.dll.
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/stage/io_import_rv/lib/linux-x86_64)
file(GLOB sources ${ADDON}/*.py)
file(COPY ${sources} DESTINATION ${OUT}/stage/io_import_rv)
file(COPY_FILE ${LIB} ${OUT}/stage/io_import_rv/lib/linux-x86_64/librvimport.so)
if(WINDLL AND EXISTS ${WINDLL})
  file(MAKE_DIRECTORY ${OUT}/stage/io_import_rv/lib/windows-x86_64)
  file(COPY_FILE ${WINDLL} ${OUT}/stage/io_import_rv/lib/windows-x86_64/rvimport.dll)
endif()
execute_process(COMMAND ${CMAKE_COMMAND} -E tar cf ${OUT}/io_import_rv.zip --format=zip io_import_rv
                WORKING_DIRECTORY ${OUT}/stage RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "zip failed: ${rc}")
endif()
