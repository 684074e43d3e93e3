# ROCE_SANITIZE=address,undefined | thread (scripts/run-tests.sh --sanitize ...): every target of
# the project is built with those sanitizers. Undefined behaviour stops the program (no
# recovery), so a test that meets it fails. Third-party libraries (Qt, libssh, libibverbs) are
# not instrumented; tests/sanitizers/ holds the suppressions for their reports, each justified.
set(ROCE_SANITIZE "" CACHE STRING "Sanitizers for every target: address,undefined or thread")
if(ROCE_SANITIZE)
  if(NOT ROCE_SANITIZE MATCHES "^(address,undefined|undefined,address|address|undefined|thread)$")
    message(FATAL_ERROR "ROCE_SANITIZE: '${ROCE_SANITIZE}' is not address,undefined, address, "
                        "undefined or thread")
  endif()
  set(_roce_sanitize_flags -fsanitize=${ROCE_SANITIZE} -fno-omit-frame-pointer)
  if(ROCE_SANITIZE MATCHES "undefined")
    list(APPEND _roce_sanitize_flags -fno-sanitize-recover=undefined)
  endif()
  add_compile_options(${_roce_sanitize_flags})
  add_link_options(-fsanitize=${ROCE_SANITIZE})
  if(ROCE_SANITIZE STREQUAL "thread")
    # Qt's event queue is not instrumented: tell ThreadSanitizer the order it gives (the
    # file says how and what it leaves to the sanitizer). Linked into every program.
    add_library(roce_tsan_qt_events OBJECT ${PROJECT_SOURCE_DIR}/tests/sanitizers/tsanqtevents.cpp)
    target_link_libraries(roce_tsan_qt_events PRIVATE Qt6::Core)
    link_libraries(roce_tsan_qt_events)
  endif()
  message(STATUS "Sanitizers: ${ROCE_SANITIZE}")
endif()
