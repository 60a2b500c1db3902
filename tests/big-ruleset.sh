#!/bin/sh
# big-ruleset.sh FAMILY [UNITS] [DICE] [MELEE]: prints a ruleset at the
# stated limits on standard output, for the hostile-input checks and for
# profiling.
#
#   firepower  rulesets/morschauser-modern.md with its Units table filled up
#              to UNITS unit types (default 256) and its Weapons table to 256
#              weapons; every added unit carries four weapons.
#   morale     rulesets/gauntlet-ancients.md with its Units table filled up to
#              UNITS unit types, each added one with DICE fire and melee dice
#              (default 20; "mixed" gives 1 to 20) and a weapon of its own.
#   dice       rulesets/dice-skirmish.md with its Units table filled up to
#              UNITS unit types of four weapons each, its Weapons table to 256
#              weapons of assorted Attacks and Damage (a few as large as the
#              dice limits allow: 100d6 attacks, 20d100kh10 damage); DICE is
#              every added unit's Wounds (default "mixed": 1 to 6; 99 is the
#              limit), MELEE the Combat table's melee (opposed, accumulated
#              or pipeline; default as the ruleset: opposed; when given, the
#              test games, written for opposed rolls, are left out).
#
# The bundled units, weapons, battle and test games stay as they are, so the
# ruleset still checks clean. Names are made of regiments, arms and roles,
# up to 80 characters. Run from the top of the source tree.
fam=${1:?usage: big-ruleset.sh firepower|morale|dice [UNITS] [DICE] [MELEE]}
n=${2:-256}
case $fam in
dice) dice=${3:-mixed} ;;
*) dice=${3:-20} ;;
esac
melee=${4:-}
case $fam in
firepower) src=rulesets/morschauser-modern.md ;;
morale) src=rulesets/gauntlet-ancients.md ;;
dice) src=rulesets/dice-skirmish.md ;;
*) echo "big-ruleset.sh: unknown family '$fam'" >&2; exit 2 ;;
esac
LC_ALL=C awk -v fam="$fam" -v n="$n" -v dice="$dice" -v melee="$melee" '
BEGIN {
	split("1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th 11th 12th", ord, " ")
	nreg = split("Royal Fusiliers|Highland Light Infantry|Grenadier Guards|" \
	    "King'\''s Own Scottish Borderers|Parachute Regiment|Marine Commando|" \
	    "Mountain Rangers|Coastal Defence Battalion|Lancers of the Northern March|" \
	    "Frontier Scouts", reg, "|")
	nrole = split("Rifle Company|Support Platoon|Heavy Weapons Section|" \
	    "Reconnaissance Troop|Assault Pioneers|Mortar Battery|Anti-Tank Detachment|" \
	    "Armoured Squadron|Motor Rifle Company|Signals and Observation Post", role, "|")
	nwk = split("Rifle|Carbine|Light Machine Gun|Heavy Machine Gun|Mortar|" \
	    "Recoilless Rifle|Antitank Rocket|Field Gun|Howitzer|Tank Gun|" \
	    "Grenade Launcher|Autocannon|Flamethrower|Sniper Rifle|Guided Missile|" \
	    "Anti-Aircraft Gun", wk, "|")
	nmk = split("Mark I|Mark II|Mark III|Model 1938|Model 1942|Pattern 7|" \
	    "Improved|Long-Barrelled|Short|Heavy|Light|Experimental|Lend-Lease|" \
	    "Captured|Field-Modified|Late Production", mk, "|")
	# ancient units
	nanc = split("Legionary Cohort|Hoplite Phalanx|Thracian Peltasts|" \
	    "Cretan Archers|Balearic Slingers|Companion Cavalry|Numidian Light Horse|" \
	    "Scythed Chariots|Indian War Elephants|Gallic Warband|Iberian Scutarii|" \
	    "Cataphracts|Horse Archers|Celtic Chariots|Levy Spearmen|Sarissa Pikemen", anc, "|")
	nnat = split("Carthaginian|Seleucid|Macedonian|Roman|Parthian|Gallic|" \
	    "Ptolemaic|Numidian|Spartan|Athenian|Persian|Indian|Sassanid|Dacian|" \
	    "Armenian|Pontic", nat, "|")
	nsuf = split("of the Left Wing|of the Reserve|from the Hill Country|" \
	    "of the Royal Household, Veteran Contingent|raised in the Eastern Satrapies|" \
	    "|(Mercenary)|of the Old Guard", suf, "|")
	nmw = split("Javelin|Bow|Sling|Horse bow|Artillery|Dart|Staff sling|Crossbow", mw, "|")
	cls[0] = "infantry"; cls[1] = "artillery"; cls[2] = "vehicle"
	mcls[0] = "infantry"; mcls[1] = "cavalry"; mcls[2] = "elephant"
	mcls[3] = "chariot"
	# dice: the six classes; Toughness and Strength within the Wound
	# table of dice-skirmish.md (3, 4, 6 and 2 to 5)
	ndcls = split("infantry cavalry vehicle artillery elephant chariot", dcls, " ")
	ntough = split("3 4 6", tough, " ")
	natt = split("1|2|d6|2d6|d6+1|3d6kh2|4d6>=4|d3+2|2d6kl1|d6!|3|d10", att, "|")
	ndmg = split("1|1|d3|2|d6|2d6kh1|1|d3+1", dmg, "|")
	nunit = 0; nweap = 0; state = 0
}
function pad80(s) {
	# every 17th name is made exactly 80 characters long
	while (length(s) < 80)
		s = s " Reserve"
	return substr(s, 1, 80)
}
function uname(i,  s) {
	if (fam == "firepower")
		s = ord[i % 12 + 1] " Battalion, " reg[int(i / 12) % nreg + 1] " " \
		    role[(i + int(i / 120)) % nrole + 1]
	else
		s = nat[i % nnat + 1] " " anc[int(i / nnat) % nanc + 1] " " \
		    suf[i % nsuf + 1]
	sub(/ +$/, "", s)
	if (i % 17 == 5)
		s = pad80(s " (" i ")")
	return s
}
function wname(j,  s) {
	if (fam == "firepower")
		s = mk[int(j / nwk) % nmk + 1] " " wk[j % nwk + 1]
	else
		s = mw[j % nmw + 1] " of the " nat[int(j / nmw) % nnat + 1] " Pattern"
	if (fam != "firepower" && j >= nmw * nnat)
		s = s " (Late Issue)"
	return s
}
function fp_units(  i, k, ws, m) {
	for (i = 0; nunit < n; i++) {
		nunit++
		ws = ""
		for (k = 0; k < 4; k++)
			ws = ws (k ? ", " : "") wname((i * 4 + k) % nadd)
		m = (i % 3 == 2) ? "—" : (i % 6 + 1)
		printf "| %s | %s | %d\" | %s | %s | %s | %s |\n", uname(i),
		    cls[i % 3], 6 + i % 4 * 3, (i % 3 == 2) ? (12 + i % 3 * 3) "\"" : "—",
		    m, ws, (i % 3 == 2) ? "no-melee" : ""
	}
}
function fp_weapons(  j, faces, dest) {
	for (j = 0; j < nadd; j++) {
		faces = (j % 3 == 0) ? "2, 4, 6" : (j % 3 == 1) ? "4, 6" : "6"
		dest = (j % 2) ? "all" : "infantry, artillery"
		printf "| %s | %d\" | %s | %s | %s | |\n", wname(j), 6 + j % 10 * 3,
		    faces, dest, (j % 11 == 8) ? "indirect" : ""
	}
}
function mo_units(  i, d, c, tr, fd, md) {
	for (i = 0; nunit < n; i++) {
		nunit++
		d = (dice == "mixed") ? 1 + i % 20 : dice
		c = mcls[i % 4]
		tr = (i % 7 == 3) ? "pike" : (i % 7 == 4) ? "armoured" : \
		    (i % 7 == 5) ? "levy" : (i % 11 == 6) ? "light" : ""
		if (c != "infantry" && tr == "pike")
			tr = ""
		fd = d; md = d
		if (tr == "light")
			md = "—"
		printf "| %s | %s | %d | %d | %s | %s | %s | %s |\n", uname(i), c,
		    40 + i % 5 * 20, 4 + i % 3, fd, md, wname(i % nadd), tr
	}
}
function di_units(  i, k, ws, w, c, cb) {
	for (i = 0; nunit < n; i++) {
		nunit++
		ws = ""
		for (k = 0; k < 4; k++)
			ws = ws (k ? ", " : "") wname((i * 4 + k) % nadd)
		w = (dice == "mixed") ? 1 + i % 6 : dice
		c = dcls[i % ndcls + 1]
		cb = (i % 5 == 2) ? (2 + i % 4) ", " (i % 3) " against cavalry" : \
		    (i % 5 == 4) ? (3 + i % 2) ", " (1 + i % 5) " against foot" : i % 7
		printf "| %s | %s | %d | %s | %d+ | %s | %s | %s | %s | |\n", uname(i), c,
		    8 + i % 5 * 4, ws, 3 + i % 3, cb, tough[i % ntough + 1],
		    (i % 6 == 5) ? "-" : (2 + i % 5) "+", w
	}
}
function di_weapons(  j, a, d) {
	for (j = 0; j < nadd; j++) {
		a = att[j % natt + 1]
		d = dmg[int(j / natt) % ndmg + 1]
		# a few at the dice limits
		if (j % 41 == 7)
			a = "100d6"
		if (j % 43 == 11)
			d = "20d100kh10"
		printf "| %s | %d | %s | %s | %d | %d | %s | |\n", wname(j),
		    (j % 9 == 0) ? 2 : 10 + j % 6 * 10, a,
		    (j % 10 == 9) ? "-" : (2 + j % 5) "+", 2 + j % 4, -(j % 4), d
	}
}
function mo_weapons(  j) {
	for (j = 0; j < nadd; j++)
		printf "| %s | %d | 6 | | |\n", wname(j), 30 + j % 8 * 30
}
# Count the bundled rows first (second pass prints).
FNR == NR {
	if ($0 ~ /^## /) sect = $0
	if (sect == "## Units" && $0 ~ /^\| / && $0 !~ /^\| Unit /) bu++
	if (sect == "## Weapons" && $0 ~ /^\| / && $0 !~ /^\| Weapon /) bw++
	next
}
FNR == 1 {
	sect = ""
	nunit = bu
	nadd = 256 - bw
	# a morale unit carries one weapon: as many as there are new units
	if (fam == "morale" && n - bu < nadd)
		nadd = n - bu
}
{
	if ($0 ~ /^## /) sect = $0
	if (fam == "dice" && melee != "" && sect == "## Test games")
		next
	if (fam == "dice" && melee != "" && sect == "## Combat" &&
	    $0 ~ /^\| melee  /)
		$0 = "| melee        | " melee " |"
	if (intab && $0 !~ /^\|/) {
		if (intab == "u" && fam == "firepower")
			fp_units()
		else if (intab == "u" && fam == "dice")
			di_units()
		else if (intab == "u")
			mo_units()
		else if (fam == "firepower")
			fp_weapons()
		else if (fam == "dice")
			di_weapons()
		else
			mo_weapons()
		intab = ""
	}
	if ($0 ~ /^\|/ && sect == "## Units") intab = "u"
	if ($0 ~ /^\|/ && sect == "## Weapons") intab = "w"
	print
}
' "$src" "$src"
