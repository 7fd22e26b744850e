# The project's warnings. They are errors only when ASCTWIN_WERROR is ON (the
# developer presets and CI turn it on): a consumer's plain
# `cmake -DCMAKE_BUILD_TYPE=Release` with another compiler or optimisation
# level must build even when that compiler invents a new (often false) warning.
add_library(asctwin_warnings INTERFACE)
target_compile_options(asctwin_warnings INTERFACE
  $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor
    -Wcast-align -Wunused -Woverloaded-virtual -Wnull-dereference -Wdouble-promotion
    -Wformat=2 -Wimplicit-fallthrough>
  $<$<COMPILE_LANGUAGE:C>:-Wall -Wextra -Wpedantic>
  $<$<BOOL:${ASCTWIN_WERROR}>:-Werror>)
