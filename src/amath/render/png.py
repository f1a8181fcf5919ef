"""SVG to PNG with whatever converter is installed: cairosvg (PyPI) or ``rsvg-convert``.

Both are optional; :class:`ConverterMissing` says how to get one.
"""

from __future__ import annotations

import importlib
import shutil
import subprocess
from pathlib import Path

from amath.core.errors import AmathError


class ConverterMissing(AmathError):
    """No SVG-to-PNG converter is installed."""


HOW_TO_INSTALL = (
    "PNG output needs an SVG converter: 'pip install cairosvg', or 'apt-get install librsvg2-bin' "
    "for rsvg-convert; or write an .svg file instead"
)


def available() -> str | None:
    """The name of the converter that :func:`svg_to_png` would use, or None."""
    try:
        importlib.import_module("cairosvg")
        return "cairosvg"
    except ImportError:
        pass
    if shutil.which("rsvg-convert"):
        return "rsvg-convert"
    return None


def svg_to_png(svg: str, path: Path, scale: float = 1.0) -> None:
    """Write ``svg`` as a PNG file at ``path``; raise :class:`ConverterMissing` without a converter."""
    tool = available()
    if tool == "cairosvg":
        cairosvg = importlib.import_module("cairosvg")
        cairosvg.svg2png(bytestring=svg.encode("utf-8"), write_to=str(path), scale=scale)
    elif tool == "rsvg-convert":
        cmd = ["rsvg-convert", "--format", "png", "--zoom", str(scale), "--output", str(path)]
        done = subprocess.run(cmd, input=svg.encode("utf-8"), capture_output=True, check=False)
        if done.returncode != 0:
            detail = done.stderr.decode(errors="replace").strip()
            raise AmathError(f"rsvg-convert failed: {detail}", code="converter_failed", detail=detail)
    else:
        raise ConverterMissing(HOW_TO_INSTALL, code="no_converter")
