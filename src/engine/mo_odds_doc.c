/*
 * mo_odds_doc.c: the exact odds tables of the morale family (`sandtable
 * odds` on an "engine: morale" ruleset, eng_show.odds_doc), into an
 * emitter: hit distributions of every unit's fire and melee dice, the
 * chance of passing a morale test for each morale and modifier total,
 * and one melee round for each pair of unit types. Reals at the top
 * level of an entry, exact fractions under "exact".
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine.h"
#include "morale.h"

/* Key as a real: the nearest double. */
static void
q_real(const struct eng_emit *o, const char *key, const struct mo_q *x)
{
	o->real(o->arg, key, mo_q_double(x));
}

/* Key as an exact fraction: num / (2^a 3^b), in lowest terms already. */
static void
q_exact(const struct eng_emit *o, const char *key, const struct mo_q *x)
{
	mpq_t q;

	mpq_init(q);
	mpz_import(mpq_numref(q), MO_QLIMBS, -1, sizeof(x->n[0]), 0, 0, x->n);
	mpz_ui_pow_ui(mpq_denref(q), 3, (unsigned long)x->b);
	mpz_mul_2exp(mpq_denref(q), mpq_denref(q), (mp_bitcnt_t)x->a);
	o->exact(o->arg, key, q);
	mpq_clear(q);
}

/*
 * Every distinct distribution and melee round worked out once, and
 * shared with the emitter (eng_emit.share): with 256 unit types of 20
 * dice the melee table has 65,536 entries but only a handful of
 * different rounds. A distribution depends on the dice, the faces that
 * hit and the saving throw; a round on both sides' dice and faces.
 */
struct memo_dist {
	int made;
	struct mo_dist d;
};

struct memo_melee {
	struct mo_q aw, dw, tb;
	const struct memo_dist *ah, *dh; /* the hits of each side */
};

struct memo {
	struct memo_dist dist[MO_MAX_DICE + 1][7][2];
	struct memo_melee *melee[MO_MAX_DICE + 1][7][MO_MAX_DICE + 1][7];
};

static struct memo *
memo_new(void)
{
	return xcalloc(1, sizeof(struct memo));
}

static void
memo_free(struct memo *m)
{
	int i, k, j, l;

	for (i = 0; i <= MO_MAX_DICE; i++)
		for (k = 0; k < 7; k++)
			for (j = 0; j <= MO_MAX_DICE; j++)
				for (l = 0; l < 7; l++)
					free(m->melee[i][k][j][l]);
	free(m);
}

/* Returns a die count as an index of the memo. */
static int
dice_ix(int dice)
{
	return dice < 0 ? 0 : dice > MO_MAX_DICE ? MO_MAX_DICE : dice;
}

/* The hits of dice d6 with a die modifier, saved or not (memoised). */
static const struct memo_dist *
memo_dist(struct memo *m, int dice, int die_mod, int saved)
{
	struct memo_dist *e =
	    &m->dist[dice_ix(dice)][mo_hit_faces(die_mod)][saved != 0];

	if (!e->made) {
		mo_hits_dist(&e->d, dice, die_mod, saved);
		e->made = 1;
	}
	return e;
}

/* One melee round, neither side saving (memoised). */
static const struct memo_melee *
memo_melee(struct memo *m, int ad, int am, int dd, int dm)
{
	struct memo_melee **slot = &m->melee[dice_ix(ad)][mo_hit_faces(am)]
	                                    [dice_ix(dd)][mo_hit_faces(dm)];
	struct memo_melee *e;
	struct mo_melee r;

	if (*slot != NULL)
		return *slot;
	e = *slot = xcalloc(1, sizeof(*e));
	mo_melee_odds(&r, ad, am, 0, dd, dm, 0);
	e->ah = memo_dist(m, ad, am, 0);
	e->dh = memo_dist(m, dd, dm, 0);
	e->aw = r.a_wins;
	e->dw = r.d_wins;
	e->tb = r.tiebreak;
	return e;
}

/* A distribution under key: its reals (exact 0) or its fractions, made
 * once and shared (part 0 and 1 of d). */
static void
dist_doc(const struct eng_emit *o, const char *key, const struct memo_dist *d,
    int exact)
{
	int h;

	if (o->share(o->arg, key, d, exact))
		return;
	o->open(o->arg, key, 1);
	for (h = 0; h <= d->d.max; h++)
		if (exact)
			q_exact(o, NULL, &d->d.p[h]);
		else
			q_real(o, NULL, &d->d.p[h]);
	o->close(o->arg);
}

/* Returns 1 when the filter is unset or names the unit. */
static int
name_ok(const char *filter, const char *name)
{
	return filter == NULL || strcasecmp(filter, name) == 0;
}

/* Returns the fire die modifier of unit type u: the Fire modifiers table
 * and the weapon's lowest hitting face (6 unless the table says less). */
static int
fire_mod(const struct ruleset *rs, const struct rs_unit *u)
{
	/* A d6 (prepare() sees to it): faces 1-6. */
	unsigned f = rs->weapons[u->weapons[0]].hit_faces.w[0];
	int low = 6;

	while (low > 1 && (f & (1u << (low - 1))))
		low--;
	return mo_fire_die_mod(rs, u) + 6 - low;
}

/* The columns of a table of dice: how many, their modifier, and
 * whether the hits are saved (a disorganised unit's). */
static void
dice_columns(const struct eng_emit *o)
{
	o->column(o->arg, "dice", "dice", 0);
	o->column(o->arg, "die_modifier", "modifier", 0);
	o->column(o->arg, "disorganised", "saved", 0);
	o->note(o->arg,
	    "saved: the unit is disorganised, and its hits are "
	    "saved");
}

/* The fire table: each shooter, steady and disorganised (its hits are
 * then saved on 4-6). */
static void
fire_doc(const struct ruleset *rs, const char *a, struct memo *m,
    const struct eng_emit *o)
{
	const struct memo_dist *d;
	struct mo_q one, p;
	size_t i;
	int sv;

	mo_q_set(&one, 1, 0, 0);
	o->table(o->arg, "fire",
	    "Fire: hits of each unit's fire dice (6s hit)");
	o->column(o->arg, "shooter", "shooter", eng_names_width(rs, 0));
	o->column(o->arg, "weapon", "weapon", eng_names_width(rs, 1));
	dice_columns(o);
	o->column(o->arg, "p_hit", "any hit", 6);
	o->column(o->arg, "hits", "p(0 hits) p(1) …", 0);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (mo_fire_dice(rs, u) <= 0 || u->nweapons == 0 ||
		    !name_ok(a, u->name))
			continue;
		for (sv = 0; sv <= 1; sv++) {
			d = memo_dist(m, mo_fire_dice(rs, u), fire_mod(rs, u),
			    sv ? mo_save_faces(rs) : 0);
			mo_q_sub(&p, &one, &d->d.p[0]);
			o->open(o->arg, NULL, 0);
			o->string(o->arg, "shooter", u->name);
			o->string(o->arg, "weapon",
			    rs->weapons[u->weapons[0]].name);
			o->real(o->arg, "range_mm",
			    rs->weapons[u->weapons[0]].range_mm);
			o->integer(o->arg, "dice", mo_fire_dice(rs, u));
			o->integer(o->arg, "die_modifier", fire_mod(rs, u));
			o->boolean(o->arg, "disorganised", sv);
			q_real(o, "p_hit", &p);
			dist_doc(o, "hits", d, 0);
			o->open(o->arg, "exact", 0);
			q_exact(o, "p_hit", &p);
			dist_doc(o, "hits", d, 1);
			o->close(o->arg);
			o->close(o->arg);
		}
	}
}

/* The melee dice table: each unit with melee dice, to its front (and to
 * a flank when that changes its modifier: pikes), steady and
 * disorganised. */
static void
melee_dice_doc(const struct ruleset *rs, const char *a, struct memo *m,
    const struct eng_emit *o)
{
	const struct memo_dist *d;
	size_t i;
	int sv, front, mod;

	o->table(o->arg, "melee_dice",
	    "Melee dice: hits of each unit's melee dice, modifiers included");
	o->column(o->arg, "unit", "unit", eng_names_width(rs, 0));
	o->column(o->arg, "situation", "where", 6);
	dice_columns(o);
	o->column(o->arg, "hits", "p(0 hits) p(1) …", 0);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (mo_melee_dice(rs, u) <= 0 || !name_ok(a, u->name))
			continue;
		for (front = 1; front >= 0; front--) {
			mod = mo_melee_die_mod(rs, u, front);
			if (!front && mod == mo_melee_die_mod(rs, u, 1))
				continue;
			for (sv = 0; sv <= 1; sv++) {
				d = memo_dist(m, mo_melee_dice(rs, u), mod,
				    sv ? mo_save_faces(rs) : 0);
				o->open(o->arg, NULL, 0);
				o->string(o->arg, "unit", u->name);
				o->string(o->arg, "situation",
				    front ? "front" : "flank");
				o->integer(o->arg, "dice",
				    mo_melee_dice(rs, u));
				o->integer(o->arg, "die_modifier", mod);
				o->boolean(o->arg, "disorganised", sv);
				dist_doc(o, "hits", d, 0);
				o->open(o->arg, "exact", 0);
				dist_doc(o, "hits", d, 1);
				o->close(o->arg);
				o->close(o->arg);
			}
		}
	}
}

/* The morale test table: every current morale from 1 to the highest
 * grade, every modifier total the Morale modifiers table can make. */
static void
tests_doc(const struct ruleset *rs, const struct eng_emit *o)
{
	struct mo_q p;
	int lo = 0, hi = 0, top = 1, m, t;
	size_t i;

	for (i = 0; i < rs->nmods; i++)
		if (strcmp(rs->mods[i].section, "Morale modifiers") == 0) {
			if (rs->mods[i].value < 0)
				lo += rs->mods[i].value;
			else
				hi += rs->mods[i].value;
		}
	for (i = 0; i < rs->nunits; i++)
		if (mo_grade(rs, &rs->units[i]) > top)
			top = mo_grade(rs, &rs->units[i]);
	o->table(o->arg, "morale_tests",
	    "Morale tests: chance of passing (one die, not above morale + "
	    "modifiers)");
	o->column(o->arg, "morale", "morale", 0);
	o->column(o->arg, "modifier", "modifier", 0);
	o->column(o->arg, "exact", "pass", 0);
	for (m = 1; m <= top; m++)
		for (t = lo; t <= hi; t++) {
			mo_morale_pass(&p, m, t);
			o->open(o->arg, NULL, 0);
			o->integer(o->arg, "morale", m);
			o->integer(o->arg, "modifier", t);
			q_real(o, "p_pass", &p);
			q_exact(o, "exact", &p);
			o->close(o->arg);
		}
}

/* Returns 1 when units of type u may charge (Melee: closing in). */
static int
charges(const struct ruleset *rs, const struct rs_unit *u)
{
	return mo_melee_dice(rs, u) > 0 && !(u->traits & RS_TRAIT_LIGHT) &&
	    u->cls != RS_CLASS_ARTILLERY;
}

/* A melee round's exact chances, made once and shared. */
static void
round_exact(const struct eng_emit *o, const struct memo_melee *m)
{
	if (o->share(o->arg, "exact", m, 0))
		return;
	o->open(o->arg, "exact", 0);
	q_exact(o, "attacker_wins", &m->aw);
	q_exact(o, "defender_wins", &m->dw);
	q_exact(o, "tiebreak", &m->tb);
	dist_doc(o, "attacker_hits", m->ah, 1);
	dist_doc(o, "defender_hits", m->dh, 1);
	o->close(o->arg);
}

/* One melee entry: attacker a charging defender d in a situation. */
static void
melee_entry(const struct ruleset *rs, struct memo *mm, const struct rs_unit *a,
    const struct rs_unit *d, const char *situation, int d_front,
    const struct eng_emit *o)
{
	const struct memo_melee *m;
	int strikes = mo_melee_dice(rs, d) > 0 &&
	    !(d->traits & RS_TRAIT_LIGHT);
	int am = mo_melee_die_mod(rs, a, 1),
	    dm = mo_melee_die_mod(rs, d, d_front);

	m = memo_melee(mm, mo_melee_dice(rs, a), am,
	    strikes ? mo_melee_dice(rs, d) : 0, dm);
	o->open(o->arg, NULL, 0);
	o->string(o->arg, "attacker", a->name);
	o->string(o->arg, "defender", d->name);
	o->string(o->arg, "situation", situation);
	o->integer(o->arg, "attacker_dice", mo_melee_dice(rs, a));
	o->integer(o->arg, "attacker_modifier", am);
	o->integer(o->arg, "defender_dice",
	    strikes ? mo_melee_dice(rs, d) : 0);
	o->integer(o->arg, "defender_modifier", dm);
	q_real(o, "attacker_wins", &m->aw);
	q_real(o, "defender_wins", &m->dw);
	q_real(o, "tiebreak", &m->tb);
	dist_doc(o, "attacker_hits", m->ah, 0);
	dist_doc(o, "defender_hits", m->dh, 0);
	round_exact(o, m);
	o->close(o->arg);
}

/* The melee table: every unit that may charge against every unit; the
 * defender faces the charge ("front"; open order troops are "caught"),
 * and pikes also on a flank, where they may not turn. */
static void
melee_doc(const struct ruleset *rs, const char *a, const char *b,
    struct memo *m, const struct eng_emit *out)
{
	size_t i, j;

	out->table(out->arg, "melee",
	    "Melee: one round; equal hits go to a tie-break (1/2 each)");
	out->column(out->arg, "attacker", "attacker", eng_names_width(rs, 0));
	out->column(out->arg, "defender", "defender", eng_names_width(rs, 0));
	out->column(out->arg, "situation", "where", 6);
	out->column(out->arg, "attacker_wins", "attacker wins", 0);
	out->column(out->arg, "defender_wins", "defender wins", 0);
	out->column(out->arg, "tiebreak", "tie-break", 0);
	out->note(out->arg,
	    "tie-break: the chance that the round goes to "
	    "it");
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *x = &rs->units[i];

		if (!charges(rs, x) || !name_ok(a, x->name))
			continue;
		for (j = 0; j < rs->nunits; j++) {
			const struct rs_unit *y = &rs->units[j];

			if (!name_ok(b, y->name))
				continue;
			melee_entry(rs, m, x, y,
			    (y->traits & RS_TRAIT_LIGHT) ? "caught" : "front",
			    1, out);
			if (mo_melee_die_mod(rs, y, 0) !=
			    mo_melee_die_mod(rs, y, 1))
				melee_entry(rs, m, x, y, "flank", 0, out);
		}
	}
}

void
mo_odds_doc(const struct eng_ctx *ctx, const char *a, const char *b,
    const struct eng_emit *out)
{
	const struct ruleset *rs = ctx->rs;
	struct memo *m = memo_new();

	out->string(out->arg, "ruleset", rs->name);
	out->string(out->arg, "engine", "morale");
	out->integer(out->arg, "hits_per_morale",
	    (long)ctx->set.v[MO_SET_HITS]);
	fire_doc(rs, a, m, out);
	melee_dice_doc(rs, a, m, out);
	tests_doc(rs, out);
	melee_doc(rs, a, b, m, out);
	memo_free(m);
}
