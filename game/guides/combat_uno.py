"""Combat UNO's guided first match: you against two easy bots, one round, a stacked deal.

You follow the start card, jump in with a card identical to Ada's while it is Bruno's turn, stack
a Draw Two Bruno plays at you, call UNO on your second-last card and go out. Three seats (dealer
seat 2): seat s gets cards 3k + s; the 22nd card is the start card, then Ada's penalty. Each bot
can play only the planned card until the colour is green, then only greens.
"""

from game.core.cards import DISCARD
from game.guides import ButtonOf, Guide, GuideContext, Moment, at, faces, results
from game.i18n import _l


def plays(ctx: GuideContext):
    """The cards of the player's hand that may go down now."""
    legal = {(a.rank, a.colour) for a in ctx.legal if type(a).__name__ == "Play"}
    return [c for c in ctx.view.hand if (c.rank, c.suit) in legal]


def on_top(ctx: GuideContext, face: str, by: int | None) -> bool:
    """The top card is this one, put there by this seat (None: the start card): a moment whose
    words name the cards comes only when they are the ones on the table (a player who did
    something else meets other cards, and the moment passes by)."""
    top = ctx.view.top
    return top is not None and str(top) == face and ctx.view.top_by == by


def your_turn(ctx: GuideContext) -> bool:
    v = ctx.view
    return (v.turn == ctx.seat and not v.pending and ctx.can("Draw") and on_top(ctx, "8yellow", None)
            and "6yellow" in map(str, plays(ctx)))


def can_stack(ctx: GuideContext) -> bool:
    v = ctx.view
    return v.pending > 0 and v.victim == ctx.seat and bool(plays(ctx)) and on_top(ctx, "draw2red", 2)


def can_jump_in(ctx: GuideContext) -> bool:
    v = ctx.view
    return v.turn != ctx.seat and not v.pending and bool(plays(ctx)) and on_top(ctx, "6red", 1)


def uno_on_you(ctx: GuideContext) -> bool:
    return any(type(a).__name__ == "CallUno" and a.target == ctx.seat for a in ctx.legal)


GUIDE = Guide(
    variant="combat-uno",
    title=_l("Combat UNO: guided first match"),
    about=_l("One short round against two easy bots: following a card, jumping in, stacking a Draw Two and the UNO race."),
    seats=(("You", "human"), ("Ada", "easy"), ("Bruno", "easy")),
    options={"length": "rounds", "rounds": 1, "reaction_seconds": 3.0},
    seed=2702,
    deck=("6yellow", "6red", "draw2red",          # first card of You, Ada, Bruno
          "6red", "4red", "1blue",
          "draw2blue", "0green", "2green",
          "1green", "2green", "3green",
          "9green", "4green", "5green",
          "3green", "5green", "6green",
          "7green", "8green", "8green",
          "8yellow",                               # the start card
          "4green", "6green", "7green", "9green"),  # Ada's penalty
    moments=(
        Moment("turn", _l("Your turn: put down a card of the same colour or the same number as the top card. "
                       "Your yellow 6 goes on the yellow 8: click it (or draw with D)."),
               when=your_turn, point=faces(plays), done=("Play", "Draw")),
        Moment("jump-in", _l("Ada played a card identical to one of yours, so you may jump in out of turn before "
                          "the ring runs out. Click your red 6: play carries on from you."),
               when=can_jump_in, point=lambda c: faces(plays)(c) + (DISCARD,), done=("Play",)),
        Moment("stack", _l("Bruno put a Draw Two on you. Instead of drawing, stack your own Draw Two on it: "
                        "the whole four then passes on to Ada."),
               when=can_stack, point=faces(plays), done=("Play",)),
        Moment("uno", _l("You are down to one card: call UNO (U) before a bot calls it on you, "
                      "or you draw two."),
               when=uno_on_you, point=at(ButtonOf("CallUno")), done=("CallUno",), anytime=True),
        Moment("round-end", _l("The round ends when someone goes out: everyone else scores the points left in their hand. "
                            "After several rounds the lowest total wins."),
               when=results("round"), anytime=True),
    ),
)
