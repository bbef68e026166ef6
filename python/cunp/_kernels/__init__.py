"""User kernels and kernel objects: ElementwiseKernel, ReductionKernel, RawKernel, RawModule,
fuse, and the gufunc objects of matmul/vecdot/matvec/vecmat."""
