// Devkit mode: the one word Huawei's KFC server writes through a pointer.
//
// KfcCommServer::FreeUB (impl/basic_api/dav_c220/kfc/kfc_comm_server.h)
// tells a vector core which UB it may free: it fills one 32-byte block at
// the end of L1 with the address (create_cbuf_matrix(dst, 0x10001, addr) on
// the NPU) and copies the block to the message in GM. Its CPU-debug branch
// stores only the first word, through the L1 image's pointer, so the twin
// saw a copy of 28 bytes nobody wrote (a false uninit read) and a store no
// pipe made. In the preprocessed unit, that store in FreeUB's body
// (`*dst = addr;`) becomes the NPU's fill, on the same line; a body without
// it is left alone.
#pragma once

#include <string>

namespace asctwin::asc {

// Rewrites `text`; there is nothing to refuse (always true).
bool rewriteKfcFreeUb(std::string& text, std::string* error);

}  // namespace asctwin::asc
