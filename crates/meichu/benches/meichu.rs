//! Benchmarks: move generation (the crate's sentinel mailbox, and bitboard
//! ray casts for comparison), perft, search nodes per second, and time to
//! depth with and without the history malus.
//!
//! ```sh
//! cargo bench -p gameai-meichu
//! ```
//!
//! The ray generator below is a second implementation of the same rules on
//! the `u128` bitboards (the crate's first generator), kept here to measure
//! the idea we did not keep for generation; the benchmark checks that it
//! lists the same moves in the same order as the crate's mailbox generator.

use criterion::{criterion_main, BatchSize, BenchmarkId, Criterion, Throughput};
use gamecore::testkit::random_position;
use gamecore::{perft, MoveList};
use meichu::{Color, MeichuEval, Position, Square};
use search::{Search, SearchLimits, SearchOptions};
use std::hint::black_box;

/// Positions: the start and random positions 10, 30 and 60 plies in.
fn positions() -> Vec<(String, Position)> {
    let start = Position::start();
    let mut list = vec![("start".to_owned(), start)];
    for plies in [10, 30, 60] {
        list.push((
            format!("random{plies}"),
            random_position(&start, plies, plies as u64),
        ));
    }
    list
}

/// The representation we measured against: rook rays precomputed per square
/// and direction as `u128` masks, the first blocker found by a bit scan.
struct Rays {
    rays: [[u128; 81]; 4],
}

impl Rays {
    fn new() -> Rays {
        let mut rays = [[0u128; 81]; 4];
        let steps = [(-1i32, 0i32), (1, 0), (0, -1), (0, 1)];
        for (direction, (dx, dy)) in rays.iter_mut().zip(steps) {
            for (sq, ray) in direction.iter_mut().enumerate() {
                let (mut x, mut y) = (sq as i32 / 9 + dx, sq as i32 % 9 + dy);
                while (0..9).contains(&x) && (0..9).contains(&y) {
                    *ray |= 1u128 << (x * 9 + y);
                    x += dx;
                    y += dy;
                }
            }
        }
        Rays { rays }
    }

    /// Lists the legal moves of the side to move, in the crate's order.
    fn generate(&self, position: &Position, out: &mut Vec<(u8, u8)>) -> usize {
        out.clear();
        let us = position.side_to_move();
        let them = us.other();
        let budget = position.budget(us);
        let flags = Square::new(0, 4).bit() | Square::new(8, 4).bit();
        let occupied = position.soldiers(us)
            | position.soldiers(them)
            | position.barriers(us)
            | position.barriers(them)
            | flags;
        let enemy_flag = if us == Color::Black {
            Square::new(0, 4).bit()
        } else {
            Square::new(8, 4).bit()
        };
        let targets =
            position.soldiers(them) | position.barriers(them) | position.barriers(us) | enemy_flag;
        let mut soldiers = position.soldiers(us);
        while soldiers != 0 {
            let from = soldiers.trailing_zeros() as usize;
            soldiers &= soldiers - 1;
            for (d, step) in [-9isize, 9, -1, 1].into_iter().enumerate() {
                let ray = self.rays[d][from];
                let hits = ray & occupied;
                let (empty, blocker) = if hits == 0 {
                    (ray, None)
                } else {
                    let b = if step > 0 {
                        hits.trailing_zeros() as usize
                    } else {
                        127 - hits.leading_zeros() as usize
                    };
                    (ray ^ self.rays[d][b] ^ (1u128 << b), Some(b))
                };
                let reach = (empty.count_ones() as i32).min(budget - 1);
                let mut to = from as isize;
                for _ in 0..reach {
                    to += step;
                    out.push((from as u8, to as u8));
                }
                if let Some(b) = blocker {
                    if targets & (1u128 << b) != 0 {
                        let distance = empty.count_ones() as i32 + 1;
                        let extra = if position.barriers(them) & (1u128 << b) != 0 {
                            3
                        } else {
                            0
                        };
                        if 1 + distance + extra <= budget {
                            out.push((from as u8, b as u8));
                        }
                    }
                }
            }
        }
        out.len()
    }
}

fn move_generation(c: &mut Criterion) {
    let mut group = c.benchmark_group("movegen");
    let rays = Rays::new();
    for (name, position) in positions() {
        let mut moves = MoveList::new();
        position.generate_moves(&mut moves);
        let expected = moves.len();
        let mut ray_moves = Vec::with_capacity(128);
        rays.generate(&position, &mut ray_moves);
        let listed: Vec<(u8, u8)> = moves
            .iter()
            .map(|m| (m.from.index() as u8, m.to.index() as u8))
            .collect();
        assert_eq!(listed, ray_moves, "{name}: the ray generator disagrees");
        group.throughput(Throughput::Elements(expected as u64));
        group.bench_with_input(BenchmarkId::new("mailbox", &name), &position, |b, p| {
            b.iter(|| {
                black_box(p).generate_moves(&mut moves);
                assert_eq!(moves.len(), expected);
            })
        });
        group.bench_with_input(
            BenchmarkId::new("bitboard_rays", &name),
            &position,
            |b, p| b.iter(|| assert_eq!(rays.generate(black_box(p), &mut ray_moves), expected)),
        );
    }
    group.finish();
}

fn perft_start(c: &mut Criterion) {
    let start = Position::start();
    let nodes = perft(&start, 3);
    let mut group = c.benchmark_group("perft");
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("start_depth3", |b| {
        b.iter(|| assert_eq!(perft(black_box(&start), 3), nodes))
    });
    group.finish();
}

fn search_nodes(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    for (name, position) in positions() {
        // Measure the node count once, then report nodes per second.
        let mut probe = Search::new(
            MeichuEval::default(),
            SearchOptions::default().with_tt_mib(16),
        );
        let nodes = probe.search(&position, &SearchLimits::depth(5)).stats.nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("depth5", &name), &position, |b, p| {
            b.iter(|| {
                let mut search = Search::new(
                    MeichuEval::default(),
                    SearchOptions::default().with_tt_mib(16),
                );
                let result = search.search(black_box(p), &SearchLimits::depth(5));
                assert_eq!(result.stats.nodes, nodes);
                result.best_move
            })
        });
    }
    group.finish();
}

/// Time to depth 7 with the history malus (the engine's setting) and
/// without, the table allocated outside the timing: the ordering change it
/// makes is worth its cost only if the searches get faster.
fn history_malus(c: &mut Criterion) {
    let mut group = c.benchmark_group("history_malus");
    group.sample_size(10);
    for (name, position) in positions() {
        for (label, malus) in [("off", false), ("on", true)] {
            let options = SearchOptions::default()
                .with_tt_mib(16)
                .with_history_malus(malus);
            group.bench_with_input(
                BenchmarkId::new(format!("depth7_{label}"), &name),
                &position,
                |b, p| {
                    b.iter_batched(
                        || Search::new(MeichuEval::default(), options),
                        |mut search| {
                            search
                                .search(black_box(p), &SearchLimits::depth(7))
                                .best_move
                        },
                        BatchSize::LargeInput,
                    )
                },
            );
        }
    }
    group.finish();
}

/// Runs every group with the command line's filters (what `criterion_group!`
/// would generate, written out so that it carries a doc comment).
fn benches() {
    let mut criterion = Criterion::default().configure_from_args();
    move_generation(&mut criterion);
    perft_start(&mut criterion);
    search_nodes(&mut criterion);
    history_malus(&mut criterion);
}

criterion_main!(benches);
