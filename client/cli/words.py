"""The command lines' words: every line a person reads in a terminal (help, errors,
progress) in the saved settings' language if one was chosen, else the operating system's
(LANG and the like). Each command calls `speak` first. A terminal is a reader of its own:
this language is not the window's (`client.i18n`), which a command may open later.
"""

import argparse

from engines import SetupError
from netplay import language
from netplay.language import Words

# Every line a person reads on the command line (help, errors, progress) is worded in the
# saved settings' language if one was chosen, else the operating system's (LANG and the
# like): `speak` at the start of each command. argparse's own words ("usage:", "error:")
# are marked here for the catalogue and looked up through it.
_words: Words = language.words(language.DEFAULT)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for "mark, do not look up"
    return message


def _(message: str) -> str:
    return _words.gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    return _words.ngettext(singular, plural, count)


def current() -> Words:
    """The command line's language."""
    return _words


def say(template: str, data: dict | None = None) -> str:
    """A message that came with data (a refusal from a host): looked up, then filled."""
    return _words.say(template, data)


def chosen_language(environ=None) -> str:
    """The saved settings' language if one was chosen, else the operating system's."""
    try:
        from client.settings import Settings

        settings = Settings.load()
        if settings.data.get("language") in language.LANGUAGES:
            return str(settings.data["language"])
    except Exception:  # noqa: BLE001 - unreadable settings must not stop a command line
        pass
    return language.from_system(environ)


def speak(code: str | None = None) -> Words:
    """Word the command lines (and argparse) in ``code`` (default: `chosen_language`)."""
    global _words
    _words = language.words(language.choose(code or chosen_language()))
    argparse._ = _words.gettext  # type: ignore[attr-defined]
    argparse.ngettext = _words.ngettext  # type: ignore[attr-defined]
    return _words


ARGPARSE = (  # argparse's own words, for the catalogue (argparse looks them up through `speak`)
    N_("usage: "), N_("%(prog)s: error: %(message)s\n"), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"), N_("expected one argument"), N_("argument %(argument_name)s: %(message)s"),
    N_("not allowed with argument %s"), N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("expected at most one argument"), N_("expected at least one argument"), N_("one of the arguments %s is required"),
    N_("ignored explicit argument %r"), N_("unexpected option string: %s"),
)


def players_text(info) -> str:
    """"2-6 players" or "2 players", worded (`GameInfo.players_text` is English)."""
    return str(info.players_in(_words))


def setup_error(error: SetupError) -> str:
    """A game's setup problem (`engines.errors.SetupError`), worded."""
    return say(error.template, error.data) if getattr(error, "template", None) else str(error)


def players_error(info, players: int) -> str:
    """"Die Mauer takes 2-6 players, not 9", worded."""
    return _("{game} takes {players_text}, not {players}").format(
        game=info.name, players_text=players_text(info), players=players)
