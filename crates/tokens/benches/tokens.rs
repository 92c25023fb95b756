//! Criterion benchmarks: the engine (board generation, applying actions,
//! whole games between seed bots) and our planner's time per decision.
//! Each benchmark checks its answer, so a broken optimisation cannot look
//! fast.
//!
//! Run: `cargo bench -p gameai-tokens` (add `-- planner` for the planner alone).

use criterion::{criterion_main, BenchmarkId, Criterion, Throughput};
use gamecore::{Game, Player};
use std::hint::black_box;
use tokens::bots::{Bot, HungryBot};
use tokens::tournament::play_kinds;
use tokens::{board_for_seed, Action, Board, BotKind, Planner};

/// Varied positions: seeded boards after a few plies of HungryBot self-play.
fn positions() -> Vec<Board> {
    (0..8u64)
        .map(|seed| {
            let mut board = board_for_seed(seed);
            let mut bots = [
                HungryBot::new(Player::First, seed),
                HungryBot::new(Player::Second, seed + 1),
            ];
            for _ in 0..(seed * 3) {
                if board.is_over() {
                    break;
                }
                let seat = board.to_move().index();
                let action = bots[seat].act(&board).unwrap_or(Action::Pass);
                board.step(action);
            }
            board
        })
        .filter(|b| !b.is_over())
        .collect()
}

fn engine(c: &mut Criterion) {
    let mut group = c.benchmark_group("engine");
    group.bench_function("generate_board", |b| {
        let mut rng = gamecore::seeded_rng(1);
        b.iter(|| {
            let board = Board::random(&mut rng);
            assert!(board.token_count() >= 1);
            black_box(board)
        })
    });
    // A fixed action cycle: moves, eats and passes; 1000 actions per iteration.
    let start = board_for_seed(3);
    let cycle = [
        Action::Right,
        Action::Eat,
        Action::Down,
        Action::Eat,
        Action::Left,
        Action::Pass,
        Action::Up,
        Action::Eat,
    ];
    group.throughput(Throughput::Elements(1000));
    group.bench_function("step_1000", |b| {
        b.iter(|| {
            let mut board = start.clone();
            for i in 0..1000 {
                if board.is_over() {
                    board = start.clone();
                }
                board.step(cycle[i % cycle.len()]);
            }
            assert_eq!(board.hash(), board.recompute_hash());
            black_box(board)
        })
    });
    group.throughput(Throughput::Elements(1));
    group.bench_function("hungry_vs_naive_game", |b| {
        let start = board_for_seed(5);
        let expected = play_kinds(&start, [BotKind::Hungry, BotKind::Naive], 1, false).scores;
        b.iter(|| {
            let result = play_kinds(
                black_box(&start),
                [BotKind::Hungry, BotKind::Naive],
                1,
                false,
            );
            assert_eq!(result.scores, expected);
        })
    });
    group.finish();
}

fn planner(c: &mut Criterion) {
    let mut group = c.benchmark_group("planner");
    group.sample_size(20);
    for (i, board) in positions().into_iter().enumerate().take(4) {
        group.bench_with_input(BenchmarkId::new("decision", i), &board, |b, board| {
            b.iter(|| {
                // A fresh planner searches (it keeps no plan yet).
                let mut planner = Planner::new(board.to_move());
                let action = planner.choose(black_box(board));
                assert_eq!(planner.stats().searches, 1);
                black_box(action)
            })
        });
    }
    group.finish();
}

/// Runs every group with the command line's filters (what `criterion_group!`
/// would generate, written out so that it carries a doc comment).
fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    engine(&mut criterion);
    planner(&mut criterion);
}

criterion_main!(benches);
