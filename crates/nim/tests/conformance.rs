use gamecore::testkit::check_random_games;
use gamecore::Player;
use nim::{RedBlueNim, Version};

#[test]
fn random_games_keep_the_game_contract_in_both_versions() {
    let starts = [
        (0, 0),
        (0, 4),
        (3, 0),
        (1, 1),
        (2, 2),
        (5, 7),
        (13, 2),
        (30, 30),
        (200, 150),
    ];
    for version in Version::BOTH {
        for (i, &(red, blue)) in starts.iter().enumerate() {
            for side in Player::BOTH {
                let start = RedBlueNim::new(red, blue, version).with_side_to_move(side);
                check_random_games(&start, 8, 4308 + i as u64);
            }
        }
    }
}

#[test]
fn a_long_random_game_keeps_the_contract() {
    let start = RedBlueNim::new(1000, 1000, Version::Misere);
    check_random_games(&start, 2, 5360);
}
