// The real API's header name for ListTensorDesc / TensorDesc (kernel
// sources include it beside kernel_operator.h).
#pragma once

#include "kernel_operator.h"
