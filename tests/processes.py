"""Forked worker processes for the tests that count across processes, as gunicorn's workers do."""

from __future__ import annotations

import multiprocessing


def in_processes(target, count: int) -> list:
    """Run ``target(barrier, queue)`` in ``count`` forked processes at once (as gunicorn's workers); their
    answers."""
    context = multiprocessing.get_context("fork")
    barrier, queue = context.Barrier(count), context.Queue()
    processes = [context.Process(target=target, args=(barrier, queue)) for _ in range(count)]
    for process in processes:
        process.start()
    answers = [queue.get(timeout=60) for _ in processes]
    for process in processes:
        process.join(timeout=30)
        assert process.exitcode == 0
    return answers
