# The AICPU language, step 3: the driver ships with this package (see ASC's).
set(CMAKE_AICPU_COMPILER_WORKS 1 CACHE INTERNAL "")
