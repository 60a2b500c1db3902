/*
 * analysis.c: one analysis of a ruleset (analysis.h), and the check
 * pipeline over it — test games, rule coverage, self-play and findings.
 * `sandtable build` used to prepare the engine eight times for one
 * ruleset, work out the odds four times and play the test games twice,
 * once a product; each is now done once, when first asked, and kept.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "analysis.h"

/* s followed by a and b (s freed; NULL is empty). */
static char *
append(char *s, const char *a, const char *b)
{
	char *r = xasprintf("%s%s%s", s != NULL ? s : "", a, b);

	free(s);
	return r;
}

/* The rules named in the coverage warning, unless all are asked for. */
#define CHK_COVERAGE_NAMED 8

/*
 * One warning for the rules that can apply to the ruleset and that no
 * test game applied: how many, and their ids (the first few, unless
 * all is set: check -v, whose table lists each rule too).
 */
static void
coverage_warnings(const struct ruleset *rs, const struct chk_result *r,
    int all, struct diags *d)
{
	const struct eng_family *f = r->ctx->fam;
	struct pos at = rs->tests != NULL && rs->ntests > 0 ?
	    rs->tests[0].pos :
	    rs->engine_pos;
	int k, n = 0, miss = 0;
	char *ids = NULL;

	for (k = 0; k < f->nrules; k++)
		n += eng_rule_applies(r->ctx, k);
	if (rs->ntests == 0) {
		diag_msg(d, at, MSG(NO_TEST_GAMES),
		    n == 1 ? "" : "none of the ", n,
		    plural(n, "rule", "rules"), f->name,
		    plural(n, "is not", "is"));
		return;
	}
	for (k = 0; k < f->nrules; k++) {
		if (r->test_cov[k] != 0 || !eng_rule_applies(r->ctx, k))
			continue;
		if (all || miss < CHK_COVERAGE_NAMED)
			ids = append(ids, miss ? ", " : "", f->rules[k].id);
		else if (miss == CHK_COVERAGE_NAMED)
			ids = append(ids, ", …", "");
		miss++;
	}
	if (miss > 0)
		diag_msg(d, at, MSG(RULE_EXERCISED_NO_TEST_GAME), miss, n,
		    n == 1 ? "" : "s", miss == 1 ? "is" : "are", ids,
		    all || miss <= CHK_COVERAGE_NAMED ?
		        "" :
		        " (check -v lists each rule)");
	free(ids);
}

/* Whether the Markdown tree has a heading with this text (or its
 * German or French, in lang). */
static int
has_heading(const char *lang, const struct rs_md *m, const char *title)
{
	size_t i;
	int found = 0;
	char *t;

	if (m == NULL)
		return 0;
	if (m->kind == RS_MD_HEADING) {
		t = rs_md_text(m);
		/* In lang: de or fr, a German or French title too. */
		found = t != NULL &&
		    strcasecmp(rs_heading_en(lang, t), title) == 0;
		free(t);
		return found;
	}
	for (i = 0; i < m->nkids && !found; i++)
		found = has_heading(lang, m->kids[i], title);
	return found;
}

/* Each rule that can apply names the section of the ruleset that states
 * it: a note for a section the ruleset does not have (once per
 * section). */
static void
section_notes(const struct ruleset *rs, const struct eng_ctx *c,
    struct diags *d)
{
	const struct eng_family *f = c->fam;
	int k, j, seen;

	for (k = 0; k < f->nrules; k++) {
		if (!eng_rule_applies(c, k))
			continue;
		for (seen = 0, j = 0; j < k; j++)
			if (eng_rule_applies(c, j) &&
			    strcmp(f->rules[j].section, f->rules[k].section) ==
			        0)
				seen = 1;
		if (!seen &&
		    !has_heading(rs->lang, rs->doc, f->rules[k].section))
			diag_msg(d, rs->engine_pos,
			    MSG(ENGINE_RULES_SUCH_STATED_SECTION), f->name,
			    f->rules[k].id, f->rules[k].section);
	}
}

/* A weapon that some unit carries and no game can use: the family
 * says why (weapon_usable). */
static void
weapon_findings(const struct ruleset *rs, const struct eng_ctx *c,
    struct diags *d)
{
	const char *why;
	size_t w, u, k;

	if (c->fam->weapon_usable == NULL)
		return;
	for (w = 0; w < rs->nweapons; w++) {
		for (u = 0; u < rs->nunits; u++) {
			for (k = 0; k < rs->units[u].nweapons; k++)
				if (rs->units[u].weapons[k] == (int)w)
					break;
			if (k < rs->units[u].nweapons)
				break;
		}
		why = NULL;
		if (u < rs->nunits && !c->fam->weapon_usable(c, (int)w, &why))
			diag_msg(d, rs->weapons[w].pos, MSG(WEAPON_NEVER_USED),
			    rs->weapons[w].name, rs->units[u].name,
			    why != NULL ? why : "");
	}
}

/* Findings of self-play that every family shares. */
static void
selfplay_findings(const struct ruleset *rs, const struct chk_result *r,
    struct diags *d)
{
	const struct eng_stats *st = &r->st;
	struct pos at = rs->engine_pos;
	struct chk_agree *v;
	size_t n;
	int s;

	if (st->games == 0)
		return;
	if (st->games >= 100 &&
	    (st->first_player_wins * 10 < (st->wins[0] + st->wins[1]) * 4 ||
	        st->first_player_wins * 10 > (st->wins[0] + st->wins[1]) * 6))
		diag_msg(d, at, MSG(SIDE_MOVES_FIRST_WON_DECIDED),
		    st->first_player_wins, st->wins[0] + st->wins[1]);
	if (st->timeouts * 2 > st->games)
		diag_msg(d, at, MSG(SELF_PLAY_DID_NOT_END), st->timeouts,
		    st->games, plural(st->games, "game", "games"),
		    r->ctx->turn_limit,
		    plural(r->ctx->turn_limit, "turn", "turns"));
	for (s = 0; s < 2 && st->games >= 20; s++)
		if (st->wins[s] == 0)
			diag_msg(d, at, MSG(NEVER_WON_MIRROR_MATCH_SELF),
			    s ? "red" : "blue", st->games);
	/* Self-play rolls the dice the exact odds say (agree.c). */
	n = chk_agree(r->ctx, st, &v);
	chk_agree_diags(at, v, n, d);
	chk_agree_free(v, n);
}

/* ---- counts (SANDTABLE_COUNT) ---- */

static unsigned long counts[ANA__COUNTS];
static int counting = -1;

static void
counts_line(void)
{
	fprintf(stderr,
	    "sandtable: counts: prepare %lu, odds %lu, "
	    "test games %lu, examples %lu, self-play %lu\n",
	    counts[ANA_PREPARE], counts[ANA_ODDS], counts[ANA_TESTS],
	    counts[ANA_EXAMPLES], counts[ANA_SELFPLAY]);
}

static void
counts_print(void)
{
	char buf[512];

	counts_line();
	if (cache_counts(buf, sizeof(buf)))
		fprintf(stderr, "sandtable: cache: %s\n", buf);
}

void
ana_count(enum ana_count k)
{
	const char *e;

	/* Asked once; printed by exit(). A build of several rulesets at
	 * once makes each in a child that leaves by _exit(), printing
	 * nothing: count one ruleset, or -j 1. */
	if (counting == -1) {
		counting = (e = getenv("SANDTABLE_COUNT")) != NULL &&
		    *e != '\0' && strcmp(e, "0") != 0;
		if (counting)
			atexit(counts_print);
	}
	counts[k]++;
}

void
ana_count_fork(void)
{
	memset(counts, 0, sizeof(counts));
}

void
ana_count_exit(void)
{
	const char *e;

	if (counting == -1)
		counting = (e = getenv("SANDTABLE_COUNT")) != NULL &&
		    *e != '\0' && strcmp(e, "0") != 0;
	if (counting)
		counts_line();
}

/* ---- the analysis ---- */

struct analysis *
ana_new(const struct ruleset *rs, int grid, double cell_mm)
{
	return ana_new_focus(rs, grid, cell_mm, -1, -1);
}

struct analysis *
ana_new_focus(const struct ruleset *rs, int grid, double cell_mm, int ua,
    int ub)
{
	struct analysis *a = xcalloc(1, sizeof(*a));
	size_t i;

	a->rs = rs;
	a->grid = grid;
	a->cell_mm = cell_mm;
	a->ua = ua;
	a->ub = ub;
	ana_count(ANA_PREPARE);
	a->ctx = eng_ctx_new_focus(rs, grid, cell_mm, ua, ub, &a->prep);
	if (a->ctx == NULL) {
		a->state = 1;
		for (i = 0; i < a->prep.n; i++)
			if (a->prep.v[i].sev == SEV_ERROR)
				a->state = -1;
	}
	return a;
}

void
ana_free(struct analysis *a)
{
	size_t i;

	if (a == NULL)
		return;
	if (a->odds_done)
		eng_odds_free(&a->odds);
	if (a->ex_done)
		eng_examples_free(a->ex, a->nex);
	diags_free(&a->prep);
	diags_free(&a->test_diags);
	diags_free(&a->ex_diags);
	free(a->plays);
	free(a->fielded);
	free(a->fielded_by);
	for (i = 0; i < a->nnames; i++)
		free(a->names[i]);
	free(a->names);
	eng_ctx_free(a->ctx);
	free(a);
}

void
ana_fielded(struct analysis *a, const int *count, size_t n, const char *by)
{
	size_t i;

	if (a->nfielded < n) {
		a->fielded = xrealloc(a->fielded, n * sizeof(int));
		memset(a->fielded + a->nfielded, 0,
		    (n - a->nfielded) * sizeof(int));
		a->nfielded = n;
	}
	for (i = 0; i < n; i++)
		if (count[i] > a->fielded[i])
			a->fielded[i] = count[i];
	free(a->fielded_by);
	a->fielded_by = xstrdup(by);
}

struct cache_key *
ana_cache_key(const struct analysis *a, const char *kind)
{
	struct cache_key *k;

	if (a->ctx == NULL || a->rs->src == NULL)
		return NULL;
	k = cache_key_new(kind);
	cache_key_add(k, a->rs->src, a->rs->srclen);
	cache_key_int(k, a->grid);
	cache_key_real(k, a->cell_mm);
	cache_key_int(k, a->ua);
	cache_key_int(k, a->ub);
	return k;
}

/* A chance as text: "num/den" (GMP's, exact). */
static void
q_put(FILE *fp, const struct eng_q *q)
{
	mpq_t x;

	mpq_init(x);
	eng_q_get_mpq(q, x);
	fputc(' ', fp);
	mpq_out_str(fp, 10, x);
	mpq_clear(x);
}

/* The odds as the cache keeps them: a line an entry. Returns the text
 * (caller frees), *len its length. */
static char *
odds_save(const struct eng_odds *o, size_t *len)
{
	char *buf = NULL;
	FILE *fp = open_memstream(&buf, len);
	const struct eng_odds_melee *m;
	const struct eng_odds_fire *f;
	size_t i;

	if (fp == NULL)
		return NULL;
	fprintf(fp, "odds 1 %zu %zu\n", o->nfire, o->nmelee);
	for (i = 0; i < o->nfire; i++) {
		f = &o->fire[i];
		fprintf(fp, "%d %d %d", f->shooter, f->weapon, f->target);
		q_put(fp, &f->p_hit);
		fputc('\n', fp);
	}
	for (i = 0; i < o->nmelee; i++) {
		m = &o->melee[i];
		fprintf(fp, "%d %d %d %d %d %d %zu:%s", m->attacker,
		    m->defender, m->powers, m->a_power, m->d_power,
		    m->resolves, strlen(m->situation), m->situation);
		q_put(fp, &m->attacker_wins);
		q_put(fp, &m->defender_wins);
		q_put(fp, &m->both_destroyed);
		q_put(fp, &m->expected_rolls);
		fputc('\n', fp);
	}
	if (fclose(fp) != 0) {
		free(buf);
		return NULL;
	}
	return buf;
}

/* The next chance at *p into q: 0, or -1. */
static int
q_get(char **p, struct eng_q *q)
{
	char *s = *p + strspn(*p, " "), *e = s + strcspn(s, " \n");
	char c = *e;
	mpq_t x;
	int rc;

	if (e == s)
		return -1;
	*e = '\0';
	mpq_init(x);
	rc = mpq_set_str(x, s, 10);
	if (rc == 0 && mpz_sgn(mpq_denref(x)) != 0) {
		mpq_canonicalize(x);
		eng_q_set_mpq(q, x);
	} else
		rc = -1;
	mpq_clear(x);
	*e = c;
	*p = e;
	return rc;
}

/* A situation's name, kept by the analysis (once each). */
static const char *
name_kept(struct analysis *a, const char *s, size_t n)
{
	size_t i;
	char *c;

	for (i = 0; i < a->nnames; i++)
		if (strlen(a->names[i]) == n && memcmp(a->names[i], s, n) == 0)
			return a->names[i];
	c = xstrndup(s, n);
	XPUSH(a->names, a->nnames, a->capnames, c);
	return c;
}

/* The next whole number at *p (after blanks) into v: 0, or -1. (Not
 * sscanf, which measures the whole rest of the text at each call.) */
static int
num(char **p, long long *v)
{
	char *e;

	*v = strtoll(*p, &e, 10);
	if (e == *p)
		return -1;
	*p = e;
	return 0;
}

/* n whole numbers at *p into v, each within an int: 0, or -1. */
static int
ints(char **p, int *v, int n)
{
	long long x;
	int i;

	for (i = 0; i < n; i++) {
		if (num(p, &x) != 0 || x < -2147483647 || x > 2147483647)
			return -1;
		v[i] = (int)x;
	}
	return 0;
}

/* The odds from the cache's text (len bytes) into o (empty): 0, or -1
 * (o then freed: one not to trust is worked out again). */
static int
odds_load(struct analysis *a, char *t, size_t len, struct eng_odds *o)
{
	struct eng_odds_melee *m;
	struct eng_odds_fire *f;
	long long nf, nm, sl;
	char *p = t, *end = t + len;
	int v[6];
	long long i;

	if (strncmp(p, "odds 1 ", 7) != 0)
		return -1;
	p += 7;
	if (num(&p, &nf) != 0 || num(&p, &nm) != 0 || nf < 0 || nm < 0)
		return -1;
	for (i = 0; i < nf; i++) {
		if (ints(&p, v, 3) != 0)
			goto bad;
		f = eng_odds_add_fire(o, v[0], v[1], v[2]);
		if (q_get(&p, &f->p_hit) != 0)
			goto bad;
	}
	for (i = 0; i < nm; i++) {
		if (ints(&p, v, 6) != 0 || num(&p, &sl) != 0 || *p != ':' ||
		    sl < 0 || sl > end - p - 1)
			goto bad;
		p++;
		m = eng_odds_add_melee(o, v[0], v[1],
		    name_kept(a, p, (size_t)sl));
		p += sl;
		m->powers = v[2];
		m->a_power = v[3];
		m->d_power = v[4];
		m->resolves = v[5];
		if (q_get(&p, &m->attacker_wins) != 0 ||
		    q_get(&p, &m->defender_wins) != 0 ||
		    q_get(&p, &m->both_destroyed) != 0 ||
		    q_get(&p, &m->expected_rolls) != 0)
			goto bad;
	}
	if (p[strspn(p, " \n")] != '\0')
		goto bad;
	return 0;
bad:
	eng_odds_free(o);
	return -1;
}

const struct eng_odds *
ana_odds(struct analysis *a)
{
	struct cache_key *k;
	char *t;
	size_t n;

	if (a->ctx == NULL || a->ctx->fam->odds == NULL)
		return NULL;
	if (!a->odds_done) {
		memset(&a->odds, 0, sizeof(a->odds));
		k = ana_cache_key(a, "odds");
		if (cache_get(k, &t, &n) != 0 ||
		    odds_load(a, t, n, &a->odds) != 0) {
			ana_count(ANA_ODDS);
			a->ctx->fam->odds(a->ctx, &a->odds);
			free(t);
			if (k != NULL && (t = odds_save(&a->odds, &n)) != NULL)
				cache_put(k, t, n);
		}
		free(t);
		cache_key_free(k);
		a->odds_done = 1;
	}
	return &a->odds;
}

int
ana_examples(struct analysis *a, struct diags *d,
    const struct eng_example **out, int *failed)
{
	*out = NULL;
	*failed = 0;
	if (a->ctx == NULL)
		return 0;
	if (!a->ex_done) {
		ana_count(ANA_EXAMPLES);
		a->nex = eng_examples(a->ctx, &a->ex_diags, &a->ex,
		    &a->ex_failed);
		a->ex_done = 1;
	}
	if (d != NULL)
		diags_append(d, &a->ex_diags);
	*out = a->ex;
	*failed = a->ex_failed;
	return a->nex;
}

/* Self-play of games games at seed, played the first time it is asked
 * for (with o's jobs and progress), then kept; the statistics of the
 * same ruleset, board, games and seed are the cache's when it has them
 * (the jobs change nothing but the time it takes). */
static const struct eng_stats *
ana_selfplay(struct analysis *a, const struct chk_opts *o)
{
	struct cache_key *k;
	struct ana_play *p;
	size_t i, n;
	char *t;

	for (i = 0; i < a->nplays; i++)
		if (a->plays[i].games == o->games &&
		    a->plays[i].seed == o->seed)
			return &a->plays[i].st;
	a->plays = xrealloc(a->plays, (a->nplays + 1) * sizeof(*a->plays));
	p = &a->plays[a->nplays++];
	memset(p, 0, sizeof(*p));
	p->games = o->games;
	p->seed = o->seed;
	k = ana_cache_key(a, "self-play");
	cache_key_int(k, o->games);
	cache_key_int(k, (long long)o->seed);
	/* The statistics as this sandtable lays them out (the key holds
	 * its build), the time they took included. */
	if (cache_get(k, &t, &n) == 0 && n == sizeof(p->st)) {
		memcpy(&p->st, t, n);
	} else {
		ana_count(ANA_SELFPLAY);
		eng_selfplay_progress(a->ctx, o->games, o->seed, o->jobs,
		    &p->st, o->progress, o->parg);
		cache_put(k, &p->st, sizeof(p->st));
	}
	free(t);
	cache_key_free(k);
	return &p->st;
}

int
ana_check(struct analysis *a, const struct chk_opts *o, struct chk_result *r,
    struct diags *d)
{
	const struct ruleset *rs = a->rs;

	memset(r, 0, sizeof(*r));
	r->games = o->games;
	r->seed = o->seed;
	r->jobs = o->jobs;
	r->ana = a;
	r->ctx = a->ctx;
	diags_append(d, &a->prep);
	if (a->ctx == NULL)
		return a->state;
	if (o->tests) {
		if (!a->tests_done) {
			ana_count(ANA_TESTS);
			a->tests_failed = eng_testgames_run(a->ctx,
			    &a->test_diags, a->test_cov, &a->tests);
			a->tests_done = 1;
		}
		diags_append(d, &a->test_diags);
		r->tests = a->tests;
		r->tests_failed = a->tests_failed;
		memcpy(r->test_cov, a->test_cov, sizeof(r->test_cov));
		coverage_warnings(rs, r, o->all_rules, d);
		section_notes(rs, r->ctx, d);
	}
	if (o->games > 0)
		r->st = *ana_selfplay(a, o);
	if (r->ctx->fam->findings != NULL)
		r->ctx->fam->findings(r->ctx, o->games > 0 ? &r->st : NULL, d);
	weapon_findings(rs, r->ctx, d);
	selfplay_findings(rs, r, d);
	return 0;
}

/* The result borrows the analysis: ana_free() frees what it points
 * to. */
void
chk_result_free(struct chk_result *r)
{
	r->ana = NULL;
	r->ctx = NULL;
}
