#!/usr/bin/env python3
"""vtt_formats.py BIN: each virtual tabletop file checked against the
fields its format documents (a small schema of each in tests/schema/:
foundry.json, uvtt.json, tts.json), and what they hold read back as the
tabletop would (issue 37):
- Tabletop Simulator (--vtt tts): every image it names is there, a PNG
  at or under 4096 px a side; a map too large is cut into tiles of whole
  cells, at exactly the map's pixels per cell, that put together are the
  map; the deck's sheets are NumWidth x NumHeight cards (10 x 7 at
  most), under 4096 px, one card for each unit (CardID sheet*100+place);
  the markers are the bases sheet's, one token each;
- Foundry: a note at each objective of the scenario the terrain is from;
- walls asked of the rule family: woods block no sight in the morale
  family (gauntlet-ancients), so a map of it has no walls in them;
- build --vtt: the files in the ruleset's folder, listed in index.json.
Prints PASS/FAIL lines."""
import json
import os
import struct
import subprocess
import sys
import tempfile
import zlib

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "./sandtable")
HERE = os.path.dirname(os.path.abspath(__file__))
SCHEMA = os.path.join(HERE, "..", "schema")
T = tempfile.mkdtemp()
ENV = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")


def ok(what, cond, why=""):
    print(("PASS: %s" % what) if cond else ("FAIL: %s: %s" % (what, why)))


def run(*args):
    return subprocess.run([BIN] + list(args), env=ENV, capture_output=True,
                          text=True)


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


TYPES = {"string": str, "integer": int, "boolean": bool, "array": list,
         "object": dict, "null": type(None)}


def check(v, s, at, errs):
    """Check value v against schema s (tests/schema/*.json), the faults
    into errs."""
    if isinstance(s, str):
        if s == "number":
            good = isinstance(v, (int, float)) and not isinstance(v, bool)
        elif s == "integer":
            good = isinstance(v, int) and not isinstance(v, bool)
        else:
            good = isinstance(v, TYPES[s])
        if not good:
            errs.append("%s: %r is not %s" % (at, v, s))
        return
    if isinstance(s, list):
        if not isinstance(v, list):
            errs.append("%s: not an array" % at)
            return
        for i, x in enumerate(v):
            check(x, s[0], "%s[%d]" % (at, i), errs)
        return
    if not isinstance(v, dict):
        errs.append("%s: not an object" % at)
        return
    if "$each" in s:
        for k, x in v.items():
            check(x, s["$each"], "%s.%s" % (at, k), errs)
        return
    fields = dict(s.get("$base", {}))
    if "$by" in s:
        by = s["$by"].get(v.get("Name"))
        if by is None:
            errs.append("%s: no object named %r" % (at, v.get("Name")))
            return
        fields.update(by)
    for k, x in s.items():
        if not k.startswith("$"):
            fields[k] = x
    for k, x in fields.items():
        opt = k.endswith("?")
        k = k.rstrip("?")
        if k not in v:
            if not opt:
                errs.append("%s: no %s" % (at, k))
            continue
        check(v[k], x, "%s.%s" % (at, k), errs)


def schema_ok(what, doc, name):
    errs = []
    if doc is None:
        errs.append("not written, or not JSON")
    else:
        check(doc, load(os.path.join(SCHEMA, name + ".json")), name, errs)
    ok("%s: the fields %s documents" % (what, name), not errs,
       "; ".join(errs[:3]))


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def png_rows(path):
    """The rows of an 8-bit RGB(A) PNG, unfiltered: a list of bytes."""
    data = open(path, "rb").read()
    pos, idat, w = 8, b"", 0
    while pos < len(data):
        n, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        if kind == b"IHDR":
            w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
            bpp = {2: 3, 6: 4}[ctype]
        elif kind == b"IDAT":
            idat += body
        pos += 12 + n
    raw = zlib.decompress(idat)
    stride = w * bpp
    rows, prev = [], bytearray(stride)
    for r in range(h):
        f = raw[r * (stride + 1)]
        line = bytearray(raw[r * (stride + 1) + 1:(r + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b = prev[i]
            c = prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pr = a if pa <= pb and pa <= pc else b if pb <= pc else c
                line[i] = (line[i] + pr) & 255
        rows.append(bytes(line))
        prev = line
    return rows, bpp


def url_file(u):
    return u[len("file://"):] if u.startswith("file://") else None


# ---- a ruleset of our own: 75 units (two sheets of cards), markers ----
units = "\n".join("| Unit %02d | infantry | 6 | Rifle |" % i for i in range(75))
rs = os.path.join(T, "muster.md")
with open(rs, "w") as f:
    f.write("""---
title: Muster
engine: none
measure: in
grid: square 2in
table: 48x48in
---

# Muster

## Units

| Unit | Class | Move | Weapons |
|---|---|---|---|
%s

## Weapons

| Weapon | Range | Hits on |
|---|---|---|
| Rifle | 12 | 5, 6 |

## Terrain

| Terrain | Kind | Effect |
|---|---|---|
| Copse | wood | Blocks sight. |
| Knoll | hill | Blocks sight. |

## Markers

| Marker | Colour |
|---|---|
| Pinned | red |
| Out of command | #ffcc00 |
""" % units)

def tiles_are_map(png, stem):
    """Whether the tiles stem-tile-C-R.png put together are png."""
    mrows, mb = png_rows(png)
    c, r, x0 = 1, 1, 0
    while os.path.exists("%s-tile-%d-1.png" % (stem, c)):
        r, y0 = 1, 0
        while os.path.exists("%s-tile-%d-%d.png" % (stem, c, r)):
            trows, tb = png_rows("%s-tile-%d-%d.png" % (stem, c, r))
            tw = len(trows[0]) // tb
            for y, row in enumerate(trows):
                a = bytes(row[i] for i in range(len(row)) if tb == 3 or i % 4 != 3)
                m = mrows[y0 + y][x0 * mb:(x0 + tw) * mb]
                m = bytes(m[i] for i in range(len(m)) if mb == 3 or i % 4 != 3)
                if a != m:
                    return False
            r, y0 = r + 1, y0 + len(trows)
        c, x0 = c + 1, x0 + tw
    return c > 2 or r > 2



def section(name, fn):
    """Run one part; what throws is a FAIL of its own, the rest go on."""
    try:
        fn()
    except Exception as e:  # noqa: BLE001
        ok("%s: ran to its end" % name, False, "%s: %s" % (type(e).__name__, e))


def part_tts():
    global rs
    # 48 in of 2 in cells at 200 px: 4800 px, cut into tiles of 20 cells.
    png = os.path.join(T, "m.png")
    r = run("map", "-q", rs, "-s", "2", "--px-per-cell", "200", "-o", png,
            "--vtt", "tts,foundry")
    ok("map --vtt tts: written", r.returncode == 0, r.stderr[:300])
    tts = load(os.path.join(T, "m.tts.json"))
    schema_ok("tts", tts, "tts")
    objs = tts["ObjectStates"] if tts else []
    urls = []
    for o in objs:
        if "CustomImage" in o:
            urls += [o["CustomImage"].get("ImageURL")]
        for d in o.get("CustomDeck", {}).values():
            urls += [d.get("FaceURL"), d.get("BackURL")]
    missing = [u for u in urls if not u or not url_file(u)
               or png_size(url_file(u)) is None]
    ok("tts: every image named is a PNG there (%d)" % len(urls),
       urls and not missing, str(missing[:2]))
    big = [u for u in urls if u not in missing
           and max(png_size(url_file(u))) > 4096]
    ok("tts: no image over 4096 px a side", not missing and not big, str(big[:2]))

    # The board: tiles of whole cells (200 px each) that make up the map.
    boards = [o for o in objs if o.get("Name") == "Custom_Board"]
    W, H = png_size(png)
    tiles = {}
    for b in boards:
        p = url_file(b["CustomImage"]["ImageURL"])
        n = os.path.basename(p)[len("m-tile-"):-len(".png")].split("-")
        tiles[(int(n[0]), int(n[1]))] = p
    cols = max(c for c, _ in tiles) if tiles else 0
    rows = max(r for _, r in tiles) if tiles else 0
    ok("tts: the %dx%d px map cut into %d x %d tiles" % (W, H, cols, rows),
       W == 4800 and cols == 2 and rows == 2 and len(tiles) == 4,
       "%s" % sorted(tiles))
    sizes = {k: png_size(v) for k, v in tiles.items()}
    whole = all(w % 200 == 0 and h % 200 == 0 for w, h in sizes.values())
    ok("tts: each tile whole cells at exactly 200 px a cell %s" % sorted(sizes.values()),
       whole and sizes.get((1, 1)) == (4000, 4000)
       and sum(sizes[(c, 1)][0] for c in range(1, cols + 1)) == W
       and sum(sizes[(1, r)][1] for r in range(1, rows + 1)) == H,
       str(sizes))
    # A strip of 42 x 2 cells at 100 px, and one of 2 x 42: cut, and the
    # tiles put together are the map, pixel for pixel.
    for t, want in (("84x4in", (2, 1)), ("4x84in", (1, 2))):
        sp = os.path.join(T, "s%s.png" % t)
        r = run("map", "-q", rs, "-T", t, "-o", sp, "--vtt", "tts")
        st = sp[:-4]
        n = (sum(os.path.exists("%s-tile-%d-1.png" % (st, c)) for c in (1, 2, 3)),
             sum(os.path.exists("%s-tile-1-%d.png" % (st, r)) for r in (1, 2, 3)))
        ok("tts: a %s map (%s px) in %s tiles, which put together are the map"
           % (t, png_size(sp), n), n == want and tiles_are_map(sp, st),
           r.stderr[:200])
    if len(tiles) == 4:
        # Laid side by side on the table as the map is: left to right, the
        # top row furthest (z).
        pos = {}
        for b in boards:
            n = os.path.basename(b["CustomImage"]["ImageURL"])[7:-4].split("-")
            pos[(int(n[0]), int(n[1]))] = (b["Transform"]["posX"],
                                           b["Transform"]["posZ"])
        ok("tts: tiles placed as the map lies",
           pos[(1, 1)][0] < pos[(2, 1)][0] and pos[(1, 1)][1] > pos[(1, 2)][1],
           str(pos))

    # The deck: 75 cards on two sheets, NumWidth x NumHeight of the sheet.
    decks = [o for o in objs if o.get("Name") == "DeckCustom"]
    ok("tts: one deck", len(decks) == 1, str(len(decks)))
    if decks:
        d = decks[0]
        cards = d["ContainedObjects"]
        ok("tts: a card for each of the 75 units, in order",
           [c["Nickname"] for c in cards] == ["Unit %02d" % i for i in range(75)],
           str([c["Nickname"] for c in cards][:3]))
        faults = []
        cw = ch = None
        for key, e in sorted(d["CustomDeck"].items()):
            fw, fh = png_size(url_file(e["FaceURL"]))
            bw, bh = png_size(url_file(e["BackURL"]))
            if not (1 <= e["NumWidth"] <= 10 and 1 <= e["NumHeight"] <= 7):
                faults.append("sheet %s is %dx%d" % (key, e["NumWidth"], e["NumHeight"]))
            if fw % e["NumWidth"] or fh % e["NumHeight"] or (bw, bh) != (fw, fh):
                faults.append("sheet %s: %dx%d px not %dx%d cards (backs %dx%d)"
                              % (key, fw, fh, e["NumWidth"], e["NumHeight"], bw, bh))
            if max(fw, fh) >= 4096:
                faults.append("sheet %s: %dx%d" % (key, fw, fh))
            w1, h1 = fw // e["NumWidth"], fh // e["NumHeight"]
            if cw is not None and (w1, h1) != (cw, ch):
                faults.append("sheet %s's card %dx%d, not %dx%d" % (key, w1, h1, cw, ch))
            cw, ch = w1, h1
        ok("tts: each sheet NumWidth x NumHeight cards of %sx%s px, at most 10x7, under 4096 px"
           % (cw, ch), not faults, "; ".join(faults[:3]))
        # Poker cards at 150 dpi: 375 x 525 px.
        ok("tts: a card at the deck's 150 dpi (375x525 px)", (cw, ch) == (375, 525),
           "%sx%s" % (cw, ch))
        ids = [c["CardID"] for c in cards]
        want = []
        for key, e in sorted(d["CustomDeck"].items(), key=lambda x: int(x[0])):
            n = min(75 - len(want), e["NumWidth"] * e["NumHeight"])
            want += [int(key) * 100 + i for i in range(n)]
        ok("tts: CardID sheet*100+place, every place of the sheets (%d sheets)"
           % len(d["CustomDeck"]),
           ids == want and d["DeckIDs"] == ids and len(d["CustomDeck"]) == 2,
           "%s ... %s" % (ids[:3], ids[-3:]))
        ok("tts: each card names its sheet",
           all(list(c["CustomDeck"]) == [str(c["CardID"] // 100)] for c in cards))

    # The markers: one token each, the bases sheet's.
    toks = [o["Nickname"] for o in objs if o.get("Name") == "Custom_Token"]
    bases = os.path.join(T, "bases.pdf")
    run("bases", "-q", rs, "-o", bases)
    text = " ".join(subprocess.run(["pdftotext", bases, "-"],
                                  capture_output=True, text=True).stdout.split())
    ok("tts: a token for each marker (%s)" % ", ".join(toks),
       "Pinned" in toks and "Out of command" in toks
       and len(set(toks)) == len(toks) and all(t in text for t in toks),
       "tokens %s; bases sheet %r" % (toks, text[:200]))

    fs = load(os.path.join(T, "m.foundry.json"))
    schema_ok("foundry", fs, "foundry")
    ok("foundry: 200 px a 2 in cell", fs and fs["grid"]["size"] == 200
       and fs["width"] == W, str(fs and fs["grid"]))


def part_notes():
    global rs
    # ---- Foundry's notes at the objectives of a scenario ----
    sc = os.path.join(T, "sc.pdf")
    r = run("scenario", "-q", "rulesets/morschauser-modern.md", "-s", "3", "-n",
            "20", "-o", sc)
    objv = []
    for line in open(os.path.join(T, "sc.yaml")):
        s = line.strip()
        if s.startswith("- name:"):
            objv.append([s.split(":", 1)[1].strip()])
        elif s.startswith("at:") and objv and len(objv[-1]) == 1:
            objv[-1] += json.loads(s[3:])
    png = os.path.join(T, "o.png")
    r = run("map", "-q", "rulesets/morschauser-modern.md", "-f",
            os.path.join(T, "sc.yaml"), "-o", png, "--vtt", "all")
    fs = load(os.path.join(T, "o.foundry.json"))
    schema_ok("foundry with notes", fs, "foundry")
    schema_ok("uvtt", load(os.path.join(T, "o.dd2vtt")), "uvtt")
    # 100 px a 3 in cell; y up from Blue's edge of a 48 in table.
    want = [(n, round(x / 3 * 100, 1), round((48 - y) / 3 * 100, 1)) for n, x, y in objv]
    got = [(n["text"], n["x"], n["y"]) for n in (fs or {}).get("notes", [])]
    ok("foundry: a note at each objective (%s)" % want, want and got == want,
       str(got))


def part_walls():
    global rs
    # ---- the walls are the family's: morale's woods block no sight ----
    ty = os.path.join(T, "woods.yaml")
    run("map", "-q", "rulesets/dice-skirmish.md", "-s", "1", "-o",
        os.path.join(T, "w0.png"), "--write-terrain", ty)
    n = {}
    for name, rsf in (("dice", "rulesets/dice-skirmish.md"),
                      ("morale", "rulesets/gauntlet-ancients.md")):
        p = os.path.join(T, "w-%s.png" % name)
        r = run("map", "-q", rsf, "-f", ty, "-o", p, "--vtt", "foundry")
        d = load(os.path.join(T, "w-%s.foundry.json" % name))
        n[name] = len(d["walls"]) if d else -1
    ok("walls: the same woods walled for the dice family (%d), not for the "
       "morale family, whose terrain blocks no sight (%d)" % (n["dice"], n["morale"]),
       n["dice"] > 0 and n["morale"] == 0, str(n))


def part_build():
    global rs
    # ---- build --vtt (a small print-only ruleset: quick) ----
    rs = "tests/rulesets/prose.md"
    out = os.path.join(T, "out")
    r = run("build", "-q", "-o", out, "-n", "20", "--vtt", "all", rs)
    d = os.path.join(out, "prose")
    idx = load(os.path.join(d, "index.json")) or {}
    vtt = [f["file"] for f in idx.get("products", []) if f.get("product") == "vtt"]
    ok("build --vtt all: map.png, its scene, UVTT and TTS object in the "
       "folder, in index.json (%d files)" % len(vtt),
       r.returncode == 0 and {"map.png", "map.foundry.json", "map.dd2vtt",
                              "map.tts.json"} <= set(vtt)
       and all(os.path.exists(os.path.join(d, f)) for f in vtt),
       r.stderr[:300] + str(vtt))
    t2 = load(os.path.join(d, "map.tts.json"))
    schema_ok("build's tts", t2, "tts")
    out2 = os.path.join(T, "out2")
    r = run("build", "-q", "-o", out2, "-n", "20", rs)
    ok("build without --vtt: no map.png, nothing of vtt in index.json",
       r.returncode == 0 and not os.path.exists(os.path.join(out2, "prose", "map.png"))
       and "vtt" not in open(os.path.join(out2, "prose", "index.json")).read(),
       r.stderr[:300])
    r = run("build", "-o", out2, "--vtt", "tss", rs)
    ok("build --vtt tss: did you mean 'tts', exit 2",
       r.returncode == 2 and "did you mean 'tts'" in r.stderr, r.stderr[:200])


section("tts", part_tts)
section("notes", part_notes)
section("walls", part_walls)
section("build", part_build)
