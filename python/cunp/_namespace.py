# python/cunp/_namespace.py -- where each name of the cunp namespace is defined.
"""The cunp namespace as a table: each area module and the names of cunp it defines. `import
cunp` imports none of them; cunp.__getattr__ imports a module when one of its names is first
read, so a program pays only for the areas it uses. An area with __all__ lists exactly that here
(tests/python/test_namespace_table.py checks it)."""

# Subpackages, imported on first use the same way.
SUBMODULES = ("cuda", "linalg", "random", "profiler", "testing", "core", "polynomial", "fft",
              "scipy", "distributed", "exceptions", "lib", "typing", "time", "optimizing")

AREAS = {
    "cunp._array._array_api": "__array_namespace_info__ isdtype astype finfo iinfo permute_dims matrix_transpose unstack",
    "cunp._array._config": "show_config get_runtime_info",
    "cunp._array._dtypes": "result_type promote_types can_cast min_scalar_type common_type",
    "cunp._array._interop": "from_dlpack fromDlpack toDlpack",
    "cunp._array._types": (
        "issubdtype isscalar iterable mintypecode typename isfortran may_share_memory shares_memory "
        "packbits unpackbits errstate seterr geterr seterrcall geterrcall"),
    "cunp._creation._basic": (
        "asarray ascontiguousarray asfortranarray copy full empty_like zeros_like ones_like "
        "full_like arange linspace logspace geomspace identity asnumpy meshgrid"),
    "cunp._creation._diagonals": "diag diagflat diagonal vander fill_diagonal",
    "cunp._creation._extras": (
        "mgrid ogrid fromfunction fromiter frombuffer fromstring asanyarray asarray_chkfinite "
        "require"),
    "cunp._creation._triangles": "tri tril triu",
    # cupyx's top level (DESIGN decision 15: cupyx.X is cunp.X).
    "cunp._cupyx._pinned_array": "empty_pinned empty_like_pinned zeros_pinned zeros_like_pinned",
    "cunp._cupyx._rsqrt": "rsqrt",
    "cunp._cupyx._scatter": "scatter_add scatter_max scatter_min",
    "cunp._cupyx._syncdetect": "allow_synchronize DeviceSynchronized",
    "cunp._functional._tools": "vectorize apply_along_axis apply_over_axes piecewise",
    "cunp._indexing._index_tricks": (
        "diag_indices diag_indices_from tril_indices tril_indices_from triu_indices "
        "triu_indices_from indices ix_ ravel_multi_index unravel_index mask_indices r_ c_ s_ "
        "index_exp ndindex ndenumerate"),
    "cunp._indexing._iterators": "broadcast nditer flatiter",
    "cunp._indexing._routines": (
        "take put take_along_axis put_along_axis nonzero argwhere flatnonzero compress extract "
        "place putmask choose select repeat tile"),
    "cunp._io._files": "save load savez savez_compressed savetxt loadtxt genfromtxt fromregex fromfile NpzFile",
    "cunp._io._printing": (
        "array2string array_repr array_str set_printoptions get_printoptions printoptions "
        "format_float_positional format_float_scientific base_repr binary_repr"),
    "cunp._kernels._aligned_dtype": "make_aligned_dtype",
    "cunp._kernels._elementwise_kernel": "ElementwiseKernel",
    "cunp._kernels._fusion": "fuse",
    "cunp._kernels._generalized_ufunc": "GeneralizedUFunc",
    "cunp._kernels._raw_kernel": "RawKernel RawModule",
    "cunp._linalg._products": (
        "matmul dot vdot inner outer tensordot kron trace cross vecdot matvec vecmat einsum "
        "einsum_path"),
    "cunp._manipulation._joining": (
        "concatenate concat stack vstack hstack dstack column_stack row_stack atleast_1d "
        "atleast_2d atleast_3d split array_split hsplit vsplit dsplit"),
    "cunp._manipulation._padding": "pad",
    "cunp._manipulation._rearranging": "rollaxis rot90 append insert delete resize trim_zeros block copyto",
    "cunp._manipulation._shapes": (
        "reshape ravel transpose swapaxes moveaxis squeeze expand_dims broadcast_to "
        "broadcast_arrays broadcast_shapes real imag shape ndim size flip fliplr flipud roll"),
    "cunp._math._differences": "diff",
    "cunp._math._elementwise": (
        "clip where nan_to_num around round angle isreal iscomplex isrealobj iscomplexobj isclose "
        "allclose array_equal array_equiv"),
    "cunp._math._extras": "sinc i0 fix isposinf isneginf real_if_close ediff1d gradient trapezoid unwrap cov corrcoef",
    "cunp._math._interpolation": "interp",
    "cunp._math._polynomial": (
        "convolve correlate poly1d poly polyadd polysub polymul polydiv polyder polyint polyfit "
        "polyval roots"),
    "cunp._math._reductions": "sum prod amax amin max min argmax argmin all any ReductionKernel",
    "cunp._math._scans": "cumsum cumprod nancumsum nancumprod cumulative_sum cumulative_prod",
    "cunp._math._ufuncs": "ufunc",
    "cunp._math._windows": "bartlett blackman hamming hanning kaiser",
    # NumPy 1 names CuPy 14 keeps, and CuPy's own utilities.
    "cunp._misc._numpy1": (
        "alltrue sometrue product cumproduct round_ trapz in1d msort asfarray byte_bounds who "
        "find_common_type set_string_function get_array_wrap disp safe_eval issctype "
        "issubclass_ issubsctype obj2sctype sctype2char format_parser DataSource AxisError "
        "ComplexWarning ModuleDeprecationWarning RankWarning TooHardError "
        "VisibleDeprecationWarning"),
    "cunp._misc._utils": "memoize clear_memo disable_experimental_feature_warning",
    "cunp._sorting._sets": "intersect1d union1d setdiff1d setxor1d",
    "cunp._sorting._sort": (
        "sort argsort sort_complex searchsorted unique unique_all unique_counts unique_inverse "
        "unique_values"),
    "cunp._sorting._sorted_compositions": "lexsort isin",
    "cunp._statistics._averages": (
        "mean var std average ptp count_nonzero nansum nanprod nanmax nanmin nanargmax nanargmin "
        "nanmean nanvar nanstd"),
    "cunp._statistics._histograms": "bincount digitize histogram histogram_bin_edges histogram2d histogramdd",
    "cunp._statistics._order_statistics": "partition argpartition median nanmedian percentile quantile nanpercentile nanquantile",
    "cunp.cuda.memory": "get_default_memory_pool get_default_pinned_memory_pool",
}
