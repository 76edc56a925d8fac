"""What every answering backend shares: the Backend protocol, the typed Generation it returns, token
usage, and BackendFailure (an error that carries the raw response for the trace).

Importing this module imports no SDK: the openai client is imported only when that backend is made.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from pydantic import BaseModel, Field

from ..context.pack import Context
from ..context.prompts import Prompt
from ..errors import BackendError
from ..question.parse import ParsedQuestion

Outcome = Literal["answered", "refused", "context_empty"]


class Usage(BaseModel):
    """Tokens used by one call."""

    input_tokens: int = 0
    output_tokens: int = 0
    cached_tokens: int = 0
    total_tokens: int = 0


class Generation(BaseModel):
    """What a backend produced: the answer plus everything a trace needs."""

    model_config = {"arbitrary_types_allowed": True}

    backend: str
    model: str | None
    answer: BaseModel
    outcome: Outcome
    raw_response: dict[str, Any] | None
    request: dict[str, Any]
    request_id: str | None
    usage: Usage
    latency_s: float
    retries: int | None
    notes: list[str]
    alternatives: list[BaseModel] = Field(
        default_factory=list,
        description="the offline backend's next answers (the next amounts it looked up, best first): tried in turn "
        "when the answer is not supported, the first supported kept",
    )


class Backend(Protocol):
    """The interface every backend implements."""

    name: str

    def generate(
        self, prompt: Prompt, schema: type[BaseModel], shape: str, context: Context, parsed: ParsedQuestion
    ) -> Generation:
        """Answer the prompt with an instance of *schema*."""
        ...


class BackendFailure(BackendError):
    """A backend error that carries the raw response (or error body) and the request for the trace.

    *request* is the request record as a success would store it: model, parameters, the messages
    sent and every attempt, so that a failed call can be read and replayed.
    """

    def __init__(
        self,
        what: str,
        fix: str,
        *,
        raw: dict[str, Any] | None = None,
        request_id: str | None = None,
        usage: Usage | None = None,
        request: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(what, fix)
        self.raw = raw
        self.request_id = request_id
        self.usage = usage
        self.request = request
