# Inert stand-in for LLVM FileCheck's Python port (see tests/apps/pyshim/README).
from filecheck import __getattr__  # noqa: F401  every name resolves to an inert object
