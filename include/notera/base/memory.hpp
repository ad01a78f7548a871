// How the process hands memory back to the system.
//
// A reconstruction builds its layers, nodes and caches anew in every
// search, and a sheet gets several (a first width, wider ones around its
// rough spots, a second pass for a writer's habit). With glibc's defaults
// a large block freed goes back to the system (munmap, or a trim of the
// heap's top), and the next search's block of the same size is new memory
// the kernel must fault in and clear, page by page: a tenth of a
// reconstruction's time went to page faults (docs/speed.md, forty-first
// session, with the figures).
#pragma once

namespace notera::memory {

// Keeps memory the process freed for its own next use, up to 128 MiB of
// it, instead of handing it back at once: blocks up to 32 MiB come from
// the heap, and its top is trimmed only past 128 MiB free. The peak is
// what it was; a process's resident memory stays at its peak until that
// much is free. Called by notera's main() before every command but the
// page's server (a long-running process with many threads, whose arenas
// would each keep that much) and by the benchmarks that time what it
// does. Does nothing where the C library is not glibc.
void keep_freed_memory();

}  // namespace notera::memory
