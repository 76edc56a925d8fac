"""The viewer's HTTP server (standard library ``http.server``, one thread per request).

Routes: ``/`` the list (``?status=&doc=&since=&q=&limit=``), ``/trace/ID`` a trace page,
``/trace/ID/page/N/P.png`` page P of the trace's document N, ``/trace/ID/doc/N.pdf`` that document,
``/trace/ID/export.html`` the self-contained export, and ``POST /ask`` (question, scope, token).

Safety: the server answers only requests whose Host is the address it is bound to (a web page elsewhere
cannot reach it by DNS rebinding), ``POST /ask`` needs the token printed into this server's own forms (no
other site can make it ask, and pay for, questions), a document is served only through a trace that names
it and only while its content hash matches, and nothing is written but the traces of questions asked.
"""

from __future__ import annotations

import hmac
import secrets
import sys
import threading
from collections import OrderedDict
from datetime import UTC, datetime
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, quote, unquote, urlsplit

from ..errors import DocintelError
from ..redact import clean
from ..settings import Settings
from ..traces.store import TraceStore
from .art import PageArt, open_art
from .evidence import cited_documents
from .guard import Guard, Refused
from .html import esc, page
from .listpage import LIST_LIMITS, Filters, ask_form, list_page
from .tracepage import Links, trace_page

if TYPE_CHECKING:
    from ..pipeline import Pipeline

MAX_FORM_BYTES = 64 * 1024
PNG_CACHE_PAGES = 64
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; "
    "script-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}


class NotFound(Refused):
    """Nothing is at this address."""


class Viewer:
    """What the handler serves: traces (read only), checked documents, and asking through the pipeline."""

    def __init__(
        self, settings: Settings, pipeline: Pipeline | None, paths: list[Path], password: str | None = None
    ) -> None:
        self.settings = settings
        self.password = password
        self.store = TraceStore(settings.traces_dir, read_only=True)
        self.guard = Guard(self.store)
        self.pipeline = pipeline
        self.paths = paths
        self.token = secrets.token_urlsafe(24)
        self._arts: dict[tuple[str, str, str], tuple[PageArt | None, str]] = {}
        self._pngs: OrderedDict[tuple[str, str, int], bytes] = OrderedDict()
        self._lock = threading.Lock()
        self._ask_lock = threading.Lock()

    # ------------------------------------------------------------------------------ pages

    def list_html(self, query: dict[str, list[str]], error: str = "") -> str:
        """The list page for a query string."""
        filters = _filters(query)
        since = _since(filters.since)
        rows, problems = self.store.query(
            status=filters.status or None, since=since, grep=filters.q or None, doc=filters.doc or None,
            limit=filters.limit,
        )  # fmt: skip
        form = ask_form(self.token, [str(p) for p in self.paths] if self.pipeline else [])
        empty = "" if rows or self.store.query(limit=1)[0] else f"No traces in {self.store.root} yet: ask a question."
        return list_page(rows, problems, filters, form, error, empty)

    def trace_html(self, trace_id: str) -> str:
        """The page of one trace, its cited pages from the checked documents."""
        trace = self.guard.trace(trace_id)
        tid = quote(trace["trace_id"])
        arts = {i: self.art(trace, i) for i in cited_documents(trace)}
        links = Links(
            home="/",
            trace=lambda other: f"/trace/{quote(other)}",
            image=lambda n, p: f"/trace/{tid}/page/{n}/{p}.png",
            pdf=lambda n, p: (
                f"/trace/{tid}/doc/{n}.pdf#page={p}" if n in arts and not arts[n][1].endswith(_REFUSED) else None
            ),
            ask_form=ask_form(self.token, [str(p) for p in self.paths], trace["trace_id"]) if self.pipeline else "",
            export=f"/trace/{tid}/export.html",
            arts=arts,
        )
        return trace_page(trace, links, self.turns(trace))

    def turns(self, trace: dict[str, Any]) -> list[dict[str, Any]] | None:
        """The traces of the trace's chat session, in turn order (None for a single question)."""
        session = trace.get("session")
        if not session:
            return None
        try:
            return self.store.session(session["session_id"])
        except DocintelError:
            return None

    def art(self, trace: dict[str, Any], doc_index: int) -> tuple[PageArt | None, str]:
        """The page art of a trace's document, or None and why not (missing, changed, no geometry)."""
        try:
            record, path = self.guard.document(trace, doc_index)
        except Refused as exc:
            return None, f"{exc}{_REFUSED}"
        key = (str(path), record["content_hash"], str(record.get("extractor_version")))
        with self._lock:
            if key not in self._arts:
                self._arts[key] = open_art(path, record, self.settings, self.password)
            return self._arts[key]

    def png(self, trace_id: str, doc_index: int, page_number: int) -> bytes:
        """A page of a trace's document as PNG (only while the document's content hash matches)."""
        trace = self.guard.trace(trace_id)
        record, path = self.guard.document(trace, doc_index)
        if not 1 <= page_number <= int(record["n_pages"]):
            raise NotFound(f"{record['doc_id']} has pages 1-{record['n_pages']}")
        key = (str(path), record["content_hash"], page_number)
        with self._lock:
            if key in self._pngs:
                self._pngs.move_to_end(key)
                return self._pngs[key]
        art, reason = self.art(trace, doc_index)
        if art is None:
            raise NotFound(reason)
        try:
            data = art.png(page_number)
        except DocintelError as exc:
            raise NotFound(f"page {page_number} of {record['doc_id']} cannot be drawn ({exc.what})") from None
        with self._lock:
            self._pngs[key] = data
            while len(self._pngs) > PNG_CACHE_PAGES:
                self._pngs.popitem(last=False)
        return data

    def pdf(self, trace_id: str, doc_index: int) -> bytes:
        """A trace's document, only while its content hash matches."""
        _, path = self.guard.document(self.guard.trace(trace_id), doc_index)
        return path.read_bytes()

    # ------------------------------------------------------------------------------ asking

    def ask(self, form: dict[str, list[str]]) -> str:
        """Run the pipeline on the form's question; the id of the new trace. DocintelError when it fails."""
        if self.pipeline is None:
            raise Refused("this viewer was started without asking")
        question = (form.get("question") or [""])[0]
        scope = (form.get("scope") or ["paths"])[0]
        if scope == "trace":
            trace = self.guard.trace((form.get("trace") or [""])[0])
            paths = [self.guard.document(trace, i)[1] for i in range(len(trace.get("documents") or []))]
        elif scope == "paths" and self.paths:
            paths = list(self.paths)
        else:
            raise Refused("no documents to ask over: start docintel view with PATH arguments, or ask from a trace page")
        with self._ask_lock:  # one question at a time: a local viewer, and the backend's rate limits
            result = self.pipeline.ask(question, paths)
        if result.trace_path is None:
            raise result.trace_error or Refused("the trace of the answer could not be written")
        return result.trace_id


_REFUSED = ", so it is not shown: its cited lines are listed from the trace"


def _filters(query: dict[str, list[str]]) -> Filters:
    def first(name: str) -> str:
        return (query.get(name) or [""])[0].strip()

    try:
        limit = int(first("limit") or Filters.limit)
    except ValueError:
        limit = Filters.limit
    return Filters(
        status=first("status"),
        doc=first("doc"),
        since=first("since"),
        q=first("q"),
        limit=limit if limit in LIST_LIMITS else Filters.limit,
    )


def _since(value: str) -> str | None:
    if not value:
        return None
    try:
        moment = datetime.fromisoformat(value)
    except ValueError:
        raise Refused(f"since {value!r} is not a date (write YYYY-MM-DD)") from None
    return (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


class Handler(BaseHTTPRequestHandler):
    """One request: route it, answer it, never let an exception reach the client as a traceback."""

    viewer: Viewer
    allowed_hosts: frozenset[str] | None  # None: any Host (bound with --host)
    server_version = "docintel-view"
    sys_version = ""

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        """Serve a page, an image, a document or an export."""
        if not self._host_ok():
            return
        url = urlsplit(self.path)
        parts = [unquote(p) for p in url.path.split("/") if p]
        try:
            self._route_get(parts, parse_qs(url.query))
        except NotFound as exc:
            self._error(HTTPStatus.NOT_FOUND, str(exc))
        except Refused as exc:
            self._error(HTTPStatus.FORBIDDEN, str(exc))
        except DocintelError as exc:  # e.g. the traces folder became a file
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, str(exc))
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away
        except Exception as exc:  # a bug: one line on the console and on the page, never a traceback
            self._internal(exc)

    def _route_get(self, parts: list[str], query: dict[str, list[str]]) -> None:
        viewer = self.viewer
        if not parts:
            try:
                self._send(HTTPStatus.OK, viewer.list_html(query).encode(), "text/html; charset=utf-8")
            except Refused as exc:
                self._send(HTTPStatus.BAD_REQUEST, viewer.list_html({}, str(exc)).encode(), "text/html; charset=utf-8")
        elif parts == ["favicon.ico"]:
            self._send(HTTPStatus.NO_CONTENT, b"", "image/x-icon")
        elif len(parts) == 2 and parts[0] == "trace":
            self._send(HTTPStatus.OK, viewer.trace_html(parts[1]).encode(), "text/html; charset=utf-8")
        elif len(parts) == 5 and parts[0] == "trace" and parts[2] == "page" and parts[4].endswith(".png"):
            data = viewer.png(parts[1], _number(parts[3]), _number(parts[4].removesuffix(".png")))
            self._send(HTTPStatus.OK, data, "image/png", cache=True)
        elif len(parts) == 4 and parts[0] == "trace" and parts[2] == "doc" and parts[3].endswith(".pdf"):
            self._send(HTTPStatus.OK, viewer.pdf(parts[1], _number(parts[3].removesuffix(".pdf"))), "application/pdf")
        elif len(parts) == 3 and parts[0] == "trace" and parts[2] == "export.html":
            from .export import export_html

            trace = viewer.guard.trace(parts[1])
            data = export_html(trace, viewer.guard, viewer.settings, viewer.turns(trace), viewer.password).encode()
            disposition = f'attachment; filename="docintel-{trace["trace_id"]}.html"'
            self._send(HTTPStatus.OK, data, "text/html; charset=utf-8", disposition=disposition)
        else:
            raise NotFound(f"nothing at {self.path[:200]}")

    def do_POST(self) -> None:  # noqa: N802 (http.server's name)
        """``POST /ask``: check the token, run the question, open its trace."""
        if not self._host_ok():
            return
        if urlsplit(self.path).path != "/ask":
            self._error(HTTPStatus.NOT_FOUND, f"nothing to post at {self.path[:200]}")
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_FORM_BYTES:
            self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "the question form is too large")
            return
        form = parse_qs(self.rfile.read(length).decode("utf-8", "replace"))
        if not hmac.compare_digest((form.get("token") or [""])[0], self.viewer.token):
            self._error(HTTPStatus.FORBIDDEN, "this form is not from this viewer (reload the page and ask again)")
            return
        try:
            trace_id = self.viewer.ask(form)
        except Refused as exc:
            self._error(HTTPStatus.BAD_REQUEST, str(exc))
            return
        except DocintelError as exc:
            if exc.trace_id:  # the failure is traced: its page shows the error
                trace_id = exc.trace_id
            else:
                self._error(HTTPStatus.BAD_REQUEST, str(exc))
                return
        except Exception as exc:  # a bug
            self._internal(exc)
            return
        self.send_response(HTTPStatus.SEE_OTHER)
        self.send_header("Location", f"/trace/{quote(trace_id)}")
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _internal(self, exc: Exception) -> None:
        message = clean(f"internal error ({type(exc).__name__}: {exc}) — please report it")
        print(f"error: {message}", file=sys.stderr)
        try:
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, message)
        except OSError:
            pass

    def _host_ok(self) -> bool:
        host = (self.headers.get("Host") or "").lower()
        if self.allowed_hosts is not None and host not in self.allowed_hosts:
            self._error(HTTPStatus.MISDIRECTED_REQUEST, f"this viewer answers only at {sorted(self.allowed_hosts)[0]}")
            return False
        return True

    def _send(self, status: int, data: bytes, kind: str, *, cache: bool = False, disposition: str = "") -> None:
        if kind.startswith("text/"):  # a trace written before the key was masked wherever it stands
            data = clean(data.decode("utf-8", errors="replace")).encode()
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(data)))
        for name, value in SECURITY_HEADERS.items():
            if not (cache and name == "Cache-Control"):
                self.send_header(name, value)
        if cache:
            self.send_header("Cache-Control", "private, max-age=300")
        if disposition:
            self.send_header("Content-Disposition", disposition)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def _error(self, status: int, message: str) -> None:
        body = page(f"docintel — {status}", f"<h1>{status} {esc(HTTPStatus(status).phrase)}</h1><p>{esc(message)}</p>")
        self._send(status, body.encode(), "text/html; charset=utf-8")

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 (http.server's signature)
        """Quiet: requests are not logged (errors are shown on the page)."""


def _number(text: str) -> int:
    if not text.isdigit() or len(text) > 6:
        raise NotFound(f"{text[:20]!r} is not a number")
    return int(text)


def make_server(viewer: Viewer, host: str, port: int, any_host: bool) -> ThreadingHTTPServer:
    """A server bound to *host*:*port* (port 0: a free one); with *any_host*, any Host header is answered."""
    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    bound = server.server_address[1]
    names = {host, "localhost", "127.0.0.1", "[::1]"}
    allowed = None if any_host else frozenset(f"{name}:{bound}".lower() for name in names)
    handler = type("BoundHandler", (Handler,), {"viewer": viewer, "allowed_hosts": allowed})
    server.RequestHandlerClass = handler
    return server
