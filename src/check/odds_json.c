/*
 * odds_json.c: a family's odds document (struct eng_emit) made into
 * jansson values, item by item (chk_odds_json(), check.h): the writers
 * of `sandtable odds` lay out JSON and text from them.
 *
 * A chance is a JSON real (the family's double) or a string of its
 * fraction, "n/d", or "n" when whole. A value the family shares is kept
 * here by its id and part until the document ends, so that the entries
 * that show it hold the same json_t: 256 unit types make 65,536 melee
 * entries but only a handful of different rounds.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

#define JE_DEPTH 16 /* the deepest a document nests */

struct je_kept {
	const void *id; /* NULL: a free slot */
	int part;
	json_t *v;
};

struct je {
	const struct chk_json_sink *sink;
	json_t *stack[JE_DEPTH]; /* the values open */
	char *keys[JE_DEPTH];    /* their keys (NULL: in a list) */
	int keep[JE_DEPTH];      /* to be kept under id and part */
	const void *id[JE_DEPTH];
	int part[JE_DEPTH];
	int depth;
	int in_table;     /* a table is open: top-level objects are entries */
	const void *want; /* share() said 0: the next value's id */
	int want_part;
	struct je_kept *kept; /* open addressing, a power of two */
	size_t nkept, cap;
};

/* Returns the slot of id and part, or the free one where it goes. */
static struct je_kept *
kept_slot(struct je *j, const void *id, int part)
{
	size_t h = (size_t)(((uintptr_t)id >> 3) * 2654435761u + (size_t)part);
	struct je_kept *k;

	for (h &= j->cap - 1;; h = (h + 1) & (j->cap - 1)) {
		k = &j->kept[h];
		if (k->id == NULL || (k->id == id && k->part == part))
			return k;
	}
}

static void
kept_add(struct je *j, const void *id, int part, json_t *v)
{
	struct je_kept *old = j->kept, *k;
	size_t i, n = j->cap;

	if (2 * (j->nkept + 1) > j->cap) {
		j->cap = n == 0 ? 256 : 2 * n;
		j->kept = xcalloc(j->cap, sizeof(*j->kept));
		for (i = 0; i < n; i++)
			if (old[i].id != NULL)
				*kept_slot(j, old[i].id, old[i].part) = old[i];
		free(old);
	}
	k = kept_slot(j, id, part);
	k->id = id;
	k->part = part;
	k->v = json_incref(v);
	j->nkept++;
}

/* Put v (its reference) under key where the document is. */
static void
put(struct je *j, const char *key, json_t *v)
{
	json_t *top;

	if (j->depth == 0) {
		j->sink->member(key, v, j->sink->arg);
		return;
	}
	top = j->stack[j->depth - 1];
	if (json_is_object(top))
		json_object_set_new(top, key, v);
	else
		json_array_append_new(top, v);
}

static void
je_table(void *arg, const char *key, const char *title)
{
	struct je *j = arg;

	j->in_table = 1;
	j->sink->table(key, title, j->sink->arg);
}

/* Columns and notes are for lines of text: JSON has keys. */
static void
je_column(void *arg, const char *key, const char *head, int width)
{
	(void)arg;
	(void)key;
	(void)head;
	(void)width;
}

static void
je_note(void *arg, const char *text)
{
	(void)arg;
	(void)text;
}

static void
je_open(void *arg, const char *key, int list)
{
	struct je *j = arg;
	int d = j->depth;

	if (d >= JE_DEPTH)
		abort();
	j->stack[d] = list ? json_array() : json_object();
	j->keys[d] = key != NULL ? xstrdup(key) : NULL;
	j->keep[d] = j->want != NULL;
	j->id[d] = j->want;
	j->part[d] = j->want_part;
	j->want = NULL;
	j->depth++;
}

static void
je_close(void *arg)
{
	struct je *j = arg;
	int d = --j->depth;
	json_t *v = j->stack[d];

	if (j->keep[d])
		kept_add(j, j->id[d], j->part[d], v);
	if (d == 0 && j->in_table && j->keys[d] == NULL)
		j->sink->entry(v, j->sink->arg);
	else
		put(j, j->keys[d], v);
	free(j->keys[d]);
}

static void
je_string(void *arg, const char *key, const char *s)
{
	put(arg, key, json_string(s));
}

static void
je_integer(void *arg, const char *key, long v)
{
	put(arg, key, json_integer(v));
}

static void
je_boolean(void *arg, const char *key, int v)
{
	put(arg, key, json_boolean(v));
}

static void
je_null(void *arg, const char *key)
{
	put(arg, key, json_null());
}

static void
je_real(void *arg, const char *key, double v)
{
	put(arg, key, json_real(v));
}

/* A fraction as mpq_get_str() writes it: "n/d", or "n" when whole. */
static void
je_exact(void *arg, const char *key, const mpq_t x)
{
	char *s = mpq_get_str(NULL, 10, x);
	void (*gfree)(void *, size_t);

	put(arg, key, json_string(s));
	mp_get_memory_functions(NULL, NULL, &gfree);
	gfree(s, strlen(s) + 1);
}

static int
je_share(void *arg, const char *key, const void *id, int part)
{
	struct je *j = arg;
	struct je_kept *k;

	if (j->cap > 0 && (k = kept_slot(j, id, part))->id != NULL) {
		put(j, key, json_incref(k->v));
		return 1;
	}
	j->want = id;
	j->want_part = part;
	return 0;
}

void
chk_odds_json(const struct eng_ctx *c, const char *a, const char *b,
    const struct chk_json_sink *sink)
{
	struct eng_emit e = { .table = je_table,
		.column = je_column,
		.note = je_note,
		.open = je_open,
		.close = je_close,
		.string = je_string,
		.integer = je_integer,
		.boolean = je_boolean,
		.null = je_null,
		.real = je_real,
		.exact = je_exact,
		.share = je_share };
	struct je j;
	size_t i;

	memset(&j, 0, sizeof(j));
	j.sink = sink;
	e.arg = &j;
	chk_odds_document(c, a, b, &e);
	for (i = 0; i < j.cap; i++)
		json_decref(j.kept[i].v);
	free(j.kept);
}
