#!/bin/sh
# Issue 36's watch probe: `build --watch` of each bundled ruleset; a prose
# edit, a table edit and a template edit are saved in turn, and for each
# the time from the save until each product is replaced (its file's inode
# changes) is printed as a table, with the watch's own line of what it
# rebuilt. Target: under 0.3 s for a prose or table edit (a benchmark, not
# a timed test: the machine may be shared).
BIN=${1:-./sandtable}
case "$BIN" in /*) ;; *) BIN="$(pwd)/$BIN" ;; esac
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp -r templates "$tmp/templates"
for r in cinder-vale dice-skirmish gauntlet-ancients morschauser-modern; do
	cp "rulesets/$r.md" "$tmp/$r.md"
done
cd "$tmp" || exit 2
python3 - "$BIN" <<'EOF'
import os, subprocess, sys, time

BIN = sys.argv[1]

def prose_edit(path):
    # The first paragraph line after the title: a word added, no line.
    lines = open(path).read().split("\n")
    body = False
    for i, l in enumerate(lines):
        if l.startswith("# "):
            body = True
            continue
        if body and l and l[0].isalpha():
            lines[i] = l.replace(" ", " very ", 1) if " a " not in l else l.replace(" a ", " a fine ", 1)
            break
    save(path, "\n".join(lines))

# A unit's stat changed, one each ruleset's test games still pass with.
TABLE = {
    "cinder-vale": ("| Lantern Wardens | warden    | 12 ", "| Lantern Wardens | warden    | 13 "),
    "dice-skirmish": ("| Tide Scouts       | infantry  | 18 ", "| Tide Scouts       | infantry  | 17 "),
    "gauntlet-ancients": ("| Close Order Archers | infantry | 40 | 5 | 4 | 3 |", "| Close Order Archers | infantry | 40 | 5 | 4 | 2 |"),
    "morschauser-modern": ('| Antitank Rocket | infantry | 9" | — | 2 |', '| Antitank Rocket | infantry | 9" | — | 3 |'),
}

def table_edit(path):
    old, new = TABLE[path[:-3]]
    text = open(path).read()
    if old not in text:
        raise SystemExit("table edit: no %r in %s" % (old, path))
    save(path, text.replace(old, new, 1))

def template_edit(_):
    with open("templates/reference.yaml", "a") as f:
        f.write("# edited\n")

def save(path, text):
    # As an editor saves: a new file renamed over the old.
    with open(path + ".new", "w") as f:
        f.write(text)
    os.rename(path + ".new", path)

def inodes(d):
    out = {}
    for f in os.listdir(d) if os.path.isdir(d) else []:
        try:
            out[f] = os.stat(os.path.join(d, f)).st_ino
        except FileNotFoundError:
            pass
    return out

rows = []
for r in ("cinder-vale", "dice-skirmish", "gauntlet-ancients", "morschauser-modern"):
    log = open(r + ".log", "w+")
    w = subprocess.Popen([BIN, "build", "--watch", "-o", "out", r + ".md"],
                         stdout=log, stderr=open(r + ".err", "w"))
    d = "out/" + r
    t = time.time()
    while not os.path.exists(d + "/index.json") and time.time() - t < 120:
        time.sleep(0.05)
    time.sleep(0.5)
    for what, edit in (("prose", prose_edit), ("table", table_edit),
                       ("template", template_edit)):
        before = inodes(d)
        n = len(open(r + ".log").read())
        e = len(open(r + ".err").read())
        s = time.time()
        edit(r + ".md")
        seen = {}
        while time.time() - s < 60:
            now = time.time()
            for f, ino in inodes(d).items():
                if f not in seen and before.get(f) != ino:
                    seen[f] = now - s
            text = open(r + ".log").read()[n:]
            if "\n" in text or "not built" in open(r + ".err").read()[e:]:
                break
            time.sleep(0.002)
        time.sleep(0.05)
        for f, ino in inodes(d).items():
            if f not in seen and before.get(f) != ino:
                seen[f] = time.time() - s
        line = open(r + ".log").read()[n:].strip()
        prods = {f: v for f, v in seen.items() if f not in ("index.json", "ruleset.txt")}
        rows.append((r, what, prods, max(seen.values()) if seen else 0, line))
    w.terminate()
    w.wait()

print("watch latency, from the save to each product replaced (s):")
print("%-20s %-9s %6s  %s" % ("ruleset", "edit", "last", "products replaced"))
for r, what, prods, last, line in rows:
    ps = ", ".join("%s %.2f" % (f.replace(".pdf", ""), v) for f, v in sorted(prods.items(), key=lambda x: x[1]))
    print("%-20s %-9s %6.2f  %s" % (r, what, last, ps or "(none)"))
print("the watch's lines:")
for r, what, prods, last, line in rows:
    print("  " + line)
EOF
