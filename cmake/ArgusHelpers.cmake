# argus_embed_migrations(<migrations dir> <generated dir> <out var>)
# Generates <generated dir>/store/embedded_migrations.{hpp,cpp} defining
#   std::vector<std::pair<std::string, std::string>> argus::store::embedded_migrations();
# with one (file name, SQL text) pair per *.sql file in <migrations dir>, sorted by file name. Regenerated whenever a
# .sql file changes; adding or removing a file re-runs the configure step (CONFIGURE_DEPENDS).
function(argus_embed_migrations migrations_dir generated_dir out_var)
  file(GLOB sql_files CONFIGURE_DEPENDS "${migrations_dir}/*.sql")
  set(out_cpp "${generated_dir}/store/embedded_migrations.cpp")
  set(out_hpp "${generated_dir}/store/embedded_migrations.hpp")
  add_custom_command(
    OUTPUT "${out_cpp}" "${out_hpp}"
    COMMAND "${CMAKE_COMMAND}" "-DMIGRATIONS_DIR=${migrations_dir}" "-DOUT_CPP=${out_cpp}" "-DOUT_HPP=${out_hpp}"
            -P "${CMAKE_SOURCE_DIR}/cmake/embed_migrations.cmake"
    DEPENDS ${sql_files} "${CMAKE_SOURCE_DIR}/cmake/embed_migrations.cmake"
    COMMENT "Embedding SQL migrations"
    VERBATIM)
  set(${out_var} "${out_cpp}" "${out_hpp}" PARENT_SCOPE)
endfunction()
