"""Why an invite cannot be used, in the reader's language.

`netplay.relay_invite` says what is wrong with an invite in plain English (netplay words
nothing itself); its sentences are matched here to messages the catalogue translates, with
the numbers they carry. The window (`client.i18n.say`) and the command lines
(`client.cli.words.say`) each word the result in their own language.
"""

import re

from client.i18n import N_

# (the English relay_invite raises, matched whole; the message it is worded as)
PROBLEMS: tuple[tuple[str, str], ...] = (
    (r"an invite is text starting with SA-", N_("an invite is text starting with SA-")),
    (r"an invite starts with SA- \(copy the whole invite the host gave you\)",
     N_("an invite starts with SA- (copy the whole invite the host gave you)")),
    (r"an invite holds only the letters A-Z and digits 2-7 after SA-; check for a typo .*",
     N_("an invite holds only the letters A-Z and digits 2-7 after SA-; check for a typo (0 and 1 are never "
        "used: they are O and I)")),
    (r"this invite is cut short or has extra letters; copy it again",
     N_("this invite is cut short or has extra letters; copy it again")),
    (r"this invite is cut short; copy it again", N_("this invite is cut short; copy it again")),
    (r"this invite has a typo \(its checksum does not match\); copy it again",
     N_("this invite has a typo (its checksum does not match); copy it again")),
    (r"this invite has a typo in its last letters \(no invite is spelt this way\); copy it again",
     N_("this invite has a typo in its last letters (no invite is spelt this way); copy it again")),
    (r"this invite is of version (?P<version>\d+); this Spielabend reads version (?P<reads>\d+).*",
     N_("this invite is of version {version}; this Spielabend reads version {reads}: update the older one")),
    (r"this invite names seat (?P<seat>\d+), and tables have at most (?P<most>\d+)",
     N_("this invite names seat {seat}, and tables have at most {most}")),
    (r"this invite asks for something this Spielabend does not know: update it",
     N_("this invite asks for something this Spielabend does not know: update it")),
    (r"the relay address in this invite is not readable", N_("the relay address in this invite is not readable")),
    (r"the relay address in this invite is not valid", N_("the relay address in this invite is not valid")),
)
# An invite problem this list does not know yet (a newer check): still said in words.
UNKNOWN = N_("this invite cannot be read; copy it again")


def invite_problem(error: object) -> tuple[str, dict[str, str]]:
    """The message and its data for an `InviteError` (or its text): look it up and fill it
    with the reader's ``say``."""
    text = str(error)
    for pattern, message in PROBLEMS:
        found = re.fullmatch(pattern, text)
        if found:
            return message, found.groupdict()
    return UNKNOWN, {}
