#!/usr/bin/env python3
"""vtt.py BIN: virtual tabletop files beside a map's PNG (issue 37).
Read back as a tabletop would: the Foundry scene's size is the PNG's,
its grid the map's (square 3in: type 1, 100 px, 3 in; flat hexes type 4,
pointy type 2; none: type 0, an inch of pixels, in the ruleset's unit);
its walls on a gridless map are the terrain file's outlines, point for
point, in pixels (an exact reference written by --write-terrain); on a
snapped square grid every wall is a whole cell edge; the Universal VTT
file holds the very PNG, its size in cells and the same walls in
cells. Prints PASS/FAIL lines."""
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else "./sandtable"
T = tempfile.mkdtemp()
ENV = dict(os.environ, SOURCE_DATE_EPOCH="1700000000")


def ok(what, cond, why=""):
    print(("PASS: %s" % what) if cond else ("FAIL: %s: %s" % (what, why)))


def run(*args):
    return subprocess.run([BIN] + list(args), env=ENV, capture_output=True,
                          text=True)


def png_size(path):
    with open(path, "rb") as f:
        head = f.read(24)
    return struct.unpack(">II", head[16:24])


def load(path):
    with open(path) as f:
        return json.load(f)


# ---- a square grid, snapped terrain: Modern, seed 3 ----
png = os.path.join(T, "sq.png")
r = run("map", "-q", "rulesets/morschauser-modern.md", "-s", "3", "-o", png,
        "--vtt", "all")
ok("square: map --vtt all written", r.returncode == 0, r.stderr[:300])
fs = load(os.path.join(T, "sq.foundry.json"))
w, h = png_size(png)
ok("square: the scene is the PNG's size (%dx%d)" % (w, h),
   fs["width"] == w and fs["height"] == h and fs["background"]["src"] == "sq.png",
   "%s x %s, %s" % (fs["width"], fs["height"], fs["background"]))
g = fs["grid"]
ok("square: grid type 1, 100 px a 3 in cell",
   g["type"] == 1 and g["size"] == 100 and g["distance"] == 3 and g["units"] == "in",
   str(g))
walls = fs["walls"]
bad = [x for x in walls
       if any(abs(v / 100 - round(v / 100)) > 1e-6 for v in x["c"])
       or abs(abs(x["c"][0] - x["c"][2]) + abs(x["c"][1] - x["c"][3]) - 100) > 1e-6]
ok("square: %d walls, each a whole cell edge" % len(walls), walls and not bad,
   str(bad[:2]))
# A wall is never doubled: each edge once.
edges = {tuple(sorted([(x["c"][0], x["c"][1]), (x["c"][2], x["c"][3])])) for x in walls}
ok("square: no edge walled twice", len(edges) == len(walls),
   "%d walls, %d edges" % (len(walls), len(edges)))
# The walls close: every corner ends an even number of them.
deg = {}
for e in edges:
    for p in e:
        deg[p] = deg.get(p, 0) + 1
odd = [p for p, n in deg.items() if n % 2]
ok("square: the walls close round their cells (no loose end)", not odd,
   str(odd[:3]))
uv = load(os.path.join(T, "sq.dd2vtt"))
res = uv["resolution"]
ok("uvtt: 24 x 16 cells of 100 px, origin 0",
   res["map_size"] == {"x": 24, "y": 16} and res["pixels_per_grid"] == 100
   and res["map_origin"] == {"x": 0, "y": 0}, str(res))
ok("uvtt: the image is the PNG, byte for byte",
   base64.b64decode(uv["image"]) == open(png, "rb").read())
los = {tuple(sorted([(p[0]["x"] * 100, p[0]["y"] * 100), (p[1]["x"] * 100, p[1]["y"] * 100)]))
       for p in uv["line_of_sight"]}
ok("uvtt: the walls are the scene's, in cells", los == edges,
   "%d against %d" % (len(los), len(edges)))

# ---- no grid: the walls are the terrain file's outlines ----
png = os.path.join(T, "free.png")
ty = os.path.join(T, "free.yaml")
r = run("map", "-q", "rulesets/dice-skirmish.md", "-s", "1", "-o", png,
        "--vtt", "foundry,uvtt", "--write-terrain", ty)
ok("gridless: written", r.returncode == 0, r.stderr[:300])
fs = load(os.path.join(T, "free.foundry.json"))
g = fs["grid"]
ok("gridless: type 0, an inch is 100 px, 2.54 cm (the ruleset's measure)",
   g["type"] == 0 and g["size"] == 100 and g["distance"] == 2.54 and g["units"] == "cm",
   str(g))
# The terrain file: cm, y up from Blue's edge; the PNG: 100 px an inch,
# y down from Red's edge of a 90 cm table.
want = set()
kind = None
for line in open(ty):
    s = line.strip()
    if s.startswith("- kind:"):
        kind = s.split(":")[1].strip()
        first = True
    elif kind in ("wood", "hill") and "[[" in s:
        if kind == "hill" and not first:
            continue
        first = False
        pts = json.loads(s[s.index("[["):])
        for x, y in pts:
            want.add((round(x / 2.54 * 100, 1), round((90 - y) / 2.54 * 100, 1)))
got = {(x["c"][0], x["c"][1]) for x in fs["walls"]}
far = [p for p in got if min(abs(p[0] - q[0]) + abs(p[1] - q[1]) for q in want) > 0.11]
ok("gridless: %d walls, their corners the terrain file's outlines (%d points)"
   % (len(fs["walls"]), len(want)), got and not far and len(got) == len(want),
   "%d corners off the outlines, e.g. %s" % (len(far), far[:2]))

# ---- hexes: the layout's type; no UVTT (square grids only) ----
for grid, want_type in (("hex 30mm", 4), ("hex-pointy 30mm", 2)):
    png = os.path.join(T, "hx.png")
    r = run("map", "rulesets/dice-skirmish.md", "-g", grid, "-s", "1", "-o",
            png, "--vtt", "all")
    fs = load(os.path.join(T, "hx.foundry.json"))
    ok("%s: Foundry grid type %d, %s px across the flats" % (grid, want_type, fs["grid"]["size"]),
       fs["grid"]["type"] == want_type and abs(fs["grid"]["size"] - 100) < 0.05,
       str(fs["grid"]))
    ok("%s: no Universal VTT file, and a warning says why" % grid,
       not os.path.exists(os.path.join(T, "hx.dd2vtt"))
       and "square grids only" in r.stderr, r.stderr[:300])

# ---- refusals ----
r = run("map", "rulesets/dice-skirmish.md", "-o", os.path.join(T, "m.pdf"),
        "--vtt", "foundry")
ok("--vtt with a PDF: refused, exit 2",
   r.returncode == 2 and "needs -o FILE.png" in r.stderr, r.stderr[:200])
r = run("map", "rulesets/dice-skirmish.md", "-o", os.path.join(T, "m.png"),
        "--vtt", "foundri")
ok("--vtt foundri: did you mean 'foundry'",
   r.returncode == 2 and "did you mean 'foundry'" in r.stderr, r.stderr[:200])
# One version: a file in the way of the scene leaves the PNG unwritten.
with open(os.path.join(T, "keep.foundry.json"), "w") as f:
    f.write("my notes\n")
r = run("map", "-q", "rulesets/dice-skirmish.md", "-o",
        os.path.join(T, "keep.png"), "--vtt", "foundry")
ok("a file of another kind where the scene goes: refused, nothing written",
   r.returncode != 0 and not os.path.exists(os.path.join(T, "keep.png"))
   and open(os.path.join(T, "keep.foundry.json")).read() == "my notes\n",
   r.stderr[:200])
# The same inputs, the same bytes.
a = os.path.join(T, "a.png")
b = os.path.join(T, "b.png")
run("map", "-q", "rulesets/morschauser-modern.md", "-s", "3", "-o", a, "--vtt", "all")
run("map", "-q", "rulesets/morschauser-modern.md", "-s", "3", "-o", b, "--vtt", "all")
same = all(open(os.path.join(T, "a" + e), "rb").read().replace(b"a.png", b"X")
           == open(os.path.join(T, "b" + e), "rb").read().replace(b"b.png", b"X")
           for e in (".foundry.json", ".dd2vtt"))
ok("twice: the same bytes", same)
