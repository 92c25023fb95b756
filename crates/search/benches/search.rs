//! Time to a fixed depth of [`search::Search`] alone, on Pebbles (the
//! testkit game with extra turns) with a coarse hash evaluator, so that ties
//! and cut-offs are frequent.
//!
//! - Groups `pebbles/depth8` and `pebbles/depth14`: seeded positions, each
//!   searched with the default options (1 MiB table) and without a table
//!   (`no-table`: alpha-beta, PVS and ordering alone; Pebbles transposes so
//!   much that the table makes the tree tiny).
//! - Group `pebbles/solve`: exhaustive searches to the end of the game.
//! - Criterion reports nodes per second through `Throughput::Elements(nodes)`.
//! - Before each measured search the searcher's table, killers and history
//!   are cleared outside the timed part (`iter_custom`), so no run profits
//!   from an earlier one.
//! - Each answer is checked once before measuring: fixed-depth values against
//!   plain negamax ([`search::reference::negamax`]) at the same depth, solved
//!   margins against a small dynamic program. Every measured run must repeat
//!   the node count: a broken optimisation cannot look fast.
//!
//! `cargo bench -p gameai-search` (add `-- solve` to run one group).

use criterion::measurement::WallTime;
use criterion::{criterion_main, BenchmarkGroup, Criterion, Throughput};
use gamecore::testkit::games::{CoarseHashEval, Pebbles};
use gamecore::testkit::random_position;
use search::{Search, SearchLimits, SearchOptions};
use std::time::{Duration, Instant};

const EVALUATOR: CoarseHashEval = CoarseHashEval { levels: 64 };

/// Seeded positions with enough pebbles that no game end is within reach at
/// depth 14 (at most 3 pebbles per ply), plus one whose end is within reach.
fn positions() -> Vec<(String, Pebbles)> {
    let mut positions = vec![("start60".to_owned(), Pebbles::new(60))];
    for seed in [1_u64, 2] {
        let state = random_position(&Pebbles::new(60), 4, seed);
        positions.push((format!("seed{seed}-pile{}", state.pile()), state));
    }
    positions.push(("start12".to_owned(), Pebbles::new(12)));
    positions
}

/// Returns the margin the player to move gets with best play from a fresh
/// pile of `pile` pebbles (nobody has taken any yet), by dynamic programming.
fn solved_margin(pile: u8) -> i32 {
    let mut margin = vec![0_i32; usize::from(pile) + 1];
    for p in 1..=usize::from(pile) {
        margin[p] = (1..=p.min(3))
            .map(|take| {
                let gain = take as i32;
                if take == p {
                    gain + 3
                } else if take == 2 {
                    gain + margin[p - take]
                } else {
                    gain - margin[p - take]
                }
            })
            .max()
            .expect("a pile of at least one pebble has a move");
    }
    margin[usize::from(pile)]
}

/// Benchmarks one search of `state` within `limits` as `id` in `group`,
/// clearing the searcher before every run; `nodes` is the expected count.
fn bench_search(
    group: &mut BenchmarkGroup<'_, WallTime>,
    id: &str,
    mut search: Search<Pebbles, CoarseHashEval>,
    state: &Pebbles,
    limits: SearchLimits,
    nodes: u64,
) {
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(id, |b| {
        b.iter_custom(|iters| {
            (0..iters)
                .map(|_| {
                    search.clear();
                    let started = Instant::now();
                    let result = search.search(state, &limits);
                    let elapsed = started.elapsed();
                    assert_eq!(result.stats.nodes, nodes, "a cleared search repeats itself");
                    elapsed
                })
                .sum()
        });
    });
}

fn time_to_depth(c: &mut Criterion) {
    let option_sets = [
        ("table", SearchOptions::default().with_tt_mib(1)),
        ("no-table", SearchOptions::default().with_tt_mib(0)),
    ];
    for depth in [8_u32, 14] {
        let mut group = c.benchmark_group(format!("pebbles/depth{depth}"));
        for (name, state) in positions() {
            let expected = search::reference::negamax(&state, &EVALUATOR, depth, true);
            for (options_name, options) in option_sets {
                let mut search = Search::new(EVALUATOR, options);
                let limits = SearchLimits::depth(depth);
                let result = search.search(&state, &limits);
                assert_eq!(
                    result.value, expected,
                    "{name} {options_name} depth {depth}"
                );
                let id = format!("{options_name}/{name}");
                println!(
                    "pebbles/depth{depth}/{id}: value {} nodes {}",
                    result.value, result.stats.nodes
                );
                bench_search(&mut group, &id, search, &state, limits, result.stats.nodes);
            }
        }
        group.finish();
    }
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("pebbles/solve");
    for pile in [24_u8, 30, 60] {
        let state = Pebbles::new(pile);
        let mut search = Search::new(EVALUATOR, SearchOptions::default().with_tt_mib(1));
        let limits = SearchLimits::exhaustive();
        let result = search.search(&state, &limits);
        assert!(result.exact, "pile {pile} solved");
        assert_eq!(
            result.proven_margin(),
            Some(solved_margin(pile)),
            "pile {pile}"
        );
        println!(
            "pebbles/solve/pile{pile}: {} nodes {}",
            result.value, result.stats.nodes
        );
        let id = format!("pile{pile}");
        bench_search(&mut group, &id, search, &state, limits, result.stats.nodes);
    }
    group.finish();
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(2))
}

/// Runs every group of this file with the configuration above and the
/// command line's filters (what `criterion_group!` would generate, written
/// out so that it carries a doc comment).
fn benches() {
    let mut criterion = config().configure_from_args();
    time_to_depth(&mut criterion);
    solve(&mut criterion);
}

criterion_main!(benches);
