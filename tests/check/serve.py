"""serve.py BIN: `sandtable serve`, the live preview, as a browser and a
hostile client see it. A copy of dice-skirmish is served on a free port
(--port 0); its pages, a PDF page as PNG and the limits are asked over
HTTP (raw sockets where a client library would tidy the request); then
headless Chromium, driven over the DevTools protocol (a small websocket
client below, standard library only), opens the ruleset's page, the test
saves the ruleset with a new word and the page shows it without a reload,
where the reader was; a ruleset saved broken shows its error with
file:line:col, the last good products staying; Ctrl-C ends it, status 0.
Prints PASS/FAIL lines; every wait is bounded."""
import base64
import json
import os
import re
import shutil
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request

BIN = os.path.abspath(sys.argv[1])
SRC = os.path.abspath("rulesets/dice-skirmish.md")
T = tempfile.mkdtemp(prefix="serve-")
ENV = dict(os.environ, SOURCE_DATE_EPOCH=os.environ.get("SOURCE_DATE_EPOCH", "1700000000"),
           XDG_CACHE_HOME=os.path.join(T, "cache"))
procs = []


def ok(what, cond, why=""):
    print("PASS: serve: %s" % what if cond else "FAIL: serve: %s: %s" % (what, why))
    return cond


def cleanup(*_):
    for p in procs:
        if p.poll() is None:
            p.kill()
            p.wait()
    shutil.rmtree(T, ignore_errors=True)


def hard_stop(*_):
    print("FAIL: serve: the test ran past its 100 s bound")
    cleanup()
    os._exit(1)


signal.signal(signal.SIGALRM, hard_stop)
signal.alarm(100)


def until(cond, secs, step=0.1):
    end = time.time() + secs
    while time.time() < end:
        v = cond()
        if v:
            return v
        time.sleep(step)
    return cond()


def raw(req, timeout=10):
    """Send req (bytes) on a connection of its own; the answer's bytes
    (b"" when the server closed without one)."""
    s = socket.create_connection(("127.0.0.1", PORT), timeout=timeout)
    try:
        s.sendall(req)
        out = b""
        while True:
            try:
                b = s.recv(65536)
            except (ConnectionResetError, socket.timeout):
                break
            if not b:
                break
            out += b
        return out
    finally:
        s.close()


def status(ans):
    m = re.match(rb"HTTP/1\.[01] (\d+)", ans)
    return int(m.group(1)) if m else 0


def get(path, timeout=20):
    try:
        with urllib.request.urlopen("http://127.0.0.1:%d%s" % (PORT, path),
                                    timeout=timeout) as r:
            return r.status, r.headers.get("Content-Type", ""), r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.read()
    except OSError as e:
        return 0, "", str(e).encode()


# ---- start ----
shutil.copy(SRC, os.path.join(T, "ds.md"))
err = open(os.path.join(T, "err"), "w+")
serve = subprocess.Popen([BIN, "serve", "--port", "0", "-o", "out", "ds.md"], cwd=T,
                         env=ENV, stdout=subprocess.DEVNULL, stderr=err)
procs.append(serve)


def port():
    err.seek(0)
    m = re.search(r"serve: http://127\.0\.0\.1:(\d+)/", err.read())
    return int(m.group(1)) if m else None


PORT = until(port, 20)
if not ok("--port 0 listens on 127.0.0.1 and says the port", PORT,
          open(os.path.join(T, "err")).read()[:300]):
    cleanup()
    sys.exit(0)
ok("it listens on 127.0.0.1 only (not on the machine's other addresses)",
   "127.0.0.1" in subprocess.run(["ss", "-ltnH", "sport = :%d" % PORT], capture_output=True,
                                 text=True).stdout if shutil.which("ss") else True)
built = until(lambda: b'<span class="st-ok">built' in get("/")[2], 60, 0.3)
ok("the list page names the ruleset, built, with its products", built and
   b'href="/ds/reference.pdf"' in get("/")[2], get("/")[2][-600:])

# ---- pages ----
st, ty, page = get("/ds/")
ok("/ds/: the HTML rulebook, its products and every PDF page as an image",
   st == 200 and ty.startswith("text/html") and b"Saltmarsh Reckoning" in page
   and b'id="st-book"' in page and b'src="/ds/reference.pdf/page-2.png?v=' in page
   and page.count(b'<img class="st-page"') >= 10, "%d %s %d bytes" % (st, ty, len(page)))
st, ty, png = get("/ds/reference.pdf/page-1.png")
w, h = struct.unpack(">II", png[16:24]) if len(png) > 24 else (0, 0)
ok("a PDF page as a PNG (%dx%d)" % (w, h), st == 200 and ty == "image/png" and
   png[:8] == b"\x89PNG\r\n\x1a\n" and 600 < max(w, h) <= 2400, "%d %s" % (st, ty))
st, _, _ = get("/ds/reference.pdf/page-99.png")
ok("a page the PDF does not have: 404", st == 404, str(st))
st, ty, pdf = get("/ds/reference.pdf")
ok("a product's file, with its type", st == 200 and ty == "application/pdf" and
   pdf[:5] == b"%PDF-", "%d %s" % (st, ty))

# ---- limits ----
for p in (b"/ds/../../../etc/passwd", b"/ds/%2e%2e/%2e%2e/etc/passwd", b"/%2E%2E/ds.md",
          b"/ds/..%2fds.md"):
    a = raw(b"GET " + p + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    ok("%s: 403" % p.decode(), status(a) == 403 and b"root:" not in a, a[:80])
for p in (b"/ds.md", b"/ds/.x", b"/cache/", b"/out/ds/ruleset.txt"):
    a = raw(b"GET " + p + b" HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    ok("%s, outside DIR/NAME/: 404" % p.decode(), status(a) == 404, a[:80])
os.symlink("/etc/passwd", os.path.join(T, "out", "ds", "pw.txt"))
st, _, body = get("/ds/pw.txt")
ok("a link in the output folder is not followed: 403", st == 403 and b"root:" not in body, str(st))
os.unlink(os.path.join(T, "out", "ds", "pw.txt"))
a = raw(b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\nConnection: close\r\n\r\nabc")
ok("POST: 405, Allow: GET, HEAD", status(a) == 405 and b"Allow: GET, HEAD" in a, a[:200])
a = raw(b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nConnection: close\r\n\r\n12345")
ok("a GET with a body: 413", status(a) == 413, a[:120])
a = raw(b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20000 +
        b"\r\nConnection: close\r\n\r\n")
ok("a request head of 20 KB: refused (431)", status(a) == 431, a[:120])
a = raw(b"HEAD /ds/reference.pdf HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
ok("HEAD: the headers, no body", status(a) == 200 and a.endswith(b"\r\n\r\n"), a[-80:])

# Eight event streams held open: the ninth connection is told 503;
# past sixteen, connections are closed unanswered.
held = []
for i in range(8):
    s = socket.create_connection(("127.0.0.1", PORT), timeout=10)
    s.sendall(b"GET /events HTTP/1.1\r\nHost: x\r\n\r\n")
    held.append((s, s.recv(4096)))
ok("8 event streams open at once", all(status(h[1]) == 200 and b"text/event-stream" in h[1]
                                        for h in held), held[-1][1][:200])
a = raw(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
ok("a ninth connection: 503 with Retry-After", status(a) == 503 and b"Retry-After" in a, a[:200])
idle = [socket.create_connection(("127.0.0.1", PORT), timeout=5) for _ in range(8)]
time.sleep(0.3)
a = raw(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", timeout=5)
ok("a seventeenth connection: closed unanswered", a == b"", a[:100])
for s in idle + [h[0] for h in held]:
    s.close()
ok("the connections closed, pages are answered again",
   until(lambda: get("/")[0] == 200, 10, 0.2), "")

# ---- the browser ----
chrome = shutil.which("chromium") or shutil.which("chromium-browser")


class WS:
    """A websocket client, enough for the DevTools protocol."""

    def __init__(self, url):
        m = re.match(r"ws://([^:/]+):(\d+)(/.*)", url)
        self.s = socket.create_connection((m.group(1), int(m.group(2))), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.s.sendall(("GET %s HTTP/1.1\r\nHost: %s:%s\r\nUpgrade: websocket\r\n"
                        "Connection: Upgrade\r\nSec-WebSocket-Key: %s\r\n"
                        "Sec-WebSocket-Version: 13\r\n\r\n" %
                        (m.group(3), m.group(1), m.group(2), key)).encode())
        head = b""
        while b"\r\n\r\n" not in head:
            b = self.s.recv(1)
            if not b:
                raise OSError("no websocket handshake")
            head += b
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise OSError(head.decode(errors="replace")[:200])
        self.n = 0

    def _read(self, n):
        b = b""
        while len(b) < n:
            c = self.s.recv(n - len(b))
            if not c:
                raise OSError("websocket closed")
            b += c
        return b

    def send(self, text):
        data = text.encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else
                                bytes([0x80 | 126]) + struct.pack(">H", n) if n < 65536 else
                                bytes([0x80 | 127]) + struct.pack(">Q", n))
        self.s.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def recv(self):
        msg = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            data = self._read(n)
            if b0 & 0x0F == 8:
                raise OSError("websocket closed")
            if b0 & 0x0F in (0, 1, 2):
                msg += data
                if b0 & 0x80:
                    return msg.decode()

    def eval(self, expr):
        self.n += 1
        self.send(json.dumps({"id": self.n, "method": "Runtime.evaluate",
                              "params": {"expression": expr, "returnByValue": True}}))
        while True:
            m = json.loads(self.recv())
            if m.get("id") == self.n:
                return m.get("result", {}).get("result", {}).get("value")


def edit(old, new):
    p = os.path.join(T, "ds.md")
    text = open(p, encoding="utf-8").read()
    assert old in text, old
    # As an editor saves: a new file renamed over the old.
    open(p + ".new", "w", encoding="utf-8").write(text.replace(old, new, 1))
    os.rename(p + ".new", p)


if not chrome:
    print("SKIP: serve: the browser test: no chromium (make deps installs it)")
else:
    prof = os.path.join(T, "profile")
    cr = subprocess.Popen([chrome, "--headless", "--no-sandbox", "--disable-gpu",
                           "--no-first-run", "--no-default-browser-check",
                           "--remote-debugging-port=0", "--user-data-dir=" + prof,
                           "--window-size=1000,800", "http://127.0.0.1:%d/ds/" % PORT],
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    procs.append(cr)
    dt = os.path.join(prof, "DevToolsActivePort")
    dport = until(lambda: os.path.exists(dt) and open(dt).read().split("\n")[0], 30)
    ws = None
    if dport:
        def target():
            try:
                with urllib.request.urlopen("http://127.0.0.1:%s/json/list" % dport,
                                            timeout=5) as r:
                    for t in json.load(r):
                        if t.get("type") == "page" and "/ds/" in t.get("url", ""):
                            return t["webSocketDebuggerUrl"]
            except OSError:
                return None
        url = until(target, 20, 0.2)
        ws = WS(url) if url else None
    if not ok("Chromium opens the ruleset's page (DevTools protocol)", ws is not None,
              "port %r" % dport):
        pass
    else:
        loaded = until(lambda: ws.eval("document.readyState === 'complete' && "
                                       "!!document.getElementById('st-book') && "
                                       "document.getElementById('st-book').innerText"
                                       ".includes('Roll as many dice')"), 30, 0.2)
        ok("the page in Chromium shows the rulebook's prose", loaded)
        ws.eval("window.stMark = 'not reloaded'; window.scrollTo(0, 1500)")
        y0 = until(lambda: ws.eval("window.scrollY"), 5)
        edit("Roll as many dice", "Roll as many zanzibarque dice")
        t0 = time.time()
        seen = until(lambda: ws.eval("document.getElementById('st-book').innerText"
                                     ".includes('zanzibarque')"), 60, 0.2)
        ok("a save changes the page's text by itself (%.1f s)" % (time.time() - t0), seen)
        ok("without a reload", ws.eval("window.stMark") == "not reloaded",
           repr(ws.eval("window.stMark")))
        y1 = ws.eval("window.scrollY")
        ok("where the reader was (scrollY %r, then %r)" % (y0, y1),
           y0 and y1 is not None and abs(y1 - y0) <= 2)
        edit("| Tide Scouts       | infantry  | 18   |", "| Tide Scouts       | infantry  | fast |")
        bad = until(lambda: (lambda s: s if s and "was not built" in s else None)(
            ws.eval("document.getElementById('st-status').innerText")), 60, 0.2)
        ok("a broken save shows its error with file:line:col on the page",
           bad and re.search(r"ds\.md:38:34: error: Move 'fast'", bad), repr(bad)[:300])
        ok("and the last good products stay",
           ws.eval("document.getElementById('st-book').innerText.includes('zanzibarque')")
           and ws.eval("document.querySelectorAll('img.st-page').length") >= 10
           and get("/ds/reference.pdf/page-1.png")[0] == 200
           and os.path.exists(os.path.join(T, "out", "ds", "reference.pdf")))
        ok("still without a reload", ws.eval("window.stMark") == "not reloaded")

# ---- Ctrl-C ----
serve.send_signal(signal.SIGINT)
try:
    rc = serve.wait(15)
except subprocess.TimeoutExpired:
    rc = None
ok("SIGINT stops it, with the browser connected: exit status 0", rc == 0, "status %r" % rc)
try:
    socket.create_connection(("127.0.0.1", PORT), timeout=2).close()
    closed = False
except OSError:
    closed = True
ok("and the port is closed", closed)

# SIGTERM too, and before the first build has ended.
err.truncate(0)
err.seek(0)
serve = subprocess.Popen([BIN, "serve", "--port", "0", "-o", "out2", "ds.md"], cwd=T,
                         env=ENV, stdout=subprocess.DEVNULL, stderr=err)
procs.append(serve)
PORT = until(port, 20)
serve.send_signal(signal.SIGTERM)
try:
    rc = serve.wait(15)
except subprocess.TimeoutExpired:
    rc = None
ok("SIGTERM while it builds: exit status 0", PORT and rc == 0, "status %r" % rc)

# A project: serve in its folder, with no argument, previews its rulesets
# into its output, with its settings (only: reference and html).
proj = os.path.join(T, "proj")
os.mkdir(proj)
shutil.copy(SRC, os.path.join(proj, "game.md"))
with open(os.path.join(proj, "sandtable.yaml"), "w") as f:
    f.write("rulesets: [game.md]\noutput: preview\nonly: [reference, html]\n")
err.truncate(0)
err.seek(0)
serve = subprocess.Popen([BIN, "serve", "--port", "0"], cwd=proj,
                         env=ENV, stdout=subprocess.DEVNULL, stderr=err)
procs.append(serve)
PORT = until(port, 20)
built = PORT and until(lambda: b'<span class="st-ok">built' in get("/")[2], 60, 0.3)
out = os.path.join(proj, "preview", "game")
files = sorted(os.listdir(out)) if os.path.isdir(out) else []
ok("serve in a project's folder: its rulesets into its output, with its settings",
   built and "reference.pdf" in files and "rulebook.html" in files and "cards.pdf" not in files,
   "files %r; %s" % (files, open(os.path.join(T, "err")).read()[:300]))
page = get("/game/")[2] if PORT else b""
ok("and the ruleset's page shows its HTML rulebook", b"Saltmarsh" in page and b"<h2" in page,
   page[:200])
serve.send_signal(signal.SIGTERM)
try:
    serve.wait(15)
except subprocess.TimeoutExpired:
    pass
cleanup()
