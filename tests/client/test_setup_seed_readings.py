"""The seed's readings and their house rules in setup (issue 33, items 15 to 18): every option is
shown before a match, a house rule's dependent setting is greyed out until it matters, and the
review lists what will be played."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.client


def _setup(drive, variant: str):
    from game.client.scenes.play import SetupScene
    from game.core.game import get_variant

    scene = SetupScene(drive.app, get_variant(variant))
    drive.app.push(scene)
    drive.app.run_frames(1)
    return scene


def _widget(scene, key: str):
    return next(w for spec, w in zip(scene.variant.option_specs, scene.option_widgets) if spec.key == key)


def test_kumbal_shows_its_house_rules_off_and_the_timer_length_only_with_the_timer(drive):
    scene = _setup(drive, "kumbal")
    assert scene.options["free_discard_timer"] is False and scene.options["seven_skips_with_two"] is False
    for label in ("7 skips with two players", "Free discard on a timer", "Free-discard window (seconds)"):
        scene._scroll_to(next(w for w in scene.option_widgets if w.label == label))
        drive.app.run_frames(1)
        assert label in drive.texts
    seconds = _widget(scene, "reaction_seconds")
    assert not seconds.enabled
    scene.set_option("free_discard_timer", True)
    assert seconds.enabled and _widget(scene, "free_discard_timer").enabled
    scene.set_option("free_discards", False)          # no free discards: neither the timer nor its length
    assert not seconds.enabled and not _widget(scene, "free_discard_timer").enabled
    scene.set_option("action_cards", False)
    assert not _widget(scene, "seven_skips_with_two").enabled


def test_kumbal_review_lists_the_rules_to_be_played(drive, monkeypatch):
    from game.client import tables

    scene = _setup(drive, "kumbal")
    monkeypatch.setattr(tables, "start_match", lambda app, record: None)
    scene.next()
    drive.app.run_frames(1)
    texts = drive.texts
    assert "Free discard on a timer" in texts and "7 skips with two players" in texts
    assert "Free-discard window (seconds)" not in texts        # it does not matter without the timer


def test_kabu_shows_the_lock_off_and_the_first_turn_call_allowed(drive):
    scene = _setup(drive, "kabu")
    assert scene.options["lock_caller"] is False and scene.options["call_first_turn"] is True
    for label in ("Lock the caller", "Kabu on the first turn"):
        scene._scroll_to(next(w for w in scene.option_widgets if w.label == label))
        drive.app.run_frames(1)
        assert label in drive.texts
