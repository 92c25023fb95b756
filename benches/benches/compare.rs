//! Our `search::Search` against the `minimax` crate (0.6) on the same game,
//! evaluator and fixed depth; one criterion group per position, with the
//! engines side by side:
//! - `ours`: `search::Search`, default options, 1 MiB table;
//! - `minimax-iterative`: `minimax::IterativeSearch`, default options, 1 MiB table;
//! - `minimax-negamax`: `minimax::Negamax`, plain alpha-beta.
//!
//! Each measured search starts from a fresh searcher; only the search is timed
//! (`iter_custom`). Before measuring, every group runs each engine once,
//! asserts that the root values agree where they must (Connect Four and
//! Red-Blue Nim, whose sides always alternate: the same score, or both a
//! proven win or loss) and prints the node counts.
//! Kalah has extra turns, which `minimax` counts as a move plus a forced pass,
//! so its groups compare time to the nominal depth only.
//!
//! `cargo bench -p benches` (add a filter such as `-- kalah` to run a part).

use benches::{
    connect4_fixtures, kalah_fixtures, nim_fixtures, run_minimax_iterative, run_minimax_negamax,
    run_ours, Fixture, Run,
};
use criterion::{criterion_main, Criterion};
use gamecore::testkit::games::CoarseHashEval;
use gamecore::{Evaluator, Game};
use std::time::Duration;

/// A runner of one engine: state, evaluator, depth → report.
type Runner<G, E> = fn(&G, &E, u32) -> Run;

fn compare<G: Game, E: Evaluator<G>>(
    c: &mut Criterion,
    fixture: &Fixture<G>,
    eval_name: &str,
    evaluator: &E,
) {
    let engines: [(&str, Runner<G, E>); 3] = [
        ("ours", run_ours::<G, E>),
        ("minimax-iterative", run_minimax_iterative::<G, E>),
        ("minimax-negamax", run_minimax_negamax::<G, E>),
    ];
    let group_name = format!(
        "{}/{}/{}/d{}",
        fixture.game, eval_name, fixture.name, fixture.depth
    );
    let engines_run = if fixture.plain_negamax { 3 } else { 2 };
    let engines = &engines[..engines_run];
    let checks: Vec<Run> = engines
        .iter()
        .map(|(_, run)| run(&fixture.state, evaluator, fixture.depth))
        .collect();
    if fixture.values_comparable {
        assert!(
            checks.iter().all(|run| run.verdict == checks[0].verdict),
            "{group_name}: root values differ: {checks:?}"
        );
    }
    println!(
        "{group_name}: nodes ours {} minimax-iterative {} (values {:?})",
        checks[0].nodes.unwrap_or(0),
        checks[1].nodes.unwrap_or(0),
        checks.iter().map(|run| run.value).collect::<Vec<_>>()
    );

    let mut group = c.benchmark_group(group_name);
    for &(name, run) in engines {
        group.bench_function(name, |b| {
            b.iter_custom(|iters| {
                (0..iters)
                    .map(|_| run(&fixture.state, evaluator, fixture.depth).elapsed)
                    .sum()
            });
        });
    }
    group.finish();
}

fn nim(c: &mut Criterion) {
    for fixture in nim_fixtures() {
        compare(c, &fixture, "NimEval", &nim::NimEval);
        compare(c, &fixture, "CoarseHash", &CoarseHashEval { levels: 1001 });
    }
}

fn connect4(c: &mut Criterion) {
    for fixture in connect4_fixtures() {
        compare(
            c,
            &fixture,
            "Connect4Eval",
            &connect4::Connect4Eval::default(),
        );
    }
}

fn kalah(c: &mut Criterion) {
    for fixture in kalah_fixtures() {
        compare(c, &fixture, "KalahEval", &kalah::KalahEval::new());
    }
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
    connect4(&mut criterion);
    nim(&mut criterion);
    kalah(&mut criterion);
}

criterion_main!(benches);
