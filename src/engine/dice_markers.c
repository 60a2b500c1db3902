/*
 * dice_markers.c: the dice family's lasting markers (FORMAT.md,
 * Markers) — the Markers table's Placed column (the events that give a
 * unit a marker: shot at, wounded, failed test, beaten), its Removed
 * column (one or all at the end of its side's turn, one or all when it
 * passes a test) and Most (the most a unit carries, 1 to 10, 1 when not
 * written), read and checked into struct dt_tables. A keyword's effect
 * "-1 per Pin" reads them (dice_keywords.c); play places and removes
 * them (dice_play.c).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dice_tables.h"

static const struct {
	const char *words;
	unsigned bit;
} events[] = {
	{ "shot at", DT_MK_SHOT_AT },
	{ "wounded", DT_MK_WOUNDED },
	{ "failed test", DT_MK_FAILED_TEST },
	{ "beaten", DT_MK_BEATEN },
};

static const struct {
	const char *words;
	unsigned bit;
} ways[] = {
	{ "one at end of turn", DT_MK_ONE_END },
	{ "all at end of turn", DT_MK_ALL_END },
	{ "one on passed test", DT_MK_ONE_PASSED },
	{ "all on passed test", DT_MK_ALL_PASSED },
};

#define NEVENTS (sizeof(events) / sizeof(events[0]))
#define NWAYS (sizeof(ways) / sizeof(ways[0]))

int
dt_marker_find(const struct ruleset *rs, const char *s)
{
	size_t k;

	for (k = 0; k < rs->nmarkers; k++)
		if (rs_name_eq(rs->markers[k].label, s))
			return (int)k;
	return -1;
}

char *
dt_marker_names(const struct ruleset *rs, char *buf, size_t sz)
{
	size_t k, n = 0;

	buf[0] = '\0';
	for (k = 0; k < rs->nmarkers && n < sz; k++)
		n += (size_t)snprintf(buf + n, sz - n, "%s%s", k ? ", " : "",
		    rs->markers[k].label);
	if (rs->nmarkers == 0)
		snprintf(buf, sz, "none: the ruleset has no Markers table");
	return buf;
}

/* The place of the item at offset off of a cell at at. */
static struct pos
at_item(struct pos at, size_t off)
{
	at.col += (int)off;
	return at;
}

/*
 * A list cell of Placed (events 1) or Removed (0) of marker m at at:
 * each item one of the known words, at most once. Returns 0, or -1 with
 * an error at the first bad item.
 */
static int
word_list(const char *label, const char *cell, struct pos at, int placed,
    unsigned *mask, struct diags *d)
{
	char *buf = xstrdup(cell), *item, *save = NULL, *e;
	size_t k, n = placed ? NEVENTS : NWAYS;
	unsigned bit;
	int rc = 0;

	*mask = 0;
	for (item = strtok_r(buf, ",", &save); item != NULL && rc == 0;
	     item = strtok_r(NULL, ",", &save)) {
		while (isspace((unsigned char)*item))
			item++;
		for (e = item + strlen(item);
		     e > item && isspace((unsigned char)e[-1]);)
			*--e = '\0';
		for (k = 0; k < n; k++)
			if (rs_name_eq(placed ? events[k].words :
			                        ways[k].words,
			        item))
				break;
		if (k == n && placed)
			diag_msg(d, at_item(at, (size_t)(item - buf)),
			    MSG(MARKER_UNKNOWN_EVENT), item, label);
		else if (k == n)
			diag_msg(d, at_item(at, (size_t)(item - buf)),
			    MSG(MARKER_UNKNOWN_WAY), item, label);
		if (k == n) {
			rc = -1;
			break;
		}
		bit = placed ? events[k].bit : ways[k].bit;
		/* One and all on the same occasion: which would it be? */
		if ((*mask & bit) ||
		    (!placed &&
		        (*mask &
		            (bit & (DT_MK_ONE_END | DT_MK_ALL_END) ?
		                    DT_MK_ONE_END | DT_MK_ALL_END :
		                    DT_MK_ONE_PASSED | DT_MK_ALL_PASSED)))) {
			diag_msg(d, at_item(at, (size_t)(item - buf)),
			    MSG(MARKER_WORD_TWICE), item, label);
			rc = -1;
			break;
		}
		*mask |= bit;
	}
	free(buf);
	return rc;
}

int
dt_read_markers(const struct ruleset *rs, struct dt_tables *t, struct diags *d)
{
	size_t i;
	int rc = 0, most;
	char *end;
	long v;

	for (i = 0; i < rs->nmarkers && i < RS_MAX_MARKERS; i++) {
		const struct rs_marker *m = &rs->markers[i];
		struct dt_marker *k = &t->mk[i];

		k->most = 1;
		if (m->placed != NULL &&
		    word_list(m->label, m->placed, m->placed_pos, 1,
		        &k->placed, d) != 0)
			rc = -1;
		if (m->removed != NULL &&
		    word_list(m->label, m->removed, m->removed_pos, 0,
		        &k->removed, d) != 0)
			rc = -1;
		/* Only an opposed melee has a beaten unit. */
		if ((k->placed & DT_MK_BEATEN) &&
		    t->melee != DT_MELEE_OPPOSED) {
			diag_msg(d, m->placed_pos,
			    MSG(MARKER_BEATEN_NEEDS_OPPOSED), m->label);
			rc = -1;
		}
		if (m->most != NULL) {
			v = strtol(m->most, &end, 10);
			most = *end == '\0' &&
			        isdigit((unsigned char)*m->most) && v >= 1 &&
			        v <= DT_MAX_MOST ?
			    (int)v :
			    0;
			if (most == 0) {
				diag_msg(d, m->most_pos, MSG(MARKER_MOST_BAD),
				    m->most, m->label, DT_MAX_MOST);
				rc = -1;
			} else
				k->most = most;
		}
		t->mk_placed |= k->placed;
		t->mk_removed |= k->removed;
		t->nmk = (int)i + 1;
	}
	return rc;
}
