"""The walk of one hand posted by htmx, from the POST to the rendered fragment, enters each
module of the project at most once: view -> parse -> command -> store -> page model -> template.

What "enters" means here, traced with `sys.setprofile` while the request runs:
- A module is a file of kalooki_ledger, except that a package counts as one module: games.views,
  games.forms, games.commands and games.pages each hold their flow's steps, and their
  submodules calling each other (the sheet's page model asking the table's for its card keys,
  `apply` calling a command's `decide`) stay inside them.
- The walk enters module M when a function written in M is called from a function written in
  another project module while M is not already running: a call back into a module that is on
  the stack (the pay links asking present for a service) is still inside it.
- Leaves, not hops (neither they nor what they call are counted): the engine (rules.*); the
  game row (games.models, with its ledger cache): its fields, its cached ledger and its version,
  which every step reads from the row the view loaded as the engine's records are read; the
  words (games.present), which a page model writes with as a template does; and whatever the
  template engine calls while it renders.
- Code with no source of its own (a dataclass's generated __init__, from `co_filename`
  "<string>") is making a record, not walking through its module.
"""

import sys
from collections import Counter

from django.test import Client
from django.urls import resolve

from .web import hand_post, stored_game, worked_hands

PROJECT = "kalooki_ledger"
PACKAGES = ("views", "forms", "commands", "pages")
LEAVES = (
    "kalooki_ledger.rules",
    "kalooki_ledger.games.models",
    "kalooki_ledger.games.ledger_cache",
    "kalooki_ledger.games.present",
)
TEMPLATES = "django.template"
VIEWS = "kalooki_ledger.games.views"


def module_of(frame) -> str:
    """The project module (a package folded into one) a frame's code is written in, else ""."""
    if frame.f_code.co_filename.startswith("<"):
        return ""  # generated code (a dataclass's __init__): a record made, not a step
    name = frame.f_globals.get("__name__", "")
    if not name.startswith(PROJECT):
        return ""
    parts = name.split(".")
    if len(parts) > 3 and parts[1] == "games" and parts[2] in PACKAGES:
        return ".".join(parts[:3])
    return name


def running(frame) -> tuple[list[str], bool]:
    """The project modules on the stack below `frame` down to the view (the middleware around
    the view is not part of the walk), and whether a leaf or the template engine is among them
    (then the call is inside it, not a step of the walk)."""
    found: list[str] = []
    below = frame.f_back
    while below is not None:
        name = below.f_globals.get("__name__", "")
        if name.startswith(LEAVES) or name.startswith(TEMPLATES):
            return found, True
        module = module_of(below)
        if module:
            found.append(module)
        if module == VIEWS:
            break
        below = below.f_back
    return found, False


def walked(send) -> tuple[object, list[tuple[str, str, str]]]:
    """What `send` answers, and each entry of the walk: (module entered, function, from)."""
    entries: list[tuple[str, str, str]] = []

    def profile(frame, event, arg):
        if event != "call":
            return
        callee = module_of(frame)
        if not callee or callee.startswith(LEAVES):
            return
        caller = module_of(frame.f_back) if frame.f_back is not None else ""
        if not caller or caller == callee:
            return
        stack, inside_leaf = running(frame)
        if inside_leaf or callee in stack:
            return
        entries.append((callee, frame.f_code.co_name, caller))

    sys.setprofile(profile)
    try:
        answer = send()
    finally:
        sys.setprofile(None)
    return answer, entries


def posted_walk(url: str, data: dict, version: int, htmx: bool) -> tuple[object, list]:
    """One form posted to `url` with a fresh key, traced from the request to its answer."""
    client = Client(HTTP_HX_REQUEST="true") if htmx else Client()
    data = data | {"version": str(version), "key": "walk-of-one-hand"}
    resolve(url)  # the site's URLs loaded, as on a server that has answered before
    return walked(lambda: client.post(url, data))


def assert_straight(entries: list, steps: list[str]) -> None:
    """Each module entered once, and the walk's steps in `steps`' order."""
    counted = Counter(module for module, _, _ in entries)
    walk = "\n".join(f"{m}.{f} <- {c}" for m, f, c in entries)
    assert all(n == 1 for n in counted.values()), walk
    order = [module.removeprefix("kalooki_ledger.games.") for module, _, _ in entries]
    assert [m for m in order if m in ("posted", "commands", "store", "pages")] == steps, walk


def test_a_hand_posted_by_htmx_enters_each_module_once(db):
    game = stored_game()
    game.ledger()  # the ledger cache as a table already open has it
    data = hand_post(1, "John", game, Andy=85, Mark=42, Frank=30)
    url = f"/g/{game.edit_token}/hands/"
    response, entries = posted_walk(url, data, game.version, htmx=True)
    assert response.status_code == 200
    assert "Hand 2" in response.content.decode()  # the fragment, ready for the next hand
    # The straight path: the view parses, the command stores, the page model writes the page.
    assert_straight(entries, ["posted", "commands", "store", "pages"])


def test_a_hand_corrected_on_its_edit_page_enters_each_module_once(db):
    game = stored_game(hands=worked_hands()[:2])
    game.ledger()
    data = hand_post(1, "John", game, Andy=58, Mark=42, Frank=30)
    url = f"/g/{game.edit_token}/hands/1/edit/"
    response, entries = posted_walk(url, data, game.version, htmx=False)
    assert response.status_code == 302  # to the score sheet, which its own request shows
    assert_straight(entries, ["posted", "commands", "store"])
