# numba-cuda's tests still call numpy.row_stack, which numpy 2 removed; give them vstack so they run (natively and through oncuda alike).
try:
    import numpy
    if not hasattr(numpy, "row_stack"):
        numpy.row_stack = numpy.vstack
except Exception:
    pass
