"""Every refusal and reject code the code can send is in the docs, and nothing else is.

The codes are collected from the source (the abstract syntax tree, not a hand-kept
list): a client written from docs/netplay.md and docs/rules/*.md must never meet a code
they do not explain."""

import ast
import re
from pathlib import Path

import pytest

from engines import GAMES, Rng, new_game

ROOT = Path(__file__).resolve().parents[2]
WIRE_MODULES = ("server.py", "phones.py", "host.py", "seats.py", "racing.py", "link.py", "protocol.py",
                "limits.py")  # what goes on the wire
RAISERS = {"refuse", "Refused", "Refuse", "ProtocolError", "IllegalAction"}  # Refuse: a seat link's step


def _constant(node):
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def codes_in(paths, raisers=RAISERS) -> set[str]:
    """Codes in ``paths``: first arguments of refuse / Refused / ProtocolError /
    IllegalAction, `reject(seq, code, ...)`, the code of `_check_type` (its default
    `wrong_phase`), `malformed` for `check_fields`, and "code" in refuse / reject message
    literals. An f-string code
    (Wild West's ``illegal_{step}``) is kept as its prefix followed by ``*``."""
    found = set()
    for path in paths:
        for node in ast.walk(ast.parse(Path(path).read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call):
                name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
                first = node.args[0] if node.args else None
                if name in raisers and first is not None:
                    if _constant(first):
                        found.add(first.value)
                    elif isinstance(first, ast.JoinedStr) and _constant(first.values[0]):
                        found.add(first.values[0].value + "*")
                elif name in ("_reject", "reject") and len(node.args) > 1 and _constant(node.args[1]):
                    found.add(node.args[1].value)
                elif name == "_check_type":
                    found.add(_constant(node.args[2]) if len(node.args) > 2 else "wrong_phase")
                elif name == "check_fields":  # engines.state's one field checker
                    found.add("malformed")
            elif isinstance(node, ast.Dict):
                fields = {_constant(k): v for k, v in zip(node.keys, node.values, strict=True) if k is not None}
                if _constant(fields.get("t")) in ("refuse", "reject") and _constant(fields.get("code")):
                    found.add(fields["code"].value)
    found.discard(None)
    return found


def documented(path: Path, heading: str, table: int = 0) -> set[str]:
    """The codes in the first column of the ``table``-th table under ``heading``."""
    text = path.read_text(encoding="utf-8")
    start = text.index(heading)
    rest = text[start + len(heading):]
    end = re.search(r"^#{2,3} ", rest, re.MULTILINE)
    section = rest[:end.start()] if end else rest
    tables = re.split(r"\n\n(?=\|)", section)
    rows = [line for line in tables[1 + table].splitlines() if line.startswith("|")]
    codes = set()
    for row in rows[2:]:  # the header and the rule line are not codes
        codes |= set(re.findall(r"`([a-z_]+)`", row.split("|")[1]))
    return codes


def matches(code_codes: set[str], doc_codes: set[str]) -> tuple[set, set]:
    """(codes in the code but not the docs, codes in the docs but not the code)."""
    prefixes = [c[:-1] for c in code_codes if c.endswith("*")]
    plain = {c for c in code_codes if not c.endswith("*")}
    covered = {d for d in doc_codes if any(d.startswith(p) for p in prefixes)}
    missing = plain - doc_codes | {p + "*" for p in prefixes if not any(d.startswith(p) for d in doc_codes)}
    return missing, doc_codes - plain - covered


def test_every_refusal_and_reject_code_of_netplay_is_documented():
    # (IllegalAction in netplay is the host's note of a failed bot: never sent)
    sent = codes_in((ROOT / "netplay" / name for name in WIRE_MODULES), RAISERS - {"IllegalAction"})
    assert {"seat_taken", "stale_link", "bot_seat", "slow_down", "not_joined"} <= sent  # the collector works
    missing, stale = matches(sent, documented(ROOT / "docs" / "netplay.md", "### Refusal and reject codes"))
    assert not missing, f"sent but not in docs/netplay.md: {sorted(missing)}"
    assert not stale, f"in docs/netplay.md but never sent: {sorted(stale)}"


def test_the_codes_every_game_shares_are_documented():
    shared = codes_in([ROOT / "engines" / "state.py"])
    missing, stale = matches(shared, documented(ROOT / "docs" / "netplay.md", "### Refusal and reject codes", 1))
    assert not missing and not stale, (sorted(missing), sorted(stale))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_reject_codes_are_in_its_rules(game_id):
    own = codes_in(sorted((ROOT / "engines" / game_id).glob("*.py")))
    missing, stale = matches(own, documented(ROOT / "docs" / "rules" / f"{game_id}.md", "## Reject codes (protocol)"))
    assert not missing, f"{game_id} sends codes its rules do not explain: {sorted(missing)}"
    stale -= codes_in([ROOT / "engines" / "state.py"])  # every game's (docs/netplay.md) may be said again
    assert not stale, f"docs/rules/{game_id}.md explains codes the engine never sends: {sorted(stale)}"


def test_the_codes_a_peers_own_session_makes_are_documented():
    """`closed`, `relinked` and `malformed`: rejects a session makes for its own program."""
    made = codes_in([ROOT / "netplay" / "peer.py", ROOT / "netplay" / "relay.py"], set())
    assert "relinked" in made  # the collector works
    missing, stale = matches(made, documented(ROOT / "docs" / "netplay.md", "### Refusal and reject codes", 2))
    assert not missing and not stale, (sorted(missing), sorted(stale))


HEADER = {"game", "you", "players", "phase", "active", "game_result"}  # docs/netplay.md, *The view*
PLAYTHROUGHS = {"drunter_druber": [{}, {"variant": True}], "wild_west": [{}, {"solo": None}]}


def view_fields(game_id: str) -> set[str]:
    """Every top-level field of every view (each seat and a spectator) in whole random
    games of ``game_id`` (with each option that adds fields)."""
    seen = set()
    for options in PLAYTHROUGHS.get(game_id, [{}]):
        players = 1 if "solo" in options else max(2, GAMES[game_id].min_players)
        options = {k: v for k, v in options.items() if k != "solo"}
        state, rng = new_game(game_id, players, 11, **options), Rng(11)
        for _ in range(20_000):
            for seat in (*range(players), None):
                seen |= set(state.view(seat))
            if state.is_over():
                break
            active = state.active_players()
            if active:
                state.apply(active[0], rng.choice(state.legal_actions(active[0])))
            else:
                state.apply(None, state.host_actions()[0])
        assert state.is_over()
    return seen


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_view_fields_are_the_documented_ones(game_id):
    """The table in docs/rules/<game>.md, *The view (protocol)*, names every field a view
    has in a whole game (the shared ones are in docs/netplay.md), and no other."""
    text = (ROOT / "docs" / "rules" / f"{game_id}.md").read_text(encoding="utf-8")
    start = text.index("## The view (protocol)")
    section = text[start:text.index("\n## ", start + 1)]
    listed = {name for row in section.splitlines() if row.startswith("| `")
              for name in re.findall(r"`([a-z_]+)`", row.split("|")[1])}
    assert view_fields(game_id) - HEADER == listed - HEADER
    shared = (ROOT / "docs" / "netplay.md").read_text(encoding="utf-8")
    assert all(f"`{name}`" in shared[shared.index("### The view"):] for name in HEADER)


def test_every_message_and_field_of_the_wire_is_in_the_docs():
    """Each message type of `netplay.protocol.SCHEMAS` has its row in a table of *Frames and
    messages*, and the row names each of its fields."""
    from netplay.protocol import SCHEMAS, TO_HOST, TO_PEER

    text = (ROOT / "docs" / "netplay.md").read_text(encoding="utf-8")
    section = text[text.index("### Frames and messages"):text.index("### The handshake")]
    for direction, heading in ((TO_HOST, "| peer to host |"), (TO_PEER, "| host to peer |")):
        table = section[section.index(heading):].split("\n\n", 1)[0]
        rows = {line.split("|")[1].strip().strip("`"): line for line in table.splitlines()[2:]}
        for kind, fields in SCHEMAS[direction].items():
            assert kind in rows, f"{direction} message {kind} has no row in docs/netplay.md"
            for name in fields:
                assert f"`{name}`" in rows[kind], f"the {kind} row does not name its field {name}"


# --- phases and events (docs/rules/<game>.md, *Phases (protocol)* and *Events (protocol)*) ---
# Whole games of each engine, random and bot play, several seeds and each option that changes
# what happens; a timer's host action is applied now and then, as a host does (WW-10).
EVENT_GAMES = {
    "die_mauer": [(2, {"rounds": 2}), (3, {"rounds": 2}), (4, {"rounds": 2}), (6, {"rounds": 1})],
    "drunter_druber": [(2, {}), (4, {}), (3, {"variant": True}), (4, {"variant": True})],
    "wild_west": [(1, {}), (2, {}), (3, {"timer": 30})],
    "wie_waldi": [(2, {"rounds": 2}), (4, {"rounds": 1, "round_timer": 90})],
    "architekton": [(2, {}), (2, {"revenge": True})],
}
EVENT_SEEDS = (1, 2, 3)


def played_events(game_id: str) -> tuple[dict[str, set[str]], set[str]]:
    """({event type: every field it had}, every phase met) over the games of EVENT_GAMES."""
    fields: dict[str, set[str]] = {}
    phases: set[str] = set()
    bot = GAMES[game_id].bot
    for players, options in EVENT_GAMES[game_id]:
        for seed in EVENT_SEEDS:
            for by_bot in (False, True):
                state, rng = new_game(game_id, players, seed, **options), Rng(seed)
                for _ in range(20_000):
                    phases.add(state.phase)
                    if state.is_over():
                        break
                    active, host = state.active_players(), state.host_actions()
                    if host and (not active or rng.below(8) == 0):
                        events = state.apply(None, host[0])
                    else:
                        player = active[rng.below(len(active))]
                        legal = state.legal_actions(player)
                        events = state.apply(player, bot(state.view(player), legal, rng) if by_bot else rng.choice(legal))
                    for event in events:
                        fields.setdefault(event["type"], set()).update(set(event) - {"type", "only"})
                assert state.is_over(), (game_id, players, options, seed)
    return fields, phases


def _names(node) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def source_events(game_id: str) -> tuple[dict[str, set[str]], set[str]]:
    """What the engine's source can emit beyond a few whole games (an event a position set
    up by hand reaches, a phase rarely met): ({type: literal fields} of every dict literal
    whose "type" is one of the game's `event_types`, the phases assigned to ``self.phase``)."""
    declared = GAMES[game_id].event_types
    fields: dict[str, set[str]] = {}
    constants = {"OVER": "over"}  # engines.state's
    phases: set[str] = set()
    trees = [ast.parse(path.read_text(encoding="utf-8")) for path in sorted((ROOT / "engines" / game_id).glob("*.py"))]
    for tree in trees:
        for node in tree.body:  # module constants, e.g. TAKE, PLACE = "take", "place"
            if isinstance(node, ast.Assign) and isinstance(node.targets[0], (ast.Name, ast.Tuple)):
                names = node.targets[0].elts if isinstance(node.targets[0], ast.Tuple) else [node.targets[0]]
                values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value]
                for name, value in zip(names, values, strict=False):
                    if isinstance(name, ast.Name) and _constant(value):
                        constants[name.id] = value.value
    for tree in trees:
        for node in ast.walk(tree):
            if isinstance(node, ast.Dict):
                keys = [_constant(k) for k in node.keys if k is not None]
                kind = dict(zip([_constant(k) for k in node.keys], node.values, strict=True)).get("type")
                if _constant(kind) in declared:
                    fields.setdefault(kind.value, set()).update(k for k in keys if k and k != "type")
            elif isinstance(node, ast.Assign):
                for target in node.targets:
                    targets = target.elts if isinstance(target, ast.Tuple) else [target]
                    values = node.value.elts if isinstance(node.value, ast.Tuple) else [node.value] * len(targets)
                    for aim, value in zip(targets, values, strict=False):
                        if isinstance(aim, ast.Attribute) and aim.attr == "phase" and _names(aim) == {"self"}:
                            phase = _constant(value) or (constants.get(value.id) if isinstance(value, ast.Name) else None)
                            assert phase, f"{game_id}: self.phase set to something this test cannot read"
                            phases.add(phase)
    return fields, phases


def emitted(game_id: str) -> tuple[dict[str, set[str]], set[str]]:
    """Every event type with its fields, and every phase, the engine emits."""
    fields, phases = played_events(game_id)
    literal_fields, literal_phases = source_events(game_id)
    for kind, names in literal_fields.items():
        fields.setdefault(kind, set()).update(names)
    return fields, phases | literal_phases


def rules_table(game_id: str, language: str, heading: str) -> dict[str, set[str]]:
    """The first table under ``heading`` of docs/rules/<game>[.de].md: {first column's
    name: the backticked names of its second column}."""
    suffix = "" if language == "en" else f".{language}"
    text = (ROOT / "docs" / "rules" / f"{game_id}{suffix}.md").read_text(encoding="utf-8")
    assert text.count(f"\n{heading}\n") == 1, f"{game_id}{suffix}.md has no single section {heading!r}"
    section = text[text.index(f"\n{heading}\n") + len(heading) + 2:]
    section = section[:section.index("\n## ")] if "\n## " in section else section
    rows = [line for line in section.split("\n\n|", 1)[1].splitlines() if line.startswith("|")][1:]
    table: dict[str, set[str]] = {}
    for row in rows:
        cells = row.split("|")
        names = re.findall(r"`([a-z_]+)`", cells[1])
        assert len(names) == 1, f"{game_id}{suffix}.md, {heading}: a row names not one thing: {row}"
        table[names[0]] = set(re.findall(r"`([a-z_]+)`", cells[2]))
    return table


HEADINGS = {"en": ("## Phases (protocol)", "## Events (protocol)"),
            "de": ("## Phasen (Protokoll)", "## Ereignisse (Protokoll)")}


@pytest.fixture(scope="module")
def engine_output():
    return {game_id: emitted(game_id) for game_id in GAMES}


@pytest.mark.parametrize("language", sorted(HEADINGS))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_phases_are_the_documented_ones(game_id, language, engine_output):
    _, phases = engine_output[game_id]
    assert {"over"} < phases  # the collector works
    documented_phases = set(rules_table(game_id, language, HEADINGS[language][0]))
    assert phases - documented_phases == set(), f"{game_id} has phases its rules do not list"
    assert documented_phases - phases == set(), f"{game_id}'s rules list phases the engine never has"


@pytest.mark.parametrize("language", sorted(HEADINGS))
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_each_games_events_and_their_fields_are_the_documented_ones(game_id, language, engine_output):
    """Every event type (``game_over`` among them) with exactly the fields it carries, both ways."""
    fields, _ = engine_output[game_id]
    assert "game_over" in fields  # the collector works
    table = rules_table(game_id, language, HEADINGS[language][1])
    assert set(fields) - set(table) == set(), f"{game_id} emits events its rules do not list"
    assert set(table) - set(fields) == set(), f"{game_id}'s rules list events the engine never emits"
    wrong = {kind: (sorted(fields[kind] - table[kind]), sorted(table[kind] - fields[kind]))
             for kind in fields if fields[kind] != table[kind]}
    assert not wrong, f"{game_id}: event fields (undocumented, never sent): {wrong}"
    assert set(fields) == GAMES[game_id].event_types  # the table a client draws from agrees too
