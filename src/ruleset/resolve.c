/*
 * resolve.c: what can be checked only once the whole file is read. A
 * unit's weapons are names until the Weapons table is known, the
 * battle's forces name units, and each rule family needs some columns
 * (firepower: Melee and Hits on; morale: Morale; dice: Weapons with
 * Range, the rest of its columns are its own, checked by the engine); then what the model
 * as a whole lacks — a title, a sequence of play (no engine is a note:
 * the ruleset is print only). No units and no weapons are said before
 * (read.c, rd_no_weapons), and a name that is unknown only because its
 * table is missing is not reported again. Messages point at the item,
 * or at the top of the file for what is missing altogether.
 */
#include <stdlib.h>

#include "internal.h"

/* Unit u's weapons from their names in p; used[w] counts the units that
 * carry weapon w. */
static void
unit_weapons(struct reader *r, struct rs_unit *u, const struct pending *p,
    int *used)
{
	size_t k;
	int w;

	for (k = 0; k < p->n; k++) {
		if ((w = rs_weapon_find(r->rs, p->names[k])) < 0) {
			diag_add(r->d, SEV_ERROR, p->pos[k],
			    "unit '%s' has "
			    "weapon '%s', which the Weapons table does not "
			    "list",
			    u->name, p->names[k]);
			continue;
		}
		used[w]++;
		u->weapon_pos[u->nweapons] = p->pos[k];
		u->weapons[u->nweapons++] = w;
	}
}

/* What a unit needs: a melee power (firepower, unless it never melees),
 * a morale grade (morale), and a move a table can hold. */
static void
check_unit(struct reader *r, const struct rs_unit *u)
{
	enum rs_engine e = r->rs->engine;

	if (e == RS_ENGINE_FIREPOWER && u->melee == -1 &&
	    !(u->traits & RS_TRAIT_NO_MELEE))
		diag_add(r->d, SEV_ERROR, u->pos,
		    "unit '%s' has no Melee "
		    "(give a melee power, or the trait no-melee)",
		    u->name);
	if (e == RS_ENGINE_MORALE && u->morale == 0)
		diag_add(r->d, SEV_ERROR, u->pos, "unit '%s' has no Morale",
		    u->name);
	if (u->move_mm > 10000)
		diag_add(r->d, SEV_ERROR, u->pos,
		    "unit '%s' moves more than "
		    "10 m a turn",
		    u->name);
}

/* A weapon no unit carries, and what a firepower weapon needs. */
static void
check_weapon(struct reader *r, const struct rs_weapon *w, int used)
{
	int fp = r->rs->engine == RS_ENGINE_FIREPOWER;

	if (!used && r->rs->nunits > 0)
		diag_add(r->d, SEV_WARNING, w->pos,
		    "weapon '%s' is carried by no unit", w->name);
	if (fp && rs_faces_none(&w->hit_faces))
		diag_add(r->d, SEV_ERROR, w->pos, "weapon '%s' has no Hits on",
		    w->name);
	if (fp && w->destroys == 0)
		diag_add(r->d, SEV_WARNING, w->pos,
		    "weapon '%s' destroys nothing", w->name);
}

/*
 * No Weapons table (said by read.c once the sections are read, before
 * the names are): an error once, not for each unit that names a weapon,
 * where the family needs weapons or a unit names one — at a heading that
 * looks like the section (read.c), else at the top of the file or at the
 * first weapon named. Each unit's weapons are then not looked up: every
 * one would be unknown for the same cause.
 */
void
rd_no_weapons(struct reader *r)
{
	struct ruleset *rs = r->rs;
	struct pos at = { rs->path, 1, 1 };
	size_t i, first = 0, named = 0;
	int need = rs->engine == RS_ENGINE_FIREPOWER ||
	    rs->engine == RS_ENGINE_DICE;

	for (i = 0; i < rs->nunits && i < r->npend; i++)
		if (r->pend[i].n > 0 && named++ == 0)
			first = i;
	if (!need && named == 0)
		return;
	r->weapons_said = 1;
	if (r->weapons_title != NULL)
		diag_add(r->d, SEV_ERROR, r->weapons_like,
		    "no weapons: '%s' "
		    "is not a section sandtable reads; did you mean "
		    "'## Weapons'?",
		    r->weapons_title);
	else if (need)
		diag_add(r->d, SEV_ERROR, at,
		    "no weapons: a %s ruleset needs "
		    "a '## Weapons' section with a table",
		    rs_engine_name(rs->engine));
	else
		diag_add(r->d, SEV_ERROR, r->pend[first].pos[0],
		    "no weapons: "
		    "unit '%s' has weapon '%s'%s, but there is no "
		    "'## Weapons' section with a table",
		    rs->units[first].name, r->pend[first].names[0],
		    named > 1 ? " (and other units "
		                "name weapons too)" :
		                "");
}

/* The unit of each battle force. A force keeps only the position of its
 * name, so the name is found again in the front matter by it (forces
 * are few). */
static void
resolve_forces(struct reader *r)
{
	struct ruleset *rs = r->rs;
	const struct rs_node *fo;
	const char *nm;
	size_t i, j;

	for (i = 0; i < rs->nforces; i++) {
		fo = rs_node_get(rs_node_get(rs->front, "battle"), "forces");
		nm = fo->kids[0]->scalar;
		for (j = 0; j + 1 < fo->nkids; j += 2)
			if (fo->kids[j]->pos.line == rs->forces[i].pos.line &&
			    fo->kids[j]->pos.col == rs->forces[i].pos.col)
				nm = fo->kids[j]->scalar;
		/* With no units at all, that is the error (said). */
		if ((rs->forces[i].unit = rs_unit_find(rs, nm)) < 0 &&
		    !r->units_said)
			diag_add(r->d, SEV_ERROR, rs->forces[i].pos,
			    "battle force names unknown unit '%s'", nm);
	}
}

/* What the ruleset as a whole lacks, reported at the top of the file. */
static void
check_whole(struct reader *r)
{
	struct ruleset *rs = r->rs;
	struct pos top = { rs->path, 1, 1 };

	if (rs->title == NULL && rs->front != NULL &&
	    rs_node_get(rs->front, "title") == NULL)
		diag_add(r->d, SEV_ERROR, top, "no title in the front matter");
	if (rs->break_pct > 0 && rs->engine == RS_ENGINE_FIREPOWER)
		diag_add(r->d, SEV_WARNING, rs->break_pos,
		    "'break' is a rule "
		    "of the morale family; the firepower family ignores it");
	/* Without engine: the ruleset is print only, as with engine: none;
	 * a note, not an error, as a designer's own game needs no engine.
	 * Later notes about the engine point at the front matter too. */
	if (rs->engine == RS_ENGINE_NONE && rs->front != NULL &&
	    rs->front->kind == RS_NODE_MAP &&
	    rs_node_get(rs->front, "engine") == NULL) {
		rs->engine_pos = rs->front->pos;
		diag_add(r->d, SEV_NOTE, rs->engine_pos,
		    "no engine in the "
		    "front matter: print only, as engine: none (engine: "
		    "firepower or engine: morale has it played)");
	}
	if (rs->nphases == 0 && rs->nunits > 0 && !r->phases_said)
		diag_add(r->d, SEV_WARNING, top,
		    "no sequence of play (an "
		    "ordered list under '## Sequence of play')");
}

void
rd_resolve(struct reader *r)
{
	struct ruleset *rs = r->rs;
	size_t i;
	int *used;

	used = xcalloc(rs->nweapons ? rs->nweapons : 1, sizeof(int));
	for (i = 0; i < rs->nunits && i < r->npend; i++) {
		if (!r->weapons_said)
			unit_weapons(r, &rs->units[i], &r->pend[i], used);
		check_unit(r, &rs->units[i]);
	}
	for (i = 0; i < rs->nweapons; i++)
		check_weapon(r, &rs->weapons[i], used[i]);
	free(used);
	resolve_forces(r);
	check_whole(r);
}
