"""Reads a TensorFlow.js graph model: model.json (topology + weights manifest) and its binary weight shards.

The format (tfjs-converter "graph-model"): `modelTopology.node` is a TensorFlow GraphDef's node list (name, op, input,
attr); `weightsManifest` is a list of groups, each with shard `paths` and `weights` specs (name, shape, dtype and an
optional `quantization`). A group's shards are concatenated and its weights follow one another in spec order.
"""

import base64
import json
import os

import numpy as np

_DTYPES = {"float32": np.float32, "int32": np.int32, "bool": np.bool_}


class TfNode:
    """One GraphDef node: `inputs` are tensor references ("name" or "name:1"); control inputs ("^name") are dropped."""

    def __init__(self, spec):
        self.name = spec["name"]
        self.op = spec["op"]
        self.inputs = [name for name in spec.get("input", []) if not name.startswith("^")]
        self.attr = spec.get("attr", {})

    def attr_int(self, key, default=None):
        value = self.attr.get(key)
        return int(value["i"]) if value and "i" in value else default

    def attr_float(self, key, default=None):
        value = self.attr.get(key)
        return float(value["f"]) if value and "f" in value else default

    def attr_bool(self, key, default=False):
        value = self.attr.get(key)
        return bool(value["b"]) if value and "b" in value else default

    def attr_ints(self, key, default=None):
        value = self.attr.get(key)
        if not value or "list" not in value:
            return default
        return [int(i) for i in value["list"].get("i", [])]

    def attr_string(self, key, default=None):
        value = self.attr.get(key)
        return base64.b64decode(value["s"]).decode() if value and "s" in value else default


class TfGraph:
    """The nodes in file order, the constants (weights) by node name, and the signature's inputs and outputs."""

    def __init__(self, nodes, constants, inputs, outputs):
        self.nodes = nodes
        self.constants = constants
        self.inputs = inputs
        self.outputs = outputs

    def consumers(self):
        """Node name -> the nodes that read any of its outputs."""
        readers = {}
        for node in self.nodes:
            for ref in node.inputs:
                readers.setdefault(tensor_node(ref), []).append(node)
        return readers


def tensor_node(ref):
    """The node name of a tensor reference ("conv:0", "split:1", "conv")."""
    return ref.split(":")[0]


def _dequantize(raw, offset, count, spec):
    quantization = spec.get("quantization")
    if not quantization:
        dtype = np.dtype(_DTYPES[spec["dtype"]]).newbyteorder("<")
        return np.frombuffer(raw, dtype=dtype, count=count, offset=offset), count * dtype.itemsize
    kind = quantization["dtype"]
    if kind == "float16":
        return np.frombuffer(raw, dtype="<f2", count=count, offset=offset).astype(np.float32), count * 2
    if kind in ("uint8", "uint16"):
        dtype = np.dtype(kind).newbyteorder("<")
        values = np.frombuffer(raw, dtype=dtype, count=count, offset=offset).astype(np.float32)
        values = values * np.float32(quantization["scale"]) + np.float32(quantization["min"])
        return values.astype(_DTYPES[spec["dtype"]]), count * dtype.itemsize
    raise ValueError(f"weight {spec['name']}: unsupported quantization {kind}")


def _read_weights(manifest, directory):
    weights = {}
    for group in manifest:
        raw = b"".join(open(os.path.join(directory, path), "rb").read() for path in group["paths"])
        offset = 0
        for spec in group["weights"]:
            if spec["dtype"] not in _DTYPES:
                raise ValueError(f"weight {spec['name']}: unsupported dtype {spec['dtype']}")
            count = int(np.prod(spec["shape"])) if spec["shape"] else 1
            values, size = _dequantize(raw, offset, count, spec)
            weights[spec["name"]] = values.reshape(spec["shape"])
            offset += size
        if offset != len(raw):
            raise ValueError(f"weights manifest describes {offset} bytes, shards hold {len(raw)}")
    return weights


def _inline_constant(node):
    """A Const node whose value is stored in the graph itself (small tensors) rather than in the weights."""
    tensor = node.attr.get("value", {}).get("tensor")
    if tensor is None:
        return None
    shape = [int(dim["size"]) for dim in tensor.get("tensorShape", {}).get("dim", [])]
    if "intVal" in tensor:
        values = np.array([int(v) for v in tensor["intVal"]], dtype=np.int32)
    elif "floatVal" in tensor:
        values = np.array([float(v) for v in tensor["floatVal"]], dtype=np.float32)
    else:
        return None
    return np.broadcast_to(values, shape).copy() if values.size == 1 else values.reshape(shape)


def load(model_json_path):
    """Reads model.json and the shards beside it into a TfGraph."""
    with open(model_json_path) as model_file:
        model = json.load(model_file)
    if model.get("format") != "graph-model":
        raise ValueError(f"{model_json_path}: format {model.get('format')!r}, expected 'graph-model'")
    nodes = [TfNode(spec) for spec in model["modelTopology"]["node"]]
    constants = _read_weights(model["weightsManifest"], os.path.dirname(model_json_path))
    for node in nodes:
        if node.op == "Const" and node.name not in constants:
            value = _inline_constant(node)
            if value is None:
                raise ValueError(f"constant {node.name} has no weight and no inline value")
            constants[node.name] = value
    signature = model.get("signature", {})
    inputs = [tensor_node(name) for name in signature.get("inputs", {})]
    outputs = [tensor_node(name) for name in signature.get("outputs", {})]
    if not inputs:
        inputs = [node.name for node in nodes if node.op == "Placeholder"]
    if not outputs:
        raise ValueError(f"{model_json_path}: no signature outputs")
    return TfGraph(nodes, constants, inputs, sorted(outputs))
