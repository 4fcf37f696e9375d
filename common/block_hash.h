/*
 * block_hash.h -- a 128-bit hash of a block of managed memory
 * (block_hash.c), the filter that spares a pull reading and comparing the
 * blocks the GPU left alone (server/svc/svc_mapped.c).
 *
 * One function, computed three ways that must agree bit for bit: by the
 * server's CPU over its shadows (here), by the GPU over the managed
 * memory (the kernel of server/copy/managed_hash.c, checked against this
 * function whenever it is loaded), and by the CPU stand-in's version of
 * that kernel (tests/fakecuda/kernels.c, which calls this).
 *
 * The bytes are read as little-endian 64-bit words, the last one padded
 * with zeros; word i of the block (counted from 0) gives two terms,
 *   lane 0: splitmix64's finalizer of (word + (i + 1) * 0x9e3779b97f4a7c15)
 *   lane 1: MurmurHash3's fmix64 of (word ^ (i + 1) * 0xc2b2ae3d27d4eb4f)
 * and the lanes are the sum (mod 2^64) and the exclusive or of the terms:
 * both independent of the order they are added in, so that a GPU's
 * threads may each add a share and the shares be added in any order.
 * Each term is a bijection of its word, so a block that differs in one
 * word always hashes differently; the index makes the hash depend on
 * where a word is, so that words swapped are seen.
 */
#ifndef ONCUDA_COMMON_BLOCK_HASH_H
#define ONCUDA_COMMON_BLOCK_HASH_H

#include <stddef.h>
#include <stdint.h>

/* The bytes one hash covers: a mirror's blocks start every so many. */
#define BLOCK_HASH_BYTES ((size_t)65536)

struct block_hash {
	uint64_t lane[2];
};

/* The hash of the len bytes at p (len <= BLOCK_HASH_BYTES). */
struct block_hash block_hash(const unsigned char *p, size_t len);

/* The blocks of a mirror of size bytes: the last may be partial. */
size_t block_hash_count(size_t size);

/* Lane 0's and lane 1's term of the word at index i of a block. */
uint64_t block_hash_term0(uint64_t word, uint64_t i);
uint64_t block_hash_term1(uint64_t word, uint64_t i);

#endif
