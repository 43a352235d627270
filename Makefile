# Two commands for people: `make run` and `make test`. Everything else here serves them.
VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
HOST ?= 127.0.0.1:8000
WORKERS ?= 2
# serve-prod speaks plain HTTP unless told it sits behind HTTPS (a club server's proxy).
DJANGO_HTTPS ?= 0
PROD_ENV = DJANGO_DEBUG=0 DJANGO_HTTPS=$(DJANGO_HTTPS) SECRET_KEY="$$(scripts/secret-key)"

.PHONY: run test test-sqlite test-postgres screenshots lint format migrate serve-prod load cluster \
	load-cluster bench lighthouse clean messages locale

$(VENV)/.installed: pyproject.toml
	@test -x $(PYTHON) || "$$(scripts/find-python)" -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q -e '.[test]'
	@touch $@

migrate: $(VENV)/.installed
	$(PYTHON) manage.py migrate --noinput
	$(PYTHON) manage.py createcachetable

run: migrate locale
	$(PYTHON) manage.py runserver $(HOST)

# The .mo files and static/js/i18n/<language>.js from the committed catalogues (not committed
# themselves); pure Python, so no gettext is needed to run the site. docs/translating.md.
locale: $(VENV)/.installed
	$(PYTHON) manage.py build_locale -v0

# Regenerates locale/<language>/LC_MESSAGES/django.po and djangojs.po from the marked strings
# (needs GNU gettext, which scripts/system-deps installs for `make test`).
MESSAGES_IGNORE := --ignore=staticfiles/* --ignore=tests/* --ignore=bench/* --ignore=scripts/* \
	--ignore=docs/* --ignore=deploy/*
messages: $(VENV)/.installed
	@command -v xgettext >/dev/null 2>&1 || { echo "make messages needs GNU gettext: apt-get install gettext" >&2; exit 1; }
	$(PYTHON) manage.py makemessages --all --no-obsolete $(MESSAGES_IGNORE) \
		--extension html,txt,py,js --ignore=static/*
	$(PYTHON) manage.py makemessages --all --no-obsolete $(MESSAGES_IGNORE) \
		--domain djangojs --ignore=templates/* --ignore=static/js/i18n/*

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The suite on every core (pytest-xdist), a test file's tests together on one worker (its live
# server, browser and module fixtures made once), the costliest files first (tests/conftest.py);
# each worker has its own test database.
PYTEST := $(BIN)/pytest -n auto --dist loadfile --no-loadscope-reorder

# Lint, then the database-specific tests on PostgreSQL, then every test once on SQLite, ending
# with the 15 slowest, then the tests marked `alone` (Lighthouse's page speed, which a machine
# busy with the other worker's browser would lower) by themselves. CI runs exactly this
# (.ci/run), where a skipped test fails.
test: $(VENV)/.installed
	scripts/system-deps
	$(MAKE) lint
	$(PYTHON) manage.py makemigrations --check --dry-run
	$(MAKE) test-postgres test-sqlite

test-sqlite: $(VENV)/.installed locale
	@command -v npm >/dev/null 2>&1 && $(MAKE) -s $(LIGHTHOUSE_BIN) || \
		echo "No npm: the Lighthouse test will be skipped (scripts/system-deps installs npm)."
	LIGHTHOUSE="$$(test -x $(LIGHTHOUSE_BIN) && echo $(LIGHTHOUSE_BIN))" $(PYTEST) -m "not alone" --durations=15
	LIGHTHOUSE="$$(test -x $(LIGHTHOUSE_BIN) && echo $(LIGHTHOUSE_BIN))" $(BIN)/pytest -p no:cacheprovider -m alone tests/browser

# The tests marked db_specific (races, locks, the store's SQL, backups, migrations, the limiter)
# again on a throwaway PostgreSQL cluster, started and removed by the script.
test-postgres: $(VENV)/.installed locale
	scripts/with-postgres $(PYTEST) -p no:cacheprovider -m db_specific --durations=5

# The one command that writes docs/screenshots/: every test file that takes a picture for docs/
# (shoot(), SCREENSHOTS), with KALOOKI_DOCS_SCREENSHOTS=1; other runs save them outside the tree.
SHOOTING = $(shell grep -rlE --include='test_*.py' '\bshoot\b|SCREENSHOTS' tests | sort)
screenshots: $(VENV)/.installed locale
	KALOOKI_DOCS_SCREENSHOTS=1 $(PYTEST) -p no:cacheprovider $(SHOOTING)

serve-prod: $(VENV)/.installed
	$(PROD_ENV) $(PYTHON) manage.py check --deploy --fail-level ERROR
	$(PROD_ENV) $(PYTHON) manage.py ensure_writable
	$(PROD_ENV) $(PYTHON) manage.py build_locale -v0
	$(PROD_ENV) $(PYTHON) manage.py collectstatic --noinput -v0
	$(PROD_ENV) $(PYTHON) manage.py migrate --noinput
	$(PROD_ENV) $(PYTHON) manage.py createcachetable
	$(PROD_ENV) $(BIN)/gunicorn kalooki_ledger.wsgi --bind $(HOST) --workers $(WORKERS) \
		--access-logfile - --forwarded-allow-ips="$${FORWARDED_ALLOW_IPS:-127.0.0.1}"

# A club evening (scripts/locustfile.py): 12 tables scoring, 100 watchers polling and 2 room
# boards for LOAD_TIME against `make serve-prod` (LOAD_WORKERS workers) on a throwaway
# PostgreSQL, all on 127.0.0.1; prints requests/s and p50/p95/p99 per kind, keeps locust's CSV
# and HTML report in LOAD_REPORT, and fails if a request errs or an acknowledged hand is lost.
LOAD_TIME ?= 5m
LOAD_WORKERS ?= 4
LOAD_REPORT ?= /tmp/kalooki-load
LOCUST = $(BIN)/locust -f scripts/locustfile.py --headless --users 114 --spawn-rate 20 \
	--run-time $(LOAD_TIME) --stop-timeout 30 --only-summary --workers $(LOAD_WORKERS) \
	--tables 12 --boards 2
load: $(VENV)/.installed
	mkdir -p $(LOAD_REPORT)
	scripts/with-postgres $(LOCUST) --serve prod --csv $(LOAD_REPORT)/load \
		--html $(LOAD_REPORT)/load.html

# Two app servers as serve-prod runs them on one throwaway PostgreSQL, nginx in front
# (deploy/nginx.conf), all on 127.0.0.1 in a temporary folder; runs until interrupted.
cluster: $(VENV)/.installed
	scripts/need-nginx
	scripts/with-postgres $(PYTHON) scripts/cluster.py --workers $(WORKERS)

# The same evening through nginx before two app servers (scripts/cluster.py), each with
# LOAD_WORKERS workers; its report beside make load's.
load-cluster: $(VENV)/.installed
	scripts/need-nginx
	mkdir -p $(LOAD_REPORT)
	scripts/with-postgres $(LOCUST) --serve cluster --csv $(LOAD_REPORT)/cluster \
		--html $(LOAD_REPORT)/cluster.html

# Lighthouse (mobile) on the table page: the npm package beside the project, where npm exists;
# it drives Debian's Chromium (CHROME_PATH), never a browser of its own. 12.x runs on Debian's
# Node 18 (13 wants Node 22).
LIGHTHOUSE_BIN := $(CURDIR)/.lighthouse/node_modules/.bin/lighthouse
$(LIGHTHOUSE_BIN):
	npm install --prefix .lighthouse --no-audit --no-fund --loglevel=error lighthouse@12.8.2

lighthouse: $(VENV)/.installed $(LIGHTHOUSE_BIN)
	LIGHTHOUSE=$(LIGHTHOUSE_BIN) $(BIN)/pytest -p no:cacheprovider tests/browser/test_weight_and_lighthouse.py

# Every benchmark against its floor, on SQLite and PostgreSQL: a table and bench/results.json.
bench: $(VENV)/.installed
	scripts/system-deps
	$(PYTHON) -m bench.run

clean:
	rm -rf $(VENV) .venv-bootstrap .pytest_cache .ruff_cache staticfiles .bench-peer static/js/i18n
	find locale -name '*.mo' -delete
