#!/bin/sh
# diagnostics.sh BIN: messages that lead to the cause (issue 18). Counts
# agree with their nouns ("1 test game read"); a template font that is
# not installed is a warning naming it; the root-cause fixtures of
# tests/regress/ (cause-*.md, front-*colon*.md) hold the rest.
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
cd "$(dirname "$0")" || exit 2
tmp=$(mktemp -d)
export SOURCE_DATE_EPOCH=${SOURCE_DATE_EPOCH:-1700000000}
trap 'rm -rf "$tmp"' EXIT

pass() { echo "PASS: $1"; }
fail() { echo "FAIL: $1: $2"; }
# has NAME FILE TEXT: FILE holds the fixed string TEXT
has() {
	grep -qF -- "$3" "$2" && pass "$1" || fail "$1" "no '$3' in: $(head -c 400 "$2")"
}
# hasnt NAME FILE TEXT: FILE (which must be there) does not hold TEXT
hasnt() {
	if [ ! -f "$2" ]; then fail "$1" "no $2"
	elif grep -qF -- "$3" "$2"; then fail "$1" "'$3' in: $(head -c 400 "$2")"
	else pass "$1"; fi
}

# ---- counts agree with their nouns ----
cat >"$tmp/one.md" <<'MD'
---
title: One of each
engine: firepower
measure: in
battle:
  turns: 1
  forces:
    Rifle: 1
---

## Units

| Unit | Class | Move | Melee | Weapons |
|------|-------|------|-------|---------|
| Rifle | infantry | 9 | 4 | Rifle |

## Weapons

| Weapon | Range | Hits on | Destroys |
|---|---|---|---|
| Rifle | 15 | 4, 6 | infantry, artillery |

## Sequence of play

1. **Initiative** - roll a die.
2. **Turn** - move, fire and melee.

```test-game
name: a volley
units:
  A: { side: blue, type: Rifle, at: [0, 0] }
  B: { side: red, type: Rifle, at: [13, 0] }
dice: [4]
do:
  - fire: { unit: A, weapon: Rifle, target: B }
expect:
  B: destroyed
```
MD
"$BIN" check -n 1 "$tmp/one.md" >"$tmp/out" 2>"$tmp/err"
has "check: 1 unit, 1 weapon, 1 test game read" "$tmp/out" \
    "firepower, 1 unit, 1 weapon, 1 test game read"
has "check: 1 test game played" "$tmp/out" "1 test game played,"
has "check: 1 self-play game" "$tmp/out" ": 1 self-play game:"
has "check: the turn limit of 1 turn" "$tmp/err" "turn limit (1 turn)"
"$BIN" report -n 1 -o "$tmp/rep.pdf" "$tmp/one.md" >/dev/null 2>&1
pdftotext "$tmp/rep.pdf" "$tmp/rep.txt" 2>/dev/null
has "report: seed 1 · 1 self-play game" "$tmp/rep.txt" "seed 1 · 1 self-play game"
"$BIN" play -n 1 "$tmp/one.md" >"$tmp/out" 2>"$tmp/err"
has "play: 1 self-play game" "$tmp/out" ": 1 self-play game (seed"
has "play: greedy beat random in N of 1 game" "$tmp/out" "of 1 game ("
# Many still take the plural.
"$BIN" check -n 2 ../../rulesets/morschauser-modern.md >"$tmp/out" 2>&1
has "check: 2 self-play games" "$tmp/out" ": 2 self-play games:"
hasnt "check: no '1 ... games'" "$tmp/out" " 1 test games"

# ---- coverage counts only the rules that can apply ----
# applies RULESET RULE: check -v says RULE does not apply (or, with a
# third argument "yes", that it does).
applies() {
	"$BIN" check -v -n 0 "$1" >"$tmp/v" 2>"$tmp/verr"
	line=$(grep -E "^  $2 " "$tmp/v")
	case "$line" in
	*"does not apply"*) [ "$3" = yes ] &&
	    fail "$(basename "$1"): $2 applies" "$line" ||
	    pass "$(basename "$1"): $2 does not apply" ;;
	"") fail "$(basename "$1"): $2 listed" "$(head -c 300 "$tmp/verr")" ;;
	*) [ "$3" = yes ] && pass "$(basename "$1"): $2 applies" ||
	    fail "$(basename "$1"): $2 does not apply" "$line" ;;
	esac
}
# Firepower, infantry only, woods and a stream without a ford, no road
# move, no indirect fire: no vehicle, ford, road, uphill or indirect rule
# is owed a test game; the river's is. fp UNITS TERRAIN FRONT: a
# firepower ruleset with those Units rows, Terrain rows and front matter.
fp() {
	printf -- '---\ntitle: Firepower\nengine: firepower\nmeasure: in\n%s---\n\n' "$3"
	printf '## Units\n\n%s\n\n' "$1"
	printf '## Weapons\n\n| Weapon | Range | Hits on | Destroys |\n'
	printf '|---|---|---|---|\n| Rifle | 15 | 4, 6 | infantry, artillery |\n\n'
	printf '## Terrain\n\n| Terrain | Kind | Effect |\n|---|---|---|\n%s\n\n' "$2"
	printf '## Sequence of play\n\n1. **Turn** - move, fire and melee.\n'
}
fp '| Unit | Class | Move | Melee | Weapons |
|---|---|---|---|---|
| Rifle | infantry | 9 | 4 | Rifle |' '| Wood | wood | cover |
| Stream | river | impassable |' '' >"$tmp/fp.md"
for r in vehicle.run_down vehicle.run_down_short vehicle.no_run_down_vehicle \
    vehicle.scout_stops vehicle.ignore_melee_range melee.no_vehicles \
    river.ford_stop river.ford_leave fire.no_fire_in_river melee.river \
    move.road fire.indirect melee.uphill melee.power_floor; do
	applies "$tmp/fp.md" $r
done
applies "$tmp/fp.md" river.ford_only yes
applies "$tmp/fp.md" fire.sight yes
"$BIN" check -n 0 "$tmp/fp.md" >/dev/null 2>"$tmp/err"
has "firepower: coverage counts 25 rules" "$tmp/err" "none of the 25 rules of the firepower engine"
hasnt "firepower: coverage names no vehicle rule" "$tmp/err" "vehicle."
# A tank that runs down, with a road move, a ford crossed in one turn
# (it stops nobody) and a hill: those rules are owed again.
fp '| Unit | Class | Move | Road move | Melee | Weapons | Traits |
|---|---|---|---|---|---|---|
| Rifle | infantry | 9 | — | 4 | Rifle | |
| Tank | vehicle | 12 | 18 | — | Rifle | runs-down, no-melee |' '| Stream | river | impassable |
| Ford | ford | slow |
| Hill | hill | high |
| Road | road | fast |' 'ford_turns: 1
' >"$tmp/fp2.md"
for r in vehicle.run_down vehicle.run_down_short vehicle.no_run_down_vehicle \
    vehicle.ignore_melee_range melee.no_vehicles river.ford_leave \
    fire.no_fire_in_river melee.river move.road melee.uphill; do
	applies "$tmp/fp2.md" $r yes
done
applies "$tmp/fp2.md" river.ford_stop
applies "$tmp/fp2.md" vehicle.scout_stops
# Morale, infantry on foot without traits or fire dice, and a Morale
# modifiers table without the fortifications row: no elephant, cavalry,
# pike, armoured, levy, evading or firing rule, nor that modifier.
cat >"$tmp/mo.md" <<'MD'
---
title: Foot only
engine: morale
measure: mm
---

## Units

| Unit | Class | Move | Morale | Fire dice | Melee dice |
|---|---|---|---|---|---|
| Spear | infantry | 40 | 5 | 0 | 4 |

## Morale modifiers

| Modifier | Key | Value |
|---|---|---|
| Disorganised | disordered | -1 |
| Cavalry meleed by elephants | cavalry_meleed_by_elephants | -1 |
| Meleed by cavalry | meleed_by_cavalry | -1 |
| Defending higher ground | higher_ground | +1 |

## Melee modifiers

| Modifier | Key | Value |
|---|---|---|
| Pikes fighting to their front | pike_front | +1 |
| Levies | levy | -1 |

## Sequence of play

1. **Movement** - move.
2. **Melee** - fight.
MD
for r in mod.cavalry_meleed_by_elephants mod.meleed_by_cavalry \
    mod.fortifications die.pike_front die.levy die.armoured \
    melee.pike_no_turn melee.evade melee.caught fire.shoot \
    fire.hold_within_30mm fire.flank fire.pre_melee mod.fired_on_flank; do
	applies "$tmp/mo.md" $r
done
for r in mod.disordered mod.higher_ground fire.saving_throw melee.round; do
	applies "$tmp/mo.md" $r yes
done
# Bundled rulesets: every rule still applies (each has its test game).
for r in ../../rulesets/morschauser-modern.md ../../rulesets/gauntlet-ancients.md; do
	"$BIN" check -v -n 0 "$r" >"$tmp/v" 2>/dev/null
	hasnt "$(basename "$r"): every rule applies" "$tmp/v" "does not apply"
done

# ---- a template font that is not installed ----
# Pango would set the text in DejaVu without a word: a warning at the
# template's line names the font and what the text is set in instead.
sed 's/^font: DejaVu Sans$/font: No Such Font Sans/' \
    ../../templates/reference.yaml >"$tmp/ref.yaml"
line=$(grep -n '^font: ' "$tmp/ref.yaml" | cut -d: -f1)
"$BIN" reference -t "$tmp/ref.yaml" -o "$tmp/r.pdf" \
    ../../rulesets/gauntlet-ancients.md >"$tmp/out" 2>"$tmp/err"
has "reference: a missing template font is a warning at its line" "$tmp/err" \
    "ref.yaml:$line:7: warning: template: font 'No Such Font Sans' is not installed: the text is set in DejaVu Sans instead"
[ -s "$tmp/r.pdf" ] && pass "reference: still written with the fallback" ||
    fail "reference: still written with the fallback" "$(cat "$tmp/err")"
sed 's/^heading-font: DejaVu Sans Condensed$/heading-font: Nowhere Serif/' \
    ../../templates/unit-cards.yaml >"$tmp/cards.yaml"
"$BIN" cards -t "$tmp/cards.yaml" -o "$tmp/c.pdf" \
    ../../rulesets/gauntlet-ancients.md >"$tmp/out" 2>"$tmp/err"
has "cards: a missing heading font is a warning" "$tmp/err" \
    "warning: template: heading-font 'Nowhere Serif' is not installed"
rm -f "$tmp/c.pdf"
"$BIN" cards -q -t "$tmp/cards.yaml" -o "$tmp/c.pdf" \
    ../../rulesets/gauntlet-ancients.md >"$tmp/out" 2>"$tmp/err" &&
    [ -s "$tmp/c.pdf" ] || fail "cards -q with a missing font" "$(head -c 300 "$tmp/err")"
hasnt "cards -q: no font warning" "$tmp/err" "not installed"
# The bundled templates name installed fonts (DejaVu Sans Condensed is
# one of the families of its file), and a generic name is always there.
"$BIN" reference -o "$tmp/r.pdf" ../../rulesets/gauntlet-ancients.md \
    >/dev/null 2>"$tmp/err" || echo "reference exit $?" >>"$tmp/err"
"$BIN" cards -o "$tmp/c.pdf" ../../rulesets/gauntlet-ancients.md \
    >/dev/null 2>>"$tmp/err" || echo "cards exit $?" >>"$tmp/err"
sed 's/^mono-font: DejaVu Sans Mono$/mono-font: monospace/' \
    ../../templates/reference.yaml >"$tmp/ref2.yaml"
"$BIN" reference -t "$tmp/ref2.yaml" -o "$tmp/r.pdf" \
    ../../rulesets/gauntlet-ancients.md >/dev/null 2>>"$tmp/err" ||
    echo "reference -t exit $?" >>"$tmp/err"
hasnt "bundled templates and generic names: no font warning" "$tmp/err" \
    "not installed"
hasnt "bundled templates and generic names: each written" "$tmp/err" " exit "
# Without any font (an empty fontconfig): the defaults a template does
# not name are warned about too, of the template file.
printf '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n' >"$tmp/fonts.conf"
grep -v 'font' ../../templates/reference.yaml >"$tmp/nofont.yaml"
FONTCONFIG_FILE="$tmp/fonts.conf" "$BIN" reference -t "$tmp/nofont.yaml" \
    -o "$tmp/r.pdf" ../../rulesets/gauntlet-ancients.md >/dev/null 2>"$tmp/err"
has "no fonts: the default is warned about" "$tmp/err" \
    "nofont.yaml: warning: font 'DejaVu Sans' (the default) is not installed, nor is any other font: the text prints as boxes"
