//! `tokens replay`: one game as a self-contained HTML page that replays it on
//! a canvas (board, tokens in their colours, both players, scores, a step
//! slider and play/pause). No network access is needed to view it.

use gamecore::derive_seed;
use std::fmt::Write as _;
use std::path::Path;
use tokens::tournament::{play_kinds, round_seed};
use tokens::{board_for_seed, Board, BotKind, Effect};

/// Plays `bots[0]` (player 1) against `bots[1]` on the board of round 0 of
/// a tournament seeded with `seed`, and writes the replay to `out`.
pub fn write(seed: u64, bots: [BotKind; 2], out: &Path) -> Result<(), String> {
    let rseed = round_seed(seed, 0);
    let start = board_for_seed(rseed);
    let game = play_kinds(&start, bots, derive_seed(rseed, 1), true);
    let html = page(&start, bots, &game.actions);
    std::fs::write(out, html).map_err(|e| format!("cannot write {}: {e}", out.display()))?;
    println!(
        "{} (P1) {} : {} {} (P2) in {} plies; replay written to {}",
        bots[0].display_name(),
        game.scores[0],
        game.scores[1],
        bots[1].display_name(),
        game.plies,
        out.display()
    );
    Ok(())
}

/// The page: the start board and one frame per ply as JSON, and a script
/// that draws any frame.
fn page(start: &Board, bots: [BotKind; 2], actions: &[tokens::Action]) -> String {
    let n = start.size();
    // Tokens: [x, y, colour, points, ply at which it was eaten (or -1)].
    let mut tokens: Vec<(usize, usize, &str, u8, i64)> = start
        .tokens()
        .map(|(x, y, t)| (x, y, t.color.hex(), t.points, -1))
        .collect();
    // Frames: [p1x, p1y, p2x, p2y, score1, score2, action].
    let mut frames = String::new();
    let mut board = start.clone();
    let frame = |board: &Board, action: &str| -> String {
        let [a, b] = [
            board.player(gamecore::Player::First),
            board.player(gamecore::Player::Second),
        ];
        format!(
            "[{},{},{},{},{},{},\"{}\"]",
            a.x, a.y, b.x, b.y, a.score, b.score, action
        )
    };
    frames.push_str(&frame(&board, "start"));
    for (ply, &action) in actions.iter().enumerate() {
        let who = board.to_move();
        let at = board.player(who).pos();
        if let Effect::Ate(..) = board.step(action) {
            if let Some(t) = tokens.iter_mut().find(|t| (t.0, t.1) == at && t.4 < 0) {
                t.4 = ply as i64 + 1;
            }
        }
        let label = format!("P{} {}", who.index() + 1, action);
        frames.push(',');
        frames.push_str(&frame(&board, &label));
    }
    let mut token_json = String::new();
    for (i, (x, y, color, points, eaten)) in tokens.iter().enumerate() {
        if i > 0 {
            token_json.push(',');
        }
        let _ = write!(token_json, "[{x},{y},\"{color}\",{points},{eaten}]");
    }
    let title = format!(
        "{} (P1) vs {} (P2)",
        bots[0].display_name(),
        bots[1].display_name()
    );
    TEMPLATE
        .replace("@TITLE@", &title)
        .replace("@N@", &n.to_string())
        .replace("@TOKENS@", &token_json)
        .replace("@FRAMES@", &frames)
}

const TEMPLATE: &str = r##"<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Tokens: @TITLE@</title>
<style>
body { font-family: sans-serif; margin: 16px; }
#info { margin: 8px 0; font-size: 18px; }
input[type=range] { width: 600px; }
</style>
</head>
<body>
<h2>@TITLE@</h2>
<canvas id="board" width="600" height="600" style="border:1px solid #c3c3c3"></canvas>
<div id="info"></div>
<div>
<button id="play">play</button>
<button id="prev">&lt;</button>
<button id="next">&gt;</button>
<input id="step" type="range" min="0" value="0">
</div>
<p>F marks player 1 and S player 2, as in the original controller; a token
shows its points in its colour.</p>
<script>
const N = @N@;
const TOKENS = [@TOKENS@];
const FRAMES = [@FRAMES@];
const canvas = document.getElementById("board");
const ctx = canvas.getContext("2d");
const slider = document.getElementById("step");
const info = document.getElementById("info");
slider.max = FRAMES.length - 1;
function disc(x, y, radius, fill, label, labelColor, fontSize) {
  ctx.beginPath();
  ctx.arc(x, y, radius, 0, 2 * Math.PI);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = labelColor;
  ctx.font = fontSize + "px Arial";
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(label, x, y);
}
function draw(f) {
  const d = 600 / N;
  ctx.clearRect(0, 0, 600, 600);
  ctx.strokeStyle = "#000000";
  for (let i = 0; i <= N; i++) {
    ctx.beginPath(); ctx.moveTo(i * d, 0); ctx.lineTo(i * d, 600); ctx.stroke();
    ctx.beginPath(); ctx.moveTo(0, i * d); ctx.lineTo(600, i * d); ctx.stroke();
  }
  for (const [x, y, color, points, eaten] of TOKENS) {
    if (eaten < 0 || eaten > f) {
      disc(x * d + d / 2, y * d + d / 2, d * 0.4, color, String(points), "#000000", d / 2);
    }
  }
  const [ax, ay, bx, by, sa, sb, label] = FRAMES[f];
  disc(ax * d + d / 4, ay * d + d / 4, d / 6, "#000000", "F", "#FFFFFF", d / 5);
  disc(bx * d + 3 * d / 4, by * d + 3 * d / 4, d / 6, "#000000", "S", "#FFFFFF", d / 5);
  info.textContent = "ply " + f + "/" + (FRAMES.length - 1) + " (" + label + ")   P1: " + sa + "   P2: " + sb;
  slider.value = f;
}
let timer = null;
document.getElementById("play").onclick = function () {
  if (timer) { clearInterval(timer); timer = null; this.textContent = "play"; return; }
  this.textContent = "pause";
  timer = setInterval(() => {
    const f = Number(slider.value);
    if (f + 1 >= FRAMES.length) { clearInterval(timer); timer = null; document.getElementById("play").textContent = "play"; return; }
    draw(f + 1);
  }, 150);
};
document.getElementById("prev").onclick = () => draw(Math.max(0, Number(slider.value) - 1));
document.getElementById("next").onclick = () => draw(Math.min(FRAMES.length - 1, Number(slider.value) + 1));
slider.oninput = () => draw(Number(slider.value));
draw(0);
</script>
</body>
</html>
"##;
