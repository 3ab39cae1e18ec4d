// Happens-before edges for ThreadSanitizer that it cannot see by itself.
//
// Debian's TBB library is not built with ThreadSanitizer, so the synchronisation inside its
// scheduler (handing a task to a worker, waiting for the tasks of a parallel_for) is invisible
// to it, and every access of a task to data its caller prepared, or of the caller to what the
// tasks produced, would be reported as a race. TBB guarantees both orders: what happens before
// parallel_for happens before each of its bodies, and each body happens before parallel_for
// returns. ParallelEdges states exactly these two edges and nothing more, so that races between
// two bodies are still reported. Without ThreadSanitizer the calls compile to nothing.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define MAZESEARCH_TSAN_EDGES 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MAZESEARCH_TSAN_EDGES 1
#endif
#endif

#ifdef MAZESEARCH_TSAN_EDGES
extern "C" void __tsan_acquire(void* addr);
extern "C" void __tsan_release(void* addr);
#endif

namespace maze {

class ParallelEdges {
  public:
    // The caller, just before starting the parallel loop.
    void before_loop() { release(&start_); }
    // Each body (each range of a parallel_for), first thing.
    void body_begins() { acquire(&start_); }
    // Each body, last thing.
    void body_ends() { release(&end_); }
    // The caller, once the loop has returned.
    void after_loop() { acquire(&end_); }

  private:
#ifdef MAZESEARCH_TSAN_EDGES
    static void release(char* edge) {
        __tsan_release(edge);
    }
    static void acquire(char* edge) {
        __tsan_acquire(edge);
    }
#else
    static void release(char*) {}
    static void acquire(char*) {}
#endif
    // Two separate addresses: bodies acquire only the start edge, so one body's end does not
    // order it before another body.
    char start_ = 0;
    char end_ = 0;
};

}  // namespace maze
