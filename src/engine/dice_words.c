/*
 * dice_words.c: the dice family's Combat settings said as rules, for a
 * player (the rulebook prints them so, eng_show.setting_words), and the
 * results and effects of its outcome tables said as a player says them
 * (eng_show.cell_words): the family's words for its own tables, not the
 * product's.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "dice_tables.h"

/* The values of a list ("below half, beaten"), each as words. */
static char *
combat_tests(const char *v)
{
	char *out = NULL, *dup = xstrdup(v), *p, *save = NULL;

	for (p = strtok_r(dup, ",", &save); p != NULL;
	     p = strtok_r(NULL, ",", &save)) {
		const char *w;
		char *t, *n;

		while (*p == ' ')
			p++;
		for (t = p + strlen(p); t > p && t[-1] == ' '; t--)
			t[-1] = '\0';
		w = rs_name_eq(p, "below half") ?
		    _("falls below half its Wounds") :
		    rs_name_eq(p, "beaten")       ? _("is beaten in a melee") :
		    rs_name_eq(p, "lost a model") ? _("loses a model") :
		    rs_name_eq(p, "wounded")      ? _("loses Wounds") :
		                                    p;
		n = out == NULL ? xstrdup(w) :
		                  xasprintf(_("%s, or when it %s"), out, w);
		free(out);
		out = n;
	}
	free(dup);
	return out;
}

/* A Combat setting of the dice family as a rule in plain words (caller
 * frees), or NULL when it says nothing a player needs ("none", or the
 * melee roll an opposed melee's sentence gives). */
static char *
combat_words(const char *s, const char *v, const char *melee, const char *roll)
{
#define IS(a, b) rs_name_eq(a, b)
	const char *w = NULL;
	char *t;

	if (IS(v, "none"))
		return NULL;
	if (IS(s, "shooting"))
		w = IS(v, "pipeline") ?
		    _("Shooting: roll to hit, then to wound, then the target "
		      "saves.") :
		    IS(v, "accumulated") ?
		    _("Shooting: roll the weapon's Attacks; the roll is the "
		      "Wounds the target loses.") :
		    NULL;
	else if (IS(s, "melee") && IS(v, "opposed"))
		return xasprintf(_("Melee: each side rolls %s and adds its "
		                   "Combat; the lower total is beaten."),
		    roll != NULL ? roll : "d6");
	else if (IS(s, "melee"))
		w = IS(v, "accumulated") ?
		    _("Melee: each side's roll is the Wounds the other "
		      "loses.") :
		    IS(v, "pipeline") ?
		    _("Melee: the units' close weapons strike, as in "
		      "shooting.") :
		    NULL;
	else if (IS(s, "contact"))
		return xasprintf(_("Contact: units %s apart or closer are in "
		                   "contact and fight a melee."),
		    v);
	else if (IS(s, "turn"))
		w = IS(v, "alternate") ?
		    _("Turns: one side, then the other.") :
		    IS(v, "phased") ?
		    _("Turns: both sides in each phase.") :
		    IS(v, "units") ?
		    _("Turns: the sides take turns activating a unit each.") :
		    IS(v, "order dice") ?
		    _("Turns: the side of each order die drawn from a bag "
		      "activates a unit.") :
		    NULL;
	else if (IS(s, "activation test") && IS(v, "quality"))
		w = _("A unit that activates first takes a quality test: "
		      "failed, it does nothing this turn.");
	else if (IS(s, "failed activation"))
		w = IS(v, "turn ends") ?
		    _("A failed activation ends its side's activations for "
		      "the turn.") :
		    IS(v, "unit stays") ?
		    _("A failed activation costs only that unit its action.") :
		    NULL;
	else if (IS(s, "quality test")) {
		char *l = combat_tests(v);

		t = xasprintf(_("A unit takes a quality test when it %s."),
		    l != NULL ? l : v);
		free(l);
		return t;
	} else if (IS(s, "melee roll"))
		return melee != NULL && IS(melee, "opposed") ?
		    NULL :
		    xasprintf(_("Melee roll: %s."), v);
	else if (IS(s, "every unit"))
		return xasprintf(_("Every unit has the keywords %s."), v);
	else if (IS(s, "every weapon"))
		return xasprintf(_("Every weapon has the keywords %s."), v);
	else if (IS(s, "excess damage"))
		w = IS(v, "lost") ?
		    _("Damage past the Wounds a model has left is lost.") :
		    IS(v, "carries over") ?
		    _("Damage past the Wounds a model has left carries over "
		      "to the next model.") :
		    NULL;
	else if (IS(s, "strikes"))
		w = IS(v, "attacker first") ?
		    _("In a melee the attacker strikes first, then the other "
		      "back if it stands.") :
		    IS(v, "at once") ?
		    _("In a melee both strike at once.") :
		    IS(v, "attacker only") ?
		    _("In a melee only the attacker strikes.") :
		    IS(v, "by initiative") ?
		    _("In a melee the higher Initiative strikes first, then "
		      "the other back if it stands.") :
		    NULL;
	else if (IS(s, "hits to destroy"))
		return xasprintf(_("A unit with no Wounds of its own is "
		                   "destroyed after %s Wounds."),
		    v);
	else if (IS(s, "half hits"))
		return xasprintf(_("Half the hits of shooting, rounded down, "
		                   "on: %s."),
		    v);
	else if (IS(s, "test roll"))
		return xasprintf(_("A quality test rolls %s: the unit passes "
		                   "on its Quality or more."),
		    v);
#undef IS
	return w != NULL ? xstrdup(w) : xasprintf("%s: %s.", s, v);
}

/* The row k of the Combat table (keys and values of n rows; NULL where a
 * row has none) in words (caller frees), or NULL: see eng_show. */
char *
di_setting_words(const char *const *keys, const char *const *values, size_t n,
    size_t k)
{
	const char *melee = NULL, *roll = NULL;
	size_t i;

	for (i = 0; i < n; i++) {
		if (keys[i] == NULL || values[i] == NULL)
			continue;
		if (rs_name_eq(keys[i], "melee"))
			melee = values[i];
		else if (rs_name_eq(keys[i], "melee roll"))
			roll = values[i];
	}
	return combat_words(keys[k], values[k], melee, roll);
}

/* A length as written ("10cm") with a space before its unit. */
static char *
spaced_len(const char *s)
{
	const char *p = s;

	while (isdigit((unsigned char)*p) || *p == '.')
		p++;
	if (p == s || *p == ' ' || *p == '\0')
		return xstrdup(s);
	return xasprintf("%.*s %s", (int)(p - s), s, p);
}

/* One effect of an Effect cell in words (caller frees), or NULL when it
 * is not one the family knows (dice_tables.c, effect()). *again gets the
 * times of a "fight again", else 0. */
static char *
effect_words(const char *s, int *again)
{
	long n;
	char *end, *l, *w;

	*again = 0;
	if (rs_name_eq(s, "steady"))
		return xstrdup(_("holds its ground"));
	if (rs_name_eq(s, "nothing"))
		return xstrdup(_("nothing happens"));
	if (rs_name_eq(s, "destroyed"))
		return xstrdup(_("destroyed"));
	if (rs_name_eq(s, "rout") || rs_name_eq(s, "routs"))
		return xstrdup(_("routs"));
	if (rs_name_eq(s, "pursued"))
		return xstrdup(_("pursued by the winner"));
	if (rs_name_eq(s, "test quality") || rs_name_eq(s, "quality test"))
		return xstrdup(_("takes a quality test"));
	if (rs_name_eq(s, "both recoil"))
		return xstrdup(_("both move back a base depth"));
	if (strncasecmp(s, "recoil", 6) == 0) {
		n = strtol(s + 6, &end, 10);
		if (end == s + 6)
			n = 1;
		return xasprintf(P_("moves back %ld base depth",
		                     "moves back %ld base depths", n),
		    n);
	}
	if (strncasecmp(s, "fall back", 9) == 0) {
		for (s += 9; *s == ' '; s++)
			;
		l = spaced_len(s);
		w = xasprintf(_("falls back %s"), l);
		free(l);
		return w;
	}
	if (strncasecmp(s, "fight again", 11) == 0) {
		for (s += 11; *s == ' '; s++)
			;
		if (strncasecmp(s, "at most", 7) == 0)
			s += 7;
		n = strtol(s, &end, 10);
		*again = end == s ? 1 : (int)n;
		return xasprintf(P_("fight again at once, %d time at most",
		                     "fight again at once, %d times at most",
		                     *again),
		    *again);
	}
	return NULL;
}

/* An Effect cell ("fight again at most 1 time, both recoil") in words:
 * "Fight again at once, 1 time at most; then both move back a base
 * depth." NULL when an effect is not known. */
static char *
effects_words(const char *cell)
{
	char *dup = xstrdup(cell), *p, *save = NULL, *out = NULL, *w, *n;
	int again, after = 0;

	for (p = strtok_r(dup, ",", &save); p != NULL;
	     p = strtok_r(NULL, ",", &save)) {
		char *t;

		while (*p == ' ')
			p++;
		for (t = p + strlen(p); t > p && t[-1] == ' '; t--)
			t[-1] = '\0';
		if ((w = effect_words(p, &again)) == NULL) {
			free(out);
			free(dup);
			return NULL;
		}
		n = out == NULL ? xstrdup(w) :
		    after       ? xasprintf(_("%s; then %s"), out, w) :
		                  xasprintf("%s, %s", out, w);
		after = again > 0;
		free(out);
		free(w);
		out = n;
	}
	free(dup);
	if (out == NULL)
		return NULL;
	n = xasprintf("%s.", out);
	free(out);
	if (islower((unsigned char)n[0]))
		n[0] = (char)toupper((unsigned char)n[0]);
	return n;
}

/* A result ("beaten by double") as a player says it, or NULL. */
static char *
result_words(const char *s)
{
	int n;

	if (rs_name_eq(s, "beaten"))
		return xstrdup(_("Beaten"));
	if (rs_name_eq(s, "beaten by double"))
		return xstrdup(_("Beaten by double or more"));
	if (rs_name_eq(s, "equal"))
		return xstrdup(_("Equal totals"));
	if (rs_name_eq(s, "passed"))
		return xstrdup(_("Passed"));
	if (rs_name_eq(s, "failed"))
		return xstrdup(_("Failed"));
	if (sscanf(s, "failed by %d or more", &n) == 1)
		return xasprintf(_("Failed by %d or more"), n);
	return NULL;
}

char *
di_cell_words(const char *section, const char *header, size_t row,
    const char *cell)
{
	if (rs_name_eq(section, "Wound table"))
		return row == 0 && rs_name_eq(cell, "Strength") ?
		    xstrdup(_("Strength \\ Toughness")) :
		    NULL;
	if (!rs_name_eq(section, "Melee outcomes") &&
	    !rs_name_eq(section, "Quality test"))
		return NULL;
	if (row == 0)
		return NULL;
	if (rs_name_eq(header, "Result"))
		return result_words(cell);
	if (rs_name_eq(header, "Effect"))
		return effects_words(cell);
	return NULL;
}
