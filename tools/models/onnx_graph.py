"""The ONNX graph a converter walks: the model, its initialisers as numpy arrays, its nodes, and
each tensor's producer and consumers (dev-time only; needs the `onnx` package)."""
import collections


class OnnxGraph:
    def __init__(self, path):
        import onnx
        from onnx import numpy_helper
        self.onnx = onnx
        self.model = onnx.load(path)
        self.inits = {i.name: numpy_helper.to_array(i) for i in self.model.graph.initializer}
        self.nodes = list(self.model.graph.node)
        self.producer = {o: n for n in self.nodes for o in n.output}
        self.consumers = collections.defaultdict(list)
        for n in self.nodes:
            for i in n.input:
                self.consumers[i].append(n)

    def attrs(self, n):
        """The node's attributes by name."""
        return {a.name: self.onnx.helper.get_attribute_value(a) for a in n.attribute}
