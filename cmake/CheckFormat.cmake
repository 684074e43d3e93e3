# Fails when any C++ source in the tree is not formatted as .clang-format says.
# Usage: cmake -DSOURCE_DIR=<repo> -DCLANG_FORMAT=<exe> -P CheckFormat.cmake
file(GLOB_RECURSE files
     ${SOURCE_DIR}/core/*.cpp ${SOURCE_DIR}/core/*.h
     ${SOURCE_DIR}/widgets/*.cpp ${SOURCE_DIR}/widgets/*.h
     ${SOURCE_DIR}/app/*.cpp ${SOURCE_DIR}/app/*.h
     ${SOURCE_DIR}/agent/*.cpp ${SOURCE_DIR}/agent/*.h
     ${SOURCE_DIR}/translations/*.cpp ${SOURCE_DIR}/translations/*.h
     ${SOURCE_DIR}/tests/*.cpp ${SOURCE_DIR}/tests/*.h
     ${SOURCE_DIR}/benchmarks/*.cpp ${SOURCE_DIR}/benchmarks/*.h
     ${SOURCE_DIR}/fuzz/*.cpp ${SOURCE_DIR}/fuzz/*.h
     ${SOURCE_DIR}/docs/*.cpp ${SOURCE_DIR}/docs/*.h)
list(LENGTH files count)
execute_process(COMMAND ${CLANG_FORMAT} --dry-run -Werror --style=file ${files}
                RESULT_VARIABLE rc ERROR_VARIABLE diagnostics)
if(NOT rc EQUAL 0)
  message("${diagnostics}")
  message(FATAL_ERROR "clang-format: files above need formatting "
                      "(run: clang-format -i <file>, or scripts/format.sh)")
endif()
message(STATUS "clang-format: ${count} files formatted correctly")
