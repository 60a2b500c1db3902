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
# hasnt NAME FILE TEXT: FILE does not hold TEXT
hasnt() {
	grep -qF -- "$3" "$2" && fail "$1" "'$3' in: $(head -c 400 "$2")" || pass "$1"
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
  B: { side: red, type: Rifle, at: [0, 10] }
steps:
  - fire: { from: A, at: B, roll: 6 }
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
"$BIN" play -n 1 "$tmp/one.md" >"$tmp/out" 2>"$tmp/err"
has "play: 1 self-play game" "$tmp/out" ": 1 self-play game (seed"
has "play: greedy beat random in N of 1 game" "$tmp/out" "of 1 game ("
# Many still take the plural.
"$BIN" check -n 2 ../../rulesets/morschauser-modern.md >"$tmp/out" 2>&1
has "check: 2 self-play games" "$tmp/out" ": 2 self-play games:"
hasnt "check: no '1 ... games'" "$tmp/out" " 1 test games"
