"""The ONNX side of the converter: a graph under construction and the layout of every tensor in it.

TensorFlow keeps activations NHWC and tfjs graphs converted from ONNX/PyTorch are full of Transpose pairs around each
NHWC Conv2D. ONNX convolutions are NCHW. Rather than emitting every Transpose, each converted tensor remembers how its
ONNX storage is permuted from the TensorFlow tensor it stands for (`Value.perm`: onnx = transpose(tf, perm)). A TF
Transpose then only changes that bookkeeping; a real ONNX Transpose is emitted only where an op needs a given layout
(Conv and pooling: NCHW; Reshape and graph outputs: the TF layout itself).
"""

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

OPSET = 11  # OpenCV 4.6's ONNX importer: Pad/Resize with tensor inputs, Split with the `split` attribute.


def inverse(perm):
    out = [0] * len(perm)
    for index, axis in enumerate(perm):
        out[axis] = index
    return tuple(out)


def identity(rank):
    return tuple(range(rank))


class Value:
    """A converted tensor: its ONNX name, `perm` (onnx = transpose(tf, perm)) and its TF shape."""

    def __init__(self, name, perm, shape):
        self.name = name
        self.perm = tuple(perm)
        self.shape = list(shape)

    @property
    def rank(self):
        return len(self.shape)

    def onnx_axis(self, tf_axis):
        """The ONNX axis holding TF axis `tf_axis` (negative counts from the end)."""
        return self.perm.index(tf_axis % self.rank)

    def transposed(self, tf_perm):
        """The Value standing for transpose(tf, tf_perm): same storage, new bookkeeping."""
        # onnx = T(tf, p) and tf' = T(tf, q)  =>  onnx = T(tf', p') with q[p'[i]] = p[i].
        q_inverse = inverse(tf_perm)
        return Value(self.name, [q_inverse[axis] for axis in self.perm], [self.shape[axis] for axis in tf_perm])


class OnnxBuilder:
    """Collects nodes and initializers; names are unique; `materialize` inserts the Transposes layouts need."""

    def __init__(self):
        self.nodes = []
        self.initializers = []
        self._names = set()
        self._transposed = {}

    def unique(self, base):
        name, index = base, 1
        while name in self._names:
            name, index = f"{base}__{index}", index + 1
        self._names.add(name)
        return name

    def constant(self, base, array):
        name = self.unique(base)
        self.initializers.append(numpy_helper.from_array(np.ascontiguousarray(array), name))
        return name

    def node(self, op, inputs, base, outputs=1, **attrs):
        names = [self.unique(base if index == 0 else f"{base}:{index}") for index in range(outputs)]
        self.nodes.append(helper.make_node(op, inputs, names, name=names[0], **attrs))
        return names

    def materialize(self, value, perm):
        """`value` stored as transpose(tf, perm); a cached Transpose when its storage differs."""
        perm = tuple(perm)
        if value.perm == perm:
            return value.name
        key = (value.name, perm)
        if key not in self._transposed:
            storage = inverse(value.perm)
            onnx_perm = [storage[axis] for axis in perm]  # onnx' = T(onnx, r) with p[r[i]] = perm[i]
            self._transposed[key] = self.node("Transpose", [value.name], f"{value.name}/to_layout", perm=onnx_perm)[0]
        return self._transposed[key]

    def constant_like(self, base, array, value):
        """A TF-layout constant broadcast against `value`, rearranged into the value's ONNX layout."""
        array = np.asarray(array, dtype=np.float32)
        if array.ndim == 0 or array.size == 1:
            return self.constant(base, array.reshape([1] * max(array.ndim, 0)))
        full = array.reshape([1] * (value.rank - array.ndim) + list(array.shape))
        return self.constant(base, np.transpose(full, value.perm))

    def model(self, inputs, outputs, producer):
        """The checked ModelProto; inputs/outputs: (name, TF shape) lists naming tensors already in the graph."""
        graph = helper.make_graph(
            self.nodes,
            "converted",
            [helper.make_tensor_value_info(name, TensorProto.FLOAT, shape) for name, shape in inputs],
            [helper.make_tensor_value_info(name, TensorProto.FLOAT, shape) for name, shape in outputs],
            self.initializers,
        )
        model = helper.make_model(graph, producer_name=producer, opset_imports=[helper.make_opsetid("", OPSET)])
        model.ir_version = 7  # the IR of opset 11 era runtimes; OpenCV 4.6 reads it
        onnx.checker.check_model(model)
        return model

    def rename(self, old, new):
        """Renames tensor `old` everywhere (node inputs and outputs)."""
        for node in self.nodes:
            node.input[:] = [new if name == old else name for name in node.input]
            node.output[:] = [new if name == old else name for name in node.output]
            if node.name == old:
                node.name = new
        self._names.add(new)
