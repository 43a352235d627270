"""Every benchmark, each against a floor measured in the same run, on SQLite and PostgreSQL, and
side by side with ihatemoney (bench/peer.py): prints a table, writes bench/results.json, and fails
nothing by itself.

Run: make bench   (or .venv/bin/python -m bench.run [--quick])
"""

import json
import os
import platform
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

from bench import peer

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results.json"


def in_subprocess(module: str, env: dict[str, str] | None = None, wrap: list[str] | None = None):
    """Runs `python -m module --json` (in its own process: settings are read once per process)."""
    command = [*(wrap or []), sys.executable, "-m", module, "--json"]
    done = subprocess.run(
        command, cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True, text=True
    )
    if done.returncode:
        return {"name": module, "error": done.stderr.strip().splitlines()[-1:]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def load_test(seconds: int, tables: int, env: dict[str, str] | None = None, wrap=None) -> dict:
    """`make load`'s locustfile: `tables` tables scoring, two watchers each, no board."""
    out = ROOT / "bench" / ".load.json"
    command = [*(wrap or []), sys.executable, "-m", "locust", "-f", "scripts/locustfile.py"]
    command += ["--headless", "--serve=prod", "--workers=2", f"--tables={tables}", "--boards=0"]
    command += [f"--users={3 * tables}", f"--spawn-rate={tables}", f"--run-time={seconds}s"]
    command += ["--stop-timeout=30", "--only-summary", f"--results={out}"]
    subprocess.run(command, cwd=ROOT, env={**os.environ, **(env or {})}, capture_output=True)
    try:
        found = json.loads(out.read_text())
    except FileNotFoundError:
        return {"error": "the load test wrote no results"}
    finally:
        out.unlink(missing_ok=True)
    kinds = found["kinds"]
    return {
        "tables": tables,
        "seconds": seconds,
        "workers": 2,
        "hands_recorded": found["hands"],
        "requests": found["requests"],
        "requests_per_second": found["requests_per_second"],
        "post_p50_ms": kinds["record a hand"]["p50_ms"],
        "post_p95_ms": kinds["record a hand"]["p95_ms"],
        "watch_p50_ms": kinds["watch poll"]["p50_ms"],
        "watch_p95_ms": kinds["watch poll"]["p95_ms"],
        "errors": found["errors"] + len(found["problems"]),
        "first_errors": found["problems"][:10],
    }


def machine() -> dict:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "python": platform.python_version(),
        "system": platform.platform(terse=True),
        "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
    }


def run(quick: bool = False) -> dict:
    postgres = [str(ROOT / "scripts" / "with-postgres")]
    seconds, tables = (15, 20) if quick else (30, 50)
    # Each database its own run: the settings pick the database when the process starts.
    no_url = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    os.environ.clear()
    os.environ.update(no_url)
    results = {
        "machine": machine(),
        "engine": in_subprocess("bench.engine"),
        "pdf": in_subprocess("bench.pdf"),
        "pages": {
            "sqlite": in_subprocess("bench.pages"),
            "postgresql": in_subprocess("bench.pages", wrap=postgres),
        },
        "load": {
            "sqlite": load_test(seconds, tables),
            "postgresql": load_test(seconds, tables, wrap=postgres),
        },
        "peer": in_subprocess("bench.peer"),
    }
    RESULTS.write_text(json.dumps(results, indent=2) + "\n")
    return results


def table(results: dict) -> str:
    """The results as the Markdown table the README shows."""
    m = results["machine"]
    lines = [
        f"Measured {m['date']} on {m['cores']} cores ({m['cpu']}), Python {m['python']}, "
        f"load average {m['load_average']:.1f}.",
        "",
        "| what | figure | floor | ratio | target |",
        "|---|---|---|---|---|",
    ]
    engine = results["engine"]
    for row in engine.get("sizes", []):
        lines.append(
            f"| engine: replay {row['hands']:,} hands | {row['replay_ms']:.2f} ms "
            f"| {row['floor_ms']:.3f} ms | {row['ratio']}x | "
            + ("≤ 10 ms" if row["hands"] == 1_000 else "linear")
            + " |"
        )
    for db, pages in results["pages"].items():
        if "error" in pages:
            lines.append(f"| pages on {db} | failed: {pages['error']} | | | |")
            continue
        floor = pages["floor_404_ms"]
        for row in pages["pages"]:
            lines.append(
                f"| {db}: table page, {row['hands']:,} hands ({row['table_queries']} queries) "
                f"| {row['table_ms']:.1f} ms | {floor:.2f} ms (404) | {row['table_x_floor']}x "
                f"| ≤ {pages.get('table_target_x_floor', 2)}x, flat |"
            )
        for row in pages["pages"]:
            lines.append(
                f"| {db}: score sheet, {row['hands']:,} hands | {row['sheet_ms']:.1f} ms "
                f"| {floor:.2f} ms (404) | {row['sheet_x_floor']}x "
                + ("| ≤ 30 ms |" if row["hands"] == 1_000 else "| |")
            )
        lines.append(
            f"| {db}: record a hand (POST + fragment) | {pages['record_hand_ms']:.1f} ms "
            f"| {floor:.2f} ms (404) | {pages['record_hand_x_floor']}x | ≤ 6x |"
        )
        if "api_record_hand_ms" in pages:
            lines.append(
                f"| {db}: API, record a hand (POST, the record answered) "
                f"| {pages['api_record_hand_ms']:.1f} ms | {floor:.2f} ms (404) "
                f"| {pages['api_record_hand_x_floor']}x | beside the page's |"
            )
            lines.append(
                f"| {db}: API, read a game of 200+ hands | {pages['api_read_ms']:.1f} ms "
                f"| {floor:.2f} ms (404) | {pages['api_read_x_floor']}x | beside the table page |"
            )
        if "watch_poll_ms" in pages:
            lines.append(
                f"| {db}: a watcher's poll, nothing new | {pages['watch_poll_ms']:.1f} ms "
                f"| {floor:.2f} ms (404) | {pages['watch_poll_x_floor']}x | ≤ 2x |"
            )
        lines.append(
            f"| {db}: import a 1,000-hand record | {pages['import_1000_hands_ms'] / 1000:.2f} s "
            f"| | | seconds |"
        )
    pdf = results["pdf"]
    if "ratio" in pdf:
        lines.append(
            f"| PDF, 5 players x 40 hands | {pdf['sheet_seconds']:.2f} s "
            f"| {pdf['bare_table_seconds']:.2f} s (bare table) | {pdf['ratio']}x | ≤ 1.2x |"
        )
    for db, load in results["load"].items():
        if "error" in load:
            lines.append(f"| load on {db} | failed: {load['error']} | | | |")
            continue
        lines.append(
            f"| {db}: gunicorn, 2 workers, {load['tables']} tables x {load['seconds']} s "
            f"| {load['requests_per_second']} req/s, p95 {load['post_p95_ms']} ms (record) "
            f"/ {load['watch_p95_ms']} ms (watch) | | | {load['errors']} errors |"
        )
    if "peer" in results:
        lines += ["", peer.table(results["peer"])]
    return "\n".join(lines)


def main() -> None:
    results = run(quick="--quick" in sys.argv)
    print(table(results))


if __name__ == "__main__":
    main()
