# libFuzzer targets (fuzz/README.md), built by scripts/fuzz.sh (`make fuzz`) with clang in build-fuzz:
#   CC=clang CXX=clang++ cmake -S . -B build-fuzz -G Ninja -DARGUS_FUZZ=ON && cmake --build build-fuzz
# With ARGUS_FUZZ the top-level CMakeLists.txt includes this file and stops: a fuzz build has these targets only, and
# needs Boost, nlohmann-json and spdlog, not the other packages of scripts/setup.sh.
# Each target compiles the few server sources it exercises directly, instrumented for coverage with ASan and UBSan
# (-fsanitize=fuzzer-no-link,address,undefined), and links libFuzzer's main (-fsanitize=fuzzer). Beast and Asio are
# header-only here (no BOOST_*_SEPARATE_COMPILATION: argus_http is not linked).
if(NOT CMAKE_CXX_COMPILER_ID STREQUAL "Clang")
  message(FATAL_ERROR "ARGUS_FUZZ needs clang (libFuzzer): CXX=clang++, as scripts/fuzz.sh configures")
endif()

find_package(Boost 1.74 REQUIRED)
find_package(nlohmann_json 3 REQUIRED)
find_package(spdlog REQUIRED)

set(ARGUS_SRC "${CMAKE_SOURCE_DIR}/server/src")
set(ARGUS_FUZZ_DIR "${CMAKE_SOURCE_DIR}/fuzz")
set(ARGUS_FUZZ_COMPILE_FLAGS -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined
                             -fno-omit-frame-pointer)
set(ARGUS_FUZZ_LINK_FLAGS -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined)

# argus_fuzz_target(<name> SOURCES <server/src-relative .cpp>... LIBRARIES <target>...): fuzz/<name>.cpp plus the
# listed server sources, in bin/<name>.
function(argus_fuzz_target name)
  cmake_parse_arguments(PARSE_ARGV 1 arg "" "" "SOURCES;LIBRARIES")
  list(TRANSFORM arg_SOURCES PREPEND "${ARGUS_SRC}/")
  add_executable(${name} "${ARGUS_FUZZ_DIR}/${name}.cpp" ${arg_SOURCES})
  target_include_directories(${name} PRIVATE "${ARGUS_SRC}")
  target_compile_options(${name} PRIVATE ${ARGUS_FUZZ_COMPILE_FLAGS})
  target_link_options(${name} PRIVATE ${ARGUS_FUZZ_LINK_FLAGS})
  target_link_libraries(${name} PRIVATE ${arg_LIBRARIES})
endfunction()

# Bytes → Beast's request parser → argus::http::Request → Router, query/cookie/header lookups, Range, Accept-Encoding,
# X-Forwarded-For.
argus_fuzz_target(fuzz_http_request
  SOURCES http/request_conversion.cpp http/request.cpp http/router.cpp http/response.cpp http/url.cpp
          http/byte_range.cpp http/accept_encoding.cpp http/header_text.cpp http/client_address.cpp common/error.cpp
  LIBRARIES Boost::headers nlohmann_json::nlohmann_json spdlog::spdlog)

# Bytes → nlohmann::json → the partner webhook event checks, the similarity bodies and queries, request_parsing.
argus_fuzz_target(fuzz_json_inputs
  SOURCES api/partner_event_input.cpp api/iso_time.cpp api/similarity_requests.cpp api/request_parsing.cpp
          http/request.cpp http/header_text.cpp common/error.cpp
  LIBRARIES nlohmann_json::nlohmann_json)

# Bytes → H.264/H.265 SPS parser, Annex-B / length-prefixed / avcC / hvcC helpers and codec strings, fMP4 box and
# fragment reader. Pure byte parsers: no FFmpeg.
argus_fuzz_target(fuzz_media_parsers
  SOURCES media/fmp4_reader.cpp media/sps_parser.cpp media/bit_reader.cpp media/bitstream.cpp media/audio_track.cpp)

# Bytes → nlohmann::json → the wall and rotation bodies (api/wall_requests) and their limits (services/wall_validation,
# services/text_validation).
argus_fuzz_target(fuzz_wall_requests
  SOURCES api/wall_requests.cpp api/request_parsing.cpp services/wall_validation.cpp services/text_validation.cpp
          http/request.cpp http/header_text.cpp common/error.cpp
  LIBRARIES nlohmann_json::nlohmann_json)

# Bytes → nlohmann::json → the export bodies (api/export_requests) and the file name check (api/export_views).
argus_fuzz_target(fuzz_export_requests
  SOURCES api/export_requests.cpp api/export_views.cpp api/request_parsing.cpp common/time_zone.cpp
          media/history_playlist.cpp store/export_records.cpp http/request.cpp http/header_text.cpp common/error.cpp
  LIBRARIES nlohmann_json::nlohmann_json)

# Bytes → a query string (http::parse_query) and a file name → the recorded-video calls' windows and file ids
# (api/history_queries).
argus_fuzz_target(fuzz_history_queries
  SOURCES api/history_queries.cpp api/request_parsing.cpp http/url.cpp http/request.cpp http/header_text.cpp
          common/error.cpp)

# Bytes → a query string → the motion and event search's parameters (api/motion_search_query).
argus_fuzz_target(fuzz_search_queries
  SOURCES api/motion_search_query.cpp api/request_parsing.cpp http/url.cpp http/request.cpp http/header_text.cpp
          common/error.cpp
  LIBRARIES nlohmann_json::nlohmann_json)

add_custom_target(fuzz DEPENDS fuzz_http_request fuzz_json_inputs fuzz_media_parsers fuzz_wall_requests
                               fuzz_export_requests fuzz_history_queries fuzz_search_queries)
