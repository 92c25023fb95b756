#!/usr/bin/env node
// The submission defines no globals: its source is evaluated in a fresh
// context, two objects play a few moves each (synchronous compilation),
// and the context's global names are compared before and after.
// usage: node globals.js BOT.js
"use strict";
const fs = require("fs");
const vm = require("vm");
const { commandLine, existingFiles } = require("./args");

const file = commandLine("globals.js", "usage: node globals.js BOT.js", (argv) => {
  if (argv.length !== 1) throw new Error("name one submission");
  existingFiles([["BOT.js", argv[0]]]);
  return argv[0];
});
const context = vm.createContext({ performance });
const before = new Set(vm.runInContext("Object.getOwnPropertyNames(globalThis)", context));
const Bot = vm.runInContext("(" + fs.readFileSync(file, "utf8") + ")", context);
const board = vm.runInContext(`({
  player1: { pos: [0, 0], score: 0, colorBonus: 0, lastColor: "#000000" },
  player2: { pos: [0, 0], score: 0, colorBonus: 0, lastColor: "#000000" },
  tokens: [[false, false, false, false, false],
           [false, false, { color: "#FF0000", points: 2 }, false, false],
           [false, false, false, false, false],
           [false, { color: "#0000FF", points: 3 }, false, false, false],
           [false, false, false, false, false]] })`, context);
const answers = [];
for (const seat of [true, false]) {
  const bot = new Bot(seat);
  answers.push(bot.yourMove(board));
}
const after = vm.runInContext("Object.getOwnPropertyNames(globalThis)", context);
const added = after.filter((name) => !before.has(name));
const shared = Bot.prototype.tokensShared;
console.log(`answers ${answers.join(", ")}; module ${shared.state} (${shared.sync ? "sync" : "async"}); globals added: ${added.length ? added.join(", ") : "none"}`);
const valid = ["UP", "RIGHT", "DOWN", "LEFT", "EAT", "PASS"];
process.exit(added.length === 0 && answers.every((a) => valid.includes(a)) && shared.state === "ready" ? 0 : 1);
