"""Several app servers on one PostgreSQL behind nginx, on this machine: two gunicorn servers run
as `make serve-prod` runs them, and nginx (deploy/nginx.conf) balancing them, compressing pages and
keeping watch answers for two seconds. Everything lives in a temporary directory on 127.0.0.1 and
is stopped and removed on exit. Run under scripts/with-postgres, which gives it a database:

    scripts/with-postgres .venv/bin/python scripts/cluster.py [--servers 2] [--workers 2]
"""

import argparse
import os
import pwd
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy" / "nginx.conf"
NGINX_USER = "www-data"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def nginx_binary() -> str | None:
    return shutil.which("nginx") or next(
        (p for p in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(p, os.X_OK)), None
    )


def render_nginx(run: Path, listen: str, servers: list[str], as_root: bool) -> str:
    """deploy/nginx.conf with this run's paths and ports; the user line only means something
    to a master process that starts as root."""
    text = TEMPLATE.read_text()
    text = text.replace("@RUN@", str(run)).replace("@LISTEN@", listen)
    text = text.replace("@SERVERS@", "\n".join(f"        server {s};" for s in servers))
    if not as_root:
        text = "\n".join(line for line in text.splitlines() if not line.startswith("user ")) + "\n"
    return text


def private(path: Path):
    """A new file only its owner reads: access logs carry every game's scoring link."""
    return os.fdopen(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "w")


def prepare_nginx(run: Path, listen: str, servers: list[str]) -> Path:
    """Writes the configuration and the folders nginx's workers write to; returns the file."""
    as_root = os.getuid() == 0
    for log in ("access.log", "error.log"):
        private(run / log).close()  # nginx's master opens them as it finds them
    for sub in ("temp", "cache"):
        (run / sub).mkdir(parents=True, exist_ok=True)
        if as_root:  # the workers run as www-data and keep the cache and request bodies here
            user = pwd.getpwnam(NGINX_USER)
            os.chown(run / sub, user.pw_uid, user.pw_gid)
    conf = run / "nginx.conf"
    conf.write_text(render_nginx(run, listen, servers, as_root))
    return conf


def nginx_test(nginx: str, conf: Path) -> subprocess.CompletedProcess:
    run = conf.parent
    return subprocess.run(
        [nginx, "-t", "-q", "-p", str(run), "-e", str(run / "error.log"), "-c", str(conf)],
        capture_output=True,
        text=True,
        check=False,
    )


def wait_for(url: str, seconds: float, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{url}: the server stopped (exit {process.returncode})")
        try:
            urllib.request.urlopen(url, timeout=2).read()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"{url}: no answer within {seconds:.0f} s")


class Cluster:
    """`with Cluster() as c:` gives c.url (nginx), c.app_logs (each gunicorn's access log) and
    c.access_log (nginx's); leaving the block stops everything and removes the folder."""

    def __init__(self, servers: int = 2, workers: int = 2) -> None:
        self.servers, self.workers = servers, workers
        self.processes: list[subprocess.Popen] = []
        self.run = Path(tempfile.mkdtemp(prefix="kalooki-cluster-"))
        self.app_logs: list[Path] = []
        self.access_log = self.run / "access.log"
        self.url = ""

    def __enter__(self) -> "Cluster":
        try:
            self.start()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> None:
        database = os.environ.get("DATABASE_URL", "")
        if not database.startswith("postgres"):
            raise SystemExit("The servers share a PostgreSQL: run under scripts/with-postgres")
        nginx = nginx_binary()
        if nginx is None:
            raise SystemExit("nginx is not installed (apt-get install nginx)")
        # nginx's workers (www-data) pass through to their folders; the logs hold scoring links.
        os.chmod(self.run, 0o711)
        addresses = []
        # One after the other: each runs serve-prod's collectstatic and migrate first.
        for n in range(self.servers):
            address = f"127.0.0.1:{free_port()}"
            log = self.run / f"app-{n + 1}.log"
            command = ["make", "-s", "serve-prod", f"HOST={address}", f"WORKERS={self.workers}"]
            with private(log) as out:
                process = subprocess.Popen(
                    command,
                    cwd=ROOT,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,  # its own group: stopped as a whole, and only by us
                )
            self.processes.append(process)
            self.app_logs.append(log)
            wait_for(f"http://{address}/", 120, process)
            addresses.append(address)
        listen = f"127.0.0.1:{free_port()}"
        conf = prepare_nginx(self.run, listen, addresses)
        checked = nginx_test(nginx, conf)
        if checked.returncode:
            raise RuntimeError(f"nginx -t refused the configuration:\n{checked.stderr}")
        options = ["-p", str(self.run), "-e", str(self.run / "error.log"), "-c", str(conf)]
        process = subprocess.Popen([nginx, *options, "-g", "daemon off;"], start_new_session=True)
        self.processes.append(process)
        self.url = f"http://{listen}"
        wait_for(self.url + "/", 20, process)

    def stop(self) -> None:
        for process in reversed(self.processes):
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.processes.clear()
        shutil.rmtree(self.run, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers per server")
    args = parser.parse_args()
    # A TERM (or the terminal's Ctrl-C) leaves through the with-block, which stops everything.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    sys.stdout.reconfigure(line_buffering=True)
    with Cluster(args.servers, args.workers) as cluster:
        print(f"Kalooki Ledger on {cluster.url}/ (nginx) in front of:")
        for log in cluster.app_logs:
            print(f"  {log.name}: {log}")
        print(f"nginx's access log: {cluster.access_log}\nCtrl-C stops and removes it all.")
        try:
            while all(p.poll() is None for p in cluster.processes):
                time.sleep(1)
            print("A server stopped; stopping the rest.", file=sys.stderr)
            sys.exit(1)
        except KeyboardInterrupt:
            print("\nStopping.")


if __name__ == "__main__":
    main()
