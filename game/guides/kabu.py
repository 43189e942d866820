"""Kabu's guided first match: you against one easy bot, one round (the table ends every guided
match with its first round's scores), a stacked deal.

You peek at your ace and two, draw a red 7 (look at one of your own cards), look at your black 7
and throw it on the pile at once, then call Kabu on your next turn. Two seats: slot k of seat s is
card 2k + s (slots 0-2 the far row, 3-5 the near row); then the draws in turn order.
"""

from game.core.cards import DECK, DISCARD
from game.guides import ButtonOf, Guide, GuideContext, Moment, all_of, at, can, results
from game.i18n import _l

ABILITY = {7, 8, 9, 10}     # and the red jack and queen; this deal draws a 7


def drew_ability_card(ctx: GuideContext) -> bool:
    held = ctx.view.held
    return ctx.can("PlayDrawn") and held is not None and held.rank in ABILITY


def seven_on_pile(ctx: GuideContext) -> bool:
    top = ctx.view.discard_top
    return top is not None and top.rank == 7


def peeks_left(n: int):
    return lambda ctx: ctx.can("Peek") and ctx.view.peeks_left[ctx.seat] == n


GUIDE = Guide(
    variant="kabu",
    title=_l("Kabu: guided first match"),
    about=_l("One short round against an easy bot: choosing your peeks, a card's ability, an instant discard and the call."),
    seats=(("You", "human"), ("Ada", "easy")),
    options={"halving": False, "reaction_seconds": 3.0},
    seed=3803,
    deck=("7c", "Ks",      # slot 0 of You, Ada
          "9h", "Qc",      # slot 1
          "5d", "Jc",      # slot 2
          "Ah", "10s",     # slot 3 (the near row)
          "2h", "9s",      # slot 4
          "3c", "8c",      # slot 5
          "7h", "4d", "6d"),   # the draws: You, Ada, Ada
    moments=(
        Moment("peek", _l("Before the first turn you choose two of your own cards and look at them once. "
                       "Click the ringed card to look at it."),
               when=peeks_left(2), point=at(lambda c: c.own(3)), done=("Peek",)),
        Moment("peek-2", _l("Now the second one: remember both, they will not show again."),
               when=peeks_left(1), point=at(lambda c: c.own(4)), done=("Peek",)),
        Moment("draw", _l("Your turn. The discard pile is still empty, so draw from the deck: click it or press D."),
               when=all_of(can("DrawFromDeck"), lambda c: c.view.discard_top is None),
               point=at(DECK), done=("DrawFromDeck",), anytime=True),
        Moment("ability", _l("You drew a 7: discarded straight from the deck, it lets you look at one of your own "
                          "cards. Discard it on the pile (P)."),
               when=drew_ability_card, point=at(DISCARD), done=("PlayDrawn",)),
        Moment("look", _l("Click the ringed card, one you have not seen yet, to look at it."),
               when=can("LookOwn"), point=at(lambda c: c.own(0)), done=("LookOwn",)),
        Moment("discard", _l("Anyone may throw a card of the same rank on the pile before the ring runs out. "
                          "The card you just looked at is a 7 and still shows for you: click it."),
               when=all_of(can("Match"), seven_on_pile), point=at(DISCARD, lambda c: c.own(0)), done=("Match",)),
        Moment("call", _l("Your five cards add up to 20, a low hand. Call Kabu (K) instead of a turn: "
                       "Ada gets one more turn, then the round ends."),
               when=can("CallKabu"), point=at(ButtonOf("CallKabu")), done=("CallKabu",)),
        Moment("round-end", _l("All cards are turned up and everyone scores the total of their own cards. "
                            "A match goes on round after round until a total goes above 100, and the lowest total wins."),
               when=results("round"), anytime=True),
    ),
)
