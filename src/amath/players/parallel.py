"""Run one function over many tasks: in this process, in worker processes, or on a Ray cluster.

Self-play and leave fitting both go through :func:`run_ordered`, so a run is the same
code whichever way it is spread.  Results come back in task order, and every task
carries its own seed, so the answers do not depend on where or in which order tasks ran.

Ray is optional (``pip install 'amath[ray]'``): ``ray="local"`` starts a private Ray on
this machine (what the tests use), ``ray="auto"`` joins the cluster this machine belongs
to, and an address (``ray://host:10001`` or ``host:6379``) joins that one.  Every node of
a cluster needs ``amath`` installed.

>>> list(run_ordered(abs, [-3, 2, -1], Workers()))
[3, 2, 1]
"""

from __future__ import annotations

import collections
import multiprocessing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from amath.core.errors import AmathError

T = TypeVar("T")
R = TypeVar("R")

#: Tasks in flight per worker on Ray (enough to keep workers busy, few enough to stream).
RAY_IN_FLIGHT_PER_CPU = 2


class ParallelError(AmathError):
    """Workers that cannot be had: Ray not installed, or no cluster at the address."""


@dataclass(frozen=True, slots=True)
class Workers:
    """Where tasks run: ``jobs`` processes on this machine, or Ray when ``ray`` is set."""

    jobs: int = 1
    ray: str | None = None


def run_ordered(fn: Callable[[T], R], tasks: Sequence[T], workers: Workers) -> Iterator[R]:
    """``fn`` over ``tasks``, results in task order.  ``fn`` must be a module-level function."""
    if workers.jobs < 1:
        raise ParallelError(f"the number of jobs must be at least 1, not {workers.jobs}", code="jobs_too_few", jobs=workers.jobs)
    if workers.ray is not None:
        return _on_ray(fn, tasks, workers)
    if workers.jobs == 1 or len(tasks) <= 1:
        return map(fn, tasks)
    return _on_processes(fn, tasks, workers.jobs)


def _on_processes(fn: Callable[[T], R], tasks: Sequence[T], jobs: int) -> Iterator[R]:
    pool = multiprocessing.get_context("spawn").Pool(min(jobs, len(tasks)))
    try:
        yield from pool.imap(fn, tasks)
    finally:
        pool.terminate()


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise ParallelError("Ray is not installed: pip install 'amath[ray]'", code="ray_missing") from None
    return ray


def _connect(ray: Any, where: str, jobs: int) -> bool:
    """Start or join Ray; True when this call started it (and so shuts it down)."""
    if ray.is_initialized():
        return False
    quiet: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "warning"}
    try:
        if where == "local":
            ray.init(num_cpus=jobs, **quiet)
        else:
            ray.init(address=where, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        raise ParallelError(
            f"cannot reach a Ray cluster at {where!r}: {exc}", code="ray_unreachable", address=where, detail=str(exc)
        ) from None
    return True


def _on_ray(fn: Callable[[T], R], tasks: Sequence[T], workers: Workers) -> Iterator[R]:
    ray = _import_ray()
    started = _connect(ray, workers.ray or "local", workers.jobs)
    try:
        remote = ray.remote(fn)
        cpus = int(ray.cluster_resources().get("CPU", workers.jobs)) or 1
        window = max(1, cpus * RAY_IN_FLIGHT_PER_CPU)
        pending: collections.deque[Any] = collections.deque()
        queued = iter(tasks)
        for task in queued:
            pending.append(remote.remote(task))
            if len(pending) >= window:
                break
        while pending:
            result: R = ray.get(pending.popleft())
            for task in queued:
                pending.append(remote.remote(task))
                break
            yield result
    finally:
        if started:
            ray.shutdown()
