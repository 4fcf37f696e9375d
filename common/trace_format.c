/*
 * trace_format.c -- reading a recording with the IDL's types (trace_format.h).
 *
 * gen/trace_types.inc describes every type of idl/cuda.x as an entry of
 * trace_types[]: its kind, and for structs and unions a range of
 * trace_fields[] (a union's first field is its discriminant, the others its
 * arms with their case values).  The recording is read in the order the
 * xdr routine wrote it, which is the order of the IDL's declarations.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cuda.h>

#include "common/trace_format.h"

enum trace_kind {
	TK_VOID, TK_INT, TK_UINT, TK_HYPER, TK_UHYPER,
	TK_ADDRESS,		/* an unsigned hyper holding a handle or pointer */
	TK_FLOAT, TK_DOUBLE, TK_BOOL,
	TK_STRING, TK_OPAQUE, TK_OPAQUE_FIXED,
	TK_ARRAY, TK_ARRAY_FIXED, TK_OPTIONAL, TK_STRUCT, TK_UNION
};

struct trace_type {
	enum trace_kind kind;
	const char *name;
	unsigned short of;	/* element type of arrays and optionals */
	unsigned int count;	/* length of fixed arrays and opaque[n] */
	unsigned short first;	/* fields of structs and unions */
	unsigned short fields;
};

struct trace_field {
	const char *name;	/* NULL for a void union arm */
	unsigned short type;
	int case_value;		/* union arms */
	unsigned char is_default;
};

struct trace_proc {
	unsigned number;
	const char *name;
	unsigned short first;	/* its arguments in trace_fields[] */
	unsigned short args;
	unsigned short result;
};

#include "gen/trace_types.inc"

/* Elements of an array shown before "...", and characters of a string. */
#define SHOWN_ELEMENTS 8
#define SHOWN_CHARS 64
/* Nesting deeper than the IDL's is a broken table, not a type. */
#define DEPTH_MAX 16

void trace_line_clear(struct trace_line *line)
{
	line->len = 0;
	line->text[0] = '\0';
}

void trace_line_add(struct trace_line *line, const char *fmt, ...)
{
	size_t room;
	va_list ap;
	int n;

	/* A NULL line swallows text: values read past but not shown. */
	if (line == NULL || line->len >= sizeof(line->text) - 1)
		return;
	room = sizeof(line->text) - line->len;
	va_start(ap, fmt);
	n = vsnprintf(line->text + line->len, room, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n < room) {
		line->len += (size_t)n;
		return;
	}
	line->len = sizeof(line->text) - 1;
	memcpy(line->text + line->len - 3, "...", 4);
}

size_t trace_proc_count(void)
{
	return sizeof(trace_procs) / sizeof(trace_procs[0]);
}

int trace_proc_slot(rpcproc_t proc)
{
	size_t low = 0, high = trace_proc_count();

	while (low < high) {
		size_t mid = low + (high - low) / 2;

		if (trace_procs[mid].number == proc)
			return (int)mid;
		if (trace_procs[mid].number < proc)
			low = mid + 1;
		else
			high = mid;
	}
	return -1;
}

const char *trace_proc_name(size_t slot)
{
	return slot < trace_proc_count() ? trace_procs[slot].name : "?";
}

const char *trace_cuda_result_name(int code)
{
	switch (code) {
#define ONCUDA_ERROR(name, text) case name: return #name;
#include "stubs/answers/error_strings.inc"
#undef ONCUDA_ERROR
	default:
		return NULL;
	}
}

/* Where the reading of a recording stands. */
struct reader {
	const struct trace_recording *rec;
	size_t next;
	bool lost;	/* the recording ran out or did not match the type */
};

static bool read_word(struct reader *r, uint32_t *value)
{
	const struct trace_token *t = &r->rec->tokens[r->next];

	if (r->lost || r->next == r->rec->count || t->bytes != NULL) {
		r->lost = true;
		return false;
	}
	*value = t->value;
	r->next++;
	return true;
}

static bool read_hyper(struct reader *r, uint64_t *value)
{
	uint32_t high, low;

	if (!read_word(r, &high) || !read_word(r, &low))
		return false;
	*value = (uint64_t)high << 32 | low;
	return true;
}

/* len bytes and their padding to a multiple of 4 (xdr_opaque writes both). */
static const unsigned char *read_bytes(struct reader *r, uint32_t len)
{
	const struct trace_token *t = &r->rec->tokens[r->next];
	const unsigned char *bytes;

	if (len == 0)
		return (const unsigned char *)"";
	if (r->lost || r->next == r->rec->count || t->bytes == NULL ||
	    t->value != len) {
		r->lost = true;
		return NULL;
	}
	bytes = t->bytes;
	r->next++;
	if (len % 4 != 0) {
		t = &r->rec->tokens[r->next];
		if (r->next == r->rec->count || t->bytes == NULL ||
		    t->value != 4 - len % 4) {
			r->lost = true;
			return NULL;
		}
		r->next++;
	}
	return bytes;
}

static void show_string(struct trace_line *line, const unsigned char *s,
    uint32_t len)
{
	uint32_t shown = len < SHOWN_CHARS ? len : SHOWN_CHARS;

	trace_line_add(line, "\"");
	for (uint32_t i = 0; i < shown; i++) {
		if (s[i] == '"' || s[i] == '\\')
			trace_line_add(line, "\\%c", s[i]);
		else if (s[i] >= 0x20 && s[i] < 0x7f)
			trace_line_add(line, "%c", s[i]);
		else if (s[i] == '\n')
			trace_line_add(line, "\\n");
		else
			trace_line_add(line, "\\x%02x", s[i]);
	}
	if (shown < len)
		trace_line_add(line, "\"...(%u chars)", len);
	else
		trace_line_add(line, "\"");
}

static void show_opaque(struct trace_line *line, const unsigned char *bytes,
    uint32_t len)
{
	if (line == NULL)
		return;		/* the checksum costs: only for what is shown */
	trace_line_add(line, "<%u bytes crc32 %08x>", len,
	    trace_crc32(bytes, len));
}

static void show(struct trace_line *line, struct reader *r, unsigned type,
    int depth);

static void show_elements(struct trace_line *line, struct reader *r,
    unsigned type, uint32_t count, int depth)
{
	trace_line_add(line, "[");
	for (uint32_t i = 0; i < count && !r->lost; i++) {
		bool shown = i < SHOWN_ELEMENTS;

		if (shown && i > 0)
			trace_line_add(line, ", ");
		/* Read past the rest, to keep the place for what follows. */
		show(shown ? line : NULL, r, type, depth + 1);
	}
	if (count > SHOWN_ELEMENTS)
		trace_line_add(line, ", ...(%u in all)", count);
	trace_line_add(line, "]");
}

/* The arm of a union for a discriminant value; NULL when none matches. */
static const struct trace_field *union_arm(const struct trace_type *t,
    int value)
{
	const struct trace_field *fallback = NULL;

	for (unsigned i = 1; i < t->fields; i++) {
		const struct trace_field *f = &trace_fields[t->first + i];

		if (f->is_default)
			fallback = f;
		else if (f->case_value == value)
			return f;
	}
	return fallback;
}

/*
 * The discriminant, then the arm: "err=CUDA_SUCCESS, value=5".  A
 * discriminant named err is a CUresult (every result of the IDL).
 */
static void show_union_fields(struct trace_line *line, struct reader *r,
    const struct trace_type *t, const char *separator, int depth)
{
	const struct trace_field *disc = &trace_fields[t->first];
	const struct trace_field *arm;
	const char *name;
	uint32_t value;

	if (!read_word(r, &value))
		return;
	name = strcmp(disc->name, "err") == 0 ?
	    trace_cuda_result_name((int)value) : NULL;
	if (name != NULL)
		trace_line_add(line, "%s", name);
	else
		trace_line_add(line, "%s=%d", disc->name, (int)value);
	if ((arm = union_arm(t, (int)value)) == NULL) {
		r->lost = true;
		return;
	}
	if (arm->name == NULL)
		return;
	trace_line_add(line, "%s%s=", separator, arm->name);
	show(line, r, arm->type, depth + 1);
}

static void show(struct trace_line *line, struct reader *r, unsigned type,
    int depth)
{
	const struct trace_type *t = &trace_types[type];
	const unsigned char *bytes;
	uint64_t wide;
	uint32_t word;
	float f;
	double d;

	if (depth > DEPTH_MAX || r->lost) {
		r->lost = true;
		return;
	}
	switch (t->kind) {
	case TK_VOID:
		break;
	case TK_INT:
		if (read_word(r, &word))
			trace_line_add(line, "%d", (int32_t)word);
		break;
	case TK_UINT:
		if (read_word(r, &word))
			trace_line_add(line, "%u", word);
		break;
	case TK_BOOL:
		if (read_word(r, &word))
			trace_line_add(line, "%s", word ? "true" : "false");
		break;
	case TK_FLOAT:
		if (read_word(r, &word)) {
			memcpy(&f, &word, sizeof(f));
			trace_line_add(line, "%g", (double)f);
		}
		break;
	case TK_HYPER:
		if (read_hyper(r, &wide))
			trace_line_add(line, "%lld", (long long)(int64_t)wide);
		break;
	case TK_UHYPER:
		if (read_hyper(r, &wide))
			trace_line_add(line, "%llu", (unsigned long long)wide);
		break;
	case TK_ADDRESS:
		if (read_hyper(r, &wide))
			trace_line_add(line, "%#llx", (unsigned long long)wide);
		break;
	case TK_DOUBLE:
		if (read_hyper(r, &wide)) {
			memcpy(&d, &wide, sizeof(d));
			trace_line_add(line, "%g", d);
		}
		break;
	case TK_STRING:
		if (read_word(r, &word) && (bytes = read_bytes(r, word)) != NULL)
			show_string(line, bytes, word);
		break;
	case TK_OPAQUE:
		if (read_word(r, &word) && (bytes = read_bytes(r, word)) != NULL)
			show_opaque(line, bytes, word);
		break;
	case TK_OPAQUE_FIXED:
		if ((bytes = read_bytes(r, t->count)) != NULL)
			show_opaque(line, bytes, t->count);
		break;
	case TK_ARRAY:
		if (read_word(r, &word))
			show_elements(line, r, t->of, word, depth);
		break;
	case TK_ARRAY_FIXED:
		show_elements(line, r, t->of, t->count, depth);
		break;
	case TK_OPTIONAL:
		if (read_word(r, &word)) {
			if (word)
				show(line, r, t->of, depth + 1);
			else
				trace_line_add(line, "NULL");
		}
		break;
	case TK_STRUCT:
		trace_line_add(line, "{");
		for (unsigned i = 0; i < t->fields && !r->lost; i++) {
			const struct trace_field *field = &trace_fields[t->first + i];

			trace_line_add(line, "%s%s=", i > 0 ? ", " : "", field->name);
			show(line, r, field->type, depth + 1);
		}
		trace_line_add(line, "}");
		break;
	case TK_UNION:
		trace_line_add(line, "{");
		show_union_fields(line, r, t, ", ", depth);
		trace_line_add(line, "}");
		break;
	}
}

/* What is left of a recording the tables could not read, as words. */
static void show_rest(struct trace_line *line, const struct reader *r)
{
	if (!r->lost && r->next == r->rec->count && !r->rec->cut)
		return;
	trace_line_add(line, " ...");
}

void trace_format_arguments(struct trace_line *line, rpcproc_t proc,
    const struct trace_recording *rec)
{
	struct reader r = { .rec = rec };
	int slot = trace_proc_slot(proc);
	const struct trace_proc *p;

	if (slot < 0 && proc == NULLPROC) {
		trace_line_add(line, "NULLPROC()");
		return;
	}
	if (slot < 0) {
		trace_line_add(line, "PROC_%lu(%llu bytes)", (unsigned long)proc,
		    (unsigned long long)rec->encoded_bytes);
		return;
	}
	p = &trace_procs[slot];
	trace_line_add(line, "%s(", p->name);
	for (unsigned i = 0; i < p->args && !r.lost; i++) {
		const struct trace_field *arg = &trace_fields[p->first + i];

		trace_line_add(line, "%s%s=", i > 0 ? ", " : "", arg->name);
		show(line, &r, arg->type, 0);
	}
	show_rest(line, &r);
	trace_line_add(line, ")");
}

void trace_format_result(struct trace_line *line, rpcproc_t proc,
    const struct trace_recording *rec)
{
	struct reader r = { .rec = rec };
	int slot = trace_proc_slot(proc);
	const struct trace_type *t;

	if (slot < 0 && proc == NULLPROC) {
		trace_line_add(line, "void");
		return;
	}
	if (slot < 0) {
		trace_line_add(line, "%llu bytes",
		    (unsigned long long)rec->encoded_bytes);
		return;
	}
	t = &trace_types[trace_procs[slot].result];
	if (t->kind == TK_UNION)
		show_union_fields(line, &r, t, " ", 0);
	else
		show(line, &r, trace_procs[slot].result, 0);
	show_rest(line, &r);
}
