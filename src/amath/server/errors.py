"""The one error the API raises: an HTTP status and a message saying what was wrong."""

from __future__ import annotations


class ApiError(Exception):
    """A request the server refuses; ``status`` is a 4xx code, ``message`` is for people."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message
