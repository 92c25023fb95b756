//! Every bot by name: the seed's ports and ours, created per game and seat.

use crate::bots::{
    Bot, HungryBot, KindaRandomAi, LazyBot, MirrorBot, MirrorBotBuiltin, NaiveAi, OneTarget,
    PathBot, QuantityPlayer,
};
use crate::planner::Planner;
use gamecore::Player;
use std::fmt;
use std::str::FromStr;

/// A bot that can enter a tournament.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BotKind {
    /// Our search-based, opponent-aware bot ([`Planner`]).
    Planner,
    /// [`HungryBot`].
    Hungry,
    /// [`PathBot`].
    Path,
    /// [`NaiveAi`].
    Naive,
    /// [`OneTarget`].
    OneTarget,
    /// [`KindaRandomAi`].
    KindaRandom,
    /// [`MirrorBot`] (the posted version).
    Mirror,
    /// [`MirrorBotBuiltin`] (the controller's built-in version).
    MirrorBuiltin,
    /// [`LazyBot`].
    Lazy,
    /// [`QuantityPlayer`], which fails on every call.
    Quantity,
}

impl BotKind {
    /// Every bot, ours first, then the seed's in leaderboard order.
    pub const ALL: [BotKind; 10] = [
        BotKind::Planner,
        BotKind::Hungry,
        BotKind::Path,
        BotKind::Naive,
        BotKind::OneTarget,
        BotKind::KindaRandom,
        BotKind::Mirror,
        BotKind::MirrorBuiltin,
        BotKind::Lazy,
        BotKind::Quantity,
    ];

    /// The default tournament field: ours and every seed bot that can run
    /// (QuantityPlayer throws; the built-in mirror bot is an alternative
    /// version of MirrorBot).
    pub const DEFAULT_FIELD: [BotKind; 8] = [
        BotKind::Planner,
        BotKind::Hungry,
        BotKind::Path,
        BotKind::Naive,
        BotKind::OneTarget,
        BotKind::KindaRandom,
        BotKind::Mirror,
        BotKind::Lazy,
    ];

    /// The command-line name (`planner`, `hungry`, `path`, ...).
    pub const fn key(self) -> &'static str {
        match self {
            BotKind::Planner => "planner",
            BotKind::Hungry => "hungry",
            BotKind::Path => "path",
            BotKind::Naive => "naive",
            BotKind::OneTarget => "onetarget",
            BotKind::KindaRandom => "random",
            BotKind::Mirror => "mirror",
            BotKind::MirrorBuiltin => "mirror-builtin",
            BotKind::Lazy => "lazy",
            BotKind::Quantity => "quantity",
        }
    }

    /// The display name, as in the seed.
    pub const fn display_name(self) -> &'static str {
        match self {
            BotKind::Planner => "Planner (ours)",
            BotKind::Hungry => "HungryBot",
            BotKind::Path => "PATH bot",
            BotKind::Naive => "NaiveAI",
            BotKind::OneTarget => "OneTarget",
            BotKind::KindaRandom => "KindaRandomAI",
            BotKind::Mirror => "MirrorBot",
            BotKind::MirrorBuiltin => "mirrorBot (built-in)",
            BotKind::Lazy => "LazyBot",
            BotKind::Quantity => "QuantityPlayer",
        }
    }

    /// Creates a fresh instance for one game in `seat`, drawing any random
    /// choice from `seed`.
    pub fn create(self, seat: Player, seed: u64) -> Box<dyn Bot> {
        match self {
            BotKind::Planner => Box::new(Planner::new(seat)),
            BotKind::Hungry => Box::new(HungryBot::new(seat, seed)),
            BotKind::Path => Box::new(PathBot::new(seat)),
            BotKind::Naive => Box::new(NaiveAi::new(seat)),
            BotKind::OneTarget => Box::new(OneTarget::new(seat)),
            BotKind::KindaRandom => Box::new(KindaRandomAi::new(seat, seed)),
            BotKind::Mirror => Box::new(MirrorBot::new(seat)),
            BotKind::MirrorBuiltin => Box::new(MirrorBotBuiltin::new(seat)),
            BotKind::Lazy => Box::new(LazyBot::new()),
            BotKind::Quantity => Box::new(QuantityPlayer::new()),
        }
    }
}

impl fmt::Display for BotKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A bot name that is not in the roster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownBot(pub String);

impl fmt::Display for UnknownBot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = BotKind::ALL.iter().map(|k| k.key()).collect();
        write!(f, "unknown bot {:?} (known: {})", self.0, names.join(", "))
    }
}

impl std::error::Error for UnknownBot {}

impl FromStr for BotKind {
    type Err = UnknownBot;

    /// Parses a command-line name, case-insensitively; the seed's display
    /// names without spaces (`hungrybot`, `naiveai`, ...) are accepted too.
    fn from_str(text: &str) -> Result<BotKind, UnknownBot> {
        let wanted: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '-' && *c != '_')
            .flat_map(char::to_lowercase)
            .collect();
        let aliases = |kind: BotKind| -> &'static [&'static str] {
            match kind {
                BotKind::Planner => &["planner", "ours"],
                BotKind::Hungry => &["hungry", "hungrybot"],
                BotKind::Path => &["path", "pathbot"],
                BotKind::Naive => &["naive", "naiveai"],
                BotKind::OneTarget => &["onetarget"],
                BotKind::KindaRandom => &["random", "kindarandom", "kindarandomai"],
                BotKind::Mirror => &["mirror", "mirrorbot"],
                BotKind::MirrorBuiltin => &["mirrorbuiltin"],
                BotKind::Lazy => &["lazy", "lazybot"],
                BotKind::Quantity => &["quantity", "quantityplayer"],
            }
        };
        BotKind::ALL
            .into_iter()
            .find(|&kind| aliases(kind).contains(&wanted.as_str()))
            .ok_or_else(|| UnknownBot(text.to_owned()))
    }
}
