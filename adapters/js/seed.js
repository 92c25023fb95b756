// The seed's controller and bots, read from the seed file at run time (never
// re-typed): the controller page's <script> and each posted bot's source.
"use strict";
const fs = require("fs");
const path = require("path");

const SEED = path.join(__dirname, "../../../shared/seeds/001_9b8dda1c512a77b5.txt");

// The source of the balanced {...} block that starts at the first "{" after `from`.
function block(text, from) {
  let at = text.indexOf("{", from);
  let depth = 0;
  for (let k = at; k < text.length; k++) {
    if (text[k] === "{") depth++;
    else if (text[k] === "}" && --depth === 0) return text.slice(from, k + 1);
  }
  throw new Error("unbalanced block in the seed");
}

function find(text, marker, after = 0) {
  const at = text.indexOf(marker, after);
  if (at < 0) throw new Error(`the seed has no ${JSON.stringify(marker)}`);
  return at;
}

// Reads the seed: { html, script, bots: {name: source} }, where `html` is
// the controller page, `script` its <script> text and each bot's source is
// an expression evaluating to its constructor.
function loadSeed(file = SEED) {
  const text = fs.readFileSync(file, "utf8");
  const htmlStart = find(text, "<!DOCTYPE html>");
  const htmlEnd = find(text, "</html>", htmlStart) + "</html>".length;
  const html = text.slice(htmlStart, htmlEnd);
  const scriptStart = find(html, "<script>") + "<script>".length;
  const script = html.slice(scriptStart, find(html, "</script>", scriptStart));
  const rest = text.slice(htmlEnd);
  const fn = (marker, after = 0) => {
    const at = find(rest, marker, after);
    return "(" + block(rest, find(rest, "function", at)) + ")";
  };
  const bots = {
    // Posted answers that are not built into the page (NaiveAI,
    // KindaRandomAI and HungryBot are, with the same code).
    "PATH bot": fn("pathBot = function"),
    LazyBot: fn("lazyBot = function"),
    MirrorBot: fn("function mirror(player1)"),
    OneTarget: fn("function (player1)", find(rest, "\nOneTarget\n")),
  };
  return { html, script, bots };
}

// The page's own bots, in its aiArray order.
const BUILT_IN = ["NaiveAI", "KindaRandomAI", "mirrorBot (built-in)", "HungryBot"];

// The controller's line before which entries are added.
const FREEZE = "for (i = 0; i < aiArray.length; i += 1) {";

// The controller's script with `entries` ([{name, source}]) added after the
// built-in bots as `aiArray[k] = source;`, and `matches` rounds.
function withEntries(script, entries, matches) {
  const at = find(script, FREEZE);
  const lines = entries.map((e, k) => `    aiArray[${BUILT_IN.length + k}] = ${e.source};\n`).join("");
  let out = script.slice(0, at) + lines + "    " + script.slice(at);
  if (matches !== undefined) {
    out = out.replace(/var matches = \d+;/, `var matches = ${matches};`);
  }
  return out;
}

module.exports = { loadSeed, withEntries, BUILT_IN, FREEZE, SEED };
