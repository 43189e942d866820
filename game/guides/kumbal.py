"""Kumbal's guided first match: you against one easy bot, a stacked deal.

You lay down a run of four hearts, take the ace on the pile, play a lone 2 at Ada (she picks up
two), draw a low card and call Kumbal with 7 points or fewer. Two seats: you get cards 1, 3, 5...,
Ada 2, 4, 6...; the fifteenth is the start card; the deck goes on with low cards. One round: the
table ends every guided match with its first round's scores (Kumbal has no round count).
"""

from game.core.cards import DECK
from game.guides import ButtonOf, Face, Guide, GuideContext, Moment, at, can, faces, results
from game.i18n import _l

ACTION_RANKS = {2, 7, 8, "joker"}


def discards(ctx: GuideContext):
    return [a for a in ctx.legal if type(a).__name__ == "Discard"]


def is_combination(action) -> bool:
    return len(action.cards) >= 2


def is_action_card(action) -> bool:
    return len(action.cards) == 1 and (action.cards[0] == "joker" or action.cards[0][:-1] in ("2", "7", "8"))


def longest(ctx: GuideContext):
    best = max(discards(ctx), key=lambda a: len(a.cards), default=None)
    return best.cards if best is not None else ()


def can_combine(ctx: GuideContext) -> bool:
    return ctx.view.turn == ctx.seat and not ctx.view.pending and any(is_combination(a) for a in discards(ctx))


def can_play_action(ctx: GuideContext) -> bool:
    return ctx.view.turn == ctx.seat and not ctx.view.pending and any(is_action_card(a) for a in discards(ctx))


def action_cards(ctx: GuideContext):
    return [a.cards[0] for a in discards(ctx) if is_action_card(a)]


def draw_step(ctx: GuideContext) -> bool:
    return ctx.view.step == "draw" and ctx.view.turn == ctx.seat and ctx.can("DrawFromDeck", "TakeDiscard")


def takeable_and_deck(ctx: GuideContext) -> tuple:
    card = ctx.view.takeable
    return ((Face(str(card), mine=False),) if card is not None else ()) + (DECK,)


GUIDE = Guide(
    variant="kumbal",
    title=_l("Kumbal: guided first match"),
    about=_l("One short round against an easy bot: a run, taking from the pile, an action card and the call."),
    seats=(("You", "human"), ("Ada", "easy")),
    options={"target": 100, "reaction_seconds": 3.0},
    seed=4904,
    deck=("3h", "Ks", "4h", "Kd", "5h", "Qs", "6h", "Qd", "2s", "Js", "Ac", "Jd", "Ad", "10c",
          "As",                                           # the start card
          "Ah", "2c", "3c", "2d", "3d", "4c", "4d"),      # then low cards
    moments=(
        Moment("run", _l("Your turn starts with a discard: one card, a set of equal values, or a run of three or "
                      "more in one suit. Select your four hearts in a row and press Enter."),
               when=can_combine, point=faces(longest), done=("Discard",), asks=is_combination),
        Moment("draw", _l("Then draw: from the deck (D), or take the card that was on top of the pile when your "
                       "turn began. Take the ace (T): it costs just 1 point."),
               when=draw_step, point=takeable_and_deck, done=("DrawFromDeck", "TakeDiscard")),
        Moment("action", _l("A 2 put down alone is an action card: the next player must pick up two cards. "
                         "Select your 2 and press Enter."),
               when=can_play_action, point=faces(action_cards), done=("Discard",), asks=is_action_card),
        Moment("call", _l("Your hand is worth 7 points or fewer, so at the start of your turn you may call Kumbal (K). "
                       "If every other hand is worth more, you score nothing this round."),
               when=can("CallKumbal"), point=at(ButtonOf("CallKumbal")), done=("CallKumbal",), anytime=True),
        Moment("round-end", _l("Every hand is laid down and counted; a wrong call costs the caller 25 more. "
                            "A match goes on round after round until a total passes 100, and the lowest total wins."),
               when=results("round"), anytime=True),
    ),
)
