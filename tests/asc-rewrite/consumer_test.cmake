# cmake -P consumer_test.cmake: installs the asctwin build tree into a scratch
# prefix, then configures, builds and runs consumer/ against the installed
# package (find_package(asctwin) + asctwin_add_asc_executable()).
# Inputs: ASCTWIN_BUILD_DIR, WORK_DIR, SOURCE_DIR, GENERATOR, CXX_COMPILER,
# BUILD_TYPE, CXX_FLAGS, LINKER_FLAGS.
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

run("install" ${CMAKE_COMMAND} --install "${ASCTWIN_BUILD_DIR}" --prefix "${WORK_DIR}/prefix")
run("consumer configure" ${CMAKE_COMMAND} -S "${SOURCE_DIR}/consumer" -B "${WORK_DIR}/build"
  -G "${GENERATOR}" "-DCMAKE_PREFIX_PATH=${WORK_DIR}/prefix"
  "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}" "-DCMAKE_BUILD_TYPE=${BUILD_TYPE}"
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}"
  "-DASC_SAMPLE_DIR=${SOURCE_DIR}/sample")
run("consumer build" ${CMAKE_COMMAND} --build "${WORK_DIR}/build")
if(NOT last_output MATCHES "Rewriting Ascend C source add_custom.asc")
  message(FATAL_ERROR "the .asc source was not rewritten by the build:\n${last_output}")
endif()
run("consumer run" "${WORK_DIR}/build/consumer_app")
message("${last_output}")
if(NOT last_output MATCHES "PASS")
  message(FATAL_ERROR "consumer_app did not pass")
endif()
