//! Two chains that share their only two liberties and look like a seki, where one of them is
//! killed by a sacrifice (docs/ENGINE.md, "Scoring a finished game": games 7924 and 7731).
//!
//! Neither side can fill a shared liberty without putting its own chain in atari, so random
//! playouts and the cut-short local reading keep both standing. But when one chain is small,
//! its owner fills a liberty on purpose: the big chain must take the stones with the other
//! liberty, and the eye space it gets — the small chain's points and the filled one — is a
//! killable shape (a bent or straight three, ...) with the opponent to play its vital point.
//! A Go player calls the big chain dead. Where both chains could be killed this way, whoever
//! moves first wins, and nothing is decided here.

use crate::benson::{grid_neighbours, stones_and_liberties};
use crate::eyes::{killable_shape, MAX_KILLABLE};

/// Chains (by index of `chain`) killed by the sacrifice of a small chain beside them, each
/// with the chain sacrificed: `(victim, sacrificed)`. `cells`: 0 empty, 1 Black, 2 White;
/// `chain`/`n_chains` as [`crate::benson::chains`].
pub(crate) fn killed_by_sacrifice(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    n_chains: usize,
) -> Vec<(usize, usize)> {
    let (stones, mut liberties) = stones_and_liberties(cells, size, chain, n_chains);
    for libs in liberties.iter_mut() {
        libs.sort_unstable();
    }
    let chains = Chains {
        cells,
        size,
        chain,
        stones: &stones,
        liberties: &liberties,
    };
    let mut out = Vec::new();
    for a in 0..n_chains {
        if liberties[a].len() != 2 {
            continue;
        }
        let mut partners: Vec<usize> = stones[a]
            .iter()
            .flat_map(|&p| grid_neighbours(p, size))
            .filter(|&q| cells[q] != 0 && cells[q] != cells[stones[a][0]])
            .map(|q| chain[q])
            .filter(|&b| b > a && liberties[b] == liberties[a])
            .collect();
        partners.sort_unstable();
        partners.dedup();
        for b in partners {
            match (chains.kills(b, a), chains.kills(a, b)) {
                (true, false) => out.push((a, b)),
                (false, true) => out.push((b, a)),
                _ => {}
            }
        }
    }
    out
}

/// The board's chains, their stones and sorted liberties.
struct Chains<'a> {
    cells: &'a [u8],
    size: usize,
    chain: &'a [usize],
    stones: &'a [Vec<usize>],
    liberties: &'a [Vec<usize>],
}

impl Chains<'_> {
    /// Whether the owner of `small` kills `victim` (the two share their only two liberties)
    /// by filling one of them: the victim must take `small` and the filled point with the
    /// other, and is left with that killable shape as its only eye space and the opponent
    /// to play.
    fn kills(&self, small: usize, victim: usize) -> bool {
        let (cells, size) = (self.cells, self.size);
        let victim_color = cells[self.stones[victim][0]];
        debug_assert_eq!(self.liberties[small], self.liberties[victim]);
        // The victim must not get liberties by taking another chain beside it: with two
        // liberties it outruns nothing of three or more, nor a chain with two eyes, and a
        // race against two or fewer depends on who moves first (game 8193's Black chain of
        // thirteen with two).
        let escapes = self.stones[victim]
            .iter()
            .flat_map(|&p| grid_neighbours(p, size))
            .filter(|&q| cells[q] != 0 && cells[q] != victim_color)
            .map(|q| self.chain[q])
            .any(|t| t != small && self.liberties[t].len() < 3 && self.eyes(t) < 2);
        if escapes || self.stones[small].len() + 1 > MAX_KILLABLE {
            return false;
        }
        let libs = &self.liberties[victim];
        (0..2).any(|k| {
            let (filled, other) = (libs[k], libs[1 - k]);
            let mut space = self.stones[small].clone();
            space.push(filled);
            // The space, and the point the victim takes with, must touch no stone but the
            // victim's and the small chain's: a friendly chain there would join the victim
            // when it takes (game 7819's B4, beside White's B5), and an empty point would
            // give the small chain a liberty.
            let enclosed = |p: usize, allowed: &dyn Fn(usize) -> bool| {
                grid_neighbours(p, size)
                    .all(|q| allowed(q) || (cells[q] == victim_color && self.chain[q] == victim))
            };
            let in_space = |q: usize| space.contains(&q) || q == other;
            space.iter().all(|&p| enclosed(p, &in_space))
                && enclosed(other, &|q| space.contains(&q))
                && killable_shape(size, &space)
        })
    }

    /// The liberties of chain `t` whose every neighbour is a stone of its color: points the
    /// opponent cannot fill while the chain stands.
    fn eyes(&self, t: usize) -> usize {
        let color = self.cells[self.stones[t][0]];
        self.liberties[t]
            .iter()
            .filter(|&&p| grid_neighbours(p, self.size).all(|q| self.cells[q] == color))
            .count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benson::chains;
    use crate::benson::tests::{draw, grid};

    /// The victims' stones as `#` and the sacrificed chains' as `s`, rows top first.
    fn sacrifices(rows: &[&str]) -> Vec<String> {
        let (cells, size) = grid(rows);
        let (chain, n) = chains(&cells, size);
        let found = killed_by_sacrifice(&cells, size, &chain, n);
        draw(size, |p| match cells[p] {
            0 => '.',
            _ if found.iter().any(|&(v, _)| v == chain[p]) => '#',
            _ if found.iter().any(|&(_, s)| s == chain[p]) => 's',
            _ => '.',
        })
    }

    #[test]
    fn a_two_stone_sacrifice_leaving_a_bent_three_kills_the_big_chain() {
        // As in game 7924's upper left: Black's seven stones and White's A9-A8 share their
        // only liberties, B9 and A7. White fills B9, Black takes three stones with A7 and is
        // left the bent three A9-A8-B9 with White to play A9.
        let out = sacrifices(&[
            "O.XO.....",
            "OXXO.....",
            ".XXO.....",
            "XXOO.....",
            "OOO......",
            ".........",
            ".........",
            ".........",
            ".........",
        ]);
        assert_eq!(
            out[..4],
            ["s.#......", "s##......", ".##......", "##......."],
            "{out:#?}"
        );
        assert!(out[4..].iter().all(|r| !r.contains(['#', 's'])), "{out:#?}");
    }

    #[test]
    fn a_big_chain_that_can_take_a_stone_in_atari_is_not_killed() {
        // Game 8174's top as both players left it: White's ten stones and Black's D9-E9
        // share their only liberties, C9 and E8, but White takes Black's H9 (in atari at J9)
        // for a second eye.
        let rows = [
            "XO.XXOOX.",
            "XOOO.OXOO",
            "XXXOOOXO.",
            "...XXXXXO",
            "..X..XOOO",
            ".....XO..",
            ".X...XOO.",
            "....X.XOO",
            ".....XXXO",
        ];
        let (cells, size) = grid(&rows);
        let (chain, n) = chains(&cells, size);
        let (_, all_liberties) = stones_and_liberties(&cells, size, &chain, n);
        let point = |col: usize, row: usize| (row - 1) * size + col;
        let liberties = |c: usize| {
            let mut libs = all_liberties[c].clone();
            libs.sort_unstable();
            libs
        };
        let both = vec![point(4, 8), point(2, 9)]; // E8, C9
        assert_eq!(liberties(chain[point(3, 9)]), both, "Black's D9-E9");
        assert_eq!(liberties(chain[point(3, 8)]), both, "White's ten stones");
        let out = sacrifices(&rows);
        assert!(out.iter().all(|r| !r.contains('#')), "{out:#?}");
    }

    #[test]
    fn a_victim_that_joins_a_friendly_chain_as_it_takes_is_not_killed() {
        // Game 7819's left side: Black's A7-A6-B6-C6 and White's B5 share A5 and C5, but when
        // White fills A5, Black takes at C5 and joins its lower group through C4.
        let out = sacrifices(&[
            ".........",
            "OO.......",
            "XOO....O.",
            "XXXOOO...",
            ".O.XXOOOO",
            ".XX.XXXXO",
            "........X",
            ".......X.",
            ".........",
        ]);
        assert!(out.iter().all(|r| !r.contains('#')), "{out:#?}");
    }
}
