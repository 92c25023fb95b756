// Command-line helpers shared by the scripts: --help, and one-line refusals
// of bad input with the usage and exit code 2.
"use strict";
const fs = require("fs");

// Parses the process's arguments with `parse` (argv => args, throwing a
// one-line Error on bad input). --help or -h prints `usage` and exits 0; a
// refusal prints `script: message` and the usage and exits 2.
function commandLine(script, usage, parse) {
  const argv = process.argv.slice(2);
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(usage);
    process.exit(0);
  }
  try {
    return parse(argv);
  } catch (e) {
    console.error(`${script}: ${e.message}\n${usage}`);
    process.exit(2);
  }
}

// A flag's value as a whole number of at least `min`.
function wholeNumber(flag, value, min = 1) {
  if (value === undefined) throw new Error(`${flag} needs a value`);
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number of at least ${min}, not ${value}`);
  return n;
}

// A flag's value, one of `choices`.
function oneOf(flag, value, choices) {
  if (!choices.includes(value)) throw new Error(`${flag} must be ${choices.join(" or ")}, not ${value}`);
  return value;
}

// Refuses the first of `[flag, file]` pairs whose file does not exist
// (a null file is an option not given).
function existingFiles(pairs) {
  for (const [flag, file] of pairs) {
    if (file !== null && !fs.existsSync(file)) throw new Error(`${flag}: no file ${file}`);
  }
}

module.exports = { commandLine, wholeNumber, oneOf, existingFiles };
