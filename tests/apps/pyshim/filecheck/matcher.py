# Inert stand-in for LLVM FileCheck's Python port (see tests/apps/pyshim/README).
class _Inert:
    def __init__(self, *args, **kwargs):
        pass

    def __call__(self, *args, **kwargs):
        return self

    def __getattr__(self, name):
        return _Inert()


def __getattr__(name):
    return _Inert
