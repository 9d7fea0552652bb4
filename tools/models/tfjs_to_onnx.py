#!/usr/bin/python3
"""Converts a TensorFlow.js graph model (model.json + weight shards) into an ONNX model OpenCV 4.6's dnn module reads.

    /usr/bin/python3 tools/models/tfjs_to_onnx.py MODEL_JSON OUT_ONNX

Written for this project (docs/design/detection.md): it maps the ops NanoDet's tfjs graph uses (Conv2D, Pad, MaxPool,
LeakyRelu, Add, ConcatV2, ResizeBilinear, SplitV, Sigmoid, Reshape, Transpose; SparseToDense and friends only on
constants, folded here) and a few common neighbours, and stops with the op's name on anything else. Layout: see
onnx_builder.py. Zero Pads before a convolution and -inf Pads before a max pool become the op's own `pads`; a
constant vector added to a convolution becomes its bias.
"""

import os
import sys

import numpy as np
import onnx

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import tfjs_graph  # noqa: E402
from onnx_builder import OnnxBuilder, Value, identity  # noqa: E402
from tf_ops import ELEMENTWISE, fold_constant, same_padding  # noqa: E402

NCHW_OF_NHWC = (0, 3, 1, 2)
# Ops that look at their producers before converting them (to fold a Pad into their own padding).
SELF_RESOLVING = ("Conv2D", "MaxPool")


class Converter:
    def __init__(self, graph):
        self.graph = graph
        self.by_name = {node.name: node for node in graph.nodes}
        self.readers = graph.consumers()
        self.builder = OnnxBuilder()
        self.results = {}  # node name -> list of Value | np.ndarray (one per output)

    # -- resolution -------------------------------------------------------------------------------------------------
    def value(self, ref):
        """The converted tensor (Value) or folded constant (np.ndarray) a TF tensor reference stands for."""
        name, _, index = ref.partition(":")
        if name not in self.results:
            self.results[name] = self.convert(self.by_name[name])
        return self.results[name][int(index or 0)]

    def constant(self, ref):
        value = self.value(ref)
        if not isinstance(value, np.ndarray):
            raise ValueError(f"{ref} must be a constant")
        return value

    def single_reader(self, name):
        return len(self.readers.get(name, [])) == 1

    def convert(self, node):
        if node.op == "Const":
            return [self.graph.constants[node.name]]
        if node.op == "Placeholder":
            shape = [int(dim["size"]) for dim in node.attr["shape"]["shape"]["dim"]]
            self.builder.unique(node.name)
            return [Value(node.name, identity(len(shape)), shape)]
        if node.op in ("Add", "AddV2", "BiasAdd"):
            fused = self.conv_with_bias(node)
            if fused:
                return fused
        if node.op in SELF_RESOLVING:
            return getattr(self, "op_" + node.op)(node, None)
        inputs = [self.value(ref) for ref in node.inputs]
        if all(isinstance(value, np.ndarray) for value in inputs):
            return [fold_constant(node, inputs)]
        if node.op in ELEMENTWISE:
            onnx_op, attrs = ELEMENTWISE[node.op]
            return self.unary(node, inputs, onnx_op, **attrs(node))
        handler = getattr(self, "op_" + node.op, None)
        if handler is None:
            raise NotImplementedError(f"op {node.op} ({node.name}) is not supported by this converter")
        return handler(node, inputs)

    # -- layout ops -------------------------------------------------------------------------------------------------
    def op_Identity(self, node, inputs):
        return [inputs[0]]

    def op_Transpose(self, node, inputs):
        return [inputs[0].transposed([int(axis) for axis in inputs[1]])]

    def op_Reshape(self, node, inputs):
        # The target keeps TF's -1 so the converted model follows the input's size like the original.
        source, target_shape = inputs[0], [int(dim) for dim in inputs[1]]
        known = int(np.prod([dim for dim in target_shape if dim != -1]))
        shape = [int(np.prod(source.shape)) // known if dim == -1 else dim for dim in target_shape]
        data = self.builder.materialize(source, identity(source.rank))
        target = self.builder.constant(node.name + "/shape", np.array(target_shape, dtype=np.int64))
        return [Value(self.builder.node("Reshape", [data, target], node.name)[0], identity(len(shape)), shape)]

    def op_ConcatV2(self, node, inputs):
        parts, axis = inputs[:-1], int(inputs[-1])
        first = parts[0]
        names = [self.builder.materialize(part, first.perm) for part in parts]
        shape = list(first.shape)
        shape[axis] = sum(part.shape[axis] for part in parts)
        name = self.builder.node("Concat", names, node.name, axis=first.onnx_axis(axis))[0]
        return [Value(name, first.perm, shape)]

    def op_SplitV(self, node, inputs):
        source, sizes, axis = inputs[0], [int(size) for size in inputs[1]], int(inputs[2])
        if -1 in sizes:
            sizes[sizes.index(-1)] = source.shape[axis] - (sum(sizes) + 1)
        names = self.builder.node("Split", [source.name], node.name, outputs=len(sizes), axis=source.onnx_axis(axis),
                                  split=sizes)
        values = []
        for name, size in zip(names, sizes):
            shape = list(source.shape)
            shape[axis % source.rank] = size
            values.append(Value(name, source.perm, shape))
        return values

    def op_Split(self, node, inputs):
        axis, source = int(inputs[0]), inputs[1]
        count = node.attr_int("num_split")
        return self.op_SplitV(node, [source, np.full(count, source.shape[axis] // count), np.array(axis)])

    def op_Pad(self, node, inputs, fill=0.0):
        source, paddings = inputs[0], np.asarray(inputs[1]).reshape(-1, 2)
        onnx_pads = [int(paddings[axis][0]) for axis in source.perm] + [int(paddings[axis][1]) for axis in source.perm]
        pads = self.builder.constant(node.name + "/pads", np.array(onnx_pads, dtype=np.int64))
        fill_name = self.builder.constant(node.name + "/value", np.array(fill, dtype=np.float32))
        shape = [dim + int(sum(paddings[axis])) for axis, dim in enumerate(source.shape)]
        name = self.builder.node("Pad", [source.name, pads, fill_name], node.name, mode="constant")[0]
        return [Value(name, source.perm, shape)]

    def op_PadV2(self, node, inputs):
        return self.op_Pad(node, inputs[:2], fill=float(inputs[2]))

    # -- elementwise ------------------------------------------------------------------------------------------------
    def binary(self, node, inputs, op):
        tensors = [value for value in inputs if isinstance(value, Value)]
        first = max(tensors, key=lambda value: value.rank)
        names = []
        for value in inputs:
            if isinstance(value, np.ndarray):
                names.append(self.builder.constant_like(node.name + "/const", value, first))
            else:
                names.append(self.builder.materialize(value, first.perm))
        return [Value(self.builder.node(op, names, node.name)[0], first.perm, first.shape)]

    def op_Add(self, node, inputs):
        return self.binary(node, inputs, "Add")

    op_AddV2 = op_Add

    def op_BiasAdd(self, node, inputs):
        if node.attr_string("data_format", "NHWC") == "NCHW":  # the bias runs along axis 1, not the last one
            inputs = [inputs[0], np.asarray(inputs[1]).reshape(-1, 1, 1)]
        return self.binary(node, inputs, "Add")

    def op_Sub(self, node, inputs):
        return self.binary(node, inputs, "Sub")

    def op_Mul(self, node, inputs):
        return self.binary(node, inputs, "Mul")

    def unary(self, node, inputs, op, **attrs):
        source = inputs[0]
        return [Value(self.builder.node(op, [source.name], node.name, **attrs)[0], source.perm, source.shape)]

    # -- spatial ops ------------------------------------------------------------------------------------------------
    def padded_source(self, ref, fill):
        """Follows `ref` back through single-reader Transposes to a single-reader Pad filled with `fill`: returns the
        Pad's source in `ref`'s layout and the pads per axis of `ref` ([begin, end] each), or (value(ref), None)."""
        chain, name = [], tfjs_graph.tensor_node(ref)
        while self.by_name[name].op == "Transpose" and self.single_reader(name):
            chain.append(self.by_name[name])
            name = tfjs_graph.tensor_node(chain[-1].inputs[0])
        pad = self.by_name[name]
        if pad.op not in ("Pad", "PadV2") or not self.single_reader(name) or name in self.results:
            return self.value(ref), None
        pad_fill = float(self.constant(pad.inputs[2])) if pad.op == "PadV2" else 0.0
        if pad_fill != fill:
            return self.value(ref), None
        source, paddings = self.value(pad.inputs[0]), self.constant(pad.inputs[1]).reshape(-1, 2).tolist()
        for transpose in reversed(chain):
            perm = [int(axis) for axis in self.constant(transpose.inputs[1])]
            source, paddings = source.transposed(perm), [paddings[axis] for axis in perm]
        return source, paddings

    def spatial_input(self, node, ref, fill):
        """The NCHW input name, the TF input shape and the ONNX pads [top, left, bottom, right] of a Conv/pool."""
        source, folded = self.padded_source(ref, fill)
        nhwc = node.attr_string("data_format", "NHWC") == "NHWC"
        h_axis, w_axis = (1, 2) if nhwc else (2, 3)
        shape = source.shape
        pads = [0, 0, 0, 0]
        if folded:
            if any(folded[axis] != [0, 0] for axis in range(4) if axis not in (h_axis, w_axis)):
                raise ValueError(f"{node.name}: padding outside the spatial axes")
            pads = [folded[h_axis][0], folded[w_axis][0], folded[h_axis][1], folded[w_axis][1]]
        name = self.builder.materialize(source, NCHW_OF_NHWC if nhwc else identity(4))
        return name, shape, pads, (h_axis, w_axis), nhwc

    def window(self, node, shape, axes, kernel, pads):
        """Strides, dilations and the final pads (adding TF's SAME/EXPLICIT padding) and the output size."""
        strides = [node.attr_ints("strides")[axis] for axis in axes]
        dilations = [(node.attr_ints("dilations") or [1, 1, 1, 1])[axis] for axis in axes]
        padding = node.attr_string("padding", "VALID")
        for index, axis in enumerate(axes):
            if padding == "SAME":
                begin, end = same_padding(shape[axis], kernel[index], strides[index], dilations[index])
            elif padding == "EXPLICIT":
                begin, end = node.attr_ints("explicit_paddings")[2 * axis:2 * axis + 2]
            else:
                begin, end = 0, 0
            pads[index] += begin
            pads[index + 2] += end
        size = [(shape[axis] + pads[i] + pads[i + 2] - dilations[i] * (kernel[i] - 1) - 1) // strides[i] + 1
                for i, axis in enumerate(axes)]
        return strides, dilations, pads, size

    def op_Conv2D(self, node, inputs, bias=None, name=None):
        filters = self.constant(node.inputs[1])  # HWIO
        data, shape, pads, axes, nhwc = self.spatial_input(node, node.inputs[0], 0.0)
        channels = shape[3 if nhwc else 1]
        kernel = list(filters.shape[:2])
        strides, dilations, pads, size = self.window(node, shape, axes, kernel, pads)
        weights = self.builder.constant(node.name + "/weights", filters.transpose(3, 2, 0, 1).astype(np.float32))
        operands = [data, weights]
        if bias is not None:
            operands.append(self.builder.constant(node.name + "/bias", bias.astype(np.float32).reshape(-1)))
        out = self.builder.node("Conv", operands, name or node.name, kernel_shape=kernel, strides=strides,
                                dilations=dilations, pads=pads, group=channels // filters.shape[2])[0]
        out_shape = [shape[0], size[0], size[1], filters.shape[3]] if nhwc else [shape[0], filters.shape[3], *size]
        return [Value(out, NCHW_OF_NHWC if nhwc else identity(4), out_shape)]

    def conv_with_bias(self, node):
        """An Add of a per-channel constant to a single-reader Conv2D: the Conv with that bias, else None."""
        for index, other in ((0, 1), (1, 0)):
            producer = self.by_name.get(tfjs_graph.tensor_node(node.inputs[index]))
            if (producer is None or producer.op != "Conv2D" or not self.single_reader(producer.name)
                    or producer.name in self.results):
                continue
            constant = self.value(node.inputs[other])
            if isinstance(constant, np.ndarray) and constant.ndim == 1:
                filters = self.constant(producer.inputs[1])
                if constant.shape[0] == filters.shape[3] and producer.attr_string("data_format", "NHWC") == "NHWC":
                    self.results[producer.name] = None  # never converted on its own
                    return self.op_Conv2D(producer, None, bias=constant, name=node.name)
        return None

    def op_MaxPool(self, node, inputs):
        data, shape, pads, axes, nhwc = self.spatial_input(node, node.inputs[0], float("-inf"))
        kernel = [node.attr_ints("ksize")[axis] for axis in axes]
        strides, _, pads, size = self.window(node, shape, axes, kernel, pads)
        out = self.builder.node("MaxPool", [data], node.name, kernel_shape=kernel, strides=strides, pads=pads)[0]
        out_shape = [shape[0], size[0], size[1], shape[3]] if nhwc else [shape[0], shape[1], *size]
        return [Value(out, NCHW_OF_NHWC if nhwc else identity(4), out_shape)]

    def resize(self, node, inputs, mode):
        source, size = inputs[0], [int(dim) for dim in inputs[1]]
        data = self.builder.materialize(source, NCHW_OF_NHWC)
        if node.attr_bool("align_corners"):
            transform = "align_corners"
        elif node.attr_bool("half_pixel_centers"):
            transform = "half_pixel" if mode == "linear" else "tf_half_pixel_for_nn"
        else:
            transform = "asymmetric"
        scales = [1.0, 1.0, size[0] / source.shape[1], size[1] / source.shape[2]]
        roi = self.builder.constant(node.name + "/roi", np.zeros(0, dtype=np.float32))
        scale_name = self.builder.constant(node.name + "/scales", np.array(scales, dtype=np.float32))
        attrs = {"mode": mode, "coordinate_transformation_mode": transform}
        if mode == "nearest":
            attrs["nearest_mode"] = "floor" if transform == "asymmetric" else "round_prefer_ceil"
        out = self.builder.node("Resize", [data, roi, scale_name], node.name, **attrs)[0]
        return [Value(out, NCHW_OF_NHWC, [source.shape[0], *size, source.shape[3]])]

    def op_ResizeBilinear(self, node, inputs):
        return self.resize(node, inputs, "linear")

    def op_ResizeNearestNeighbor(self, node, inputs):
        return self.resize(node, inputs, "nearest")


def convert(model_json, out_path):
    graph = tfjs_graph.load(model_json)
    sys.setrecursionlimit(max(10000, 4 * len(graph.nodes)))
    converter = Converter(graph)
    outputs = []
    for name in graph.outputs:
        value = converter.value(name)
        tensor = converter.builder.materialize(value, identity(value.rank))
        converter.builder.rename(tensor, name)
        outputs.append((name, value.shape))
    inputs = [(name, converter.value(name).shape) for name in graph.inputs]
    model = converter.builder.model(inputs, outputs, producer="argus tools/models/tfjs_to_onnx.py")
    tmp_path = out_path + ".tmp"
    onnx.save(model, tmp_path)
    os.replace(tmp_path, out_path)
    ops = sorted({node.op_type for node in model.graph.node})
    print(f"tfjs_to_onnx: {model_json} -> {out_path}: {len(model.graph.node)} nodes ({', '.join(ops)}), "
          f"outputs {', '.join(f'{name}{shape}' for name, shape in outputs)}")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    os.makedirs(os.path.dirname(os.path.abspath(sys.argv[2])), exist_ok=True)
    convert(sys.argv[1], sys.argv[2])
