/*
 * odds_morale.c: the exact odds tables of the morale family (`sandtable
 * odds` on an "engine: morale" ruleset) as JSON: hit distributions of
 * every unit's fire and melee dice, the chance of passing a morale test
 * for each morale and modifier total, and one melee round for each pair
 * of unit types. Reals at the top level, exact fractions under "exact".
 */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "check.h"
#include "../engine/mo_odds.h"

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

/* Set "hits" (reals) on e and "hits" (exact) on x from a distribution. */
static void
dist_json(json_t *e, json_t *x, const char *key, const struct mo_dist *d)
{
	json_t *r = json_array(), *s = json_array();
	int h;

	for (h = 0; h <= d->max; h++) {
		json_array_append_new(r, q_real(&d->p[h]));
		json_array_append_new(s, q_str(&d->p[h]));
	}
	json_object_set_new(e, key, r);
	json_object_set_new(x, key, s);
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
	unsigned f = rs->weapons[u->weapons[0]].hit_faces;
	int low = 6;

	while (low > 1 && (f & (1u << (low - 1))))
		low--;
	return mo_fire_die_mod(rs, u) + 6 - low;
}

/* The fire table: each shooter, steady and disorganised (its hits are
 * then saved on 4-6). */
static json_t *
fire_json(const struct ruleset *rs, const char *a)
{
	json_t *arr = json_array(), *e, *x;
	struct mo_dist d;
	struct mo_q one, p;
	size_t i;
	int sv;

	mo_q_set(&one, 1, 0, 0);
	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (u->fire_dice <= 0 || u->nweapons == 0 || !name_ok(a, u->name))
			continue;
		for (sv = 0; sv <= 1; sv++) {
			mo_hits_dist(&d, u->fire_dice, fire_mod(rs, u), sv);
			mo_q_sub(&p, &one, &d.p[0]);
			e = json_object();
			x = json_object();
			json_object_set_new(e, "shooter", json_string(u->name));
			json_object_set_new(e, "weapon", json_string(
			    rs->weapons[u->weapons[0]].name));
			json_object_set_new(e, "range_mm", json_real(
			    rs->weapons[u->weapons[0]].range_mm));
			json_object_set_new(e, "dice", json_integer(u->fire_dice));
			json_object_set_new(e, "die_modifier",
			    json_integer(fire_mod(rs, u)));
			json_object_set_new(e, "disorganised", json_boolean(sv));
			json_object_set_new(e, "p_hit", q_real(&p));
			json_object_set_new(x, "p_hit", q_str(&p));
			dist_json(e, x, "hits", &d);
			json_object_set_new(e, "exact", x);
			json_array_append_new(arr, e);
		}
	}
	return arr;
}

/* The melee dice table: each unit with melee dice, to its front (and to
 * a flank when that changes its modifier: pikes), steady and
 * disorganised. */
static json_t *
melee_dice_json(const struct ruleset *rs, const char *a)
{
	json_t *arr = json_array(), *e, *x;
	struct mo_dist d;
	size_t i;
	int sv, front, mod;

	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *u = &rs->units[i];

		if (u->melee_dice <= 0 || !name_ok(a, u->name))
			continue;
		for (front = 1; front >= 0; front--) {
			mod = mo_melee_die_mod(rs, u, front);
			if (!front && mod == mo_melee_die_mod(rs, u, 1))
				continue;
			for (sv = 0; sv <= 1; sv++) {
				mo_hits_dist(&d, u->melee_dice, mod, sv);
				e = json_object();
				x = json_object();
				json_object_set_new(e, "unit", json_string(u->name));
				json_object_set_new(e, "situation",
				    json_string(front ? "front" : "flank"));
				json_object_set_new(e, "dice",
				    json_integer(u->melee_dice));
				json_object_set_new(e, "die_modifier",
				    json_integer(mod));
				json_object_set_new(e, "disorganised",
				    json_boolean(sv));
				dist_json(e, x, "hits", &d);
				json_object_set_new(e, "exact", x);
				json_array_append_new(arr, e);
			}
		}
	}
	return arr;
}

/* The morale test table: every current morale from 1 to the highest
 * grade, every modifier total the Morale modifiers table can make. */
static json_t *
tests_json(const struct ruleset *rs)
{
	json_t *arr = json_array(), *e;
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
	for (m = 1; m <= top; m++)
		for (t = lo; t <= hi; t++) {
			mo_morale_pass(&p, m, t);
			e = json_object();
			json_object_set_new(e, "morale", json_integer(m));
			json_object_set_new(e, "modifier", json_integer(t));
			json_object_set_new(e, "p_pass", q_real(&p));
			json_object_set_new(e, "exact", q_str(&p));
			json_array_append_new(arr, e);
		}
	return arr;
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
melee_entry(const struct ruleset *rs, const struct rs_unit *a,
    const struct rs_unit *d, const char *situation, int d_front)
{
	json_t *e = json_object(), *x = json_object();
	struct mo_melee m;
	int strikes = d->melee_dice > 0 && !(d->traits & RS_TRAIT_LIGHT);
	int am = mo_melee_die_mod(rs, a, 1), dm = mo_melee_die_mod(rs, d,
	    d_front);

	mo_melee_odds(&m, a->melee_dice, am, 0, strikes ? d->melee_dice : 0,
	    dm, 0);
	json_object_set_new(e, "attacker", json_string(a->name));
	json_object_set_new(e, "defender", json_string(d->name));
	json_object_set_new(e, "situation", json_string(situation));
	json_object_set_new(e, "attacker_dice", json_integer(a->melee_dice));
	json_object_set_new(e, "attacker_modifier", json_integer(am));
	json_object_set_new(e, "defender_dice",
	    json_integer(strikes ? d->melee_dice : 0));
	json_object_set_new(e, "defender_modifier", json_integer(dm));
	json_object_set_new(e, "attacker_wins", q_real(&m.a_wins));
	json_object_set_new(e, "defender_wins", q_real(&m.d_wins));
	json_object_set_new(e, "tiebreak", q_real(&m.tiebreak));
	json_object_set_new(x, "attacker_wins", q_str(&m.a_wins));
	json_object_set_new(x, "defender_wins", q_str(&m.d_wins));
	json_object_set_new(x, "tiebreak", q_str(&m.tiebreak));
	dist_json(e, x, "attacker_hits", &m.a_hits);
	dist_json(e, x, "defender_hits", &m.d_hits);
	json_object_set_new(e, "exact", x);
	return e;
}

/* The melee table: every unit that may charge against every unit; the
 * defender faces the charge ("front"; open order troops are "caught"),
 * and pikes also on a flank, where they may not turn. */
static json_t *
melee_json(const struct ruleset *rs, const char *a, const char *b)
{
	json_t *arr = json_array();
	size_t i, j;

	for (i = 0; i < rs->nunits; i++) {
		const struct rs_unit *x = &rs->units[i];

		if (!charges(x) || !name_ok(a, x->name))
			continue;
		for (j = 0; j < rs->nunits; j++) {
			const struct rs_unit *y = &rs->units[j];

			if (!name_ok(b, y->name))
				continue;
			json_array_append_new(arr, melee_entry(rs, x, y,
			    (y->traits & RS_TRAIT_LIGHT) ? "caught" : "front",
			    1));
			if (mo_melee_die_mod(rs, y, 0) !=
			    mo_melee_die_mod(rs, y, 1))
				json_array_append_new(arr, melee_entry(rs, x, y,
				    "flank", 0));
		}
	}
	return arr;
}

json_t *
chk_morale_odds_json(const struct ruleset *rs, const char *a, const char *b)
{
	json_t *o = json_object();

	json_object_set_new(o, "ruleset", json_string(rs->name));
	json_object_set_new(o, "engine", json_string("morale"));
	json_object_set_new(o, "hits_per_morale",
	    json_integer(rs->hits_per_morale));
	json_object_set_new(o, "fire", fire_json(rs, a));
	json_object_set_new(o, "melee_dice", melee_dice_json(rs, a));
	json_object_set_new(o, "morale_tests", tests_json(rs));
	json_object_set_new(o, "melee", melee_json(rs, a, b));
	return o;
}
