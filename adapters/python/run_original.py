#!/usr/bin/env python3
"""Headless games in the original ReAntics program (amnuxoll/ReAntics).

The original is not part of this project (it has no licence): clone it
anywhere and point this script at it with --original or REANTICS_ORIGINAL.
Games run through the original's own `Game.runGame` with its rules
unmodified; only the GUI is replaced by a stand-in that draws nothing.

  # our agent (through RustAgent.py) against every bundled agent, 20 games each
  python3 adapters/python/run_original.py --original ~/ReAntics rust all -n 20

  # any two agents, by display name or file name
  python3 adapters/python/run_original.py "Very Complex Food Gatherer" Ralph -n 10

  # replay traces recorded by `reantics match --trace-dir` through the original
  python3 adapters/python/run_original.py --check-traces traces/

Seats alternate: game k puts the first agent in seat 0 when k is even. The
results table gives each side's wins by reason (queen killed, anthill
captured, 11 food, starvation, the opponent's illegal action, the
opponent's exception, the opponent's timeout), games stopped at the END cap
(the original has no limit; such games have no winner here), seat-0 wins,
and each agent's turn times (median, 99th percentile, longest). An agent
that raises an exception loses, as in the original's move-timeout mode, and
the exception is listed.

--trace-dir writes every game as a trace: each action in absolute
coordinates and the engine's full state after it. `reantics trace check`
replays such traces through our engine and compares every state;
--check-traces does the same in the original for traces our engine wrote.
"""
import argparse
import contextlib
import importlib.util
import io
import json
import math
import multiprocessing
import os
import random
import sys
import threading
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))

# The twelve bundled agents the project measures against (spec §13, §15).
BASELINES = [
    "Random",
    "Simple Food Gatherer",
    "Booger",
    "rangedSoldierTestAI",
    "Complex Food Gatherer",
    "Very Complex Food Gatherer",
    "Nibble",
    "Ralph",
    "Steve",
    "Anthill Attack AI",
    "Defensive W/ A-STAR",
    "Shape Shifter",
]

OURS = "rust"
TRACE_FORMAT = "reantics-trace/1"


class RunnerError(Exception):
    """A problem with the command line or the original's checkout."""


class AgentFailure(Exception):
    """An agent raised an exception or ran out of time: it loses."""

    def __init__(self, kind, detail):
        super().__init__(detail)
        self.kind = kind  # "exception" or "timeout"
        self.detail = detail


class CapReached(Exception):
    """The game reached the END cap."""


class NullUI:
    """Stands in for the original's Tk GUI: every call does nothing."""

    paused = False

    def __getattr__(self, name):
        return self

    def __call__(self, *args, **kwargs):
        return None

    def __bool__(self):
        return False


def find_original(path):
    """The original's `src` directory, checked."""
    if not path:
        raise RunnerError("where is the original? pass --original DIR or set REANTICS_ORIGINAL "
                          "(a clone of https://github.com/amnuxoll/ReAntics)")
    src = os.path.join(os.path.abspath(os.path.expanduser(path)), "src")
    if not os.path.isfile(os.path.join(src, "Game.py")):
        raise RunnerError("%s has no src/Game.py: is it a clone of amnuxoll/ReAntics?" % path)
    return src


# ---------------------------------------------------------------------------
# Everything below runs inside a worker process, whose working directory is
# the original's src/ (the original's code assumes it).

_W = {}


def _init_worker(src, settings):
    os.chdir(src)
    sys.path.insert(0, src)
    sys.path.insert(1, os.path.join(src, "AI"))
    os.environ.setdefault("REANTICS_BIN", settings["rust_bin"])
    os.environ["REANTICS_TIME_MS"] = str(settings["time_ms"])
    if settings.get("rust_args"):
        os.environ["REANTICS_ARGS"] = settings["rust_args"]
    import Game as game_module  # noqa: E402  (the original's engine)

    _W["game_module"] = game_module
    _W["settings"] = settings
    _count_random_draws()
    _W["agents"] = {}
    _W["files"] = _agent_files(src)


def _count_random_draws():
    """Counts calls of Python's random functions, so that a trace can mark
    the answers that drew a random number (a port cannot repeat those)."""
    _W["draws"] = 0
    for name in ("random", "randint", "randrange", "choice", "choices", "shuffle", "sample",
                 "uniform"):
        original = getattr(random, name)

        def counted(*args, _original=original, **kwargs):
            _W["draws"] += 1
            return _original(*args, **kwargs)

        setattr(random, name, counted)


def _agent_files(src):
    """Display name -> file of every agent in the original's src/AI, plus ours."""
    files = {}
    for name in sorted(os.listdir(os.path.join(src, "AI"))):
        if name.endswith(".py"):
            path = os.path.join(src, "AI", name)
            with open(path, encoding="utf-8", errors="replace") as f:
                text = f.read()
            marker = text.find("__init__(inputPlayerId")
            if marker < 0:
                continue
            quote = text.find('"', marker)
            end = text.find('"', quote + 1)
            if quote < 0 or end < 0:
                continue
            files[text[quote + 1:end]] = path
            files[os.path.splitext(name)[0]] = path
    files[OURS] = os.path.join(HERE, "RustAgent.py")
    return files


def _agent(name, seat_id, key):
    """One instance per agent and worker, reused across games as the original
    does (with --fresh-agents, a new one every game); and how many games that
    instance played before."""
    if _W["settings"]["fresh_agents"]:
        _W["agents"].pop(key, None)
    if key not in _W["agents"]:
        path = _W["files"][name]
        spec = importlib.util.spec_from_file_location("agent_%d" % len(_W["agents"]), path)
        module = importlib.util.module_from_spec(spec)
        with contextlib.redirect_stdout(io.StringIO()):
            spec.loader.exec_module(module)
            _W["agents"][key] = [module.AIPlayer(seat_id), 0]
    entry = _W["agents"][key]
    entry[1] += 1
    return entry[0], entry[1] - 1


def _abs_state(state):
    """The engine's state in absolute coordinates, ants in creation order."""
    def ants(inv):
        return [[a.coords[0], a.coords[1], a.type, a.health, bool(a.carrying), bool(a.hasMoved)]
                for a in inv.ants]

    def building(inv, kind):
        for c in inv.constrs:
            if c.type == kind:
                return [c.coords[0], c.coords[1], c.captureHealth]
        return None

    inv = state.inventories
    return {
        "phase": state.phase,
        "whoseTurn": state.whoseTurn,
        "food": [inv[0].foodCount, inv[1].foodCount],
        "ants": [ants(inv[0]), ants(inv[1])],
        "anthill": [building(inv[0], -4), building(inv[1], -4)],
        "tunnel": [building(inv[0], -3), building(inv[1], -3)],
        "neutral": sorted([c.coords[0], c.coords[1], c.type] for c in inv[2].constrs),
    }


class Seat:
    """Wraps one agent for one game: times it, catches its exceptions,
    enforces the optional move timeout, and records the trace."""

    def __init__(self, inner, seat, game, record):
        self.inner = inner
        self.seat = seat
        self.game = game
        self.record = record
        self.author = inner.author
        self.playerId = seat
        self.turn_time = 0.0
        self.turn_times = []
        self.longest_call = 0.0

    def _call(self, what, *args):
        limit = self.game.move_timeout if what == "getMove" else None
        draws = _W["draws"]
        try:
            return self._timed_call(what, limit, *args)
        finally:
            if _W["draws"] != draws:
                self.record.drew_random(self.seat)

    def _timed_call(self, what, limit, *args):
        began = time.perf_counter()
        if limit is None:
            try:
                result = getattr(self.inner, what)(*args)
            except Exception as e:  # noqa: BLE001 - any agent error loses
                raise AgentFailure("exception", "%s in %s: %s" % (type(e).__name__, what, e))
        else:
            box = {}

            def run():
                try:
                    box["result"] = getattr(self.inner, what)(*args)
                except Exception as e:  # noqa: BLE001
                    box["error"] = e

            t = threading.Thread(target=run, daemon=True)
            t.start()
            t.join(limit)
            if t.is_alive():
                raise AgentFailure("timeout", "%s took longer than %.3g s" % (what, limit))
            if "error" in box:
                e = box["error"]
                raise AgentFailure("exception", "%s in %s: %s" % (type(e).__name__, what, e))
            result = box["result"]
        spent = time.perf_counter() - began
        self.longest_call = max(self.longest_call, spent)
        return result, spent

    def _sent(self):
        """What RustAgent.py sent for the last request, when this seat is
        ours: the trace keeps it so that `reantics check-trace` can compare
        the state our server rebuilds from it with the engine's."""
        return getattr(self.inner, "last_state_sent", None)

    def getPlacement(self, state):
        self.record.before(self.game.engine.state)
        result, _ = self._call("getPlacement", state)
        sent = self._sent()
        self.record.action(self.seat, "place", result, sent)
        return result

    def getMove(self, state):
        engine = self.game.engine
        if engine.state.phase == 3 and self.game.ends >= self.game.cap:
            raise CapReached()
        self.record.before(engine.state)
        move, spent = self._call("getMove", state)
        sent = self._sent()
        self.turn_time += spent
        if move is not None and getattr(move, "moveType", None) == 2:
            self.turn_times.append(self.turn_time)
            self.turn_time = 0.0
            self.game.ends += 1
        self.record.action(self.seat, "move", move, sent)
        return move

    def getAttack(self, state, attacker, targets):
        choice, _ = self._call("getAttack", state, attacker, targets)
        self.record.attack(choice)
        return choice

    def registerWin(self, won):
        try:
            self.inner.registerWin(won)
        except Exception:  # noqa: BLE001 - a failing registerWin changes no result
            pass


class Recorder:
    """The trace of one game: (state before, action) pairs, then the end.

    Actions are stored in absolute coordinates; the state before each
    request is the state after the previous action (its attack included)."""

    def __init__(self, enabled):
        self.enabled = enabled
        self.steps = []
        self.pending = None
        self.random_seats = set()

    def before(self, state):
        if self.enabled and self.pending is not None:
            self.pending["state"] = _abs_state(state)
            self.steps.append(self.pending)
            self.pending = None

    def action(self, seat, kind, value, sent=None):
        if not self.enabled:
            return
        flip = (lambda c: (9 - c[0], 9 - c[1])) if seat == 1 else (lambda c: c)
        step = {"player": seat}
        try:
            if kind == "place":
                step["place"] = [list(flip(c)) for c in value]
            elif value.moveType == 0:
                step["move"] = [list(flip(c)) for c in value.coordList]
            elif value.moveType == 1:
                step["build"] = value.buildType
            elif value.moveType == 2:
                step["end"] = True
            else:
                step["other"] = repr(value)
        except Exception:  # noqa: BLE001 - an illegal answer is recorded as is
            step["other"] = repr(value)
        if seat in self.random_seats:
            step["random"] = True
            self.random_seats.discard(seat)
        if sent is not None:
            step["sent"] = sent
        self.pending = step

    def drew_random(self, seat):
        """Marks the current answer of `seat` as one that drew a random number."""
        if self.enabled:
            self.random_seats.add(seat)

    def attack(self, choice):
        if self.enabled and self.pending is not None:
            seat = self.pending["player"]
            c = (9 - choice[0], 9 - choice[1]) if seat == 1 else choice
            self.pending["attack"] = list(c)
            if seat in self.random_seats:
                self.pending["random"] = True
                self.random_seats.discard(seat)

    def finish(self, state):
        self.before(state)


class GameRun:
    """One game in the original engine between two seated agents."""

    def __init__(self, agents, settings, record):
        gm = _W["game_module"]
        # The original's constructor parses sys.argv and imports every agent
        # in src/AI; a headless game needs neither.
        saved_argv, saved_load = sys.argv, gm.Game.loadAIs
        sys.argv = ["Game.py"]
        gm.Game.loadAIs = lambda self: None
        try:
            engine = gm.Game(True)
        finally:
            sys.argv, gm.Game.loadAIs = saved_argv, saved_load
        engine.UI = NullUI()
        self.engine = engine
        self.move_timeout = settings["move_timeout"]
        self.cap = settings["cap"]
        self.ends = 0
        self.record = Recorder(record)
        self.seats = [Seat(a, i, self, self.record) for i, a in enumerate(agents)]
        engine.currentPlayers = list(self.seats)
        engine.currentPlayerScores = [[s.author, 0, 0] for s in self.seats]
        engine.state = gm.GameState.getBlankState()
        engine.state.phase = gm.SETUP_PHASE_1
        engine.gameOver = False
        engine.winner = None
        engine.loser = None
        engine.flipped = False

    def play(self):
        """Plays to the end; returns (winning seat or None, reason, detail, printed)."""
        engine = self.engine
        printed = io.StringIO()
        reason, detail = None, ""
        try:
            with contextlib.redirect_stdout(printed):
                engine.runGame()
        except AgentFailure as failure:
            loser = engine.state.whoseTurn
            with contextlib.redirect_stdout(printed):
                engine.setWinner(1 - loser)
            reason, detail = failure.kind, failure.detail
        except CapReached:
            reason = "cap"
        self.record.finish(engine.state)
        winner = None
        if reason != "cap":
            winner = engine.currentPlayers.index(
                next(s for s in self.seats if s.playerId == engine.winner))
            if reason is None:
                reason = self._reason(winner, printed.getvalue())
                if reason == "illegal":
                    detail = printed.getvalue().strip().splitlines()[0:3]
                    detail = " / ".join(detail)
        return winner, reason, detail

    def _reason(self, winner, printed):
        state = self.engine.state
        loser = 1 - winner
        inv = state.inventories
        if state.phase != 3 or "AI ERROR" in printed:
            return "illegal"
        if inv[loser].getQueen() is None:
            return "queen"
        if inv[loser].getAnthill().captureHealth <= 0:
            return "anthill"
        if inv[winner].foodCount >= 11:
            return "food"
        if inv[loser].foodCount == 0 and len(inv[loser].ants) == 1:
            return "starvation"
        return "illegal"


def _play_one(task):
    names, game_index, seed = task
    settings = _W["settings"]
    random.seed(seed)
    # Self-play needs two instances (the original makes a copy, "@@").
    keys = [(n, i) if names[0] == names[1] else n for i, n in enumerate(names)]
    agents, before = zip(*[_agent(n, i, k) for i, (n, k) in enumerate(zip(names, keys))])
    run = GameRun(agents, settings, settings["trace_dir"] is not None)
    began = time.perf_counter()
    winner, reason, detail = run.play()
    result = {
        "names": names,
        "game": game_index,
        "winner": winner,
        "reason": reason,
        "detail": detail,
        "ends": run.ends,
        "seconds": time.perf_counter() - began,
        "turn_times": [s.turn_times for s in run.seats],
        "longest_call": [s.longest_call for s in run.seats],
    }
    if settings["trace_dir"] is not None:
        trace = {
            "format": TRACE_FORMAT,
            "engine": "original",
            "agents": names,
            "seed": seed,
            "instance_games": list(before),
            "winner": winner,
            "reason": reason,
            "steps": run.record.steps,
        }
        slug = "-".join("".join(ch if ch.isalnum() else "_" for ch in n) for n in names)
        path = os.path.join(settings["trace_dir"], "%s-g%03d.json" % (slug, game_index))
        with open(path, "w", encoding="utf-8") as f:
            json.dump(trace, f)
    return result


# ---------------------------------------------------------------------------
# Replaying traces (from our engine) through the original's rule code.

class Scripted:
    """Plays the actions of one seat of a trace, in that seat's view."""

    def __init__(self, seat, steps, author):
        self.seat = seat
        self.steps = steps
        self.author = author
        self.playerId = seat
        self.at = 0
        self.attack_target = None

    def _view(self, c):
        return (9 - c[0], 9 - c[1]) if self.seat == 1 else (c[0], c[1])

    def _next(self):
        gm = _W["game_module"]
        while self.at < len(self.steps) and self.steps[self.at]["player"] != self.seat:
            self.at += 1
        if self.at >= len(self.steps):
            raise CapReached()  # the trace ends here
        step = self.steps[self.at]
        self.at += 1
        self.attack_target = step.get("attack")
        return step, gm

    def getPlacement(self, state):
        step, _ = self._next()
        return [self._view(c) for c in step["place"]]

    def getMove(self, state):
        step, gm = self._next()
        if "move" in step:
            return gm.Move(gm.MOVE_ANT, [self._view(c) for c in step["move"]], None)
        if "build" in step:
            hill = [c for c in state.inventories[self.seat].constrs if c.type == gm.ANTHILL][0]
            return gm.Move(gm.BUILD, [tuple(hill.coords)], step["build"])
        return gm.Move(gm.END, None, None)

    def getAttack(self, state, attacker, targets):
        return self._view(self.attack_target)

    def registerWin(self, won):
        pass


def _check_trace(path):
    """Replays one trace in the original; returns (states compared, first difference or None)."""
    with open(path, encoding="utf-8") as f:
        trace = json.load(f)
    if trace.get("format") != TRACE_FORMAT:
        return 0, "%s: not a %s file" % (path, TRACE_FORMAT)
    steps = trace["steps"]
    settings = dict(_W["settings"], cap=10 ** 9, move_timeout=None)
    scripted = [Scripted(i, steps, "seat %d" % i) for i in range(2)]
    run = GameRun(scripted, settings, True)
    # Record the original's own states while it plays the scripted actions.
    run.play()
    mine = run.record.steps
    compared = 0
    for i, step in enumerate(steps):
        if i >= len(mine):
            return compared, "%s: step %d: the original ended the game after %d steps" % (
                path, i, len(mine))
        want, got = step["state"], mine[i]["state"]
        for key in want:
            if want[key] != got.get(key):
                return compared, "%s: step %d (%s): %s differs: ours %s, original %s" % (
                    path, i, _describe(step), key, want[key], got.get(key))
        compared += 1
    if len(mine) > len(steps):
        return compared, "%s: the original played on after the trace ended" % path
    winner = run.engine.winner if run.engine.gameOver else None
    decided = trace.get("reason") in ("queen", "anthill", "food", "starvation")
    if decided and winner != trace["winner"]:
        return compared, "%s: winner differs: ours %s, original %s" % (path, trace["winner"], winner)
    return compared, None


def _describe(step):
    for key in ("place", "move", "build", "end", "attack"):
        if key in step:
            return "P%d %s %s" % (step["player"] + 1, key, step[key])
    return "P%d ?" % (step["player"] + 1)


# ---------------------------------------------------------------------------
# The parent process: tasks, progress, the results table.

REASONS = ["queen", "anthill", "food", "starvation", "illegal", "exception", "timeout"]
REASON_TEXT = {
    "queen": "queen killed",
    "anthill": "anthill captured",
    "food": "11 food",
    "starvation": "starvation",
    "illegal": "opponent's illegal action",
    "exception": "opponent's exception",
    "timeout": "opponent's timeout",
}


def _percentile(values, q):
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = max(0, min(len(ordered) - 1, int(math.ceil(q * len(ordered))) - 1))
    return ordered[k]


def _summarise(pairing, results):
    a, b = pairing
    wins = {a: {r: 0 for r in REASONS}, b: {r: 0 for r in REASONS}}
    cap = seat0 = 0
    times = {a: [], b: []}
    longest = {a: 0.0, b: 0.0}
    errors = []
    for r in results:
        names = r["names"]
        for seat, name in enumerate(names):
            times[name] += r["turn_times"][seat]
            longest[name] = max(longest[name], r["longest_call"][seat])
        if r["winner"] is None:
            cap += 1
            continue
        seat0 += r["winner"] == 0
        wins[names[r["winner"]]][r["reason"]] += 1
        if r["reason"] in ("illegal", "exception", "timeout"):
            errors.append("game %d: %s: %s" % (r["game"], names[1 - r["winner"]], r["detail"]))
    return {
        "agents": [a, b],
        "games": len(results),
        "wins": [sum(wins[a].values()), sum(wins[b].values())],
        "by_reason": [wins[a], wins[b]],
        "cap": cap,
        "seat0_wins": seat0,
        "median_ends": _percentile([r["ends"] for r in results], 0.5),
        "turn_ms": [
            {
                "median": 1000 * _percentile(times[n], 0.5),
                "p99": 1000 * _percentile(times[n], 0.99),
                "max": 1000 * max(times[n], default=float("nan")),
            }
            for n in (a, b)
        ],
        "errors": errors,
    }


def _reason_cell(by_reason):
    parts = ["%s %d" % (REASON_TEXT[r], n) for r, n in by_reason.items() if n]
    return ", ".join(parts) or "-"


def _table(summaries):
    lines = [
        "| first agent | second agent | games | first wins | second wins | at cap | seat 0 won "
        "| median ENDs | first's wins by | second's wins by | first turn ms (median/p99/max) "
        "| second turn ms (median/p99/max) |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for s in summaries:
        t = ["%.0f/%.0f/%.0f" % (x["median"], x["p99"], x["max"]) for x in s["turn_ms"]]
        lines.append("| %s | %s | %d | %d | %d | %d | %d | %s | %s | %s | %s | %s |" % (
            s["agents"][0], s["agents"][1], s["games"], s["wins"][0], s["wins"][1], s["cap"],
            s["seat0_wins"], s["median_ends"], _reason_cell(s["by_reason"][0]),
            _reason_cell(s["by_reason"][1]), t[0], t[1]))
    return "\n".join(lines)


def _ranking(summaries):
    totals = {}
    for s in summaries:
        for i, name in enumerate(s["agents"]):
            row = totals.setdefault(name, [0, 0, 0])
            row[0] += s["wins"][i]
            row[1] += s["wins"][1 - i]
            row[2] += s["cap"]
    lines = ["| rank | agent | wins | losses | at cap |", "|---|---|---|---|---|"]
    order = sorted(totals.items(), key=lambda kv: (-kv[1][0], kv[1][1]))
    for rank, (name, (w, l, c)) in enumerate(order, 1):
        lines.append("| %d | %s | %d | %d | %d |" % (rank, name, w, l, c))
    return "\n".join(lines)


def _progress(done, total, began):
    if not sys.stderr.isatty():
        return
    rate = done / max(time.time() - began, 1e-9)
    left = (total - done) / rate if rate > 0 else 0
    sys.stderr.write("\r%d/%d games, %.0f s left   " % (done, total, left))
    sys.stderr.flush()
    if done == total:
        sys.stderr.write("\n")


def main(argv=None):
    parser = argparse.ArgumentParser(
        description=__doc__.split("\n\n")[0],
        epilog="Agents: 'rust' is ours (adapters/python/RustAgent.py); 'all' is the twelve "
               "bundled baselines; any other name is an agent of the original's src/AI, by "
               "display name or file name.")
    parser.add_argument("first", nargs="?", help="the first agent (seat 0 in even games)")
    parser.add_argument("opponents", nargs="*", help="its opponents ('all' = the twelve baselines)")
    parser.add_argument("-n", "--games", type=int, default=10, help="games per pairing (default 10)")
    parser.add_argument("--original", default=os.environ.get("REANTICS_ORIGINAL"),
                        help="a clone of amnuxoll/ReAntics (default: $REANTICS_ORIGINAL)")
    parser.add_argument("--time-ms", type=int, default=1000,
                        help="our agent's time per turn in milliseconds (default 1000)")
    parser.add_argument("--rust-bin", default=os.environ.get(
        "REANTICS_BIN", os.path.join(HERE, "..", "..", "target", "release", "reantics")),
        help="the reantics binary (default: $REANTICS_BIN or target/release/reantics)")
    parser.add_argument("--rust-args", default=os.environ.get("REANTICS_ARGS", ""),
                        help="more flags for `reantics agent`")
    parser.add_argument("--seed", type=int, default=1, help="seed of Python's random (default 1)")
    parser.add_argument("--cap", type=int, default=1000,
                        help="stop a game after this many END actions, with no winner (default 1000)")
    parser.add_argument("--move-timeout", type=float, default=None,
                        help="the original's move timeout in seconds: a getMove call longer "
                             "than this loses (default: off, as in the original)")
    parser.add_argument("-j", "--jobs", type=int, default=1,
                        help="games played at once (default 1: with more, agents share the CPU)")
    parser.add_argument("--trace-dir", help="write each game's trace into this directory")
    parser.add_argument("--fresh-agents", action="store_true",
                        help="a new instance of each agent every game (the original reuses "
                             "one; fresh ones let `reantics check-trace --agent` compare "
                             "agents that carry state between games)")
    parser.add_argument("--json", help="write the results (every game and the summaries) here")
    parser.add_argument("--check-traces", nargs="+", metavar="TRACE",
                        help="replay traces (files or directories) through the original and "
                             "compare every state")
    args = parser.parse_args(argv)

    try:
        src = find_original(args.original)
        if args.games < 1:
            raise RunnerError("--games must be at least 1")
        if args.jobs < 1:
            raise RunnerError("--jobs must be at least 1")
        if args.cap < 1:
            raise RunnerError("--cap must be at least 1")
        if args.time_ms < 1:
            raise RunnerError("--time-ms must be at least 1")
        if args.move_timeout is not None and args.move_timeout <= 0:
            raise RunnerError("--move-timeout must be positive")
        settings = {
            "rust_bin": os.path.abspath(args.rust_bin),
            "rust_args": args.rust_args,
            "time_ms": args.time_ms,
            "cap": args.cap,
            "move_timeout": args.move_timeout,
            "trace_dir": os.path.abspath(args.trace_dir) if args.trace_dir else None,
            "fresh_agents": args.fresh_agents,
        }
        if args.check_traces:
            return _run_checks(src, settings, args.check_traces)
        if not args.first or (not args.opponents and args.first != "all"):
            raise RunnerError("name two agents, an agent and 'all', or 'all' alone "
                              "(a round robin of the baselines)")
        known = _agent_files(src)
        opponents = []
        for o in args.opponents:
            opponents += BASELINES if o == "all" else [o]
        if args.first == "all":
            firsts = BASELINES
            pairings = [(a, b) for i, a in enumerate(BASELINES) for b in BASELINES[i + 1:]]
        else:
            firsts = [args.first]
            pairings = [(args.first, o) for o in opponents]
        for n in firsts + opponents:
            if n not in known:
                raise RunnerError("no agent called %r; the original has: %s" % (
                    n, ", ".join(sorted(k for k in known if " " in k or k[0].isupper()))))
        if OURS in firsts + opponents and not os.path.isfile(settings["rust_bin"]):
            raise RunnerError("%s does not exist: build it with `cargo build --release -p "
                              "reantics-cli` or pass --rust-bin" % settings["rust_bin"])
        if settings["trace_dir"]:
            os.makedirs(settings["trace_dir"], exist_ok=True)
    except RunnerError as e:
        parser.print_usage(sys.stderr)
        sys.stderr.write("run_original.py: error: %s\n" % e)
        return 2

    tasks = []
    for a, b in pairings:
        for k in range(args.games):
            names = [a, b] if k % 2 == 0 else [b, a]
            tasks.append(((a, b), (names, k, args.seed * 100003 + len(tasks))))
    results = {pairing: [] for pairing in pairings}
    began = time.time()
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(args.jobs, initializer=_init_worker, initargs=(src, settings)) as pool:
        done = 0
        for (pairing, _), result in zip(tasks, pool.imap(_play_one, [t for _, t in tasks])):
            results[pairing].append(result)
            done += 1
            _progress(done, len(tasks), began)
    summaries = [_summarise(k, results[k]) for k in pairings]
    print(_table(summaries))
    if len(summaries) > 1:
        print()
        print(_ranking(summaries))
    for s in summaries:
        for e in s["errors"]:
            print("%s vs %s: %s" % (s["agents"][0], s["agents"][1], e))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump({"settings": vars(args), "summaries": summaries,
                       "games": [r for k in results for r in results[k]]}, f, indent=1)
    return 0


def _run_checks(src, settings, paths):
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".json"))
        elif os.path.isfile(p):
            files.append(p)
        else:
            sys.stderr.write("run_original.py: error: no trace at %s\n" % p)
            return 2
    files = [os.path.abspath(f) for f in files]
    _init_worker(src, settings)
    compared, failures = 0, 0
    for f in files:
        try:
            n, problem = _check_trace(f)
        except Exception:  # noqa: BLE001 - report the trace, keep checking the rest
            n, problem = 0, "%s: %s" % (f, traceback.format_exc(limit=2).strip().splitlines()[-1])
        compared += n
        if problem:
            failures += 1
            print("DIFF " + problem)
    print("%d traces, %d states compared in the original, %d with a difference" % (
        len(files), compared, failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
