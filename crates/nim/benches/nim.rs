//! Benchmarks: exact solves with a fresh search each iteration (checked
//! against the dynamic program), and depth-limited search throughput.
//!
//! Run: `cargo bench -p gameai-nim` (a filter such as `cargo bench -p gameai-nim -- solve/1000`
//! picks one). Everything runs on a thread with a 1 GiB stack, because a
//! full-depth solve of 1000 × 1000 recurses 2000 plies.

use criterion::{BenchmarkId, Criterion, Throughput};
use gamecore::testkit::random_position;
use gamecore::Player;
use nim::{exact_agent, search_options, Count, NimEval, RedBlueNim, Solution, Version};
use search::{Search, SearchLimits};
use std::hint::black_box;
use std::time::Duration;

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("solve");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    for size in [300 as Count, 1000] {
        for version in Version::BOTH {
            let state = RedBlueNim::new(size, size, version);
            let expected = 2 * Solution::new(size, size, version)
                .value(size, size)
                .expect("in the table");
            group.bench_with_input(
                BenchmarkId::new(size.to_string(), version),
                &state,
                |b, state| {
                    b.iter(|| {
                        // A fresh agent: a new, empty table every iteration.
                        let result = exact_agent().analyse(black_box(state));
                        assert_eq!(result.proven_margin(), Some(expected), "{state}");
                        result.best_move
                    })
                },
            );
        }
    }
    group.finish();
}

fn depth_limited(c: &mut Criterion) {
    let mut group = c.benchmark_group("depth_limited");
    let positions: Vec<RedBlueNim> = (0..16)
        .map(|seed| {
            let version = Version::BOTH[seed as usize % 2];
            let start = RedBlueNim::new(500, 400, version).with_side_to_move(Player::Second);
            random_position(&start, 200, seed)
        })
        .collect();
    // A fresh 1 MiB table per position: a depth-32 search visits at most a
    // few thousand positions, and a bigger table would time its allocation.
    let options = search_options(&RedBlueNim::new(0, 0, Version::Standard));
    let search_one = |state: &RedBlueNim, depth: u32| {
        Search::new(NimEval, options).search(state, &SearchLimits::depth(depth))
    };
    for depth in [4, 8, 16, 32] {
        // Count the nodes once, for the throughput figure.
        let nodes: u64 = positions
            .iter()
            .map(|state| search_one(state, depth).stats.nodes)
            .sum();
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::from_parameter(depth), &depth, |b, &depth| {
            b.iter(|| {
                for state in &positions {
                    let result = search_one(black_box(state), depth);
                    black_box(result.best_move.expect("a live position"));
                }
            })
        });
    }
    group.finish();
}

fn main() {
    let worker = std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(|| {
            let mut criterion = Criterion::default().configure_from_args();
            solve(&mut criterion);
            depth_limited(&mut criterion);
            criterion.final_summary();
        })
        .expect("spawn the benchmark thread");
    worker.join().expect("the benchmarks finished");
}
