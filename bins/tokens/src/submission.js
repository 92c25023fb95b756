function (player1) {
  // Our planner (Rust, compiled to WebAssembly), written by `tokens export-js`.
  // No globals: what all games share (the compiled module) lives on this
  // constructor's prototype; the rest on the object.
  "use strict";
  var ACTIONS = ["UP", "RIGHT", "DOWN", "LEFT", "EAT", "PASS"];
  var COLORS = { "#000000": 0, "#FF0000": 1, "#00FF00": 2, "#0000FF": 3 };
  var BUDGET_MS = __BUDGET_MS__, CAP_MS = __CAP_MS__, SLOTS = 4, CELLS_AT = 44;
  var WASM = "__WASM_BASE64__";
  var self = this;
  var proto = Object.getPrototypeOf(this);
  var shared = proto && Object.prototype.hasOwnProperty.call(proto, "tokensShared") ? proto.tokensShared : null;
  if (!shared) {
    shared = { state: "none", exports: null, next: 0, sync: null,
      stats: { games: 0, moves: 0, wasmMoves: 0, fallbackMoves: 0, fallbackBeforeReady: 0, traps: 0, searches: 0, plies: 0, maxMs: 0, maxAt: 0, histogram: [] } };
    try { Object.defineProperty(proto, "tokensShared", { value: shared }); } catch (e) { /* a frozen prototype: per-object state */ }
  }
  var clock = (typeof performance !== "undefined" && performance.now) ? function () { return performance.now(); } : function () { return Date.now(); };

  function bytes() {
    var alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    var out = new Uint8Array(WASM.length * 3 >> 2), bits = 0, acc = 0, at = 0;
    for (var k = 0; k < WASM.length; k++) {
      var v = alphabet.indexOf(WASM.charAt(k));
      if (v < 0) continue;
      acc = (acc << 6) | v; bits += 6;
      if (bits >= 8) { bits -= 8; out[at++] = (acc >> bits) & 255; }
    }
    return out.subarray(0, at);
  }
  function imports() { return { env: { now: clock } }; }
  function ready(instance) { shared.exports = instance.exports; shared.state = "ready"; }
  function start() {
    // Synchronous where the browser allows it; where it refuses (older
    // Chrome: modules above 4 KB on the main thread), asynchronous, with the
    // fallback playing until the module is ready.
    if (typeof WebAssembly !== "object") { shared.state = "failed"; return; }
    var code = bytes();
    try {
      ready(new WebAssembly.Instance(new WebAssembly.Module(code), imports()));
      shared.sync = true;
    } catch (refused) {
      shared.sync = false;
      shared.state = "pending";
      WebAssembly.instantiate(code, imports()).then(function (result) { ready(result.instance); },
        function () { shared.state = "failed"; });
    }
  }
  if (shared.state === "none") start();
  shared.stats.games++;
  this.slot = shared.next;
  shared.next = (shared.next + 1) % SLOTS;
  this.started = false;

  // The fallback: walk to the token with the most points per step.
  function fallback(b, me) {
    var n = b.tokens.length, best = null, bestValue = -1;
    for (var x = 0; x < n; x++) {
      for (var y = 0; y < n; y++) {
        var t = b.tokens[x][y];
        if (!t) continue;
        var gain = t.points + (t.color === me.lastColor ? me.colorBonus + 1 : 0);
        var value = gain / (Math.abs(x - me.pos[0]) + Math.abs(y - me.pos[1]) + 1);
        if (value > bestValue) { bestValue = value; best = [x, y]; }
      }
    }
    if (!best) return "PASS";
    var dx = best[0] - me.pos[0], dy = best[1] - me.pos[1];
    if (dx === 0 && dy === 0) return "EAT";
    if (Math.abs(dx) >= Math.abs(dy)) return dx > 0 ? "RIGHT" : "LEFT";
    return dy > 0 ? "DOWN" : "UP";
  }

  // Writes the board into the module's buffer; false if it cannot be coded.
  function write(b, ex) {
    var n = b.tokens.length;
    if (!(n >= 5 && n <= 16)) return false;
    var io = ex.tokens_io(), view = new DataView(ex.memory.buffer), cells = new Uint8Array(ex.memory.buffer);
    view.setInt32(io, n, true);
    var players = [b.player1, b.player2];
    for (var p = 0; p < 2; p++) {
      var pl = players[p], last = COLORS[pl.lastColor];
      if (last === undefined) return false;
      var words = [pl.pos[0], pl.pos[1], pl.score, pl.colorBonus, last];
      for (var w = 0; w < 5; w++) view.setInt32(io + 4 + 20 * p + 4 * w, words[w], true);
    }
    for (var x = 0; x < n; x++) {
      if (!b.tokens[x] || b.tokens[x].length !== n) return false;
      for (var y = 0; y < n; y++) {
        var t = b.tokens[x][y], at = io + CELLS_AT + 2 * (x * n + y);
        if (t) {
          var c = COLORS[t.color];
          if (!c || !(t.points >= 0 && t.points <= 63 && t.points === (t.points | 0))) return false;
          cells[at] = c; cells[at + 1] = t.points;
        } else {
          cells[at] = 0; cells[at + 1] = 0;
        }
      }
    }
    return true;
  }

  this.yourMove = function (b) {
    var began = clock(), answer = null, stats = shared.stats;
    var me = player1 ? b.player1 : b.player2;
    if (shared.state === "ready") {
      try {
        var ex = shared.exports;
        if (!self.started) { ex.tokens_new(self.slot, player1 ? 1 : 0); self.started = true; }
        if (write(b, ex)) {
          var searches = ex.tokens_searches(self.slot), plies = ex.tokens_plies(self.slot);
          var code = ex.tokens_move(self.slot, BUDGET_MS, CAP_MS);
          if (code < ACTIONS.length) answer = ACTIONS[code];
          stats.searches += ex.tokens_searches(self.slot) - searches;
          stats.plies += ex.tokens_plies(self.slot) - plies;
        }
      } catch (trap) {
        // A trapped module may hold broken state: start it again.
        stats.traps++;
        shared.state = "none";
        self.started = false;
        start();
      }
    }
    if (answer) {
      stats.wasmMoves++;
    } else {
      answer = fallback(b, me);
      stats.fallbackMoves++;
      if (shared.state === "pending") stats.fallbackBeforeReady++;
    }
    var ms = clock() - began, bucket = Math.min(Math.floor(ms), 2000);
    stats.moves++;
    stats.histogram[bucket] = (stats.histogram[bucket] || 0) + 1;
    if (ms > stats.maxMs) { stats.maxMs = ms; stats.maxAt = stats.moves; }
    return answer;
  };
}
