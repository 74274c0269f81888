"""The HTTP side: a FastAPI app (its OpenAPI docs at /docs and /openapi.json) whose JSON API and pages
call the Service. FastAPI over bare Starlette: the request bodies are checked by their pydantic
models and the API describes itself, which is what people scripting against a contest need.

Auth: `Authorization: Bearer TOKEN` (a participant's or the admin's), or the pages' HttpOnly,
SameSite=Strict cookie. Every answer carries a strict Content-Security-Policy (no inline script):
whatever a submission or a participant controls is escaped by Jinja2 on the server and set as
text by the pages' script, and even a slip would not run. A POST a browser marks as sent from another
site is refused (login CSRF), answers are ASCII JSON and never cached, and a 422 never echoes its input.
"""

# No `from __future__ import annotations`: FastAPI reads the endpoints' hints at run time, and `Who` is local.

import html
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Path, Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, Field

from judge.service.service import Refused, Service
from judge.service.state import Account

COOKIE = "judge_token"
#: The largest request body taken at all (a source's limit is the contest's, checked after decoding).
BODY_SLACK = 64 * 1024
DOCS = ("/docs", "/redoc", "/docs/oauth2-redirect")
CSP = ("default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
#: SQLite's largest integer: an id past it is no submission (and not an OverflowError in the store).
MAX_ID = 2**63 - 1
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")


class SafeJSON(JSONResponse):
    """JSON as ASCII: a lone surrogate a request carried (in a refused name, echoed in a 422) goes out as
    its `\\udXXX` escape instead of failing to encode (a 500)."""

    def render(self, content: Any) -> bytes:
        """The body: ASCII JSON."""
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


def cross_site(request: Request) -> bool:
    """Whether a browser sent this request from another site (CSRF, login CSRF): by Sec-Fetch-Site, else by an
    Origin unlike the Host (the check of Go's http.CrossOriginProtection). Scripts send neither and pass."""
    site = request.headers.get("sec-fetch-site")
    if site is not None:
        return site not in ("same-origin", "none")
    origin = request.headers.get("origin")
    if origin is None:
        return False
    return origin.split("://", 1)[-1] != request.headers.get("host", "")


class SubmitBody(BaseModel):
    """A submission: the problem, the source, and its language (a name, or a file name's extension)."""

    problem: str = Field(max_length=100)
    source: str
    language: str | None = Field(default=None, max_length=40)
    filename: str | None = Field(default=None, max_length=200)


class RegisterBody(BaseModel):
    """Register: a one-time code from the organisers, or (open registration) a name."""

    code: str | None = Field(default=None, max_length=200)
    name: str | None = Field(default=None, max_length=100)


class CasesBody(BaseModel):
    """New cases in the case-file format (YAML text: a case mapping or a list of them)."""

    yaml: str = Field(max_length=1_000_000)
    group: str = Field(default="secret", max_length=64)
    file: str | None = Field(default=None, max_length=100)


class RejudgeBody(BaseModel):
    """What to grade again: one submission, or every graded submission of a problem."""

    submission: int | None = Field(default=None, ge=1, le=MAX_ID)
    problem: str | None = Field(default=None, max_length=100)


def bearer(request: Request) -> str | None:
    """The token of a request: the Authorization header's, else the pages' cookie."""
    header = request.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip()
    return request.cookies.get(COOKIE)


def address(request: Request) -> str:
    """The client's address (a local reverse proxy's X-Forwarded-For, as uvicorn trusts it)."""
    return request.client.host if request.client else "?"


def _secured(response: Response, docs: bool = False) -> Response:
    """Every answer's headers, the guard's own refusals too (they lacked them, round 29)."""
    if not docs:  # Swagger UI's page loads its script from a CDN; the rest, nothing
        response.headers.setdefault("Content-Security-Policy", CSP)
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    response.headers.setdefault("Referrer-Policy", "no-referrer")
    # tokens (registration), sources and verdicts: no shared or back-button cache keeps them
    response.headers.setdefault("Cache-Control", "no-store")
    return response


def create_app(service: Service) -> FastAPI:
    """The app: the API under /api, the pages at /, grading started and stopped with the server."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        service.start()
        try:
            yield
        finally:
            service.stop()

    # Escaped: Swagger UI's page puts the title in its <title> as it is (the contest file's name, round 29).
    app = FastAPI(title=f"judge serve: {html.escape(service.contest.name)}", lifespan=lifespan,
                  default_response_class=SafeJSON,
                  redirect_slashes=False,  # its redirect is built from the Host header: a 404 tells no other host
                  description="Submit solutions, follow their verdicts, watch the scoreboard. Participants "
                              "authenticate with `Authorization: Bearer TOKEN`; admin endpoints with the admin token.")
    app.state.service = service
    limit = service.contest.limits.source_kb * 1024 * 6 + BODY_SLACK  # JSON escapes: up to 6 bytes a character

    @app.exception_handler(Refused)
    async def refused(request: Request, exc: Refused) -> Response:
        headers = {"Retry-After": str(int(exc.retry_after))} if exc.retry_after is not None else None
        return SafeJSON({"detail": exc.message}, status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> Response:
        # where and what, never the input itself: echoed back it could be NaN (not JSON), 400 KB, or deep
        errors = [{k: e[k] for k in ("type", "loc", "msg") if k in e} for e in exc.errors()]
        return SafeJSON({"detail": jsonable_encoder(errors)}, status_code=422)

    @app.middleware("http")
    async def guard(request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.method in UNSAFE and cross_site(request):  # a form on another site posting with our cookie
            return _secured(SafeJSON({"detail": "a request from another site is refused"}, status_code=403))
        length = request.headers.get("content-length")
        # A chunked body would go uncounted: the server reads it whole whatever Content-Length says beside it
        # (red-team round 8: 300 MiB past a "Content-Length: 10", 1.2 GB held, on the token-free /api/register).
        if "transfer-encoding" in request.headers or (length is None and request.method in ("POST", "PUT", "PATCH")):
            return _secured(SafeJSON({"detail": "a request body needs a Content-Length (and no Transfer-Encoding)"},
                                     status_code=411))
        if length is not None and (not length.isdigit() or int(length) > limit):
            return _secured(SafeJSON({"detail": f"request body over {limit} bytes"}, status_code=413))
        return _secured(await call_next(request), docs=request.url.path in DOCS)

    def locked_out(request: Request) -> None:
        """429 for a client locked out for guessing, whatever token it sends (the right one too: no oracle)."""
        wait = service.guessing(address(request))
        if wait is not None:
            raise Refused(429, "too many unknown tokens from this address", retry_after=wait)

    def participant(request: Request) -> Account:
        who = service.authenticate(bearer(request), address(request))
        if who is None:
            locked_out(request)
            raise Refused(401, "a participant's token is needed (Authorization: Bearer TOKEN)")
        return who

    def admin(request: Request) -> None:
        # Guessing the admin token counts as guessing any other: locked out, even the right one gets 429.
        locked_out(request)
        token = bearer(request)
        if not service.is_admin(token):
            service.admin_guessed(address(request), token)
            raise Refused(403, "the admin token is needed")

    Who = Annotated[Account, Depends(participant)]
    Sid = Annotated[int, Path(ge=1, le=MAX_ID)]

    @app.get("/api/contest", tags=["contest"])
    def contest() -> dict[str, Any]:
        """The contest: window, scoring, limits, languages, problems."""
        return service.info()

    @app.post("/api/register", tags=["participants"], status_code=201)
    def register(body: RegisterBody, request: Request) -> dict[str, Any]:
        """Redeem a registration code (or, under open registration, give a name): a token, shown once."""
        who, token = service.register(body.name, body.code, address(request))
        return {"participant": who.id, "name": who.name, "token": token}

    @app.get("/api/me", tags=["participants"])
    def me(who: Who) -> dict[str, Any]:
        """Who the token belongs to."""
        return {"participant": who.id, "name": who.name}

    @app.post("/api/submissions", tags=["submissions"], status_code=201)
    def submit(body: SubmitBody, who: Who) -> dict[str, Any]:
        """Submit: stored before this answers, then graded in the box; its id. 413 over the size limit,
        429 (Retry-After) over the rate or queue limit."""
        sid = service.submit(who, body.problem, body.source, body.language, body.filename)
        return {"id": sid, "state": "queued"}

    @app.get("/api/submissions", tags=["submissions"])
    def mine(who: Who) -> list[dict[str, Any]]:
        """Your submissions, newest first, with their state and verdict."""
        return service.mine(who)

    @app.get("/api/submissions/{sid}", tags=["submissions"])
    def one(sid: Sid, request: Request) -> dict[str, Any]:
        """One of your submissions: source, verdict, cases (sample cases in full, the others by verdict only)."""
        # A client locked out for guessing gets 429 before its token is looked at, the admin's included: a 200
        # for the right admin token against 429 for a wrong one told them apart at any rate (round 29).
        locked_out(request)
        token = bearer(request)
        if service.is_admin(token):
            return service.submission(None, sid, admin=True)
        return service.submission(participant(request), sid)

    @app.get("/api/scoreboard", tags=["contest"])
    def board(request: Request) -> dict[str, Any]:
        """The ranking; frozen for the public during a freeze, full with the admin token."""
        token = bearer(request)
        # Any token that is neither the admin's nor a participant's counts as a guess, and a client locked out
        # gets the public board whatever it sends: the full board during a freeze told a right admin token
        # from a wrong one at any rate, uncounted (round 29).
        if not token or service.guessing(address(request)) is not None:
            return service.scoreboard(full=False)
        if service.is_admin(token):
            return service.scoreboard(full=True)
        service.authenticate(token, address(request))  # counted unless a participant's (a page's cookie)
        return service.scoreboard(full=False)

    @app.post("/api/admin/problems/{problem}/cases", tags=["admin"], status_code=201,
              dependencies=[Depends(admin)])
    def add_cases(problem: str, body: CasesBody) -> dict[str, Any]:
        """Add cases (validated, answered by the reference, as `judge add-case --from`); rejudge to apply them."""
        return {"added": service.add_cases(problem, body.yaml, body.group, body.file)}

    @app.post("/api/admin/rejudge", tags=["admin"], dependencies=[Depends(admin)])
    def rejudge(body: RejudgeBody) -> dict[str, Any]:
        """Grade again one submission, or every graded submission of a problem."""
        if (body.submission is None) == (body.problem is None):
            raise Refused(422, "give exactly one of submission and problem")
        return {"queued": service.rejudge(body.problem, body.submission)}

    @app.post("/api/admin/freeze", tags=["admin"], dependencies=[Depends(admin)])
    def freeze() -> dict[str, Any]:
        """Freeze the public scoreboard now."""
        at = service.freeze(True)
        return {"frozen_at": None if at is None else at.isoformat()}

    @app.post("/api/admin/unfreeze", tags=["admin"], dependencies=[Depends(admin)])
    def unfreeze() -> dict[str, Any]:
        """Lift the freeze (the contest file's too): the public sees every result."""
        service.freeze(False)
        return {"frozen_at": None}

    @app.get("/api/admin/queue", tags=["admin"], dependencies=[Depends(admin)])
    def queue() -> dict[str, Any]:
        """Submissions by state, and the workers' process ids (embedded workers)."""
        return {"states": service.state.counts(), "grading": service.grader.busy(),
                "workers": service.grader.worker_pids()}

    from judge.service import pages

    pages.add_pages(app, service)
    return app

