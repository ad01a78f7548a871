#include "notera/base/memory.hpp"

#if __has_include(<malloc.h>)
#include <malloc.h>
#endif

namespace notera::memory {

void keep_freed_memory() {
#if defined(M_MMAP_THRESHOLD) && defined(M_TRIM_THRESHOLD)  // glibc's mallopt()
  // Both are needed: with the mmap threshold alone the heap's top is
  // trimmed at 128 KiB free (setting one turns off glibc's own
  // adjustment of both), and the time gets worse, not better.
  mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
  mallopt(M_TRIM_THRESHOLD, 128 * 1024 * 1024);
#endif
}

}  // namespace notera::memory
