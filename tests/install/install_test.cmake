# Installs the build tree into a scratch prefix, then builds and runs the
# CANN-style host sample against it three ways:
#   (a) a CMake project: find_package(asctwin) + asctwin::asctwin (and the static target);
#   (b) plain compiler flags from `pkg-config --cflags --libs asctwin`;
#   (c) the CANN library names: -lascendcl -lnnopbase -lopapi.
# Every build uses -Wall -Wextra -Werror plus the calling build's CXX flags (so
# that a sanitizer build checks the consumer under the same sanitizers).
#
# Inputs (-D): BUILD_DIR PREFIX WORK_DIR SAMPLE CONSUMER_DIR CXX CXX_FLAGS
#              LINKER_FLAGS LIBDIR INCLUDEDIR GENERATOR MAKE_PROGRAM
cmake_minimum_required(VERSION 3.25)

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${ARGN}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

function(run_sample what exe)
  run("${what}: running ${exe}" ${exe})
  if(NOT run_output MATCHES "host sample finished: all checks passed")
    message(FATAL_ERROR "${what}: the sample did not pass:\n${run_output}")
  endif()
  message(STATUS "${what}: sample ran and passed")
endfunction()

separate_arguments(cxx_flags UNIX_COMMAND "${CXX_FLAGS}")
separate_arguments(linker_flags UNIX_COMMAND "${LINKER_FLAGS}")
set(warnings -Wall -Wextra -Werror)

file(REMOVE_RECURSE "${PREFIX}" "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")

run("install" ${CMAKE_COMMAND} --install "${BUILD_DIR}" --prefix "${PREFIX}")
foreach(f "${LIBDIR}/libasctwin.so" "${LIBDIR}/libasctwin.a" "${LIBDIR}/libascendcl.so"
          "${LIBDIR}/libnnopbase.so" "${LIBDIR}/libopapi.so" "${LIBDIR}/pkgconfig/asctwin.pc"
          "${LIBDIR}/cmake/asctwin/asctwinConfig.cmake" "${INCLUDEDIR}/asctwin/acl/acl.h"
          "${INCLUDEDIR}/asctwin/aclnn/aclnn_base.h" "${INCLUDEDIR}/asctwin/asctwin/asctwin_ext.h")
  if(NOT EXISTS "${PREFIX}/${f}")
    message(FATAL_ERROR "install: ${PREFIX}/${f} is missing")
  endif()
endforeach()

# (a) find_package
run("(a) configure" ${CMAKE_COMMAND} -S "${CONSUMER_DIR}" -B "${WORK_DIR}/cmake"
    -G "${GENERATOR}" "-DCMAKE_MAKE_PROGRAM=${MAKE_PROGRAM}" -DCMAKE_BUILD_TYPE=Debug
    "-DCMAKE_PREFIX_PATH=${PREFIX}" "-DCMAKE_CXX_COMPILER=${CXX}" "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}"
    "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}" "-DSAMPLE_SOURCE=${SAMPLE}")
run("(a) build" ${CMAKE_COMMAND} --build "${WORK_DIR}/cmake")
run_sample("(a) find_package, shared" "${WORK_DIR}/cmake/app")
run_sample("(a) find_package, static" "${WORK_DIR}/cmake/app_static")

# (b) pkg-config
find_program(PKG_CONFIG pkg-config REQUIRED)
set(ENV{PKG_CONFIG_PATH} "${PREFIX}/${LIBDIR}/pkgconfig")
run("(b) pkg-config" ${PKG_CONFIG} --cflags --libs asctwin)
string(STRIP "${run_output}" pc_flags)
message(STATUS "(b) pkg-config --cflags --libs asctwin: ${pc_flags}")
separate_arguments(pc_flags UNIX_COMMAND "${pc_flags}")
run("(b) compile and link" ${CXX} ${cxx_flags} ${warnings} "${SAMPLE}" -o "${WORK_DIR}/app_pc"
    ${pc_flags} ${linker_flags})
run_sample("(b) pkg-config" "${WORK_DIR}/app_pc")

# (c) CANN library names
run("(c) compile and link" ${CXX} ${cxx_flags} ${warnings} "-I${PREFIX}/${INCLUDEDIR}/asctwin"
    "${SAMPLE}" -o "${WORK_DIR}/app_cann" "-L${PREFIX}/${LIBDIR}" "-Wl,-rpath,${PREFIX}/${LIBDIR}"
    -lascendcl -lnnopbase -lopapi ${linker_flags})
run_sample("(c) -lascendcl -lnnopbase -lopapi" "${WORK_DIR}/app_cann")
