#!/usr/bin/env node
// Adds up the --json results of several tournament.js runs (say, four runs of
// 50 boards with different seeds) into one table. When the field held both of
// our entrants, each is also ranked in the field without the other: every
// bot's total then leaves out its games against that other entrant, which is
// exactly the round robin of the seed's bots and that one entrant.
//
// usage: node combine.js RUN.json [RUN.json ...]
"use strict";
const fs = require("fs");
const { commandLine } = require("./args");

function combine(runs) {
  const names = runs[0].names;
  for (const r of runs) {
    if (JSON.stringify(r.names) !== JSON.stringify(names)) throw new Error("the runs' fields differ");
  }
  const k = names.length;
  const zero = () => names.map(() => names.map(() => 0));
  const head = zero();
  const wins = zero();
  const games = names.map(() => 0);
  const times = names.map(() => ({ moves: 0, p99: 0, max: 0, over1s: 0, invalid: 0, errors: 0 }));
  let boards = 0;
  let seconds = 0;
  for (const r of runs) {
    boards += r.args.boards;
    seconds += r.seconds;
    for (let i = 0; i < k; i++) {
      games[i] += r.games[i];
      for (let j = 0; j < k; j++) {
        head[i][j] += r.head[i][j];
        wins[i][j] += r.wins[i][j];
      }
      const t = r.times[i];
      const c = times[i];
      c.moves += t.moves;
      // The runs' own 99th percentiles: the largest bounds the combined one
      // from above.
      c.p99 = Math.max(c.p99, t.p99);
      c.max = Math.max(c.max, t.max);
      c.over1s += t.over1s;
      c.invalid += t.invalid;
      c.errors += t.errors;
    }
  }
  return { names, head, wins, games, times, boards, seconds, runs: runs.length };
}

// Each bot's points, leaving out its games against the bots in `without`.
function totals(c, without) {
  return c.names.map((_, i) => c.head[i].reduce((s, v, j) => (without.includes(j) ? s : s + v), 0));
}

function table(c, without) {
  const lines = [];
  const points = totals(c, without);
  const field = c.names.map((_, i) => i).filter((i) => !without.includes(i));
  const order = field.slice().sort((a, b) => points[b] - points[a]);
  const hungry = c.names.indexOf("HungryBot");
  lines.push("rank  bot                      points   p99 ms   max ms  >1s  invalid  errors     moves");
  order.forEach((i, rank) => {
    const t = c.times[i];
    lines.push(`${String(rank + 1).padStart(4)}  ${c.names[i].padEnd(22)} ${String(points[i]).padStart(8)} ${t.p99.toFixed(1).padStart(8)} ${t.max.toFixed(1).padStart(8)} ${String(t.over1s).padStart(4)} ${String(t.invalid).padStart(8)} ${String(t.errors).padStart(7)} ${String(t.moves).padStart(9)}`);
  });
  for (const i of order) {
    if (!c.names[i].startsWith("Ours")) continue;
    const won = c.wins[i][hungry];
    const lost = c.wins[hungry][i];
    lines.push(`${c.names[i]}: rank ${order.indexOf(i) + 1}, ${(points[i] / points[hungry]).toFixed(3)}x HungryBot's total (${points[i]} : ${points[hungry]}); head to head ${c.head[i][hungry]} : ${c.head[hungry][i]} = ${(c.head[i][hungry] / c.head[hungry][i]).toFixed(3)}x, games won ${won}-${lost}`);
  }
  return lines.join("\n");
}

if (require.main === module) {
  const c = commandLine("combine.js", "usage: node combine.js RUN.json [RUN.json ...]", (files) => {
    if (!files.length) throw new Error("name at least one run");
    return combine(files.map((f) => JSON.parse(fs.readFileSync(f, "utf8"))));
  });
  console.log(`${c.runs} runs, ${c.boards} boards, ${(c.seconds / 3600).toFixed(2)} h of runs; p99 is the largest of the runs' own`);
  console.log("");
  console.log("The whole field:");
  console.log(table(c, []));
  const ours = c.names.map((n, i) => (n.startsWith("Ours") ? i : -1)).filter((i) => i >= 0);
  if (ours.length > 1) {
    for (const i of ours) {
      console.log("");
      console.log(`The seed's bots and ${c.names[i]} alone (games against the other entrants left out):`);
      console.log(table(c, ours.filter((j) => j !== i)));
    }
  }
}

module.exports = { combine, totals };
