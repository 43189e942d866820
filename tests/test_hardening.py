"""Every file the game reads is untrusted (issue 13): the one loader, the schemas, options, records
and `cardhall replay`, the home folder's lock, leftover temporary files, and finishing a match
exactly once."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.cli import main
from game.client.storage import NotSaved, Settings, Storage, match_identity
from game.core import schema
from game.core.errors import BadOptions, RecordError
from game.core.files import UnreadableFile, atomic_write_json, clean_temporary, read_json
from game.core.options import OptionSpec
from game.core.record import GameRecord, SeatInfo
from game.simulate import play_match

ROOT = Path(__file__).resolve().parents[1]
HUGE_INT = "1" + "0" * 5000
DEEP = "[" * 5000 + "]" * 5000


# -- the loader -----------------------------------------------------------------------------------

@pytest.mark.parametrize("content, why", [
    (b'{"a": NaN}', "not valid JSON"),
    (b'{"a": Infinity}', "not valid JSON"),
    (b'{"a": -Infinity}', "not valid JSON"),
    (('{"a": %s}' % HUGE_INT).encode(), "not valid JSON"),
    (DEEP.encode(), "nested too deeply"),
    (b'\xff\xfe{}', "not UTF-8"),
    (b'{"a": 1', "not valid JSON"),
])
def test_the_loader_turns_every_failure_into_one_error(tmp_path, content, why):
    path = tmp_path / "f.json"
    path.write_bytes(content)
    with pytest.raises(UnreadableFile, match=why):
        read_json(path)


def test_the_loader_reads_only_regular_files_of_a_bounded_size(tmp_path):
    assert read_json(tmp_path / "missing.json") is None
    with pytest.raises(UnreadableFile, match="not a regular file"):
        read_json(tmp_path)
    big = tmp_path / "big.json"
    big.write_bytes(b"[" + b"1," * 600_000 + b"1]")
    with pytest.raises(UnreadableFile, match="larger than"):
        read_json(big, max_bytes=1024 * 1024)
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)                 # nobody writes to it: opening it must not block
        with pytest.raises(UnreadableFile, match="not a regular file"):
            read_json(fifo)
    if Path("/dev/zero").exists():
        with pytest.raises(UnreadableFile, match="not a regular file"):
            read_json(Path("/dev/zero"))


def test_strings_must_be_printable_and_bounded():
    assert schema.text("Zoë ★", "name", 20) == "Zoë ★"
    for bad in ("a\x00b", "a\ud800", "\x1b[2J", "", "   ", "x" * 41, 5):
        with pytest.raises(schema.SchemaError):
            schema.text(bad, "name", 40)
    with pytest.raises(schema.SchemaError):
        schema.integer(1.0, "n")
    with pytest.raises(schema.SchemaError):
        schema.integer(True, "n")
    with pytest.raises(schema.SchemaError):
        schema.number(float("nan"), "n", 0, 1)


# -- options ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 1.5, 10 ** 5000, "3", True],
                         ids=["nan", "inf", "-inf", "1.5", "huge", "text", "true"])
def test_a_number_option_refuses_nan_infinities_and_fractions_of_whole_numbers(value):
    spec = OptionSpec("rounds", "Rounds", 5, minimum=1, maximum=20)
    with pytest.raises(BadOptions):
        spec.check(value)
    assert spec.check(3.0) == 3 and type(spec.check(3.0)) is int


def test_a_choice_option_compares_types_too():
    spec = OptionSpec("length", "Length", "rounds", choices=("rounds", "target"))
    assert spec.check("target") == "target"
    with pytest.raises(BadOptions):
        OptionSpec("n", "N", 1, choices=(1, 2)).check(True)


@pytest.mark.parametrize("option", ["rounds=NaN", "rounds=1.5", "rounds=Infinity", f"rounds={HUGE_INT}", "rounds=1e999"])
def test_simulate_refuses_bad_option_values_in_one_line(capsys, option):
    assert main(["simulate", "--games", "1", "--option", option]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardhall: error: option rounds") and err.count("\n") == 1


# -- the settings, statistics and saved match ---------------------------------------------------

def write(tmp_path, name, content):
    folder = "config" if name == "settings.json" else "data"
    path = tmp_path / folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8", "surrogatepass"))
    return path


# saved-match.json: the single save of earlier versions, read when it is moved into its slot.
@pytest.mark.parametrize("name", ["settings.json", "statistics.json", "saves/kombio.json", "saved-match.json"])
@pytest.mark.parametrize("content", ['{"volume": Infinity}', '{"format": 1, "x": %s}' % HUGE_INT, DEEP, '{"a": NaN}'])
def test_files_that_crashed_every_start_are_set_aside_with_a_notice(tmp_path, name, content):
    path = write(tmp_path, name, content)
    s = Storage(tmp_path)
    s.saved_matches()
    assert not path.exists() and len(list(path.parent.glob(path.name + ".corrupt-*"))) == 1
    assert len(s.messages) == 1 and "could not be read" in s.messages[0]


def test_statistics_with_hostile_values_are_set_aside(tmp_path):
    for stats in [
        {"format": 1, "variants": {"kombio": {"played": 10 ** 12, "won": 0}}},
        {"format": 1.0, "variants": {}},
        {"format": 1, "variants": {"kombio": {"played": 1, "won": 0, "scores": [1.5]}}},
        {"format": 1, "variants": {}, "last_match": {"variant": "kombio", "names": ["a\x00"], "totals_by_round": []}},
        {"format": 1, "variants": {}, "last_match": {"variant": "kombio", "names": ["x" * 10_000_000],
                                                     "totals_by_round": []}},
        {"format": 1, "variants": {}, "last_match": {"variant": "kombio", "names": ["a", "b"],
                                                     "totals_by_round": [[1, 2]], "winners": [5]}},
    ]:
        path = write(tmp_path, "statistics.json", json.dumps(stats))
        s = Storage(tmp_path)
        assert s.stats.variants == {} and not path.exists(), stats
        assert "statistics start again from zero" in s.messages[0]
        for p in path.parent.glob("statistics.json.corrupt-*"):
            p.unlink()


def test_settings_with_a_nul_or_a_lone_surrogate_are_reset_and_the_rest_kept(tmp_path):
    path = write(tmp_path, "settings.json", json.dumps({"player_name": "Zo\x00e", "volume": 0.2,
                                                        "last_setup": {"kombio": {"seats": [{"name": "\ud800", "kind": "human"}]}}}))
    s = Storage(tmp_path)
    assert s.settings.player_name == Settings().player_name and s.settings.last_setup == {}
    assert s.settings.volume == 0.2
    assert len(s.messages) == 1 and "player name" in s.messages[0] and "last setup" in s.messages[0]
    assert list(path.parent.glob("settings.json.corrupt-*"))      # the original is kept for a report
    assert Storage(tmp_path).messages == [] and Storage(tmp_path).settings.volume == 0.2


@pytest.mark.parametrize("result", [0, {}, "x", {"rounds": [], "totals": [0, 0], "winners": [0]}])
def test_a_save_that_claims_to_be_finished_is_set_aside_not_deleted(tmp_path, result):
    data = GameRecord("kombio", {}, [SeatInfo("A", "human"), SeatInfo("B", "bot", "easy")], 5).to_json()
    data["result"] = result
    path = write(tmp_path, "saves/kombio.json", json.dumps(data))
    s = Storage(tmp_path)
    assert s.saved_match("kombio") is None
    assert not path.exists() and list(path.parent.glob("kombio.json.corrupt-*"))
    assert len(s.messages) == 1 and "Your saved" in s.messages[0]


@pytest.mark.parametrize("t", [1e300, 10 ** 400])
def test_a_save_with_an_absurd_time_is_set_aside(tmp_path, t):
    data = GameRecord("kombio", {}, [SeatInfo("A", "human"), SeatInfo("B", "bot", "easy")], 5).to_json()
    data["actions"] = [{"t": 0.0, "type": "StartRound", "seat": -1}]
    text = json.dumps(data).replace('"t": 0.0', f'"t": {t}')
    write(tmp_path, "saves/kombio.json", text)
    s = Storage(tmp_path)
    assert s.saved_match("kombio") is None and "Your saved" in s.messages[0]


def test_a_save_with_bad_client_metadata_is_set_aside(tmp_path):
    data = GameRecord("kombio", {}, [SeatInfo("A", "human"), SeatInfo("B", "bot", "easy")], 5).to_json()
    data["client"] = {"summary": "x" * 100_000}
    write(tmp_path, "saves/kombio.json", json.dumps(data))
    s = Storage(tmp_path)
    assert s.saved_match("kombio") is None and "Your saved" in s.messages[0]


# -- records and `cardhall replay` --------------------------------------------------------------------

@pytest.fixture(scope="module")
def finished():
    _, record = play_match("kombio", ["random", "random"], seed=9, options={"rounds": 1})
    return record.to_json()


def mutated(data, change):
    data = json.loads(json.dumps(data))
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(format=1.0), "unsupported record format"),
    (lambda d: d.update(format=True), "unsupported record format"),
    (lambda d: d["seats"][0].update(kind="wizard"), "kind"),
    (lambda d: d["seats"][0].update(kind="bot", level="godlike"), "level"),
    (lambda d: d["seats"][0].update(kind="bot", level=None), "a bot needs a level"),
    (lambda d: d["seats"][0].update(kind="bot") or d["seats"][0].pop("level"), "a bot needs a level"),
    (lambda d: d["seats"][0].update(name="a\x00"), "control character"),
    (lambda d: d.update(seed=1.5), "seed"),
    (lambda d: d["actions"][1].update(seat=True), "whole number"),
    (lambda d: d["actions"][1].update(seat=0.0), "whole number"),
    (lambda d: d["actions"][3].update(t=-1), "t"),
    (lambda d: d["actions"][3].update(t=d["actions"][2]["t"] - 0.5), "time goes back"),
    (lambda d: d.update(seats=d["seats"] * 10), "seats"),
    (lambda d: d["options"].update(rounds=1.5), "whole number"),
    (lambda d: d.update(result={"rounds": [], "totals": [1], "winners": [0]}), "result.totals"),
    (lambda d: d.update(extra=1), "unexpected key"),
])
def test_tampered_records_are_refused_with_a_reason(finished, change, message):
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(mutated(finished, change))


@pytest.mark.parametrize("change", [lambda d: d.update(result=None), lambda d: d.pop("result")])
def test_a_finished_match_without_its_result_is_a_mismatch(tmp_path, capsys, finished, change):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(mutated(finished, change)))
    assert main(["replay", str(path)]) == 1
    assert "no result for a finished match" in capsys.readouterr().err
    with pytest.raises(RecordError, match="no result"):
        GameRecord.load(path).check()


def test_check_refuses_a_result_on_an_unfinished_match(finished):
    data = mutated(finished, lambda d: d.update(actions=d["actions"][:5]))
    with pytest.raises(RecordError, match="does not finish"):
        GameRecord.from_json(data).check()


@pytest.mark.parametrize("content", [
    '{"format": 2, "variant": "kombio", "seed": %s, "seats": [], "actions": []}' % HUGE_INT,
    DEEP,
    '{"format": 2, "variant": "kombio", "seed": 1, "seats": [{"name": "a", "kind": "random"}, {"name": "b", "kind": "random"}], '
    '"actions": [{"t": NaN, "type": "Pass", "seat": 0}]}',
    '{"format": 2, "variant": "kombio", "seed": 1, "seats": [{"name": "a", "kind": "random"}, {"name": "b", "kind": "random"}], '
    '"actions": [{"t": 0, "type": "Give", "seat": 0, "index": 1.5}]}',
    '{"format": 2, "variant": "kombio", "seed": 1, "seats": [{"name": "a", "kind": "random"}, {"name": "b", "kind": "random"}], '
    '"actions": [{"t": 0, "type": "LookAny", "seat": 0, "place": {"zone": "grid", "seat": [], "index": 0}}]}',
])
def test_replay_never_prints_a_traceback(tmp_path, content):
    path = tmp_path / "bad.json"
    path.write_text(content)
    proc = subprocess.run([sys.executable, "-m", "game", "replay", str(path)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("cardhall: error: ") and proc.stderr.count("\n") == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes are POSIX")
def test_replay_of_a_named_pipe_or_a_device_does_not_hang(tmp_path, capsys):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    assert main(["replay", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err
    if Path("/dev/zero").exists():
        assert main(["replay", "/dev/zero"]) == 2


def test_main_turns_an_unexpected_failure_into_one_line(capsys, monkeypatch):
    import game.cli

    def boom(args):
        raise TypeError("x" * 10_000)
    monkeypatch.setattr(game.cli, "cmd_replay", boom)
    assert main(["replay", "whatever.json"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("cardhall: error: TypeError") and err.count("\n") == 1 and len(err) < 400


# -- one copy per home, leftovers, finishing once ----------------------------------------------------

def test_a_second_copy_on_the_same_home_is_told_and_never_writes(tmp_path):
    first = Storage(tmp_path, lock=True)
    first.settings.volume = 0.3
    first.save_settings()
    second = Storage(tmp_path, lock=True)
    assert second.read_only and "already open" in second.messages[0]
    second.settings.volume = 0.9
    second.save_settings()
    second.save_stats()
    rec = GameRecord("kombio", {}, [SeatInfo("A", "human"), SeatInfo("B", "bot", "easy")], 5)
    with pytest.raises(NotSaved) as caught:
        second.save_match(rec)
    assert caught.value.text == "Kept until you close this window: only the other Cardhall window saves matches."
    assert Storage(tmp_path).settings.volume == 0.3 and not second.save_path("kombio").exists()
    first.close()


def test_a_second_copy_cannot_continue_the_first_copys_match(tmp_path):
    """Issue 33: the copy without the lock continued the other's saved match and played it alongside
    (2 runs of 3); it only reads: the save is listed as the other copy's and never handed out."""
    first = Storage(tmp_path, lock=True)
    rec = GameRecord("kombio", {}, [SeatInfo("A", "human"), SeatInfo("B", "bot", "easy")], 5)
    first.save_match(rec, {"summary": "2 players"})
    second = Storage(tmp_path, lock=True)
    assert second.read_only
    assert second.saved_match("kombio") is None and second.saved_matches() == []
    assert second.held_by_other_copy() == ["kombio"]
    assert "cannot continue a saved match" in second.messages[0]
    own = GameRecord("kombio", {}, [SeatInfo("A", "human"), SeatInfo("B", "bot", "hard")], 9)
    second._match_written(own, {})           # this window's own match (its saver keeps it in memory)
    assert second.saved_match("kombio")[0] is own and second.held_by_other_copy() == []
    assert first.saved_match("kombio")[0].seed == 5
    second.close()
    first.close()
    third = Storage(tmp_path, lock=True)        # the lock is free again once the first copy closes
    assert not third.read_only
    third.close()


def test_temporary_files_left_by_killed_writes_are_removed_at_start(tmp_path):
    atomic_write_json(tmp_path / "data" / "statistics.json", {"format": 1, "variants": {}})
    left = [tmp_path / "data" / ".statistics.json.abc123.tmp", tmp_path / "config" / ".settings.json.x.tmp",
            tmp_path / "data" / "saves" / ".kombio.json.abc.tmp"]
    for p in left:
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text("{half")
    mine = tmp_path / "data" / "notes.tmp"           # not one of ours: left alone
    mine.write_text("keep")
    s = Storage(tmp_path, lock=True)
    assert not any(p.exists() for p in left) and mine.exists()
    assert s.messages == []
    s.close()
    assert clean_temporary(tmp_path / "nowhere") == []


def test_a_kill_between_counting_and_removing_the_save_never_counts_twice(tmp_path):
    seats = [SeatInfo("Zoe", "human"), SeatInfo("Ada", "bot", "easy")]
    unfinished = GameRecord("kombio", {}, seats, 77)
    done = GameRecord("kombio", {}, seats, 77, [], {"rounds": [[1, 2]], "totals": [1, 2], "winners": [0]})
    s = Storage(tmp_path)
    s.save_match(unfinished)
    s.clear_match = lambda variant: None       # the kill: statistics written, the save not removed
    s.record_finished(done)
    assert s.save_path("kombio").exists()
    again = Storage(tmp_path)                  # the next start finds the save of a counted match
    assert again.saved_match("kombio") is None and not again.save_path("kombio").exists() and again.messages == []
    again.record_finished(done)                # and finishing it again (if it was continued) is a no-op
    vs = Storage(tmp_path).stats.variants["kombio"]
    assert (vs.played, vs.won) == (1, 1)
    assert match_identity(done) in Storage(tmp_path).stats.finished


# -- long records ----------------------------------------------------------------------------------

def test_a_long_replay_shows_progress_on_a_terminal(tmp_path, capsys, monkeypatch, finished):
    import game.cli

    calls = []
    GameRecord.from_json(finished).replay(progress=lambda done, total: calls.append((done, total)))
    n = len(finished["actions"])
    assert calls == [(i, n) for i in range(0, n, 5_000)]
    assert game.cli._progress_line(n) is None                     # short: nothing
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    show = game.cli._progress_line(40_000)
    show(0, 40_000)
    show(35_000, 40_000)
    err = capsys.readouterr().err
    assert "\rreplaying: 0% (0 of 40,000 actions)" in err and err.endswith("87% (35,000 of 40,000 actions)\n")


def test_an_oversized_record_is_refused_at_once(tmp_path, monkeypatch, capsys):
    import game.core.record as record_mod

    monkeypatch.setattr(record_mod, "MAX_RECORD_BYTES", 1024)
    path = tmp_path / "big.json"
    path.write_text(json.dumps({"format": 2, "padding": "x" * 4096}))
    assert main(["replay", str(path)]) == 2
    assert "larger than" in capsys.readouterr().err


def test_window_sizes_beyond_an_8k_screen_are_reset(tmp_path):
    write(tmp_path, "settings.json", json.dumps({"window_size": [16384, 16384], "volume": 0.4}))
    s = Storage(tmp_path)
    assert s.settings.window_size == Settings().window_size and s.settings.volume == 0.4
    assert "window size" in s.messages[0]
    write(tmp_path, "settings.json", json.dumps({"window_size": [7680, 4320]}))
    assert Storage(tmp_path).settings.window_size == (7680, 4320)


def test_command_line_errors_stay_on_one_short_line(capsys, tmp_path):
    (tmp_path / "file").write_text("")
    assert main(["simulate", "--games", "1", "--option", "rounds=1", "--records", str(tmp_path / "file" / "x")]) == 2
    assert capsys.readouterr().err.startswith("cardhall: error: cannot write records to")
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", "--players", "9" * 5000])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and len(err) < 400


# -- any JSON at all -----------------------------------------------------------------------------------

from hypothesis import HealthCheck, given, settings as hsettings, strategies as st  # noqa: E402

from tests.properties import example_count  # noqa: E402

_scalars = (st.none() | st.booleans() | st.integers(min_value=-10 ** 30, max_value=10 ** 30)
            | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
            | st.sampled_from(["kombio", "combat-uno", "human", "bot", "easy", "random", "Pass", "StartRound"]))
_json = st.recursive(_scalars, lambda inner: st.lists(inner, max_size=5)
                     | st.dictionaries(st.sampled_from(["format", "variant", "seats", "seed", "actions", "result",
                                                        "name", "kind", "level", "t", "type", "seat", "played",
                                                        "won", "scores", "variants", "last_match", "names",
                                                        "totals_by_round", "winners", "options", "x"]) | st.text(max_size=5),
                                       inner, max_size=6), max_leaves=30)


@hsettings(max_examples=example_count(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_json)
@pytest.mark.slow
def test_any_json_is_read_or_refused_never_crashes(data):
    from game.client.storage import LastMatch, Statistics, VariantStats, _check_last_setup
    from game.core.errors import CardhallError

    for parse in (GameRecord.from_json, Statistics.from_json, LastMatch.from_json, VariantStats.from_json,
                  _check_last_setup):
        try:
            parse(data)
        except CardhallError:
            pass
    if isinstance(data, dict):
        settings, _ = Settings.from_json(data)
        json.dumps(settings.to_json(), allow_nan=False)      # whatever was kept can be written back


def test_the_lock_holds_across_processes_and_dies_with_its_holder(tmp_path):
    code = ("import sys, time; from game.client.storage import Storage; "
            "s = Storage(sys.argv[1], lock=True); print('read-only' if s.read_only else 'locked', flush=True); "
            "time.sleep(60)")
    child = subprocess.Popen([sys.executable, "-c", code, str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "locked"
        second = Storage(tmp_path, lock=True)
        assert second.read_only and "already open" in second.messages[0]
    finally:
        child.kill()                                  # a killed game leaves no stale lock behind
        child.wait()
    third = Storage(tmp_path, lock=True)
    assert not third.read_only and third.messages == []
    third.close()


def test_a_second_copy_neither_counts_nor_mends_the_first_copys_save(tmp_path):
    """The save a read-only copy finds is the other copy's: it says nothing of what the other copy
    will mend (a step left out) or count (a match that reached its end), and changes nothing."""
    from game.simulate import play_match

    _, finished = play_match("kombio", ["random", "random"], seed=5, options={"rounds": 1})
    finished.result = None
    finished.seats[0] = SeatInfo("You", "human")
    first = Storage(tmp_path, lock=True)
    path = first.save_path("kombio")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({**finished.to_json(), "client": {}}))
    before = path.read_bytes()
    second = Storage(tmp_path, lock=True)
    assert second.held_by_other_copy() == ["kombio"] and len(second.messages) == 1
    assert second.stats.for_variant("kombio").played == 0 and path.read_bytes() == before
    assert first.saved_matches() == [] and first.stats.for_variant("kombio").played == 1
    second.close()
    first.close()
