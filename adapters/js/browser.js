#!/usr/bin/env node
// The seed's HTML controller page in headless Chromium, with our submission
// added the way the page adds entries (`aiArray[k] = ...;` before the
// freeze), beside the posted bots that run. The page plays its whole fair
// round robin on its own setInterval loop; an init script only watches the
// canvas text for the final scores (and, with --sync off, makes
// WebAssembly.Module refuse buffers over 4 KB as older Chrome did on the
// main thread).
//
// usage: node browser.js --bot-js FILE [--matches M] [--sync on|off]
//          [--chromium /usr/bin/chromium] [--timeout-s 1800]
"use strict";
const fs = require("fs");
const os = require("os");
const path = require("path");
const { loadSeed, withEntries, BUILT_IN, FREEZE, SEED } = require("./seed");
const { commandLine, wholeNumber, oneOf, existingFiles } = require("./args");

const USAGE = `usage: node browser.js --bot-js FILE [--matches M] [--sync on|off]
         [--chromium /usr/bin/chromium] [--timeout-s 1800] [--seed-file FILE]
(the seed file: $TOKENS_SEED, or the seed beside this checkout)`;

function parseArgs(argv) {
  const args = { botJs: null, matches: 1, sync: "on", chromium: "/usr/bin/chromium", timeoutS: 1800, seedFile: process.env.TOKENS_SEED || SEED };
  for (let k = 0; k < argv.length; k += 2) {
    const [flag, value] = [argv[k], argv[k + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--bot-js") args.botJs = value;
    else if (flag === "--matches") args.matches = wholeNumber(flag, value);
    else if (flag === "--sync") args.sync = oneOf(flag, value, ["on", "off"]);
    else if (flag === "--chromium") args.chromium = value;
    else if (flag === "--timeout-s") args.timeoutS = wholeNumber(flag, value);
    else if (flag === "--seed-file") args.seedFile = value;
    else throw new Error(`unknown flag ${flag}`);
  }
  if (!args.botJs) throw new Error("--bot-js FILE is required");
  existingFiles([["--bot-js", args.botJs], ["--seed-file", args.seedFile], ["--chromium", args.chromium]]);
  return args;
}

const WATCH = `(function () {
  window.__texts = [];
  var fill = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (text, x, y) {
    window.__texts.push([String(text), x, y]);
    return fill.apply(this, arguments);
  };
  var clear = CanvasRenderingContext2D.prototype.clearRect;
  CanvasRenderingContext2D.prototype.clearRect = function () {
    var t = window.__texts;
    if (t.length && !t.some(function (e) { return e[0] === "Pundefined Score:"; }) &&
        t.some(function (e) { return e[0] === "P0 Score:" && e[2] === 50; })) {
      window.__final = t.slice();
    }
    window.__texts = [];
    return clear.apply(this, arguments);
  };
})();`;

const NO_SYNC = `(function () {
  var Real = WebAssembly.Module;
  WebAssembly.Module = function (bytes) {
    if (bytes.byteLength > 4096) throw new RangeError("WebAssembly.Module is disallowed on the main thread, if the buffer size is larger than 4KB. Use WebAssembly.compile.");
    return new Real(bytes);
  };
})();`;

async function main(args) {
  const { chromium } = require("playwright-core");
  const seed = loadSeed(args.seedFile);
  const entries = Object.entries(seed.bots).map(([name, source]) => ({ name, source }));
  entries.push({ name: "Ours (export-js)", source: fs.readFileSync(args.botJs, "utf8") });
  const names = BUILT_IN.concat(entries.map((e) => e.name));
  const ours = names.length - 1;
  const script = withEntries(seed.script, entries, args.matches);
  const html = seed.html.replace(seed.script, script);
  if (!html.includes(FREEZE)) throw new Error("the page lost its freeze loop");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tokens-chromium-"));
  const page_path = path.join(dir, "controller.html");
  fs.writeFileSync(page_path, html);
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "tokens-profile-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: args.chromium,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const errors = [];
  const started = Date.now();
  try {
    const page = context.pages()[0] || (await context.newPage());
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.addInitScript(WATCH + (args.sync === "off" ? NO_SYNC : ""));
    await page.goto("file://" + page_path);
    const version = context.browser() ? context.browser().version() : (await page.evaluate(() => navigator.userAgent));
    let final = null;
    while (!final) {
      if (Date.now() - started > args.timeoutS * 1000) throw new Error(`no final scores after ${args.timeoutS} s`);
      await new Promise((r) => setTimeout(r, 2000));
      final = await page.evaluate(() => window.__final || null);
    }
    const stats = await page.evaluate((k) => {
      var shared = aiArray[k].prototype.tokensShared;
      return shared ? { sync: shared.sync, state: shared.state, stats: shared.stats } : null;
    }, ours);
    const scores = names.map((_, i) => Number((final.find((e) => e[2] === i * 50 + 70) || ["NaN"])[0]));
    const hist = stats.stats.histogram;
    let seen = 0, p99 = 0;
    for (let ms = 0; ms < hist.length; ms++) {
      seen += hist[ms] || 0;
      if (seen >= 0.99 * stats.stats.moves) { p99 = ms + 1; break; }
    }
    const k = names.length;
    const order = names.map((_, i) => i).sort((a, b) => scores[b] - scores[a]);
    console.log(`The seed's controller page in headless Chromium (${version}), ${k} bots, matches = ${args.matches}, synchronous compile ${args.sync}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    order.forEach((i, rank) => console.log(`${String(rank + 1).padStart(4)}  ${names[i].padEnd(22)} ${String(scores[i]).padStart(7)}`));
    console.log(`games played by our submission: ${stats.stats.games} of the round robin's ${args.matches * k * (k - 1)} (ours in ${args.matches * 2 * (k - 1)})`);
    console.log(`our moves: ${stats.stats.moves} (${stats.stats.wasmMoves} by the module, ${stats.stats.fallbackMoves} by the fallback, ${stats.stats.fallbackBeforeReady} of them before the module was ready); compiled ${stats.sync ? "synchronously" : "asynchronously"}; traps ${stats.stats.traps}; ${stats.stats.searches} searches, ${Math.round(stats.stats.plies / Math.max(1, stats.stats.searches))} simulated plies a search`);
    console.log(`our longest move ${stats.stats.maxMs.toFixed(1)} ms (our move ${stats.stats.maxAt}), p99 under ${p99} ms; page errors: ${errors.length}${errors.length ? " (" + errors[0] + ")" : ""}`);
    // A smoke test of the page: every game played, no error, no slow move.
    // One unseeded round of 16 games ranks nothing reliably (the page's
    // Math.random is the browser's): the ranking is checked by the seeded
    // node tournaments (tournament.js --check).
    console.log(`our rank in this round: ${order.indexOf(ours) + 1} of ${k}`);
    const ok = errors.length === 0 && stats.stats.games === args.matches * 2 * (k - 1) && stats.stats.maxMs < 800;
    process.exitCode = ok ? 0 : 1;
  } finally {
    await context.close();
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

main(commandLine("browser.js", USAGE, parseArgs)).catch((e) => {
  console.error(`browser.js: ${e.message}`);
  process.exit(1);
});
