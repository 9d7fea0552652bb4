#pragma once
// FUZZ_CHECK(condition): an invariant of a fuzz target; when broken, names it on stderr and aborts (a libFuzzer
// crash whose log says which check failed).
#include <cstdio>
#include <cstdlib>

#define FUZZ_CHECK(condition)                                                                                          \
  do {                                                                                                                 \
    if (!(condition)) {                                                                                                \
      std::fprintf(stderr, "FUZZ_CHECK failed: %s (%s:%d)\n", #condition, __FILE__, __LINE__);                         \
      std::abort();                                                                                                    \
    }                                                                                                                  \
  } while (false)
