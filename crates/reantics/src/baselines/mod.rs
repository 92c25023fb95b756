//! Ports of the bundled agents (spec §13), the baselines our agent must beat.

pub mod common;
mod gatherers;
mod simple;

pub use gatherers::{Gatherer, Style};
pub use simple::{Booger, RandomAnt, SimpleFoodGatherer};

use crate::agent::AntAgent;

/// The ported agents' names in the spec's measured ranking order (best first).
pub const BASELINES: [&str; 12] = [
    "Shape Shifter",
    "Ralph",
    "Very Complex Food Gatherer",
    "Steve",
    "Defensive W/ A-STAR",
    "Anthill Attack AI",
    "Nibble",
    "Complex Food Gatherer",
    "rangedSoldierTestAI",
    "Booger",
    "Simple Food Gatherer",
    "Random",
];

/// A fresh ported agent by display name (case-insensitive; spaces, dashes
/// and slashes optional), or `None`.
pub fn baseline(name: &str) -> Option<Box<dyn AntAgent>> {
    let key: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .collect::<String>()
        .to_ascii_lowercase();
    let agent: Box<dyn AntAgent> = match key.as_str() {
        "random" => Box::new(RandomAnt::default()),
        "simplefoodgatherer" | "foodgatherer" | "simple" => Box::new(SimpleFoodGatherer::default()),
        "booger" => Box::new(Booger::new()),
        "rangedsoldiertestai" | "rangedsoldiertest" => Box::new(Booger::ranged()),
        "complexfoodgatherer" | "complex" => Box::new(Gatherer::new(Style::Complex)),
        "verycomplexfoodgatherer" | "verycomplex" => Box::new(Gatherer::new(Style::VeryComplex)),
        "nibble" => Box::new(Gatherer::new(Style::Nibble)),
        "anthillattackai" | "anthillattack" => Box::new(Gatherer::new(Style::AnthillAttack)),
        "defensivewastar" | "defensive" => Box::new(Gatherer::new(Style::Defensive)),
        "ralph" => Box::new(Gatherer::new(Style::Ralph)),
        "steve" => Box::new(Gatherer::new(Style::Steve)),
        "shapeshifter" => Box::new(Gatherer::new(Style::ShapeShifter)),
        _ => return None,
    };
    Some(agent)
}
