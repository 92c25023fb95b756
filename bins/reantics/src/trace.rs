//! Game traces shared with the original program's runner
//! (`adapters/python/run_original.py`): every action of a game in absolute
//! coordinates with the engine's whole state after it, so that a game
//! played in one engine can be replayed in the other and compared state by
//! state.
//!
//! A trace is one JSON object, `{"format":"reantics-trace/1","engine":...,
//! "agents":[a,b],"winner":0|1|null,"reason":...,"steps":[...]}`. A step is
//! one answer of an agent: `{"player":p,"place":[[x,y],...]}` (one
//! `getPlacement` list), `{"player":p,"move":[[x,y],...]}` (a MOVE_ANT path,
//! with `"attack":[x,y]` when the move's mandatory attack followed),
//! `{"player":p,"build":t}` or `{"player":p,"end":true}`, and `"state"`: the
//! state once the step (its attack included) is applied:
//! `{"phase","whoseTurn","food":[f0,f1],"ants":[[[x,y,type,health,carrying,
//! hasMoved],...] ×2],"anthill":[[x,y,captureHealth]|null ×2],"tunnel":[...],
//! "neutral":[[x,y,type],...]}`, ants in creation order (the order of the
//! original's engine state), grass and food sorted by cell.

use gamecore::{Game, Player};
use reantics::{
    Action, AgentMove, AntAgent, AntType, ConstrType, Coord, EndReason, GameRecord, Phase, State,
    View,
};
use serde_json::{json, Value};

/// The format tag every trace carries.
pub const FORMAT: &str = "reantics-trace/1";

/// The state after a step, in the trace's form.
pub fn state_json(s: &State) -> Value {
    let phase = match s.phase() {
        Phase::Setup1 => 1,
        Phase::Setup2 => 2,
        Phase::Play => 3,
    };
    let ants = |p: Player| -> Value {
        s.ants(p)
            .iter()
            .map(|a| {
                json!([
                    a.coords.x,
                    a.coords.y,
                    a.kind.id(),
                    a.health,
                    a.carrying,
                    a.has_moved
                ])
            })
            .collect()
    };
    let building = |at: Option<Coord>, health: i8| -> Value {
        at.map_or(Value::Null, |c| json!([c.x, c.y, health]))
    };
    let mut neutral: Vec<(i8, i8, i32)> = (0..100)
        .map(Coord::from_index)
        .filter_map(|c| match s.constr_at(c) {
            Some(ConstrType::Grass) => Some((c.x, c.y, -2)),
            Some(ConstrType::Food) => Some((c.x, c.y, -1)),
            _ => None,
        })
        .collect();
    neutral.sort_unstable();
    json!({
        "phase": phase,
        "whoseTurn": s.whose_turn().index(),
        "food": [s.food(Player::First), s.food(Player::Second)],
        "ants": [ants(Player::First), ants(Player::Second)],
        "anthill": [
            building(s.anthill(Player::First), s.anthill_health(Player::First)),
            building(s.anthill(Player::Second), s.anthill_health(Player::Second)),
        ],
        "tunnel": [
            building(s.tunnel(Player::First), s.tunnel_health(Player::First)),
            building(s.tunnel(Player::Second), s.tunnel_health(Player::Second)),
        ],
        "neutral": neutral.iter().map(|&(x, y, t)| json!([x, y, t])).collect::<Vec<_>>(),
    })
}

fn coord_json(c: Coord) -> Value {
    json!([c.x, c.y])
}

/// The trace of a game our engine played: its actions replayed from the
/// start with the state after every step.
pub fn of_record(record: &GameRecord, agents: [&str; 2], seed: u64) -> Value {
    let mut state = State::with_cap(u32::MAX);
    let mut steps: Vec<Value> = Vec::new();
    for &action in &record.actions {
        let player = state.whose_turn().index();
        let same_placement = matches!(action, Action::Place(_))
            && steps
                .last()
                .is_some_and(|s: &Value| s["player"] == json!(player) && s.get("place").is_some());
        match action {
            Action::Place(c) if same_placement => {
                let last = steps.last_mut().expect("a placement step");
                last["place"]
                    .as_array_mut()
                    .expect("a list")
                    .push(coord_json(c));
            }
            Action::Place(c) => steps.push(json!({"player": player, "place": [coord_json(c)]})),
            Action::Move { from, to } => {
                let path = state.path_to(from, to).unwrap_or_else(|| vec![from]);
                let path: Vec<Value> = path.into_iter().map(coord_json).collect();
                steps.push(json!({"player": player, "move": path}));
            }
            Action::Attack(c) => {
                if let Some(last) = steps.last_mut() {
                    last["attack"] = coord_json(c);
                }
            }
            Action::Build(t) => steps.push(json!({"player": player, "build": t.id()})),
            Action::End => steps.push(json!({"player": player, "end": true})),
        }
        state.play_unchecked(action);
        if let Some(last) = steps.last_mut() {
            last["state"] = state_json(&state);
        }
    }
    json!({
        "format": FORMAT,
        "engine": "gameai",
        "agents": agents,
        "seed": seed,
        "winner": record.end.winner.map(|w| w.index()),
        "reason": reason_code(record.end.reason),
        "steps": steps,
    })
}

/// Compares the state our agent server rebuilds from what `RustAgent.py`
/// sent (`sent`, the original's clone in the agent's view) with the view of
/// the engine's state. They must be equal, the ants' creation order
/// included, which the adapter recovers from their `UniqueID`s.
fn translation_differs(state: &State, sent: &Value) -> Option<String> {
    let rebuilt = match crate::protocol::parse_state(sent) {
        Ok(view) => view,
        Err(e) => {
            return Some(format!(
                "our server refuses the state the adapter sent: {e}"
            ))
        }
    };
    if state.phase() == Phase::Setup1 && state.whose_turn() == Player::Second {
        // The original's clone for this request still lists Player 1's
        // buildings and grass in its inventories (spec §4); our views hide
        // them, and our agent's layout does not look at them.
        return None;
    }
    let truth = View::new(state, rebuilt.me());
    let (ours, theirs) = (state_json(rebuilt.state()), state_json(truth.state()));
    let object = theirs.as_object()?;
    object
        .keys()
        .find(|k| ours[k.as_str()] != theirs[k.as_str()])
        .map(|k| {
            format!(
                "the adapter's translation differs in {k}: rebuilt {}, the engine {}",
                ours[k.as_str()],
                theirs[k.as_str()]
            )
        })
}

/// The short name of why a game ended, as the runner writes it.
pub fn reason_code(reason: EndReason) -> &'static str {
    match reason {
        EndReason::QueenKilled => "queen",
        EndReason::AnthillCaptured => "anthill",
        EndReason::Food => "food",
        EndReason::Starvation => "starvation",
        EndReason::IllegalAction => "illegal",
        EndReason::Timeout => "timeout",
        EndReason::TurnCap => "cap",
    }
}

/// [`Check::stopped`]: the trace's agent drew a random number.
pub const STOPPED_AT_RANDOM: &str =
    "stopped at an answer for which the original agent drew a random number";

/// [`Check::stopped`]: the trace's agent instance had played earlier games.
pub const STOPPED_REUSED: &str =
    "skipped: the original agent had played earlier games (run_original.py --fresh-agents avoids this)";

/// What replaying a trace through our engine found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Check {
    /// States compared and equal.
    pub states: usize,
    /// The first difference, if any.
    pub difference: Option<String>,
    /// Why the port check stopped before the end of the trace, if it did:
    /// the trace's agent drew a random number (a port cannot repeat
    /// Python's draws), or it had played earlier games (its carried state is
    /// unknown).
    pub stopped: Option<&'static str>,
}

fn coord(v: &Value) -> Result<Coord, String> {
    let a = v
        .as_array()
        .filter(|a| a.len() == 2)
        .ok_or("a cell must be [x, y]")?;
    let n = |v: &Value| {
        v.as_i64()
            .and_then(|n| i8::try_from(n).ok())
            .ok_or("a cell must be [x, y]")
    };
    Ok(Coord::new(n(&a[0])?, n(&a[1])?))
}

fn coords(v: &Value) -> Result<Vec<Coord>, String> {
    v.as_array()
        .ok_or("a list of cells")?
        .iter()
        .map(coord)
        .collect()
}

/// Applies one step to `state`; `Err` when our engine refuses an action.
fn apply_step(state: &mut State, step: &Value) -> Result<(), String> {
    let player = step["player"].as_u64().ok_or("a step needs its player")?;
    if state.outcome().is_some() {
        return Err("the game is already over".into());
    }
    if player != state.whose_turn().index() as u64 {
        return Err(format!(
            "it is player {}'s turn",
            state.whose_turn().index()
        ));
    }
    let play = |state: &mut State, a: Action| {
        if state.is_legal(a) {
            state.play_unchecked(a);
            Ok(())
        } else {
            Err(format!("{a} is illegal"))
        }
    };
    if let Some(list) = step.get("place") {
        for c in coords(list)? {
            if state.phase() == Phase::Play || state.whose_turn().index() as u64 != player {
                break; // a longer list is truncated, as the original does
            }
            play(state, Action::Place(c))?;
        }
    } else if let Some(path) = step.get("move") {
        let action = state.check_path(&coords(path)?).map_err(|e| e.0)?;
        play(state, action)?;
        if let Some(target) = step.get("attack") {
            play(state, Action::Attack(coord(target)?))?;
        }
    } else if let Some(t) = step.get("build") {
        let kind = t
            .as_i64()
            .and_then(AntType::from_id)
            .ok_or("a build needs an ant type")?;
        play(state, Action::Build(kind))?;
    } else if step.get("end").is_some() {
        play(state, Action::End)?;
    } else {
        return Err(format!("an action our engine does not know: {step}"));
    }
    if state.pending_attacker().is_some() {
        return Err("our engine expects an attack the trace does not make".into());
    }
    Ok(())
}

/// Replays a trace through our engine, comparing the state after every
/// step with the trace's.
///
/// # Errors
/// A trace that is not one (wrong format tag, missing steps).
pub fn check(trace: &Value) -> Result<Check, String> {
    if trace["format"] != FORMAT {
        return Err(format!("not a {FORMAT} trace"));
    }
    let steps = trace["steps"].as_array().ok_or("a trace needs steps")?;
    let reason = trace["reason"].as_str().unwrap_or("");
    let mut state = State::with_cap(u32::MAX);
    let mut states = 0;
    let differ = |states: usize, text: String| {
        Ok(Check {
            states,
            difference: Some(text),
            stopped: None,
        })
    };
    for (i, step) in steps.iter().enumerate() {
        let last = i + 1 == steps.len();
        if let Some(sent) = step.get("sent") {
            if let Some(problem) = translation_differs(&state, sent) {
                return differ(states, format!("step {i} ({}): {problem}", describe(step)));
            }
        }
        if let Err(refused) = apply_step(&mut state, step) {
            if last && reason == "illegal" {
                // The original refused this action too: the mover lost.
                return Ok(Check {
                    states,
                    difference: None,
                    stopped: None,
                });
            }
            return differ(
                states,
                format!("step {i}: {refused} in our engine ({step})"),
            );
        }
        let ours = state_json(&state);
        for (key, theirs) in step["state"].as_object().ok_or("a step needs its state")? {
            if ours[key] != *theirs {
                return differ(
                    states,
                    format!(
                        "step {i} ({}): {key} differs: ours {}, the trace {theirs}",
                        describe(step),
                        ours[key]
                    ),
                );
            }
        }
        states += 1;
    }
    if reason == "illegal" {
        return differ(
            states,
            "the trace ends with an illegal action our engine accepted".into(),
        );
    }
    let ours = state.game_end().and_then(|e| e.winner).map(|w| w.index());
    let decided = matches!(reason, "queen" | "anthill" | "food" | "starvation");
    if decided && ours.map(|w| json!(w)) != Some(trace["winner"].clone()) {
        return differ(
            states,
            format!(
                "the winner differs: ours {ours:?}, the trace {}",
                trace["winner"]
            ),
        );
    }
    Ok(Check {
        states,
        difference: None,
        stopped: None,
    })
}

/// What one of our agents answered where a trace's agent answered
/// differently.
fn answer_differs(i: usize, step: &Value, ours: String, theirs: String) -> String {
    format!(
        "step {i} ({}): ours {ours}, the trace {theirs}",
        describe(step)
    )
}

/// Replays a trace through our engine and asks `agent` (a port of one of the
/// trace's agents, seated where that agent sat) for every answer that agent
/// gave: placements, moves and attack targets must be the same. Checks the
/// port rather than the rules; the first answer that differs is reported.
///
/// # Errors
/// A trace that is not one, or whose agents do not include `name`.
pub fn check_agent(trace: &Value, name: &str, agent: &mut dyn AntAgent) -> Result<Check, String> {
    if trace["format"] != FORMAT {
        return Err(format!("not a {FORMAT} trace"));
    }
    let steps = trace["steps"].as_array().ok_or("a trace needs steps")?;
    let seat = trace["agents"]
        .as_array()
        .and_then(|a| a.iter().position(|n| n == name))
        .ok_or_else(|| format!("{name} does not play in this trace"))?;
    let me = Player::BOTH[seat];
    if trace["instance_games"][seat]
        .as_u64()
        .is_some_and(|n| n > 0)
    {
        return Ok(Check {
            states: 0,
            difference: None,
            stopped: Some(STOPPED_REUSED),
        });
    }
    agent.new_game(trace["seed"].as_u64().unwrap_or(0));
    let mut state = State::with_cap(u32::MAX);
    let mut answers = 0;
    let differ = |answers: usize, text: String| {
        Ok(Check {
            states: answers,
            difference: Some(text),
            stopped: None,
        })
    };
    let view_coords = |view: &View, v: &Value| -> Result<Vec<Coord>, String> {
        Ok(coords(v)?.into_iter().map(|c| view.abs(c)).collect())
    };
    for (i, step) in steps.iter().enumerate() {
        let mine = step["player"].as_u64() == Some(seat as u64);
        if mine && step["random"] == true {
            return Ok(Check {
                states: answers,
                difference: None,
                stopped: Some(STOPPED_AT_RANDOM),
            });
        }
        if mine && state.outcome().is_none() {
            let view = View::new(&state, me);
            if let Some(list) = step.get("place") {
                let theirs = view_coords(&view, list)?;
                let ours = agent.get_placement(&view);
                answers += 1;
                if ours != theirs {
                    return differ(
                        answers - 1,
                        answer_differs(i, step, format!("{ours:?}"), format!("{theirs:?}")),
                    );
                }
            } else {
                let ours = agent.get_move(&view);
                let theirs = if let Some(path) = step.get("move") {
                    AgentMove::MoveAnt(view_coords(&view, path)?)
                } else if let Some(t) = step.get("build") {
                    let hill = state.anthill(me).map(|c| view.abs(c));
                    AgentMove::Build {
                        coords: hill.into_iter().collect(),
                        kind: t.as_i64(),
                    }
                } else {
                    AgentMove::End
                };
                answers += 1;
                if ours != theirs {
                    return differ(
                        answers - 1,
                        answer_differs(i, step, format!("{ours:?}"), format!("{theirs:?}")),
                    );
                }
            }
        }
        if let Some(target) = step.get("attack").filter(|_| mine) {
            // The attack comes after the move: ask with the move applied.
            let mut moved = state.clone();
            let path = coords(&step["move"])?;
            let action = moved.check_path(&path).map_err(|e| e.0)?;
            moved.play_unchecked(action);
            let view = View::new(&moved, me);
            if let (Some(attacker), Some(targets)) =
                (view.pending_attacker(), view.attack_targets())
            {
                let ours = agent.get_attack(&view, &attacker, &targets);
                let theirs = view.abs(coord(target)?);
                answers += 1;
                if ours != theirs {
                    return differ(
                        answers - 1,
                        answer_differs(
                            i,
                            step,
                            format!("attack {ours}"),
                            format!("attack {theirs}"),
                        ),
                    );
                }
            }
        }
        if apply_step(&mut state, step).is_err() {
            break; // the rules check reports refused actions
        }
    }
    Ok(Check {
        states: answers,
        difference: None,
        stopped: None,
    })
}

fn describe(step: &Value) -> String {
    let p = step["player"].as_u64().unwrap_or(0) + 1;
    for key in ["place", "move", "build", "end"] {
        if let Some(v) = step.get(key) {
            return format!("P{p} {key} {v}");
        }
    }
    format!("P{p} ?")
}

#[cfg(test)]
mod tests {
    use super::*;
    use reantics::{baselines, play_game, GameOptions};

    /// A game our engine played, written as a trace and checked against
    /// our engine again, agrees with itself state by state.
    #[test]
    fn our_traces_check_against_our_engine() {
        for (a, b, seed) in [
            ("Ralph", "Very Complex Food Gatherer", 3),
            ("Steve", "Random", 4),
            ("Anthill Attack AI", "Complex Food Gatherer", 5),
        ] {
            let mut x = baselines::baseline(a).expect("baseline");
            let mut y = baselines::baseline(b).expect("baseline");
            let options = GameOptions {
                seed,
                ..GameOptions::default()
            };
            let record = play_game([&mut *x, &mut *y], &options, &mut |_, _| {});
            let trace = of_record(&record, [a, b], seed);
            let checked = check(&trace).expect("a trace");
            assert_eq!(checked.difference, None, "{a} vs {b}");
            assert_eq!(checked.states, trace["steps"].as_array().unwrap().len());
            assert!(checked.states > 30, "{a} vs {b}: {} steps", checked.states);
        }
    }

    /// Games the original program played (recorded by
    /// `adapters/python/run_original.py --trace-dir`): our engine reaches
    /// the same state after every step, and our ports of the deterministic
    /// agents give the same answer at every request. The Very Complex Food
    /// Gatherer games pin the supply line's order: a worker that moves goes
    /// to the back of its line, as in the original's `AntPathCycle`.
    #[test]
    fn original_games_replay_in_our_engine_and_ports() {
        let traces = [
            include_str!("../tests/data/original/Very_Complex_Food_Gatherer-Nibble-g000.json"),
            include_str!("../tests/data/original/Booger-Very_Complex_Food_Gatherer-g000.json"),
            include_str!("../tests/data/original/Anthill_Attack_AI-Defensive_W__A_STAR-g000.json"),
        ];
        for text in traces {
            let trace: Value = serde_json::from_str(text).expect("JSON");
            let rules = check(&trace).expect("a trace");
            assert_eq!(rules.difference, None);
            assert_eq!(rules.states, trace["steps"].as_array().unwrap().len());
            for name in trace["agents"].as_array().unwrap() {
                let name = name.as_str().unwrap();
                if name == "Booger" {
                    continue; // it draws random numbers from the start
                }
                let mut port = baselines::baseline(name).expect("a port");
                let answers = check_agent(&trace, name, &mut *port).expect("a trace");
                assert_eq!(answers.difference, None, "{name}");
                assert_eq!(answers.stopped, None, "{name}");
                assert!(answers.states > 50, "{name}: {} answers", answers.states);
            }
        }
    }

    /// A trace whose recorded state disagrees with our engine is reported
    /// at that step.
    #[test]
    fn a_changed_state_is_found() {
        let mut x = baselines::baseline("Ralph").expect("baseline");
        let mut y = baselines::baseline("Booger").expect("baseline");
        let record = play_game([&mut *x, &mut *y], &GameOptions::default(), &mut |_, _| {});
        let mut trace = of_record(&record, ["Ralph", "Booger"], 0);
        trace["steps"][30]["state"]["food"] = json!([7, 7]);
        let checked = check(&trace).expect("a trace");
        assert_eq!(checked.states, 30);
        assert!(checked.difference.unwrap().contains("food differs"));
    }
}
