# Warnings live on an interface target that our own targets link PRIVATE-ly,
# so consumers of notera::notera never inherit them.
add_library(notera_warnings INTERFACE)
target_compile_options(notera_warnings INTERFACE
  $<$<CXX_COMPILER_ID:GNU,Clang>:-Wall -Wextra -Wpedantic -Wshadow -Wconversion
    -Wno-sign-conversion -Wnon-virtual-dtor -Wold-style-cast -Wcast-align
    -Woverloaded-virtual -Wnull-dereference -Wimplicit-fallthrough>
  $<$<AND:$<CXX_COMPILER_ID:GNU,Clang>,$<BOOL:${NOTERA_WERROR}>>:-Werror>)
