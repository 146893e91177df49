//! Criticality (Coulom, "Criticality: a Monte-Carlo heuristic for Go programs", 2009): how much
//! owning a point at the end of a playout goes with winning it, beyond what the two sides'
//! chances and the point's ownership explain on their own. A point whose owner decides the
//! game — the vital point of a capturing race, the cutting point of a big group — is critical;
//! a point either side owns whatever happens is not. The search's playouts from the root
//! collect it, and new tree nodes on critical points get a prior (`EngineConfig::criticality`).

/// Criticality needs this many playouts before it is used (below, it is noise).
const MIN_PLAYOUTS: u32 = 200;

/// Per-point statistics of the playouts of one search.
#[derive(Debug, Clone, Default)]
pub(crate) struct Criticality {
    playouts: u32,
    black_wins: u32,
    /// Per point (row-major from the bottom-left): playouts that Black owned it in, that White
    /// owned it in, and that its owner won.
    black_owned: Vec<u32>,
    white_owned: Vec<u32>,
    winner_owned: Vec<u32>,
}

impl Criticality {
    /// Empty statistics for a board of `area` points.
    pub(crate) fn new(area: usize) -> Criticality {
        Criticality {
            playouts: 0,
            black_wins: 0,
            black_owned: vec![0; area],
            white_owned: vec![0; area],
            winner_owned: vec![0; area],
        }
    }

    /// Adds one playout: its final owners (+1 Black, -1 White, 0 neither) and who won.
    pub(crate) fn add(&mut self, owners: &[i8], black_won: bool) {
        self.playouts += 1;
        self.black_wins += u32::from(black_won);
        let winner = if black_won { 1 } else { -1 };
        for (p, &o) in owners.iter().enumerate() {
            match o {
                1 => self.black_owned[p] += 1,
                -1 => self.white_owned[p] += 1,
                _ => continue,
            }
            if o == winner {
                self.winner_owned[p] += 1;
            }
        }
    }

    /// The criticality of point `p` (row-major index), about -0.25..1: the share of playouts
    /// its owner won minus the share expected if owning it and winning were independent;
    /// `None` until enough playouts are in.
    pub(crate) fn of(&self, p: usize) -> Option<f32> {
        if self.playouts < MIN_PLAYOUTS {
            return None;
        }
        let n = self.playouts as f32;
        let (bw, ww) = (
            self.black_wins as f32 / n,
            (self.playouts - self.black_wins) as f32 / n,
        );
        let (bo, wo) = (
            self.black_owned[p] as f32 / n,
            self.white_owned[p] as f32 / n,
        );
        Some(self.winner_owned[p] as f32 / n - (bw * bo + ww * wo))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_point_whose_owner_wins_is_critical_and_a_settled_point_is_not() {
        // Point 0 goes to whoever wins; point 1 is always Black's, whoever wins.
        let mut c = Criticality::new(2);
        for k in 0..400 {
            let black_won = k % 2 == 0;
            c.add(&[if black_won { 1 } else { -1 }, 1], black_won);
        }
        assert!((c.of(0).unwrap() - 0.5).abs() < 1e-6, "{:?}", c.of(0));
        assert!(c.of(1).unwrap().abs() < 1e-6, "{:?}", c.of(1));
    }

    #[test]
    fn too_few_playouts_say_nothing() {
        let mut c = Criticality::new(1);
        c.add(&[1], true);
        assert_eq!(c.of(0), None);
    }
}
