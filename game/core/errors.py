"""Errors raised by rules engines and records. All are ValueErrors with a readable message."""

from __future__ import annotations


class CardhallError(ValueError):
    """Base of every error the rules core raises on bad input."""


class IllegalAction(CardhallError):
    """The action is not allowed now. The game state is left exactly as it was.

    The message is English, for logs, errors and the command line. `note` (a game.core.events.Note:
    a key such as "refusal.not-your-turn" and its values), given where the refusal is raised, is the
    same refusal as data: a table words it in the player's language (game.client.narration.refusals).
    """

    def __init__(self, *args: object, note: object = None) -> None:   # (no typing: `cardhall --help` loads this)
        super().__init__(*args)
        self.note = note


class NotYourTurn(IllegalAction):
    """The seat may not act at this moment."""


class WrongPhase(IllegalAction):
    """The action does not belong to the current phase of play."""


class InvalidTarget(IllegalAction):
    """The action names a card, seat or position that it may not use."""


class NotAChoice(InvalidTarget):
    """The action is none of the legal choices now, and the rules have no more particular reason
    to give (a table then repeats what it waits for rather than this)."""


class WindowClosed(IllegalAction):
    """An out-of-turn claim arrived when no reaction window was open to that seat."""


class ShownRefusal(IllegalAction):
    """A refusal every seat is shown (a claim that lost a race): the game is unchanged, and `events`
    are the public facts of the attempt, which the session passes on to every seat."""

    def __init__(self, message: str, events: tuple = (), note: object = None) -> None:
        super().__init__(message, note=note)
        self.events = tuple(events)


class GameOver(IllegalAction):
    """The match has ended; nothing more can be played."""


class UnknownVariant(CardhallError):
    """No variant is registered under that name."""


class BadOptions(CardhallError):
    """Options or seat counts that the variant does not accept."""


class RecordError(CardhallError):
    """A game record that cannot be read, parsed or replayed."""
