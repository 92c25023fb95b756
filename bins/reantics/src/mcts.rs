//! Our agent on the command line: its settings as flags (the defaults are
//! the tuned agent; the others are for comparisons) and `--stats`, which
//! prints the agent's reports to standard error as it plays.

use clap::Args;
use reantics::{
    AgentMove, AntAgent, AntInfo, Coord, EvalWeights, MctsAnt, MctsAntOptions, MctsAntReport, View,
};
use std::time::Duration;

/// Our agent's settings (`--p1 mcts` or `--name mcts`).
#[derive(Args, Debug, Clone)]
#[command(next_help_heading = "Our agent (mcts)")]
pub struct MctsArgs {
    /// The MCTS evaluation scale (leaves score the logistic of
    /// evaluation / scale).
    #[arg(long, default_value_t = MctsAntOptions::default().eval_scale, value_parser = positive)]
    pub eval_scale: f64,
    /// The UCT exploration constant.
    #[arg(long, default_value_t = MctsAntOptions::default().exploration, value_parser = non_negative)]
    pub exploration: f64,
    /// Search for the whole time share even when the turn plan
    /// can no longer change, and search when END is the only candidate.
    #[arg(long)]
    pub no_early_stop: bool,
    /// The safety factor on the iterations left when judging
    /// whether the plan can still change.
    #[arg(long, default_value_t = MctsAntOptions::default().stop_margin, value_parser = non_negative)]
    pub stop_margin: f64,
    /// Do not centre the evaluation on the root's value.
    #[arg(long)]
    pub no_center: bool,
    /// Evaluation weight of a fighter's closeness to the enemy anthill (hundredths of a food; 0 removes the term).
    #[arg(long, default_value_t = EvalWeights::default().siege, value_parser = clap::value_parser!(i32).range(0..=WEIGHT_LIMIT))]
    pub siege: i32,
    /// Evaluation: percent of a worker's value lost when an
    /// enemy fighter or queen can reach it and moves next.
    #[arg(long, default_value_t = EvalWeights::default().threat_pct, value_parser = clap::value_parser!(i32).range(0..=100))]
    pub threat_pct: i32,
    /// Evaluation penalty for a colony with no worker and no
    /// food to build one.
    #[arg(long, default_value_t = EvalWeights::default().no_workers, value_parser = clap::value_parser!(i32).range(0..=WEIGHT_LIMIT))]
    pub no_workers_penalty: i32,
    /// Evaluation weight of a fighter's closeness to the enemy queen once
    /// the enemy has fielded a fighter this game.
    #[arg(long, default_value_t = EvalWeights::default().pressure, value_parser = clap::value_parser!(i32).range(0..=WEIGHT_LIMIT))]
    pub pressure: i32,
    /// Evaluation weight of a fighter's closeness to the enemy queen while
    /// the enemy has never fielded a fighter this game.
    #[arg(long, default_value_t = EvalWeights::default().pressure_unopposed, value_parser = clap::value_parser!(i32).range(0..=WEIGHT_LIMIT))]
    pub pressure_unopposed: i32,
    /// Evaluation weight of a fighter's closeness to the nearest enemy
    /// worker.
    #[arg(long, default_value_t = EvalWeights::default().raid, value_parser = clap::value_parser!(i32).range(0..=WEIGHT_LIMIT))]
    pub raid: i32,
    /// Evaluation weight of a fighter's or the queen's closeness to the
    /// enemy's last ant besides its queen while the enemy has no food
    /// (killing it wins).
    #[arg(long, default_value_t = EvalWeights::default().hunt, value_parser = clap::value_parser!(i32).range(0..=WEIGHT_LIMIT))]
    pub hunt: i32,
    /// Print one line per search and one per turn to standard
    /// error (`ra-search share_ms … used … early … iterations … plan …`,
    /// `ra-turn ms … searches … early … skipped … iterations …`; the last
    /// three counts are totals).
    #[arg(long)]
    pub stats: bool,
}

/// The largest evaluation weight accepted: far above any useful value, and
/// low enough that no sum of terms overflows.
const WEIGHT_LIMIT: i64 = 100_000;

fn positive(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 => Ok(v),
        _ => Err(format!("{text:?} is not a positive number")),
    }
}

fn non_negative(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() && v >= 0.0 => Ok(v),
        _ => Err(format!("{text:?} is not a number of at least 0")),
    }
}

impl MctsArgs {
    /// The agent's options with `turn_time` per turn.
    pub fn options(&self, turn_time: Duration) -> MctsAntOptions {
        let defaults = MctsAntOptions::default();
        MctsAntOptions {
            turn_time,
            weights: EvalWeights {
                siege: self.siege,
                threat_pct: self.threat_pct,
                no_workers: self.no_workers_penalty,
                pressure: self.pressure,
                pressure_unopposed: self.pressure_unopposed,
                raid: self.raid,
                hunt: self.hunt,
                ..defaults.weights
            },
            eval_scale: self.eval_scale,
            exploration: self.exploration,
            early_stop: !self.no_early_stop,
            stop_margin: self.stop_margin,
            center: !self.no_center,
            reports: self.stats,
        }
    }

    /// Our agent with `turn_time` per turn, printing its reports if asked.
    pub fn agent(&self, turn_time: Duration) -> Box<dyn AntAgent> {
        let agent = MctsAnt::with_options(self.options(turn_time));
        if self.stats {
            Box::new(PrintReports(agent))
        } else {
            Box::new(agent)
        }
    }
}

/// Our agent, printing its reports to standard error after every call.
struct PrintReports(MctsAnt);

impl PrintReports {
    fn print(&mut self) {
        for report in self.0.take_reports() {
            match report {
                MctsAntReport::Search(s) => eprintln!(
                    "ra-search share_ms {:.1} used {:.3} early {} iterations {} plan {}",
                    s.share.as_secs_f64() * 1000.0,
                    s.used.as_secs_f64() / s.share.as_secs_f64(),
                    u8::from(s.stopped_early),
                    s.iterations,
                    s.plan_len
                ),
                MctsAntReport::Turn(t) => eprintln!(
                    "ra-turn ms {:.1} searches {} early {} skipped {} iterations {}",
                    t.time.as_secs_f64() * 1000.0,
                    t.searches,
                    t.totals.early_stops,
                    t.totals.skipped,
                    t.totals.total_iterations
                ),
            }
        }
    }
}

impl AntAgent for PrintReports {
    fn name(&self) -> String {
        self.0.name()
    }
    fn get_placement(&mut self, view: &View) -> Vec<Coord> {
        self.0.get_placement(view)
    }
    fn get_move(&mut self, view: &View) -> AgentMove {
        let mv = self.0.get_move(view);
        self.print();
        mv
    }
    fn get_attack(&mut self, view: &View, attacker: &AntInfo, targets: &[Coord]) -> Coord {
        let target = self.0.get_attack(view, attacker, targets);
        self.print();
        target
    }
    fn register_win(&mut self, won: bool) {
        self.0.register_win(won);
    }
    fn new_game(&mut self, seed: u64) {
        self.0.new_game(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        mcts: MctsArgs,
    }

    #[test]
    fn no_flags_give_the_tuned_agent() {
        let cli = Cli::try_parse_from(["t"]).unwrap();
        let time = Duration::from_millis(250);
        assert_eq!(
            cli.mcts.options(time),
            MctsAntOptions {
                turn_time: time,
                ..MctsAntOptions::default()
            }
        );
    }

    #[test]
    fn flags_set_the_options() {
        let cli = Cli::try_parse_from([
            "t",
            "--siege",
            "30",
            "--threat-pct",
            "60",
            "--no-early-stop",
            "--no-center",
            "--eval-scale",
            "50",
            "--stats",
        ])
        .unwrap();
        let o = cli.mcts.options(Duration::from_secs(1));
        assert_eq!((o.weights.siege, o.weights.threat_pct), (30, 60));
        assert!(!o.early_stop && !o.center && o.reports);
        assert_eq!(o.eval_scale, 50.0);
    }

    #[test]
    fn bad_values_are_refused() {
        for args in [
            ["t", "--eval-scale", "0"],
            ["t", "--eval-scale", "nan"],
            ["t", "--exploration", "-1"],
            ["t", "--threat-pct", "101"],
            ["t", "--siege", "-5"],
            ["t", "--stop-margin", "inf"],
        ] {
            assert!(Cli::try_parse_from(args).is_err(), "{args:?}");
        }
    }
}
