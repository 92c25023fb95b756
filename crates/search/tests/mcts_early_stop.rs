//! Early termination of [`search::mcts::Mcts`]: it stops only when more
//! iterations could no longer change its answer.

use gamecore::testkit::games::{CoarseHashEval, Pebbles};
use gamecore::{Budget, Game, MoveList, Player};
use search::mcts::{EarlyStop, Mcts, MctsOptions, MctsResult};
use std::time::Duration;

fn run(
    start: &Pebbles,
    seed: u64,
    cap: u64,
    early_stop: EarlyStop,
) -> MctsResult<<Pebbles as Game>::Move> {
    let mut mcts = Mcts::new(
        CoarseHashEval { levels: 5 },
        MctsOptions {
            iterations: Some(cap),
            seed,
            early_stop,
            ..MctsOptions::default()
        },
    );
    mcts.search(start, &Budget::unlimited())
}

/// The moves of the root's side at the head of the line (a multi-move turn).
fn turn(result: &MctsResult<<Pebbles as Game>::Move>) -> Vec<u8> {
    let me = result.pv.first().map(|p| p.0);
    result
        .pv
        .iter()
        .take_while(|(p, _)| Some(*p) == me)
        .map(|(_, m)| m.0)
        .collect()
}

/// Positions reached from `Pebbles::new(pile)` by every sequence of moves.
fn positions(pile: u8) -> Vec<Pebbles> {
    let mut out = vec![Pebbles::new(pile)];
    let mut i = 0;
    let mut moves = MoveList::new();
    while i < out.len() {
        let s = out[i].clone();
        i += 1;
        if s.outcome().is_some() {
            continue;
        }
        s.legal_moves(&mut moves);
        for &m in moves.iter() {
            let mut t = s.clone();
            t.play_unchecked(m);
            if !out.contains(&t) {
                out.push(t);
            }
        }
    }
    out
}

#[test]
fn an_early_stop_under_a_cap_returns_the_full_runs_answer() {
    let cap = 3000;
    for mode in [EarlyStop::Root, EarlyStop::Line] {
        let mut early = 0;
        let mut runs = 0;
        for pile in 4..=24 {
            for seed in 1..=4 {
                let start = Pebbles::new(pile);
                let full = run(&start, seed, cap, EarlyStop::Off);
                let cut = run(&start, seed, cap, mode);
                assert_eq!(full.iterations, cap);
                assert!(!full.stopped_early);
                assert_eq!(cut.stopped_early, cut.iterations < cap);
                assert_eq!(
                    cut.best_move, full.best_move,
                    "{mode:?} pile {pile} seed {seed}"
                );
                if mode == EarlyStop::Line {
                    assert_eq!(turn(&cut), turn(&full), "pile {pile} seed {seed}");
                }
                runs += 1;
                if cut.stopped_early {
                    early += 1;
                }
            }
        }
        // The check must actually fire, or this test proves nothing.
        assert!(
            early >= runs / 4,
            "{mode:?}: only {early} of {runs} runs stopped early"
        );
    }
}

#[test]
fn line_mode_stops_no_sooner_than_root_mode() {
    for pile in 4..=24 {
        for seed in 1..=3 {
            let start = Pebbles::new(pile);
            let root = run(&start, seed, 3000, EarlyStop::Root);
            let line = run(&start, seed, 3000, EarlyStop::Line);
            assert!(
                line.iterations >= root.iterations,
                "pile {pile} seed {seed}"
            );
        }
    }
}

#[test]
fn a_time_budget_is_cut_short_only_when_the_answer_is_clear() {
    // One legal move (pile 1): decided at the first check.
    let mut mcts = Mcts::new(
        CoarseHashEval { levels: 5 },
        MctsOptions {
            early_stop: EarlyStop::Line,
            ..MctsOptions::default()
        },
    );
    let budget = Budget::new(Duration::from_secs(30), Duration::from_secs(30));
    let started = std::time::Instant::now();
    let r = mcts.search(&Pebbles::new(1), &budget);
    assert!(r.stopped_early);
    assert!(r.iterations <= 16);
    assert!(started.elapsed() < Duration::from_secs(5));
    // Without a budget or a cap a real choice is never "decided".
    let mut mcts = Mcts::new(
        CoarseHashEval { levels: 5 },
        MctsOptions {
            early_stop: EarlyStop::Root,
            iterations: Some(20_000),
            ..MctsOptions::default()
        },
    );
    let r = mcts.search(&Pebbles::new(20), &Budget::unlimited());
    assert!(
        r.iterations < 20_000,
        "a cap is a budget: this one stops early"
    );
    let mut unbounded = Mcts::new(
        CoarseHashEval { levels: 5 },
        MctsOptions {
            early_stop: EarlyStop::Root,
            ..MctsOptions::default()
        },
    );
    let budget = Budget::new(Duration::from_millis(150), Duration::from_millis(150));
    let r = unbounded.search(&Pebbles::new(20), &budget);
    assert!(r.best_move.is_some());
}

#[test]
fn moves_that_lose_at_once_are_no_rivals() {
    // Find positions where every legal move but one ends the game in a loss
    // for the mover: the search has a single sensible option.
    let mut found = 0;
    for s in positions(14) {
        if s.outcome().is_some() {
            continue;
        }
        let me = s.side_to_move();
        let mut moves = MoveList::new();
        s.legal_moves(&mut moves);
        let losing = moves
            .iter()
            .filter(|&&m| {
                let mut t = s.clone();
                t.play_unchecked(m);
                t.outcome().is_some_and(|o| o.winner() == Some(me.other()))
            })
            .count();
        if moves.len() < 2 || losing != moves.len() - 1 {
            continue;
        }
        found += 1;
        for mode in [EarlyStop::Root, EarlyStop::Line] {
            let mut mcts = Mcts::new(
                CoarseHashEval { levels: 5 },
                MctsOptions {
                    early_stop: mode,
                    iterations: Some(1_000_000),
                    ..MctsOptions::default()
                },
            );
            let r = mcts.search(&s, &Budget::unlimited());
            let mut after = s.clone();
            after.play_unchecked(r.best_move.unwrap());
            assert!(
                after
                    .outcome()
                    .is_none_or(|o| o.winner() != Some(me.other())),
                "picked a losing move"
            );
            if mode == EarlyStop::Root {
                assert!(
                    r.stopped_early && r.iterations <= 16,
                    "{mode:?}: {} iterations",
                    r.iterations
                );
            }
        }
        let _ = Player::First;
    }
    assert!(found > 0, "no such position: the test proves nothing");
}
