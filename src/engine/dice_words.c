/*
 * dice_words.c: the dice family's Combat settings said as rules, for a
 * player (the rulebook prints them so, eng_show.setting_words): the
 * family's words for its own table, not the product's.
 */
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
