# argus_embed_files(<out_cpp> <namespace> <function> <files...>)
# Generates <out_cpp> defining
#   std::vector<std::pair<std::string, std::string>> <namespace>::<function>()
# that returns (file name, file contents) for every file, sorted by file name. Used for SQL migrations and the demo
# floor-plan images so that argusd needs no files from the source tree at run time.
function(argus_embed_files out_cpp namespace function)
  set(files ${ARGN})
  list(SORT files)
  add_custom_command(
    OUTPUT ${out_cpp}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out_cpp} -DNAMESPACE=${namespace} -DFUNCTION=${function}
            "-DFILES=${files}" -P ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/EmbedFilesScript.cmake
    DEPENDS ${files} ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/EmbedFilesScript.cmake
    COMMENT "Embedding ${function}"
    VERBATIM)
endfunction()
