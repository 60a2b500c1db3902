/*
 * report_sample.c: a report filled with made-up numbers of every kind,
 * so the layout can be looked at and tested without playing a game.
 */
#include <stdio.h>
#include <stdlib.h>

#include "report.h"

/* The sample's melee odds: a fixed, plausible-looking table. */
static void
sample_map(struct rnd_report *r)
{
	static const char *names[] = { "Rifle", "Machine Gun", "Mortar",
		"Bazooka", "Artillery", "Tank", "Scout Car" };
	static const int power[] = { 4, 3, 2, 3, 2, 0, 0 };
	struct rnd_matrix *m = rnd_report_matrix(r, "Melee odds, open ground",
	    7, 7);
	size_t i, j;

	m->rowhead = xstrdup("attacker");
	m->colhead = xstrdup("defender");
	m->legend = xstrdup("chance the attacker wins");
	m->note = xstrdup("Sample data.");
	m->text = xcalloc(49, sizeof(char *));
	for (i = 0; i < 7; i++) {
		m->rows[i] = xstrdup(names[i]);
		m->cols[i] = xstrdup(names[i]);
	}
	for (i = 0; i < 7; i++)
		for (j = 0; j < 7; j++) {
			int a = power[i], d = power[j];
			/* P(only the defender falls) with draws rolled again:
			 * a(6-d) / (a(6-d) + d(6-a) + ...) for the picture. */
			long num = (long)a * (6 - d),
			     den = num + (long)d * (6 - a) + (long)a * d;

			if (a == 0 || d == 0)
				continue;
			m->v[i * 7 + j] = (double)num / (double)den;
			m->text[i * 7 + j] = xasprintf("%ld/%ld", num, den);
		}
}

void
rnd_report_sample(struct rnd_report *r)
{
	static const long len[] = { 3, 9, 28, 61, 97, 131, 148, 139, 112, 84,
		61, 43, 30, 21, 14, 9, 6, 4, 2, 1, 0, 1 };
	static const char *rules[][3] = {
		{ "fire.one_shot", "Fire", "one shot per unit per turn" },
		{ "fire.hit_faces", "Weapons", "a hit on the weapon's faces" },
		{ "fire.destroys_class", "Weapons",
		    "only listed classes are destroyed" },
		{ "fire.no_fire_from_river", "Terrain",
		    "no fire from a river" },
		{ "melee.compulsory", "Melee", "units in 2\" must melee" },
		{ "melee.draw_reroll", "Melee",
		    "a draw is rolled again at once" },
		{ "melee.uphill", "Terrain", "uphill attacker loses a point" },
		{ "vehicle.run_down", "Tanks", "tanks run down infantry" },
		{ "ford.two_turns", "Terrain", "fords take two turns" },
	};
	static const unsigned long cov[][2] = { { 31, 80412 }, { 28, 80412 },
		{ 12, 30110 }, { 1, 0 }, { 9, 21550 }, { 4, 7702 }, { 0, 0 },
		{ 3, 4410 }, { 0, 12 } };
	size_t i;

	r->title = xstrdup("Rules for a Modern War Game (sample data)");
	r->ruleset = xstrdup("rulesets/sample.md");
	r->engine = xstrdup("firepower");
	r->seed = 1;
	r->games = 1000;
	r->tests_total = 24;
	r->tests_passed = 23;
	rnd_report_finding(r, SEV_ERROR, "412:1",
	    "test game 'tank runs down a rifle', step 2: expected B destroyed, "
	    "but it is alive",
	    "- move: [T, [3, 0]]");
	rnd_report_finding(r, SEV_WARNING, "58:3",
	    "Scout Car can destroy nothing",
	    "| Scout Car | vehicle | 24\" | 36\" | \xe2\x80\x94 | | |");
	rnd_report_finding(r, SEV_WARNING, "71:1",
	    "rule melee.uphill is exercised by no test game", NULL);
	rnd_report_finding(r, SEV_NOTE, NULL,
	    "12 of 1000 games hit the turn "
	    "limit",
	    NULL);
	rnd_report_fact(r, "games", "1000");
	rnd_report_fact(r, "blue wins", "489");
	rnd_report_fact(r, "red wins", "471");
	rnd_report_fact(r, "draws", "40");
	rnd_report_fact(r, "turn limit reached", "12");
	rnd_report_fact(r, "turns: mean / sd / max", "7.9 / 3.1 / 22");
	rnd_report_rate(r, "Blue wins (mirror battle)", 489, 1000, 0.489,
	    0.458, 0.520);
	rnd_report_rate(r, "Red wins (mirror battle)", 471, 1000, 0.471, 0.440,
	    0.502);
	rnd_report_rate(r, "First player wins", 548, 1000, 0.548, 0.517,
	    0.579);
	rnd_report_rate(r, "Greedy beats random", 912, 1000, 0.912, 0.893,
	    0.928);
	rnd_report_agree(r, "Melee, power 4 against 3: attacker wins", 312,
	    560, 0.557, 0.516, 0.598, 4.0 / 7, "4/7");
	rnd_report_agree(r, "Shot hitting on 2 faces: hits", 14890, 44610,
	    0.3338, 0.3294, 0.3382, 1.0 / 3, "1/3");
	r->length.first = 1;
	r->length.n = sizeof(len) / sizeof(len[0]);
	r->length.count = xcalloc(r->length.n, sizeof(long));
	for (i = 0; i < r->length.n; i++)
		r->length.count[i] = len[i];
	r->length.xlabel = xstrdup("game turns");
	r->length.ylabel = xstrdup("games");
	r->length.note = xstrdup("mean 7.9 turns, sd 3.1, longest 22");
	sample_map(r);
	rnd_report_unit(r, "Rifle", 6000, 2210, 3120);
	rnd_report_unit(r, "Machine Gun", 2000, 802, 1650);
	rnd_report_unit(r, "Tank", 2000, 1410, 2480);
	rnd_report_unit(r, "Scout Car", 1000, 640, 0);
	for (i = 0; i < sizeof(rules) / sizeof(rules[0]); i++)
		rnd_report_rule(r, rules[i][0], rules[i][1], rules[i][2],
		    cov[i][0], cov[i][1]);
}
