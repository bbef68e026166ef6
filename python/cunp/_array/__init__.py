"""The ndarray's Python-level methods, dtypes and type queries, interop (DLPack, CUDA Array Interface,
NumPy's protocols, pickling), the array API's extra names and show_config."""
