/* The dice family's melee by accumulated hits and by the pipeline,
 * fought to its end (dice_melee.c): small cases against hand
 * calculations written beside them, the bundled ruleset's pairs against
 * a round-by-round propagation in doubles (another way to the same
 * numbers), the hooks (odds, document, test-game odds, findings) and
 * the time all pairs take. */
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "../../src/check/check.h"
#include "../../src/engine/dice_odds.h"
#include "../../src/engine/engine.h"

static struct ruleset *rs;
static struct eng_ctx *ctx;

static void
load_text(const char *text)
{
	struct diags d = { 0 };
	size_t i;

	rs = rs_parse("t.md", text, strlen(text), &d);
	cr_assert_not_null(rs);
	ctx = eng_ctx_new(rs, -1, 0, &d);
	for (i = 0; i < d.n; i++)
		cr_assert_neq(d.v[i].sev, SEV_ERROR, "%s", d.v[i].msg);
	cr_assert_not_null(ctx);
	diags_free(&d);
}

static void
unload(void)
{
	eng_ctx_free(ctx);
	rs_free(rs);
	ctx = NULL;
	rs = NULL;
}

/*
 * A ruleset of two units, Two (Wounds 2) and Three (Wounds 3), that
 * fight by accumulated hits with the melee roll given.
 */
static void
load_accumulated(const char *roll)
{
	char text[2048];

	snprintf(text, sizeof(text),
	    "---\ntitle: A\nengine: dice\nmeasure: cm\n---\n\n## Units\n\n"
	    "| Unit | Class | Move | Weapons | Wounds |\n"
	    "|---|---|---|---|---|\n"
	    "| Two | infantry | 10 | Stone | 2 |\n"
	    "| Three | infantry | 10 | Stone | 3 |\n"
	    "\n## Weapons\n\n| Weapon | Range | Attacks |\n|---|---|---|\n"
	    "| Stone | 30 | 1 |\n"
	    "\n## Combat\n\n| Setting | Value |\n|---|---|\n"
	    "| shooting | accumulated |\n| melee | accumulated |\n"
	    "| contact | 2cm |\n| melee roll | %s |\n",
	    roll);
	load_text(text);
}

/*
 * Two units of Wounds 1: Blade (a blade that reaches the contact
 * distance: 1 attack, 4+ to hit, no save) and Bow (its bow does not
 * reach it), fighting by the pipeline under the turn given.
 */
static void
load_pipeline(const char *turn)
{
	char text[2048];

	snprintf(text, sizeof(text),
	    "---\ntitle: P\nengine: dice\nmeasure: cm\n---\n\n## Units\n\n"
	    "| Unit | Class | Move | Weapons | Save | Wounds |\n"
	    "|---|---|---|---|---|---|\n"
	    "| Blade | infantry | 10 | Sword | - | 1 |\n"
	    "| Bow | infantry | 10 | Longbow | - | 1 |\n"
	    "| Ox | infantry | 10 | Sword | - | 2 |\n"
	    "\n## Weapons\n\n| Weapon | Range | Attacks | To hit |\n"
	    "|---|---|---|---|\n| Sword | 1 | 1 | 4+ |\n"
	    "| Longbow | 40 | 1 | 4+ |\n"
	    "\n## Combat\n\n| Setting | Value |\n|---|---|\n"
	    "| shooting | pipeline |\n| melee | pipeline |\n"
	    "| contact | 2cm |\n| turn | %s |\n",
	    turn);
	load_text(text);
}

enum { TWO, THREE };
enum { BLADE, BOW, OX };

static void
assert_q(const mpq_t x, long num, unsigned long den, const char *what)
{
	mpq_t y;

	mpq_init(y);
	mpq_set_si(y, num, den);
	mpq_canonicalize(y);
	cr_assert(mpq_equal(x, y), "%s: %s is not %ld/%lu", what,
	    mpq_get_str(NULL, 10, x), num, den);
	mpq_clear(y);
}

/* Fight a and b from wa and wb Wounds left; the ends and mean rounds. */
static void
assert_fight(int a, int b, int wa, int wb, long aw, long bw, long both,
    unsigned long den, long rn, unsigned long rd)
{
	struct do_fight f;

	do_fight_init(&f);
	cr_assert_eq(do_fight_odds(ctx, a, b, wa, wb, DO_CHAIN_MAX, NULL, &f),
	    0);
	cr_assert(f.resolves);
	cr_assert(f.chained);
	assert_q(f.a_wins, aw, den, "attacker wins");
	assert_q(f.b_wins, bw, den, "defender wins");
	assert_q(f.both, both, den, "both removed");
	assert_q(f.rounds, rn, rd, "rounds");
	do_fight_clear(&f);
}

/*
 * Melee roll 1: each round each side loses one Wound, no chance in it.
 * Two against Three: after two rounds Two is gone and Three has one
 * left; Two against Two: both go in the second round; Three against
 * Two: the attacker stands. Each fight lasts two rounds.
 */
Test(dice_melee, accumulated_certain)
{
	load_accumulated("1");
	assert_fight(TWO, THREE, 2, 3, 0, 1, 0, 1, 2, 1);
	assert_fight(TWO, TWO, 2, 2, 0, 0, 1, 1, 2, 1);
	assert_fight(THREE, TWO, 3, 2, 1, 0, 0, 1, 2, 1);
	/* Three against Three from 1 and 3 Wounds left: one round. */
	assert_fight(THREE, THREE, 1, 3, 0, 1, 0, 1, 1, 1);
	unload();
}

/*
 * Melee roll d2: each side loses 1 or 2, a half each. Two against Two
 * (2 Wounds each): both lose 2 (1/4) both go; a loses 2 and b 1 (1/4)
 * the defender wins; the other way (1/4) the attacker; both lose 1
 * (1/4) and the next round removes both. Ends 1/4, 1/4, 1/2; rounds
 * 1 + 1/4 = 5/4. Two against Three, from 2 and 1 left (b any roll
 * removes): the attacker goes too when it loses 2 (1/2): 1/2, 0, 1/2
 * in one round. First round of Two against Three: each loses 1 or 2.
 */
Test(dice_melee, accumulated_d2)
{
	struct do_fight f;

	load_accumulated("d2");
	assert_fight(TWO, TWO, 2, 2, 1, 1, 2, 4, 5, 4);
	assert_fight(TWO, THREE, 2, 1, 1, 0, 1, 2, 1, 1);
	do_fight_init(&f);
	cr_assert_eq(do_fight_odds(ctx, TWO, THREE, 2, 3, DO_CHAIN_MAX, NULL,
	                 &f),
	    0);
	cr_assert_eq(f.wa, 2);
	cr_assert_eq(f.wb, 3);
	assert_q(f.a_loses[0], 0, 1, "a loses 0");
	assert_q(f.a_loses[1], 1, 2, "a loses 1");
	assert_q(f.a_loses[2], 1, 2, "a loses 2");
	assert_q(f.b_loses[2], 1, 2, "b loses 2");
	assert_q(f.b_loses[3], 0, 1, "b loses 3");
	do_fight_clear(&f);
	unload();
}

/*
 * Melee roll d2-1: each side loses 0 or 1, a half each; Wounds 1 each.
 * A round changes nothing with 1/4 (the self-loop); otherwise it ends:
 * both go 1/4, one of them 1/4 each. Ended: 1/3 each way, and the mean
 * of a geometric number of rounds with 3/4 to end: 4/3.
 */
Test(dice_melee, accumulated_self_loop)
{
	load_accumulated("d2-1");
	assert_fight(TWO, TWO, 1, 1, 1, 1, 1, 3, 4, 3);
	unload();
}

/*
 * The pipeline, one attack hitting on 4+ (1/2) each, Wounds 1 each.
 * Each side's turn is a round, the side whose turn it is striking first:
 * alternate turns give strikes a b | b a | a b | b a …, a period of four
 * strikes with a at the first and fourth. The first hit ends it: a
 * wins (1/2 + 1/16) / (1 - 1/16) = 3/5, b 2/5. A round ends it with
 * 3/4: 4/3 rounds. First round: b loses 1 with 1/2; a with 1/4 (b
 * stands and hits).
 */
Test(dice_melee, pipeline_alternate)
{
	struct do_fight f;

	load_pipeline("alternate");
	assert_fight(BLADE, BLADE, 1, 1, 3, 2, 0, 5, 4, 3);
	do_fight_init(&f);
	cr_assert_eq(do_fight_odds(ctx, BLADE, BLADE, 1, 1, DO_CHAIN_MAX, NULL,
	                 &f),
	    0);
	assert_q(f.b_loses[0], 1, 2, "b loses 0");
	assert_q(f.b_loses[1], 1, 2, "b loses 1");
	assert_q(f.a_loses[0], 3, 4, "a loses 0");
	assert_q(f.a_loses[1], 1, 4, "a loses 1");
	do_fight_clear(&f);
	unload();
}

/*
 * Phased turns: both sides fight in each game turn, the side with the
 * turn first, which changes every game turn: rounds a b | b a || b a |
 * a b, strikes a b b a b a a b, a period of eight with a at the 1st,
 * 4th, 6th and 7th: (1/2 + 1/16 + 1/64 + 1/128) / (1 - 1/256) = 10/17.
 */
Test(dice_melee, pipeline_phased)
{
	load_pipeline("phased");
	assert_fight(BLADE, BLADE, 1, 1, 10, 7, 0, 17, 4, 3);
	unload();
}

/*
 * Ox (Wounds 2) attacks Blade (1), alternate: Blade needs two hits
 * before Ox lands one. x: Ox's chance at the start of its own round
 * with 2 Wounds left, y at the start of Blade's; with 1 left it is the
 * case above, 3/5 striking first and 2/5 second.
 * x: Ox hits (1/2) and wins; else Blade hits (1/4 in all): Ox has 1
 * left and Blade strikes first next round, 2/5; else (1/4) y.
 * x = 1/2 + 1/10 + y/4.
 * y: Blade hits (1/2): Ox strikes back, hits (1/2) or else has the next
 * round first with 1 left, 3/5; Blade misses (1/2): Ox hits (1/2) or
 * else x. y = 1/2 (1/2 + 3/10) + 1/4 + x/4 = 13/20 + x/4.
 * So 15x/16 = 61/80, x = 61/75; Blade 14/75.
 * Rounds: from 1 and 1 a round ends it with 3/4, 4/3 rounds; X and Y
 * as x and y: X = 1 + 1/4 (4/3) + Y/4, Y = 1 + 1/4 (4/3) + X/4,
 * X = Y = 16/9.
 */
Test(dice_melee, pipeline_two_wounds)
{
	load_pipeline("alternate");
	assert_fight(OX, BLADE, 2, 1, 61, 14, 0, 75, 16, 9);
	unload();
}

/*
 * The bundled ruleset converted to each mechanism and turn: every
 * pair's ends and rounds against a propagation of the state
 * distribution round by round in doubles, until what is left is below
 * 1e-15, from the strikes worked out here from the shooting odds
 * (do_fire_odds()) as play picks the weapons.
 */
#define MAXW 16

/* P(k) of one strike of x at y in doubles, k up to cap (the last: cap
 * or more). */
static void
strike(int x, int y, int cap, double *s)
{
	const struct dt_tables *t = ctx->fam_data;
	struct dt_tables pt = *t;
	const struct rs_unit *u = &rs->units[x];
	double n[MAXW + 1];
	struct do_fire f;
	size_t k;
	int i, j;

	memset(s, 0, sizeof(double) * (MAXW + 1));
	if (t->melee == DT_MELEE_ACCUMULATED) {
		struct dx_dist r;

		cr_assert_eq(dx_dist(&t->melee_roll.dx, &r), 0);
		for (i = r.lo; i <= r.hi; i++)
			s[i <= 0 ? 0 : i > cap ? cap : i] += r.pd[i - r.lo];
		dx_dist_free(&r);
		return;
	}
	pt.shooting = DT_SHOOT_PIPELINE;
	s[0] = 1;
	for (k = 0; k < u->nweapons; k++) {
		if (ctx->wrange[u->weapons[k]] > ctx->melee_range + 1e-9)
			continue;
		do_fire_init(&f);
		cr_assert_eq(do_fire_odds(rs, &pt, u->weapons[k], y, 0, 0, 1,
		                 &f),
		    0);
		memset(n, 0, sizeof(n));
		for (i = 0; i <= cap; i++)
			for (j = 0; j <= f.wounds; j++)
				n[i + j > cap ? cap : i + j] += s[i] *
				    mpq_get_d(f.damage[j]);
		memcpy(s, n, sizeof(n));
		do_fire_clear(&f);
	}
}

/* s[k] of a strike capped at the cap of what is left, c: the last is
 * the tail, "c or more". */
static double
capped(const double *s, int k, int c, int w)
{
	double p = 0;

	if (k < c)
		return s[k];
	for (; k <= w; k++)
		p += s[k];
	return p;
}

/*
 * The distribution over Wounds left, round after round, in doubles: the
 * mass that ends each way, and the rounds (each round the mass still
 * fighting adds itself). bfirst: 0 a strikes first, 1 b, -1 at once;
 * a unit removed by the first strike does not strike back.
 */
static void
propagate(int a, int b, int wa, int wb, double *aw, double *bw, double *both,
    double *rounds)
{
	const struct dt_tables *t = ctx->fam_data;
	static const int ph[4] = { 0, 1, 1, 0 };
	double sa[MAXW + 1], sb[MAXW + 1], m[MAXW + 1][MAXW + 1],
	    nm[MAXW + 1][MAXW + 1], left = 1, pa, pb, x;
	int r, i, j, da, db, bfirst;

	strike(b, a, wa, sa);
	strike(a, b, wb, sb);
	memset(m, 0, sizeof(m));
	m[wa][wb] = 1;
	*aw = *bw = *both = *rounds = 0;
	for (r = 0; left > 1e-15 && r < 1000000; r++) {
		*rounds += left;
		memset(nm, 0, sizeof(nm));
		bfirst = t->melee == DT_MELEE_ACCUMULATED ? -1 :
		    t->turn == DT_TURN_PHASED             ? ph[r % 4] :
		                                            r % 2;
		for (i = 1; i <= wa; i++)
			for (j = 1; j <= wb; j++)
				for (db = 0; m[i][j] > 0 && db <= j; db++)
					for (da = 0; da <= i; da++) {
						x = m[i][j];
						pa = capped(sa, da, i, wa);
						pb = capped(sb, db, j, wb);
						/* Removed by the first
						 * strike: no strike back. */
						if (bfirst == 0 && db == j) {
							if (da == 0)
								*aw += x * pb;
							continue;
						}
						if (bfirst == 1 && da == i) {
							if (db == 0)
								*bw += x * pa;
							continue;
						}
						x *= pa * pb;
						if (da == i && db == j)
							*both += x;
						else if (db == j)
							*aw += x;
						else if (da == i)
							*bw += x;
						else
							nm[i - da][j - db] +=
							    x;
					}
		memcpy(m, nm, sizeof(m));
		left = 0;
		for (i = 1; i <= wa; i++)
			for (j = 1; j <= wb; j++)
				left += m[i][j];
	}
}

static void
agree_all(const char *melee, const char *turn)
{
	char *text, *why = NULL, *a, *b;
	struct do_fight f;
	size_t len, u, v;
	double aw, bw, bo, rn;
	int checked = 0;

	cr_assert_eq(file_slurp("../rulesets/dice-skirmish.md", 1 << 20, &text,
	                 &len, &why),
	    0, "%s", why);
	a = strstr(text, "| melee        | opposed   |");
	b = strstr(text, "| turn         | alternate |");
	cr_assert(a != NULL && b != NULL);
	memset(a, ' ', strlen("| melee        | opposed   |"));
	memcpy(a, melee, strlen(melee));
	memset(b, ' ', strlen("| turn         | alternate |"));
	memcpy(b, turn, strlen(turn));
	load_text(text);
	free(text);
	for (u = 0; u < rs->nunits; u++)
		for (v = 0; v < rs->nunits; v++) {
			const struct dt_tables *t = ctx->fam_data;
			int wa = t->units[u].wounds, wb = t->units[v].wounds;

			do_fight_init(&f);
			cr_assert_eq(do_fight_odds(ctx, (int)u, (int)v, wa, wb,
			                 DO_CHAIN_MAX, NULL, &f),
			    0);
			if (f.resolves) {
				propagate((int)u, (int)v, wa, wb, &aw, &bw,
				    &bo, &rn);
				cr_assert_float_eq(mpq_get_d(f.a_wins), aw,
				    1e-9, "%s v %s", rs->units[u].name,
				    rs->units[v].name);
				cr_assert_float_eq(mpq_get_d(f.b_wins), bw,
				    1e-9);
				cr_assert_float_eq(mpq_get_d(f.both), bo,
				    1e-9);
				cr_assert_float_eq(mpq_get_d(f.rounds), rn,
				    1e-6 * rn);
				checked++;
			}
			do_fight_clear(&f);
		}
	cr_assert_gt(checked, 20);
	unload();
}

Test(dice_melee, bundled_accumulated_agrees)
{
	agree_all("| melee | accumulated |", "| turn | alternate |");
}

Test(dice_melee, bundled_pipeline_alternate_agrees)
{
	agree_all("| melee | pipeline |", "| turn | alternate |");
}

Test(dice_melee, bundled_pipeline_phased_agrees)
{
	agree_all("| melee | pipeline |", "| turn | phased |");
}

/* The hooks: odds() has an entry for every pair, fought to its end;
 * Bow's bow does not reach the contact distance, so Bow against Bow
 * never ends (no entry resolves, and a finding says so), and Blade
 * against Bow is Blade's for certain. */
Test(dice_melee, family_odds_and_findings)
{
	struct diags d = { 0 };
	struct eng_odds o;
	size_t i;
	int never = 0, sure = 0, alt = 0;

	load_pipeline("alternate");
	memset(&o, 0, sizeof(o));
	eng_dice.odds(ctx, &o);
	cr_assert_eq(o.nmelee, 9);
	for (i = 0; i < o.nmelee; i++) {
		const struct eng_odds_melee *m = &o.melee[i];

		cr_assert_str_eq(m->situation, "contact");
		if (m->attacker == BOW && m->defender == BOW) {
			cr_assert_not(m->resolves);
			never++;
		}
		if (m->attacker == BLADE && m->defender == BOW) {
			cr_assert(m->resolves);
			cr_assert(eng_q_is(&m->attacker_wins, 1, 1));
			/* Each round Blade hits with 1/2: 2 rounds. */
			cr_assert(eng_q_is(&m->expected_rolls, 2, 1));
			sure++;
		}
		if (m->attacker == BLADE && m->defender == BLADE) {
			cr_assert(eng_q_is(&m->attacker_wins, 3, 5));
			cr_assert(eng_q_is(&m->defender_wins, 2, 5));
			cr_assert(eng_q_is(&m->both_destroyed, 0, 1));
			cr_assert(eng_q_is(&m->expected_rolls, 4, 3));
			alt++;
		}
	}
	cr_assert_eq(never + sure + alt, 3);
	eng_odds_free(&o);
	eng_dice.findings(ctx, NULL, &d);
	never = 0;
	for (i = 0; i < d.n; i++)
		never += strstr(d.v[i].msg,
		             "a melee of Bow and Bow can never "
		             "end: neither can ever remove the other") != NULL;
	cr_assert_eq(never, 1);
	/* Bow can still be removed: Blade's sword reaches it. */
	for (i = 0; i < d.n; i++)
		cr_assert_null(strstr(d.v[i].msg, "unit 'Bow' can never"));
	diags_free(&d);
	unload();
}

/* A sink that keeps the document whole. */
struct doc {
	json_t *root, *last;
};

static void
sk_member(const char *key, json_t *v, void *arg)
{
	json_object_set_new(((struct doc *)arg)->root, key, v);
}

static void
sk_table(const char *key, const char *title, void *arg)
{
	struct doc *d = arg;

	(void)title;
	d->last = json_array();
	json_object_set_new(d->root, key, d->last);
}

static void
sk_entry(json_t *v, void *arg)
{
	json_array_append_new(((struct doc *)arg)->last, v);
}

static json_t *
odds_doc(const char *a, const char *b)
{
	struct doc d = { json_object(), NULL };
	struct chk_json_sink s = { sk_member, sk_table, sk_entry, &d };

	chk_odds_json(ctx, a, b, &s);
	return d.root;
}

static const char *
exact(const json_t *e, const char *key)
{
	return json_string_value(
	    json_object_get(json_object_get(e, "exact"), key));
}

/* The document's melee entry of d2 accumulated, Two against Two (the
 * case above), and Bow against Bow of the pipeline, which never ends. */
Test(dice_melee, odds_document)
{
	json_t *doc, *e, *x;

	load_accumulated("d2");
	doc = odds_doc("Two", "Two");
	cr_assert_eq(json_array_size(json_object_get(doc, "melee")), 1);
	e = json_array_get(json_object_get(doc, "melee"), 0);
	x = json_object_get(e, "exact");
	cr_assert_str_eq(json_string_value(json_object_get(e, "mechanism")),
	    "accumulated");
	cr_assert_eq(json_integer_value(json_object_get(e, "attacker_wounds")),
	    2);
	cr_assert(json_is_true(json_object_get(e, "resolves")));
	cr_assert(json_is_true(json_object_get(e, "fought_out")));
	cr_assert_str_eq(exact(e, "attacker_wins"), "1/4");
	cr_assert_str_eq(exact(e, "defender_wins"), "1/4");
	cr_assert_str_eq(exact(e, "both_destroyed"), "1/2");
	cr_assert_str_eq(exact(e, "expected_rounds"), "5/4");
	cr_assert_float_eq(json_real_value(
	                       json_object_get(e, "expected_rounds")),
	    1.25, 1e-12);
	/* The first round: 0, 1 or 2 Wounds lost: 0, 1/2, 1/2. */
	cr_assert_eq(json_array_size(json_object_get(x, "attacker_loses")), 3);
	cr_assert_str_eq(json_string_value(
	                     json_array_get(json_object_get(x,
	                                        "defender_loses"),
	                         1)),
	    "1/2");
	cr_assert_null(json_object_get(e, "attacker_double"));
	json_decref(doc);
	unload();
	load_pipeline("alternate");
	doc = odds_doc("Bow", "Bow");
	e = json_array_get(json_object_get(doc, "melee"), 0);
	cr_assert_str_eq(json_string_value(json_object_get(e, "mechanism")),
	    "pipeline");
	cr_assert(json_is_false(json_object_get(e, "resolves")));
	cr_assert_str_eq(exact(e, "attacker_wins"), "0");
	cr_assert_null(json_object_get(e, "expected_rounds"));
	json_decref(doc);
	unload();
}

/*
 * A test game's odds: from the Wounds each had left when the melee
 * began (the hits record() kept): Ox with 1 of 2 left against Blade is
 * the 1-1 case, 3/5; whole, 61/75. An unknown key is not an odds.
 */
Test(dice_melee, contest_odds)
{
	/* A game with the family's own state (what the odds start from). */
	struct eng_game *g = calloc(1,
	    sizeof(struct eng_game) + eng_dice.state_size);
	struct dp_state *st = (struct dp_state *)(void *)g->fam_state;
	struct eng_contest c = { 0 };
	struct eng_q q;

	eng_q_init(&q);
	load_pipeline("alternate");
	g->ctx = ctx;
	g->nu = 2;
	g->u[0].type = OX;
	g->u[1].type = BLADE;
	c.kind = 2;
	c.a = 0;
	c.b = 1;
	cr_assert_eq(eng_dice.contest_odds(g, &c, "attacker_wins", &q), 0);
	cr_assert(eng_q_is(&q, 61, 75));
	cr_assert_eq(eng_dice.contest_odds(g, &c, "expected_rounds", &q), 0);
	cr_assert(eng_q_is(&q, 16, 9));
	st->taken_a = 1;
	cr_assert_eq(eng_dice.contest_odds(g, &c, "attacker_wins", &q), 0);
	cr_assert(eng_q_is(&q, 3, 5));
	cr_assert_eq(eng_dice.contest_odds(g, &c, "defender_wins", &q), 0);
	cr_assert(eng_q_is(&q, 2, 5));
	cr_assert_eq(eng_dice.contest_odds(g, &c, "both_destroyed", &q), 0);
	cr_assert(eng_q_is(&q, 0, 1));
	cr_assert_eq(eng_dice.contest_odds(g, &c, "equal", &q), -1);
	eng_q_clear(&q);
	unload();
	free(g);
}

/* All pairs of the bundled ruleset under each mechanism and turn: the
 * family's odds, timed (the issue asks under 50 ms; the assertion
 * leaves room for a loaded machine), and its whole document. */
static double
ms_since(const struct timespec *t0)
{
	struct timespec t1;

	clock_gettime(CLOCK_MONOTONIC, &t1);
	return (double)(t1.tv_sec - t0->tv_sec) * 1e3 +
	    (double)(t1.tv_nsec - t0->tv_nsec) / 1e6;
}

static double
time_all(const char *melee, const char *turn)
{
	char *text, *why = NULL, *a, *b;
	struct timespec t0;
	struct eng_odds o;
	json_t *doc;
	size_t len;
	double ms, doc_ms;

	cr_assert_eq(file_slurp("../rulesets/dice-skirmish.md", 1 << 20, &text,
	                 &len, &why),
	    0, "%s", why);
	a = strstr(text, "| melee        | opposed   |");
	b = strstr(text, "| turn         | alternate |");
	memset(a, ' ', strlen("| melee        | opposed   |"));
	memcpy(a, melee, strlen(melee));
	memset(b, ' ', strlen("| turn         | alternate |"));
	memcpy(b, turn, strlen(turn));
	load_text(text);
	free(text);
	memset(&o, 0, sizeof(o));
	clock_gettime(CLOCK_MONOTONIC, &t0);
	eng_dice.odds(ctx, &o);
	ms = ms_since(&t0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	doc = odds_doc(NULL, NULL);
	doc_ms = ms_since(&t0);
	cr_log_info("dice-skirmish, %s, %s: odds of all pairs %.2f ms, the "
	            "document %.2f ms",
	    melee, turn, ms, doc_ms);
	cr_assert_eq(o.nmelee, 49);
	cr_assert_eq(json_array_size(json_object_get(doc, "melee")), 49);
	eng_odds_free(&o);
	json_decref(doc);
	unload();
	return ms;
}

Test(dice_melee, bundled_all_pairs_fast)
{
	double acc = time_all("| melee | accumulated |",
	    "| turn | alternate |");
	double alt = time_all("| melee | pipeline |", "| turn | alternate |");
	double ph = time_all("| melee | pipeline |", "| turn | phased |");

	cr_assert_lt(acc, 500);
	cr_assert_lt(alt, 500);
	cr_assert_lt(ph, 500);
}

/*
 * Self-play agrees with the odds: a duel of one Blade a side (Wounds 2)
 * on a small table, a Move that reaches the enemy in the first turn, so
 * that the side with the first turn makes contact and is the attacker
 * of every melee. Over seeded games the first player's wins and the
 * draws (both removed) fall within four standard deviations of the
 * exact chances of the melee fought to its end. The games are seeded:
 * the test is deterministic, and a wrong order of strikes, round or
 * chain moves a count far past its bound.
 */
static void
duel(const char *melee, const char *roll, const char *turn)
{
	char text[2048];
	struct eng_stats st;
	struct do_fight f;
	double n, p, sd;

	snprintf(text, sizeof(text),
	    "---\ntitle: D\nengine: dice\nmeasure: cm\ntable: 30x30cm\n"
	    "battle:\n  turns: 500\n  deploy: 5cm\n  forces: { Blade: 1 }\n"
	    "---\n\n## Units\n\n"
	    "| Unit | Class | Move | Weapons | Save | Wounds |\n"
	    "|---|---|---|---|---|---|\n"
	    "| Blade | infantry | 100 | Sword | - | 2 |\n"
	    "\n## Weapons\n\n| Weapon | Range | Attacks | To hit |\n"
	    "|---|---|---|---|\n| Sword | 1 | 1 | 4+ |\n"
	    "\n## Combat\n\n| Setting | Value |\n|---|---|\n"
	    "| shooting | none |\n| melee | %s |\n| melee roll | %s |\n"
	    "| contact | 2cm |\n| turn | %s |\n",
	    melee, roll, turn);
	load_text(text);
	do_fight_init(&f);
	cr_assert_eq(do_fight_odds(ctx, 0, 0, 2, 2, DO_CHAIN_MAX, NULL, &f),
	    0);
	memset(&st, 0, sizeof(st));
	eng_selfplay(ctx, 20000, 11, 1, &st);
	n = (double)st.games;
	cr_assert_eq(st.timeouts, 0);
	p = mpq_get_d(f.a_wins);
	sd = sqrt(n * p * (1 - p));
	cr_log_info("%s %s: first player won %ld of %.0f, exact %.4f", melee,
	    turn, st.first_player_wins, n, p);
	cr_assert_leq(fabs((double)st.first_player_wins - n * p), 4 * sd + 1,
	    "%s: first player won %ld of %.0f, exact %f", melee,
	    st.first_player_wins, n, p);
	p = mpq_get_d(f.both);
	sd = sqrt(n * p * (1 - p));
	cr_assert_leq(fabs((double)st.draws - n * p), 4 * sd + 1,
	    "%s: %ld draws of %.0f, exact %f", melee, st.draws, n, p);
	do_fight_clear(&f);
	unload();
}

Test(dice_melee, self_play_agrees)
{
	duel("accumulated", "d2-1", "alternate");
	duel("pipeline", "d6", "alternate");
	duel("pipeline", "d6", "phased");
}

/*
 * The budget of all pairs: ten unit types of 1 Wound and ten of 20, by
 * accumulated hits (one place). Pairs of 1 and 1: 100 of 1*1*2 steps;
 * of 1 and 20 either way: 200 of 1*20*21 = 84,000 in all; of 20 and
 * 20: 100 of 20*20*40 = 1,600,000, past DO_CHAIN_WORK. The limit falls
 * to 20: odds() has the 300 pairs under it and not the 100 over it.
 */
Test(dice_melee, chain_budget)
{
	char text[8192], *p = text;
	struct eng_odds o;
	int k;

	p += sprintf(p,
	    "---\ntitle: B\nengine: dice\nmeasure: cm\n---\n\n"
	    "## Units\n\n| Unit | Class | Move | Weapons | Wounds |\n"
	    "|---|---|---|---|---|\n");
	for (k = 0; k < 20; k++)
		p += sprintf(p, "| U%d | infantry | 10 | Stone | %d |\n", k,
		    k < 10 ? 1 : 20);
	sprintf(p,
	    "\n## Weapons\n\n| Weapon | Range | Attacks |\n"
	    "|---|---|---|\n| Stone | 30 | 1 |\n"
	    "\n## Combat\n\n| Setting | Value |\n|---|---|\n"
	    "| shooting | accumulated |\n| melee | accumulated |\n"
	    "| contact | 2cm |\n| melee roll | d6 |\n");
	load_text(text);
	cr_assert_eq(do_chain_limit(ctx), 20);
	memset(&o, 0, sizeof(o));
	eng_dice.odds(ctx, &o);
	cr_assert_eq(o.nmelee, 300);
	eng_odds_free(&o);
	unload();
	load_pipeline("phased");
	cr_assert_eq(do_chain_limit(ctx), DO_CHAIN_MAX);
	unload();
}
