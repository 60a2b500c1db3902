/*
 * cmd_scenario.c: sandtable scenario — a generated scenario (terrain,
 * forces to a points total, deployment, objectives, turn limit, special
 * rule), measured by test games between the greedy players and, with
 * --balanced, searched until it is fair; written as a PDF briefing and a
 * YAML file beside it (render/scenario/product.c makes and writes it, and
 * holds its row and options): this says what was made, as text or
 * --json. Also `sandtable play --scenario FILE`.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sys/stat.h>

#include <jansson.h>

#include "../check/analysis.h"
#include "../render/scenario/scenario.h"
#include "../scenario/play.h"
#include "../render/render.h"
#include "../engine/engine.h"
#include "cli.h"
#include "json.h"

/* Its row and command (render/scenario/product.c). */
PRODUCT_OF(scenario);

/* Print what was made. */
static void
report(const char *ruleset, const struct scenario *s, const char *pdf,
    const char *yaml, int balanced, int ok, double secs)
{
	char a[32], b[32], c[32], t[32];

	fmt_double(a, sizeof(a), s->bal.rate * 100, 1);
	fmt_double(b, sizeof(b), s->bal.lo * 100, 1);
	fmt_double(c, sizeof(c), s->bal.hi * 100, 1);
	fmt_double(t, sizeof(t), secs, 2);
	printf("%s: wrote %s, %s: %s — Blue %d %s, Red %d %s, %d %s\n",
	    ruleset, rnd_written(pdf), yaml, s->title, s->side[0].points,
	    plural(s->side[0].points, "pt", "pts"), s->side[1].points,
	    plural(s->side[1].points, "pt", "pts"), s->turns,
	    plural(s->turns, "turn", "turns"));
	printf("  %ld %s: Blue %ld, Red %ld, draws %ld, %ld to the turn "
	       "limit; Blue's score %s%% (95%% CI %s–%s%%)",
	    s->bal.games, plural(s->bal.games, "game", "games"),
	    s->bal.wins[0], s->bal.wins[1], s->bal.draws, s->bal.at_limit, a,
	    b, c);
	if (balanced)
		printf("; %s after %d candidate%s%s",
		    !ok ? "NOT balanced" :
		        sc_favoured(&s->bal) < 0 ?
		          "balanced" :
		          "within 45-55% but not even",
		    s->bal.candidates, s->bal.candidates == 1 ? "" : "s",
		    s->bal.stopped ? " (the search's limit of play)" : "");
	if (sc_favoured(&s->bal) >= 0) {
		fmt_double(a, sizeof(a), fabs(s->bal.rate - 0.5) * 100, 1);
		printf("; %s favoured by %s percentage points",
		    sc_favoured(&s->bal) == SC_BLUE ? "Blue" : "Red", a);
	}
	printf(" (%s s)\n", t);
}

/* --json: what report() prints, into o. */
static void
json_made(json_t *o, const struct scenario *s, const char *pdf,
    const char *yaml, int balanced, int ok)
{
	json_t *b = json_object();

	json_object_set_new(o, "files", json_pack("[s, s]", pdf, yaml));
	json_object_set_new(o, "title", json_string(s->title));
	json_object_set_new(o, "points",
	    json_pack("{s:i, s:i}", "blue", s->side[SC_BLUE].points, "red",
	        s->side[SC_RED].points));
	json_object_set_new(o, "units",
	    json_pack("{s:i, s:i}", "blue", sc_force_units(&s->side[SC_BLUE]),
	        "red", sc_force_units(&s->side[SC_RED])));
	json_object_set_new(o, "turns", json_integer(s->turns));
	/* The balance by play; games 0: not measured (no engine). */
	json_object_set_new(b, "games", json_integer(s->bal.games));
	json_object_set_new(b, "wins",
	    json_pack("{s:I, s:I}", "blue", (json_int_t)s->bal.wins[0], "red",
	        (json_int_t)s->bal.wins[1]));
	json_object_set_new(b, "draws", json_integer(s->bal.draws));
	json_object_set_new(b, "at_limit", json_integer(s->bal.at_limit));
	json_object_set_new(b, "blue_score",
	    json_real(round(s->bal.rate * 1e6) / 1e6));
	json_object_set_new(b, "wilson",
	    json_pack("[f, f]", round(s->bal.lo * 1e6) / 1e6,
	        round(s->bal.hi * 1e6) / 1e6));
	/* null: not asked for (no --balanced). */
	json_object_set_new(b, "balanced",
	    balanced && s->bal.games > 0 ? json_boolean(ok) : json_null());
	/* The side the interval favours when it leaves out 50%, else
	 * null. */
	json_object_set_new(b, "favoured",
	    sc_favoured(&s->bal) < 0 ?
	        json_null() :
	        json_string(sc_favoured(&s->bal) == SC_BLUE ? "blue" : "red"));
	json_object_set_new(b, "candidates", json_integer(s->bal.candidates));
	/* true: the search stopped at its limit of play, not balanced. */
	json_object_set_new(b, "stopped", json_boolean(s->bal.stopped));
	json_object_set_new(o, "balance", b);
}

/* Print the diagnostics; quiet: errors only (the ruleset's warnings are
 * check's business). */
static void
print_diags(const struct diags *d, int quiet)
{
	struct diags e = { 0 };
	size_t i;

	if (!quiet) {
		diags_print(d, stderr);
		return;
	}
	e.v = d->v;
	for (i = 0; i < d->n; i++)
		if (d->v[i].sev == SEV_ERROR) {
			e.v = &d->v[i];
			e.n = 1;
			diags_print(&e, stderr);
		}
}

/* Monotonic seconds. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

/*
 * Generate, measure, write (render/scenario/product.c), and say what was
 * made. Returns EXIT_CLEAN, EXIT_ERRORS, or 1 more than EXIT_ERRORS (3)
 * when the ruleset's engine is not played.
 */
static int
make_scenario(struct analysis *a, const struct sopts *o)
{
	const struct ruleset *rs = a->rs;
	struct diags d = { 0 };
	struct rnd_sc_req q = { o->rq, o->games, o->balanced, o->jobs, o->from,
		o->paper, o->tmpl, NULL, NULL, o->dump };
	struct rnd_sc_made m = { 0 };
	struct scenario *s;
	struct progress bar;
	char *yaml = NULL;
	int rc = EXIT_ERRORS, made;
	double t0 = now();

	/* Both outputs are checked before the games are played. */
	if (o->from != NULL)
		file_note_input(o->from);
	yaml = rnd_scenario_yaml_path(o->out);
	if (cli_output_check(o->out, CLI_PDF) == -1 ||
	    ((o->from == NULL || !rnd_same_file(o->from, yaml)) &&
	        cli_output_check(yaml, SC_YAML_FIRST) == -1))
		goto out;
	free(yaml);
	yaml = NULL;
	if (o->balanced && o->from == NULL && !eng_show_of(rs)->print_only &&
	    a->ctx != NULL) {
		progress_begin(&bar, "balancing", RND_SC_CANDIDATES);
		q.progress = progress_callback;
		q.parg = &bar;
	}
	made = rnd_scenario_make(a, &q, &m, &d);
	if (q.progress != NULL)
		progress_end(&bar);
	if (made == 1 && diags_worst(&d) < SEV_ERROR)
		rc = EXIT_ERRORS + 2;
	if (made != 0 ||
	    rnd_scenario_write(rs, &m, &q, o->out, &yaml, &d) != 0)
		goto out;
	s = m.s;
	if (o->json != NULL)
		json_made(o->json, s, o->out, yaml, o->balanced, m.ok);
	else if (o->dump != NULL)
		; /* --dump's lines are the output: nothing else on stdout. */
	else if (!o->quiet && s->bal.games == 0 && s->side[SC_BLUE].points > 0)
		printf(
		    "%s: wrote %s, %s: %s — Blue %d %s, Red %d %s (the "
		    "Points column), %d %s; NOT balanced by play (the ruleset "
		    "has no engine)\n",
		    rs->path, rnd_written(o->out), yaml, s->title,
		    s->side[SC_BLUE].points,
		    plural(s->side[SC_BLUE].points, "pt", "pts"),
		    s->side[SC_RED].points,
		    plural(s->side[SC_RED].points, "pt", "pts"), s->turns,
		    plural(s->turns, "turn", "turns"));
	else if (!o->quiet && s->bal.games == 0) {
		int nb = sc_force_units(&s->side[SC_BLUE]);
		int nr = sc_force_units(&s->side[SC_RED]);

		printf("%s: wrote %s, %s: %s — Blue %d %s, Red %d %s, %d %s; "
		       "NOT balanced by play (the ruleset has no engine)\n",
		    rs->path, rnd_written(o->out), yaml, s->title, nb,
		    plural(nb, "unit", "units"), nr,
		    plural(nr, "unit", "units"), s->turns,
		    plural(s->turns, "turn", "turns"));
	} else if (!o->quiet)
		report(rs->path, s, o->out, yaml, o->balanced, m.ok,
		    now() - t0);
	rc = EXIT_CLEAN;
out:
	print_diags(&d, o->quiet);
	diags_free(&d);
	free(yaml);
	rnd_sc_made_free(&m);
	return rc;
}

static struct ruleset *scenario_ruleset(const char *);

/* sandtable scenario, run from its row (product_cmd.c): returns the
 * exit status. */
int
cmd_scenario(int argc, char **argv)
{
	struct cli_common c;
	struct sopts o;
	struct analysis *a;
	struct ruleset *rs;
	struct cli_json js;
	int worst, rc, json;
	const char *why;

	memset(&o, 0, sizeof(o));
	o.rq.density = 1;
	o.rq.special = -1;
	if ((rc = cli_parse(&scenario_command, argc, argv, &c, &o)) !=
	    CLI_GO) {
		free(o.points_opt);
		return rc;
	}
	o.rq.seed = c.seed;
	o.games = c.games;
	o.jobs = c.jobs;
	o.paper = c.paper;
	o.out = c.output;
	o.tmpl = c.tmpl;
	o.quiet = c.quiet;
	json = c.json;
	/* With --scenario the file names its ruleset, as for play. */
	if (optind >= argc && o.from == NULL)
		return usage_error("scenario", "no ruleset given");
	if (optind + 1 < argc)
		return usage_error("scenario", "one ruleset at a time");
	if (o.out == NULL)
		return usage_error("scenario",
		    "no output given (-o "
		    "FILE.pdf)");
	if (CLI_IS_STDOUT(o.out))
		return usage_error("scenario",
		    "-o -: a scenario is two files "
		    "(FILE.pdf and FILE.yaml beside it): name the PDF");
	if (json && o.dump != NULL)
		return usage_error("scenario",
		    "--json and --dump both write to standard output");
	if (o.from != NULL && o.balanced)
		return usage_error("scenario",
		    "--scenario reads a scenario as "
		    "it is: it cannot be --balanced");
	rnd_fonts_warm();
	if (json)
		cli_json_begin(&js);
	if (optind >= argc)
		rs = scenario_ruleset(o.from);
	else
		rs = cli_load(argv[optind], &worst);
	if (rs == NULL) {
		free(o.points_opt);
		if (json) {
			js.failed = 1;
			cli_json_add(&js,
			    cli_json_element(
			        optind < argc ? argv[optind] : o.from),
			    NULL, NULL);
			cli_json_end(&js);
		}
		return EXIT_ERRORS;
	}
	cli_lang_use(rs);
	if (o.table != NULL &&
	    len_parse_pair(o.table,
	        rs->measure == LEN_NONE ? LEN_MM : rs->measure, &o.rq.table_w,
	        &o.rq.table_h, &why) != 0) {
		rs_free(rs);
		free(o.points_opt);
		if (json)
			cli_json_drop(&js);
		return usage_error("scenario", "--table %s: %s (e.g. 72x48in)",
		    o.table, why);
	}
	/* A table or points that cannot be met are the option's fault. */
	if (o.table != NULL) {
		o.table_opt = xasprintf("scenario: --table %s", o.table);
		o.rq.table_at.file = o.table_opt;
	}
	o.rq.points_at.file = o.points_opt;
	/* Nothing plays a print-only ruleset: no games to balance by, no
	 * values to buy points with. */
	if (eng_show_of(rs)->print_only &&
	    (o.balanced || (o.rq.points && sc_own_values(rs, NULL) < 0))) {
		rc = usage_error("scenario", "%s has no engine: %s", rs->path,
		    o.balanced ?
		        "nothing to balance by (--balanced)" :
		        "no unit values to spend points on (--points; a Points "
		        "column in the Units table gives them)");
		rs_free(rs);
		free(o.table_opt);
		free(o.points_opt);
		if (json)
			cli_json_drop(&js);
		return rc;
	}
	/* With --json, standard output is the JSON alone. */
	if (json)
		o.json = json_object();
	/* The analysis build would share, made the same way. */
	a = ana_new(rs, -1, 0);
	rc = make_scenario(a, &o);
	ana_free(a);
	free(o.table_opt);
	free(o.points_opt);
	if (rc == EXIT_ERRORS + 2) {
		cli_error("%s: no scenario: the ruleset's "
		          "engine is not played in this version",
		    rs->path);
		rc = EXIT_ERRORS;
	}
	if (json) {
		js.failed = rc != EXIT_CLEAN;
		cli_json_add(&js,
		    cli_json_element(optind < argc ? argv[optind] : rs->path),
		    rs, o.json);
		if (cli_json_end(&js) != 0)
			rc = EXIT_ERRORS;
	}
	rs_free(rs);
	return rc;
}

/* ---- sandtable play --scenario FILE ---- */

/*
 * The ruleset a scenario file names at `at`: one that cannot be read is
 * an error there (the file is at fault, not the command line). Returns
 * it, or NULL with errors in d (the ruleset's own ones printed).
 */
static struct ruleset *
named_ruleset(const char *path, struct pos at, struct diags *d)
{
	struct diags rd = { 0 };
	struct ruleset *rs = rs_read(path, &rd);

	if (rs == NULL)
		diag_msg(d, at, MSG(RULESET_CANNOT_READ), path,
		    rd.n > 0 ? rd.v[rd.n - 1].msg : "unreadable");
	else {
		eng_family_check(rs, &rd);
		diags_print(&rd, stderr);
		/* Where the scenario names it, so the user knows why it
		 * was read at all. */
		if (diags_worst(&rd) >= SEV_ERROR && at.file != NULL)
			diag_msg(d, at, MSG(RULESET_NAMED_HERE_ERRORS), path);
	}
	if (rs != NULL && diags_worst(&rd) >= SEV_ERROR) {
		rs_free(rs);
		rs = NULL;
	}
	diags_free(&rd);
	return rs;
}

/* The ruleset a scenario file names (`ruleset:`), read; or NULL, with
 * the errors printed. */
static struct ruleset *
scenario_ruleset(const char *file)
{
	struct diags d = { 0 };
	struct pos at = { NULL, 0, 0 };
	struct ruleset *rs = NULL;
	char *path = sc_read_ruleset_path(file, &at, &d);

	if (path != NULL)
		rs = named_ruleset(path, at, &d);
	diags_print(&d, stderr);
	diags_free(&d);
	free(path);
	return rs;
}

/*
 * Replay a scenario file: games between the greedy players with dice
 * from (seed, i); the ruleset is the one given, or the file's
 * `ruleset:`. Returns an exit status.
 */
int
scenario_play(const char *ruleset, const char *file, long games, uint64_t seed,
    int jobs, int json)
{
	struct diags d = { 0 };
	struct ruleset *rs = NULL;
	struct scenario *s = NULL;
	struct sc_engine *e = NULL;
	struct sc_games gm;
	struct pos rat = { NULL, 0, 0 };
	char *rpath = NULL, a[32], b[32], c[32];
	int worst, rc = EXIT_ERRORS;
	struct cli_json js;
	json_t *own = NULL;

	if (json)
		cli_json_begin(&js);
	if (ruleset == NULL) {
		rpath = sc_read_ruleset_path(file, &rat, &d);
		if (rpath == NULL)
			goto out;
		ruleset = rpath;
	}
	rnd_fonts_warm();
	if (rpath != NULL)
		rs = named_ruleset(rpath, rat, &d);
	else if ((rs = cli_load(ruleset, &worst)) == NULL) {
		rc = EXIT_ERRORS;
		goto out;
	}
	if (rs == NULL || cli_playable(rs, rs->path) == -1)
		goto out;
	if ((s = sc_read(file, rs, &d)) == NULL || sc_validate(s, rs, &d) != 0)
		goto out;
	if ((e = sc_engine_new(rs, &d)) == NULL)
		goto out;
	gm = sc_engine_games(e);
	if (sc_measure(s, &gm, games, seed, jobs) != 0) {
		diag_msg(&d, s->at_table, MSG(SCENARIO_CANNOT_PLAYED));
		goto out;
	}
	fmt_double(a, sizeof(a), s->bal.rate, 4);
	fmt_double(b, sizeof(b), s->bal.lo, 4);
	fmt_double(c, sizeof(c), s->bal.hi, 4);
	/* Six decimals, as this JSON always had them. */
	if (json)
		own = json_pack("{s:s, s:s, s:s, s:I, s:I, s:{s:I, s:I}, "
		                "s:I, s:f, s:[f, f]}",
		    "scenario", file, "ruleset", rs->path, "engine",
		    eng_engine_name(rs), "games", (json_int_t)s->bal.games,
		    "seed", (json_int_t)seed, "wins", "blue",
		    (json_int_t)s->bal.wins[0], "red",
		    (json_int_t)s->bal.wins[1], "draws",
		    (json_int_t)s->bal.draws, "blue_score",
		    round(s->bal.rate * 1e6) / 1e6, "wilson",
		    round(s->bal.lo * 1e6) / 1e6,
		    round(s->bal.hi * 1e6) / 1e6);
	else
		printf("%s: %ld %s (seed %llu): blue %ld, red %ld, draws "
		       "%ld; blue's score %s (95%% CI %s–%s)\n",
		    file, s->bal.games, plural(s->bal.games, "game", "games"),
		    (unsigned long long)seed, s->bal.wins[0], s->bal.wins[1],
		    s->bal.draws, a, b, c);
	rc = EXIT_CLEAN;
out:
	diags_print(&d, stderr);
	diags_free(&d);
	if (json) {
		js.failed = rc != EXIT_CLEAN;
		cli_json_add(&js,
		    cli_json_element(ruleset != NULL ? ruleset : file), rs,
		    own);
		if (cli_json_end(&js) != 0)
			rc = EXIT_ERRORS;
	}
	sc_engine_free(e);
	sc_free(s);
	rs_free(rs);
	free(rpath);
	return rc;
}
