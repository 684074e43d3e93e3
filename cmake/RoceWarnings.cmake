# One INTERFACE target carries the project's compiler discipline: every target links it.
add_library(roce_compile_options INTERFACE)
target_compile_options(roce_compile_options INTERFACE
  -Wall -Wextra -Wpedantic -Werror -Wshadow -Wnon-virtual-dtor -Woverloaded-virtual
  -Wimplicit-fallthrough -ffp-contract=off)
# Line tables, not full debug info, unless asked: backtraces and profiles keep file and line,
# while a file compiles in two thirds of the time and links take far less (full -g was the
# largest part of CI's build). Placed after the configuration's own -g, so it wins.
option(ROCE_FULL_DEBUG_INFO "Full debug information (-g) instead of line tables (-g1)" OFF)
if(NOT ROCE_FULL_DEBUG_INFO)
  target_compile_options(roce_compile_options INTERFACE $<$<CONFIG:RelWithDebInfo,Debug>:-g1>)
endif()
target_compile_definitions(roce_compile_options INTERFACE
  QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII QT_NO_CAST_FROM_BYTEARRAY QT_USE_QSTRINGBUILDER
  QT_NO_URL_CAST_FROM_STRING QT_NO_NARROWING_CONVERSIONS_IN_CONNECT QT_STRICT_ITERATORS
  QT_DISABLE_DEPRECATED_BEFORE=0x060400)
