use gamecore::{Evaluator, Game};
use search::{Search, SearchLimits, SearchOptions};
fn rows() -> Vec<(&'static str, SearchOptions)> {
    let base = SearchOptions::default().with_tt_mib(1);
    vec![
        ("default", base),
        ("no asp", base.with_aspiration(None)),
        ("no killers", base.with_killers(false)),
        ("no history", base.with_history(false)),
        ("no k/h", base.with_killers(false).with_history(false)),
        ("asp 200", base.with_aspiration(Some(200))),
    ]
}
fn table<G: Game, E: Evaluator<G>>(fixtures: Vec<benches::Fixture<G>>, eval: E) {
    for f in fixtures {
        let mut line = format!("{:>10} {:24}", f.game, f.name);
        for (_, options) in rows() {
            let mut s = Search::new(eval.clone(), options);
            let r = s.search(&f.state, &SearchLimits::depth(f.depth));
            line += &format!(" {:>9}", r.stats.nodes);
        }
        println!("{line}");
    }
}
fn main() {
    println!("{:?}", rows().iter().map(|r| r.0).collect::<Vec<_>>());
    table(
        benches::connect4_fixtures(),
        benches::NoHints(connect4::Connect4Eval::default()),
    );
    table(
        benches::connect4_fixtures(),
        connect4::Connect4Eval::default(),
    );
    table(benches::kalah_fixtures(), kalah::KalahEval::new());
    table(benches::meichu_fixtures(), meichu::MeichuEval::default());
    table(
        benches::nim_fixtures(),
        gamecore::testkit::games::CoarseHashEval { levels: 1001 },
    );
}
