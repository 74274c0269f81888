"""The pages people use, server-rendered with Jinja2 (autoescaped) and one small script for the live
parts (/static/live.js polls the JSON API and sets text, never markup): home with sign-in and
registration, the submit form, "my submissions" updating live, one submission with its first failing
sample case drawn as the HTML report draws it, and the public scoreboard for a projector.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import jinja2
from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from judge.results.html import failure_view
from judge.results.text import html_value
from judge.service.app import COOKIE, address, bearer
from judge.service.grader import failure_record
from judge.service.service import Refused, Service
from judge.verdict import Verdict

TEMPLATES = Path(__file__).resolve().parent / "templates"
# the service's own pages, and the results' templates for what they share with the HTML page (_drawn.html)
_ENV = jinja2.Environment(loader=jinja2.ChoiceLoader([jinja2.FileSystemLoader(TEMPLATES),
                                                      jinja2.PackageLoader("judge.results", "templates")]),
                          autoescape=True, finalize=html_value,
                          trim_blocks=True, lstrip_blocks=True)
COLOURS = {v.value: v.colour for v in Verdict}


def add_pages(app: FastAPI, service: Service) -> None:
    """Mount the pages on the app."""

    def page(name: str, request: Request, status: int = 200, **values: Any) -> HTMLResponse:
        who = service.authenticate(bearer(request), address(request))
        html = _ENV.get_template(name).render(contest=service.info(), who=who, colours=COLOURS, **values)
        return HTMLResponse(html, status_code=status)

    def signed_in(request: Request, response: Response, token: str) -> Response:
        # Secure behind TLS (the proxy's X-Forwarded-Proto): the token is never sent over plain HTTP then
        response.set_cookie(COOKIE, token, httponly=True, samesite="strict", max_age=14 * 24 * 3600,
                            secure=request.url.scheme == "https")
        return response

    @app.get("/", response_class=HTMLResponse, include_in_schema=False)
    def home(request: Request) -> Response:
        return page("home.html", request)

    @app.post("/login", include_in_schema=False)
    async def login(request: Request) -> Response:
        form = await request.form()
        token = str(form.get("token", ""))
        if service.authenticate(token, address(request)) is None:
            return page("home.html", request, 401, error="unknown token")
        return signed_in(request, RedirectResponse("/my", status_code=303), token)

    @app.post("/register", include_in_schema=False)
    async def register(request: Request) -> Response:
        form = await request.form()
        try:
            who, token = service.register(str(form.get("name", "")) or None, str(form.get("code", "")) or None,
                                         address(request))
        except Refused as exc:
            return page("home.html", request, exc.status, error=exc.message)
        return signed_in(request, page("registered.html", request, account=who, token=token), token)

    @app.post("/logout", include_in_schema=False)
    def logout() -> Response:
        response = RedirectResponse("/", status_code=303)
        response.delete_cookie(COOKIE)
        return response

    @app.get("/submit", response_class=HTMLResponse, include_in_schema=False)
    def submit_form(request: Request) -> Response:
        if service.authenticate(bearer(request), address(request)) is None:
            return RedirectResponse("/", status_code=303)
        return page("submit.html", request)

    @app.post("/submit", include_in_schema=False)
    async def submit(request: Request) -> Response:
        who = service.authenticate(bearer(request), address(request))
        if who is None:
            return RedirectResponse("/", status_code=303)
        form = await request.form()
        upload = form.get("file")
        fields = {name: form.get(name, "") for name in ("source", "problem", "language")}
        if not all(isinstance(value, str) for value in fields.values()):
            # A file part where a text field was due: its repr was graded as the source (round 29).
            return page("submit.html", request, 422, error="source, problem and language are text fields; "
                                                           "a file goes in the file field")
        source, filename = str(fields["source"]), None
        if upload is not None and not isinstance(upload, str) and upload.filename:
            data = await upload.read()
            try:
                source, filename = data.decode("utf-8"), upload.filename
            except UnicodeDecodeError:
                return page("submit.html", request, 422, error="the file is not UTF-8 text")
        try:
            service.submit(who, str(fields["problem"]), source, str(fields["language"]) or None, filename)
        except Refused as exc:
            headers = {"Retry-After": str(int(exc.retry_after))} if exc.retry_after is not None else {}
            response = page("submit.html", request, exc.status, error=exc.message, source=source)
            response.headers.update(headers)
            return response
        return RedirectResponse("/my", status_code=303)

    @app.get("/my", response_class=HTMLResponse, include_in_schema=False)
    def my(request: Request) -> Response:
        who = service.authenticate(bearer(request), address(request))
        if who is None:
            return RedirectResponse("/", status_code=303)
        return page("my.html", request, submissions=service.mine(who))

    @app.get("/my/{sid}", response_class=HTMLResponse, include_in_schema=False)
    def detail(sid: int, request: Request) -> Response:
        who = service.authenticate(bearer(request), address(request))
        if who is None:
            return RedirectResponse("/", status_code=303)
        try:
            shown = service.submission(who, sid)
        except Refused as exc:
            return page("home.html", request, exc.status, error=exc.message)
        record = failure_record(shown["failure"])
        drawn = failure_view(record) if record is not None else None
        return page("submission.html", request, s=shown, failure=drawn)

    @app.get("/scoreboard", response_class=HTMLResponse, include_in_schema=False)
    def board(request: Request) -> Response:
        return page("scoreboard.html", request, board=service.scoreboard())

    @app.get("/static/live.js", include_in_schema=False)
    def script() -> Response:
        return Response((TEMPLATES / "live.js").read_text(encoding="utf-8"), media_type="text/javascript")
