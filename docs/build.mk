# docs/build.mk: docs/protocol.md, the protocol as a document to read.
#
# Included by the top-level Makefile.  The document is generated from
# idl/cuda.x and a trace of examples/vectorAdd (docs/traces/) and committed,
# like gen/; CI runs check-docs so that it never disagrees with the IDL.

PYTHON ?= python3

DOCS_SOURCES := idl/cuda.x tools/gen-protocol-doc.py tools/idl.py \
	tools/protocol_walk.py $(wildcard docs/traces/vectorAdd-*.trace)

.PHONY: docs check-docs

docs: docs/protocol.md

docs/protocol.md: $(DOCS_SOURCES)
	$(PYTHON) tools/gen-protocol-doc.py $@

check-docs:
	@$(PYTHON) tools/gen-protocol-doc.py --check docs/protocol.md
