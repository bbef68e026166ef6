"""The integer constants of cunp.cuda.runtime: CUDA runtime enums, with CUDA's values."""


def _group(prefix, **values):
    globals().update((prefix + name, value) for name, value in values.items())


# device attributes (cudaDeviceAttr), for deviceGetAttribute
_group('cudaDevAttr',
       AsyncEngineCount=40, CanFlushRemoteWrites=98, CanMapHostMemory=19,
       CanUseHostPointerForRegisteredMem=91, ClockRate=13, ComputeMode=20,
       ComputePreemptionSupported=90, ConcurrentKernels=31, ConcurrentManagedAccess=89,
       CooperativeLaunch=95, CooperativeMultiDeviceLaunch=96, DirectManagedMemAccessFromHost=101,
       EccEnabled=32, GPUDirectRDMAFlushWritesOptions=117, GPUDirectRDMASupported=116,
       GPUDirectRDMAWritesOrdering=118, GlobalL1CacheSupported=79, GlobalMemoryBusWidth=37,
       GpuOverlap=15, HostNativeAtomicSupported=86, HostRegisterReadOnlySupported=113,
       HostRegisterSupported=99, Integrated=18, IsMultiGpuBoard=84, KernelExecTimeout=17,
       L2CacheSize=38, LocalL1CacheSupported=80, ManagedMemory=83, MaxBlockDimX=2, MaxBlockDimY=3,
       MaxBlockDimZ=4, MaxBlocksPerMultiprocessor=106, MaxGridDimX=5, MaxGridDimY=6, MaxGridDimZ=7,
       MaxPitch=11, MaxRegistersPerBlock=12, MaxRegistersPerMultiprocessor=82,
       MaxSharedMemoryPerBlock=8, MaxSharedMemoryPerBlockOptin=97,
       MaxSharedMemoryPerMultiprocessor=81, MaxSurface1DLayeredLayers=62,
       MaxSurface1DLayeredWidth=61, MaxSurface1DWidth=55, MaxSurface2DHeight=57,
       MaxSurface2DLayeredHeight=64, MaxSurface2DLayeredLayers=65, MaxSurface2DLayeredWidth=63,
       MaxSurface2DWidth=56, MaxSurface3DDepth=60, MaxSurface3DHeight=59, MaxSurface3DWidth=58,
       MaxSurfaceCubemapLayeredLayers=68, MaxSurfaceCubemapLayeredWidth=67,
       MaxSurfaceCubemapWidth=66, MaxTexture1DLayeredLayers=43, MaxTexture1DLayeredWidth=42,
       MaxTexture1DLinearWidth=69, MaxTexture1DMipmappedWidth=77, MaxTexture1DWidth=21,
       MaxTexture2DGatherHeight=46, MaxTexture2DGatherWidth=45, MaxTexture2DHeight=23,
       MaxTexture2DLayeredHeight=28, MaxTexture2DLayeredLayers=29, MaxTexture2DLayeredWidth=27,
       MaxTexture2DLinearHeight=71, MaxTexture2DLinearPitch=72, MaxTexture2DLinearWidth=70,
       MaxTexture2DMipmappedHeight=74, MaxTexture2DMipmappedWidth=73, MaxTexture2DWidth=22,
       MaxTexture3DDepth=26, MaxTexture3DDepthAlt=49, MaxTexture3DHeight=25,
       MaxTexture3DHeightAlt=48, MaxTexture3DWidth=24, MaxTexture3DWidthAlt=47,
       MaxTextureCubemapLayeredLayers=54, MaxTextureCubemapLayeredWidth=53,
       MaxTextureCubemapWidth=52, MaxThreadsPerBlock=1, MaxThreadsPerMultiProcessor=39,
       MaxTimelineSemaphoreInteropSupported=114, MemoryClockRate=36,
       MemoryPoolSupportedHandleTypes=119, MemoryPoolsSupported=115, MultiGpuBoardGroupID=85,
       MultiProcessorCount=16, PageableMemoryAccess=88, PageableMemoryAccessUsesHostPageTables=100,
       PciBusId=33, PciDeviceId=34, PciDomainId=50, Reserved92=92, Reserved93=93, Reserved94=94,
       ReservedSharedMemoryPerBlock=111, SingleToDoublePrecisionPerfRatio=87,
       SparseCudaArraySupported=112, StreamPrioritiesSupported=78, SurfaceAlignment=30,
       TccDriver=35, TextureAlignment=14, TexturePitchAlignment=51, TotalConstantMemory=9,
       UnifiedAddressing=41, WarpSize=10)
# graphDebugDotPrint flags
_group('cudaGraphDebugDotFlags',
       ConditionalNodeParams=32768, EventNodeParams=64, ExtSemasSignalNodeParams=128,
       ExtSemasWaitNodeParams=256, Handles=1024, HostNodeParams=32, KernelNodeAttributes=512,
       KernelNodeParams=4, MemcpyNodeParams=8, MemsetNodeParams=16, Verbose=1)
# memPoolGetAttribute/memPoolSetAttribute
_group('cudaMemPoolAttr',
       ReleaseThreshold=4, ReservedMemCurrent=5, ReservedMemHigh=6, UsedMemCurrent=7, UsedMemHigh=8)
# memory pool reuse policies (memPool attributes)
_group('cudaMemPoolReuse',
       AllowInternalDependencies=3, AllowOpportunistic=2, FollowEventDependencies=1)
# memory locations
_group('cudaMemLocationType',
       Device=1, Host=2, HostNuma=3, HostNumaCurrent=4, Invalid=0)
# memory pool export handle types
_group('cudaMemHandleType', **{'None': 0},
       PosixFileDescriptor=1)
# memory pool allocation types
_group('cudaMemAllocationType',
       Pinned=1)
# cudaMallocManaged flags
_group('cudaMemAttach',
       Global=1, Host=2, Single=4)
# memAdvise advice
_group('cudaMemAdvise',
       SetAccessedBy=5, SetPreferredLocation=3, SetReadMostly=1, UnsetAccessedBy=6,
       UnsetPreferredLocation=4, UnsetReadMostly=2)
# deviceGetLimit/deviceSetLimit
_group('cudaLimit',
       DevRuntimePendingLaunchCount=4, DevRuntimeSyncDepth=3, MallocHeapSize=2,
       MaxL2FetchGranularity=5, PrintfFifoSize=1, StackSize=0)
# texture resource types
_group('cudaResourceType',
       Array=0, Linear=2, MipmappedArray=1, Pitch2D=3)
# texture read modes
_group('cudaReadMode',
       ElementType=0, NormalizedFloat=1)
# texture filter modes
_group('cudaFilterMode',
       Linear=1, Point=0)
# texture address modes
_group('cudaAddressMode',
       Border=3, Clamp=1, Mirror=2, Wrap=0)
# channel format kinds
_group('cudaChannelFormatKind',
       Float=2, Signed=0, Unsigned=1, **{'None': 3})
# cudaMallocArray flags
_group('cudaArray',
       Default=0, SurfaceLoadStore=2)
# pointer memory types (cudaMemoryType)
_group('cudaMemoryType',
       Device=2, Host=1)
# pointer memory types (cudaMemoryType), CuPy short names
_group('memoryType',
       Device=2, Host=1, Managed=3, Unregistered=0)
# copy directions (cudaMemcpyKind)
_group('memcpy',
       Default=4, DeviceToDevice=3, DeviceToHost=2, HostToDevice=1, HostToHost=0)
# cudaHostAlloc flags
_group('hostAlloc',
       Default=0, Mapped=2, Portable=1, WriteCombined=4)
# cudaEventCreateWithFlags flags
_group('event',
       BlockingSync=1, Default=0, DisableTiming=2, Interprocess=4)
# graph capture modes
_group('streamCaptureMode',
       Global=0, Relaxed=2, ThreadLocal=1)
# graph capture states
_group('streamCaptureStatus',
       Active=1, Invalidated=2, **{'None': 0})
# stream flags and the special default-stream handles
_group('stream',
       Default=0, Legacy=1, NonBlocking=1, PerThread=2)
# data types (cudaDataType), as cuBLAS and cuFFT name them
_group('CUDA_',
       C_16F=6, C_32F=4, C_64F=5, C_8I=7, C_8U=9, R_16BF=14, R_16F=2, R_32F=0, R_64F=1, R_8I=3,
       R_8U=8)
cudaCpuDeviceId = -1
cudaInvalidDeviceId = -2
cudaIpcMemLazyEnablePeerAccess = 1

del _group
