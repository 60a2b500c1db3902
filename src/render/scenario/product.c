/*
 * scenario/product.c: the scenario its briefing shows — generated to a
 * points total (or read from a file), its forces priced and its balance
 * measured by the games of the analysis's engine, searched until fair
 * when asked — and the briefing written with its YAML beside it. The
 * command, src/cli/cmd_scenario.c, checks the outputs and says what was
 * made.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "../../check/analysis.h"
#include "../../engine/engine.h"
#include "../../scenario/play.h"
#include "scenario.h"

#define VALUE_GAMES 2400 /* self-play games in all for unit values */

/* FILE.pdf (.png, .svg) → FILE.yaml (caller frees). */
char *
rnd_scenario_yaml_path(const char *pdf)
{
	size_t n = strlen(pdf);

	if (n > 4 &&
	    (strcasecmp(pdf + n - 4, ".pdf") == 0 ||
	        strcasecmp(pdf + n - 4, ".png") == 0 ||
	        strcasecmp(pdf + n - 4, ".svg") == 0))
		return xasprintf("%.*s.yaml", (int)(n - 4), pdf);
	return xasprintf("%s.yaml", pdf);
}

/* The default points: the default battle's force at these values, or
 * eight average units. */
static int
default_points(const struct ruleset *rs, const struct sc_values *v)
{
	size_t i;
	int p = 0, sum = 0, n = 0;

	for (i = 0; i < rs->nforces; i++)
		if (rs->forces[i].unit >= 0 &&
		    (size_t)rs->forces[i].unit < v->n)
			p += v->v[rs->forces[i].unit] * rs->forces[i].count;
	if (p > 0)
		return p;
	for (i = 0; i < v->n; i++)
		if (v->v[i] > 0) {
			sum += v->v[i];
			n++;
		}
	return n > 0 ? 8 * sum / n : 0;
}

/* 1 when two paths name the same file. */
int
rnd_same_file(const char *a, const char *b)
{
	struct stat sa, sb;

	if (strcmp(a, b) == 0)
		return 1;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 &&
	    sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A scenario read from a (perhaps hand-edited) file, its forces priced
 * at the engine's values. Returns it or NULL (errors in d). */
static struct scenario *
from_file(const struct ruleset *rs, const char *path,
    const struct sc_values *val, struct diags *d)
{
	struct scenario *s = sc_read(path, rs, d);
	size_t i;
	int side;

	if (s == NULL || sc_validate(s, rs, d) != 0) {
		sc_free(s);
		return NULL;
	}
	/* The file written names the ruleset it was checked against: the
	 * one given, which is where it is now (the file read may have moved
	 * away from the one it names). */
	free(s->ruleset);
	s->ruleset = xstrdup(rs->path);
	for (side = 0; side < 2; side++) {
		s->side[side].points = 0;
		for (i = 0; i < s->side[side].n; i++)
			s->side[side].points += s->side[side].v[i].count *
			    val->v[s->side[side].v[i].type];
	}
	if (s->points == 0)
		s->points = s->side[0].points > s->side[1].points ?
		    s->side[0].points :
		    s->side[1].points;
	return s;
}

/*
 * The scenario of a print-only ruleset: nothing plays it, so nothing
 * prices its units or measures its balance. Both sides field the
 * default battle's forces (or one unit of each type), on a generated
 * or given battlefield; val gets a zero for every unit (no points are
 * printed). Returns it, or NULL (errors in d).
 */
static struct scenario *
unplayed(const struct ruleset *rs, const struct rnd_sc_req *o,
    struct sc_values *val, struct diags *d)
{
	struct sc_request rq = o->rq;
	struct scenario *s;
	struct sc_force f;
	int priced;

	val->n = rs->nunits;
	val->v = xcalloc(rs->nunits ? rs->nunits : 1, sizeof(int));
	priced = sc_own_values(rs, val) >= 0;
	if (o->from != NULL)
		return from_file(rs, o->from, val, d);
	/* Forces to points from the ruleset's own Points column, when asked
	 * (--points) or when it names no battle of its own. */
	if (priced && (rq.points > 0 || rs->nforces == 0) &&
	    sc_cheapest(val->v, val->n) > 0) {
		if (rq.points == 0)
			rq.points = default_points(rs, val);
		return sc_generate(rs, rs->path, &rq, val, d);
	}
	if (sc_default_force(rs, &f, d) != 0)
		return NULL;
	rq.forces = &f;
	rq.points = 0;
	s = sc_generate(rs, rs->path, &rq, val, d);
	sc_force_free(&f);
	return s;
}

int
rnd_scenario_make(struct analysis *a, const struct rnd_sc_req *o,
    struct rnd_sc_made *m, struct diags *d)
{
	const struct ruleset *rs = a->rs;
	struct sc_request rq = o->rq;
	struct sc_values *val = &m->val;
	struct sc_games gm;
	struct scenario *s = NULL;

	memset(m, 0, sizeof(*m));
	if (eng_show_of(rs)->print_only)
		return (m->s = unplayed(rs, o, val, d)) != NULL ? 0 : -1;
	/* The analysis's engine and odds; what preparing it said is
	 * this product's to print too. */
	diags_append(d, &a->prep);
	if (a->ctx == NULL)
		return 1;
	m->e = sc_engine_share(a->ctx, ana_odds(a));
	if (sc_unit_values(m->e, VALUE_GAMES, 1, o->jobs, val) != 0) {
		struct pos at = { rs->path, 0, 0 };

		diag_add(d, SEV_ERROR, at, "the ruleset has no units");
		return -1;
	}
	if (rq.points == 0)
		rq.points = default_points(rs, val);
	gm = sc_engine_games(m->e);
	if (o->from != NULL) {
		if ((s = from_file(rs, o->from, val, d)) == NULL)
			return -1;
		m->s = s;
		if (sc_measure(s, &gm, o->games, rq.seed, o->jobs) != 0) {
			diag_add(d, SEV_ERROR, s->at_table,
			    "the scenario cannot "
			    "be played: its table does not make an engine's "
			    "board");
			return -1;
		}
		s->bal.candidates = 1;
	} else if (o->balanced) {
		s = sc_balance(rs, rs->path, &rq, val, &gm, o->games, o->jobs,
		    RND_SC_CANDIDATES, &m->ok, o->progress, o->parg, d);
		m->s = s;
	} else if ((s = sc_generate(rs, rs->path, &rq, val, d)) != NULL) {
		m->s = s;
		if (sc_measure(s, &gm, o->games, rq.seed, o->jobs) != 0) {
			struct pos at = { rs->path, 0, 0 };

			diag_add(d, SEV_ERROR, at,
			    "the scenario cannot be "
			    "played on the engine's board");
			return -1;
		}
		s->bal.candidates = 1;
	}
	return s != NULL ? 0 : -1;
}

int
rnd_scenario_write(const struct ruleset *rs, const struct rnd_sc_made *m,
    const struct rnd_sc_req *o, const char *out, char **yamlp, struct diags *d)
{
	struct rnd_scenario_opts ro = { o->paper, &m->val,
		o->balanced ? m->ok : -1, o->tmpl, o->dump };
	const struct scenario *s = m->s;
	char *yaml, *text, *why = NULL;
	int rc = -1;

	if (sc_validate(s, rs, d) != 0)
		return -1;
	yaml = rnd_scenario_yaml_path(out);
	text = sc_to_yaml_at(s, rs, yaml);
	/* The PDF and its YAML are one version: renamed together, with
	 * the directory locked against another run writing them. */
	file_group_begin();
	if (rnd_scenario(rs, s, out, &ro, d) != 0)
		goto out;
	/* Never write over the file the scenario was read from. */
	if ((o->from == NULL || !rnd_same_file(o->from, yaml)) &&
	    atomic_write(yaml, text, strlen(text), &why) != 0) {
		struct pos at = { yaml, 0, 0 };

		diag_add(d, SEV_ERROR, at, "%s", why);
		free(why);
		goto out;
	}
	if (file_group_end(&why) != 0) {
		struct pos at = { NULL, 0, 0 };

		diag_add(d, SEV_ERROR, at, "%s", why);
		free(why);
		goto out;
	}
	rc = 0;
out:
	file_group_abandon(); /* what was not renamed, when it failed */
	free(text);
	if (rc == 0)
		*yamlp = yaml;
	else
		free(yaml);
	return rc;
}

void
rnd_sc_made_free(struct rnd_sc_made *m)
{
	sc_free(m->s);
	sc_values_free(&m->val);
	sc_engine_free(m->e);
	memset(m, 0, sizeof(*m));
}
