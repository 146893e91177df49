//! Dead-stone estimation: ownership from many heavy playouts from the position, combined with
//! Benson's pass-alive analysis, seki detection and the exact reading of sealed clusters of
//! weak chains (module `reading`), decided chain by chain.

use crate::benson::{chains, grid_neighbours, label, pass_alive};
use crate::board::{PlayoutBoard, BLACK, WHITE};
use crate::eyes;
use crate::policy::{playout, Policy};
use crate::reading::{read_clusters, Fate};
pub use crate::reading::{ESTIMATE_BUDGET, MOVE_BUDGET};
use crate::rng::FastRng;
use crate::sacrifice::killed_by_sacrifice;
use crate::standoff::standoff_chains;
use std::collections::BTreeSet;
use tengen_rules::score::seki_chains;
use tengen_rules::{Color, Game, Point};

/// A chain is dead when its mean ownership, seen from its own color, is below this.
const DEAD_BELOW: f32 = -0.2;
/// A chain in seki is only dead when the playouts are this sure.
const SEKI_DEAD_BELOW: f32 = -0.7;
/// An empty point shared by both colors counts for one side when ownership passes this.
const OWNED_ABOVE: f32 = 0.5;

/// A chain whose ownership is below this is not clearly alive: if it also has no eye and is
/// enclosed by solid opponent stones, it is dead (the players have stopped, so it cannot live).
const UNCLEAR_BELOW: f32 = 0.4;
/// Opponent chains around an enclosure must be at least this clearly alive.
const SOLID_ABOVE: f32 = 0.3;
/// A group that cannot make two eyes (see [`crate::eyes`]) is dead unless the playouts give it
/// at least this ownership.
const ONE_EYED_DEAD_BELOW: f32 = 0.8;

/// Playouts for an estimate on a board of side `size` (about equal time for every size).
pub fn default_playouts(size: u8) -> u32 {
    let area = size as u32 * size as u32;
    (400_000 / area.max(1)).clamp(200, 8000)
}

/// The estimate of a position, as the public [`crate::Estimate`] needs it.
#[derive(Debug, Clone)]
pub struct Analysis {
    /// Dead stones.
    pub dead: BTreeSet<Point>,
    /// Ownership per point, row-major from the bottom-left, +1 Black.
    pub ownership: Vec<f32>,
    /// Expected area score, Black minus White, komi included (contested empty regions
    /// follow the ownership).
    pub score: f64,
    /// The count as it stands, Black minus White, komi included: dead stones removed, empty
    /// regions bordered by both colors neutral.
    pub counted: f64,
    /// The size of the largest empty region bordered by both colors (0 when all is settled).
    pub largest_open: usize,
}

/// Mean ownership over `playouts` heavy playouts from `board`, half with each color first.
pub fn playout_ownership(
    board: &PlayoutBoard,
    playouts: u32,
    threads: usize,
    seed: u64,
) -> Vec<f32> {
    let area = board.size() * board.size();
    let threads = threads.clamp(1, 64).min(playouts.max(1) as usize);
    let per = playouts.div_ceil(threads as u32);
    let sums: Vec<Vec<i64>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut rng = FastRng::new(seed.wrapping_add(t as u64 * 0x1234_5678_9ABC));
                    let mut b = board.clone();
                    let mut moves = Vec::with_capacity(area * 3);
                    let mut owners = vec![0i8; area];
                    let mut sum = vec![0i64; area];
                    for k in 0..per {
                        b.copy_from(board);
                        b.set_to_move(if (k + t as u32).is_multiple_of(2) {
                            BLACK
                        } else {
                            WHITE
                        });
                        playout(&mut b, &mut rng, Policy::Estimator, &mut moves);
                        b.owners(&mut owners);
                        for (s, &o) in sum.iter_mut().zip(&owners) {
                            *s += o as i64;
                        }
                    }
                    sum
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("estimate thread panicked"))
            .collect()
    });
    let total = (per * threads as u32).max(1) as f32;
    let mut own = vec![0f32; area];
    for sum in sums {
        for (o, s) in own.iter_mut().zip(sum) {
            *o += s as f32;
        }
    }
    own.iter_mut().for_each(|o| *o /= total);
    own
}

/// Estimates the dead stones, ownership and score of `game`'s position.
pub fn analyse(game: &Game, playouts: u32, threads: usize, seed: u64) -> Analysis {
    let pb = PlayoutBoard::from_board(game.board(), game.to_move());
    let ownership = playout_ownership(&pb, playouts, threads, seed);
    decide(game, ownership)
}

/// Decides dead stones and the score from playout ownership (row-major from the bottom-left).
pub fn decide(game: &Game, ownership: Vec<f32>) -> Analysis {
    decide_within(game, ownership, ESTIMATE_BUDGET)
}

/// [`decide`], reading at most `reading_budget` positions of the seki clusters (see
/// module `reading`).
pub fn decide_within(game: &Game, mut ownership: Vec<f32>, reading_budget: u32) -> Analysis {
    let board = game.board();
    let size = board.size() as usize;
    let area = size * size;
    let flat = |p: Point| p.row as usize * size + p.col as usize;
    let mut cells = vec![0u8; area];
    for (p, c) in board.stones() {
        cells[flat(p)] = if c == Color::Black { 1 } else { 2 };
    }
    let pa = pass_alive(&cells, size);
    let sign = |c: u8| if c == 1 { 1.0 } else { -1.0 };
    for (o, (&alive, &territory)) in ownership.iter_mut().zip(pa.alive.iter().zip(&pa.territory)) {
        if alive != 0 {
            *o = sign(alive);
        } else if territory != 0 {
            *o = sign(territory);
        }
    }
    // Chains in seki, and chains in a stand-off (both colors in atari on one point), are
    // alive unless the playouts are sure.
    let mut seki = seki_chains(board);
    seki.extend(standoff_chains(board));
    // Decide chain by chain.
    let (chain, n_chains) = chains(&cells, size);
    let mut sum = vec![0f32; n_chains];
    let mut count = vec![0u32; n_chains];
    let mut in_seki = vec![false; n_chains];
    let mut forced_alive = vec![false; n_chains];
    let mut forced_dead = vec![false; n_chains];
    for p in 0..area {
        if cells[p] == 0 {
            continue;
        }
        let c = chain[p];
        let own = if cells[p] == 1 {
            ownership[p]
        } else {
            -ownership[p]
        };
        sum[c] += own;
        count[c] += 1;
        if pa.alive[p] != 0 {
            forced_alive[c] = true;
        }
        if pa.territory[p] != 0 && pa.territory[p] != cells[p] {
            forced_dead[c] = true;
        }
        let pt = Point::new((p % size) as u8, (p / size) as u8);
        if board.chain_id(pt).is_some_and(|id| seki.contains(&id)) {
            in_seki[c] = true;
        }
    }
    // Exact reading of the clusters of weak chains: what stands whoever starts is alive.
    let fates = read_clusters(&cells, size, &chain, n_chains, &pa.alive, reading_budget);
    let mut read_alive = vec![false; n_chains];
    for (c, fate) in fates.iter().enumerate() {
        if *fate == Fate::Survives && !forced_dead[c] {
            read_alive[c] = true;
        }
    }
    let mut chain_dead = vec![false; n_chains];
    for c in 0..n_chains {
        let mean = sum[c] / count[c].max(1) as f32;
        chain_dead[c] = if forced_alive[c] || read_alive[c] {
            false
        } else if forced_dead[c] {
            true
        } else if in_seki[c] {
            mean < SEKI_DEAD_BELOW
        } else {
            mean < DEAD_BELOW
        };
    }
    let means: Vec<f32> = (0..n_chains)
        .map(|c| sum[c] / count[c].max(1) as f32)
        .collect();
    for c in eyeless_and_enclosed(&cells, size, &chain, &means) {
        if !forced_alive[c] && !read_alive[c] && !in_seki[c] && means[c] < UNCLEAR_BELOW {
            chain_dead[c] = true;
        }
    }
    // Groups that cannot make two eyes, enclosed by living stones, die even when the random
    // playouts let them live (unless the playouts are sure). Where all a chain's liberties lie
    // in one killable eye space that holds opponent stones, also when the local reading found
    // it standing: that reading stops six moves after a capture, and a group that takes the
    // stone on its eye space's vital point still has one eye (game 8202).
    let nakade = eyes::nakade_enclosed(&cells, size, &chain, n_chains);
    for c in eyes::eyeless_groups(&cells, size, &chain, &means, &ownership) {
        let trusted_reading = read_alive[c] && !nakade[c];
        if !forced_alive[c] && !trusted_reading && !in_seki[c] && means[c] < ONE_EYED_DEAD_BELOW {
            chain_dead[c] = true;
        }
    }
    // Two chains sharing their last two liberties are no seki where the owner of the small
    // one kills the other by sacrificing it (game 7924): whatever the playouts and the
    // cut-short reading say, the big chain is dead and the small one is not.
    for (victim, sacrificed) in killed_by_sacrifice(&cells, size, &chain, n_chains) {
        if !forced_alive[victim] {
            chain_dead[victim] = true;
            chain_dead[sacrificed] = false;
        }
    }
    for c in with_no_living_opponent(&cells, size, &chain, &chain_dead) {
        if !forced_dead[c] {
            chain_dead[c] = false;
        }
    }
    let mut dead = BTreeSet::new();
    let mut living = cells.clone();
    for p in 0..area {
        if cells[p] != 0 && chain_dead[chain[p]] {
            dead.insert(Point::new((p % size) as u8, (p / size) as u8));
            living[p] = 0;
        }
    }
    let komi = game.rules().komi.points();
    let expected = owners(&living, size, Some(&ownership));
    let settled = owners(&living, size, None);
    let score = area_score(&expected) - komi;
    let counted = area_score(&settled) - komi;
    // Report the decision where there is one (stones, one-colored areas), the playouts elsewhere.
    for (o, &s) in ownership.iter_mut().zip(&settled) {
        match s {
            1 => *o = 1.0,
            2 => *o = -1.0,
            _ => {}
        }
    }
    Analysis {
        dead,
        ownership,
        score,
        counted,
        largest_open: largest_open(&living, size),
    }
}

/// Dead chains that nothing living can capture: every opponent chain around the area they
/// stand in (the connected points not of the opponent's color) is dead too. A stone on the
/// vital point of a dead group's eye space is the opponent's; once the group is taken off,
/// it stands (game 8202's B9), whatever the playouts made of it.
fn with_no_living_opponent(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    chain_dead: &[bool],
) -> Vec<usize> {
    let mut out = Vec::new();
    for color in [1u8, 2u8] {
        let opp = 3 - color;
        let (area, n) = label(cells, size, |c| c != opp);
        let mut living_around = vec![false; n];
        for p in 0..cells.len() {
            if area[p] == usize::MAX {
                continue;
            }
            for q in grid_neighbours(p, size) {
                if cells[q] == opp && !chain_dead[chain[q]] {
                    living_around[area[p]] = true;
                }
            }
        }
        for p in 0..cells.len() {
            let c = chain[p];
            if cells[p] == color && chain_dead[c] && !living_around[area[p]] && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// The size of the largest empty region that touches both colors.
fn largest_open(living: &[u8], size: usize) -> usize {
    let (region, n) = label(living, size, |c| c == 0);
    let mut touches = vec![0u8; n];
    let mut len = vec![0usize; n];
    for p in 0..living.len() {
        if living[p] == 0 {
            len[region[p]] += 1;
            for q in grid_neighbours(p, size) {
                touches[region[p]] |= living[q];
            }
        }
    }
    (0..n)
        .filter(|&r| touches[r] == 3)
        .map(|r| len[r])
        .max()
        .unwrap_or(0)
}

/// The owner of each point once dead stones are removed: 1 Black, 2 White, 0 neutral. Empty
/// regions bordered by one color belong to it; regions bordered by both are neutral, or, when
/// `ownership` is given, follow it where it is clear.
pub fn owners(living: &[u8], size: usize, ownership: Option<&[f32]>) -> Vec<u8> {
    let (region, n) = label(living, size, |c| c == 0);
    let mut touches = vec![0u8; n];
    for p in 0..living.len() {
        if living[p] == 0 {
            for q in grid_neighbours(p, size) {
                touches[region[p]] |= living[q];
            }
        }
    }
    (0..living.len())
        .map(|p| {
            if living[p] != 0 {
                return living[p];
            }
            let own = ownership.map_or(0.0, |o| o[p]);
            match touches[region[p]] {
                1 => 1,
                2 => 2,
                _ if own > OWNED_ABOVE => 1,
                _ if own < -OWNED_ABOVE => 2,
                _ => 0,
            }
        })
        .collect()
}

fn area_score(owners: &[u8]) -> f64 {
    owners
        .iter()
        .map(|o| match o {
            1 => 1.0,
            2 => -1.0,
            _ => 0.0,
        })
        .sum()
}

/// Chains that have no eye (no empty area bordered only by their color) inside their
/// enclosure (the connected points not of the opponent's color around them), when that
/// enclosure holds no clearly living friendly chain, every opponent chain around it is
/// clearly alive, and it holds at most two thirds of the board's empty points. `means` is each chain's mean ownership seen from its own color.
fn eyeless_and_enclosed(cells: &[u8], size: usize, chain: &[usize], means: &[f32]) -> Vec<usize> {
    let mut out = Vec::new();
    let (empty_region, n_empty) = label(cells, size, |c| c == 0);
    let total_empty = cells.iter().filter(|&&c| c == 0).count();
    // Which colors border each empty area.
    let mut empty_touch = vec![0u8; n_empty];
    for p in 0..cells.len() {
        if cells[p] == 0 {
            for q in grid_neighbours(p, size) {
                empty_touch[empty_region[p]] |= cells[q];
            }
        }
    }
    for color in [1u8, 2u8] {
        let opp = 3 - color;
        let (encl, n) = label(cells, size, |c| c != opp);
        let mut has_eye = vec![false; n];
        let mut friendly_alive = vec![false; n];
        let mut solid = vec![true; n];
        let mut empties = vec![0usize; n];
        for p in 0..cells.len() {
            let e = encl[p];
            if e == usize::MAX {
                continue;
            }
            if cells[p] == 0 {
                empties[e] += 1;
            }
            match cells[p] {
                0 if empty_touch[empty_region[p]] == color => has_eye[e] = true,
                c if c == color && means[chain[p]] > SOLID_ABOVE => friendly_alive[e] = true,
                _ => {}
            }
            for q in grid_neighbours(p, size) {
                if cells[q] == opp && means[chain[q]] <= SOLID_ABOVE {
                    solid[e] = false;
                }
            }
        }
        let mut seen = vec![false; means.len()];
        for p in 0..cells.len() {
            if cells[p] != color || seen[chain[p]] {
                continue;
            }
            seen[chain[p]] = true;
            let e = encl[p];
            // An enclosure holding most of the board's empty points is open play, not a
            // territory (early or middle game).
            let enclosed = empties[e] * 3 <= total_empty * 2;
            if enclosed && !has_eye[e] && !friendly_alive[e] && solid[e] {
                out.push(chain[p]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benson::tests::{grid, BULKY_FIVE_HOLDING_A_STONE};

    #[test]
    fn a_stone_inside_a_dead_group_is_not_dead_and_one_inside_a_living_group_is() {
        // White's B9 sits on the vital point of Black's eye space; White's wall encloses
        // Black. With Black's group dead, B9 has no living opponent around.
        let (cells, size) = grid(&BULKY_FIVE_HOLDING_A_STONE);
        let (chain, n) = chains(&cells, size);
        let black = chain[8 * size + 3];
        let b9 = chain[8 * size + 1];
        let mut dead = vec![false; n];
        dead[black] = true;
        dead[b9] = true;
        assert_eq!(
            with_no_living_opponent(&cells, size, &chain, &dead),
            vec![b9]
        );
        // With Black's group alive, B9 stays dead.
        dead[black] = false;
        assert!(with_no_living_opponent(&cells, size, &chain, &dead).is_empty());
    }
}
