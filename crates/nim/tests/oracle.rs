use nim::{Pile, Version};

/// `V(r, b)`: the score (assignment points) of the player to move under
/// perfect play, for every `r, b ≤ max`, filled bottom-up from spec §8:
/// `±S` at an empty pile, else `max(−V(r−1, b), −V(r, b−1))`.
pub struct Oracle {
    version: Version,
    max: usize,
    values: Vec<Vec<i32>>,
}

impl Oracle {
    pub fn new(max: usize, version: Version) -> Oracle {
        let mut values = vec![vec![0; max + 1]; max + 1];
        for r in 0..=max {
            for b in 0..=max {
                let s = 2 * r as i32 + 3 * b as i32;
                values[r][b] = if r == 0 || b == 0 {
                    match version {
                        Version::Standard => -s,
                        Version::Misere => s,
                    }
                } else {
                    (-values[r - 1][b]).max(-values[r][b - 1])
                };
            }
        }
        Oracle {
            version,
            max,
            values,
        }
    }

    pub fn max(&self) -> usize {
        self.max
    }

    pub fn value(&self, red: usize, blue: usize) -> i32 {
        self.values[red][blue]
    }

    /// The first optimal move in the assignment's order (spec §3), written out
    /// by hand rather than taken from the crate.
    pub fn best_move(&self, red: usize, blue: usize) -> Option<Pile> {
        if red == 0 || blue == 0 {
            return None;
        }
        let order = match self.version {
            Version::Standard => [Pile::Blue, Pile::Red],
            Version::Misere => [Pile::Red, Pile::Blue],
        };
        let v = self.values[red][blue];
        order.into_iter().find(|pile| match pile {
            Pile::Red => -self.values[red - 1][blue] == v,
            Pile::Blue => -self.values[red][blue - 1] == v,
        })
    }
}
