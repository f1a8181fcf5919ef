"""The one error the API raises: an HTTP status and a message saying what was wrong."""

from __future__ import annotations

from typing import Any

from amath.apps.error_text import error_json
from amath.core.errors import AmathError


class ApiError(Exception):
    """A request the server refuses; ``status`` is a 4xx code, ``message`` is for people.

    ``cause``, the library error behind it (if any), gives the page its ``code`` and the
    message in every language, so the page translates by code, not by English text;
    the server's own refusals can say the same with ``code`` and ``th`` (the Thai text).
    """

    def __init__(
        self, status: int, message: str, cause: AmathError | None = None, *, code: str | None = None, th: str | None = None
    ) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
        self.cause = cause
        self.code = code
        self.th = th

    def body(self) -> dict[str, Any]:
        """The JSON body: ``{"error": message}``, plus ``code``, ``params`` and ``messages`` from a library error."""
        out: dict[str, Any] = {"error": self.message}
        if self.cause is not None:
            coded = error_json(self.cause)
            out.update(code=coded["code"], params=coded["params"], messages=coded["messages"])
        elif self.code is not None:
            out.update(code=self.code, params={}, messages={"en": self.message, "th": self.th or self.message})
        return out
