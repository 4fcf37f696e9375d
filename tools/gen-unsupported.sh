#!/bin/sh
# gen-unsupported.sh -- CUDA_ERROR_NOT_SUPPORTED stubs for every entry point
# of the NVIDIA driver that the client library does not define.
#
#   tools/gen-unsupported.sh EXPORTS TABLE OBJECT... > gen/unsupported.c
#
# EXPORTS is the driver's list of names (stubs/answers/driver-exports.txt), TABLE
# the cuGetProcAddress table (stubs/answers/procaddr-580.tsv), whose every symbol
# must exist too, and the OBJECTs are all other objects of the library.
# The output is sorted, so that the same inputs give the same file: gen/ is
# committed and CI checks that regenerating it changes nothing.
set -eu

exports=$1
table=$2
shift 2

defined=$(mktemp)
trap 'rm -f "$defined"' EXIT
nm --defined-only -g "$@" | awk '$2 == "T" { print $3 }' |
	LC_ALL=C sort -u > "$defined"

cat <<'HEADER'
/*
 * gen/unsupported.c -- made by tools/gen-unsupported.sh; do not edit.
 *
 * One stub per entry point of the NVIDIA driver (stubs/answers/driver-exports.txt,
 * and every symbol stubs/answers/procaddr-580.tsv can answer) that oncuda does not
 * implement, so that a program finds every name it expects; calling one
 * says so on stderr once and returns CUDA_ERROR_NOT_SUPPORTED.
 *
 * They are declared here without cuda.h and without parameters, whatever
 * the driver's signature: under the x86-64 System V ABI the caller passes
 * arguments in registers and on its own stack, which a function that
 * takes none leaves alone, and CUresult, an enum, comes back in %eax as an
 * int does.
 */
#include "stubs/link/say.h"

typedef int CUresult;
HEADER

{
	grep -v '^#' "$exports"
	grep -v '^#' "$table" | cut -f4
} | grep -v '^$' | LC_ALL=C sort -u | LC_ALL=C comm -23 - "$defined" |
awk '{
	printf "\nONCUDA_API CUresult %s(void);\n", $1
	printf "ONCUDA_API CUresult %s(void)\n{\n", $1
	printf "\toncuda_unsupported(\"%s\");\n", $1
	printf "\treturn ONCUDA_NOT_SUPPORTED;\n}\n"
}'
