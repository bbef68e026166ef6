"""cupyx's top level, which lives in cunp's (DESIGN decision 15: `cupyx.X` is `cunp.X`):
scatter_add/max/min, rsqrt, the pinned NumPy arrays, allow_synchronize and DeviceSynchronized,
and GeneralizedUFunc. cunp._namespace lists each module's names; nothing here is imported by
`import cunp`."""
