"""Writes two tiny ONNX models with a YOLO export's input and output, for the YOLO detector's tests.

They are not trained: over a 640x640 input, each 32x32 cell is one candidate box (the cell itself). A cell's
"person" score is its darkest channel's mean (a white square scores 1), its "car" score its red mean minus the
brighter of green and blue (a red square scores 1); every other class scores 0. The v8 model answers [1, 84, 400]
(box, 80 classes); the v5 model [1, 400, 85] (box, objectness = the higher of the two scores, 80 classes).

usage: make_test_yolo.py OUT_DIR   (writes OUT_DIR/test-yolo-v8.onnx and OUT_DIR/test-yolo-v5.onnx)
"""

import os
import sys

import numpy as np
from onnx_builder import OnnxBuilder

SIZE = 640
CELL = 32
GRID = SIZE // CELL
CELLS = GRID * GRID
CLASSES = 80


def cell_boxes():
    """[1, 4, CELLS]: each cell's centre x, centre y, width, height in input pixels (row-major)."""
    rows, cols = np.divmod(np.arange(CELLS), GRID)
    boxes = np.stack([(cols + 0.5) * CELL, (rows + 0.5) * CELL, np.full(CELLS, CELL), np.full(CELLS, CELL)])
    return boxes.astype(np.float32).reshape(1, 4, CELLS)


def build(layout):
    b = OnnxBuilder()
    pooled = b.node("AveragePool", ["images"], "cells", kernel_shape=[CELL, CELL], strides=[CELL, CELL])[0]
    flat_shape = b.constant("flat_shape", np.array([1, 1, CELLS], dtype=np.int64))
    person = b.node("ReduceMin", [pooled], "darkest", axes=[1], keepdims=1)[0]
    person = b.node("Reshape", [person, flat_shape], "person")[0]
    red, green, blue = b.node("Split", [pooled], "channels", outputs=3, axis=1, split=[1, 1, 1])
    car = b.node("Sub", [red, b.node("Max", [green, blue], "green_or_blue")[0]], "redness")[0]
    car = b.node("Reshape", [car, flat_shape], "car")[0]
    boxes = b.constant("boxes", cell_boxes())
    zero = b.constant("zero", np.zeros((1, 1, CELLS), dtype=np.float32))
    rest = b.constant("rest", np.zeros((1, CLASSES - 3, CELLS), dtype=np.float32))
    classes = [person, zero, car, rest]  # person 0, bicycle 1, car 2, the other 77
    if layout == "v8":
        output = b.node("Concat", [boxes] + classes, "output0", axis=1)[0]
        shape = [1, 4 + CLASSES, CELLS]
    else:
        objectness = b.node("Max", [person, car], "objectness")[0]
        rows = b.node("Concat", [boxes, objectness] + classes, "rows", axis=1)[0]
        output = b.node("Transpose", [rows], "output0", perm=[0, 2, 1])[0]
        shape = [1, CELLS, 5 + CLASSES]
    return b.model([("images", [1, 3, SIZE, SIZE])], [(output, shape)], "argus-test-yolo")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for layout in ("v8", "v5"):
        with open(os.path.join(out_dir, f"test-yolo-{layout}.onnx"), "wb") as file:
            file.write(build(layout).SerializeToString())


if __name__ == "__main__":
    main()
