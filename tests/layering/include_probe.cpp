// Compiled alone with one layer's include roots (tests/layering): includes
// PROBE_HEADER, which must resolve when the header's layer is the probed one
// or below it, and must not when it is above.
#include PROBE_HEADER

int main() {
  return 0;
}
