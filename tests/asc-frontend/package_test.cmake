# cmake -P package_test.cmake: installs the asctwin build tree into a scratch
# prefix once, then builds and runs small projects against it:
#  (a) packages/consumer: find_package(asctwin) + asctwin_add_asc_executable;
#  (b) packages/asc_project: find_package(ASC) before project(LANGUAGES ASC CXX);
#      .asc + .cpp, a STATIC .asc library, -dc separate compilation,
#      ascendc_library(SHARED), the default run mode;
#  then moves the prefix (everything in it must be relocatable) and
#  (c, d, e) runs packages/env_projects.sh: `source <prefix>/set_env.sh`, the
#      CANN home layout, the legacy ascendc.cmake flow and find_package(AICPU)
#      with no CMAKE_PREFIX_PATH;
#  (f) packages/modes: CMAKE_ASC_ARCHITECTURES=dav-3510 and a bad
#      CMAKE_ASC_RUN_MODE fail at configure time, CMAKE_ASC_RUN_MODE=cpu
#      defines ASCENDC_CPU_DEBUG.
# Inputs: ASCTWIN_BUILD_DIR, WORK_DIR, SOURCE_DIR (tests/asc-frontend),
# GENERATOR, CXX_COMPILER, CXX_FLAGS, LINKER_FLAGS.
cmake_minimum_required(VERSION 3.25)
file(REMOVE_RECURSE "${WORK_DIR}")
file(MAKE_DIRECTORY "${WORK_DIR}")
set(projects "${SOURCE_DIR}/packages")

# The projects must find asctwin only where this test says.
foreach(var CMAKE_PREFIX_PATH ASCEND_HOME_PATH ASCEND_TOOLKIT_HOME ASCEND_INSTALL_PATH
    ASCEND_OPP_PATH ASCTWIN_HOME ASCFLAGS ASC AICPU)
  unset(ENV{${var}})
endforeach()

function(run what)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${what} failed (${rc}):\n${out}")
  endif()
  set(last_output "${out}" PARENT_SCOPE)
endfunction()

# Runs a built program and checks that its output matches `expected`.
function(expect_run what program expected)
  run("${what}" "${program}")
  if(NOT last_output MATCHES "${expected}")
    message(FATAL_ERROR "${what}: expected output matching '${expected}', got:\n${last_output}")
  endif()
  message(STATUS "${what}: ${last_output}")
endfunction()

# The configure options every project gets: this build's compiler and flags
# (sanitizers included) for C++, ASC and AICPU sources.
set(flags
  -G "${GENERATOR}" "-DCMAKE_CXX_COMPILER=${CXX_COMPILER}"
  "-DCMAKE_CXX_FLAGS=${CXX_FLAGS}" "-DCMAKE_ASC_FLAGS=${CXX_FLAGS}" "-DCMAKE_AICPU_FLAGS=${CXX_FLAGS}"
  "-DCMAKE_EXE_LINKER_FLAGS=${LINKER_FLAGS}" "-DCMAKE_SHARED_LINKER_FLAGS=${LINKER_FLAGS}")

set(prefix "${WORK_DIR}/prefix")
run("install" ${CMAKE_COMMAND} --install "${ASCTWIN_BUILD_DIR}" --prefix "${prefix}")

# (a)
run("(a) configure" ${CMAKE_COMMAND} -S "${projects}/consumer" -B "${WORK_DIR}/consumer"
  ${flags} "-DCMAKE_PREFIX_PATH=${prefix}" "-DASC_SAMPLE_DIR=${SOURCE_DIR}/sample")
run("(a) build" ${CMAKE_COMMAND} --build "${WORK_DIR}/consumer")
expect_run("(a) asctwin_add_asc_executable" "${WORK_DIR}/consumer/consumer_app" "PASS")

# (b)
run("(b) configure" ${CMAKE_COMMAND} -S "${projects}/asc_project" -B "${WORK_DIR}/asc_project"
  ${flags} "-DCMAKE_PREFIX_PATH=${prefix}")
run("(b) build" ${CMAKE_COMMAND} --build "${WORK_DIR}/asc_project")
foreach(program mixed static_demo separate shared_demo)
  expect_run("(b) ${program}" "${WORK_DIR}/asc_project/${program}" "PASS")
endforeach()
expect_run("(b) default run mode" "${WORK_DIR}/asc_project/run_mode" "run mode: npu")

# (e) in plain sh, set_env.sh cannot find itself: it falls back to the prefix
# it was installed to.
run("(e) set_env.sh in sh" sh -c ". '${prefix}/set_env.sh' && printf '%s' \"\$ASCEND_HOME_PATH\"")
if(NOT last_output MATCHES "^${prefix}/.+")
  message(FATAL_ERROR "(e) sh: ASCEND_HOME_PATH is '${last_output}', not in ${prefix}")
endif()

# The installed tree moves; (c)-(f) use it there.
set(moved "${WORK_DIR}/moved/asctwin")
file(MAKE_DIRECTORY "${WORK_DIR}/moved")
file(RENAME "${prefix}" "${moved}")

# (c, d, e)
find_program(MAKE_COMMAND make)
if(MAKE_COMMAND)
  set(env_generator "Unix Makefiles")  # the other generator's dependency handling
else()
  set(env_generator "${GENERATOR}")
endif()
run("(c, d, e) set_env.sh projects" bash "${projects}/env_projects.sh" "${moved}" "${projects}"
  "${WORK_DIR}/env" "${env_generator}" "${CXX_COMPILER}" "${CXX_FLAGS}" "${LINKER_FLAGS}")
message(STATUS "${last_output}")

# (f)
foreach(bad "CMAKE_ASC_ARCHITECTURES=dav-3510|dav-2201" "CMAKE_ASC_RUN_MODE=fpga|npu, cpu or sim")
  string(REPLACE "|" ";" bad "${bad}")
  list(GET bad 0 setting)
  list(GET bad 1 named)
  execute_process(COMMAND ${CMAKE_COMMAND} -S "${projects}/modes" -B "${WORK_DIR}/modes-bad"
      ${flags} "-DCMAKE_PREFIX_PATH=${moved}" "-D${setting}"
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(rc EQUAL 0 OR NOT out MATCHES "${named}")
    message(FATAL_ERROR "(f) configure with ${setting}: expected a failure naming '${named}' "
      "(${rc}):\n${out}")
  endif()
  file(REMOVE_RECURSE "${WORK_DIR}/modes-bad")
endforeach()
run("(f) configure, run mode cpu" ${CMAKE_COMMAND} -S "${projects}/modes" -B "${WORK_DIR}/modes"
  ${flags} "-DCMAKE_PREFIX_PATH=${moved}" -DCMAKE_ASC_RUN_MODE=cpu)
run("(f) build" ${CMAKE_COMMAND} --build "${WORK_DIR}/modes")
expect_run("(f) run mode cpu" "${WORK_DIR}/modes/run_mode" "run mode: cpu")
