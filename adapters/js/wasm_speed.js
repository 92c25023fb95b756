#!/usr/bin/env node
// The planner module's speed under node: simulated plies per millisecond on
// the first decision of seeded random boards drawn as the seed's controller
// draws them (side 5 to 16, 2n tokens of 1 to 3 points, players in opposite
// corners). Compares builds of the module (say, optimised for size against
// optimised for speed) on the same boards; the median of the boards is
// printed.
//
// usage: node wasm_speed.js MODULE.wasm [MODULE.wasm ...] [--boards N]
//          [--seed S] [--budget-ms B] [--cap-ms C] [--rounds R]
// Modules alternate board by board (R rounds over the boards), so a change in
// the machine's load touches every module alike.
"use strict";
const fs = require("fs");
const { performance } = require("perf_hooks");
// mulberry32, the seeded Math.random of the tournaments.
const { seededRandom } = require("./tournament");
const { commandLine, wholeNumber } = require("./args");

// The byte offset of the cells in the I/O buffer (tokens_wasm::CELLS_AT).
const CELLS_AT = 44;

const USAGE = "usage: node wasm_speed.js MODULE.wasm [MODULE.wasm ...] [--boards N] [--seed S] [--budget-ms B] [--cap-ms C] [--rounds R]";

function parseArgs(argv) {
  const args = { modules: [], boards: 40, seed: 1, budgetMs: 50, capMs: 60, rounds: 3 };
  const numeric = { "--boards": "boards", "--seed": "seed", "--budget-ms": "budgetMs", "--cap-ms": "capMs", "--rounds": "rounds" };
  for (let k = 0; k < argv.length; k++) {
    const flag = argv[k];
    if (numeric[flag]) {
      args[numeric[flag]] = wholeNumber(flag, argv[++k]);
    } else if (flag.startsWith("--")) {
      throw new Error(`unknown flag ${flag}`);
    } else {
      args.modules.push(flag);
    }
  }
  if (!args.modules.length) throw new Error("name at least one module");
  return args;
}

// A board as the controller's genRandomTokenArray draws it.
function randomBoard(random) {
  const n = 5 + Math.floor(random() * 12);
  const cells = Array.from({ length: n }, () => new Array(n).fill(null));
  for (let k = 0; k < 2 * n; k++) {
    const x = Math.floor(random() * n);
    const points = Math.floor(random() * 3 + 1);
    const color = 1 + Math.floor(random() * 3);
    const y = Math.floor(random() * n);
    cells[x][y] = { color, points };
  }
  return { n, cells };
}

function load(file) {
  const instance = new WebAssembly.Instance(new WebAssembly.Module(fs.readFileSync(file)), {
    env: { now: () => performance.now() },
  });
  return instance.exports;
}

// Writes `board` into the module's I/O buffer (the layout of tokens_wasm).
function write(ex, board) {
  const io = ex.tokens_io();
  const view = new DataView(ex.memory.buffer);
  const bytes = new Uint8Array(ex.memory.buffer);
  view.setInt32(io, board.n, true);
  const corners = [[0, 0], [board.n - 1, board.n - 1]];
  corners.forEach(([x, y], p) => {
    [x, y, 0, 0, 0].forEach((word, w) => view.setInt32(io + 4 + 20 * p + 4 * w, word, true));
  });
  for (let x = 0; x < board.n; x++) {
    for (let y = 0; y < board.n; y++) {
      const cell = board.cells[x][y];
      const at = io + CELLS_AT + 2 * (x * board.n + y);
      bytes[at] = cell ? cell.color : 0;
      bytes[at + 1] = cell ? cell.points : 0;
    }
  }
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function main() {
  const args = commandLine("wasm_speed", USAGE, parseArgs);
  const modules = args.modules.map((file) => {
    try {
      return { file, ex: load(file), rates: [], plies: [] };
    } catch (error) {
      console.error(`wasm_speed: cannot load ${file}: ${error.message}\n${USAGE}`);
      process.exit(2);
    }
  });
  const random = seededRandom(args.seed);
  const boards = Array.from({ length: args.boards }, () => randomBoard(random));
  for (let round = 0; round < args.rounds; round++) {
    for (const board of boards) {
      for (const module of modules) {
        const { ex } = module;
        ex.tokens_new(0, 1);
        write(ex, board);
        const began = performance.now();
        const action = ex.tokens_move(0, args.budgetMs, args.capMs);
        const ms = performance.now() - began;
        if (action > 5) throw new Error(`${module.file} read no board`);
        const plies = ex.tokens_plies(0);
        module.plies.push(plies);
        module.rates.push(plies / ms);
      }
    }
  }
  console.log(`${args.boards} boards (seed ${args.seed}) x ${args.rounds} rounds, first decision at ${args.budgetMs} ms (cap ${args.capMs} ms)`);
  console.log("| module | bytes | median plies/ms | median plies a decision |");
  console.log("|---|---|---|---|");
  for (const module of modules) {
    const bytes = fs.statSync(module.file).size;
    console.log(`| ${module.file} | ${bytes} | ${median(module.rates).toFixed(0)} | ${median(module.plies)} |`);
  }
}

main();
