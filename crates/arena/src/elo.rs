//! From wins, draws and losses to an Elo difference with a 95% interval.
//!
//! The score of a pairing is `p = (W + D/2) / N`. Under the logistic Elo
//! model the rating difference that predicts that score is
//! `Δ = −400 · log10(1/p − 1)`: 50% is 0, 75% is +190.8, 90% is +381.7.
//!
//! The interval comes from the per-game scores (each game is worth 1, ½ or 0
//! to the first agent): their variance `s²` gives the standard error of the
//! mean score `s / √N`, and `p ± 1.96 · s / √N` is mapped through the same
//! formula. The interval is therefore asymmetric in Elo.
//!
//! A score of exactly 0% or 100% has no finite Elo. Scores and interval
//! bounds are clamped into `[½/N, 1 − ½/N]` (a perfect score counts as
//! `N − ½` points), and when every game gave the same result (so `s² = 0`)
//! the spread of a win/loss coin with the clamped rate, `p(1 − p)`, is used
//! instead. Such an estimate is flagged [`EloEstimate::clamped`].

use serde::{Deserialize, Serialize};

/// The z value of a two-sided 95% normal interval.
pub const Z_95: f64 = 1.959_964;

/// An Elo difference with its 95% interval, from the first agent's view.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// The rating difference that predicts the observed score.
    pub difference: f64,
    /// The lower end of the 95% interval.
    pub low: f64,
    /// The upper end of the 95% interval.
    pub high: f64,
    /// True when the score (or a bound) hit 0% or 100% and was clamped, so the
    /// true difference may be further from zero than shown.
    pub clamped: bool,
}

/// Returns the Elo difference that predicts an expected score of `score`
/// (strictly between 0 and 1; the ends give infinities).
pub fn elo_from_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Returns the expected score of a player rated `difference` Elo above the
/// opponent (the inverse of [`elo_from_score`]).
pub fn score_from_elo(difference: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-difference / 400.0))
}

impl EloEstimate {
    /// Estimates the Elo difference from the first agent's wins, draws and
    /// losses; `None` when no game was played.
    pub fn from_results(wins: u32, draws: u32, losses: u32) -> Option<EloEstimate> {
        let games = f64::from(wins) + f64::from(draws) + f64::from(losses);
        if games == 0.0 {
            return None;
        }
        let (w, d, l) = (f64::from(wins), f64::from(draws), f64::from(losses));
        let score = (w + 0.5 * d) / games;
        let variance =
            (w * (1.0 - score).powi(2) + d * (0.5 - score).powi(2) + l * score.powi(2)) / games;

        let floor = 0.5 / games;
        let ceiling = 1.0 - floor;
        let clamp = |p: f64| p.clamp(floor, ceiling);
        let clamped_score = clamp(score);
        let variance = if variance > 0.0 {
            variance
        } else {
            clamped_score * (1.0 - clamped_score)
        };
        let half_width = Z_95 * (variance / games).sqrt();
        let (low, high) = (clamped_score - half_width, clamped_score + half_width);
        Some(EloEstimate {
            difference: elo_from_score(clamped_score),
            low: elo_from_score(clamp(low)),
            high: elo_from_score(clamp(high)),
            clamped: score <= floor || score >= ceiling || low < floor || high > ceiling,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 0.05
    }

    #[test]
    fn known_scores_map_to_known_differences() {
        assert!(close(elo_from_score(0.75), 190.85));
        assert!(close(elo_from_score(0.5), 0.0));
        assert!(close(elo_from_score(0.25), -190.85));
        assert!(close(elo_from_score(0.9), 381.70));
        for diff in [-500.0, -100.0, 0.0, 42.0, 300.0] {
            assert!(close(elo_from_score(score_from_elo(diff)), diff));
        }
    }

    #[test]
    fn three_quarters_gives_plus_191_with_an_interval_from_the_variance() {
        // 30 wins, 10 losses: p = 0.75, per-game variance 0.1875,
        // standard error sqrt(0.1875 / 40) = 0.06847, so p in [0.6158, 0.8842].
        let elo = EloEstimate::from_results(30, 0, 10).unwrap();
        assert!(close(elo.difference, 190.85), "{elo:?}");
        assert!(close(
            elo.low,
            elo_from_score(0.75 - Z_95 * (0.1875f64 / 40.0).sqrt())
        ));
        assert!(close(
            elo.high,
            elo_from_score(0.75 + Z_95 * (0.1875f64 / 40.0).sqrt())
        ));
        assert!(
            (elo.low - 81.9).abs() < 0.5 && (elo.high - 353.2).abs() < 0.5,
            "{elo:?}"
        );
        assert!(!elo.clamped);
        // Draws count half and shrink the variance: same score, narrower interval.
        let drawish = EloEstimate::from_results(20, 20, 0).unwrap();
        assert!(close(drawish.difference, 190.85));
        assert!(drawish.high - drawish.low < elo.high - elo.low);
    }

    #[test]
    fn even_results_are_zero_and_symmetric() {
        let elo = EloEstimate::from_results(10, 5, 10).unwrap();
        assert!(close(elo.difference, 0.0));
        assert!(close(elo.low, -elo.high));
        let swapped = EloEstimate::from_results(10, 0, 30).unwrap();
        let original = EloEstimate::from_results(30, 0, 10).unwrap();
        assert!(close(swapped.difference, -original.difference));
        assert!(close(swapped.low, -original.high));
    }

    #[test]
    fn perfect_scores_are_clamped_to_finite_values() {
        let elo = EloEstimate::from_results(20, 0, 0).unwrap();
        // 19.5 of 20 points.
        assert!(close(elo.difference, elo_from_score(0.975)));
        assert!(elo.difference.is_finite() && elo.low.is_finite() && elo.high.is_finite());
        assert!(elo.low < elo.difference && elo.high == elo.difference);
        assert!(elo.clamped);
        let zero = EloEstimate::from_results(0, 0, 20).unwrap();
        assert!(close(zero.difference, -elo.difference));
        assert!(zero.clamped);
        let draws = EloEstimate::from_results(0, 8, 0).unwrap();
        assert!(close(draws.difference, 0.0) && draws.low < 0.0 && draws.high > 0.0);
        assert_eq!(EloEstimate::from_results(0, 0, 0), None);
    }
}
