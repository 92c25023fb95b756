//! Thread scaling of `search`'s parallel mode (Lazy SMP with deferred busy
//! children): time to a fixed depth with 1 and 2 threads, side by side in
//! one criterion group per position, on MeiChu and Kalah (generic search
//! with `KalahEval`). Each measured search starts from a fresh searcher and
//! table; only the search is timed (`iter_custom`). Before measuring, each
//! group checks that both thread counts return the same root value.
//!
//! `cargo bench -p benches --bench threads`; the one-run table of the README
//! comes from `cargo run --release -p benches --example threads`. Kalah's own
//! Smart search and solver have their thread benchmarks in the `kalah` crate's
//! `threads_speedup` example.

use benches::{kalah_fixtures, meichu_fixtures, run_threads, Fixture};
use criterion::{criterion_main, Criterion};
use gamecore::{Evaluator, Game};
use std::time::Duration;

fn scaling<G: Game, E: Evaluator<G>>(
    c: &mut Criterion,
    fixture: &Fixture<G>,
    eval: &E,
    tt_mib: usize,
) {
    let one = run_threads(&fixture.state, eval, fixture.depth, tt_mib, 1);
    let two = run_threads(&fixture.state, eval, fixture.depth, tt_mib, 2);
    assert_eq!(
        one.value, two.value,
        "{}: the value changed with threads",
        fixture.name
    );
    let mut group = c.benchmark_group(format!(
        "threads/{}/{}/depth{}",
        fixture.game, fixture.name, fixture.depth
    ));
    for threads in [1, 2] {
        group.bench_function(format!("{threads}-threads"), |b| {
            b.iter_custom(|iterations| {
                (0..iterations)
                    .map(|_| {
                        run_threads(&fixture.state, eval, fixture.depth, tt_mib, threads).elapsed
                    })
                    .sum()
            });
        });
    }
    group.finish();
}

fn meichu(c: &mut Criterion) {
    for fixture in meichu_fixtures() {
        let fixture = Fixture {
            depth: 6,
            ..fixture
        };
        scaling(c, &fixture, &meichu::MeichuEval::default(), 64);
    }
}

fn kalah(c: &mut Criterion) {
    for fixture in kalah_fixtures() {
        let fixture = Fixture {
            depth: 14,
            ..fixture
        };
        scaling(c, &fixture, &kalah::KalahEval::new(), 16);
    }
}

fn config() -> Criterion {
    Criterion::default()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(3))
}

/// Runs every group of this file with the configuration above and the
/// command line's filters (what `criterion_group!` would generate, written
/// out so that it carries a doc comment).
fn benches() {
    let mut criterion = config().configure_from_args();
    meichu(&mut criterion);
    kalah(&mut criterion);
}

criterion_main!(benches);
