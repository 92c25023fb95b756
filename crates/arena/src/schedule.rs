//! Who plays whom: round robin, gauntlet, and both seats per opening.

use serde::{Deserialize, Serialize};

/// Two entrants that meet, by their index in the tournament's entrant list.
///
/// Results of the pairing are reported from `a`'s point of view (in a
/// gauntlet, `a` is the hero).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pairing {
    /// The entrant whose view the results take.
    pub a: usize,
    /// The opponent.
    pub b: usize,
}

/// Returns every pair of `n` entrants once: `n (n − 1) / 2` pairings, in the
/// order (0, 1), (0, 2), …, (1, 2), ….
pub fn round_robin(n: usize) -> Vec<Pairing> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| Pairing { a, b }))
        .collect()
}

/// Returns each hero against every baseline, heroes in order; a hero listed
/// as its own baseline is skipped.
pub fn gauntlet(heroes: &[usize], baselines: &[usize]) -> Vec<Pairing> {
    heroes
        .iter()
        .flat_map(|&a| {
            baselines
                .iter()
                .filter(move |&&b| b != a)
                .map(move |&b| Pairing { a, b })
        })
        .collect()
}

/// One game of a tournament: which pairing, which opening, who sits where.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fixture {
    /// The game's index in the whole run (its seed derives from it).
    pub game: u64,
    /// The index of the pairing in the schedule.
    pub pairing: usize,
    /// The index of the opening; shared by all pairings, so every pairing
    /// plays the same openings.
    pub opening: u64,
    /// The entrants in seat `First` and seat `Second`.
    pub seats: [usize; 2],
}

/// Returns the number of games a pairing plays when `games` are asked for:
/// rounded up to an even number, since each opening is played twice.
pub fn even_games(games: u32) -> u32 {
    games.saturating_add(games % 2)
}

/// Lists the games of a schedule: each pairing plays `even_games(games)`
/// games, opening `j` twice in a row, first with `a` in seat `First`, then
/// with the seats swapped.
pub fn fixtures(pairings: &[Pairing], games: u32) -> Vec<Fixture> {
    let per_pairing = u64::from(even_games(games));
    let mut list = Vec::with_capacity(pairings.len() * per_pairing as usize);
    for (index, pairing) in pairings.iter().enumerate() {
        for k in 0..per_pairing {
            let seats = if k % 2 == 0 {
                [pairing.a, pairing.b]
            } else {
                [pairing.b, pairing.a]
            };
            list.push(Fixture {
                game: index as u64 * per_pairing + k,
                pairing: index,
                opening: k / 2,
                seats,
            });
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_robin_meets_every_pair_once() {
        for n in 0..8 {
            let pairings = round_robin(n);
            assert_eq!(pairings.len(), n * n.saturating_sub(1) / 2);
            for a in 0..n {
                for b in 0..n {
                    let meetings = pairings
                        .iter()
                        .filter(|p| (p.a, p.b) == (a, b) || (p.a, p.b) == (b, a))
                        .count();
                    assert_eq!(meetings, usize::from(a != b));
                }
            }
        }
    }

    #[test]
    fn gauntlet_pairs_each_hero_with_each_baseline() {
        let pairings = gauntlet(&[0, 1], &[2, 3, 1]);
        let pairs: Vec<_> = pairings.iter().map(|p| (p.a, p.b)).collect();
        assert_eq!(pairs, [(0, 2), (0, 3), (0, 1), (1, 2), (1, 3)]);
    }

    #[test]
    fn each_opening_is_played_twice_with_seats_swapped() {
        let pairings = [Pairing { a: 0, b: 1 }, Pairing { a: 0, b: 2 }];
        let list = fixtures(&pairings, 5);
        assert_eq!(even_games(5), 6);
        assert_eq!(list.len(), 12);
        for (i, fixture) in list.iter().enumerate() {
            assert_eq!(fixture.game, i as u64);
        }
        for pair in list.chunks(2) {
            assert_eq!(pair[0].pairing, pair[1].pairing);
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(pair[0].seats, [pair[1].seats[1], pair[1].seats[0]]);
            assert_eq!(pair[0].seats[0], pairings[pair[0].pairing].a);
        }
        let openings: Vec<u64> = list[..6].iter().map(|f| f.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 2, 2]);
    }
}
