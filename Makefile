# Two commands for people: `make run` and `make test`. Everything else here serves them.
VENV := .venv
BIN := $(VENV)/bin
PYTHON := $(BIN)/python
HOST ?= 127.0.0.1:8000

.PHONY: run test lint format migrate bench clean

$(VENV)/.installed: pyproject.toml
	@test -x $(PYTHON) || "$$(scripts/find-python)" -m venv $(VENV)
	$(PYTHON) -m pip install -q --upgrade pip
	$(PYTHON) -m pip install -q -e '.[test]'
	@touch $@

migrate: $(VENV)/.installed
	$(PYTHON) manage.py migrate --noinput

run: migrate
	$(PYTHON) manage.py runserver $(HOST)

lint: $(VENV)/.installed
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

test: $(VENV)/.installed
	scripts/system-deps
	$(MAKE) lint
	$(PYTHON) manage.py makemigrations --check --dry-run
	$(BIN)/pytest

clean:
	rm -rf $(VENV) .venv-bootstrap .pytest_cache .ruff_cache
