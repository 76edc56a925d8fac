"""One exception tree for every error a user can cause or meet.

Every error carries *what* went wrong and *how to fix it*; the CLI prints them as one line,
``error: <what> — <fix>``, and exits with the error's ``exit_code``:

====  =======================================================================
code  meaning
====  =======================================================================
0     success
1     internal error (a bug: please report it with the trace file)
2     usage error (bad command-line arguments)
3     input error: a document or question file could not be used
4     configuration error (settings, ``.env``, missing API key)
5     model/backend error (API unreachable, refused, malformed output)
6     a check failed: ``--strict`` verification, or some batch items failed
7     storage error: a trace, batch output or cache file could not be written
130   interrupted (Ctrl-C)
====  =======================================================================
"""

from __future__ import annotations

from pathlib import Path

from .redact import clean

EXIT_OK = 0
EXIT_INTERNAL = 1
EXIT_USAGE = 2
EXIT_INPUT = 3
EXIT_CONFIG = 4
EXIT_BACKEND = 5
EXIT_CHECK_FAILED = 6
EXIT_STORAGE = 7
EXIT_INTERRUPTED = 130


class DocintelError(Exception):
    """Base of every docintel error: a message (*what*) and a remedy (*fix*)."""

    exit_code = EXIT_INTERNAL

    def __init__(self, what: str, fix: str = "") -> None:
        what, fix = clean(what), clean(fix)  # a server's words may quote the API key
        super().__init__(what)
        self.what = what
        self.fix = fix
        self.trace_id: str | None = None  # the trace that recorded this failure, when one was written
        self.trace_error: DocintelError | None = None  # why that trace could not be written, if it could not

    def __str__(self) -> str:
        return clean(f"{self.what} — {self.fix}" if self.fix else self.what)

    def to_dict(self) -> dict[str, str]:
        """The error in the form stored in traces and batch output (secrets masked, as in every error text)."""
        return {"type": type(self).__name__, "what": clean(self.what), "fix": clean(self.fix)}


class UsageError(DocintelError):
    """The command line asks for something impossible."""

    exit_code = EXIT_USAGE


class ConfigError(DocintelError):
    """A setting (environment, ``.env`` or flag) is invalid or missing."""

    exit_code = EXIT_CONFIG


class InputError(DocintelError):
    """An input file (PDF, question file) cannot be used."""

    exit_code = EXIT_INPUT


class DocumentNotFoundError(InputError):
    """A path does not exist, or a folder holds no PDF."""


class NotAPDFError(InputError):
    """The file is empty, or not a PDF at all (HTML or text renamed ``.pdf``)."""


class CorruptPDFError(InputError):
    """The file starts like a PDF but cannot be read (truncated or damaged)."""


class EncryptedPDFError(InputError):
    """The PDF needs a password that was not given, or the one given is wrong."""


class ParseTimeoutError(InputError):
    """Parsing one PDF took longer than the per-file limit (a damaged or pathological file)."""


class NoTextError(InputError):
    """The PDF has no extractable text at all (a scanned document)."""


class OcrUnavailableError(InputError):
    """A page needs OCR and Tesseract cannot be run (not installed, or the language is missing)."""


class QuestionFileError(InputError):
    """A question file cannot be read or has no usable question."""


class TraceError(InputError):
    """A stored trace is missing or damaged."""


class BackendError(DocintelError):
    """The answering backend failed (network, rate limit, refusal, bad output)."""

    exit_code = EXIT_BACKEND


class CheckFailedError(DocintelError):
    """A check the user asked for failed (``--strict`` verification)."""

    exit_code = EXIT_CHECK_FAILED


class StorageError(DocintelError):
    """A file docintel must write (trace, batch output) cannot be written: the folder is read-only,
    missing, a file, or the disk is full."""

    exit_code = EXIT_STORAGE


def storage_error(action: str, where: Path, exc: OSError, fix: str) -> StorageError:
    """A StorageError for an OSError met while writing *where* ("cannot <action> <where> (<reason>)")."""
    reason = exc.strerror or str(exc) or type(exc).__name__
    return StorageError(f"cannot {action} {where} ({reason})", fix)
