"""Kombio's guided first match: you and two easy bots, one round, a stacked deal.

You see a 7 and a 0 near you, draw a 7 (its ability: look at one of your cards), match your own
7 on it out of turn, and on your next turn your hand is low enough to call KOMBIO and win.
Deal order (three seats, dealer seat 2): slot 0 to seats 0, 1, 2, then slot 1, ... so seat s's
slot k is card 3k + s; the cards after the twelfth are the draws in turn order.
"""

from game.core.cards import DECK, DISCARD
from game.guides import ButtonOf, Guide, GuideContext, Moment, all_of, at, can, holding, results
from game.i18n import _l

ABILITY_RANKS = {7, 8, 9, 10, 11, 12, 13, 14}


def drew_ability_card(ctx: GuideContext) -> bool:
    held = ctx.view.held
    return ctx.can("PlayDrawn") and held is not None and held.rank in ABILITY_RANKS


def seven_on_pile(ctx: GuideContext) -> bool:
    top = ctx.view.discard_top
    return top is not None and top.rank == 7


GUIDE = Guide(
    variant="kombio",
    title=_l("Kombio: guided first match"),
    about=_l("One short round against two easy bots: the peek, a card's ability, matching out of turn and the call."),
    seats=(("You", "human"), ("Ada", "easy"), ("Bruno", "easy")),
    options={"rounds": 1, "reaction_seconds": 3.0},
    seed=1701,
    deck=("1", "10", "11",      # slot 0 of You, Ada, Bruno
          "2", "12", "9",       # slot 1
          "7", "13", "12",      # slot 2 (the near row: You peek at 7 and 0)
          "0", "10", "11",      # slot 3
          "7", "5", "6", "4", "3"),   # the draws: You, Ada, Bruno, Ada, Bruno
    moments=(
        Moment("peek", _l("Before play starts you look once at your two near cards: a 7 and a 0. "
                       "Remember them, then press Enter."),
               when=holding("peek"), point=at(lambda c: c.own(2), lambda c: c.own(3))),
        Moment("draw", _l("Your turn. The discard pile is still empty, so draw from the deck: click it or press D."),
               when=all_of(can("DrawFromDeck"), lambda c: c.view.discard_top is None),
               point=at(DECK), done=("DrawFromDeck",), anytime=True),
        Moment("ability", _l("You drew a 7, and a card played straight from the deck uses its ability: "
                          "a 7 lets you look at one of your own cards. Play it on the pile (P)."),
               when=drew_ability_card, point=at(DISCARD), done=("PlayDrawn",)),
        Moment("look", _l("Click one of your two far cards to look at it: you have not seen those yet."),
               when=can("LookOwn"), point=at(lambda c: c.own(0), lambda c: c.own(1)), done=("LookOwn",)),
        Moment("match", _l("A card on the pile can be matched out of turn by anyone before the ring runs out. "
                        "Your near card is a 7 too: click it to throw it on the pile."),
               when=all_of(can("Match"), seven_on_pile), point=at(DISCARD, lambda c: c.own(2)), done=("Match",)),
        Moment("call", _l("Your three cards add up to 3, a low hand. Call KOMBIO (K) instead of a turn: "
                       "everyone else gets one more turn, then the round ends."),
               when=can("CallKombio"), point=at(ButtonOf("CallKombio")), done=("CallKombio",)),
        Moment("round-end", _l("The round is over: every card is turned up and each hand is added up. "
                            "A caller who is strictly lowest scores just their hand and everyone else adds 10."),
               when=results("round"), anytime=True),
    ),
)
