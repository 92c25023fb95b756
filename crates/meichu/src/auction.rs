//! The colour auction before play (rule 2, spec §3.3 and §7).
//!
//! Each program names a colour and a price. Prices are capped at 140 and
//! compared as given; payments use `max(0, price)`. Different colours: both
//! free. Same colour: the higher price wins it and pays the other price + 1.
//! Equal capped prices: the TA assigns the colours, and whoever gets the
//! contested colour pays the other's price + 1 (equal to its own + 1).

use crate::position::START_BUDGET;
use crate::Color;

/// The cap on a bid (the sample's `MAX_PRICE`).
pub const MAX_PRICE: i64 = 140;

/// One program's bid: the colour it wants and what it offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bid {
    /// The colour wanted.
    pub color: Color,
    /// The price offered (capped at [`MAX_PRICE`] when settled; may be negative).
    pub price: i64,
}

impl Bid {
    /// Creates a bid, capping the price at [`MAX_PRICE`] as the sample does.
    pub fn new(color: Color, price: i64) -> Bid {
        Bid {
            color,
            price: price.min(MAX_PRICE),
        }
    }
}

/// The outcome of the auction from one program's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Auction {
    /// Our colour and the starting budgets `[black, white]`.
    Settled {
        /// The colour we play.
        color: Color,
        /// The budgets when play starts, Black's then White's.
        budgets: [i32; 2],
    },
    /// Same colour, same capped price: the TA must say which colour we play
    /// ([`settle_tie`]).
    Tie,
}

fn payment(price: i64) -> i32 {
    (price.max(0) + 1) as i32
}

/// Settles the auction between our bid `own` and the opponent's `opponent`.
pub fn settle(own: Bid, opponent: Bid) -> Auction {
    let own = Bid::new(own.color, own.price);
    let opponent = Bid::new(opponent.color, opponent.price);
    let mut budgets = [START_BUDGET; 2];
    if own.color != opponent.color {
        return Auction::Settled {
            color: own.color,
            budgets,
        };
    }
    if own.price > opponent.price {
        budgets[own.color.index()] -= payment(opponent.price);
        Auction::Settled {
            color: own.color,
            budgets,
        }
    } else if own.price < opponent.price {
        let color = opponent.color.other();
        budgets[opponent.color.index()] -= payment(own.price);
        Auction::Settled { color, budgets }
    } else {
        Auction::Tie
    }
}

/// Settles a tie once the TA has set our colour to `assigned`.
pub fn settle_tie(own: Bid, opponent: Bid, assigned: Color) -> Auction {
    let own = Bid::new(own.color, own.price);
    let opponent = Bid::new(opponent.color, opponent.price);
    let mut budgets = [START_BUDGET; 2];
    if assigned == own.color {
        budgets[assigned.index()] -= payment(opponent.price);
    } else {
        budgets[assigned.other().index()] -= payment(own.price);
    }
    Auction::Settled {
        color: assigned,
        budgets,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black, White};

    #[test]
    fn different_colours_are_free() {
        assert_eq!(
            settle(Bid::new(Black, 30), Bid::new(White, 99)),
            Auction::Settled {
                color: Black,
                budgets: [150, 150]
            }
        );
    }

    #[test]
    fn the_higher_bid_pays_the_other_plus_one() {
        assert_eq!(
            settle(Bid::new(Black, 30), Bid::new(Black, 12)),
            Auction::Settled {
                color: Black,
                budgets: [137, 150]
            }
        );
        // The loser's view of the same auction: the same budgets.
        assert_eq!(
            settle(Bid::new(Black, 12), Bid::new(Black, 30)),
            Auction::Settled {
                color: White,
                budgets: [137, 150]
            }
        );
    }

    #[test]
    fn prices_are_capped_and_negative_prices_pay_nothing() {
        // 500 and 200 both cap to 140: a tie.
        assert_eq!(
            settle(Bid::new(White, 500), Bid::new(White, 200)),
            Auction::Tie
        );
        assert_eq!(
            settle_tie(Bid::new(White, 500), Bid::new(White, 200), White),
            Auction::Settled {
                color: White,
                budgets: [150, 9]
            }
        );
        assert_eq!(
            settle_tie(Bid::new(White, 5), Bid::new(White, 5), Black),
            Auction::Settled {
                color: Black,
                budgets: [150, 144]
            }
        );
        assert_eq!(
            settle(Bid::new(Black, 3), Bid::new(Black, -7)),
            Auction::Settled {
                color: Black,
                budgets: [149, 150]
            }
        );
    }
}
