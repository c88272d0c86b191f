"""Drunter & Drüber in words (rulings DD-1 to DD-9): the log lines, the phase and status
lines, captions, refusals, the seats' and the tray's words, the private panels' lines and
the standings' labels. Pure functions: names come in already written.

Every sentence is looked up whole in the window's language (`client.i18n`), a sentence per
case where English would slot a word in (a stretch, a side, a tile: German declines them).
Constants are marked with ``N_`` and looked up with ``_`` where they are drawn."""

from collections.abc import Callable

from client.i18n import N_, _, ngettext, pgettext
from client.table.game import and_list
from client.table.types import Event
from engines.drunter_druber.words import CARD_WORDS, PEOPLE_WORDS

Namer = Callable[[int], str]

KIND_NAMES = {"wall": N_("wall"), "street": N_("street"), "river": N_("river")}
STRETCH_NAMES = {"wall_nw": N_("North wall"), "wall_se": N_("South wall"), "street": N_("Street"),
                 "river": N_("River")}
TILE_NAMES = {
    ("wall", 1): N_("wall single"), ("wall", 2): N_("wall double"), ("wall", 3): N_("wall triple"),
    ("street", 1): N_("street single"), ("street", 2): N_("street double"), ("street", 3): N_("street triple"),
    ("river", 1): N_("river single"), ("river", 2): N_("river double"), ("river", 3): N_("river triple"),
}
REFUSALS = {
    "card_not_held": N_("that card is not in their hand"),
    "no_such_card": N_("that is not a people card"),
    "no_cards": N_("a vote needs at least one card"),
    "card_order": N_("that vote was malformed"),
}
NOT_NOW = N_("that choice is not allowed now")
PLACE_HINTS = {  # how to lay the picked tile, by device
    "mous": N_("{name}: point at its place and click; the wheel takes another tile, the middle button goes back"),
    "keys": N_("{name}: move the ghost to its place and confirm; back returns to the hand"),
    "pad:": N_("{name}: move the ghost with the d-pad, A lays it, X takes another tile, B goes back"),
}


def card_name(card: str) -> str:
    return _(CARD_WORDS[card]) if card in CARD_WORDS else card


def people_name(card: str) -> str:
    return _(PEOPLE_WORDS[card])


def people_names(cards: list[str], joiner: str = "+") -> str:
    return joiner.join(people_name(c) for c in cards)


def tile_words(kind: str, size: int) -> str:
    """"wall single", "river triple"."""
    return _(TILE_NAMES[kind, size])


def refusal(code: str) -> str:
    """The shared screen's words for a refused private choice."""
    return _(REFUSALS.get(code, NOT_NOW))


# --- the header and the phase line ------------------------------------------------------------
def status_words(turn: int, tiles_left: int, variant: bool) -> str:
    if variant:
        words = ngettext("Turn {turn}   {n} tile   variant", "Turn {turn}   {n} tiles   variant", tiles_left)
    else:
        words = ngettext("Turn {turn}   {n} tile left", "Turn {turn}   {n} tiles left", tiles_left)
    return words.format(turn=turn, n=tiles_left)


def lays_a_tile(who: str) -> str:
    return _("{name} lays a tile").format(name=who)


def pick_from_hand(who: str) -> str:
    return _("{name} lays a tile: pick one from the hand").format(name=who)


def how_to_place(who: str, device: str) -> str:
    """How ``who`` lays the picked tile with ``device``."""
    return _(PLACE_HINTS.get(device[:4], PLACE_HINTS["keys"])).format(name=who)


def voting(placer: str, voter: str, done: int, voters: int) -> str:
    return _("Toilet vote on {placer}'s tile: {voter} puts down cards in secret ({done} of {voters} have)").format(
        placer=placer, voter=voter, done=done, voters=voters)


def declaring(who: str) -> str:
    return _("{name} says what the Jein counts: yes or no?").format(name=who)


PICKING = N_("Everyone picks in secret which building card counts first")
REVEALED = N_("The building cards are revealed")


# --- the log -------------------------------------------------------------------------------------
LAID = {
    "wall_nw": N_("{name} lays a {tile} on the north wall"),
    "wall_se": N_("{name} lays a {tile} on the south wall"),
    "street": N_("{name} lays a {tile} on the street"),
    "river": N_("{name} lays a {tile} on the river"),
}


def laid_on_toilets(stretch: str, toilets: int) -> str:
    """The log's sentence for a tile covering ``toilets`` toilets, on ``stretch``."""
    if stretch == "wall_nw":
        return ngettext("{name} lays a {tile} on the north wall, covering {n} toilet",
                        "{name} lays a {tile} on the north wall, covering {n} toilets", toilets)
    if stretch == "wall_se":
        return ngettext("{name} lays a {tile} on the south wall, covering {n} toilet",
                        "{name} lays a {tile} on the south wall, covering {n} toilets", toilets)
    if stretch == "street":
        return ngettext("{name} lays a {tile} on the street, covering {n} toilet",
                        "{name} lays a {tile} on the street, covering {n} toilets", toilets)
    return ngettext("{name} lays a {tile} on the river, covering {n} toilet",
                    "{name} lays a {tile} on the river, covering {n} toilets", toilets)


CLOSED_NO_FIT = {
    "wall_nw": N_("The north wall is closed: no tile fits at its end"),
    "wall_se": N_("The south wall is closed: no tile fits at its end"),
    "street": N_("The street is closed: no tile fits at its end"),
    "river": N_("The river is closed: no tile fits at its end"),
}
CLOSED = {
    "wall_nw": N_("The north wall is closed"),
    "wall_se": N_("The south wall is closed"),
    "street": N_("The street is closed"),
    "river": N_("The river is closed"),
}
JEIN_AS = {"yes": N_("{name} counts the Jein as yes"), "no": N_("{name} counts the Jein as no")}


def describe(event: Event, name: Namer) -> str | None:
    """The log line for ``event`` (None: no line)."""
    kind = event["type"]
    if kind == "placed":
        tile, stretch, toilets = tile_words(event["kind"], event["size"]), event["stretch"], len(event["toilets"])
        if toilets:
            return laid_on_toilets(stretch, toilets).format(name=name(event["player"]), tile=tile, n=toilets)
        return _(LAID[stretch]).format(name=name(event["player"]), tile=tile)
    if kind == "vote_committed":
        count = event["count"]
        return ngettext("{name} puts down {n} card", "{name} puts down {n} cards", count).format(
            name=name(event["player"]), n=count)
    if kind == "vote_revealed":
        votes = "; ".join(f"{name(p)} {people_names(cards)}" for p, cards in enumerate(event["cards"]) if cards)
        return _("Revealed: {votes}").format(votes=votes)
    if kind == "jein_declared":
        side = event["side"]
        return _(JEIN_AS[side]).format(name=name(event["player"]))
    if kind == "vote_result":
        return vote_words(event, name)
    if kind == "stretch_closed":
        stretch = event["stretch"]
        return _(CLOSED_NO_FIT[stretch])
    if kind == "passed":
        return _("{name} has no tile that fits and passes").format(name=name(event["player"]))
    if kind == "pick_started":
        return _("A stretch has closed: everyone picks which card counts first")
    if kind == "locked":
        return _("{name} has picked").format(name=name(event["player"]))
    if kind == "game_over":
        winners = event.get("winners", [])
        who = and_list([name(p) for p in winners])
        return ngettext("Game over: {names} wins", "Game over: {names} win", max(1, len(winners))).format(names=who)
    return None


def vote_words(event: Event, name: Namer) -> str:
    """The seed's way: "No wins 7:5", and what happens to the tile."""
    yes, no = event["yes"], event["no"]
    placer = name(event["placer"])
    if event["stays"]:
        if yes == no:
            return _("Yes wins {yes}:{no}: {name}'s tile stays (a tie keeps it)").format(yes=yes, no=no, name=placer)
        return _("Yes wins {yes}:{no}: {name}'s tile stays").format(yes=yes, no=no, name=placer)
    return _("No wins {no}:{yes}: the tile goes back to {name}").format(yes=yes, no=no, name=placer)


# --- captions ------------------------------------------------------------------------------------
def vote_called(placer: str) -> str:
    return _("{name}'s tile covers a toilet: a vote").format(name=placer)


def revealed(yes: int, no: int, jeins_waiting: int) -> str:
    if jeins_waiting:
        return ngettext("Revealed: yes {yes}, no {no}, and {n} Jein to declare",
                        "Revealed: yes {yes}, no {no}, and {n} Jeins to declare", jeins_waiting).format(
            yes=yes, no=no, n=jeins_waiting)
    return _("Revealed: yes {yes}, no {no}").format(yes=yes, no=no)


def stretch_closed(stretch: str) -> str:
    return _(CLOSED[stretch])


def passes(who: str) -> str:
    return _("{name} has no tile that fits: passes").format(name=who)


ALL_PICKED = N_("Everyone has picked the card that counts first")
GAME_OVER = N_("No tile fits any more: the game is over")


# --- a seat's own panel ------------------------------------------------------------------------
CHOOSE_CARDS_FIRST = N_("Choose one or more cards first, then put them down")


def picked_note(card: str) -> str:
    return _("You picked: {card} counts first").format(card=card_name(card))


def voted_note(cards: list[str]) -> str:
    return _("You put down {cards}").format(cards=people_names(cards, ", "))


def put_down_label(cards: list[str]) -> str:
    return _("Put down {cards}").format(cards=people_names(cards))


NO_CARDS_LABEL = N_("Choose cards first")
JEIN_LABELS = {"yes": N_("Jein: yes"), "no": N_("Jein: no")}


def jein_label(side: str) -> str:
    return _(JEIN_LABELS[side])


def pick_label(card: str) -> str:
    return _("{card} first").format(card=card_name(card))


def blind_card_label(index: int) -> str:
    """A pad's button for the seat's first or second building card."""
    return _("card {n}").format(n=index + 1)


def cards_now(cards_points: list[tuple[str, int]]) -> str:
    """In a vote: how the seat's building card(s) stand now."""
    cards = "  ".join(_("{card}: {points} now").format(card=card_name(card), points=points)
                      for card, points in cards_points)
    return _("Your card: {cards}").format(cards=cards)


PICK_EXPLAINED = N_("The card you pick counts; the other breaks a tie")


def points_now(points: int) -> str:
    return ngettext("{n} point now", "{n} points now", points).format(n=points)


def standing(count: int, of_a_type: bool) -> str:
    """How many buildings a lone card counts: of its type's five, or of a special card's."""
    if of_a_type:
        return _("{n} of 5 standing").format(n=count)
    return ngettext("{n} building counts", "{n} buildings count", count).format(n=count)


def card_role(points: int, first: bool | None) -> str:
    """The variant's card in a seat's panel: its points, and whether it counts first or
    breaks ties (None: not picked yet)."""
    if first is None:
        return _("{n} now").format(n=points)
    if first:
        return _("{n} now  first").format(n=points)
    return _("{n} now  ties").format(n=points)


# --- the seats ---------------------------------------------------------------------------------
def peek_reminder(peek: str) -> str:
    return _("hold {button} to see your card").format(button=peek)


def people_cards(count: int) -> str:
    return ngettext("{n} people card", "{n} people cards", count).format(n=count)


LOCKED_IN = N_("LOCKED IN")
CHOOSING = N_("choosing...")
THINKING = N_("thinking...")
DECLARES_JEIN = N_("declares the Jein")
VOTES = N_("votes")
LAYS_A_TILE = N_("lays a tile")
PASS_STAMP = N_("PASS: no tile fits")


def cards_down(count: int) -> str:
    return ngettext("{n} card down", "{n} cards down", count).format(n=count)


def put_down_lines(count: int) -> list[str]:
    """The button that puts the chosen cards down, in two lines."""
    if count:
        return ngettext("Put down\n{n} card", "Put down\n{n} cards", count).format(n=count).split("\n")
    return _("Choose\ncards first").split("\n")


JEIN_SIDES = {"yes": N_("Jein = yes"), "no": N_("Jein = no")}
COUNTS_AS = {"yes": N_("= yes"), "no": N_("= no")}


def jein_side(side: str) -> str:
    """A Jein button, or what a revealed Jein card counts as."""
    return _(JEIN_SIDES[side])


def counts_as(side: str) -> str:
    return _(COUNTS_AS[side])


CHOSEN_MARK = N_("IN")


# --- the band under the board: the vote's tray, the legend, the finale ------------------------
def tray_title(placer: str, kind: str | None, size: int | None, wide: bool) -> str:
    """The vote tray's heading; ``wide``: with what yes and no mean."""
    if kind and size:
        tile = tile_words(kind, size)
        if wide:
            return _("Toilet vote on {name}'s {tile}: yes keeps it, no sends it back").format(name=placer, tile=tile)
        return _("Toilet vote on {name}'s {tile}").format(name=placer, tile=tile)
    if wide:
        return _("Toilet vote on {name}'s tile: yes keeps it, no sends it back").format(name=placer)
    return _("Toilet vote on {name}'s tile").format(name=placer)


WAITING = N_("waiting")
CARDS_DOWN = N_("cards down")
FACE_DOWN = N_("face down until all have")
JEIN_TO_DECLARE = N_("Jein still to declare")


def voters_done(done: int, voters: int) -> str:
    return ngettext("{done} of {n} voter", "{done} of {n} voters", voters).format(done=done, n=voters)


def yes_count(yes: int) -> str:
    return _("Yes {n}").format(n=yes)


def no_count(no: int) -> str:
    return _("No {n}").format(n=no)


def who_won(yes: int, no: int, stays: bool) -> str:
    return _("Yes wins {yes}:{no}").format(yes=yes, no=no) if stays else _("No wins {no}:{yes}").format(yes=yes, no=no)


def tile_fate(placer: str, stays: bool) -> str:
    return _("the tile stays") if stays else _("back to {name}").format(name=placer)


def stretch_state(closed: bool) -> str:
    """A stretch in the box beside the board: still open, or closed."""
    return pgettext("stretch", "closed") if closed else pgettext("stretch", "open")


LEGEND_TOILET = N_("toilet: covering one calls a vote")
LEGEND_END = N_("a stretch's end: tiles dock next to it")
LEGEND_BRIDGE = N_("The middle of a triple is a bridge: a stretch may pass under it.")
LEGEND_PEEK = N_("Hold your peek button to see your own building card.")


def whose_card(who: str, card: str | None) -> str:
    if card:
        return _("{name}'s card: {card}").format(name=who, card=card_name(card))
    return _("{name}'s card: ?").format(name=who)


CARD_COUNTS = N_("its uncovered buildings count")


def tie_words(points: list[list[int]], people_left: list[int], winners: list[int], name: Namer) -> str:
    """How the winner was found, in a sentence: a clear win, or a tie and what broke it
    (the second card, DD-8; most people cards left, DD-7; else a shared win)."""
    firsts = [p[0] for p in points]
    best = max(firsts)
    tied = [seat for seat, score in enumerate(firsts) if score == best]
    names = [name(seat) for seat in winners]
    if len(tied) == 1:
        return ngettext("{name} wins with {n} point", "{name} wins with {n} points", best).format(name=names[0], n=best)
    who = and_list([name(seat) for seat in tied])
    if len(points[0]) > 1:
        seconds = [points[seat][1] for seat in tied]
        if len(set(seconds)) > 1:
            return _("{names} tie on {n}; the second card breaks it: {winners} ({second})").format(
                names=who, n=best, winners=and_list(names), second=max(seconds))
    if len(winners) == 1:
        left = people_left[winners[0]]
        return _("{names} tie on {n}; {name} has the most people cards left ({left})").format(
            names=who, n=best, name=names[0], left=left)
    return _("{names} tie on {n} and hold as many people cards: a shared win").format(names=who, n=best)


# --- the results -------------------------------------------------------------------------------
SECOND_CARD, PEOPLE_CARDS, POINTS = N_("2nd card"), N_("People cards"), N_("Points")


def cards_shown(seat_cards: list[tuple[str, list[str]]]) -> str:
    """Everyone's building cards, for the results' footer: "Anna Inn / School, Ben Church"."""
    return ", ".join(f"{who} {' / '.join(card_name(c) for c in cards)}" for who, cards in seat_cards)


def tie_rule(variant: bool) -> str:
    return _("Ties: the second card, then most people cards left") if variant else _("Ties: most people cards left")


def results_footer(game_name: str, note: str) -> str:
    """The results scene's footer line, to measure whether ``note`` fits in it (never drawn)."""
    return f"{game_name}: highest points wins.  {note}"
