"""The scaling-out flags of ``ingest`` and ``batch``: --ray ADDRESS, --via batch-api, --wait."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..errors import UsageError

if TYPE_CHECKING:
    from ..apps.batch import BatchSummary
    from ..ingest.documents import Ingestor
    from ..pipeline import Pipeline

RAY_HELP = (
    "run on Ray (pip install 'docintel[ray]'): 'local' starts a Ray on this machine, 'auto' joins the cluster "
    "this machine belongs to, HOST:6379 or 'ray://HOST:10001' a given cluster (docintel installed on its nodes; "
    "PATHs, --cache-dir and --traces-dir on storage every node sees); DOCINTEL_RAY_ADDRESS. With batch, --workers "
    "is the number of Ray actors answering (at most one per CPU of the cluster)"
)


def ray_flag(parser: argparse.ArgumentParser) -> None:
    """--ray ADDRESS."""
    parser.add_argument("--ray", metavar="ADDRESS", dest="ray_address", help=RAY_HELP)


def batch_flags(parser: argparse.ArgumentParser) -> None:
    """--via, --wait and --ray of ``batch``."""
    parser.add_argument(
        "--via",
        choices=["sync", "batch-api"],
        default="sync",
        help="sync (default): one model call per question as it comes; batch-api: the calls go through the "
        "OpenAI Batch API (half the price, results within 24 h): the requests are uploaded as JSONL, the batch "
        "ids recorded in OUT.batches.json and the run ends; rerun the same command (or add --wait) to collect, "
        "verify and write the answers. A request the batch failed, expired or cancelled is sent synchronously; "
        "no question is asked twice. --api chat sends them to /v1/chat/completions",
    )
    parser.add_argument(
        "--wait",
        action="store_true",
        help="with --via batch-api: stay and poll (every DOCINTEL_BATCH_POLL_S, default 30 s) until every batch "
        "has finished and its answers are written; Ctrl-C stops waiting, the batches go on and a rerun collects",
    )
    ray_flag(parser)


def with_ray(pipeline: Pipeline) -> Pipeline:
    """*pipeline*, parsing on Ray when --ray or DOCINTEL_RAY_ADDRESS names a cluster (joined now: a wrong address
    is said before anything is read)."""
    pipeline.ingestor = ray_ingestor(pipeline.ingestor)
    return pipeline


def ray_ingestor(ingestor: Ingestor) -> Ingestor:
    """*ingestor*, or one parsing on Ray when --ray or DOCINTEL_RAY_ADDRESS names a cluster (joined now)."""
    if not ingestor.settings.ray_address:
        return ingestor
    from ..ingest.ray_parse import RayIngestor, connect

    connect(ingestor.settings.ray_address)
    return RayIngestor.like(ingestor)


Runner = Callable[..., "BatchSummary"]


def batch_runner(args: argparse.Namespace, pipeline: Pipeline) -> Runner:
    """The function that answers the questions: synchronous in threads, on Ray, or through the Batch API."""
    if args.wait and args.via != "batch-api":
        raise UsageError("--wait only means something with --via batch-api", "add --via batch-api or drop --wait")
    address = pipeline.settings.ray_address
    if args.via == "batch-api":
        if address:
            raise UsageError(
                "--ray and --via batch-api do not combine (the Batch API does the answering)",
                "drop --ray (or unset DOCINTEL_RAY_ADDRESS), or use --via sync",
            )
        from ..apps.batch_api import run_batch_api

        def through_batches(*pos: Any, **kw: Any) -> BatchSummary:
            return run_batch_api(*pos, wait=args.wait, **kw)

        return through_batches
    if address:
        from ..apps.ray_jobs import run_batch_ray

        def on_ray(*pos: Any, **kw: Any) -> BatchSummary:
            return run_batch_ray(*pos, address=address, **kw)

        return on_ray
    from ..apps.batch import run_batch

    return run_batch


def batch_notes(summary: Any) -> str:
    """What a Batch API run adds to the summary: requests sent, questions waiting, the batches."""
    if not hasattr(summary, "submitted"):
        return ""
    lines = [
        f"batch api: {summary.submitted} requests submitted this run, {summary.waiting} questions waiting, "
        f"{summary.retried_sync} requests retried synchronously (failed, expired or cancelled in their batch)"
    ]
    if summary.resent_changed:
        changed = summary.resent_changed
        lines.append(f"  {changed} requests changed since their batch (documents or settings): sent again")
    lines += [f"  {b['id']}: {b['status']} ({b['requests']} requests)" for b in summary.batches]
    if summary.waiting:
        lines.append(f"  batches recorded in {summary.state_file}: rerun the same command (or add --wait) to collect")
    return "\n".join(lines)
