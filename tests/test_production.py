"""The production set-up: deploy checks, hashed and compressed static files, gunicorn, CSP."""

import os
import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from tests.helpers import manage, running

ROOT = Path(__file__).resolve().parent.parent
VENV_BIN = Path(sys.executable).parent


def prod_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    # Not the browser tests' DJANGO_ALLOW_ASYNC_UNSAFE: production never sets it.
    inherited = {k: v for k, v in os.environ.items() if k != "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {
        **inherited,
        "DJANGO_DEBUG": "0",
        "SECRET_KEY": "x" * 20 + "a-long-random-production-secret-key-for-tests",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "STATIC_ROOT": str(tmp_path / "static"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    env.update(extra)
    return env


def test_check_deploy_is_clean_with_https_on(tmp_path):
    result = manage(
        prod_env(tmp_path, DJANGO_HTTPS="1"), "check", "--deploy", "--fail-level", "WARNING"
    )
    assert result.returncode == 0, result.stderr + result.stdout
    assert "no issues" in result.stdout


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off(tmp_path):
    env = prod_env(tmp_path)
    del env["SECRET_KEY"]
    result = manage(env, "check")
    assert result.returncode != 0
    assert "Set SECRET_KEY" in result.stderr


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str, **headers: str):
    request = urllib.request.Request(url, headers=headers)
    return urllib.request.urlopen(request, timeout=5)


@pytest.fixture(scope="module")
def gunicorn(tmp_path_factory):
    tmp_path = tmp_path_factory.mktemp("prod")
    env = prod_env(tmp_path, DJANGO_HTTPS="0")
    steps = (("collectstatic", "--noinput", "-v0"), ("migrate", "--noinput", "-v0"))
    for args in (*steps, ("createcachetable",)):
        result = manage(env, *args)
        assert result.returncode == 0, result.stderr
    port = free_port()
    server = subprocess.Popen(
        [
            str(VENV_BIN / "gunicorn"),
            "kalooki_ledger.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            "1",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    with running(server, "Booting worker"):  # listening: a request waits for the worker
        yield f"http://127.0.0.1:{port}"


@pytest.mark.db_agnostic("its server migrates a SQLite file of its own, whatever the run uses")
def test_gunicorn_serves_pages_with_a_strict_content_security_policy(gunicorn):
    response = get(gunicorn + "/")
    policy = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "style-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert response.headers["X-Frame-Options"] == "DENY"


@pytest.mark.db_agnostic("its server migrates a SQLite file of its own, whatever the run uses")
def test_static_files_have_hashed_names_and_come_compressed(gunicorn):
    page = get(gunicorn + "/").read().decode()
    start = page.index("/static/css/app.")
    href = page[start : page.index('"', start)]
    assert href != "/static/css/app.css" and href.endswith(".css")
    response = get(gunicorn + href, **{"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    assert "max-age=315360000" in response.headers["Cache-Control"]


def serve_prod(env: dict[str, str], timeout: float = 60) -> tuple[int | None, str]:
    """`make serve-prod` on a free port: its exit status and output, or None if it served
    (then it is stopped, with its gunicorn, after `timeout` seconds)."""
    command = ["make", "-s", "serve-prod", f"HOST=127.0.0.1:{free_port()}", "WORKERS=1"]
    server = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,  # make and the gunicorn it starts stop together
    )
    try:
        output, _ = server.communicate(timeout=timeout)
        return server.returncode, output
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGTERM)
        server.communicate(timeout=20)
        return None, ""


@pytest.mark.parametrize("key", ["x", "a" * 60, "abcd" * 20, "django-insecure-" + "k3y9" * 20])
def test_serve_prod_refuses_to_start_with_a_weak_secret_key(tmp_path, key):
    env = prod_env(tmp_path, SECRET_KEY=key)
    result = manage(env, "check")
    assert result.returncode != 0
    assert "SECRET_KEY is too weak: use at least 50 random characters" in result.stderr


def test_make_serve_prod_stops_at_once_on_secret_key_x(tmp_path):
    status, output = serve_prod(prod_env(tmp_path, SECRET_KEY="x"), timeout=60)
    assert status not in (None, 0)
    assert "SECRET_KEY is too weak" in output


def settings_of(env: dict[str, str], *names: str) -> list[str]:
    code = f"from django.conf import settings as s; print(*(getattr(s, n) for n in {names!r}))"
    result = manage(env, "shell", "-c", code)
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1].split()  # after the shell's own notice


def test_hsts_preload_and_subdomains_are_off_with_https_until_opted_into(tmp_path):
    names = ("SECURE_HSTS_SECONDS", "SECURE_HSTS_PRELOAD", "SECURE_HSTS_INCLUDE_SUBDOMAINS")
    https = prod_env(tmp_path, DJANGO_HTTPS="1")
    assert settings_of(https, *names) == ["31536000", "False", "False"]
    opted = {**https, "DJANGO_HSTS_PRELOAD": "1", "DJANGO_HSTS_INCLUDE_SUBDOMAINS": "1"}
    assert settings_of(opted, *names) == ["31536000", "True", "True"]
    plain = prod_env(tmp_path, DJANGO_HTTPS="0", DJANGO_HSTS_PRELOAD="1")
    assert settings_of(plain, *names) == ["0", "False", "False"]
