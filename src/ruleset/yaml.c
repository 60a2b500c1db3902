/*
 * yaml.c: YAML (libyaml) into the generic rs_node tree, with positions.
 * Aliases are refused (they let a small file expand without bound) and
 * nesting is capped at RS_MAX_DEPTH.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <yaml.h>

#include "ruleset.h"

#define YAML_MAX_NODES 200000

struct ybuild {
	const char *file;
	const char *data; /* the YAML text, for what a message quotes */
	size_t len;
	int line0;
	struct diags *d;
	size_t nodes;
};

static struct rs_node *
node_new(enum rs_node_kind k, struct ybuild *b, const yaml_mark_t *m)
{
	struct rs_node *n = xcalloc(1, sizeof(*n));

	n->kind = k;
	n->pos.file = b->file;
	n->pos.line = (int)m->line + 1 + b->line0;
	n->pos.col = (int)m->column + 1;
	b->nodes++;
	return n;
}

void
rs_node_free(struct rs_node *n)
{
	size_t i;

	if (n == NULL)
		return;
	for (i = 0; i < n->nkids; i++)
		rs_node_free(n->kids[i]);
	free(n->kids);
	free(n->scalar);
	free(n);
}

/* Whether line's text from s on holds a mapping's ':' (followed by a
 * blank or the end of the line; "http://" holds none). */
static int
has_colon(const char *s, const char *end)
{
	for (; s < end && *s != '\n'; s++)
		if (*s == ':' &&
		    (s + 1 == end || s[1] == ' ' || s[1] == '\t' ||
		        s[1] == '\r' || s[1] == '\n'))
			return 1;
	return 0;
}

/* A key at k without its ':', noticed on the line of m. */
static void
no_colon(struct ybuild *b, const yaml_mark_t *k, const yaml_mark_t *m)
{
	const char *s = b->data + k->index;
	int n = (int)strcspn(s, "\n");
	struct pos at;

	while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\r'))
		n--;
	at.file = b->file;
	at.line = (int)k->line + 1 + b->line0;
	at.col = (int)k->column + 1;
	diag_msg(b->d, at, MSG(YAML_NO_AFTER_KEY), n > 40 ? 40 : n, s,
	    (int)m->line + 1 + b->line0);
}

/* The start of the line of m in the YAML text. */
static const char *
line_of(const struct ybuild *b, const yaml_mark_t *m)
{
	const char *s = b->data + (m->index < b->len ? m->index : b->len);

	while (s > b->data && s[-1] != '\n')
		s--;
	return s;
}

/* A tab in the indentation of the line of m: said at the tab, in plain
 * words (libyaml's "found character that cannot start any token").
 * Returns 1 when said. */
static int
tab_indent(struct ybuild *b, const yaml_mark_t *m)
{
	const char *s = line_of(b, m), *end = b->data + b->len;
	struct pos at;

	at.col = 1;
	for (; s < end && (*s == ' ' || *s == '\t'); s++, at.col++)
		if (*s == '\t') {
			at.file = b->file;
			at.line = (int)m->line + 1 + b->line0;
			diag_msg(b->d, at, MSG(YAML_TAB_INDENT));
			return 1;
		}
	return 0;
}

/* "key: a: b", a colon in a plain value, at m: said with the value as it
 * should be, in quotes. Returns 1 when said. */
static int
colon_in_value(struct ybuild *b, const yaml_mark_t *m)
{
	const char *ls = line_of(b, m), *s, *k, *v, *e;
	const char *colon = b->data + m->index;
	struct pos at;
	int kn, vn;

	if (m->index >= b->len || *colon != ':')
		return 0;
	for (k = ls; *k == ' ' || *k == '-'; k++)
		;
	for (s = k; s < colon && !(s[0] == ':' && s[1] == ' '); s++)
		if (*s == '"' || *s == '\'' || *s == '[' || *s == '{' ||
		    *s == '#')
			return 0;
	if (s >= colon || s == k)
		return 0;
	kn = (int)(s - k);
	for (v = s + 1; *v == ' '; v++)
		;
	for (e = v; e < b->data + b->len && *e != '\n' && *e != '\r'; e++)
		;
	while (e > v && e[-1] == ' ')
		e--;
	if (memchr(v, '"', (size_t)(e - v)) != NULL)
		return 0;
	vn = (int)(e - v);
	at.file = b->file;
	at.line = (int)m->line + 1 + b->line0;
	at.col = (int)m->column + 1;
	diag_msg(b->d, at, MSG(YAML_COLON_IN_VALUE), kn > 40 ? 40 : kn, k,
	    vn > 60 ? 60 : vn, v);
	return 1;
}

/*
 * Report libyaml's error where the cause is. libyaml gives the problem
 * mark, where it gave up, and a context mark, where what it was reading
 * began; for an unclosed quote or bracket and a key without its ':' the
 * cause is at the start, lines before the problem. A line "turns 30"
 * without its colon is worse: libyaml reads it on, as one plain scalar,
 * into the next line's "deploy:" and objects to that colon; the start
 * of that scalar is its last simple-key candidate, and a line without a
 * ':' there is the one to point at.
 */
static void
yerror(struct ybuild *b, const yaml_parser_t *p)
{
	struct pos at;
	const yaml_mark_t *m = p->problem_offset || p->problem_mark.line ||
	        p->problem_mark.column ?
	    &p->problem_mark :
	    &p->context_mark;
	const yaml_mark_t *k;
	const char *ctx = p->context;
	int line;

	/* The reader's errors (a control character, bad UTF-8) come with
	 * a byte offset and no mark: the line and column counted from it. */
	if (p->error == YAML_READER_ERROR && p->problem_offset <= b->len) {
		const char *s = b->data, *e = b->data + p->problem_offset;

		at.file = b->file;
		at.line = 1 + b->line0;
		at.col = 1;
		for (; s < e; s++)
			if (*s == '\n') {
				at.line++;
				at.col = 1;
			} else if (((unsigned char)*s & 0xc0) != 0x80)
				at.col++;
		diag_msg(b->d, at, MSG(YAML_SYNTAX),
		    p->problem ? p->problem : "syntax error", "", "");
		return;
	}
	if (p->problem != NULL &&
	    strcmp(p->problem,
	        "mapping values are not "
	        "allowed in this context") == 0 &&
	    p->simple_keys.top > p->simple_keys.start &&
	    (k = &p->simple_keys.top[-1].mark)->line < m->line &&
	    k->index < b->len &&
	    !has_colon(b->data + k->index, b->data + b->len)) {
		no_colon(b, k, m);
		return;
	}
	if (ctx != NULL && strcmp(ctx, "while scanning a simple key") == 0 &&
	    p->context_mark.line < m->line && p->context_mark.index < b->len) {
		no_colon(b, &p->context_mark, m);
		return;
	}
	/* The common mistakes in plain words; libyaml's for the rest. */
	if (p->problem != NULL &&
	    (strstr(p->problem, "tab") != NULL ||
	        (m->index < b->len && b->data[m->index] == '\t')) &&
	    tab_indent(b, m))
		return;
	if (p->problem != NULL &&
	    strcmp(p->problem,
	        "mapping values are not allowed in this context") == 0 &&
	    (tab_indent(b, m) || colon_in_value(b, m)))
		return;
	line = (int)m->line + 1 + b->line0;
	if (ctx != NULL &&
	    (strcmp(ctx, "while scanning a quoted scalar") == 0 ||
	        strcmp(ctx, "while parsing a flow sequence") == 0 ||
	        strcmp(ctx, "while parsing a flow mapping") == 0) &&
	    p->context_mark.line < m->line)
		m = &p->context_mark;
	at.file = b->file;
	at.line = (int)m->line + 1 + b->line0;
	at.col = (int)m->column + 1;
	if (at.line != line)
		diag_msg(b->d, at, MSG(YAML_SYNTAX_AT_LINE),
		    p->problem ? p->problem : "syntax error", ctx ? " " : "",
		    ctx ? ctx : "", line);
	else
		diag_msg(b->d, at, MSG(YAML_SYNTAX),
		    p->problem ? p->problem : "syntax error", ctx ? " " : "",
		    ctx ? ctx : "");
}

/* A key of a map and its place among the map's keys. */
struct key {
	const struct rs_node *n;
	size_t i;
};

/* By text without case, then by place. */
static int
key_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;
	int c = strcasecmp(x->n->scalar, y->n->scalar);

	return c != 0 ? c : x->i < y->i ? -1 : x->i > y->i;
}

/* Pairs (first, again) by the place of the second. */
static int
pair_cmp(const void *a, const void *b)
{
	const struct key *x = a, *y = b;

	return x[1].i < y[1].i ? -1 : x[1].i > y[1].i;
}

/*
 * A key given twice in one mapping is an error at each repeat, in the
 * file's order (keys compare without case, as lookups do): YAML leaves it
 * undefined, and a silent last-one-wins or a sum hides a typo. Sorting
 * keeps a long map at n log n. Returns -1 when there is one.
 */
static int
dup_keys(struct ybuild *b, const struct rs_node *map)
{
	size_t k = map->nkids / 2, i, f, np = 0;
	struct key *v, *pairs;

	if (k < 2)
		return 0;
	v = xmalloc(k * sizeof(*v));
	pairs = xmalloc(2 * k * sizeof(*pairs));
	for (i = 0; i < k; i++) {
		v[i].n = map->kids[2 * i];
		v[i].i = i;
	}
	qsort(v, k, sizeof(*v), key_cmp);
	for (i = 1, f = 0; i < k; i++) {
		if (strcasecmp(v[i].n->scalar, v[f].n->scalar) != 0) {
			f = i;
			continue;
		}
		pairs[2 * np] = v[f];
		pairs[2 * np++ + 1] = v[i];
	}
	qsort(pairs, np, 2 * sizeof(*pairs), pair_cmp);
	for (i = 0; i < np; i++)
		diag_msg(b->d, pairs[2 * i + 1].n->pos,
		    MSG(YAML_KEY_GIVEN_TWICE), pairs[2 * i + 1].n->scalar,
		    pairs[2 * i].n->pos.line);
	free(v);
	free(pairs);
	return np > 0 ? -1 : 0;
}

/*
 * Parse the next node from the event stream; ev holds its first event.
 * Returns the node, or NULL after reporting an error.
 */
static struct rs_node *
parse_node(struct ybuild *b, yaml_parser_t *p, yaml_event_t *ev, int depth)
{
	struct rs_node *n, *kid;
	yaml_event_t e;
	enum rs_node_kind kind;
	yaml_event_type_t end;
	struct pos at;
	unsigned long cp;

	at.file = b->file;
	at.line = (int)ev->start_mark.line + 1 + b->line0;
	at.col = (int)ev->start_mark.column + 1;
	switch (ev->type) {
	case YAML_SCALAR_EVENT:
		n = node_new(RS_NODE_SCALAR, b, &ev->start_mark);
		n->scalar = xstrndup((const char *)ev->data.scalar.value,
		    ev->data.scalar.length);
		n->quoted = ev->data.scalar.style != YAML_PLAIN_SCALAR_STYLE;
		/* A "\0" escape would cut the value short where it stands. */
		if (strlen(n->scalar) != ev->data.scalar.length) {
			diag_msg(b->d, at, MSG(YAML_NUL_IN_VALUE));
			rs_node_free(n);
			return NULL;
		}
		if (str_control(n->scalar, &cp)) {
			/* "\e]0;…" would reach a terminal or a PDF. */
			diag_msg(b->d, at, MSG(YAML_CONTROL_CHARACTER), cp);
			rs_node_free(n);
			return NULL;
		}
		return n;
	case YAML_ALIAS_EVENT:
		diag_msg(b->d, at, MSG(YAML_ALIASES_NOT_SUPPORTED));
		return NULL;
	case YAML_SEQUENCE_START_EVENT:
		kind = RS_NODE_SEQ;
		end = YAML_SEQUENCE_END_EVENT;
		break;
	case YAML_MAPPING_START_EVENT:
		kind = RS_NODE_MAP;
		end = YAML_MAPPING_END_EVENT;
		break;
	case YAML_NO_EVENT:
	case YAML_STREAM_START_EVENT:
	case YAML_STREAM_END_EVENT:
	case YAML_DOCUMENT_START_EVENT:
	case YAML_DOCUMENT_END_EVENT:
	case YAML_SEQUENCE_END_EVENT:
	case YAML_MAPPING_END_EVENT:
	default:
		diag_msg(b->d, at, MSG(YAML_UNEXPECTED_EVENT));
		return NULL;
	}
	if (depth >= RS_MAX_DEPTH) {
		diag_msg(b->d, at, MSG(YAML_NESTING_DEEPER_LEVELS),
		    RS_MAX_DEPTH);
		return NULL;
	}
	n = node_new(kind, b, &ev->start_mark);
	for (;;) {
		if (!yaml_parser_parse(p, &e)) {
			yerror(b, p);
			rs_node_free(n);
			return NULL;
		}
		if (e.type == end) {
			yaml_event_delete(&e);
			break;
		}
		if (b->nodes > YAML_MAX_NODES) {
			diag_msg(b->d, at, MSG(YAML_MORE_NODES),
			    YAML_MAX_NODES);
			yaml_event_delete(&e);
			rs_node_free(n);
			return NULL;
		}
		kid = parse_node(b, p, &e, depth + 1);
		yaml_event_delete(&e);
		if (kid == NULL) {
			rs_node_free(n);
			return NULL;
		}
		if (kind == RS_NODE_MAP && n->nkids % 2 == 0 &&
		    kid->kind != RS_NODE_SCALAR) {
			diag_msg(b->d, kid->pos,
			    MSG(YAML_MAPPING_KEYS_MUST_PLAIN));
			rs_node_free(kid);
			rs_node_free(n);
			return NULL;
		}
		XPUSH(n->kids, n->nkids, n->capkids, kid);
	}
	if (kind == RS_NODE_MAP && dup_keys(b, n) == -1) {
		rs_node_free(n);
		return NULL;
	}
	return n;
}

struct rs_node *
rs_yaml_parse(const char *file, const char *data, size_t len, int line0,
    struct diags *d)
{
	yaml_parser_t p;
	yaml_event_t e;
	struct ybuild b = { file, data, len, line0, d, 0 };
	struct rs_node *root = NULL;
	int done = 0;

	if (!yaml_parser_initialize(&p))
		return NULL;
	yaml_parser_set_input_string(&p, (const unsigned char *)data, len);
	yaml_parser_set_encoding(&p, YAML_UTF8_ENCODING);
	while (!done) {
		if (!yaml_parser_parse(&p, &e)) {
			yerror(&b, &p);
			rs_node_free(root);
			root = NULL;
			break;
		}
		switch (e.type) {
		case YAML_STREAM_END_EVENT:
			done = 1;
			break;
		case YAML_STREAM_START_EVENT:
		case YAML_DOCUMENT_START_EVENT:
		case YAML_DOCUMENT_END_EVENT:
			break;
		case YAML_NO_EVENT:
		case YAML_ALIAS_EVENT:
		case YAML_SCALAR_EVENT:
		case YAML_SEQUENCE_START_EVENT:
		case YAML_SEQUENCE_END_EVENT:
		case YAML_MAPPING_START_EVENT:
		case YAML_MAPPING_END_EVENT:
		default:
			if (root != NULL) {
				struct pos at = { file,
					(int)e.start_mark.line + 1 + line0,
					(int)e.start_mark.column + 1 };
				diag_msg(d, at,
				    MSG(YAML_ONLY_ONE_DOCUMENT_ALLOWED));
				rs_node_free(root);
				root = NULL;
				done = 2;
				break;
			}
			if ((root = parse_node(&b, &p, &e, 0)) == NULL)
				done = 2;
			break;
		}
		yaml_event_delete(&e);
	}
	yaml_parser_delete(&p);
	if (root == NULL && done == 1) {
		/* An empty document: an empty map. */
		yaml_mark_t m = { 0, 0, 0 };
		root = node_new(RS_NODE_MAP, &b, &m);
	}
	return root;
}

const struct rs_node *
rs_node_get(const struct rs_node *n, const char *key)
{
	size_t i;

	if (n == NULL || n->kind != RS_NODE_MAP)
		return NULL;
	for (i = 0; i + 1 < n->nkids; i += 2)
		if (strcasecmp(n->kids[i]->scalar, key) == 0)
			return n->kids[i + 1];
	return NULL;
}

/* A scalar node as a whole number, followed by nothing or by suffix. */
static int
node_long(const struct rs_node *n, long *v, const char *suffix)
{
	char *end;
	long x;

	if (n == NULL || n->kind != RS_NODE_SCALAR || n->scalar[0] == '\0')
		return -1;
	errno = 0;
	x = strtol(n->scalar, &end, 10);
	if (errno != 0 || end == n->scalar ||
	    (*end != '\0' && (suffix == NULL || strcmp(end, suffix) != 0)))
		return -1;
	*v = x;
	return 0;
}

int
rs_node_int(const struct rs_node *n, long *v)
{
	return node_long(n, v, NULL);
}

int
rs_node_pct(const struct rs_node *n, long *v)
{
	return node_long(n, v, "%");
}

int
rs_node_double(const struct rs_node *n, double *v)
{
	const char *s;
	double x = 0, scale = 1;
	int neg = 0, digits = 0, frac = 0;

	if (n == NULL || n->kind != RS_NODE_SCALAR)
		return -1;
	/* Locale-free: never strtod, which reads "2,5" in de_DE. */
	s = n->scalar;
	if (*s == '-' || *s == '+')
		neg = *s++ == '-';
	for (; *s != '\0'; s++) {
		if (*s >= '0' && *s <= '9') {
			digits++;
			if (frac)
				x += (*s - '0') * (scale /= 10);
			else
				x = x * 10 + (*s - '0');
		} else if (*s == '.' && !frac)
			frac = 1;
		else
			return -1;
	}
	if (digits == 0 || digits > 15 || !isfinite(x))
		return -1;
	*v = neg ? -x : x;
	return 0;
}
