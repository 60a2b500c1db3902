/*
 * mo_odds_doc.c: the exact odds tables of the morale family (`sandtable
 * odds` on an "engine: morale" ruleset, eng_show.odds_doc) as JSON: hit distributions of
 * every unit's fire and melee dice, the chance of passing a morale test
 * for each morale and modifier total, and one melee round for each pair
 * of unit types. Reals at the top level, exact fractions under "exact".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "engine.h"
#include "morale.h"

/* Returns x as a JSON real. */
static json_t *
q_real(const struct mo_q *x)
{
	return json_real(mo_q_double(x));
}

/* Returns x as a JSON string "n/d". */
static json_t *
q_str(const struct mo_q *x)
{
	char *s = mo_q_str(x);
	json_t *j = json_string(s);

	free(s);
	return j;
}

/*
 * Every distinct distribution and melee round, worked out and made JSON
 * once: with 256 unit types of 20 dice the melee table has 65,536
 * entries but only a handful of different rounds. A distribution depends
 * on the dice, the faces that hit and the saving throw; a round on both
 * sides' dice and faces. The entries share these values by reference.
 */
struct memo_dist {
	json_t *reals, *exact; /* NULL: not yet made */
	struct mo_q p0;        /* the chance of no hit */
};

struct memo_melee {
	json_t *aw, *dw, *tb;    /* reals */
	json_t *a_hits, *d_hits; /* reals, shared with the dists */
	json_t *exact;           /* the entry's whole "exact" object */
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
	struct memo_melee *e;
	int i, k, j, l;

	for (i = 0; i <= MO_MAX_DICE; i++)
		for (k = 0; k < 7; k++) {
			for (j = 0; j < 2; j++) {
				json_decref(m->dist[i][k][j].reals);
				json_decref(m->dist[i][k][j].exact);
			}
			for (j = 0; j <= MO_MAX_DICE; j++)
				for (l = 0; l < 7; l++) {
					if ((e = m->melee[i][k][j][l]) == NULL)
						continue;
					json_decref(e->aw);
					json_decref(e->dw);
					json_decref(e->tb);
					json_decref(e->exact);
					free(e);
				}
		}
	free(m);
}

/* Returns a die count as an index of the memo. */
static int
dice_ix(int dice)
{
	return dice < 0 ? 0 : dice > MO_MAX_DICE ? MO_MAX_DICE : dice;
}

/* Returns the reals and the exact fractions of a distribution. */
static json_t *
dist_arrays(const struct mo_dist *d, json_t **exact)
{
	json_t *r = json_array();
	int h;

	*exact = json_array();
	for (h = 0; h <= d->max; h++) {
		json_array_append_new(r, q_real(&d->p[h]));
		json_array_append_new(*exact, q_str(&d->p[h]));
	}
	return r;
}

/* The hits of dice d6 with a die modifier, saved or not (memoised). */
static const struct memo_dist *
memo_dist(struct memo *m, int dice, int die_mod, int saved)
{
	struct memo_dist *e =
	    &m->dist[dice_ix(dice)][mo_hit_faces(die_mod)][saved != 0];
	struct mo_dist d;

	if (e->reals == NULL) {
		mo_hits_dist(&d, dice, die_mod, saved);
		e->reals = dist_arrays(&d, &e->exact);
		e->p0 = d.p[0];
	}
	return e;
}

/* One melee round, neither side saving (memoised). */
static const struct memo_melee *
memo_melee(struct memo *m, int ad, int am, int dd, int dm)
{
	struct memo_melee **slot = &m->melee[dice_ix(ad)][mo_hit_faces(am)]
	                                    [dice_ix(dd)][mo_hit_faces(dm)];
	const struct memo_dist *ah, *dh;
	struct memo_melee *e;
	struct mo_melee r;

	if (*slot != NULL)
		return *slot;
	e = *slot = xcalloc(1, sizeof(*e));
	mo_melee_odds(&r, ad, am, 0, dd, dm, 0);
	ah = memo_dist(m, ad, am, 0);
	dh = memo_dist(m, dd, dm, 0);
	e->aw = q_real(&r.a_wins);
	e->dw = q_real(&r.d_wins);
	e->tb = q_real(&r.tiebreak);
	e->a_hits = ah->reals;
	e->d_hits = dh->reals;
	e->exact = json_object();
	json_object_set_new(e->exact, "attacker_wins", q_str(&r.a_wins));
	json_object_set_new(e->exact, "defender_wins", q_str(&r.d_wins));
	json_object_set_new(e->exact, "tiebreak", q_str(&r.tiebreak));
	json_object_set(e->exact, "attacker_hits", ah->exact);
	json_object_set(e->exact, "defender_hits", dh->exact);
	return e;
}

/* Set "hits" (reals) on e and "hits" (exact) on x from a distribution. */
static void
dist_json(json_t *e, json_t *x, const char *key, const struct memo_dist *d)
{
	json_object_set(e, key, d->reals);
	json_object_set(x, key, d->exact);
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

/* The fire table: each shooter, steady and disorganised (its hits are
 * then saved on 4-6). */
static void
fire_json(const struct ruleset *rs, const char *a, struct memo *m,
    const struct eng_sink *out)
{
	const struct memo_dist *d;
	json_t *e, *x;
	struct mo_q one, p;
	size_t i;
	int sv;

	mo_q_set(&one, 1, 0, 0);
	out->table("fire", out->arg);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (u->fire_dice <= 0 || u->nweapons == 0 ||
		    !name_ok(a, u->name))
			continue;
		for (sv = 0; sv <= 1; sv++) {
			d = memo_dist(m, u->fire_dice, fire_mod(rs, u),
			    sv ? mo_save_faces(rs) : 0);
			mo_q_sub(&p, &one, &d->p0);
			e = json_object();
			x = json_object();
			json_object_set_new(e, "shooter",
			    json_string(u->name));
			json_object_set_new(e, "weapon",
			    json_string(rs->weapons[u->weapons[0]].name));
			json_object_set_new(e, "range_mm",
			    json_real(rs->weapons[u->weapons[0]].range_mm));
			json_object_set_new(e, "dice",
			    json_integer(u->fire_dice));
			json_object_set_new(e, "die_modifier",
			    json_integer(fire_mod(rs, u)));
			json_object_set_new(e, "disorganised",
			    json_boolean(sv));
			json_object_set_new(e, "p_hit", q_real(&p));
			json_object_set_new(x, "p_hit", q_str(&p));
			dist_json(e, x, "hits", d);
			json_object_set_new(e, "exact", x);
			out->entry(e, out->arg);
		}
	}
}

/* The melee dice table: each unit with melee dice, to its front (and to
 * a flank when that changes its modifier: pikes), steady and
 * disorganised. */
static void
melee_dice_json(const struct ruleset *rs, const char *a, struct memo *m,
    const struct eng_sink *out)
{
	json_t *e, *x;
	size_t i;
	int sv, front, mod;

	out->table("melee_dice", out->arg);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (u->melee_dice <= 0 || !name_ok(a, u->name))
			continue;
		for (front = 1; front >= 0; front--) {
			mod = mo_melee_die_mod(rs, u, front);
			if (!front && mod == mo_melee_die_mod(rs, u, 1))
				continue;
			for (sv = 0; sv <= 1; sv++) {
				e = json_object();
				x = json_object();
				json_object_set_new(e, "unit",
				    json_string(u->name));
				json_object_set_new(e, "situation",
				    json_string(front ? "front" : "flank"));
				json_object_set_new(e, "dice",
				    json_integer(u->melee_dice));
				json_object_set_new(e, "die_modifier",
				    json_integer(mod));
				json_object_set_new(e, "disorganised",
				    json_boolean(sv));
				dist_json(e, x, "hits",
				    memo_dist(m, u->melee_dice, mod,
				        sv ? mo_save_faces(rs) : 0));
				json_object_set_new(e, "exact", x);
				out->entry(e, out->arg);
			}
		}
	}
}

/* The morale test table: every current morale from 1 to the highest
 * grade, every modifier total the Morale modifiers table can make. */
static void
tests_json(const struct ruleset *rs, const struct eng_sink *out)
{
	json_t *e;
	struct mo_q p;
	int lo = 0, hi = 0, top = 1, m, t;
	size_t i;

	for (i = 0; i < rs->nmods; i++)
		if (rs->mods[i].scope == RS_MOD_MORALE) {
			if (rs->mods[i].value < 0)
				lo += rs->mods[i].value;
			else
				hi += rs->mods[i].value;
		}
	for (i = 0; i < rs->nunits; i++)
		if (rs->units[i].morale > top)
			top = rs->units[i].morale;
	out->table("morale_tests", out->arg);
	for (m = 1; m <= top; m++)
		for (t = lo; t <= hi; t++) {
			mo_morale_pass(&p, m, t);
			e = json_object();
			json_object_set_new(e, "morale", json_integer(m));
			json_object_set_new(e, "modifier", json_integer(t));
			json_object_set_new(e, "p_pass", q_real(&p));
			json_object_set_new(e, "exact", q_str(&p));
			out->entry(e, out->arg);
		}
}

/* Returns 1 when units of type u may charge (Melee: closing in). */
static int
charges(const struct rs_unit *u)
{
	return u->melee_dice > 0 && !(u->traits & RS_TRAIT_LIGHT) &&
	    u->cls != RS_CLASS_ARTILLERY;
}

/* One melee entry: attacker a charging defender d in a situation. */
static json_t *
melee_entry(const struct ruleset *rs, struct memo *mm, const struct rs_unit *a,
    const struct rs_unit *d, const char *situation, int d_front)
{
	json_t *e = json_object();
	const struct memo_melee *m;
	int strikes = d->melee_dice > 0 && !(d->traits & RS_TRAIT_LIGHT);
	int am = mo_melee_die_mod(rs, a, 1),
	    dm = mo_melee_die_mod(rs, d, d_front);

	m = memo_melee(mm, a->melee_dice, am, strikes ? d->melee_dice : 0, dm);
	json_object_set_new(e, "attacker", json_string(a->name));
	json_object_set_new(e, "defender", json_string(d->name));
	json_object_set_new(e, "situation", json_string(situation));
	json_object_set_new(e, "attacker_dice", json_integer(a->melee_dice));
	json_object_set_new(e, "attacker_modifier", json_integer(am));
	json_object_set_new(e, "defender_dice",
	    json_integer(strikes ? d->melee_dice : 0));
	json_object_set_new(e, "defender_modifier", json_integer(dm));
	json_object_set(e, "attacker_wins", m->aw);
	json_object_set(e, "defender_wins", m->dw);
	json_object_set(e, "tiebreak", m->tb);
	json_object_set(e, "attacker_hits", m->a_hits);
	json_object_set(e, "defender_hits", m->d_hits);
	json_object_set(e, "exact", m->exact);
	return e;
}

/* The melee table: every unit that may charge against every unit; the
 * defender faces the charge ("front"; open order troops are "caught"),
 * and pikes also on a flank, where they may not turn. */
static void
melee_json(const struct ruleset *rs, const char *a, const char *b,
    struct memo *m, const struct eng_sink *out)
{
	size_t i, j;

	out->table("melee", out->arg);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *x = &rs->units[i];

		if (!charges(x) || !name_ok(a, x->name))
			continue;
		for (j = 0; j < rs->nunits; j++) {
			const struct rs_unit *y = &rs->units[j];

			if (!name_ok(b, y->name))
				continue;
			out->entry(melee_entry(rs, m, x, y,
			               (y->traits & RS_TRAIT_LIGHT) ?
			                   "caught" :
			                   "front",
			               1),
			    out->arg);
			if (mo_melee_die_mod(rs, y, 0) !=
			    mo_melee_die_mod(rs, y, 1))
				out->entry(melee_entry(rs, m, x, y, "flank",
				               0),
				    out->arg);
		}
	}
}

void
mo_odds_doc(const struct eng_ctx *ctx, const char *a, const char *b,
    const struct eng_sink *out)
{
	const struct ruleset *rs = ctx->rs;
	struct memo *m = memo_new();

	out->member("ruleset", json_string(rs->name), out->arg);
	out->member("engine", json_string("morale"), out->arg);
	out->member("hits_per_morale", json_integer(rs->hits_per_morale),
	    out->arg);
	fire_json(rs, a, m, out);
	melee_dice_json(rs, a, m, out);
	tests_json(rs, out);
	melee_json(rs, a, b, m, out);
	memo_free(m);
}

/* Print a JSON array of reals as "0.482 0.386 …" (3 decimals). */
static void
print_reals(FILE *f, const json_t *a)
{
	char b[32];
	size_t i;

	for (i = 0; i < json_array_size(a); i++) {
		fmt_double(b, sizeof(b), json_real_value(json_array_get(a, i)),
		    3);
		fprintf(f, "%s%s", i ? " " : "", b);
	}
}

/* The morale family's tables as text, entry by entry as they come; the
 * morale tests, a small grid, are kept until their table ends. */
struct mtext {
	char table[16];
	json_t *tests;
	FILE *f;
};

/* The morale-test grid: modifiers across, morale down. */
static void
print_tests(FILE *f, const json_t *tests)
{
	const json_t *e;
	size_t i;
	int last;

	fprintf(f,
	    "\nMorale tests: chance of passing (one die, not above morale "
	    "+ modifiers)\n  morale  modifier:");
	json_array_foreach(tests, i,
	    e) if (json_integer_value(json_object_get(e, "morale")) == 1 &&
	    json_integer_value(json_object_get(e, "modifier")) >= -6)
	    fprintf(f, " %+5d",
	        (int)json_integer_value(json_object_get(e, "modifier")));
	last = -1;
	json_array_foreach(tests, i, e)
	{
		int m = (int)json_integer_value(json_object_get(e, "morale"));
		int t = (int)json_integer_value(
		    json_object_get(e, "modifier"));

		if (m != last)
			fprintf(f, "\n  %6d          ", m);
		last = m;
		if (t >= -6)
			fprintf(f, " %5s",
			    json_string_value(json_object_get(e, "exact")));
	}
	fprintf(f, "\n");
}

static void
mt_member(const char *key, json_t *v, void *arg)
{
	(void)key;
	(void)arg;
	json_decref(v);
}

static void
mt_table(const char *key, void *arg)
{
	struct mtext *t = arg;
	FILE *f = t->f;

	snprintf(t->table, sizeof(t->table), "%s", key);
	if (strcmp(key, "fire") == 0)
		fprintf(f,
		    "Fire: hits of each unit's fire dice (6s hit), p(0 hits) "
		    "p(1) …\n");
	else if (strcmp(key, "melee_dice") == 0)
		fprintf(f,
		    "\nMelee dice: hits of each unit's melee dice, "
		    "modifiers included\n");
	else if (strcmp(key, "melee") == 0) {
		print_tests(t->f, t->tests);
		fprintf(f,
		    "\nMelee: one round; equal hits go to a tie-break (1/2 "
		    "each)\n");
		fprintf(f, "  %-22s %-22s %-7s %-14s %-14s %s\n", "attacker",
		    "defender", "where", "attacker_wins", "defender_wins",
		    "tiebreak");
	}
}

static void
mt_entry(json_t *e, void *arg)
{
	struct mtext *t = arg;
	FILE *f = t->f;
	char x[32], y[32], z[32];

	if (strcmp(t->table, "fire") == 0) {
		fprintf(f, "  %-22s %-10s %2d dice%s  ",
		    json_string_value(json_object_get(e, "shooter")),
		    json_string_value(json_object_get(e, "weapon")),
		    (int)json_integer_value(json_object_get(e, "dice")),
		    json_is_true(json_object_get(e, "disorganised")) ?
		        ", saved" :
		        "       ");
		print_reals(t->f, json_object_get(e, "hits"));
		fprintf(f, "\n");
	} else if (strcmp(t->table, "melee_dice") == 0) {
		fprintf(f, "  %-22s %-6s %2d dice %+d%s  ",
		    json_string_value(json_object_get(e, "unit")),
		    json_string_value(json_object_get(e, "situation")),
		    (int)json_integer_value(json_object_get(e, "dice")),
		    (int)json_integer_value(
		        json_object_get(e, "die_modifier")),
		    json_is_true(json_object_get(e, "disorganised")) ?
		        ", saved" :
		        "       ");
		print_reals(t->f, json_object_get(e, "hits"));
		fprintf(f, "\n");
	} else if (strcmp(t->table, "morale_tests") == 0) {
		json_array_append(t->tests, e);
	} else {
		fmt_double(x, sizeof(x),
		    json_real_value(json_object_get(e, "attacker_wins")), 4);
		fmt_double(y, sizeof(y),
		    json_real_value(json_object_get(e, "defender_wins")), 4);
		fmt_double(z, sizeof(z),
		    json_real_value(json_object_get(e, "tiebreak")), 4);
		fprintf(f, "  %-22s %-22s %-7s %-14s %-14s %s\n",
		    json_string_value(json_object_get(e, "attacker")),
		    json_string_value(json_object_get(e, "defender")),
		    json_string_value(json_object_get(e, "situation")), x, y,
		    z);
	}
	json_decref(e);
}

/* The same tables as text (eng_show.odds_text), entry by entry. */
void
mo_odds_text(const struct eng_ctx *ctx, const char *a, const char *b, FILE *f)
{
	struct eng_sink s;
	struct mtext t;

	memset(&t, 0, sizeof(t));
	t.tests = json_array();
	t.f = f;
	s.member = mt_member;
	s.table = mt_table;
	s.entry = mt_entry;
	s.arg = &t;
	mo_odds_doc(ctx, a, b, &s);
	json_decref(t.tests);
}
