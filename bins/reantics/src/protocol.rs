//! `reantics agent`: a JSON-lines agent server for the original Python
//! program (see `adapters/python/RustAgent.py` and `docs/games/reantics.md`).
//!
//! One request per line, one answer per line:
//! - `{"request":"placement","state":S}` → `{"coords":[[x,y],...]}`
//! - `{"request":"move","state":S}` → `{"moveType":0|1|2,"coordList":[[x,y],...]|null,"buildType":n|null}`
//! - `{"request":"attack","state":S,"attacker":[x,y],"targets":[[x,y],...]}` → `{"coords":[x,y]}`
//! - `{"request":"win","won":bool}` → `{"ok":true}`
//!
//! `S` is the `GameState` exactly as the agent received it (flipped for
//! Player 2): `{"phase":1..3,"whoseTurn":0|1,"inventories":[inv0,inv1,neutral]}`,
//! each inventory `{"player":p,"foodCount":n,"ants":[{"coords":[x,y],"type":t,
//! "health":h,"hasMoved":b,"carrying":b}],"constrs":[{"coords":[x,y],"type":t,
//! "captureHealth":h}]}`. Every line gets exactly one answer: a line that is
//! empty, not UTF-8 or not a valid request gets `{"error":"..."}`, and so
//! does an attack whose `targets` are not the attacker's (in the agent's
//! coordinates or in absolute ones, as the original passes the attacker).

use reantics::{
    AgentMove, AntAgent, AntType, ConstrType, Coord, Phase, Snapshot, SnapshotAnt, SnapshotConstr,
    State, View, BOARD_LENGTH,
};
use serde_json::{json, Value};
use std::io::{BufRead, Write};

fn coord(v: &Value) -> Result<Coord, String> {
    let a = v.as_array().ok_or("a coordinate must be [x, y]")?;
    if a.len() != 2 {
        return Err("a coordinate must be [x, y]".into());
    }
    let n = |v: &Value| -> Result<i8, String> {
        v.as_i64()
            .filter(|n| (0..i64::from(BOARD_LENGTH)).contains(n))
            .map(|n| n as i8)
            .ok_or_else(|| format!("coordinates must be from 0 to {}", BOARD_LENGTH - 1))
    };
    Ok(Coord::new(n(&a[0])?, n(&a[1])?))
}

fn coords_json(cs: &[Coord]) -> Value {
    Value::Array(cs.iter().map(|c| json!([c.x, c.y])).collect())
}

fn player(v: &Value) -> Result<gamecore::Player, String> {
    match v.as_i64() {
        Some(0) => Ok(gamecore::Player::First),
        Some(1) => Ok(gamecore::Player::Second),
        _ => Err("player ids are 0 or 1".into()),
    }
}

/// Parses `S` into a view for the player whose turn it is.
pub fn parse_state(v: &Value) -> Result<View, String> {
    let phase = match v["phase"].as_i64() {
        Some(1) => Phase::Setup1,
        Some(2) => Phase::Setup2,
        Some(3) => Phase::Play,
        _ => return Err("phase must be 1, 2 or 3".into()),
    };
    let me = player(&v["whoseTurn"])?;
    let invs = v["inventories"].as_array().ok_or("missing inventories")?;
    let mut snap = Snapshot {
        phase,
        whose_turn: me,
        food: [0, 0],
        ants: [Vec::new(), Vec::new()],
        constrs: Vec::new(),
    };
    for inv in invs {
        let owner = match inv["player"].as_i64() {
            Some(p @ (0 | 1)) => Some(player(&json!(p))?),
            _ => None,
        };
        if let Some(p) = owner {
            snap.food[p.index()] = inv["foodCount"].as_i64().unwrap_or(0) as i32;
            for a in inv["ants"].as_array().into_iter().flatten() {
                let kind = a["type"]
                    .as_i64()
                    .and_then(AntType::from_id)
                    .ok_or("bad ant type")?;
                snap.ants[p.index()].push(SnapshotAnt {
                    coords: coord(&a["coords"])?,
                    kind,
                    health: a["health"].as_i64().unwrap_or(i64::from(kind.health())) as i8,
                    has_moved: a["hasMoved"].as_bool().unwrap_or(false),
                    carrying: a["carrying"].as_bool().unwrap_or(false),
                });
            }
        }
        for k in inv["constrs"].as_array().into_iter().flatten() {
            let kind = match k["type"].as_i64() {
                Some(-4) => ConstrType::Anthill,
                Some(-3) => ConstrType::Tunnel,
                Some(-2) => ConstrType::Grass,
                Some(-1) => ConstrType::Food,
                _ => return Err("bad construction type".into()),
            };
            snap.constrs.push(SnapshotConstr {
                coords: coord(&k["coords"])?,
                kind,
                owner,
                capture_health: k["captureHealth"].as_i64().unwrap_or(3) as i8,
            });
        }
    }
    let state = State::from_snapshot(&snap, me)?;
    Ok(View::new(&state, me))
}

fn answer(agent: &mut dyn AntAgent, line: &str) -> Result<Value, String> {
    let req: Value = serde_json::from_str(line).map_err(|e| format!("bad JSON: {e}"))?;
    match req["request"].as_str() {
        Some("placement") => {
            let view = parse_state(&req["state"])?;
            Ok(json!({ "coords": coords_json(&agent.get_placement(&view)) }))
        }
        Some("move") => {
            let view = parse_state(&req["state"])?;
            Ok(match agent.get_move(&view) {
                AgentMove::MoveAnt(path) => {
                    json!({"moveType": 0, "coordList": coords_json(&path), "buildType": null})
                }
                AgentMove::Build { coords, kind } => {
                    json!({"moveType": 1, "coordList": coords_json(&coords), "buildType": kind})
                }
                AgentMove::End => json!({"moveType": 2, "coordList": null, "buildType": null}),
            })
        }
        Some("attack") => {
            let view = parse_state(&req["state"])?;
            let me = view.me();
            let targets: Vec<Coord> = req["targets"]
                .as_array()
                .ok_or("missing targets")?
                .iter()
                .map(coord)
                .collect::<Result<_, _>>()?;
            if targets.is_empty() {
                return Err("empty target list".into());
            }
            // The original hands Player 2 an attacker with absolute coordinates.
            let attacker = coord(&req["attacker"])?;
            let mut state = view.state().clone();
            state
                .set_pending_attack(attacker)
                .or_else(|_| state.set_pending_attack(attacker.flipped()))?;
            let view = View::new(&state, me);
            let info = view.pending_attacker().ok_or("no attacker")?;
            // The targets must be the attacker's: in the agent's coordinates
            // or, like the attacker, in absolute ones (answered in kind).
            let expected = view.attack_targets().unwrap_or_default();
            let same = |given: &[Coord]| {
                let (mut a, mut b) = (given.to_vec(), expected.clone());
                a.sort_by_key(|c| (c.x, c.y));
                b.sort_by_key(|c| (c.x, c.y));
                a == b
            };
            let flipped: Vec<Coord> = targets.iter().map(|c| c.flipped()).collect();
            let absolute = if same(&targets) {
                false
            } else if same(&flipped) {
                true
            } else {
                return Err(format!(
                    "targets {} do not match the state: the attacker can hit {}",
                    coords_json(&targets),
                    coords_json(&expected)
                ));
            };
            let choice = agent.get_attack(&view, &info, &expected);
            if !expected.contains(&choice) {
                return Err(format!("the agent chose {choice}, not a target"));
            }
            let choice = if absolute { choice.flipped() } else { choice };
            Ok(json!({ "coords": coords_json(&[choice])[0] }))
        }
        Some("win") => {
            agent.register_win(req["won"].as_bool().unwrap_or(false));
            Ok(json!({"ok": true}))
        }
        _ => Err("request must be placement, move, attack or win".into()),
    }
}

/// Serves requests from stdin until EOF.
pub fn serve(agent: &mut dyn AntAgent) -> std::io::Result<()> {
    serve_lines(agent, std::io::stdin().lock(), std::io::stdout().lock())
}

/// Answers every line of `input` with one line on `output` until the input
/// ends: a line that is empty, not text or not a request gets
/// `{"error": ...}`.
pub fn serve_lines(
    agent: &mut dyn AntAgent,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => return Ok(()),
            Ok(_) => {}
            Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        }
        let reply = match std::str::from_utf8(&bytes) {
            Err(_) => Err("the line is not valid UTF-8".to_owned()),
            Ok(line) if line.trim().is_empty() => Err("an empty line is not a request".to_owned()),
            Ok(line) => answer(agent, line.trim()),
        }
        .unwrap_or_else(|e| json!({ "error": e }));
        writeln!(output, "{reply}")?;
        output.flush()?;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use gamecore::Player;
    use reantics::{baselines, play_game, GameOptions};

    /// What `RustAgent.py` sends: the view's inventories in its own coordinates.
    fn state_json(view: &View) -> Value {
        let mut invs = Vec::new();
        for p in Player::BOTH {
            let ants: Vec<Value> = view
                .all_ants(p)
                .iter()
                .map(|a| json!({"coords": [a.coords.x, a.coords.y], "type": a.kind.id(), "health": a.health, "hasMoved": a.has_moved, "carrying": a.carrying}))
                .collect();
            let constrs: Vec<Value> = view
                .constrs(&[ConstrType::Anthill, ConstrType::Tunnel])
                .iter()
                .filter(|k| k.owner == Some(p))
                .map(|k| {
                    let h = if k.kind == ConstrType::Anthill { view.anthill_health(p) } else { 2 };
                    json!({"coords": [k.coords.x, k.coords.y], "type": k.kind.id(), "captureHealth": h})
                })
                .collect();
            invs.push(json!({"player": p.index(), "foodCount": view.food(p), "ants": ants, "constrs": constrs}));
        }
        let neutral: Vec<Value> = view
            .constrs(&[ConstrType::Grass, ConstrType::Food])
            .iter()
            .map(|k| json!({"coords": [k.coords.x, k.coords.y], "type": k.kind.id()}))
            .collect();
        invs.push(json!({"player": 2, "foodCount": 0, "ants": [], "constrs": neutral}));
        let phase = match view.phase() {
            Phase::Setup1 => 1,
            Phase::Setup2 => 2,
            Phase::Play => 3,
        };
        json!({"phase": phase, "whoseTurn": view.whose_turn().index(), "inventories": invs})
    }

    /// Plays a whole game in which seat 1 is our agent reached only through
    /// the JSON protocol: every answer must be legal.
    #[test]
    fn protocol_agent_plays_legal_games() {
        struct Remote(reantics::MctsAnt);
        impl AntAgent for Remote {
            fn name(&self) -> String {
                "remote".into()
            }
            fn get_placement(&mut self, view: &View) -> Vec<Coord> {
                let r = answer(
                    &mut self.0,
                    &json!({"request": "placement", "state": state_json(view)}).to_string(),
                )
                .unwrap();
                r["coords"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| coord(c).unwrap())
                    .collect()
            }
            fn get_move(&mut self, view: &View) -> AgentMove {
                let r = answer(
                    &mut self.0,
                    &json!({"request": "move", "state": state_json(view)}).to_string(),
                )
                .unwrap();
                let path = || {
                    r["coordList"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|c| coord(c).unwrap())
                        .collect::<Vec<_>>()
                };
                match r["moveType"].as_i64().unwrap() {
                    0 => AgentMove::MoveAnt(path()),
                    1 => AgentMove::Build {
                        coords: path(),
                        kind: r["buildType"].as_i64(),
                    },
                    _ => AgentMove::End,
                }
            }
            fn get_attack(
                &mut self,
                view: &View,
                _: &reantics::AntInfo,
                targets: &[Coord],
            ) -> Coord {
                // The original passes the attacker in absolute coordinates.
                let at = view.abs(view.pending_attacker().unwrap().coords);
                let req = json!({"request": "attack", "state": state_json(view), "attacker": [at.x, at.y], "targets": coords_json(targets)});
                coord(&answer(&mut self.0, &req.to_string()).unwrap()["coords"]).unwrap()
            }
        }
        let mut remote = Remote(reantics::MctsAnt::new(std::time::Duration::from_millis(5)));
        let mut opponent = baselines::baseline("Complex Food Gatherer").unwrap();
        let options = GameOptions {
            cap: 120,
            ..GameOptions::default()
        };
        let record = play_game([&mut *opponent, &mut remote], &options, &mut |_, _| {});
        assert_ne!(
            record.end.reason,
            reantics::EndReason::IllegalAction,
            "{:?}",
            record.illegal
        );
        assert!(answer(&mut remote.0, "not json").is_err());
        assert!(answer(&mut remote.0, r#"{"request":"move","state":{"phase":7}}"#).is_err());
    }
}
