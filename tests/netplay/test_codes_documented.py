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
