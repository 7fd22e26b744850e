# The ASC language, step 3: the driver is part of the same install as this
# package; running a test compile on every first configure would only cost time.
set(CMAKE_ASC_COMPILER_WORKS 1 CACHE INTERNAL "")
