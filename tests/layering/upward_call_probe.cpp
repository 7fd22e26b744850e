// Linked with the device layer and the layers below it only
// (tests/layering): calls a function of the kernel layer, declared by hand
// the way an upward call would dodge the include roots. The link must fail.
namespace asctwin::kernel {
class InstrObserver;
InstrObserver* environmentObserver();
}  // namespace asctwin::kernel

asctwin::kernel::InstrObserver* layeringProbeUpwardCall() {
  return asctwin::kernel::environmentObserver();
}
