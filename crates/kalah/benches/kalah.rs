//! Criterion benchmarks: move generation, search speed, and the exact solve
//! of Kalah(6,3). Each benchmark checks its answer, so a broken optimisation
//! cannot look fast.
//!
//! Run: `cargo bench -p gameai-kalah` (add `-- solve` for the solver alone).

use criterion::{criterion_main, BenchmarkId, Criterion, Throughput};
use gamecore::{Budget, Game, MoveList};
use kalah::{KalahEval, Position, Rules, SmartAgent, SolveOptions, Solver};
use search::{Search, SearchLimits};
use std::hint::black_box;

/// Fixed, varied positions: the start and seeded random middle games.
fn positions(rules: Rules) -> Vec<Position> {
    let start = Position::start(6, 4, rules);
    let mut list = vec![start.clone()];
    for seed in 0..7u64 {
        let p = gamecore::testkit::random_position(&start, 6 + 4 * seed as u32, seed);
        if !p.is_over() {
            list.push(p);
        }
    }
    list
}

fn move_generation(c: &mut Criterion) {
    let list = positions(Rules::Cs32);
    let mut group = c.benchmark_group("movegen");
    // perft(4) over the list: generation plus playing every move.
    let nodes: u64 = list.iter().map(|p| gamecore::perft(p, 4)).sum();
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("perft4", |b| {
        b.iter(|| {
            let total: u64 = list.iter().map(|p| gamecore::perft(black_box(p), 4)).sum();
            assert_eq!(total, nodes);
        })
    });
    group.bench_function("legal_moves", |b| {
        let mut moves = MoveList::new();
        b.iter(|| {
            for p in &list {
                p.legal_moves(&mut moves);
                black_box(&moves);
            }
        })
    });
    group.finish();
}

/// The generic search and SmartPlayer's own, to fixed depths.
fn search_speed(c: &mut Criterion) {
    let list = positions(Rules::Cs32);
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for depth in [6u32, 10] {
        group.bench_with_input(BenchmarkId::new("depth", depth), &depth, |b, &depth| {
            b.iter(|| {
                let mut nodes = 0;
                for p in &list {
                    let mut search = Search::new(
                        KalahEval::new(),
                        kalah::smart_search_options().with_tt_mib(8),
                    );
                    let result = search.search(p, &SearchLimits::depth(depth));
                    assert!(result.best_move.is_some());
                    nodes += result.stats.nodes;
                }
                nodes
            })
        });
    }
    // SmartPlayer's own search (each extra turn costs no depth there, so
    // its depths are not comparable with the generic search's).
    for depth in [8u32, 12] {
        group.bench_with_input(
            BenchmarkId::new("smart_depth", depth),
            &depth,
            |b, &depth| {
                b.iter(|| {
                    let mut nodes = 0;
                    for p in &list {
                        let mut agent = SmartAgent::with_evaluator(KalahEval::new())
                            .with_max_depth(Some(depth));
                        let result = agent.analyze(p, &Budget::unlimited()).expect("live");
                        assert!(result.best_move.is_some());
                        nodes += result.stats.nodes;
                    }
                    nodes
                })
            },
        );
    }
    group.finish();
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    for (rules, expected) in [
        (Rules::Standard, 2),
        (Rules::EmptyCapture, 2),
        (Rules::Cs32, 2),
    ] {
        // Each iteration builds a 12-bean endgame database (2.7 million
        // positions) and a fresh table, then solves.
        let start = Position::start(6, 3, rules);
        group.bench_function(BenchmarkId::new("6x3", rules.as_str()), |b| {
            b.iter(|| {
                let mut solver = Solver::new(
                    6,
                    rules,
                    SolveOptions::default()
                        .with_tt_log2(22)
                        .with_endgame_beans(12),
                );
                let report = solver.solve(&start).unwrap();
                assert_eq!(report.south_value(), expected);
                report.nodes
            })
        });
    }
    group.finish();
}

/// Runs every group with the command line's filters (what `criterion_group!`
/// would generate, written out so that it carries a doc comment).
fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    move_generation(&mut criterion);
    search_speed(&mut criterion);
    solve(&mut criterion);
}

criterion_main!(benches);
