/*
 * dice_keywords.c: the dice family's keywords (FORMAT.md, "Keywords") —
 * special rules a ruleset defines once in its Keywords table, each a
 * list of effects on one roll (to hit, to wound, save or test), and
 * gives its weapons and units by name in their Keywords columns:
 * "Precise, Deadly(2)". A roll with its keywords is a struct dt_roll;
 * dt_roll_odds() gives its exact chances and dt_roll_play() rolls it,
 * the one reading the other's rule, so odds and play agree.
 *
 * The effects: a modifier (+1, -X, -1 per wound lost), a re-roll of the
 * failures or of the 1s (once: a re-rolled die is never re-rolled), a
 * natural face that always succeeds or always fails, and on a to hit or
 * to wound roll a natural face from which the success wounds without a
 * roll or cannot be saved, is K mortal wounds (no save, no Damage: the
 * attack goes no further) or, to hit, scores K extra hits. Each may end in a condition ("+1 in cover"),
 * and acts only when the roll's conditions (enum dt_when) hold it.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "dice_tables.h"

static const char *const step_words[DT_STEP__N] = { "to hit", "to wound",
	"save", "test" };

/* A whole number from lo to hi, or "X" (*x set) when x is not NULL. */
static int
number(const char *s, int lo, int hi, int *v, int *x)
{
	char *end;
	long n;

	while (isspace((unsigned char)*s))
		s++;
	if (x != NULL && (s[0] == 'X' || s[0] == 'x') && s[1] == '\0') {
		*x = 1;
		*v = 0;
		return 0;
	}
	if (!isdigit((unsigned char)*s))
		return -1;
	n = strtol(s, &end, 10);
	if (*end != '\0' || n < lo || n > hi)
		return -1;
	*v = (int)n;
	return 0;
}

static const struct {
	const char *words;
	unsigned when;
} conditions[] = {
	{ "in cover", DT_WHEN_COVER },
	{ "at long range", DT_WHEN_LONG },
	{ "after moving", DT_WHEN_MOVED },
	{ "below half", DT_WHEN_BELOW_HALF },
	{ "from the flank", DT_WHEN_FLANK },
	{ "from the rear", DT_WHEN_REAR },
};

/* A condition at the end of s ("+1 in cover"): taken off s into *when. */
static void
condition(char *s, unsigned *when)
{
	size_t n = strlen(s), k, c;

	*when = 0;
	for (c = 0; c < sizeof(conditions) / sizeof(conditions[0]); c++) {
		k = strlen(conditions[c].words);
		if (n > k && isspace((unsigned char)s[n - k - 1]) &&
		    strcasecmp(s + n - k, conditions[c].words) == 0) {
			*when = conditions[c].when;
			for (n -= k;
			     n > 0 && isspace((unsigned char)s[n - 1]);)
				s[--n] = '\0';
			return;
		}
	}
}

/* Where " per " begins in s (any case), or NULL. */
static char *
per_of(char *s)
{
	char *p;

	for (p = s; *p != '\0'; p++)
		if (strncasecmp(p, " per ", 5) == 0)
			return p;
	return NULL;
}

/*
 * The effect after "on N+:" that makes more of a success: "K extra hits"
 * ("1 extra hit"; to hit rolls) or "K mortal wounds" ("1 mortal wound";
 * to hit and to wound rolls), K from 1 to DT_MAX_TRIGGER or X, into f.
 * Returns 0, or -1 when p is neither.
 */
static int
trigger(const char *p, enum dt_step st, struct dt_kfx *f)
{
	static const struct {
		const char *one, *many;
		enum dt_kfx_kind kind;
	} words[] = {
		{ "extra hit", "extra hits", DT_KFX_EXTRA_HITS },
		{ "mortal wound", "mortal wounds", DT_KFX_MORTAL },
	};
	char num[16];
	const char *rest;
	size_t i, n;

	n = strcspn(p, " \t");
	if (n == 0 || n >= sizeof(num))
		return -1;
	memcpy(num, p, n);
	num[n] = '\0';
	for (rest = p + n; isspace((unsigned char)*rest); rest++)
		;
	for (i = 0; i < sizeof(words) / sizeof(words[0]); i++) {
		if (!rs_name_eq(rest, words[i].one) &&
		    !rs_name_eq(rest, words[i].many))
			continue;
		if (words[i].kind == DT_KFX_EXTRA_HITS && st != DT_STEP_HIT)
			return -1;
		if (st != DT_STEP_HIT && st != DT_STEP_WOUND)
			return -1;
		if (number(num, 1, DT_MAX_TRIGGER, &f->count, &f->count_x) !=
		    0)
			return -1;
		f->kind = words[i].kind;
		return 0;
	}
	return -1;
}

/*
 * One effect of a keyword on a roll of step st. "on 6+: wounds", "+1",
 * "-1 per wound lost", "-1 per Pin" (a marker of rs's), "re-roll
 * failures", "always on 6", "never on 1". Returns 0, or -1 with a
 * reason, or with *marker the name of a marker rs has not (why NULL).
 */
static int
effect(const struct ruleset *rs, char *s, enum dt_step st, struct dt_kfx *f,
    const char **why, const char **marker)
{
	char *colon, *p;
	int n, sign, die = rs->die;

	memset(f, 0, sizeof(*f));
	while (isspace((unsigned char)*s))
		s++;
	for (p = s + strlen(s); p > s && isspace((unsigned char)p[-1]);)
		*--p = '\0';
	condition(s, &f->when);
	/* A modifier times a count: the Wounds lost, or a marker's. */
	if ((p = per_of(s)) != NULL) {
		*p = '\0';
		p += 5;
		while (isspace((unsigned char)*p))
			p++;
		if (rs_name_eq(p, "wound lost"))
			f->per_lost = 1;
		else if ((n = dt_marker_find(rs, p)) >= 0)
			f->per_mk = n + 1;
		else {
			*why = NULL;
			*marker = p;
			return -1;
		}
		for (n = (int)strlen(s);
		     n > 0 && isspace((unsigned char)s[n - 1]);)
			s[--n] = '\0';
		if (*s != '+' && *s != '-') {
			*why = "per wound lost and per MARKER follow a "
			       "modifier: -1 per wound lost, -1 per Pin";
			return -1;
		}
	}
	if (*s == '+' || *s == '-') {
		sign = *s == '+' ? 1 : -1;
		f->kind = DT_KFX_MOD;
		if (number(s + 1, 1, 20, &n, &f->x) != 0) {
			*why = "a modifier is +N or -N (1 to 20), or +X";
			return -1;
		}
		f->n = sign * n;
		f->sign = sign;
		return 0;
	}
	if (rs_name_eq(s, "re-roll failures") ||
	    rs_name_eq(s, "re-roll fails")) {
		f->kind = DT_KFX_REROLL_FAILS;
		return 0;
	}
	if (rs_name_eq(s, "re-roll 1s") || rs_name_eq(s, "re-roll ones")) {
		if (st == DT_STEP_TEST) {
			*why = "a test re-rolls its failures only";
			return -1;
		}
		f->kind = DT_KFX_REROLL_ONES;
		return 0;
	}
	if (strncasecmp(s, "always on ", 10) == 0 ||
	    strncasecmp(s, "never on ", 9) == 0) {
		f->kind = tolower((unsigned char)*s) == 'a' ? DT_KFX_ALWAYS :
		                                              DT_KFX_NEVER;
		p = s + (f->kind == DT_KFX_ALWAYS ? 10 : 9);
		n = (int)strlen(p);
		if (f->kind == DT_KFX_ALWAYS && n > 0 && p[n - 1] == '+')
			p[n - 1] = '\0';
		if (st == DT_STEP_TEST) {
			*why = "a test has no natural face: write +N or "
			       "re-roll failures";
			return -1;
		}
		if (number(p, 1, die, &f->n, &f->x) != 0) {
			*why =
			    "always on N+ and never on N take a face of the "
			    "die, or X";
			return -1;
		}
		return 0;
	}
	if (strncasecmp(s, "on ", 3) == 0 &&
	    (colon = strchr(s, ':')) != NULL) {
		*colon = '\0';
		p = colon + 1;
		while (isspace((unsigned char)*p))
			p++;
		if (rs_name_eq(p, "wounds") && st == DT_STEP_HIT)
			f->kind = DT_KFX_WOUNDS;
		else if (rs_name_eq(p, "no save") &&
		    (st == DT_STEP_HIT || st == DT_STEP_WOUND))
			f->kind = DT_KFX_NO_SAVE;
		else if (trigger(p, st, f) == 0)
			;
		else {
			*why = "on N+: wounds (to hit rolls), on N+: no save, "
			       "on N+: K mortal wounds (to hit and to wound "
			       "rolls) or on N+: K extra hits (to hit rolls), "
			       "K from 1 to 6 or X";
			return -1;
		}
		n = (int)strlen(s + 3);
		if (n > 0 && s[3 + n - 1] == '+')
			s[3 + n - 1] = '\0';
		if (number(s + 3, 1, die, &f->n, &f->x) != 0) {
			*why = "on N+ takes a face of the die, or X";
			return -1;
		}
		return 0;
	}
	*why = "an effect is +N, -N (or -N per wound lost, -N per MARKER), "
	       "re-roll failures, re-roll 1s, always on N+, never on N, on "
	       "N+: wounds, on N+: no save, on N+: K extra hits or on N+: K "
	       "mortal wounds, each maybe ending in a condition (in cover, "
	       "at long range, after moving, below half, from the flank, "
	       "from the rear)";
	return -1;
}

/* The keyword's name as the table writes it: "Deadly(X)" takes X. */
static int
keyword_name(const char *s, struct dt_keyword *k)
{
	size_t n = strlen(s);

	k->takes_x = n > 3 && strcasecmp(s + n - 3, "(X)") == 0;
	if (k->takes_x)
		n -= 3;
	while (n > 0 && isspace((unsigned char)s[n - 1]))
		n--;
	if (n == 0 || n > DT_MAX_KW_NAME)
		return -1;
	memcpy(k->name, s, n);
	k->name[n] = '\0';
	return 0;
}

/* One row of the Keywords table. Returns 0, or -1. */
static int
keyword_row(const struct ruleset *rs, const struct rs_table *tb, size_t i,
    const int col[3], struct dt_tables *t, struct diags *d)
{
	struct dt_keyword *k = &t->kw[t->nkw];
	const char *roll = RS_CELL(tb, i, col[1]), *why = NULL, *mk = NULL;
	char *buf, said[256], *item, *save = NULL;
	int j, st, rc = 0;

	memset(k, 0, sizeof(*k));
	k->pos = RS_CPOS(tb, i, col[0]);
	if (keyword_name(RS_CELL(tb, i, col[0]), k) != 0) {
		diag_msg(d, k->pos, MSG(KEYWORD_NAME_BAD),
		    RS_CELL(tb, i, col[0]), DT_MAX_KW_NAME);
		return -1;
	}
	for (j = 0; j < t->nkw; j++)
		if (rs_name_eq(t->kw[j].name, k->name)) {
			diag_msg(d, k->pos, MSG(KEYWORD_TWICE), k->name,
			    t->kw[j].pos.line);
			return -1;
		}
	for (st = 0; st < DT_STEP__N && !rs_name_eq(step_words[st], roll);
	     st++)
		;
	if (st == DT_STEP__N &&
	    (rs_name_eq(roll, "hit") || rs_name_eq(roll, "wound")))
		st = rs_name_eq(roll, "hit") ? DT_STEP_HIT : DT_STEP_WOUND;
	if (st == DT_STEP__N) {
		/* Kept, marked: a unit or weapon that names it says
		 * nothing more (it was 'unknown keyword' there too). */
		diag_msg(d, RS_CPOS(tb, i, col[1]), MSG(KEYWORD_ROLL_UNKNOWN),
		    roll, k->name,
		    str_did_you_mean(said, sizeof(said), roll, step_words,
		        DT_STEP__N));
		k->bad = 1;
		t->nkw++;
		return -1;
	}
	k->step = (enum dt_step)st;
	/* The cell whole (a copy cut short would end in half an effect). */
	buf = xstrdup(RS_CELL(tb, i, col[2]));
	for (item = strtok_r(buf, ",", &save); item != NULL;
	     item = strtok_r(NULL, ",", &save)) {
		if (k->nfx == DT_MAX_KFX) {
			diag_msg(d, RS_CPOS(tb, i, col[2]),
			    MSG(KEYWORD_TOO_MANY_EFFECTS), k->name,
			    DT_MAX_KFX);
			rc = -1;
			break;
		}
		while (isspace((unsigned char)*item))
			item++;
		snprintf(said, sizeof(said), "%s", item);
		if (effect(rs, item, k->step, &k->fx[k->nfx], &why, &mk) !=
		    0) {
			struct pos at = RS_CPOS(tb, i, col[2]);
			char
			    names[RS_MAX_MARKERS * (RS_MAX_NAME * 4 + 2) + 64];

			rc = -1;
			if (why == NULL) {
				at.col += (int)(mk - buf);
				diag_msg(d, at, MSG(KEYWORD_MARKER_UNKNOWN),
				    k->name, mk,
				    dt_marker_names(rs, names, sizeof(names)));
				continue;
			}
			diag_msg(d,
			    (struct pos){ RS_CPOS(tb, i, col[2]).file,
			        RS_CPOS(tb, i, col[2]).line,
			        RS_CPOS(tb, i, col[2]).col +
			            (int)(item - buf) },
			    MSG(KEYWORD_EFFECT_BAD), said, k->name, why);
			rc = -1;
			continue;
		}
		if ((k->fx[k->nfx].x || k->fx[k->nfx].count_x) &&
		    !k->takes_x) {
			diag_msg(d, RS_CPOS(tb, i, col[2]),
			    MSG(KEYWORD_X_NOT_TAKEN), k->name, k->name);
			rc = -1;
			continue;
		}
		if (k->fx[k->nfx].per_mk)
			t->mk_read |= 1u << k->step;
		k->nfx++;
	}
	if (k->nfx == 0 && rc == 0) {
		diag_msg(d, RS_CPOS(tb, i, col[2]), MSG(KEYWORD_NO_EFFECT),
		    k->name);
		rc = -1;
	}
	free(buf);
	/* Kept even with a bad effect, so that its uses are no more
	 * errors. */
	t->nkw++;
	return rc;
}

int
dt_read_keywords(const struct ruleset *rs, struct dt_tables *t,
    struct diags *d)
{
	static const char *const heads[3] = { "Keyword", "Roll", "Effect" };
	const struct rs_table *tb = rs_table_find(rs, "Keywords");
	int col[3] = { -1, -1, -1 }, rc = 0, h;
	size_t i;

	if (tb == NULL)
		return 0;
	for (i = 0; i < tb->ncols; i++)
		for (h = 0; h < 3; h++)
			if (col[h] < 0 &&
			    rs_name_eq(RS_CELL(tb, 0, i), heads[h]))
				col[h] = (int)i;
	if (col[0] < 0 || col[1] < 0 || col[2] < 0) {
		diag_msg(d, tb->pos, MSG(KEYWORDS_TABLE_NEEDS_COLUMNS));
		return -1;
	}
	for (i = 1; i < tb->nrows; i++) {
		if (t->nkw == DT_MAX_KEYWORDS) {
			diag_msg(d, RS_CPOS(tb, i, col[0]),
			    MSG(TOO_MANY_KEYWORDS), DT_MAX_KEYWORDS);
			return -1;
		}
		if (keyword_row(rs, tb, i, col, t, d) != 0)
			rc = -1;
	}
	return rc;
}

/* The keyword named s (without its "(X)"), or -1. */
static int
keyword_find(const struct dt_tables *t, const char *s)
{
	int k;

	for (k = 0; k < t->nkw; k++)
		if (rs_name_eq(t->kw[k].name, s))
			return k;
	return -1;
}

/* "Precise, Rending(X), Sure" for a message: every keyword into buf. */
static char *
keyword_names(const struct dt_tables *t, char *buf, size_t sz)
{
	size_t n = 0;
	int k;

	buf[0] = '\0';
	for (k = 0; k < t->nkw && n < sz; k++)
		n += (size_t)snprintf(buf + n, sz - n, "%s%s%s", k ? ", " : "",
		    t->kw[k].name, t->kw[k].takes_x ? "(X)" : "");
	return buf;
}

int
dt_read_kwlist(const struct ruleset *rs, const struct dt_tables *t,
    const char *cell, struct pos at, const char *owner, int weapon,
    struct dt_kwlist *out, struct diags *d)
{
	char *buf, known[512], *item, *save = NULL, *open, *end;
	const struct dt_keyword *k;
	int i, f, x, rc = 0;

	memset(out, 0, sizeof(*out));
	if (cell == NULL)
		return 0;
	buf = xstrdup(cell);
	for (item = strtok_r(buf, ",", &save); item != NULL;
	     item = strtok_r(NULL, ",", &save)) {
		struct pos p = at;

		while (isspace((unsigned char)*item))
			item++;
		p.col += (int)(item - buf);
		for (end = item + strlen(item);
		     end > item && isspace((unsigned char)end[-1]);)
			*--end = '\0';
		if (*item == '\0' || rs_name_eq(item, "-") ||
		    strcmp(item, "—") == 0)
			continue;
		x = -1;
		if ((open = strchr(item, '(')) != NULL) {
			int shut = end[-1] == ')';

			end[-1] = shut ? '\0' : end[-1];
			if (!shut || number(open + 1, 0, 99, &x, NULL) != 0) {
				if (shut)
					end[-1] = ')';
				diag_msg(d, p, MSG(KEYWORD_X_BAD), item);
				rc = -1;
				continue;
			}
			*open = '\0';
			for (end = open;
			     end > item && isspace((unsigned char)end[-1]);)
				*--end = '\0';
		}
		if ((i = keyword_find(t, item)) < 0) {
			const char *names[DT_MAX_KEYWORDS];
			char hint[DT_MAX_KW_NAME * 4 + 32];

			for (f = 0; f < t->nkw; f++)
				names[f] = t->kw[f].name;
			diag_msg(d, p, MSG(KEYWORD_UNKNOWN), item, owner,
			    t->nkw ? keyword_names(t, known, sizeof(known)) :
			             "none: the ruleset has no Keywords table",
			    str_did_you_mean(hint, sizeof(hint), item, names,
			        (size_t)t->nkw));
			rc = -1;
			continue;
		}
		k = &t->kw[i];
		if (k->bad) {
			rc = -1;
			continue;
		}
		if (k->takes_x && x < 0) {
			diag_msg(d, p, MSG(KEYWORD_NEEDS_X), k->name, k->name);
			rc = -1;
			continue;
		}
		if (!k->takes_x && x >= 0) {
			diag_msg(d, p, MSG(KEYWORD_TAKES_NO_X), k->name,
			    k->name);
			rc = -1;
			continue;
		}
		/* A weapon's keywords act on its attacks' rolls, a unit's
		 * on its saves and tests. */
		if (weapon !=
		    (k->step == DT_STEP_HIT || k->step == DT_STEP_WOUND)) {
			diag_msg(d, p, MSG(KEYWORD_WRONG_OWNER), k->name,
			    step_words[k->step],
			    weapon ? "a unit's" : "a weapon's", owner);
			rc = -1;
			continue;
		}
		if (out->n == DT_MAX_KW_PER) {
			diag_msg(d, p, MSG(KEYWORDS_TOO_MANY), owner,
			    DT_MAX_KW_PER);
			rc = -1;
			break;
		}
		out->v[out->n].k = i;
		out->v[out->n].x = x < 0 ? 0 : x;
		/* X as a face must be one of the die's, as a count of extra
		 * hits or mortal wounds 1 to 6 (said once). */
		for (f = 0; f < k->nfx; f++) {
			if (k->fx[f].x && k->fx[f].kind != DT_KFX_MOD &&
			    (x < 1 || x > rs->die)) {
				diag_msg(d, p, MSG(KEYWORD_X_NOT_FACE),
				    k->name, x, rs->die);
				rc = -1;
				break;
			}
			if (k->fx[f].count_x &&
			    (x < 1 || x > DT_MAX_TRIGGER)) {
				diag_msg(d, p, MSG(KEYWORD_X_NOT_COUNT),
				    k->name, x, DT_MAX_TRIGGER);
				rc = -1;
				break;
			}
		}
		out->n++;
	}
	free(buf);
	return rc;
}

/* The least of a and b, 0 being none. */
static int
least(int a, int b)
{
	return a == 0 ? b : b == 0 || a < b ? a : b;
}

static int same_roll(const struct dt_roll *, const struct dt_roll *);

void
dt_roll_make(const struct dt_tables *t, enum dt_step st, int need, int mod,
    const struct dt_kwlist *kw, unsigned when, int lost, uint64_t marks,
    struct dt_roll *r)
{
	int i, f, v, c, times;

	memset(r, 0, sizeof(*r));
	for (i = 0; kw != NULL && i < kw->n; i++) {
		const struct dt_keyword *k = &t->kw[kw->v[i].k];

		if (k->step != st)
			continue;
		r->keyed = 1;
		for (f = 0; f < k->nfx; f++) {
			const struct dt_kfx *e = &k->fx[f];

			/* An effect acts when all its conditions hold. */
			if ((e->when & when) != e->when)
				continue;
			v = e->x ? kw->v[i].x : e->n;
			switch (e->kind) {
			case DT_KFX_MOD:
				times = e->per_lost ?
				    lost :
				    e->per_mk ?
				    DT_MK_COUNT(marks, e->per_mk - 1) :
				    1;
				mod += (e->x ? e->sign * v : v) * times;
				r->modded |= times > 0;
				r->marked |= e->per_mk && times > 0;
				break;
			case DT_KFX_REROLL_FAILS:
				r->reroll = DT_REROLL_FAILS;
				break;
			case DT_KFX_REROLL_ONES:
				if (r->reroll == 0)
					r->reroll = DT_REROLL_ONES;
				break;
			case DT_KFX_ALWAYS:
				r->always = least(r->always, v);
				break;
			case DT_KFX_NEVER:
				r->never = v > r->never ? v : r->never;
				break;
			case DT_KFX_WOUNDS:
				r->wounds_on = least(r->wounds_on, v);
				break;
			case DT_KFX_NO_SAVE:
				r->nosave_on = least(r->nosave_on, v);
				break;
			/* Of several, the lowest face and the most. */
			case DT_KFX_EXTRA_HITS:
				r->extra_on = least(r->extra_on, v);
				c = e->count_x ? kw->v[i].x : e->count;
				r->extra_n = c > r->extra_n ? c : r->extra_n;
				break;
			case DT_KFX_MORTAL:
				r->mortal_on = least(r->mortal_on, v);
				c = e->count_x ? kw->v[i].x : e->count;
				r->mortal_n = c > r->mortal_n ? c :
				                                r->mortal_n;
				break;
			}
		}
	}
	/* A modifier makes the face needed that much lower. */
	r->need = need - mod;
	r->tslot = -1;
	if (r->keyed)
		for (i = 0; i < t->ntsig; i++)
			if (t->tstep[i] == st && same_roll(&t->tsig[i], r)) {
				r->tslot = i;
				break;
			}
}

/* Whether a and b are the same roll (their tally places apart). */
static int
same_roll(const struct dt_roll *a, const struct dt_roll *b)
{
	return a->need == b->need && a->reroll == b->reroll &&
	    a->always == b->always && a->never == b->never &&
	    a->wounds_on == b->wounds_on && a->nosave_on == b->nosave_on &&
	    a->extra_on == b->extra_on && a->extra_n == b->extra_n &&
	    a->mortal_on == b->mortal_on && a->mortal_n == b->mortal_n;
}

/* Add roll r of step st to t's tallied rolls unless it is there. */
static void
tsig_add(struct dt_tables *t, enum dt_step st, const struct dt_roll *r)
{
	int i;

	if (!r->keyed || r->tslot >= 0 || t->ntsig >= DT_MAX_TSIG)
		return;
	for (i = 0; i < t->ntsig; i++)
		if (t->tstep[i] == st && same_roll(&t->tsig[i], r))
			return;
	t->tsig[t->ntsig] = *r;
	t->tsig[t->ntsig].tslot = t->ntsig;
	t->tstep[t->ntsig++] = st;
}

void
dt_tsig_build(const struct ruleset *rs, struct dt_tables *t)
{
	struct dt_roll r;
	size_t w, u, v;
	int s, k;

	t->ntsig = 0;
	for (w = 0; w < rs->nweapons; w++) {
		const struct dt_weapon *wp = &t->weapons[w];

		if (wp->to_hit > 0) {
			dt_roll_make(t, DT_STEP_HIT, wp->to_hit, 0, &wp->kw, 0,
			    0, 0, &r);
			tsig_add(t, DT_STEP_HIT, &r);
		}
		/* Its Strength's row of the Wound table, each Toughness. */
		for (s = 0; s < t->nstr && t->str[s] != wp->strength; s++)
			;
		for (k = 0; t->wound_given && s < t->nstr && k < t->ntough;
		     k++) {
			if (t->need[s][k] <= 0)
				continue;
			dt_roll_make(t, DT_STEP_WOUND, t->need[s][k], 0,
			    &wp->kw, 0, 0, 0, &r);
			tsig_add(t, DT_STEP_WOUND, &r);
		}
	}
	for (u = 0; u < rs->nunits; u++) {
		const struct dt_unit *du = &t->units[u];

		for (v = 0; du->save > 0 && v < rs->nweapons; v++) {
			dt_roll_make(t, DT_STEP_SAVE,
			    du->save + t->weapons[v].ap, 0, &du->kw, 0, 0, 0,
			    &r);
			if (dt_roll_rolls(&r, rs->die))
				tsig_add(t, DT_STEP_SAVE, &r);
		}
		if (du->quality > 0) {
			dt_roll_make(t, DT_STEP_TEST, du->quality, 0, &du->kw,
			    0, 0, 0, &r);
			tsig_add(t, DT_STEP_TEST, &r);
		}
	}
}

/* What a kept natural face f of roll r gives: 0 fail, else a
 * DT_ROLL_* success. */
static int
face(const struct dt_roll *r, int f)
{
	int ok;

	if (r->always > 0 && f >= r->always)
		ok = 1;
	else if (r->never > 0 && f <= r->never)
		ok = 0;
	else
		ok = f >= r->need;
	if (!ok)
		return 0;
	if (r->mortal_on > 0 && f >= r->mortal_on)
		return DT_ROLL_MORTAL;
	if (r->nosave_on > 0 && f >= r->nosave_on)
		ok = DT_ROLL_NO_SAVE;
	else if (r->wounds_on > 0 && f >= r->wounds_on)
		ok = DT_ROLL_WOUNDS;
	else
		ok = DT_ROLL_PLAIN;
	return r->extra_on > 0 && f >= r->extra_on ? ok + DT_ROLL_EXTRA : ok;
}

/* Whether a first face f that gave result res is rolled again. */
static int
again(const struct dt_roll *r, int f, int res)
{
	return (r->reroll == DT_REROLL_FAILS && res == 0) ||
	    (r->reroll == DT_REROLL_ONES && f == 1);
}

void
dt_roll_odds(const struct dt_roll *r, int die, mpq_t p[DT_ROLL__N])
{
	unsigned long ways[DT_ROLL__N] = { 0 }, once[DT_ROLL__N] = { 0 };
	int f, res;
	int k;

	/* Over die² ways: a kept first face is die of them, a re-rolled
	 * one spreads as a single roll does (once). */
	for (f = 1; f <= die; f++)
		once[face(r, f)]++;
	for (f = 1; f <= die; f++) {
		res = face(r, f);
		if (!again(r, f, res)) {
			ways[res] += (unsigned long)die;
			continue;
		}
		for (k = 0; k < DT_ROLL__N; k++)
			ways[k] += once[k];
	}
	for (k = 0; k < DT_ROLL__N; k++) {
		mpq_set_ui(p[k], ways[k],
		    (unsigned long)die * (unsigned long)die);
		mpq_canonicalize(p[k]);
	}
}

int
dt_roll_play(const struct dt_roll *r, struct eng_dice *dice, int die,
    int *rerolled)
{
	int f = eng_die_n(dice, die), res = face(r, f);

	*rerolled = again(r, f, res);
	if (*rerolled)
		res = face(r, eng_die_n(dice, die));
	return res;
}

unsigned
dt_kw_conditions(const struct dt_tables *t, int attack)
{
	unsigned m = 0;
	int k, f;

	for (k = 0; k < t->nkw; k++)
		if ((t->kw[k].step == DT_STEP_HIT ||
		        t->kw[k].step == DT_STEP_WOUND) == (attack != 0))
			for (f = 0; f < t->kw[k].nfx; f++)
				m |= t->kw[k].fx[f].when;
	return m;
}

int
dt_roll_rolls(const struct dt_roll *r, int die)
{
	/* A roll that nothing but a face beyond the die could make is not
	 * rolled, unless a natural face always succeeds. */
	return r->need <= die || r->always > 0;
}

int
dt_kw_triggers(const struct dt_tables *t, const struct dt_kwlist *kw,
    int *extra)
{
	int i, f, any = 0, n;

	*extra = 0;
	for (i = 0; kw != NULL && i < kw->n; i++) {
		const struct dt_keyword *k = &t->kw[kw->v[i].k];

		for (f = 0; f < k->nfx; f++) {
			const struct dt_kfx *e = &k->fx[f];

			if (e->kind != DT_KFX_EXTRA_HITS &&
			    e->kind != DT_KFX_MORTAL)
				continue;
			any = 1;
			n = e->count_x ? kw->v[i].x : e->count;
			if (e->kind == DT_KFX_EXTRA_HITS && n > *extra)
				*extra = n;
		}
	}
	return any;
}
