# RustAgent.py - a drop-in agent for the original ReAntics program (src/AI/).
#
# It forwards every getPlacement / getMove / getAttack / registerWin call to
# the Rust `reantics agent` server over JSON lines (one request per line, one
# answer per line) and turns the answers back into the engine's objects.
#
# Install (see docs/games/reantics.md):
#   1. cargo build --release -p reantics-cli   (gives target/release/reantics)
#   2. copy this file into ReAntics/src/AI/
#   3. tell it where the binary is, if it is not on PATH:
#        export REANTICS_BIN=/path/to/target/release/reantics
#      optional: REANTICS_TIME_MS (time per turn, default 1000),
#                REANTICS_AGENT (which Rust agent, default "mcts"),
#                REANTICS_ARGS (more flags for `reantics agent`, e.g.
#                "--siege 30 --stats"; `reantics agent --help` lists them).
#   4. start the game from ReAntics/src as usual; the agent is listed as
#      "Rust MCTS".
import json
import os
import shlex
import subprocess
import sys
import threading

sys.path.append("..")  # so the engine's modules can be found
from Player import Player
from Move import Move


def _coords(c):
    return [int(c[0]), int(c[1])]


class _CreationOrder:
    """Recovers the order in which ants were created, which the engine keeps
    but the clones agents receive do not (they list ants by cell). The clone
    of an ant keeps its `UniqueID` (the engine object's id), so an ant seen
    before keeps its place and a new one goes last. Of the ants first seen
    together, the queen (created first) leads and an ant on its anthill
    (built this turn: a new ant cannot move in its first turn) comes last."""

    def __init__(self):
        self.seen = {}

    def reset(self):
        self.seen = {}

    def sort(self, ants, anthill=None):
        new = [a for a in ants if self.key(a) not in self.seen]
        # stable: board order otherwise
        new.sort(key=lambda a: (a.type != 0, anthill is not None and tuple(a.coords) == anthill))
        for a in new:
            self.seen[self.key(a)] = len(self.seen)
        return sorted(ants, key=lambda a: self.seen[self.key(a)])

    @staticmethod
    def key(ant):
        # The type guards against an id reused by a later object.
        return (getattr(ant, "UniqueID", id(ant)), ant.type, ant.player)


def _state_json(state, order=None):
    """The GameState as this agent received it, as plain JSON: each player's
    ants in creation order when `order` tracks it, else as listed."""
    inventories = []
    for inv in state.inventories:
        hills = [tuple(c.coords) for c in inv.constrs if c.type == -4]  # ANTHILL
        listed = order.sort(inv.ants, hills[0] if hills else None) if order is not None else inv.ants
        ants = [
            {
                "coords": _coords(a.coords),
                "type": a.type,
                "health": a.health,
                "hasMoved": bool(a.hasMoved),
                "carrying": bool(a.carrying),
            }
            for a in listed
        ]
        constrs = [
            {
                "coords": _coords(c.coords),
                "type": c.type,
                "captureHealth": getattr(c, "captureHealth", 0),
            }
            for c in inv.constrs
        ]
        inventories.append(
            {"player": inv.player, "foodCount": inv.foodCount, "ants": ants, "constrs": constrs}
        )
    return {"phase": state.phase, "whoseTurn": state.whoseTurn, "inventories": inventories}


class AIPlayer(Player):
    def __init__(self, inputPlayerId):
        super(AIPlayer, self).__init__(inputPlayerId, "Rust MCTS")
        self._proc = None
        # Game.py's optional move timeout abandons a getMove thread that is
        # still waiting for its answer; the lock keeps a later request from
        # reading that stale answer.
        self._lock = threading.Lock()
        self._order = _CreationOrder()
        # The last state sent, for run_original.py's traces.
        self.last_state_sent = None

    def _server(self):
        if self._proc is None or self._proc.poll() is not None:
            cmd = [
                os.environ.get("REANTICS_BIN", "reantics"),
                "agent",
                "--name",
                os.environ.get("REANTICS_AGENT", "mcts"),
                "--time-ms",
                os.environ.get("REANTICS_TIME_MS", "1000"),
            ] + shlex.split(os.environ.get("REANTICS_ARGS", ""))
            try:
                self._proc = subprocess.Popen(
                    cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, universal_newlines=True, bufsize=1
                )
            except OSError as e:
                raise RuntimeError(
                    "cannot start %r (set REANTICS_BIN to the reantics binary): %s" % (cmd[0], e)
                )
        return self._proc

    def _ask(self, request):
        with self._lock:
            proc = self._server()
            proc.stdin.write(json.dumps(request) + "\n")
            proc.stdin.flush()
            line = proc.stdout.readline()
        if not line:
            raise RuntimeError("the reantics agent server stopped")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError("reantics agent: " + answer["error"])
        return answer

    def _state(self, currentState):
        self.last_state_sent = _state_json(currentState, self._order)
        return self.last_state_sent

    def getPlacement(self, currentState):
        if currentState.phase == 1:
            self._order.reset()  # a new game
        answer = self._ask({"request": "placement", "state": self._state(currentState)})
        return [tuple(c) for c in answer["coords"]]

    def getMove(self, currentState):
        answer = self._ask({"request": "move", "state": self._state(currentState)})
        coords = answer["coordList"]
        if coords is not None:
            coords = [tuple(c) for c in coords]
        return Move(answer["moveType"], coords, answer["buildType"])

    def getAttack(self, currentState, attackingAnt, enemyLocations):
        answer = self._ask(
            {
                "request": "attack",
                "state": self._state(currentState),
                "attacker": _coords(attackingAnt.coords),
                "targets": [_coords(c) for c in enemyLocations],
            }
        )
        return tuple(answer["coords"])

    def registerWin(self, hasWon):
        if self._proc is None:
            return  # never asked for anything: no server to tell
        try:
            self._ask({"request": "win", "won": bool(hasWon)})
        except (RuntimeError, OSError, ValueError):
            pass
