#!/bin/sh
# The game's own stats (columns no reader reads) reach the cards and the
# reference sheet under the ruleset's headings, an empty cell as a dash,
# and eight of them fit a poker card without overflow warnings.
BIN=${1:-./sandtable}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
ok() { echo "PASS: $1"; }
no() { echo "FAIL: $1"; }

cat >"$tmp/own.md" <<'MD'
---
title: Skirmish with Own Stats
engine: firepower
measure: in
battle:
  turns: 20
  forces:
    Rifle: 4
    Tank: 2
---

# Skirmish with Own Stats

## Units

| Unit  | Class    | Move | Road move | Melee | Quality | Combat | Armour | Wounds | Points | Save | Nerve | Size | Weapons  | Traits | Notes |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
| Rifle | infantry | 9 | | 4 | 3+ | 4 | 5+ | 1 | 25 | 6+ | Veteran elite | 10 | Rifle | | Steady lads. |
| Tank | vehicle | 9 | 12 | — | 4+ | | 2+ | 3 | 120 | 4+ | 8 | 3 | Tank gun | runs-down, no-melee | Armoured. |

## Weapons

| Weapon   | Range | Hits on | Destroys | AP | Shots |
|----------|-------|---------|----------|----|-------|
| Rifle    | 15    | 4, 6    | infantry, artillery | 0 | 2 |
| Tank gun | 24    | 4, 6    | all      | -2 |  |

## Sequence of play

1. **Initiative** — each side rolls a die.
2. **Turn** — move, fire, melee.
MD

"$BIN" check "$tmp/own.md" >/dev/null 2>"$tmp/err"
[ $? -eq 0 ] && ok "a ruleset with 8 own stat columns checks" || no "a ruleset with 8 own stat columns checks: $(head -c 300 "$tmp/err")"
n=$(grep -c 'note: the Units table.s columns Quality, Combat, Armour, Wounds, Save, Nerve, Size are the game.s own' "$tmp/err")
[ "$n" -eq 1 ] && ok "one note lists the Units table's own columns" || no "one note lists the Units table's own columns: $n"
[ "$n" -eq 1 ] && ! grep -q 'unknown column' "$tmp/err" && ok "no warning per own column" ||
	no "no warning per own column"

# (The weapons table may stand beside the units table: a short sheet
# spreads over its columns, so a line of -layout text may hold both.)
"$BIN" reference -q "$tmp/own.md" -o "$tmp/ref.pdf" 2>/dev/null
pdftotext -layout "$tmp/ref.pdf" "$tmp/ref.txt"
grep -Eq 'Unit +Quality +Combat +Armour +Wounds +Points +Save +Nerve +Size' "$tmp/ref.txt" &&
	ok "reference: own unit headings in their order" || no "reference: own unit headings in their order"
grep -Eq '^ *Tank +4\+ +— +2\+ +3 +120 +4\+ +8 +3' "$tmp/ref.txt" &&
	ok "reference: own unit stats, an empty cell as a dash" ||
	no "reference: own unit stats, an empty cell as a dash: $(grep -E '^ *Tank' "$tmp/ref.txt")"
grep -Eq 'Weapon +Range +Hits on +Destroys +AP +Shots' "$tmp/ref.txt" &&
	ok "reference: own weapon headings after Destroys" || no "reference: own weapon headings after Destroys"
grep -Eq 'Tank gun +24" +4, 6 +all +-2 +—' "$tmp/ref.txt" &&
	ok "reference: own weapon stats" || no "reference: own weapon stats: $(grep -E 'Tank gun' "$tmp/ref.txt")"

# Not -q, which would leave the warnings out.
"$BIN" cards "$tmp/own.md" -o "$tmp/cards.pdf" >/dev/null 2>"$tmp/err"
rc=$?
grep ': warning: ' "$tmp/err" >"$tmp/err2"
[ "$rc" -eq 0 ] && [ -s "$tmp/cards.pdf" ] && [ ! -s "$tmp/err2" ] && ok "8 own stats fit a poker card without warnings" ||
	no "8 own stats fit a poker card without warnings: $(head -c 300 "$tmp/err2")"
pdftotext "$tmp/cards.pdf" "$tmp/cards.txt"
miss=
for w in Quality Combat Armour Wounds Points Save Nerve Size Veteran 120; do
	grep -q "$w" "$tmp/cards.txt" || miss="$miss $w"
done
[ -z "$miss" ] && ok "cards: the own stats' headings and values" ||
	no "cards: the own stats' headings and values: missing$miss"
grep -q 'AP -2 · Shots —' "$tmp/cards.txt" && ok "cards: a weapon's own stats under its name" ||
	no "cards: a weapon's own stats under its name"
