/* cmd_dice.c: sandtable dice — the exact distribution of a dice
 * expression (src/engine/dicex.h), as a table or as JSON. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gmp.h>
#include <jansson.h>

#include "../engine/dicex.h"
#include "cli.h"

/* A rational as "p/q" (or "p"); caller frees. */
static char *
qstr(const mpq_t q)
{
	return mpq_get_str(NULL, 10, q);
}

/* p as a percentage with two decimals, a point in every locale. */
static void
percent(char *buf, size_t sz, double p)
{
	long h = lround(p * 10000);

	snprintf(buf, sz, "%ld.%02ld", h / 100, h % 100);
}

/* P(X >= v) for every v of d, from the top down: one addition each. */
static mpq_t *
at_least_all(const struct dx_dist *d)
{
	size_t n = (size_t)(d->hi - d->lo + 1), i;
	mpq_t *a = xcalloc(n, sizeof(*a));

	for (i = n; i-- > 0;) {
		mpq_init(a[i]);
		if (i + 1 < n)
			mpq_add(a[i], a[i + 1], d->p[i]);
		else
			mpq_set(a[i], d->p[i]);
	}
	return a;
}

static void
at_least_free(const struct dx_dist *d, mpq_t *a)
{
	int32_t i;

	for (i = 0; i <= d->hi - d->lo; i++)
		mpq_clear(a[i]);
	free(a);
}

static void
print_text(const char *expr, const struct dx_dist *d)
{
	char pct[32], mean_d[32];
	char *p, *al, *mean;
	mpq_t *at = at_least_all(d), m;
	int32_t v;

	mpq_init(m);
	printf("%s: results %ld..%ld\n", expr, (long)d->lo, (long)d->hi);
	printf("%8s  %-24s %9s  %s\n", "value", "probability", "percent",
	    "at least");
	for (v = d->lo; v <= d->hi; v++) {
		p = qstr(d->p[v - d->lo]);
		al = qstr(at[v - d->lo]);
		percent(pct, sizeof(pct), d->pd[v - d->lo]);
		printf("%8ld  %-24s %8s%%  %s\n", (long)v, p, pct, al);
		free(p);
		free(al);
	}
	dx_mean(d, m);
	mean = qstr(m);
	fmt_double(mean_d, sizeof(mean_d), mpq_get_d(m), 4);
	printf("mean %s (%s)\n", mean, mean_d);
	free(mean);
	mpq_clear(m);
	at_least_free(d, at);
}

/* The document, as json_dumps() gives it with two-space indents. */
static void
print_json(const char *expr, const struct dx_dist *d)
{
	json_t *o = json_object(), *a = json_array(), *e;
	char *s;
	mpq_t *at = at_least_all(d), m;
	int32_t v;

	mpq_init(m);
	dx_mean(d, m);
	json_object_set_new(o, "expression", json_string(expr));
	json_object_set_new(o, "min", json_integer(d->lo));
	json_object_set_new(o, "max", json_integer(d->hi));
	json_object_set_new(o, "mean", json_string(s = qstr(m)));
	free(s);
	json_object_set_new(o, "mean_real", json_real(mpq_get_d(m)));
	for (v = d->lo; v <= d->hi; v++) {
		e = json_object();
		json_object_set_new(e, "value", json_integer(v));
		json_object_set_new(e, "p",
		    json_string(s = qstr(d->p[v - d->lo])));
		free(s);
		json_object_set_new(e, "p_real", json_real(d->pd[v - d->lo]));
		json_object_set_new(e, "at_least",
		    json_string(s = qstr(at[v - d->lo])));
		free(s);
		json_array_append_new(a, e);
	}
	json_object_set_new(o, "distribution", a);
	s = json_dumps(o, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
	printf("%s\n", s);
	free(s);
	json_decref(o);
	mpq_clear(m);
	at_least_free(d, at);
}

int
cli_dice(const char *expr, int json)
{
	struct dx x;
	struct dx_dist d;
	const char *why;
	int col;

	if (dx_parse(expr, &x, &col, &why) < 0) {
		cli_error("dice: %s: column %d: %s", expr, col, why);
		return EXIT_ERRORS;
	}
	dx_dist(&x, &d);
	if (json)
		print_json(expr, &d);
	else
		print_text(expr, &d);
	dx_dist_free(&d);
	return EXIT_CLEAN;
}

static const struct cli_opt dice_options[] = {
	CLI_JSON("print {\"expression\", \"min\", \"max\", \"mean\",\n"
	         "\"mean_real\", \"distribution\": […]} as JSON"),
	CLI_QUIET("no notes (the distribution is still printed)"),
	CLI_VERBOSE("the default"),
	CLI_HELP,
	CLI_END,
};

/* An unknown option that looks like an expression ("-d6") is told to
 * put "--" before it. */
static int
dice_unknown(const char *cmd, const char *word)
{
	if (word[0] == '-' && word[1] != '-' &&
	    strpbrk(word + 1, "0123456789dD") != NULL)
		return usage_error(cmd,
		    "unknown option '%s' (an expression that starts with '-' "
		    "needs '--' before it: sandtable dice -- %s)",
		    word, word);
	return usage_error(cmd, "unknown option '%s'", word);
}

static int
cmd_dice(int argc, char **argv)
{
	struct cli_common c;
	char *expr;
	size_t len = 0;
	int i, json, status;

	/* Options end at the first word that is not one (the command's
	 * stop), so an expression is read as it is written; "-d6" looks
	 * like one, so it needs "--" before it. */
	if ((status = cli_parse(&dice_command, argc, argv, &c, NULL)) !=
	    CLI_GO)
		return status;
	json = c.json;
	/* --json may follow the expression too. */
	for (i = optind; i < argc; i++)
		if (strcmp(argv[i], "--json") == 0)
			json = 1;
		else
			len += strlen(argv[i]) + 1;
	if (len == 0)
		return usage_error("dice", "no expression given");
	/* The words of the expression, joined by spaces: 2d6 + 1. */
	expr = xcalloc(1, len);
	for (i = optind; i < argc; i++) {
		if (strcmp(argv[i], "--json") == 0)
			continue;
		if (*expr != '\0')
			strcat(expr, " ");
		strcat(expr, argv[i]);
	}
	status = cli_dice(expr, json);
	free(expr);
	return status;
}

const struct command dice_command = {
	.name = "dice",
	.run = cmd_dice,
	.synopsis = "dice EXPR [--json]",
	.about =
	    "The exact distribution of a dice expression: for each result, its\n"
	    "probability as a fraction and a percentage and the chance of at\n"
	    "least that result; then the mean. EXPR is, for example, 2d6, d6+2,\n"
	    "2d6kh1 (keep the highest), 3d6kl2 (the lowest two), d6r1 (reroll a\n"
	    "1 once), d6! (exploding, at most 4 times), 5d6>=4 (count the dice\n"
	    "that roll 4 or more), max(d6,3), d6+d4-1; the words of EXPR are\n"
	    "joined by spaces. The language and its limits: rulesets/FORMAT.md,\n"
	    "Dice expressions. A malformed expression is an error naming the\n"
	    "column (exit 1). Also: sandtable odds --dice EXPR.\n"
	    "\n",
	.opts = dice_options,
	.col = 20,
	.stop = 1,
	.unknown = dice_unknown,
};
