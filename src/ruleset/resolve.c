/*
 * resolve.c: what can be checked only once the whole file is read. A
 * unit's weapons are names until the Weapons table is known, the
 * battle's forces name units; then what the model as a whole lacks — a
 * title, a sequence of play. What a rule family needs of each unit and
 * weapon, and of the whole, is the family's to say (its check hook): the
 * places where it does are noted (rd_check). No units and no weapons are said before
 * (read.c, rd_no_weapons), and a name that is unknown only because its
 * table is missing is not reported again. Messages point at the item,
 * or at the top of the file for what is missing altogether.
 */
#include <stdlib.h>
#include <string.h>

#include "internal.h"

/* Unit u's weapons from their names in p; used[w] counts the units that
 * carry weapon w. */
static void
unit_weapons(struct reader *r, struct rs_unit *u, const struct pending *p,
    int *used)
{
	char hintbuf[160];
	size_t k;
	int w;

	for (k = 0; k < p->n; k++) {
		if ((w = rs_weapon_find(r->rs, p->names[k])) < 0) {
			diag_msg(r->d, p->pos[k],
			    MSG(UNIT_WEAPON_WEAPONS_TABLE_DOES), u->name,
			    p->names[k],
			    rs_weapon_hint(r->rs, p->names[k], hintbuf,
			        sizeof(hintbuf)));
			continue;
		}
		used[w]++;
		u->weapon_pos[u->nweapons] = p->pos[k];
		u->weapons[u->nweapons++] = w;
	}
}

/* What a unit needs whatever plays it: a move a table can hold (after
 * what the family needs of it). */
static void
check_unit(struct reader *r, const struct rs_unit *u, size_t i)
{
	rd_check(r, RS_CHECK_UNIT, i);
	if (u->move_mm > 10000)
		diag_msg(r->d, u->pos, MSG(UNIT_MOVES_MORE_M_TURN), u->name);
}

/* A weapon no unit carries (then what the family needs of it). */
static void
check_weapon(struct reader *r, const struct rs_weapon *w, size_t i, int used)
{
	if (!used && r->rs->nunits > 0)
		diag_msg(r->d, w->pos, MSG(WEAPON_CARRIED_NO_UNIT), w->name);
	rd_check(r, RS_CHECK_WEAPON, i);
}

struct rs_check *
rd_check(struct reader *r, enum rs_check_kind kind, size_t item)
{
	struct ruleset *rs = r->rs;
	struct rs_check c;

	memset(&c, 0, sizeof(c));
	c.kind = kind;
	c.at = r->d->n;
	c.item = item;
	XPUSH(rs->checks, rs->nchecks, rs->capchecks, c);
	return &rs->checks[rs->nchecks - 1];
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
	struct rs_check *c;
	size_t i, first = 0, named = 0;

	for (i = 0; i < rs->nunits && i < r->npend; i++)
		if (r->pend[i].n > 0 && named++ == 0)
			first = i;
	/* Said where a unit names a weapon, or where the family needs
	 * weapons: which, and how, is the engine's to say. */
	if (named > 0)
		r->weapons_said = 1;
	c = rd_check(r, RS_CHECK_NO_WEAPONS, first);
	c->n = named;
	if (r->weapons_title != NULL) {
		c->pos = r->weapons_like;
		c->text = xstrdup(r->weapons_title);
	} else {
		c->pos.file = rs->path;
		c->pos.line = c->pos.col = 1;
	}
	if (named > 0) {
		c->name_pos = r->pend[first].pos[0];
		c->name = xstrdup(r->pend[first].names[0]);
	}
}

/* The unit of each battle force. A force keeps only the position of its
 * name, so the name is found again in the front matter by it (forces
 * are few). */
static void
resolve_forces(struct reader *r)
{
	char hintbuf[160];
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
			diag_msg(r->d, rs->forces[i].pos,
			    MSG(BATTLE_FORCE_NAMES_UNKNOWN_UNIT), nm,
			    rs_unit_hint(rs, nm, hintbuf, sizeof(hintbuf)));
	}
}

/* A table the units outgrow: one warning at table:, for the unit with
 * the longest Move that crosses it in one move, or else the first base
 * wider or deeper than it; and a base given as a bare number wider than
 * the longest Move, at base:. */
static void
check_table_size(struct reader *r)
{
	struct ruleset *rs = r->rs;
	double side = rs->table_w_mm > rs->table_h_mm ? rs->table_w_mm :
	                                                rs->table_h_mm;
	char a[32], b[32], c[32];
	size_t i, far = 0;

	if (rs->nunits == 0)
		return;
	for (i = 1; i < rs->nunits; i++)
		if (rs->units[i].move_mm > rs->units[far].move_mm)
			far = i;
	/* base: 40 in a ruleset in cm: a base wider than the longest
	 * Move, the unit written in the measure when it was meant in mm. */
	if (rs->base_bare && rs->base_w_mm >= rs->units[far].move_mm &&
	    rs->units[far].move_mm > 0) {
		len_format(a, sizeof(a), rs->base_w_mm, rs->measure);
		len_format(c, sizeof(c), rs->units[far].move_mm, rs->measure);
		diag_msg(r->d, rs->base_pos, MSG(BASE_WIDER_THAN_MOVES), a,
		    rs->units[far].name, c, len_unit_name(rs->measure),
		    rs_node_get(rs->front, "base")->scalar);
	}
	if (rs->table_pos.line == 0)
		return;
	len_format(a, sizeof(a), rs->table_w_mm, rs->measure);
	len_format(b, sizeof(b), rs->table_h_mm, rs->measure);
	if (rs->units[far].move_mm > side) {
		len_format(c, sizeof(c), rs->units[far].move_mm, rs->measure);
		diag_msg(r->d, rs->table_pos, MSG(TABLE_SMALLER_THAN_MOVE), a,
		    b, rs->units[far].name, c);
		return;
	}
	for (i = 0; i < rs->nunits; i++)
		if (rs->units[i].base_w_mm > rs->table_w_mm ||
		    rs->units[i].base_d_mm > rs->table_h_mm) {
			diag_msg(r->d, rs->table_pos,
			    MSG(TABLE_SMALLER_THAN_BASE), a, b,
			    rs->units[i].name);
			return;
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
		diag_msg(r->d, top, MSG(NO_TITLE_FRONT_MATTER));
	rd_check(r, RS_CHECK_WHOLE, 0);
	/* Without engine: the ruleset is print only, as with engine: none;
	 * a note, not an error, as a designer's own game needs no engine
	 * (worded by the engine, which knows the families that play).
	 * Later notes about the engine point at the front matter too. */
	if (rs->engine == NULL && rs->front != NULL &&
	    rs->front->kind == RS_NODE_MAP &&
	    rs_node_get(rs->front, "engine") == NULL) {
		rs->engine_pos = rs->front->pos;
		rd_check(r, RS_CHECK_NO_ENGINE, 0)->pos = rs->engine_pos;
	}
	if (rs->nphases == 0 && rs->nunits > 0 && !r->phases_said)
		diag_msg(r->d, top, MSG(NO_SEQUENCE_PLAY));
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
		check_unit(r, &rs->units[i], i);
	}
	for (i = 0; i < rs->nweapons; i++)
		check_weapon(r, &rs->weapons[i], i, used[i]);
	free(used);
	resolve_forces(r);
	check_table_size(r);
	check_whole(r);
}
