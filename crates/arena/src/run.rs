//! The tournament: entrants, openings, the parallel runner and its progress bar.

use crate::play::{millis, play_game, Clock, GameEnd, PlayedGame};
use crate::report::{GameRecord, Report, Standing, Tally};
use crate::schedule::{self, even_games, Fixture, Pairing};
use gamecore::{derive_seed, seeded_rng, Agent, Game, GameRng, Player};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fmt;
use std::io::IsTerminal;
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// The stack size of the game threads: searches recurse deeply.
pub const GAME_STACK_BYTES: usize = 256 << 20;

/// How long a run goes before its progress bar appears.
const PROGRESS_DELAY: Duration = Duration::from_secs(1);

/// Seed stream tags, so that openings and games never share a stream.
const OPENING_STREAM: u64 = 0x6f70_656e; // "open"
const GAME_STREAM: u64 = 0x6761_6d65; // "game"

type Factory<G> = dyn Fn(u64) -> Box<dyn Agent<G>> + Send + Sync;

/// A named participant: a factory that creates a fresh agent for each game.
///
/// The factory receives the game's seed for the agent, so a random agent
/// replays exactly; it runs on the game's thread, so games share nothing.
pub struct Entrant<G: Game> {
    name: String,
    factory: Arc<Factory<G>>,
}

impl<G: Game> Entrant<G> {
    /// Creates an entrant called `name` whose agents `factory` makes from a seed.
    pub fn new<A, F>(name: impl Into<String>, factory: F) -> Entrant<G>
    where
        A: Agent<G> + 'static,
        F: Fn(u64) -> A + Send + Sync + 'static,
    {
        Entrant {
            name: name.into(),
            factory: Arc::new(move |seed| Box::new(factory(seed)) as Box<dyn Agent<G>>),
        }
    }

    /// Returns the entrant's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Creates one agent from `seed`.
    pub fn create(&self, seed: u64) -> Box<dyn Agent<G>> {
        (self.factory)(seed)
    }
}

impl<G: Game> Clone for Entrant<G> {
    fn clone(&self) -> Entrant<G> {
        Entrant {
            name: self.name.clone(),
            factory: Arc::clone(&self.factory),
        }
    }
}

impl<G: Game> fmt::Debug for Entrant<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}

type OpeningFn<G> = dyn Fn(&mut GameRng) -> G + Send + Sync;

/// Where the start positions come from.
///
/// Opening `j` is the same for every pairing, and each is played twice with
/// the seats swapped.
pub enum Openings<G: Game> {
    /// A fixed list, used in turn (opening `j` is `list[j % len]`).
    List(Vec<G>),
    /// Generated from a seeded generator: opening `j` from its own seed derived
    /// from the run's seed and `j`.
    Random(Arc<OpeningFn<G>>),
}

impl<G: Game> Openings<G> {
    /// Uses the given start positions in turn.
    pub fn list(states: Vec<G>) -> Openings<G> {
        Openings::List(states)
    }

    /// Always starts from `state`.
    pub fn fixed(state: G) -> Openings<G> {
        Openings::List(vec![state])
    }

    /// Generates each opening with `generate` from its own seeded generator.
    pub fn random(generate: impl Fn(&mut GameRng) -> G + Send + Sync + 'static) -> Openings<G> {
        Openings::Random(Arc::new(generate))
    }

    /// Returns opening `index` of a run seeded with `seed`, or `None` for an empty list.
    pub fn opening(&self, seed: u64, index: u64) -> Option<G> {
        match self {
            Openings::List(states) if states.is_empty() => None,
            Openings::List(states) => Some(states[(index % states.len() as u64) as usize].clone()),
            Openings::Random(generate) => {
                let mut rng = seeded_rng(derive_seed(derive_seed(seed, OPENING_STREAM), index));
                Some(generate(&mut rng))
            }
        }
    }
}

impl<G: Game> fmt::Debug for Openings<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Openings::List(states) => f.debug_tuple("List").field(states).finish(),
            Openings::Random(_) => f.write_str("Random(..)"),
        }
    }
}

/// Why a tournament could not run.
#[derive(Debug)]
#[non_exhaustive]
pub enum ArenaError {
    /// The schedule has no pairing (fewer than two entrants, or no baseline).
    NoPairings,
    /// The opening list is empty.
    NoOpenings,
    /// The thread pool could not be created.
    ThreadPool(String),
}

impl fmt::Display for ArenaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArenaError::NoPairings => f.write_str("the schedule has no pairing to play"),
            ArenaError::NoOpenings => f.write_str("the opening list is empty"),
            ArenaError::ThreadPool(message) => write!(f, "cannot start game threads: {message}"),
        }
    }
}

impl std::error::Error for ArenaError {}

/// Whether to draw a progress bar.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    /// On standard error, if it is a terminal, once the run has taken a second.
    Auto,
    /// Never.
    Hidden,
}

/// A tournament between agents of game `G`.
///
/// ```
/// use arena::{Entrant, Openings, Tournament};
/// use gamecore::testkit::games::Pebbles;
/// use gamecore::RandomAgent;
///
/// let report = Tournament::round_robin(
///     vec![
///         Entrant::new("random-a", RandomAgent::new),
///         Entrant::new("random-b", RandomAgent::new),
///     ],
///     Openings::fixed(Pebbles::new(10)),
/// )
/// .with_games_per_pairing(4)
/// .with_seed(7)
/// .run()
/// .unwrap();
/// assert_eq!(report.pairings[0].games, 4);
/// ```
pub struct Tournament<G: Game> {
    title: String,
    schedule: &'static str,
    entrants: Vec<Entrant<G>>,
    pairings: Vec<Pairing>,
    openings: Openings<G>,
    describe: Arc<dyn Fn(&G) -> String + Send + Sync>,
    games_per_pairing: u32,
    seed: u64,
    clock: Clock,
    threads: Option<usize>,
    progress: Progress,
    keep_games: bool,
}

impl<G: Game> fmt::Debug for Tournament<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Tournament")
            .field("title", &self.title)
            .field("schedule", &self.schedule)
            .field("entrants", &self.entrants)
            .field("pairings", &self.pairings)
            .field("games_per_pairing", &self.games_per_pairing)
            .field("seed", &self.seed)
            .field("clock", &self.clock)
            .finish_non_exhaustive()
    }
}

impl<G: Game> Tournament<G> {
    fn with_schedule(
        schedule: &'static str,
        entrants: Vec<Entrant<G>>,
        pairings: Vec<Pairing>,
        openings: Openings<G>,
    ) -> Tournament<G> {
        Tournament {
            title: "tournament".to_owned(),
            schedule,
            entrants,
            pairings,
            openings,
            describe: Arc::new(|state: &G| format!("{state:?}")),
            games_per_pairing: 10,
            seed: 1,
            clock: Clock::unlimited(),
            threads: None,
            progress: Progress::Auto,
            keep_games: true,
        }
    }

    /// Every entrant plays every other.
    pub fn round_robin(entrants: Vec<Entrant<G>>, openings: Openings<G>) -> Tournament<G> {
        let pairings = schedule::round_robin(entrants.len());
        Tournament::with_schedule("round robin", entrants, pairings, openings)
    }

    /// Each hero plays every baseline (heroes do not meet each other).
    pub fn gauntlet(
        heroes: Vec<Entrant<G>>,
        baselines: Vec<Entrant<G>>,
        openings: Openings<G>,
    ) -> Tournament<G> {
        let hero_ids: Vec<usize> = (0..heroes.len()).collect();
        let baseline_ids: Vec<usize> = (heroes.len()..heroes.len() + baselines.len()).collect();
        let pairings = schedule::gauntlet(&hero_ids, &baseline_ids);
        let mut entrants = heroes;
        entrants.extend(baselines);
        Tournament::with_schedule("gauntlet", entrants, pairings, openings)
    }

    /// Sets the title printed above the table (game and variant).
    #[must_use]
    pub fn with_title(mut self, title: impl Into<String>) -> Tournament<G> {
        self.title = title.into();
        self
    }

    /// Sets how start positions are written in game records (default: `Debug`).
    #[must_use]
    pub fn with_notation(
        mut self,
        describe: impl Fn(&G) -> String + Send + Sync + 'static,
    ) -> Tournament<G> {
        self.describe = Arc::new(describe);
        self
    }

    /// Sets the games per pairing, rounded up to an even number (default 10).
    #[must_use]
    pub fn with_games_per_pairing(mut self, games: u32) -> Tournament<G> {
        self.games_per_pairing = even_games(games);
        self
    }

    /// Sets the run's seed (default 1): openings and agents derive from it.
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> Tournament<G> {
        self.seed = seed;
        self
    }

    /// Sets the clock (default: unlimited).
    #[must_use]
    pub fn with_clock(mut self, clock: Clock) -> Tournament<G> {
        self.clock = clock;
        self
    }

    /// Sets the number of game threads; `None` or 0 uses every core (default).
    #[must_use]
    pub fn with_threads(mut self, threads: Option<usize>) -> Tournament<G> {
        self.threads = threads.filter(|&n| n > 0);
        self
    }

    /// Sets whether a progress bar is drawn (default [`Progress::Auto`]).
    #[must_use]
    pub fn with_progress(mut self, progress: Progress) -> Tournament<G> {
        self.progress = progress;
        self
    }

    /// Sets whether the report keeps every game's record (default true).
    #[must_use]
    pub fn with_game_records(mut self, keep: bool) -> Tournament<G> {
        self.keep_games = keep;
        self
    }

    /// Returns the entrants, heroes first for a gauntlet.
    pub fn entrants(&self) -> &[Entrant<G>] {
        &self.entrants
    }

    /// Returns the pairings in schedule order.
    pub fn pairings(&self) -> &[Pairing] {
        &self.pairings
    }

    /// Returns the number of games the run will play.
    pub fn total_games(&self) -> u64 {
        self.pairings.len() as u64 * u64::from(self.games_per_pairing)
    }

    /// Plays every game, in parallel, and summarises the results.
    ///
    /// Results do not depend on the number of threads or the order games
    /// finish in: each game derives its opening and agent seeds from the run's
    /// seed and its index, and results are collected in index order. Only
    /// thinking times (and so time forfeits) vary between runs.
    ///
    /// # Errors
    /// [`ArenaError`] when there is nothing to play or the threads cannot start.
    pub fn run(&self) -> Result<Report, ArenaError> {
        if self.pairings.is_empty() {
            return Err(ArenaError::NoPairings);
        }
        if matches!(&self.openings, Openings::List(states) if states.is_empty()) {
            return Err(ArenaError::NoOpenings);
        }
        let fixtures = schedule::fixtures(&self.pairings, self.games_per_pairing);
        let games = self.play_all(&fixtures)?;
        Ok(self.report(&fixtures, games))
    }

    /// Plays one fixture.
    ///
    /// The record (kept only when asked) takes the moves; the returned game
    /// keeps what the summary needs.
    fn play_fixture(&self, fixture: &Fixture) -> (Option<GameRecord>, PlayedGame) {
        let start = self
            .openings
            .opening(self.seed, fixture.opening)
            .expect("openings checked non-empty before the run");
        let seed = derive_seed(derive_seed(self.seed, GAME_STREAM), fixture.game);
        let mut first = self.entrants[fixture.seats[0]].create(derive_seed(seed, 0));
        let mut second = self.entrants[fixture.seats[1]].create(derive_seed(seed, 1));
        let mut game = play_game(&start, [&mut *first, &mut *second], &self.clock);
        if !self.keep_games {
            game.moves = Vec::new();
            return (None, game);
        }
        let record = GameRecord {
            game: fixture.game,
            pairing: fixture.pairing,
            opening: fixture.opening,
            seed,
            start: (self.describe)(&start),
            first: self.entrants[fixture.seats[0]].name.clone(),
            second: self.entrants[fixture.seats[1]].name.clone(),
            moves: std::mem::take(&mut game.moves),
            result: GameRecord::result_text(&game.end).to_owned(),
            scores: match &game.end {
                GameEnd::Finished(outcome) => Some(outcome.scores()),
                GameEnd::Forfeit(_) => None,
            },
            forfeit: match &game.end {
                GameEnd::Finished(_) => None,
                GameEnd::Forfeit(forfeit) => Some(forfeit.clone()),
            },
            think_ms: Some(game.think_time.map(millis)),
        };
        (Some(record), game)
    }

    /// Plays all fixtures on a pool of large-stack threads, drawing progress
    /// on this thread; returns the games in fixture order.
    fn play_all(
        &self,
        fixtures: &[Fixture],
    ) -> Result<Vec<(Option<GameRecord>, PlayedGame)>, ArenaError> {
        use rayon::prelude::*;

        let mut builder = rayon::ThreadPoolBuilder::new()
            .stack_size(GAME_STACK_BYTES)
            .thread_name(|i| format!("arena-game-{i}"));
        if let Some(threads) = self.threads {
            builder = builder.num_threads(threads);
        }
        let pool = builder
            .build()
            .map_err(|error| ArenaError::ThreadPool(error.to_string()))?;

        let bar = ProgressBar::with_draw_target(
            Some(fixtures.len() as u64),
            ProgressDrawTarget::hidden(),
        );
        if let Ok(style) = ProgressStyle::with_template(
            "{prefix} {wide_bar} {pos}/{len} games [{elapsed_precise}, eta {eta}]",
        ) {
            bar.set_style(style);
        }
        // The title up to its first comma, short enough that the bar fits
        // one line of an 80-column terminal.
        let prefix = self.title.split(',').next().unwrap_or_default();
        bar.set_prefix(prefix.chars().take(24).collect::<String>());
        let show_bar = self.progress == Progress::Auto && std::io::stderr().is_terminal();

        let (sender, receiver) = mpsc::channel();
        let mut results: Vec<Option<(Option<GameRecord>, PlayedGame)>> = vec![None; fixtures.len()];
        let started = Instant::now();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                pool.install(|| {
                    fixtures.par_iter().enumerate().for_each_with(
                        sender,
                        |sender, (i, fixture)| {
                            // The receiver lives until every game is in.
                            let _ = sender.send((i, self.play_fixture(fixture)));
                        },
                    );
                });
            });
            let mut shown = false;
            loop {
                match receiver.recv_timeout(Duration::from_millis(100)) {
                    Ok((i, game)) => {
                        results[i] = Some(game);
                        bar.inc(1);
                    }
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                }
                if show_bar && !shown && started.elapsed() >= PROGRESS_DELAY {
                    bar.set_draw_target(ProgressDrawTarget::stderr());
                    shown = true;
                }
            }
        });
        bar.finish_and_clear();
        Ok(results.into_iter().flatten().collect())
    }

    /// Summarises the played games.
    fn report(&self, fixtures: &[Fixture], games: Vec<(Option<GameRecord>, PlayedGame)>) -> Report {
        let mut tallies = vec![Tally::default(); self.pairings.len()];
        let mut totals = vec![(0u32, 0.0f64); self.entrants.len()];
        for (fixture, (_, game)) in fixtures.iter().zip(&games) {
            let pairing = self.pairings[fixture.pairing];
            let a_seat = if fixture.seats[0] == pairing.a {
                Player::First
            } else {
                Player::Second
            };
            tallies[fixture.pairing].add(a_seat, game);
            for seat in Player::BOTH {
                let entrant = fixture.seats[seat.index()];
                totals[entrant].0 += 1;
                totals[entrant].1 += game.end.points(seat);
            }
        }
        let pairings = self
            .pairings
            .iter()
            .zip(&tallies)
            .map(|(pairing, tally)| {
                tally.summary(
                    &self.entrants[pairing.a].name,
                    &self.entrants[pairing.b].name,
                )
            })
            .collect();
        let mut standings: Vec<Standing> = self
            .entrants
            .iter()
            .zip(&totals)
            .map(|(entrant, &(games, points))| Standing {
                agent: entrant.name.clone(),
                games,
                points,
                score: if games == 0 {
                    0.0
                } else {
                    points / f64::from(games)
                },
            })
            .collect();
        standings.sort_by(|x, y| y.points.total_cmp(&x.points));
        Report {
            title: self.title.clone(),
            schedule: self.schedule.to_owned(),
            seed: self.seed,
            games_per_pairing: self.games_per_pairing,
            move_limit_ms: self.clock.move_limit().map(millis),
            grace_ms: millis(self.clock.grace()),
            entrants: self.entrants.iter().map(|e| e.name.clone()).collect(),
            pairings,
            standings,
            games: games.into_iter().filter_map(|(record, _)| record).collect(),
        }
    }
}
