/* cmd_odds.c: sandtable odds — exact odds of every fire and melee
 * matchup of a ruleset, as rationals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "../check/check.h"
#include "cli.h"

/* "4/7 (0.571)" into buf. */
static void
qtext(char *buf, size_t sz, struct eng_q q)
{
	char a[48], b[32];

	eng_q_format(a, sizeof(a), q);
	fmt_double(b, sizeof(b), eng_q_double(q), 3);
	if (q.den == 1)
		snprintf(buf, sz, "%s", a);
	else
		snprintf(buf, sz, "%s (%s)", a, b);
}

static int
match(const char *filter, const char *name)
{
	return filter == NULL || strcasecmp(filter, name) == 0;
}

/* The odds as two text tables. */
static void
print_text(const struct ruleset *rs, const struct eng_odds *o,
    const char *a, const char *b)
{
	char x[96], y[96], z[96], e[96];
	size_t i;

	printf("Fire: chance that one shot destroys the target\n");
	printf("  %-18s %-17s %-18s %s\n", "shooter", "weapon", "target",
	    "p_hit");
	for (i = 0; i < o->nfire; i++) {
		const struct eng_odds_fire *f = &o->fire[i];
		if (!match(a, rs->units[f->shooter].name) ||
		    !match(b, rs->units[f->target].name))
			continue;
		qtext(x, sizeof(x), f->p_hit);
		printf("  %-18s %-17s %-18s %s\n", rs->units[f->shooter].name,
		    rs->weapons[f->weapon].name, rs->units[f->target].name, x);
	}
	printf("\nMelee: draws rolled again until one result (attacker_wins: "
	    "only the defender is removed)\n");
	printf("  %-16s %-16s %-8s %-15s %-15s %-15s %s\n", "attacker",
	    "defender", "where", "attacker_wins", "defender_wins",
	    "both_destroyed", "rolls");
	for (i = 0; i < o->nmelee; i++) {
		const struct eng_odds_melee *m = &o->melee[i];
		if (!match(a, rs->units[m->attacker].name) ||
		    !match(b, rs->units[m->defender].name))
			continue;
		if (!m->resolves) {
			printf("  %-16s %-16s %-8s never resolves\n",
			    rs->units[m->attacker].name,
			    rs->units[m->defender].name, m->situation);
			continue;
		}
		qtext(x, sizeof(x), m->attacker_wins);
		qtext(y, sizeof(y), m->defender_wins);
		qtext(z, sizeof(z), m->both_destroyed);
		qtext(e, sizeof(e), m->expected_rolls);
		printf("  %-16s %-16s %-8s %-15s %-15s %-15s %s\n",
		    rs->units[m->attacker].name, rs->units[m->defender].name,
		    m->situation, x, y, z, e);
	}
}

/* Print a JSON array of reals as "0.482 0.386 …" (3 decimals). */
static void
print_reals(const json_t *a)
{
	char b[32];
	size_t i;

	for (i = 0; i < json_array_size(a); i++) {
		fmt_double(b, sizeof(b), json_real_value(json_array_get(a, i)),
		    3);
		printf("%s%s", i ? " " : "", b);
	}
}

/* The morale family's tables as text, from their JSON. */
static void
print_morale(const json_t *o)
{
	const json_t *e;
	char x[32], y[32], z[32];
	size_t i;
	int last;

	printf("Fire: hits of each unit's fire dice (6s hit), p(0 hits) p(1) …"
	    "\n");
	json_array_foreach(json_object_get(o, "fire"), i, e) {
		printf("  %-22s %-10s %2d dice%s  ", json_string_value(
		    json_object_get(e, "shooter")), json_string_value(
		    json_object_get(e, "weapon")), (int)json_integer_value(
		    json_object_get(e, "dice")), json_is_true(json_object_get(e,
		    "disorganised")) ? ", saved" : "       ");
		print_reals(json_object_get(e, "hits"));
		printf("\n");
	}
	printf("\nMelee dice: hits of each unit's melee dice, modifiers "
	    "included\n");
	json_array_foreach(json_object_get(o, "melee_dice"), i, e) {
		printf("  %-22s %-6s %2d dice %+d%s  ", json_string_value(
		    json_object_get(e, "unit")), json_string_value(
		    json_object_get(e, "situation")), (int)json_integer_value(
		    json_object_get(e, "dice")), (int)json_integer_value(
		    json_object_get(e, "die_modifier")), json_is_true(
		    json_object_get(e, "disorganised")) ? ", saved" : "       ");
		print_reals(json_object_get(e, "hits"));
		printf("\n");
	}
	printf("\nMorale tests: chance of passing (one die, not above morale "
	    "+ modifiers)\n  morale  modifier:");
	json_array_foreach(json_object_get(o, "morale_tests"), i, e)
		if (json_integer_value(json_object_get(e, "morale")) == 1 &&
		    json_integer_value(json_object_get(e, "modifier")) >= -6)
			printf(" %+5d", (int)json_integer_value(
			    json_object_get(e, "modifier")));
	last = -1;
	json_array_foreach(json_object_get(o, "morale_tests"), i, e) {
		int m = (int)json_integer_value(json_object_get(e, "morale"));
		int t = (int)json_integer_value(json_object_get(e, "modifier"));

		if (m != last)
			printf("\n  %6d          ", m);
		last = m;
		if (t >= -6)
			printf(" %5s", json_string_value(json_object_get(e,
			    "exact")));
	}
	printf("\n");
	printf("\nMelee: one round; equal hits go to a tie-break (1/2 each)"
	    "\n");
	printf("  %-22s %-22s %-7s %-14s %-14s %s\n", "attacker", "defender",
	    "where", "attacker_wins", "defender_wins", "tiebreak");
	json_array_foreach(json_object_get(o, "melee"), i, e) {
		fmt_double(x, sizeof(x), json_real_value(json_object_get(e,
		    "attacker_wins")), 4);
		fmt_double(y, sizeof(y), json_real_value(json_object_get(e,
		    "defender_wins")), 4);
		fmt_double(z, sizeof(z), json_real_value(json_object_get(e,
		    "tiebreak")), 4);
		printf("  %-22s %-22s %-7s %-14s %-14s %s\n",
		    json_string_value(json_object_get(e, "attacker")),
		    json_string_value(json_object_get(e, "defender")),
		    json_string_value(json_object_get(e, "situation")), x, y,
		    z);
	}
}

/* sandtable odds on a morale-family ruleset; returns the exit status. */
static int
odds_morale(const struct ruleset *rs, int json, const char *a,
    const char *b)
{
	json_t *j = chk_morale_odds_json(rs, a, b);
	char *s;

	if (json) {
		s = json_dumps(j, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
		printf("%s\n", s);
		free(s);
	} else
		print_morale(j);
	json_decref(j);
	return EXIT_CLEAN;
}

static int
cmd_odds(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "json", no_argument, NULL, 'J' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct diags d = { 0 };
	struct eng_odds o = { 0 };
	struct eng_ctx *c;
	struct ruleset *rs;
	const char *ua = NULL, *ub = NULL;
	int ch, json = 0, worst, status = EXIT_CLEAN;

	optind = 1;
	opterr = 0;
	while ((ch = getopt_long(argc, argv, "h", opts, NULL)) != -1) {
		switch (ch) {
		case 'J':
			json = 1;
			break;
		case 'h':
			command_help(command_find("odds"), stdout);
			return EXIT_CLEAN;
		default:
			return usage_error("odds", "unknown option '%s'",
			    argv[optind - 1]);
		}
	}
	if (optind >= argc)
		return usage_error("odds", "no ruleset given");
	if (argc - optind > 3)
		return usage_error("odds", "one ruleset and at most two units");
	if ((rs = cli_load(argv[optind], &worst)) == NULL)
		return EXIT_ERRORS;
	if (optind + 1 < argc)
		ua = argv[optind + 1];
	if (optind + 2 < argc)
		ub = argv[optind + 2];
	if ((ua && rs_unit_find(rs, ua) < 0) || (ub && rs_unit_find(rs, ub) <
	    0)) {
		fprintf(stderr, "sandtable: odds: %s: no unit '%s'\n",
		    argv[optind], ua && rs_unit_find(rs, ua) < 0 ? ua : ub);
		rs_free(rs);
		return EXIT_ERRORS;
	}
	if (rs->engine == RS_ENGINE_MORALE) {
		status = odds_morale(rs, json, ua, ub);
		goto out;
	}
	c = eng_ctx_new(rs, -1, 0, &d);
	/* Only what stops the odds matters here: grid warnings do not. */
	if (c == NULL) {
		diags_print(&d, stderr);
		status = diags_worst(&d) >= SEV_ERROR ? EXIT_ERRORS :
		    EXIT_CLEAN;
		goto out;
	}
	if (c->fam->odds != NULL)
		c->fam->odds(c, &o);
	if (json) {
		json_t *j = chk_odds_json(c, &o, ua, ub);
		char *s = json_dumps(j, JSON_INDENT(2) |
		    JSON_REAL_PRECISION(10));
		printf("%s\n", s);
		free(s);
		json_decref(j);
	} else
		print_text(rs, &o, ua, ub);
	eng_odds_free(&o);
	eng_ctx_free(c);
out:
	diags_free(&d);
	rs_free(rs);
	return status;
}

const struct command odds_command = {
	"odds", cmd_odds, "odds RULESET [--json] [UNIT [UNIT]]",
	"Exact odds of every fire and melee matchup, as fractions.\n"
	"Fire: the chance that one shot of each shooter's weapon destroys\n"
	"each target (0 when the weapon cannot harm its class). Melee: for\n"
	"each attacker and defender and each situation (open; uphill: the\n"
	"attacker goes uphill; river: the attacker stands in a ford), the\n"
	"chances that only the defender falls (attacker_wins), only the\n"
	"attacker falls, or both, with draws rolled again to the end, and\n"
	"the expected number of rolls. UNIT filters the shooter or\n"
	"attacker, a second UNIT the target or defender.\n"
	"\n"
	"Morale-family rulesets (engine: morale) get their own tables:\n"
	"the distribution of hits of every unit's fire and melee dice\n"
	"(modifiers and saving throws included), the chance of passing a\n"
	"morale test for each morale and modifier total, and one melee\n"
	"round for each attacker and defender; see README, odds.\n"
	"\n"
	"      --json        print {\"fire\": […], \"melee\": […]} as JSON\n"
	"  -h, --help        this help\n",
};
