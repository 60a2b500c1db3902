/* cmd_odds.c: sandtable odds — exact odds of every fire and melee
 * matchup of a ruleset, as rationals. */
#define _GNU_SOURCE /* fopencookie */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "../check/analysis.h"
#include "../check/check.h"
#include "cli.h"
#include "json.h"

/* The largest odds document written, in megabytes of JSON (the text
 * tables are about half as long): README, Limits and hostile input. */
#define ODDS_MAX_MB 512

/*
 * The odds as JSON, written while they are made, in the layout that
 * json_dumps() with JSON_INDENT(2) and JSON_REAL_PRECISION(10) gives the
 * whole object, as the one element of an array (--json's one shape,
 * json.c): every line one level deeper. Each entry is put together in a
 * buffer and written at once. A value the entries share (the hits of 20 dice, a melee round's
 * exact odds) is dumped once and its text kept: 256 unit types make
 * 65,536 melee entries but only a handful of different rounds.
 */
#define JW_FLAGS (JSON_INDENT(2) | JSON_REAL_PRECISION(10))
#define JW_SLOTS 65536            /* kept texts: a power of two */
#define JW_KEPT_BYTES (64u << 20) /* at most this much of them */

struct jw_kept {
	json_t *v; /* a reference, so that the address stays this value's */
	int depth;
	char *text;
	size_t len;
};

struct jw {
	FILE *f;
	char *b; /* what is not yet written */
	size_t n, cap;
	int members;          /* top-level members written */
	int base;             /* the object's own depth: 1, in the array */
	long entries;         /* entries of the open table; -1: none */
	struct jw_kept *kept; /* open addressing by address */
	size_t nkept, kept_bytes;
};

static void
jw_put(struct jw *w, const char *s, size_t n)
{
	if (w->n + n > w->cap) {
		w->cap = (w->n + n) * 2;
		w->b = xrealloc(w->b, w->cap);
	}
	memcpy(w->b + w->n, s, n);
	w->n += n;
}

static void
jw_puts(struct jw *w, const char *s)
{
	jw_put(w, s, strlen(s));
}

static void
jw_flush(struct jw *w)
{
	fwrite(w->b, 1, w->n, w->f);
	w->n = 0;
}

static void
jw_indent(struct jw *w, int depth)
{
	static const char sp[] = "\n                ";

	depth += w->base;
	if (depth <= 8)
		jw_put(w, sp, 1 + 2 * (size_t)depth);
	else {
		jw_put(w, sp, 1);
		while (depth-- > 0)
			jw_put(w, sp + 1, 2);
	}
}

/* A string as jansson writes it: quotes, backslashes and control
 * characters escaped, the rest (UTF-8) as it is. */
static void
jw_string(struct jw *w, const char *s)
{
	static const char hex[] = "0123456789abcdef";
	const char *run = s;
	char e[8];

	jw_put(w, "\"", 1);
	for (; *s != '\0'; s++) {
		unsigned char c = (unsigned char)*s;

		if (c >= 0x20 && c != '"' && c != '\\')
			continue;
		jw_put(w, run, (size_t)(s - run));
		run = s + 1;
		switch (c) {
		case '"':
			jw_put(w, "\\\"", 2);
			break;
		case '\\':
			jw_put(w, "\\\\", 2);
			break;
		case '\b':
			jw_put(w, "\\b", 2);
			break;
		case '\f':
			jw_put(w, "\\f", 2);
			break;
		case '\n':
			jw_put(w, "\\n", 2);
			break;
		case '\r':
			jw_put(w, "\\r", 2);
			break;
		case '\t':
			jw_put(w, "\\t", 2);
			break;
		default:
			memcpy(e, "\\u00", 4);
			e[4] = hex[c >> 4];
			e[5] = hex[c & 15];
			jw_put(w, e, 6);
		}
	}
	jw_put(w, run, (size_t)(s - run));
	jw_put(w, "\"", 1);
}

/* A real as jansson writes it with JSON_REAL_PRECISION(10): "%.10g"
 * with a '.' whatever the locale, ".0" after a whole number, and no '+'
 * or leading zeros in an exponent. */
static void
jw_real(struct jw *w, double v)
{
	char b[48], *p, *e;

	snprintf(b, sizeof(b), "%.10g", v);
	for (p = b; *p != '\0'; p++)
		if (strchr("0123456789-+e", *p) == NULL)
			*p = '.';
	if (strpbrk(b, ".e") == NULL)
		strcat(b, ".0");
	if ((e = strchr(b, 'e')) != NULL) {
		p = ++e;
		if (*p == '-')
			p++;
		e = p;
		if (*e == '+')
			e++;
		while (*e == '0' && e[1] != '\0')
			e++;
		memmove(p, e, strlen(e) + 1);
	}
	jw_puts(w, b);
}

/* Returns json_dumps() of v indented for depth, with its length (caller
 * frees); "null" for what jansson cannot print. */
static char *
jw_dump(const json_t *v, int depth, size_t *len)
{
	char *s = json_dumps(v, JW_FLAGS | JSON_ENCODE_ANY), *t, *q;
	const char *p;
	size_t n = 0;

	if (s == NULL)
		s = xstrdup("null");
	if (depth > 0) {
		for (p = s; *p != '\0'; p++)
			n += *p == '\n';
		t = q = xmalloc(strlen(s) + n * 2 * (size_t)depth + 1);
		for (p = s; *p != '\0'; p++) {
			int i;

			*q++ = *p;
			if (*p == '\n')
				for (i = 0; i < 2 * depth; i++)
					*q++ = ' ';
		}
		*q = '\0';
		free(s);
		s = t;
	}
	*len = strlen(s);
	return s;
}

/* A shared object or array: its kept text, made on its first use. */
static void
jw_shared(struct jw *w, json_t *v, int depth)
{
	size_t h = (size_t)(((uintptr_t)v >> 4) * 2654435761u) &
	    (JW_SLOTS - 1),
	       len;
	struct jw_kept *k;
	char *s;

	for (;;) {
		k = &w->kept[h];
		if (k->v == NULL || (k->v == v && k->depth == depth))
			break;
		h = (h + 1) & (JW_SLOTS - 1);
	}
	if (k->v != NULL) {
		jw_put(w, k->text, k->len);
		return;
	}
	s = jw_dump(v, depth + w->base, &len);
	jw_put(w, s, len);
	if (w->nkept >= JW_SLOTS / 2 || w->kept_bytes + len > JW_KEPT_BYTES) {
		/* full: write without keeping */
		free(s);
		return;
	}
	k->v = json_incref(v);
	k->depth = depth;
	k->text = s;
	k->len = len;
	w->nkept++;
	w->kept_bytes += len;
}

/* Write v whose first character goes at nesting depth. */
static void
jw_value(struct jw *w, json_t *v, int depth)
{
	const char *key;
	json_t *x;
	size_t i, n = 0;
	char b[32];

	/* refcount is public in jansson.h: above 1, the maker keeps the
	 * value for other entries too. */
	if ((json_is_object(v) || json_is_array(v)) && v->refcount > 1) {
		jw_shared(w, v, depth);
		return;
	}
	switch (json_typeof(v)) {
	case JSON_OBJECT:
		if (json_object_size(v) == 0) {
			jw_puts(w, "{}");
			break;
		}
		jw_put(w, "{", 1);
		json_object_foreach(v, key, x)
		{
			if (n++ > 0)
				jw_put(w, ",", 1);
			jw_indent(w, depth + 1);
			jw_string(w, key);
			jw_put(w, ": ", 2);
			jw_value(w, x, depth + 1);
		}
		jw_indent(w, depth);
		jw_put(w, "}", 1);
		break;
	case JSON_ARRAY:
		if (json_array_size(v) == 0) {
			jw_puts(w, "[]");
			break;
		}
		jw_put(w, "[", 1);
		json_array_foreach(v, i, x)
		{
			if (i > 0)
				jw_put(w, ",", 1);
			jw_indent(w, depth + 1);
			jw_value(w, x, depth + 1);
		}
		jw_indent(w, depth);
		jw_put(w, "]", 1);
		break;
	case JSON_STRING:
		jw_string(w, json_string_value(v));
		break;
	case JSON_INTEGER:
		snprintf(b, sizeof(b), "%" JSON_INTEGER_FORMAT,
		    json_integer_value(v));
		jw_puts(w, b);
		break;
	case JSON_REAL:
		jw_real(w, json_real_value(v));
		break;
	case JSON_TRUE:
		jw_puts(w, "true");
		break;
	case JSON_FALSE:
		jw_puts(w, "false");
		break;
	case JSON_NULL:
	default:
		jw_puts(w, "null");
	}
}

/* Close the open table, if any. */
static void
jw_close(struct jw *w)
{
	if (w->entries > 0)
		jw_indent(w, 1);
	if (w->entries >= 0)
		jw_put(w, "]", 1);
	w->entries = -1;
}

static void
jw_key(struct jw *w, const char *key)
{
	jw_close(w);
	if (w->members++ > 0)
		jw_put(w, ",", 1);
	jw_indent(w, 1);
	jw_string(w, key);
	jw_put(w, ": ", 2);
}

static void
jw_member(const char *key, json_t *v, void *arg)
{
	struct jw *w = arg;

	jw_key(w, key);
	jw_value(w, v, 1);
	json_decref(v);
	jw_flush(w);
}

static void
jw_table(const char *key, const char *title, void *arg)
{
	struct jw *w = arg;

	(void)title; /* the text's; JSON has keys */
	jw_key(w, key);
	jw_put(w, "[", 1);
	w->entries = 0;
}

static void
jw_entry(json_t *v, void *arg)
{
	struct jw *w = arg;

	if (w->entries++ > 0)
		jw_put(w, ",", 1);
	jw_indent(w, 2);
	jw_value(w, v, 2);
	json_decref(v);
	if (w->n >= 65536)
		jw_flush(w);
}

static void
jw_begin(struct jw *w, struct chk_json_sink *s, FILE *f)
{
	memset(w, 0, sizeof(*w));
	w->f = f;
	w->entries = -1;
	w->kept = xcalloc(JW_SLOTS, sizeof(*w->kept));
	s->member = jw_member;
	s->table = jw_table;
	s->entry = jw_entry;
	s->arg = w;
	jw_put(w, "[", 1);
	w->base = 1;
	jw_indent(w, 0);
	jw_put(w, "{", 1);
}

static void
jw_end(struct jw *w)
{
	size_t i;

	jw_close(w);
	if (w->members > 0)
		jw_indent(w, 0);
	jw_puts(w, "}\n]\n");
	jw_flush(w);
	for (i = 0; i < JW_SLOTS; i++) {
		json_decref(w->kept[i].v);
		free(w->kept[i].text);
	}
	free(w->kept);
	free(w->b);
}

/* ---- the document remembered (base/cache.h) ---- */

/* A stream that writes through to another and keeps a copy of what
 * went by, up to CACHE_ENTRY_MAX (past it, none). */
struct tee {
	FILE *to;
	char *b;
	size_t n, cap;
	int over;
};

static ssize_t
tee_write(void *arg, const char *p, size_t n)
{
	struct tee *t = arg;

	if (!t->over && t->n + n > CACHE_ENTRY_MAX) {
		t->over = 1;
		free(t->b);
		t->b = NULL;
	}
	if (!t->over) {
		if (t->n + n > t->cap) {
			t->cap = (t->n + n) * 2;
			t->b = xrealloc(t->b, t->cap);
		}
		memcpy(t->b + t->n, p, n);
		t->n += n;
	}
	return (ssize_t)fwrite(p, 1, n, t->to);
}

/* The stream, or NULL when there is nothing to remember the document
 * by (write to stdout then). */
static FILE *
tee_open(struct tee *t, struct cache_key *k)
{
	static const cookie_io_functions_t io = { NULL, tee_write, NULL,
		NULL };
	FILE *f;

	memset(t, 0, sizeof(*t));
	t->to = stdout;
	if (k == NULL || (f = fopencookie(t, "w", io)) == NULL)
		return NULL;
	return f;
}

/* Close the stream and remember what went by, after head (the state
 * the JSON writer is left in). */
static void
tee_close(FILE *f, struct tee *t, struct cache_key *k, const char *head)
{
	size_t h = strlen(head);

	if (f == NULL)
		return;
	fclose(f);
	if (!t->over && t->n + h <= CACHE_ENTRY_MAX) {
		t->b = xrealloc(t->b, t->n + h + 1);
		memmove(t->b + h, t->b, t->n);
		memcpy(t->b, head, h);
		cache_put(k, t->b, t->n + h);
	}
	free(t->b);
}

/*
 * The document of the key the cache keeps, written to stdout: 1, with
 * the JSON writer's state set as writing it left it (w NULL: text), or
 * 0 when there is none to trust.
 */
static int
doc_cached(struct cache_key *k, struct jw *w)
{
	char *t;
	size_t n;
	int members, off;
	long entries;

	if (cache_get(k, &t, &n) != 0)
		return 0;
	if (sscanf(t, "odds-doc 1 %d %ld\n%n", &members, &entries, &off) !=
	        2 ||
	    (size_t)off > n) {
		free(t);
		return 0;
	}
	fwrite(t + off, 1, n - (size_t)off, stdout);
	if (w != NULL) {
		w->members = members;
		w->entries = entries;
	}
	free(t);
	return 1;
}

/* odds's own option. */
struct odds_own {
	const char *dice;
};

static const struct cli_opt odds_options[] = {
	CLI_JSON("print [{\"path\": …, \"fire\": […],\n"
	         "\"melee\": […], \"diagnostics\": […]}]\n"
	         "as JSON (README.md)"),
	CLI_STR("dice", 0, "EXPR", struct odds_own, dice,
	    "the exact distribution of a dice expression\n"
	    "instead, as sandtable dice EXPR does"),
	CLI_NO_CACHE(
	    "work the odds out again: none from an earlier\nrun (README, Cache)"),
	CLI_QUIET("no warnings or notes (the odds are still\n"
	          "printed)"),
	CLI_VERBOSE("the default"),
	CLI_HELP,
	CLI_END,
};

static int
cmd_odds(int argc, char **argv)
{
	struct odds_own own = { NULL };
	struct cli_common opt;
	struct analysis *an;
	const struct eng_show *show;
	const struct eng_ctx *c;
	struct ruleset *rs;
	const char *ua = NULL, *ub = NULL, *dice;
	int json, worst, status;
	struct cli_json js;
	struct cache_key *k = NULL;
	struct tee tee;
	char head[64];

	if ((status = cli_parse(&odds_command, argc, argv, &opt, &own)) !=
	    CLI_GO)
		return status;
	status = EXIT_CLEAN;
	json = opt.json;
	dice = own.dice;
	/* odds --dice EXPR: the same as sandtable dice EXPR. */
	if (dice != NULL) {
		if (optind < argc)
			return usage_error("odds", "--dice takes no ruleset");
		return cli_dice(dice, json);
	}
	if (optind >= argc)
		return usage_error("odds", "no ruleset given");
	if (argc - optind > 3)
		return usage_error("odds",
		    "one ruleset and at most two units");
	if (json)
		cli_json_begin(&js);
	an = NULL;
	if ((rs = cli_load(argv[optind], &worst)) == NULL ||
	    cli_playable(rs, argv[optind]) == -1) {
		status = EXIT_ERRORS;
		goto out;
	}
	if (optind + 1 < argc)
		ua = argv[optind + 1];
	if (optind + 2 < argc)
		ub = argv[optind + 2];
	if ((ua && rs_unit_find(rs, ua) < 0) ||
	    (ub && rs_unit_find(rs, ub) < 0)) {
		const char *miss = ua && rs_unit_find(rs, ua) < 0 ? ua : ub;
		char hb[160];

		cli_error("odds: %s: no unit '%s'%s", argv[optind], miss,
		    rs_unit_hint(rs, miss, hb, sizeof(hb)));
		status = EXIT_ERRORS;
		goto out;
	}
	/* Made as a product makes it. The document is streamed from the
	 * prepared engine, matchup by matchup, not held whole. */
	/* A pair named: the engine works out its odds alone, so that a
	 * ruleset too large to work out whole still answers for it (one
	 * unit named asks for its matchups with every other). */
	an = ana_new_focus(rs, -1, 0, ub != NULL ? rs_unit_find(rs, ua) : -1,
	    ub != NULL ? rs_unit_find(rs, ub) : -1);
	c = an->ctx;
	/* Only what stops the odds matters here: grid warnings do not. */
	if (c == NULL) {
		diags_print(&an->prep, stderr);
		status = an->state < 0 ? EXIT_ERRORS : EXIT_CLEAN;
		goto out;
	}
	show = c->fam->show;
	/* A document past ODDS_MAX_MB would take minutes to write and to
	 * read: a part of it is asked for with unit names instead. */
	if (show != NULL && show->odds_size != NULL &&
	    show->odds_size(c, ua, ub, (size_t)ODDS_MAX_MB << 20) >
	        (size_t)ODDS_MAX_MB << 20) {
		cli_error("odds: %s: the odds of %s would be more than "
		          "%d MB of JSON (the limit); name a unit, or two, "
		          "for those of its matchups: sandtable odds %s UNIT "
		          "[UNIT]",
		    argv[optind], ua == NULL ? "every matchup" : "these units",
		    ODDS_MAX_MB, argv[optind]);
		status = EXIT_ERRORS;
		goto out;
	}
	/* The document of the same ruleset, units and form: the cache's
	 * when it has it. */
	k = ana_cache_key(an, "odds-doc");
	cache_key_str(k, ua);
	cache_key_str(k, ub);
	cache_key_int(k, json);
	cache_key_str(k, i18n_current());
	if (json) {
		struct chk_json_sink s;
		struct jw w;

		/* Streamed: the keys of every element, around the odds. */
		jw_begin(&w, &s, stdout);
		jw_member("path", json_string(argv[optind]), &w);
		jw_member("name", json_string(rs->name), &w);
		if (!doc_cached(k, &w)) {
			FILE *tf = tee_open(&tee, k);

			w.f = tf != NULL ? tf : stdout;
			chk_odds_json(c, ua, ub, &s);
			jw_flush(&w);
			w.f = stdout;
			snprintf(head, sizeof(head), "odds-doc 1 %d %ld\n",
			    w.members, w.entries);
			tee_close(tf, &tee, k, head);
		}
		jw_member("ok", json_boolean(diags_worst(&js.d) < SEV_ERROR),
		    &w);
		jw_member("diagnostics", cli_json_diags(&js.d), &w);
		jw_end(&w);
		cli_json_drop(&js);
		json = 0;
	} else if (!doc_cached(k, NULL)) {
		FILE *tf = tee_open(&tee, k);

		odds_doc_text(c, ua, ub, tf != NULL ? tf : stdout);
		tee_close(tf, &tee, k, "odds-doc 1 0 0\n");
	}
out:
	cache_key_free(k);
	/* Nothing streamed: the element says why. */
	if (json) {
		js.failed = status != EXIT_CLEAN;
		cli_json_add(&js, cli_json_element(argv[optind]), rs, NULL);
		if (cli_json_end(&js) != 0)
			status = EXIT_ERRORS;
	}
	ana_free(an);
	rs_free(rs);
	return status;
}

const struct command odds_command = {
	.name = "odds",
	.run = cmd_odds,
	.synopsis =
	    "odds RULESET [--json] [UNIT [UNIT]] | odds --dice EXPR [--json]",
	.about =
	    "Exact odds of every fire and melee matchup, as fractions.\n"
	    "Fire: the chance that one shot of each shooter's weapon destroys\n"
	    "each target (0 when the weapon cannot harm its class). Melee: for\n"
	    "each attacker and defender and each situation (open; uphill: the\n"
	    "attacker goes uphill; river: the attacker stands in a ford), the\n"
	    "chances that only the defender falls (attacker_wins), only the\n"
	    "attacker falls, or both, with draws rolled again to the end, and\n"
	    "the expected number of rolls. UNIT filters the shooter or\n"
	    "attacker, a second UNIT the target or defender. Odds that would\n"
	    "be more than 512 MB of JSON are refused (exit 1): name a UNIT.\n"
	    "\n"
	    "Morale-family rulesets (engine: morale) get their own tables:\n"
	    "the distribution of hits of every unit's fire and melee dice\n"
	    "(modifiers and saving throws included), the chance of passing a\n"
	    "morale test for each morale and modifier total, and one melee\n"
	    "round for each attacker and defender; see README, odds.\n"
	    "\n",
	.opts = odds_options,
	.col = 20,
};
