"""Drive one real Cardhall window (x11 under Xvfb) through a network match, as host or as joined player.

    DISPLAY=:63 SDL_VIDEODRIVER=x11 CARDHALL_HOME=$(mktemp -d) python tests/client/net_windows.py host kombio /tmp/info.json SHOTS &
    DISPLAY=:64 SDL_VIDEODRIVER=x11 CARDHALL_HOME=$(mktemp -d) python tests/client/net_windows.py join kombio /tmp/info.json SHOTS

Two processes, two displays, two homes: the host opens Play on the network -> Host a table (a person
at its screen, one on the network; Kabu a bot too), writes the port and code to the info file, and
starts once the seat is taken; the other joins by typing the address and code. The menus are driven
by posted keys; the person at each window is a medium bot deciding, acting through the table's own
act (pressing Enter where the table waits for it). Screenshots (import -window root) of the lobby,
the table and the end go to SHOTS; the last line printed is the run's figures, the digest of the
match's actions included, which must be the same on both sides (docs/network.md).
Not a test (it needs X): the real-window check of issue 30."""
import json, os, sys, time, subprocess
import pygame
from game.client.app import App
from game.client.storage import Storage
from game import games
from game.core.game import get_variant
from ai.registry import make_agent

role, variant, info = sys.argv[1], sys.argv[2], sys.argv[3]
shots = sys.argv[4]
SHORT = {"combat-uno": {"length": "rounds", "rounds": 1}, "kombio": {"rounds": 1}, "kabu": {"target": 20},
         "kumbal": {"target": 100} , "sixteen-combos": {"round_limit": 5}}
storage = Storage()
storage.settings.guides_offered = games.game_ids()
storage.settings.animation_speed = 2.0
app = App(storage=storage, size=(1280, 720))
clock = pygame.time.Clock()

def frames(n=1):
    for _ in range(n):
        app.step(min(0.05, clock.tick(60) / 1000.0))

def key(k, text=""):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=text, scancode=0))
    if text:    # (as SDL sends a printable key: its TEXTINPUT too)
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode=text, scancode=0))
    frames(2)

def typed(s):
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=s)); frames(2)

def shot(name):
    frames(3)
    subprocess.run(["import", "-window", "root", os.path.join(shots, name)], check=False)

def stack():
    return [type(s).__name__ for s in app.scenes]

frames(5)
key(pygame.K_n, "n")
if role == "host":
    key(pygame.K_h, "h")
    chooser = app.top
    i = next(i for i, v in enumerate(chooser.variants) if v.id == variant)
    key(pygame.K_1 + i, str(i + 1))
    frames(2)
    if stack()[-1] != "HostSetupScene":   # (a guided-match offer over it)
        key(pygame.K_ESCAPE)
    setup = app.top
    want = ["human", "remote"] + (["medium"] if variant in ("kabu",) else [])
    while len(setup.seats) > max(len(want), get_variant(variant).min_seats):
        setup.remove_seat(len(setup.seats) - 1)
    for seat, kind in zip(setup.seats, want):
        seat["kind"] = kind
    setup.seats[0]["name"] = "Hana"
    setup.rebuild()
    for k, v in SHORT[variant].items():
        if k in setup.options:
            setup.set_option(k, v)
    frames(2)
    if variant == "combat-uno":
        shot("host-setup.png")
    setup.next()
    frames(5)
    lobby = app.top
    json.dump({"port": lobby.hosting.link.port, "code": lobby.hosting.table.code}, open(info + ".tmp", "w"))
    os.rename(info + ".tmp", info)
    while not lobby.hosting.table.full():
        frames(1)
    frames(10)
    shot(f"lobby-host-{variant}.png")
    key(pygame.K_RETURN)
else:
    while not os.path.exists(info):
        time.sleep(0.1)
    data = json.load(open(info))
    key(pygame.K_j, "j")
    frames(5)
    join = app.top
    join.form.focus_on(join.address_input); typed(f"127.0.0.1:{data['port']}")
    join.form.focus_on(join.code_input); typed(data["code"].lower())
    join.form.focus_on(join.name_input)
    for _ in range(3):
        key(pygame.K_BACKSPACE)
    typed("Jo")
    key(pygame.K_RETURN)
    while stack()[-1] != "ClientLobby" or app.top.client.seat is None:
        frames(1)
    frames(20)
    shot(f"lobby-join-{variant}.png")
while not stack()[-1].startswith("Network"):
    frames(1)
table = app.top
screen, director = table.screen, table.director
seat = screen.humans[0]
agent = make_agent(variant, "medium", 7 if role == "host" else 8)
agent.begin(seat, get_variant(variant), table.match.seats, {})
driver, listener = table.match, table.match._listener
def heard(events):
    agent.observe([e.for_seat(seat) for e in events]); listener(events)
driver._listener = heard
began = time.monotonic(); shot_taken = False; last_act = 0.0
while True:
    frames(1)
    if app.top is not table:
        if type(app.top).__name__ == "Curtain":
            key(pygame.K_RETURN)
        continue
    if table.match.over and (role == "host" or table.match.client.record is not None):
        break
    if not shot_taken and time.monotonic() - began > 12 and not director.animating:
        shot(f"table-{role}-{variant}.png"); shot_taken = True
    if table.match.round_over():
        if screen.round_result is not None and not director.animating:
            table.next_round()
        continue
    if director.hold is not None and (director.hold.seat is None or director.hold.seat in screen.humans):
        key(pygame.K_RETURN); continue
    if director.animating or not director.ready_for_input() or time.monotonic() - last_act < 0.35:
        continue
    legal = table.match.legal(seat)
    if legal:
        table.spec.act(agent.decide(table.match.view(seat), legal, table.match.now).action)
        last_act = time.monotonic()
frames(90)
shot(f"end-{role}-{variant}.png")
net = table.hosting.table if role == "host" else None
print(json.dumps({"role": role, "variant": variant, "seconds": round(time.monotonic() - began, 1),
                  "version": table.match.version,
                  "desyncs": net.desyncs if net else table.match.client.desyncs,
                  "illegal": net.illegal if net else None,
                  "actions_digest": __import__("hashlib").sha256(repr(table.match.session.game.history if net else table.match.client.record.actions).encode()).hexdigest()[:16]}))
frames(30)
app.quit()
