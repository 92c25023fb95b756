//! `reantics replay`: a self-contained HTML page replaying one game with a
//! step slider.

use reantics::{Action, Phase, State};
use serde_json::{json, Value};

/// One frame: the board after an action, as JSON.
pub fn frame(s: &State, caption: &str) -> Value {
    let mut cells = String::new();
    for i in 0..100 {
        let c = reantics::Coord::from_index(i);
        let ch = match s.constr_at(c) {
            None => '.',
            Some(reantics::ConstrType::Anthill) => {
                if s.anthill(gamecore::Player::First) == Some(c) {
                    'A'
                } else {
                    'a'
                }
            }
            Some(reantics::ConstrType::Tunnel) => {
                if s.tunnel(gamecore::Player::First) == Some(c) {
                    'T'
                } else {
                    't'
                }
            }
            Some(reantics::ConstrType::Grass) => ';',
            Some(reantics::ConstrType::Food) => '%',
        };
        cells.push(ch);
    }
    let mut ants = Vec::new();
    for p in gamecore::Player::BOTH {
        for a in s.ants(p) {
            ants.push(json!([
                a.coords.x,
                a.coords.y,
                a.kind.letter().to_string(),
                p.index(),
                a.health,
                a.carrying
            ]));
        }
    }
    json!({
        "cells": cells,
        "ants": ants,
        "food": [s.food(gamecore::Player::First), s.food(gamecore::Player::Second)],
        "hill": [s.anthill_health(gamecore::Player::First), s.anthill_health(gamecore::Player::Second)],
        "ends": s.ends(),
        "caption": caption,
        "play": s.phase() == Phase::Play,
    })
}

/// Renders the frames as a standalone HTML page.
pub fn html(title: &str, frames: &[Value]) -> String {
    let data = serde_json::to_string(frames).expect("frames serialise");
    let title = title.replace('<', "&lt;");
    format!(
        r#"<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
table {{ border-collapse: collapse; }}
td {{ width: 42px; height: 42px; border: 1px solid #999; text-align: center; font-weight: bold; position: relative; }}
td.p1 {{ background: #fde8e8; }} td.p2 {{ background: #e6eefc; }}
td.grass {{ background: #b7e0a5; }} td.food {{ background: #f5d76e; }}
td.A, td.a {{ background: #c49a6c; }} td.T, td.t {{ background: #8d8d8d; color: white; }}
span.ant1 {{ color: #b00000; }} span.ant2 {{ color: #0030b0; }}
small {{ font-size: 9px; display: block; font-weight: normal; }}
#slider {{ width: 440px; }}
</style></head><body>
<h3>{title}</h3>
<div><button id="prev">&lt;</button> <input type="range" id="slider" min="0" value="0"> <button id="next">&gt;</button> <span id="pos"></span></div>
<p id="caption"></p>
<table id="board"></table>
<p id="status"></p>
<script>
const frames = {data};
const slider = document.getElementById('slider');
slider.max = frames.length - 1;
function draw(i) {{
  const f = frames[i];
  const ants = {{}};
  for (const a of f.ants) ants[a[0] + ',' + a[1]] = a;
  let html = '';
  for (let y = 0; y < 10; y++) {{
    html += '<tr>';
    for (let x = 0; x < 10; x++) {{
      const ch = f.cells[y * 10 + x];
      let cls = y < 4 ? 'p1' : (y > 5 ? 'p2' : '');
      if (ch === ';') cls = 'grass'; else if (ch === '%') cls = 'food'; else if (ch !== '.') cls = ch;
      const a = ants[x + ',' + y];
      let inner = '';
      if (a) inner = '<span class="ant' + (a[3] + 1) + '">' + a[2] + (a[5] ? '*' : '') + '</span><small>' + a[4] + 'hp</small>';
      html += '<td class="' + cls + '">' + inner + '</td>';
    }}
    html += '</tr>';
  }}
  document.getElementById('board').innerHTML = html;
  document.getElementById('caption').textContent = f.caption;
  document.getElementById('pos').textContent = 'step ' + i + ' / ' + (frames.length - 1);
  document.getElementById('status').textContent = 'food P1 ' + f.food[0] + ' | P2 ' + f.food[1] +
    ' | anthill health P1 ' + f.hill[0] + ' | P2 ' + f.hill[1] + ' | ENDs ' + f.ends + '  (red = Player 1, blue = Player 2, * = carrying)';
}}
slider.oninput = () => draw(+slider.value);
document.getElementById('prev').onclick = () => {{ slider.value = Math.max(0, +slider.value - 1); draw(+slider.value); }};
document.getElementById('next').onclick = () => {{ slider.value = Math.min(frames.length - 1, +slider.value + 1); draw(+slider.value); }};
draw(0);
</script></body></html>
"#
    )
}

/// A caption for an action by `player` (1-based).
pub fn caption(player: usize, a: Action) -> String {
    format!("P{player}: {a}")
}
