//! Positions shared by the tests of our agent's tree, evaluation and search.

use crate::baselines::common::{layout, ROW3_LAYOUT};
use crate::state::{Phase, State};
use crate::stats::{AntType, Coord};
use gamecore::{Game, MoveList, Player};

/// Positions of our own turns, reached by pseudo-random legal play.
pub(crate) fn positions(count: usize) -> Vec<State> {
    let mut out = Vec::new();
    let mut rng = 0x2545_F491_4F6C_DD1Du64;
    let mut moves = MoveList::new();
    while out.len() < count {
        let mut s = State::new();
        for ply in 0..400 {
            if s.outcome().is_some() {
                break;
            }
            if s.phase() == Phase::Play
                && s.pending_attack.is_none()
                && s.ants(s.to_move).iter().all(|a| !a.has_moved)
                && ply % 7 == 0
            {
                out.push(s.clone());
            }
            s.legal_moves(&mut moves);
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            s.play_unchecked(moves[(rng % moves.len() as u64) as usize]);
        }
    }
    out.truncate(count);
    out
}

/// Both players on the row-3 wall layout, Player 1 to move.
pub(crate) fn standard() -> State {
    let l1 = layout(&ROW3_LAYOUT);
    let l2: Vec<Coord> = l1.iter().map(|c| c.flipped()).collect();
    State::from_layout(
        [(l1[0], l1[1], &l1[2..]), (l2[0], l2[1], &l2[2..])],
        &[
            Coord::new(4, 9),
            Coord::new(0, 9),
            Coord::new(9, 0),
            Coord::new(5, 0),
        ],
    )
}

/// A standoff from a game against rangedSoldierTestAI: the enemy has only
/// its queen, in grass beside its anthill; our workers stand on our
/// anthill and on a food (carrying), our soldiers near the enemy queen.
/// Workers that may stay anywhere stand still here for the rest of the
/// game.
pub(crate) fn standoff() -> State {
    let c = Coord::new;
    let mut grass1 = layout(&ROW3_LAYOUT);
    let (hill1, tunnel1) = (grass1[0], grass1[1]);
    grass1.drain(..2);
    let grass2 = [
        c(9, 6),
        c(8, 7),
        c(9, 7),
        c(7, 8),
        c(8, 8),
        c(9, 8),
        c(6, 9),
        c(7, 9),
        c(8, 9),
    ];
    let mut s = State::from_layout(
        [(hill1, tunnel1, &grass1), (c(9, 9), c(4, 8), &grass2)],
        &[c(0, 6), c(8, 6), c(4, 0), c(3, 1)],
    );
    s.ants_mut(Player::First).clear();
    s.ants_mut(Player::Second).clear();
    s.put_ant(Player::First, AntType::Worker, c(4, 0));
    s.put_ant(Player::First, AntType::Worker, hill1);
    s.put_ant(Player::First, AntType::Queen, c(8, 3));
    s.put_ant(Player::First, AntType::Soldier, c(9, 6));
    s.put_ant(Player::First, AntType::Soldier, c(9, 7));
    s.put_ant(Player::Second, AntType::Queen, c(8, 9));
    s.ants_mut(Player::First)[0].carrying = true;
    s.set_food(Player::First, 3);
    s.set_food(Player::Second, 2);
    s.set_turn(Player::First);
    s
}

/// A deadlock from a game against Nibble in the original program: each
/// colony is down to its queen and one drone, with no food and no worker,
/// so killing the other drone wins by starvation. Player 2 to move.
pub(crate) fn drone_standoff() -> State {
    let c = Coord::new;
    let mut s = standard();
    for p in [Player::First, Player::Second] {
        s.ants_mut(p).clear();
        s.set_food(p, 0);
    }
    s.put_ant(Player::First, AntType::Queen, c(4, 3));
    s.put_ant(Player::First, AntType::Drone, c(0, 1));
    s.put_ant(Player::Second, AntType::Queen, c(9, 7));
    s.put_ant(Player::Second, AntType::Drone, c(8, 0));
    s.set_turn(Player::Second);
    s
}
