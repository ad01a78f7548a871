# ASan + UBSan for the whole build when NOTERA_SANITIZE is on (CI runs the
# test suite this way). UBSan findings abort, so a test cannot pass over one.
add_library(notera_sanitizers INTERFACE)
if(NOTERA_SANITIZE)
  set(_notera_san_flags -fsanitize=address,undefined -fno-sanitize-recover=all
      -fno-omit-frame-pointer)
  target_compile_options(notera_sanitizers INTERFACE ${_notera_san_flags})
  target_link_options(notera_sanitizers INTERFACE ${_notera_san_flags})
endif()
