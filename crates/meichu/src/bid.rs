//! Our auction bid (see `docs/meichu_bid.md` for how the value was estimated).

use crate::Color;

/// The colour we bid for: Black, which moves first.
pub const BID_COLOR: Color = Color::Black;

/// What we bid for it, in budget units: our estimate of what playing Black
/// is worth over playing White. The auction is second price, so bidding the
/// true value is the dominant strategy: we pay the other bid + 1 only when
/// it is below our value.
pub const BID_PRICE: i64 = 30;
