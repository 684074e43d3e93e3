# Layering is enforced, not hoped for: core and agent must never reach a GUI module, however
# indirectly. The check runs once the whole tree is configured (deferred call) and walks the
# transitive link interface of the guarded target.

function(_roce_collect_links target out_var)
  set(seen "")
  set(queue "${target}")
  while(queue)
    list(POP_FRONT queue item)
    if(item IN_LIST seen OR NOT TARGET "${item}")
      continue()
    endif()
    list(APPEND seen "${item}")
    get_target_property(aliased "${item}" ALIASED_TARGET)
    if(aliased)
      list(APPEND queue "${aliased}")
    endif()
    foreach(prop LINK_LIBRARIES INTERFACE_LINK_LIBRARIES)
      get_target_property(libs "${item}" ${prop})
      if(libs)
        foreach(lib IN LISTS libs)
          # Unwrap $<LINK_ONLY:x> and similar single-argument generator expressions.
          string(REGEX REPLACE "^\\$<[A-Z_]+:([^>]+)>$" "\\1" lib "${lib}")
          list(APPEND queue "${lib}")
        endforeach()
      endif()
    endforeach()
  endwhile()
  set(${out_var} "${seen}" PARENT_SCOPE)
endfunction()

function(_roce_check_layer target)
  _roce_collect_links(${target} reached)
  foreach(forbidden IN LISTS ARGN)
    if(forbidden IN_LIST reached)
      message(FATAL_ERROR
        "layer violation: '${target}' links '${forbidden}' (directly or through a dependency). "
        "core/ and agent/ must stay free of GUI modules; move the code to widgets/ or app/.")
    endif()
  endforeach()
endfunction()

# roce_forbid_links(<target> <forbidden-target>...)
function(roce_forbid_links target)
  cmake_language(EVAL CODE "
    cmake_language(DEFER DIRECTORY [[${CMAKE_SOURCE_DIR}]]
                   CALL _roce_check_layer [[${target}]] ${ARGN})")
endfunction()

set(ROCE_GUI_MODULES Qt6::Gui Qt6::Widgets Qt6::Charts Qt6::Svg Qt6::SvgWidgets
    Qt6::OpenGL Qt6::OpenGLWidgets Qt6::Quick Qt6::Qml)

function(_roce_check_order)
  set(below "")
  foreach(lib IN LISTS ARGN)
    _roce_collect_links(${lib} reached)
    set(above "${ARGN}")
    list(REMOVE_ITEM above ${lib} ${below})
    list(REVERSE above)  # name the highest library reached: usually the one linked directly
    foreach(higher IN LISTS above)
      if(higher IN_LIST reached)
        message(FATAL_ERROR
          "layer violation: '${lib}' links '${higher}', a library above it. Libraries depend "
          "downwards only (${ARGN}, lowest first); move the code up or the dependency down.")
      endif()
    endforeach()
    list(APPEND below ${lib})
  endforeach()
endfunction()

# roce_layers(<lowest> ... <highest>): each library may link only those listed before it.
function(roce_layers)
  cmake_language(EVAL CODE "
    cmake_language(DEFER DIRECTORY [[${CMAKE_SOURCE_DIR}]] CALL _roce_check_order ${ARGN})")
endfunction()
