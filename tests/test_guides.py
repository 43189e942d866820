"""The guided matches' data: every variant's guide fits its schema, and the schema refuses a guide
that does not fit (so a broken guide fails here, not in front of a newcomer)."""

from dataclasses import replace

import pytest

from game.guides import GuideError, Moment, can, check_guide, guide_for, guided_variants


def test_every_variant_with_a_table_has_a_checked_guide():
    assert "kombio" in guided_variants()
    for vid in guided_variants():
        guide = guide_for(vid)
        assert guide.variant == vid
        assert [kind for _, kind in guide.seats].count("human") == 1
        assert all(kind in ("human", "easy") for _, kind in guide.seats), "gentle bots only"


@pytest.mark.parametrize("broken, why", [
    (lambda g: replace(g, deck=("99",) + g.deck), "deal"),
    (lambda g: replace(g, moments=g.moments + (Moment("x", "Do it.", can("Fly"), done=("Fly",)),)), "unknown actions"),
    (lambda g: replace(g, moments=g.moments + (g.moments[0],)), "unique"),
    (lambda g: replace(g, moments=(Moment("long", "One. Two. Three.", can("Pass")),)), "sentences"),
    (lambda g: replace(g, seats=(("You", "human"), ("Ada", "human"))), "one human"),
    (lambda g: replace(g, options={"rounds": -4}), "options"),
    (lambda g: replace(g, moments=g.moments[:-1]), "must be anytime"),   # the guide could never end
])
def test_the_schema_refuses_a_guide_that_does_not_fit(broken, why):
    with pytest.raises(GuideError, match=why):
        check_guide(broken(guide_for("kombio")))
