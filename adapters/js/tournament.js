#!/usr/bin/env node
// The seed's own controller under node: its <script> runs unchanged in a vm
// context (canvas calls are no-ops), with the entries added the way the page
// adds them (`aiArray[k] = ...`), and its setInterval tick called in a loop
// until the page draws the final scores. Every bot is timed around its
// yourMove; one observation hook at the top of the controller's
// nextGameFair records each finished game for the head-to-head table.
//
// usage: node tournament.js [--boards N] [--seed S] [--bot-js FILE]
//          [--native TOKENS_BINARY] [--native-args "bot --time-ms 200"]
//          [--json OUT.json] [--sync off] [--context main|vm] [--check]
// --bot-js adds our submission, --native adds `tokens bot` (one process
// per game, over named pipes read synchronously); --sync off makes
// WebAssembly.Module refuse buffers over 4 KB, as older Chrome did on the
// main thread. --context main (the default) runs the controller's script in
// this process's global scope, as a page runs it; --context vm runs it in a
// separate vm context, whose global lookups are slower: the seed's bots play
// the same games in both, game by game, and the PATH bot takes 1.4 to 1.6
// times as long in a vm context. --check exits 1 unless each of ours ranks
// first with no invalid answer, no exception and no move over 1 s (and, for
// the submission, the fallback played only while the module was compiling).
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const vm = require("vm");
const { spawn, execFileSync } = require("child_process");
const { loadSeed, withEntries, BUILT_IN, SEED } = require("./seed");
const { commandLine, wholeNumber, oneOf, existingFiles } = require("./args");

const USAGE = `usage: node tournament.js [--boards N] [--seed S] [--bot-js FILE]
         [--native TOKENS_BINARY] [--native-args "bot --time-ms 200"]
         [--json OUT.json] [--sync on|off] [--context main|vm] [--seed-file FILE] [--check]
(the seed file: $TOKENS_SEED, or the seed beside this checkout)`;

function parseArgs(argv) {
  const args = { check: false, boards: 10, seed: 1, botJs: null, native: null, nativeArgs: "bot", json: null, sync: "on", context: "main", seedFile: process.env.TOKENS_SEED || SEED };
  for (let k = 0; k < argv.length; k += 2) {
    const [flag, value] = [argv[k], argv[k + 1]];
    if (flag === "--check") { args.check = true; k--; continue; }
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--boards") args.boards = wholeNumber(flag, value, 1);
    else if (flag === "--seed") args.seed = wholeNumber(flag, value, 0);
    else if (flag === "--bot-js") args.botJs = value;
    else if (flag === "--native") args.native = value;
    else if (flag === "--native-args") args.nativeArgs = value;
    else if (flag === "--json") args.json = value;
    else if (flag === "--sync") args.sync = oneOf(flag, value, ["on", "off"]);
    else if (flag === "--seed-file") args.seedFile = value;
    else if (flag === "--context") args.context = oneOf(flag, value, ["main", "vm"]);
    else throw new Error(`unknown flag ${flag}`);
  }
  existingFiles([["--seed-file", args.seedFile], ["--bot-js", args.botJs], ["--native", args.native]]);
  return args;
}

// mulberry32: the seeded Math.random of the run (boards, coins, random walks).
function seededRandom(seed) {
  let a = seed >>> 0;
  return function () {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// `tokens bot` as a constructor: one process per game, its stdin and stdout
// named pipes that this (synchronous) controller writes and reads directly.
function nativeHost(binary, extraArgs) {
  const live = [];
  let made = 0;
  function close(p) {
    try { p.child.kill("SIGKILL"); } catch (e) { /* gone already */ }
    for (const fd of [p.inFd, p.outFd]) fs.closeSync(fd);
    for (const f of [p.inPath, p.outPath]) fs.unlinkSync(f);
  }
  return {
    open() {
      // The controller plays one game at a time and the field holds this
      // entry once: the previous game's process is done.
      while (live.length) close(live.shift());
      const dir = os.tmpdir();
      const base = path.join(dir, `tokens-bot-${process.pid}-${made++}`);
      const p = { inPath: base + ".in", outPath: base + ".out", pending: "" };
      execFileSync("mkfifo", [p.inPath, p.outPath]);
      // Read-write opens do not block on a pipe with no other end yet.
      p.inFd = fs.openSync(p.inPath, "r+");
      p.outFd = fs.openSync(p.outPath, "r+");
      p.child = spawn(binary, extraArgs, { stdio: [p.inFd, p.outFd, "inherit"] });
      live.push(p);
      return live.length - 1;
    },
    move(handle, line) {
      const p = live[handle];
      fs.writeSync(p.inFd, line + "\n");
      const buf = Buffer.alloc(64);
      while (!p.pending.includes("\n")) {
        const got = fs.readSync(p.outFd, buf, 0, buf.length, null);
        p.pending += buf.toString("utf8", 0, got);
      }
      const at = p.pending.indexOf("\n");
      const answer = p.pending.slice(0, at);
      p.pending = p.pending.slice(at + 1);
      return answer;
    },
    closeAll() { while (live.length) close(live.shift()); },
  };
}

const NATIVE_SOURCE = `(function (player1) {
  var handle = __native.open();
  this.yourMove = function (b) {
    return __native.move(handle, JSON.stringify({ player1: player1, board: b }));
  };
})`;

const VALID = new Set(["UP", "RIGHT", "DOWN", "LEFT", "EAT", "PASS"]);

async function run(args) {
  const seed = loadSeed(args.seedFile);
  const entries = Object.entries(seed.bots).map(([name, source]) => ({ name, source }));
  if (args.botJs) entries.push({ name: "Ours (export-js)", source: "(" + fs.readFileSync(args.botJs, "utf8") + ")", ours: true });
  let native = null;
  if (args.native) {
    native = nativeHost(args.native, args.nativeArgs.split(/\s+/).filter(Boolean));
    entries.push({ name: "Ours (tokens bot)", source: NATIVE_SOURCE, ours: true });
  }
  const names = BUILT_IN.concat(entries.map((e) => e.name));
  const k = names.length;
  const script = withEntries(seed.script, entries, args.boards)
    // The observation hook: every finished game, before the scores are added.
    .replace("function nextGameFair() {", "function nextGameFair() { __gameOver(indices, currBoard);");

  const started = Date.now();
  const stats = names.map(() => ({ moves: 0, invalid: 0, errors: 0, over1s: 0, times: [] }));
  const head = names.map(() => names.map(() => 0));
  const wins = names.map(() => names.map(() => 0));
  const games = names.map(() => 0);
  let gameCount = 0;
  let tick = null;
  let texts = [];
  const ctx2d = new Proxy({}, {
    get(_, key) {
      if (key === "fillText") return (text, x, y) => texts.push([String(text), x, y]);
      return () => {};
    },
    set() { return true; },
  });
  const context = {
    document: { getElementById: () => ({ getContext: () => ctx2d }) },
    setInterval: (fn) => { tick = fn; return 1; },
    console: { log() {}, error() {}, warn() {} },
    performance,
    __native: native,
    __gameOver(indices, board) {
      const [i, j] = indices;
      const [a, b] = [board.player1.score, board.player2.score];
      head[i][j] += a;
      head[j][i] += b;
      if (a > b) wins[i][j]++;
      else if (b > a) wins[j][i]++;
      games[i]++;
      games[j]++;
      gameCount++;
      // One line per board, so a long run shows how far it is.
      if (gameCount % (k * (k - 1)) === 0) process.stderr.write(`board ${gameCount / (k * (k - 1))} done, ${((Date.now() - started) / 1000).toFixed(0)} s\n`);
    },
    __time(index, Ctor) {
      // The harness's wrapper: times each answer and checks it.
      return function (player1) {
        const inner = new Ctor(player1);
        this.yourMove = function (b) {
          const s = stats[index];
          const began = performance.now();
          let answer;
          try {
            answer = inner.yourMove(b);
          } catch (e) {
            s.errors++;
            answer = "PASS";
          }
          const ms = performance.now() - began;
          s.moves++;
          s.times.push(ms);
          if (ms > 1000) s.over1s++;
          if (!VALID.has(answer)) s.invalid++;
          return answer;
        };
      };
    },
  };
  // Where the controller runs: this process's global scope (its globals
  // and the harness's hooks become globals, and the page's console is
  // silenced until the run ends), or a vm context of its own.
  let runIn;
  const harnessConsole = globalThis.console;
  if (args.context === "main") {
    Object.assign(globalThis, context);
    runIn = (code, options) => vm.runInThisContext(code, options);
  } else {
    vm.createContext(context);
    runIn = (code, options) => vm.runInContext(code, context, options);
  }
  runIn(`Math.random = (${seededRandom.toString()})(${args.seed});`);
  if (args.sync === "off") {
    runIn(`(function () {
      var Real = WebAssembly.Module;
      WebAssembly.Module = function (bytes) {
        if (bytes.byteLength > 4096) throw new RangeError("WebAssembly.Module is disallowed on the main thread, if the buffer size is larger than 4KB. Use WebAssembly.compile.");
        return new Real(bytes);
      };
    })();`);
  }
  // Each entry wrapped by the timer, then the page's freeze and loop as written.
  const timed = script.replace(/(\n\s*for \(i = 0; i < aiArray\.length; i \+= 1\) \{\s*\n\s*Object\.freeze)/,
    "\n    __raw = aiArray.slice();\n    for (var __k = 0; __k < aiArray.length; __k++) aiArray[__k] = __time(__k, aiArray[__k]);$1");
  if (timed === script) throw new Error("cannot find the controller's freeze loop");
  runIn(timed, { filename: "controller.html" });
  if (!tick) throw new Error("the controller did not start its loop");

  let finalScores = null;
  let microtasks = 0;
  for (;;) {
    texts = [];
    tick();
    if (texts.length && !texts.some(([t]) => t === "Pundefined Score:") && texts.some(([t, , y]) => t === "P0 Score:" && y === 50)) {
      finalScores = names.map((_, i) => Number(texts.find(([, , y]) => y === i * 50 + 70)[0]));
      break;
    }
    // Let the event loop run (an asynchronous WebAssembly compile resolves
    // there), every tick while the module may be compiling, as a page does.
    if (++microtasks % (args.sync === "off" ? 1 : 1000) === 0) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (native) native.closeAll();
  globalThis.console = harnessConsole;
  const seconds = (Date.now() - started) / 1000;
  const submission = entries.filter((e) => e.name.includes("export")).map((e) => {
    const index = BUILT_IN.length + entries.indexOf(e);
    const shared = runIn(`__raw[${index}].prototype.tokensShared`);
    return shared && { sync: shared.sync, state: shared.state, moves: shared.stats.moves, wasmMoves: shared.stats.wasmMoves, fallbackMoves: shared.stats.fallbackMoves, fallbackBeforeReady: shared.stats.fallbackBeforeReady, traps: shared.stats.traps, searches: shared.stats.searches, pliesPerSearch: Math.round(shared.stats.plies / Math.max(1, shared.stats.searches)), maxMs: shared.stats.maxMs };
  })[0];
  return { submission, names, finalScores, head, wins, games, stats, seconds, k, gameCount, context, entries };
}

function percentile(sorted, q) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

function report(r, args) {
  const order = r.names.map((_, i) => i).sort((a, b) => r.finalScores[b] - r.finalScores[a]);
  const hookTotals = r.names.map((_, i) => r.head[i].reduce((s, v) => s + v, 0));
  const lines = [];
  lines.push(`The seed's controller under node: ${r.k} bots, ${args.boards} boards, ${r.gameCount} games, Math.random seed ${args.seed}, ${r.seconds.toFixed(1)} s`);
  lines.push("");
  lines.push("rank  bot                      points  per game   p99 ms   max ms  >1s  invalid  errors");
  order.forEach((i, rank) => {
    const s = r.stats[i];
    const sorted = s.times.slice().sort((a, b) => a - b);
    lines.push(`${String(rank + 1).padStart(4)}  ${r.names[i].padEnd(22)} ${String(r.finalScores[i]).padStart(8)} ${(r.finalScores[i] / r.games[i]).toFixed(2).padStart(9)} ${percentile(sorted, 0.99).toFixed(1).padStart(8)} ${(sorted[sorted.length - 1] || 0).toFixed(1).padStart(8)} ${String(s.over1s).padStart(4)} ${String(s.invalid).padStart(8)} ${String(s.errors).padStart(7)}`);
  });
  const hungry = r.names.indexOf("HungryBot");
  lines.push("");
  for (const i of order) {
    if (i === hungry || !r.names[i].startsWith("Ours")) continue;
    lines.push(`${r.names[i]}: ${(r.finalScores[i] / r.finalScores[hungry]).toFixed(3)}x HungryBot's total; head to head ${r.head[i][hungry]} : ${r.head[hungry][i]} = ${(r.head[i][hungry] / r.head[hungry][i]).toFixed(3)}x, games won ${r.wins[i][hungry]}-${r.wins[hungry][i]}`);
    for (const j of order) {
      if (j !== i) lines.push(`    against ${r.names[j].padEnd(22)} ${String(r.head[i][j]).padStart(7)} : ${String(r.head[j][i]).padEnd(7)} won ${r.wins[i][j]}-${r.wins[j][i]}`);
    }
  }
  const agree = hookTotals.every((t, i) => t === r.finalScores[i]);
  lines.push("");
  lines.push(`The hook's per-game totals ${agree ? "equal" : "DIFFER FROM"} the controller's final scores.`);
  if (r.submission) lines.push(`The submission's own record: ${JSON.stringify(r.submission)}`);
  const problems = [];
  r.names.forEach((name, i) => {
    if (!name.startsWith("Ours")) return;
    const s = r.stats[i];
    if (s.invalid || s.errors || s.over1s) problems.push(`${name}: ${s.invalid} invalid, ${s.errors} exceptions, ${s.over1s} moves over 1 s`);
    if (order.findIndex((j) => !r.names[j].startsWith("Ours")) < order.indexOf(i)) problems.push(`${name} does not rank above every seed bot`);
  });
  if (r.submission && r.submission.fallbackMoves !== r.submission.fallbackBeforeReady) problems.push("the submission's fallback played after the module was ready");
  if (!agree) problems.push("the hook's totals differ from the controller's");
  for (const p of problems) lines.push(`PROBLEM: ${p}`);
  return { text: lines.join("\n"), agree, order, hookTotals, problems };
}

if (require.main === module) {
  const args = commandLine("tournament.js", USAGE, parseArgs);
  run(args).then((r) => {
  const out = report(r, args);
  console.log(out.text);
  if (args.json) {
    const times = r.stats.map((s) => {
      const sorted = s.times.slice().sort((a, b) => a - b);
      return { moves: s.moves, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted[sorted.length - 1] || 0, over1s: s.over1s, invalid: s.invalid, errors: s.errors };
    });
    fs.writeFileSync(args.json, JSON.stringify({ args, submission: r.submission, names: r.names, scores: r.finalScores, head: r.head, wins: r.wins, games: r.games, times, seconds: r.seconds }, null, 1));
  }
  process.exit(out.problems.length && (args.check || !out.agree) ? 1 : 0);
  }, (e) => {
    console.error(`tournament.js: ${e.message}`);
    process.exit(1);
  });
}

module.exports = { run, report, parseArgs, seededRandom, percentile };
