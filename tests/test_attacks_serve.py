"""`judge serve` attacked as a hostile participant would, through a real server (one for the module):
lone surrogates and huge ids (every 500 is a bug), login CSRF from another site, registration floods
from one address, and problem.yaml's visibility policy on what the API and pages show."""

from __future__ import annotations

import http.client
import socket
import threading

import pytest
import yaml

from helpers import SUBMISSIONS, copy_problem
from serving import ADMIN, Server, contest_file

ALICE, BOB = "alice-token-0123456789", "bob-token-0123456789ab"
HUGE = 10**25


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serve-attacks")
    problem = copy_problem(folder)
    meta = yaml.safe_load((problem / "problem.yaml").read_text())
    meta["visibility"] = {"sample": "verdict", "secret": "hidden"}  # the instructor shows nothing but verdicts
    (problem / "problem.yaml").write_text(yaml.safe_dump(meta, sort_keys=False))
    running = Server(contest_file(folder, problem, registration="open"), folder / "results.sqlite3", workers=1)
    yield running
    running.stop()


def raw(server: Server, method: str, path: str, body: bytes, headers: dict[str, str]) -> tuple[int, bytes, dict]:
    """One request with exactly these bytes and headers (no JSON encoding in between)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    try:
        conn.request(method, path, body=body, headers={"Content-Length": str(len(body)), **headers})
        answer = conn.getresponse()
        return answer.status, answer.read(), dict(answer.getheaders())
    finally:
        conn.close()


SURROGATE_BODIES = [
    ("/api/submissions", b'{"problem": "minesweeper", "source": "x = 1", "language": "\\ud800"}', ALICE),
    ("/api/submissions", b'{"problem": "minesweeper", "source": "x = 1", "filename": "a.\\udfff"}', ALICE),
    ("/api/submissions", b'{"problem": "' + b"\\ud800" * 101 + b'", "source": "x"}', ALICE),
    ("/api/submissions", b'{"problem": "minesweeper", "source": "\\ud800"}', ALICE),
    ("/api/register", b'{"name": "\\ud800"}', None),
    ("/api/admin/rejudge", b'{"submission": "\\ud800"}', ADMIN),
    ("/api/admin/rejudge", b'{"submission": NaN}', ADMIN),
    ("/api/submissions", b'{"problem": Infinity, "source": "x"}', ALICE),
    ("/api/register", b'{"name": -Infinity}', None),
]


@pytest.mark.parametrize("path,body,token", SURROGATE_BODIES,
                         ids=["language", "filename", "problem", "source", "name", "submission", "nan", "infinity",
                              "-infinity"])
def test_a_lone_surrogate_or_nan_is_a_422_not_a_500(server, path, body, token):
    headers = {"Content-Type": "application/json"} | ({"Authorization": f"Bearer {token}"} if token else {})
    status, text, _ = raw(server, "POST", path, body, headers)
    assert status == 422, text  # a refusal that echoes the input must still encode


@pytest.mark.parametrize("method,path,body,token", [
    ("GET", f"/api/submissions/{HUGE}", None, ALICE),
    ("GET", f"/api/submissions/{HUGE}", None, ADMIN),
    ("POST", "/api/admin/rejudge", {"submission": HUGE}, ADMIN),
    ("GET", "/api/submissions/-1", None, ALICE),
])
def test_an_id_past_sqlite_integers_is_refused_not_a_500(server, method, path, body, token):
    status, doc, _ = server.call(method, path, body, token=token)
    assert status in (404, 422), doc


def test_a_page_for_a_huge_id_is_not_a_500(server):
    status, _, _ = raw(server, "GET", f"/my/{HUGE}", b"", {"Cookie": f"judge_token={ALICE}"})
    assert status == 404


@pytest.mark.parametrize("headers", [{"Origin": "https://evil.example"}, {"Sec-Fetch-Site": "cross-site"},
                                     {"Origin": "null"}, {"Sec-Fetch-Site": "same-site", "Origin": "https://a.x"}])
@pytest.mark.parametrize("path,form", [("/login", f"token={BOB}"), ("/register", "name=Victim"),
                                       ("/logout", ""), ("/submit", "problem=minesweeper&language=python&source=x")])
def test_a_form_posted_from_another_site_is_refused(server, path, form, headers):
    """Login CSRF: another site's form signs the victim in as the attacker, whose account then gets the
    victim's next submission (source included). A browser says where a form came from; refuse others."""
    sent = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"judge_token={ALICE}", **headers}
    status, text, got = raw(server, "POST", path, form.encode(), sent)
    assert status == 403, text
    assert "set-cookie" not in {k.lower() for k in got}


def test_the_pages_own_forms_still_sign_in(server):
    sent = {"Content-Type": "application/x-www-form-urlencoded", "Origin": server.url, "Sec-Fetch-Site": "same-origin"}
    status, _, got = raw(server, "POST", "/login", f"token={BOB}".encode(), sent)
    assert status == 303 and "judge_token=" in {k.lower(): v for k, v in got.items()}["set-cookie"]
    status, _, _ = raw(server, "POST", "/login", f"token={BOB}".encode(),
                       {"Content-Type": "application/x-www-form-urlencoded", "Origin": server.url})
    assert status == 303  # an older browser: no Sec-Fetch-Site, its Origin is ours


def test_one_address_cannot_register_without_end(server):
    """Open registration: one client takes at most 5 accounts an hour (not all 60 a minute of everyone)."""
    codes = [server.call("POST", "/api/register", {"name": f"Sybil {n}"})[0] for n in range(7)]
    assert codes[:5] == [201] * 5 and codes[5:] == [429, 429], codes
    status, doc, headers = server.call("POST", "/api/register", {"name": "Sybil 8"})
    assert status == 429 and int(headers["Retry-After"]) > 60 and "address" in doc["detail"]


def test_visibility_of_problem_yaml_holds_in_the_api(server):
    """problem.yaml says samples by verdict only and secret cases hidden: serve must not show more."""
    body = {"problem": "minesweeper", "language": "python",
            "source": (SUBMISSIONS / "wrong_answer" / "mine_noop.py").read_text()}
    status, answer, _ = server.call("POST", "/api/submissions", body, token=ALICE)
    assert status == 201, answer
    doc = server.wait_done(ALICE, answer["id"])
    assert doc["verdict"] == "WA" and doc["total"] > len(doc["cases"])
    assert doc["cases"] and all(c["group"] == "sample" for c in doc["cases"])
    # by verdict only: every other field emptied (times, memory, message, output, diff, answer)
    assert all(not v for c in doc["cases"] for k, v in c.items() if k not in ("name", "group", "verdict"))
    failure = doc["failure"]  # under `verdict`: its name and verdict at most, no inputs or answers
    assert failure is None or all(not v for k, v in failure.items() if k not in ("case", "name", "group", "verdict"))
    status, page, _ = raw(server, "GET", f"/my/{answer['id']}", b"", {"Cookie": f"judge_token={ALICE}"})
    _, full, _ = server.call("GET", f"/api/submissions/{answer['id']}", token=ADMIN)
    secret = [c["name"] for c in full["cases"] if c["group"] == "secret"]
    assert secret  # the admin still sees everything
    shown = page.split(b"<pre")[0].decode()
    assert status == 200 and not [n for n in secret if f">{n}<" in shown]  # a hidden group: a tally, no case
    assert "Hidden group <code>secret</code>" in shown
    assert all(f">{c['name']}<" in shown for c in doc["cases"])  # listed cases do show so: the check can fail


def test_an_open_registration_cannot_take_anothers_name(server):
    """The scoreboard would show two "Alice"s, one of them not Alice (fullwidth letters fold to the same)."""
    for name in ("Alice", "alice", "\uff21lice"):
        status, doc, _ = server.call("POST", "/api/register", {"name": name}, headers={"X-Test": "same-name"})
        assert status == 409, doc
    # Red-team round 27: printable is not visible. A Mongolian free variation selector (a mark) inside
    # "alice" registered a third "alice" beside her; it is the same name now (a format control or an
    # unassigned character is no printable one).
    for name, refused in (("ali\u180bce", 409), ("alice\u180f", 409), ("alice\U0001bca0", 422),
                          ("ali\u2065ce", 422)):
        status, doc, _ = server.call("POST", "/api/register", {"name": name}, headers={"X-Test": "invisible"})
        assert status == refused, (name, doc)
    # ... while a heart as a phone's keyboard writes it (U+2764 U+FE0F) is a name like any other (the review)
    status, doc, _ = server.call("POST", "/api/register", {"name": "Ana \u2764\ufe0f"},
                                 headers={"X-Forwarded-For": "10.9.9.27"})  # an address with registrations left
    assert status == 201, doc


def test_guessing_tokens_or_codes_from_one_address_is_slowed(server):
    """20 distinct wrong tokens or codes a minute from one address, then every try fails (429) for a while;
    the same stale token sent again and again (a page polling with an old cookie) counts once."""
    stale = {"X-Forwarded-For": "10.9.9.8"}  # uvicorn takes the client's address from a loopback proxy's header
    for _ in range(30):
        assert server.call("GET", "/api/me", token="stale-token-0123456789", headers=stale)[0] == 401
    assert server.call("GET", "/api/me", token=ALICE, headers=stale)[0] == 200
    guesser = {"X-Forwarded-For": "10.9.8.9"}  # another /24: guesses are counted per network
    for n in range(10):
        assert server.call("GET", "/api/me", token=f"guess-{n:04}-0123456789", headers=guesser)[0] == 401
        assert server.call("POST", "/api/register", {"code": f"LAB3-{n:04}"}, headers=guesser)[0] == 403
    status, doc, headers = server.call("GET", "/api/me", token=ALICE, headers=guesser)
    assert status == 429 and int(headers["Retry-After"]) >= 1, doc  # even a right one: no oracle while blocked
    assert server.call("POST", "/api/register", {"code": "LAB3-0011"}, headers=guesser)[0] == 429
    assert server.call("GET", "/api/me", token=ALICE, headers={"X-Forwarded-For": "10.9.10.10"})[0] == 200


def test_guesses_spread_over_one_network_or_at_the_admin_token_are_slowed(server):
    """Red-team round 16: 738 sequential codes tried from 47 addresses of one /24 found LAB3-0737 in
    1.5 s, and 2,000 wrong admin tokens all got 403 from an address locked out for participants' ones.
    Round 17: counting every guess per /24 let one guesser lock the whole network (a class lab, the
    admin) out; only codes are counted per network as well, and only code redemption is refused there."""
    for n in range(60):  # one wrong code from each of 60 addresses of one /24
        spread = {"X-Forwarded-For": f"10.7.7.{n + 1}"}
        assert server.call("POST", "/api/register", {"code": f"ZZZ9-{n:04}"}, headers=spread)[0] == 403
    neighbour = {"X-Forwarded-For": "10.7.7.200"}
    assert server.call("POST", "/api/register", {"code": "ZZZ9-0099"}, headers=neighbour)[0] == 429
    assert server.call("GET", "/api/me", token=ALICE, headers=neighbour)[0] == 200  # tokens still work there
    admin_guesser = {"X-Forwarded-For": "10.6.6.6"}
    for n in range(20):
        assert server.call("POST", "/api/admin/freeze", token=f"not-the-admin-{n:04}", headers=admin_guesser)[0] == 403
    status, _, headers = server.call("POST", "/api/admin/unfreeze", token=ADMIN, headers=admin_guesser)
    assert status == 429 and int(headers["Retry-After"]) >= 1  # no oracle while blocked, not even the right one
    for other in ("10.6.6.7", "10.6.7.6"):  # the guesser alone is locked out, not its network
        assert server.call("POST", "/api/admin/unfreeze", token=ADMIN, headers={"X-Forwarded-For": other})[0] == 200
    assert server.call("GET", "/api/me", token=ALICE, headers={"X-Forwarded-For": "10.6.6.8"})[0] == 200


@pytest.mark.parametrize("address, who, network", [
    ("10.1.2.3", "10.1.2.3/32", "10.1.2.0/24"), ("::ffff:10.1.2.3", "10.1.2.3/32", "10.1.2.0/24"),
    ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64", "2001:db8:1::/48"), ("testclient", "testclient", "testclient"),
])
def test_guesses_are_counted_per_client_and_codes_per_network_too(address, who, network):
    from judge.service.service import client, network as of

    assert client(address) == who and of(address) == network


def test_the_public_scoreboard_is_built_at_most_once_a_second(server):
    """Anyone may ask for it and it reads every submission: a flood must not rebuild it each time."""
    stamps = {server.call("GET", "/api/scoreboard")[1]["generated_at"] for _ in range(5)}
    assert len(stamps) == 1
    full = {server.call("GET", "/api/scoreboard", token=ADMIN)[1]["generated_at"] for _ in range(3)}
    assert len(full) == 3  # the admin's is always fresh


def test_answers_are_not_cached_and_the_cookie_is_secure_behind_tls(server):
    status, doc, headers = server.call("GET", "/api/me", token=BOB)
    assert status == 200 and headers["Cache-Control"] == "no-store"
    sent = {"Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Proto": "https"}
    status, _, got = raw(server, "POST", "/login", f"token={BOB}".encode(), sent)
    cookie = {k.lower(): v for k, v in got.items()}["set-cookie"]
    assert status == 303 and "secure" in cookie.lower() and "httponly" in cookie.lower()


def test_the_problems_are_not_listed_before_the_start(tmp_path):
    """A participant who registered early must not read the problems' titles and entry points before the start."""
    from datetime import datetime, timedelta, timezone

    from judge.service.contest import load_contest
    from judge.service.service import Refused, Service

    start = datetime.now(timezone.utc) + timedelta(hours=1)
    path = contest_file(tmp_path, copy_problem(tmp_path), start=start.isoformat(),
                        end=(start + timedelta(hours=2)).isoformat())
    service = Service(load_contest(path), tmp_path / "db.sqlite3", ADMIN)
    try:
        info = service.info()
        assert info["problems"] == [] and info["start"] == start.isoformat()
        board = service.scoreboard()
        assert board["problems"] == [] and all(row["problems"] == {} for row in board["rows"])
        assert service.scoreboard(full=True)["problems"] == ["minesweeper"]
        # Nor by submitting before the start: a 404 listed the problems, a 403 confirmed a right guess.
        who = service.state.accounts()[0]
        for name in ("minesweeper", "no-such-problem"):
            with pytest.raises(Refused) as refused:
                service.submit(who, name, "x = 1", "python")
            assert refused.value.status == 403 and "minesweeper" not in refused.value.message
    finally:
        service.state.close()
        service.store.close()


def test_no_redirect_is_built_from_a_forged_host_header(server):
    for path in ("/api/submissions/", "/my/", "/scoreboard/"):
        status, _, headers = raw(server, "GET", path, b"", {"Host": "evil.example", "Cookie": f"judge_token={BOB}"})
        assert "evil.example" not in str(headers.get("location", "")), (path, status, headers)


@pytest.mark.parametrize("framing", [b"Content-Length: 10\r\nTransfer-Encoding: chunked\r\n",
                                     b"Transfer-Encoding: chunked\r\n"])
def test_a_chunked_body_is_refused_before_it_is_read(server, framing):
    """Red-team round 8: a chunked body beside a small Content-Length was read whole (300 MiB, 1.2 GB held,
    on the token-free /api/register): any Transfer-Encoding is a 411, answered while the body still comes."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=30) as conn:
        conn.sendall(b"POST /api/register HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                     + framing + b"\r\n" + b"10000\r\n" + b" " * 65536 + b"\r\n")
        head = b""
        try:
            while b"Transfer-Encoding" not in head:  # the status line and the body may come in two reads
                data = conn.recv(4096)
                if not data:
                    break
                head += data
        except ConnectionResetError:  # closed with the body unread: the answer is what came before
            pass
    assert head.startswith(b"HTTP/1.1 411"), head[:200]


def test_one_name_asked_for_twice_at_once_is_registered_once(server):
    """Red-team round 8: two registrations of one name at the same moment both passed the name check.
    Spaces run together on a page, so "Dora  Twin" is "Dora Twin" too (and is kept so)."""
    codes: list[int] = []
    names: list[str] = []
    start = threading.Barrier(6)

    def register(k: int) -> None:
        start.wait()
        name = ("Dora  Twin", "dora twin", "Dora\u2003Twin")[k % 3]
        status, doc, _ = server.call("POST", "/api/register", {"name": name},
                                     headers={"X-Forwarded-For": f"10.9.8.{k}"})
        codes.append(status)
        if status == 201:
            names.append(doc["name"])

    threads = [threading.Thread(target=register, args=(k,)) for k in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes) == [201, 409, 409, 409, 409, 409], codes
    assert names[0] in ("Dora Twin", "dora twin")


def test_a_rejudge_does_not_count_against_its_authors_queue(tmp_path):
    """Red-team round 16: an admin's rejudge put Bob's graded submissions back in the queue, and his new
    one got 429 ("still waiting") until they were graded again."""
    from judge.service.state import State

    state = State(tmp_path / "serve.sqlite3")
    try:
        state._write("INSERT INTO serve_participants (id, name, salt, token_hash, created_at) "
                     "VALUES ('bob', 'Bob', 's', 'x', '2026-01-01T00:00:00+00:00')")
        first = state.add("bob", "minesweeper", "python", "a.py", b"x = 1", "0" * 64)
        assert state.waiting("bob") == 1
        [row] = state.claim(1)
        state.finish(row["id"], "WA", 0.0, 1.0, "t", "{}")
        assert state.waiting("bob") == 0
        assert state.rejudge("minesweeper") == 1 and state.get(first)["state"] == "queued"
        assert state.waiting("bob") == 0
        state.add("bob", "minesweeper", "python", "b.py", b"x = 2", "1" * 64)
        assert state.waiting("bob") == 1
    finally:
        state.close()


def test_workers_go_to_the_participant_with_the_fewest_running_first(tmp_path):
    """Red-team round 16: one participant's queue (slow wrong answers, IOI scoring: every case runs) took
    every worker, oldest first, while another's quick submission waited 300 s behind it."""
    from judge.service.state import State

    state = State(tmp_path / "serve.sqlite3")
    try:
        for who in ("mallory", "bob"):
            state._write("INSERT INTO serve_participants (id, name, salt, token_hash, created_at) "
                         "VALUES (?, ?, 's', ?, '2026-01-01T00:00:00+00:00')", (who, who.title(), who))
        hog = [state.add("mallory", "minesweeper", "python", f"{k}.py", b"x = 1", f"{k}" * 64) for k in range(3)]
        bob = state.add("bob", "minesweeper", "python", "b.py", b"x = 2", "b" * 64)
        assert [r["id"] for r in state.claim(2)] == [hog[0], bob]
        assert [r["id"] for r in state.claim(5)] == hog[1:]
    finally:
        state.close()


def test_a_locked_out_client_learns_nothing_of_the_admin_token_from_a_submission_or_the_board(server):
    """Red-team round 29: once a client was locked out for guessing, /api/submissions/N still said 200 for the
    right admin token (429 for a wrong one), and /api/scoreboard never counted a wrong token at all while the
    full board (frozen_at: null during a freeze) told the right one apart: guesses at any rate, past the lock."""
    guesser = {"X-Forwarded-For": "10.5.5.5"}
    for n in range(30):
        server.call("GET", "/api/scoreboard", token=f"not-the-admin-{n:04}", headers=guesser)  # each one counted
    assert server.call("GET", "/api/me", token=ALICE, headers=guesser)[0] == 429  # locked out by the board's count
    assert server.call("GET", "/api/submissions/1", token=ADMIN, headers=guesser)[0] == 429
    assert server.call("GET", "/api/submissions/1", token="wrong", headers=guesser)[0] == 429
    public = server.call("GET", "/api/scoreboard", headers={"X-Forwarded-For": "10.5.5.6"})[1]
    assert server.call("GET", "/api/scoreboard", token=ADMIN, headers=guesser)[1] == public


def test_one_ipv6_client_cannot_register_past_its_limit_from_each_address_of_its_64(server):
    """Red-team round 29: 7 addresses of one /64 took 7 accounts (one IPv6 host holds a whole /64); the limit
    is the client's, as guesses are."""
    codes = [server.call("POST", "/api/register", {"name": f"Sixer {n}"},
                         headers={"X-Forwarded-For": f"2001:db8:1:2::{n + 1}"})[0] for n in range(7)]
    assert codes[:5] == [201] * 5 and codes[5:] == [429, 429], codes


def test_only_a_worker_that_died_counts_a_try_and_the_third_death_is_the_last(tmp_path):
    """Red-team round 29: a submission graded in a worker that died 3 times was graded a fourth time (the
    attempts were read before the claim counted one), and a server's stop or a broker's restart counted as
    deaths, so an honest submission could reach JE."""
    from judge.service.grader import MAX_ATTEMPTS
    from judge.service.state import State

    state = State(tmp_path / "serve.sqlite3")
    try:
        state._write("INSERT INTO serve_participants (id, name, salt, token_hash, created_at) "
                     "VALUES ('bob', 'Bob', 's', 'x', '2026-01-01T00:00:00+00:00')")
        sid = state.add("bob", "minesweeper", "python", "a.py", b"x = 1", "0" * 64)
        seen = []
        for _ in range(5):  # stops and restarts on the judge's side: never a try of its own
            [row] = state.claim(1)
            seen.append(row["attempts"])
            state.requeue([sid], charged=False) if len(seen) % 2 else state.requeue_running()
        for _ in range(MAX_ATTEMPTS):  # its worker died under it, three times
            [row] = state.claim(1)
            seen.append(row["attempts"])
            state.requeue([sid])
        [row] = state.claim(1)
        assert seen == [0] * 5 + [0, 1, 2] and row["attempts"] >= MAX_ATTEMPTS, (seen, row["attempts"])
    finally:
        state.close()


def test_a_participant_taken_out_of_the_contest_file_is_removed_at_the_next_start(tmp_path):
    """Red-team round 29: bob, taken out of the contest file (a cheater, say), kept his token after a restart,
    could submit, and stayed on the board. Now his token no longer stands and the board lists him no more
    (his submissions stay stored); put back in the file, he is there again; an open registrant is untouched."""
    from types import SimpleNamespace

    from judge.service.state import State

    def contest(*names):
        return SimpleNamespace(participants=[SimpleNamespace(id=n, name=n.title(), token=f"{n}-token-0123456789",
                                                             code=None) for n in names])

    state = State(tmp_path / "serve.sqlite3")
    try:
        state.sync_participants(contest("alice", "bob"))
        opened, opened_token = "carol", state.register("carol", "Carol")
        assert state.authenticate("bob-token-0123456789").id == "bob"
        state.sync_participants(contest("alice"))
        assert state.authenticate("bob-token-0123456789") is None
        assert {a.id for a in state.accounts()} == {"alice", opened}
        assert state.authenticate(opened_token).id == opened
        state.sync_participants(contest("alice", "bob"))
        assert state.authenticate("bob-token-0123456789").id == "bob"
        assert {a.id for a in state.accounts()} == {"alice", "bob", opened}
    finally:
        state.close()


def test_the_guards_own_refusals_carry_every_answers_headers(server):
    """Red-team round 29: the guard's 403, 411 and 413 lacked the CSP, nosniff and no-store headers."""
    status, _, headers = raw(server, "POST", "/api/register", b"{}", {"Transfer-Encoding": "chunked",
                                                                      "Content-Type": "application/json"})
    assert status == 411 and "default-src 'none'" in headers.get("content-security-policy", "") \
        and headers.get("cache-control") == "no-store" and headers.get("x-content-type-options") == "nosniff", headers
