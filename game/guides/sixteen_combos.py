"""16 Combos' guided first match: you against one easy bot, two pairs each, one encounter.

You place your two hearts, attack Ada's defense pair (a vitality pair) with vitality, and the ace
you draw defeats it: vitality on vitality is Poison, and what is left of your 13 finishes Ada's
other pair. Deal deck: the type cards column by column (You, Ada), then your two value cards, then
Ada's; after "|" the draw deck: the order cards (You, Ada: your king plays first), then the
action values.
"""

from game.variants.sixteen_combos import seat_place
from game.guides import ButtonOf, Guide, GuideContext, Moment, at, can, holding, results, targets_of
from game.i18n import _l


def hand_cards(ctx: GuideContext) -> tuple:
    return tuple(p for p in targets_of("PlaceValue")(ctx) if p.zone == "hand")


def combo_done(ctx: GuideContext) -> bool:
    return "ComboDone" in ctx.seen


def announces_vitality(action) -> bool:
    return getattr(action, "atype", None) == "h"


GUIDE = Guide(
    variant="sixteen-combos",
    title=_l("16 Combos: guided first match"),
    about=_l("One short encounter against an easy bot: placing your value cards, a check and a combo."),
    seats=(("You", "human"), ("Ada", "easy")),
    options={"columns": 2, "encounters": 1, "round_limit": 5},
    seed=5105,
    deck=("5s", "4h",          # column 0 type cards: You, Ada
          "7h", "6h",          # column 1: the defense pairs
          "9h", "3h",          # your value cards
          "2d", "5d",          # Ada's
          "|", "Ks", "2c",     # order cards: You play first
          "Ah"),               # your action value
    moments=(
        # (the table's banner with the ruleset and the order of play comes first, with its Done)
        Moment("ruleset", _l("The table first names the rules in play and the order of play: the highest order card "
                          "starts, and your king beats Ada's 2. Press Enter (Done) to begin."),
               when=holding("ruleset"), point=at(lambda c: seat_place("order", c.seat), seat_place("order", 1))),
        Moment("place", _l("Each value card goes in front of one of your type cards: the type card's suit is the "
                        "pair's type, the value card its value. Click a card in your hand, then a column."),
               when=can("PlaceValue"), point=hand_cards, done=("PlaceValue",)),
        Moment("target", _l("Your turn: attack another character's defense pair, the rightmost one with its type "
                         "face up. Click Ada's."),
               when=can("Target"), point=targets_of("Target"), done=("Target",)),
        Moment("check", _l("Announce vitality: your value row holds two hearts. A card is drawn and checked against "
                        "the target's value, and 6 or more above it defeats the pair."),
               when=can("Announce"), point=at(ButtonOf("Announce")), done=("Announce",), asks=announces_vitality),
        # (it comes once the table has caught up: with this deal the combo ends the encounter, so
        # its results are on the screen by then, and the text tells what has happened)
        Moment("combo", _l("Defeated, so the combo of your action type and the target's type happened: vitality on "
                        "vitality is Poison, and what was left of your value hit Ada's next pair."),
               when=combo_done),
        Moment("round-end", _l("A character whose last pair is gone is out, and the last one standing wins the "
                            "encounter."),
               when=results("round"), anytime=True),
    ),
)
