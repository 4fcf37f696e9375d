/*
 * common/ptx_entries.c - the parameters that the .entry declarations of
 * PTX text state (ptx_entries.h).
 *
 * The grammar read, from the PTX ISA ("Kernel Function Parameters") and
 * what nvcc -ptx writes:
 *
 *   [.visible|.weak] .entry NAME [( PARAM {, PARAM} )] {DIRECTIVE} ( { | ; )
 *   PARAM := .param [.align N] TYPE [.ptr [SPACE] [.align N]] NAME [[N]]
 *
 * where the .align after .ptr is the alignment of the memory pointed to,
 * not of the parameter, and the DIRECTIVEs between the list and the body
 * are the performance ones (.maxntid 256, 1, 1; .reqntid; .maxnreg ...).
 * A parameter of TYPE[N] takes N times the type's size at the next
 * multiple of its alignment.
 *
 * The text is the program's own image, which the server's driver has
 * compiled already, but it must not make this walk past its end or
 * without bound: every token is delimited within the text, numbers stop
 * at the driver's 32764-byte limit, names at PTX_NAME_MAX.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "common/ptx_entries.h"

/* The driver's limit on a kernel's parameters (CUDA 12.1 and later). */
#define PARAM_BYTES_MAX 32764u
/*
 * The largest .align read: past it a parameter could not fit the 32764
 * bytes anyway.  Where a parameter aligned above 16 lies depends on the
 * GPU (ptx_entries_placed() below).
 */
#define ALIGN_MAX       32768u
/* The alignment every GPU's parameter base in constant bank 0 has. */
#define BASE_ALIGN      16u

struct lexer {
	const char *at;
	const char *end;
};

struct token {
	const char *text;
	size_t len;		/* 0: the end of the text */
};

static bool is_word_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '%' ||
	    c == '.';
}

static bool is_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v';
}

/* Skips white space and comments; an unclosed comment runs to the end. */
static void skip_blank(struct lexer *lx)
{
	while (lx->at < lx->end) {
		if (is_space(*lx->at)) {
			lx->at++;
		} else if (lx->end - lx->at >= 2 && lx->at[0] == '/' &&
			   lx->at[1] == '/') {
			while (lx->at < lx->end && *lx->at != '\n')
				lx->at++;
		} else if (lx->end - lx->at >= 2 && lx->at[0] == '/' &&
			   lx->at[1] == '*') {
			lx->at += 2;
			while (lx->at < lx->end && !(lx->end - lx->at >= 2 &&
			       lx->at[0] == '*' && lx->at[1] == '/'))
				lx->at++;
			lx->at = lx->end - lx->at >= 2 ? lx->at + 2 : lx->end;
		} else {
			return;
		}
	}
}

/*
 * The next token: a word (directives, names, numbers: letters, digits and
 * _ $ % .), a string with its quotes, or one other character.
 */
static struct token next(struct lexer *lx)
{
	struct token t;
	const char *p;

	skip_blank(lx);
	p = lx->at;
	if (p == lx->end)
		return (struct token){ p, 0 };
	if (is_word_char(*p)) {
		while (p < lx->end && is_word_char(*p))
			p++;
	} else if (*p == '"') {
		for (p++; p < lx->end && *p != '"' && *p != '\n'; p++)
			if (*p == '\\' && p + 1 < lx->end)
				p++;
		if (p < lx->end)
			p++;
	} else {
		p++;
	}
	t.text = lx->at;
	t.len = (size_t)(p - lx->at);
	lx->at = p;
	return t;
}

static bool is(struct token t, const char *word)
{
	return t.len == strlen(word) && memcmp(t.text, word, t.len) == 0;
}

/* The token as a number (decimal, or 0x hexadecimal) of at most max. */
static bool number(struct token t, uint32_t max, uint32_t *value)
{
	size_t i = 0;
	unsigned base = 10, d;
	uint64_t v = 0;

	if (t.len > 2 && t.text[0] == '0' && (t.text[1] == 'x' ||
	    t.text[1] == 'X')) {
		base = 16;
		i = 2;
	}
	if (i == t.len)
		return false;
	for (; i < t.len; i++) {
		char c = t.text[i];

		if (c >= '0' && c <= '9')
			d = (unsigned)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			d = (unsigned)(c - 'a' + 10);
		else if (base == 16 && c >= 'A' && c <= 'F')
			d = (unsigned)(c - 'A' + 10);
		else
			return false;
		v = v * base + d;
		if (v > max)
			return false;
	}
	*value = (uint32_t)v;
	return true;
}

/* Whether t is a PTX identifier: [A-Za-z_$%][A-Za-z0-9_$]*, bounded. */
static bool identifier(struct token t)
{
	if (t.len == 0 || t.len > PTX_NAME_MAX || t.text[0] == '.' ||
	    (t.text[0] >= '0' && t.text[0] <= '9'))
		return false;
	for (size_t i = 1; i < t.len; i++)
		if (t.text[i] == '.' || t.text[i] == '%')
			return false;
	return true;
}

/* The size of a parameter's type, 0 for one not read here (.pred,
 * .texref and the other opaque types, vectors). */
static uint32_t type_size(struct token t)
{
	static const struct {
		const char *name;
		uint32_t size;
	} types[] = {
		{ ".b8", 1 }, { ".s8", 1 }, { ".u8", 1 },
		{ ".b16", 2 }, { ".s16", 2 }, { ".u16", 2 }, { ".f16", 2 },
		{ ".bf16", 2 },
		{ ".b32", 4 }, { ".s32", 4 }, { ".u32", 4 }, { ".f32", 4 },
		{ ".f16x2", 4 }, { ".bf16x2", 4 },
		{ ".b64", 8 }, { ".s64", 8 }, { ".u64", 8 }, { ".f64", 8 },
		{ ".b128", 16 },
	};

	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (is(t, types[i].name))
			return types[i].size;
	return 0;
}

static bool power_of_two(uint32_t n)
{
	return n != 0 && (n & (n - 1)) == 0;
}

/* The parameters of one entry as they are read. */
struct params {
	struct image_param *param;
	unsigned count, capacity;
	uint32_t end;		/* bytes so far */
};

/* Lays out a parameter of size bytes aligned to align after the others. */
static bool place(struct params *ps, uint32_t size, uint32_t align,
		  bool *no_memory)
{
	uint32_t offset = (ps->end + align - 1) & ~(align - 1);

	/* align <= ALIGN_MAX, end <= PARAM_BYTES_MAX: no overflow.  Above
	 * BASE_ALIGN, offset is where a base of a multiple of align puts
	 * the parameter: one GPU's layout of several. */
	if (offset > PARAM_BYTES_MAX || size > PARAM_BYTES_MAX - offset)
		return false;
	if (ps->count == ps->capacity) {
		/* Each parameter takes a byte: end bounds their count. */
		unsigned bigger = ps->capacity == 0 ? 16 : ps->capacity * 2;
		struct image_param *grown;

		grown = realloc(ps->param, bigger * sizeof(*grown));
		if (grown == NULL) {
			*no_memory = true;
			return false;
		}
		ps->param = grown;
		ps->capacity = bigger;
	}
	ps->param[ps->count].offset = offset;
	ps->param[ps->count].size = size;
	ps->param[ps->count].align = align;
	ps->count++;
	ps->end = offset + size;
	return true;
}

/* Reads one PARAM, its .param read already. */
static bool read_param(struct lexer *lx, struct params *ps, bool *no_memory)
{
	struct token t = next(lx);
	uint32_t align = 0, size, count = 1;

	if (is(t, ".align")) {
		if (!number(next(lx), ALIGN_MAX, &align) ||
		    !power_of_two(align))
			return false;
		t = next(lx);
	}
	if ((size = type_size(t)) == 0)
		return false;
	if (align == 0)
		align = size;
	if (align < size)
		return false;
	t = next(lx);
	if (is(t, ".ptr")) {
		uint32_t pointee;

		t = next(lx);
		if (is(t, ".global") || is(t, ".const") || is(t, ".local") ||
		    is(t, ".shared"))
			t = next(lx);
		if (is(t, ".align")) {
			if (!number(next(lx), UINT32_MAX, &pointee) ||
			    !power_of_two(pointee))
				return false;
			t = next(lx);
		}
	}
	if (!identifier(t))
		return false;
	/* A [COUNT] is a lookahead: the next token is then , or ). */
	{
		struct lexer after = *lx;

		if (is(next(&after), "[")) {
			if (!number(next(&after), PARAM_BYTES_MAX, &count) ||
			    count == 0 || !is(next(&after), "]"))
				return false;
			*lx = after;
		}
	}
	if (count > PARAM_BYTES_MAX / size)
		return false;
	return place(ps, size * count, align, no_memory);
}

/*
 * Reads what follows a .entry NAME: the parameter list, if any, and the
 * directives up to the body or the ; of a declaration.
 */
static bool read_declaration(struct lexer *lx, struct params *ps,
			     bool *no_memory)
{
	struct lexer peek = *lx;
	struct token t = next(&peek);

	if (is(t, "(")) {
		*lx = peek;
		t = next(lx);
		if (!is(t, ")")) {
			for (;;) {
				if (!is(t, ".param") ||
				    !read_param(lx, ps, no_memory))
					return false;
				t = next(lx);
				if (is(t, ")"))
					break;
				if (!is(t, ","))
					return false;
				t = next(lx);
			}
		}
	}
	for (;;) {
		t = next(lx);
		if (is(t, "{") || is(t, ";"))
			return true;
		if (t.len == 0 || !(t.text[0] == '.' || t.text[0] == ',' ||
		    (t.text[0] >= '0' && t.text[0] <= '9')))
			return false;
	}
}

bool ptx_entries_read(const char *text, size_t size, ptx_entry_fn *each,
		      void *arg)
{
	const char *nul = memchr(text, '\0', size);
	struct lexer lx = { text, nul != NULL ? nul : text + size };
	struct params ps = { NULL, 0, 0, 0 };
	bool ok = true, no_memory = false;
	struct token t, name;

	while (ok && (t = next(&lx)).len != 0) {
		if (!is(t, ".entry"))
			continue;
		name = next(&lx);
		if (!identifier(name))
			continue;
		ps.count = 0;
		ps.end = 0;
		if (read_declaration(&lx, &ps, &no_memory))
			ok = each(arg, name.text, name.len, ps.param, ps.count);
		if (no_memory)
			ok = false;
	}
	free(ps.param);
	return ok;
}

void ptx_placer_init(struct ptx_placer *p)
{
	p->end = 0;
	p->residue = 0;
	p->modulus = BASE_ALIGN;
}

/*
 * ptxas puts each parameter at the lowest offset past the one before it
 * where its address in constant bank 0, base + offset, is a multiple of
 * its alignment.  base differs by architecture (nvcc 13: 0x160 for sm_75
 * to sm_89, 0x210 for sm_90, 0x380 for sm_100 to sm_121) but is always a
 * multiple of 16, so the placer knows base modulo p->modulus (16 at
 * first) as p->residue: an alignment up to the modulus fixes the offset,
 * and a larger one lies less than its alignment past the end, at a
 * multiple of what is known, and then tells base modulo itself.
 */
bool ptx_placer_next(struct ptx_placer *p, uint32_t size, uint32_t align,
		     uint64_t offset, uint64_t *could)
{
	uint64_t lowest;
	uint32_t step = align <= p->modulus ? align : p->modulus;

	assert(power_of_two(align) && align <= ALIGN_MAX);
	/* The lowest offset past the end that base + it may be. */
	lowest = p->end + (step - (p->residue + p->end) % step) % step;
	*could = lowest;
	if (align <= p->modulus) {
		if (offset != lowest)
			return false;
	} else {
		if (offset < lowest || offset - p->end >= align ||
		    (p->residue + offset) % p->modulus != 0)
			return false;
		p->residue = (uint32_t)((align - offset % align) % align);
		p->modulus = align;
	}
	p->end = offset + size;
	return true;
}
