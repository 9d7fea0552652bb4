"""TensorFlow op semantics the converter needs outside ONNX: constant folding in numpy, TF's SAME padding, and the
one-input elementwise ops that map to one ONNX op each."""

import numpy as np

# TF op -> (ONNX op, attributes from the TF node)
ELEMENTWISE = {
    "Sigmoid": ("Sigmoid", lambda node: {}),
    "Relu": ("Relu", lambda node: {}),
    "Tanh": ("Tanh", lambda node: {}),
    "Exp": ("Exp", lambda node: {}),
    "LeakyRelu": ("LeakyRelu", lambda node: {"alpha": node.attr_float("alpha", 0.2)}),
}


def same_padding(size, kernel, stride, dilation):
    """TF's SAME padding of one axis as (begin, end): the extra pixel, if any, goes at the end."""
    effective = (kernel - 1) * dilation + 1
    out = -(-size // stride)
    total = max((out - 1) * stride + effective - size, 0)
    return total // 2, total - total // 2


def _sparse_to_dense(indices, shape, values, default):
    dense = np.full([int(dim) for dim in np.atleast_1d(shape)], default, dtype=np.asarray(values).dtype)
    indices = np.asarray(indices).reshape(-1, dense.ndim) if dense.ndim else np.asarray(indices)
    values = np.broadcast_to(values, (indices.shape[0],))
    for index, value in zip(indices, values):
        dense[tuple(index)] = value
    return dense


def _concat(*args):
    return np.concatenate(args[:-1], axis=int(args[-1]))


_FOLD = {
    "Identity": lambda x: x,
    "Add": np.add,
    "AddV2": np.add,
    "Sub": np.subtract,
    "Mul": np.multiply,
    "Cast": lambda x: x,  # the result's dtype is fixed below from the node's DstT
    "Reshape": lambda x, shape: np.reshape(x, [int(dim) for dim in shape]),
    "Transpose": lambda x, perm: np.transpose(x, [int(axis) for axis in perm]),
    "ConcatV2": _concat,
    "Pack": lambda *xs: np.stack(xs),
    "SparseToDense": _sparse_to_dense,
}

_TF_DTYPES = {"DT_FLOAT": np.float32, "DT_INT32": np.int32, "DT_INT64": np.int64, "DT_BOOL": np.bool_}


def fold_constant(node, inputs):
    """Evaluates a node whose inputs are all constants (shape arithmetic left in the graph by TF's exporters)."""
    if node.op not in _FOLD:
        raise NotImplementedError(f"op {node.op} ({node.name}) on constants cannot be folded by this converter")
    result = np.asarray(_FOLD[node.op](*inputs))
    if node.op == "Cast":
        result = result.astype(_TF_DTYPES[node.attr["DstT"]["type"]])
    elif node.op == "Pack":
        result = np.moveaxis(result, 0, node.attr_int("axis", 0))
    return result
