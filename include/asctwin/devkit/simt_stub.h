// Devkit mode: the SIMT stub header of Huawei's CPU mode. Architecture 2201
// has no SIMT unit; the simt_api headers that include this are parsed but no
// 2201 code path uses them, so only the common definitions are needed.
#pragma once

#include "asctwin/devkit/stub_def.h"
