// Command-line helpers shared by the scripts.
"use strict";

// A flag's value as a whole number of at least `min`; throws a one-line
// message otherwise.
function wholeNumber(flag, value, min = 1) {
  if (value === undefined) throw new Error(`${flag} needs a value`);
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number of at least ${min}, not ${value}`);
  return n;
}

module.exports = { wholeNumber };
