//! Static eye-space analysis for the dead-stone estimator: groups that cannot make two eyes.
//!
//! Playouts are random, so a group whose only eye space is a killable shape (a bent three in
//! the corner, a square four), or whose second "eye" is false, often lives in them: the
//! defender happens to play the vital point first. A Go player calls such a group dead at the
//! end of the game, because the opponent kills it by moving first. This module finds them:
//!
//! - The eye spaces of a color are the connected areas of points not of that color (empty
//!   points and opponent stones) that hold no living opponent stone. Each is worth up to two
//!   eyes: an area of seven points or more, or of a shape that cannot be killed (straight or
//!   bent four, straight five...), two; a killable shape of up to six points (any shape up to
//!   three, square and pyramid four, bulky and cross five, rabbity six), one; a single point
//!   that is a false eye (opponent stones on two diagonals, or one on the edge), none.
//! - A group is the chains of a color joined through a shared eye space or a shared liberty.
//! - A group with less than two eyes is dead when everything around it is settled: every
//!   opponent chain next to it (or across one of its liberties) is clearly alive, and none of
//!   its outside liberties is its own territory by the playouts. Groups in seki and pass-alive
//!   groups are left to the caller.

use crate::benson::{grid_neighbours, label};

/// The largest eye space that can be a killable shape.
pub(crate) const MAX_KILLABLE: usize = 6;
/// An opponent chain inside an area with at least this ownership (from its own side) is alive,
/// so the area is not an eye space.
const LIVING_ABOVE: f32 = 0.3;
/// Opponent chains around a group must be at least this clearly alive.
const SURROUNDED_BY_ABOVE: f32 = 0.5;
/// An outside liberty owned this much by the group's color is room to make eyes.
const ROOM_ABOVE: f32 = 0.3;

/// The chains (by index of `chain`) of groups that cannot make two eyes and are enclosed by
/// clearly living opponent chains. `cells`: 0 empty, 1 Black, 2 White; `chain`: the chain of
/// each stone (`usize::MAX` on empty points); `means`: each chain's mean ownership from its own
/// side; `ownership`: per point, +1 Black .. -1 White.
pub(crate) fn eyeless_groups(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    means: &[f32],
    ownership: &[f32],
) -> Vec<usize> {
    let mut out = Vec::new();
    for color in [1u8, 2u8] {
        out.extend(eyeless_of(cells, size, chain, means, ownership, color));
    }
    out
}

fn eyeless_of(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    means: &[f32],
    ownership: &[f32],
    color: u8,
) -> Vec<usize> {
    let opp = 3 - color;
    let sign = if color == 1 { 1.0 } else { -1.0 };
    let n_chains = means.len();
    // The areas of points not of `color` and what each is worth.
    let (area, n_areas) = label(cells, size, |c| c != color);
    let mut members: Vec<Vec<usize>> = vec![Vec::new(); n_areas];
    let mut living_inside = vec![false; n_areas];
    for p in 0..cells.len() {
        if area[p] == usize::MAX {
            continue;
        }
        members[area[p]].push(p);
        if cells[p] == opp && means[chain[p]] > LIVING_ABOVE {
            living_inside[area[p]] = true;
        }
    }
    let value: Vec<u8> = (0..n_areas)
        .map(|a| {
            if living_inside[a] {
                0
            } else {
                eye_value(cells, size, &members[a], color)
            }
        })
        .collect();
    // Groups: chains of `color` joined by a shared eye space or a shared empty liberty.
    let mut parent: Vec<usize> = (0..n_chains).collect();
    let mut first_at_area = vec![usize::MAX; n_areas];
    for p in 0..cells.len() {
        if cells[p] == color {
            continue;
        }
        let joins_all = cells[p] == 0 || value[area[p]] > 0;
        if !joins_all {
            continue;
        }
        for q in grid_neighbours(p, size) {
            if cells[q] != color {
                continue;
            }
            let c = chain[q];
            if cells[p] == 0 {
                // A shared liberty joins the chains around it.
                for r in grid_neighbours(p, size) {
                    if cells[r] == color {
                        union(&mut parent, c, chain[r]);
                    }
                }
            }
            if value[area[p]] > 0 {
                let a = area[p];
                if first_at_area[a] == usize::MAX {
                    first_at_area[a] = c;
                } else {
                    union(&mut parent, first_at_area[a], c);
                }
            }
        }
    }
    // Per group: eyes, and whether anything around it is unsettled.
    let mut eyes = vec![0u8; n_chains];
    let mut counted = vec![usize::MAX; n_areas];
    let mut unsettled = vec![false; n_chains];
    for p in 0..cells.len() {
        if cells[p] != color {
            continue;
        }
        let g = find(&mut parent, chain[p]);
        for q in grid_neighbours(p, size) {
            match cells[q] {
                c if c == color => {}
                c => {
                    let a = area[q];
                    if value[a] > 0 && counted[a] != g {
                        counted[a] = g;
                        eyes[g] = (eyes[g] + value[a]).min(2);
                    }
                    if c == opp && value[a] == 0 && means[chain[q]] <= SURROUNDED_BY_ABOVE {
                        unsettled[g] = true;
                    }
                    if c == 0 && value[a] == 0 {
                        // An outside liberty: room of our own, or an unsettled neighbour.
                        if ownership[q] * sign > ROOM_ABOVE {
                            unsettled[g] = true;
                        }
                        for r in grid_neighbours(q, size) {
                            if cells[r] == opp && means[chain[r]] <= SURROUNDED_BY_ABOVE {
                                unsettled[g] = true;
                            }
                        }
                    }
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut seen = vec![false; n_chains];
    for p in 0..cells.len() {
        if cells[p] != color || seen[chain[p]] {
            continue;
        }
        seen[chain[p]] = true;
        let g = find(&mut parent, chain[p]);
        if eyes[g] < 2 && !unsettled[g] {
            out.push(chain[p]);
        }
    }
    out
}

/// Per chain (by index of `chain`): whether all its liberties lie in one area of at most
/// [`MAX_KILLABLE`] points not of its color, of a killable shape, that holds opponent stones
/// — a nakade inside the chain's only eye space. The chain can take those stones, but what is
/// left is the same killable shape with the opponent to play, so it cannot make two eyes
/// (a bulky five whose vital point the opponent holds, game 8202 of the parity samples).
pub(crate) fn nakade_enclosed(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    n_chains: usize,
) -> Vec<bool> {
    // The one area each chain's liberties lie in: None before the first, usize::MAX for more.
    let mut liberty_area: Vec<Option<usize>> = vec![None; n_chains];
    let mut areas = [
        label(cells, size, |c| c != 1),
        label(cells, size, |c| c != 2),
    ];
    let mut members: [Vec<Vec<usize>>; 2] = [Vec::new(), Vec::new()];
    for (k, (area, n)) in areas.iter_mut().enumerate() {
        members[k] = vec![Vec::new(); *n];
        for p in 0..cells.len() {
            if area[p] != usize::MAX {
                members[k][area[p]].push(p);
            }
        }
    }
    for p in 0..cells.len() {
        if cells[p] == 0 {
            continue;
        }
        let (c, k) = (chain[p], usize::from(cells[p] - 1));
        for q in grid_neighbours(p, size) {
            if cells[q] != 0 {
                continue;
            }
            let a = areas[k].0[q];
            liberty_area[c] = match liberty_area[c] {
                None => Some(a),
                Some(b) if b == a => Some(a),
                Some(_) => Some(usize::MAX),
            };
        }
    }
    let mut out = vec![false; n_chains];
    for p in 0..cells.len() {
        if cells[p] == 0 {
            continue;
        }
        let (c, color) = (chain[p], cells[p]);
        let Some(a) = liberty_area[c].filter(|&a| a != usize::MAX) else {
            continue;
        };
        let points = &members[usize::from(color - 1)][a];
        out[c] = points.len() <= MAX_KILLABLE
            && points.iter().any(|&q| cells[q] == 3 - color)
            && killable_shape(size, points);
    }
    out
}

/// What an eye space (points not of `color`, holding no living opponent stone) is worth.
fn eye_value(cells: &[u8], size: usize, points: &[usize], color: u8) -> u8 {
    if points.len() > MAX_KILLABLE {
        return 2;
    }
    if points.len() == 1 {
        return u8::from(!false_eye(cells, size, points[0], color));
    }
    if killable_shape(size, points) {
        1
    } else {
        2
    }
}

/// Whether the single point `p` enclosed by `color` is a false eye: opponent stones on two of
/// its diagonals, or on one when it is on the edge.
fn false_eye(cells: &[u8], size: usize, p: usize, color: u8) -> bool {
    let opp = 3 - color;
    let (r, c) = ((p / size) as isize, (p % size) as isize);
    let mut on_board = 0;
    let mut bad = 0;
    for (dr, dc) in [(-1, -1), (-1, 1), (1, -1), (1, 1)] {
        let (rr, cc) = (r + dr, c + dc);
        if rr < 0 || cc < 0 || rr >= size as isize || cc >= size as isize {
            continue;
        }
        on_board += 1;
        if cells[rr as usize * size + cc as usize] == opp {
            bad += 1;
        }
    }
    if on_board < 4 {
        bad >= 1
    } else {
        bad >= 2
    }
}

/// Whether an eye space of these points (at most six) is a killable shape: any shape up to
/// three points, the square and pyramid four, the bulky and cross five, the rabbity six.
pub(crate) fn killable_shape(size: usize, points: &[usize]) -> bool {
    let mut edges = 0;
    let mut max_degree = 0;
    for &p in points {
        let degree = grid_neighbours(p, size)
            .filter(|q| points.contains(q))
            .count();
        edges += degree;
        max_degree = max_degree.max(degree);
    }
    edges /= 2;
    match points.len() {
        0..=3 => true,
        4 => edges == 4 || max_degree == 3,
        5 => edges == 5 || max_degree == 4,
        6 => edges == 6 && max_degree == 4,
        _ => false,
    }
}

fn find(parent: &mut [usize], mut x: usize) -> usize {
    while parent[x] != x {
        parent[x] = parent[parent[x]];
        x = parent[x];
    }
    x
}

fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra != rb {
        parent[ra] = rb;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benson::chains;
    use crate::benson::tests::{draw, grid, BULKY_FIVE_HOLDING_A_STONE};

    /// The stones of the eyeless groups, as a grid of `#`, with every chain clearly alive
    /// by the playouts (the worst case for the analysis) and neutral ownership elsewhere.
    fn eyeless(rows: &[&str]) -> Vec<String> {
        let (cells, size) = grid(rows);
        let (chain, n) = chains(&cells, size);
        let means = vec![0.9; n];
        let ownership = vec![0.0; cells.len()];
        let dead = eyeless_groups(&cells, size, &chain, &means, &ownership);
        draw(size, |p| {
            if cells[p] != 0 && dead.contains(&chain[p]) {
                '#'
            } else {
                '.'
            }
        })
    }

    const BENT_THREE: [&str; 9] = [
        "....X....",
        "....X....",
        "....X....",
        "....X....",
        "XXXXX....",
        "OOOOX....",
        "OOOOX....",
        ".OOOX....",
        "..OOX....",
    ];

    #[test]
    fn a_group_with_only_a_bent_three_in_the_corner_cannot_make_two_eyes() {
        let out = eyeless(&BENT_THREE);
        assert_eq!(out[5], "####.....", "{out:#?}");
        assert_eq!(out[8], "..##.....", "{out:#?}");
        assert!(out[4].chars().all(|c| c == '.'), "Black lives: {out:#?}");
    }

    #[test]
    fn two_real_eyes_live_and_a_false_eye_does_not_count() {
        // White has eyes at A2 and C2: alive.
        let alive = [
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "XXXXX....",
            "OOOOX....",
            ".O.OX....",
            "OOOOX....",
        ];
        assert!(eyeless(&alive).iter().all(|r| !r.contains('#')));
        // White's eye at D1 is false (Black E2 on its diagonal); only A2 is real.
        let false_eye = [
            ".........",
            ".........",
            ".........",
            ".........",
            ".........",
            "XXXXXX...",
            "OOOOOX...",
            ".OOOXX...",
            "OOO.OX...",
        ];
        let out = eyeless(&false_eye);
        assert_eq!(out[6], "#####....", "{out:#?}");
        assert_eq!(out[8], "###.#....", "{out:#?}");
    }

    #[test]
    fn a_group_next_to_a_weak_neighbour_is_left_to_the_playouts() {
        let (cells, size) = grid(&BENT_THREE);
        let (chain, n) = chains(&cells, size);
        // Black's wall is not clearly alive: a capturing race, not a dead group.
        let mut means = vec![0.9; n];
        means[chain[4 * size]] = 0.1;
        let ownership = vec![0.0; cells.len()];
        assert_eq!(
            eyeless_groups(&cells, size, &chain, &means, &ownership),
            Vec::<usize>::new()
        );
    }

    /// The chains `nakade_enclosed` finds, drawn as in `eyeless`.
    fn nakade(rows: &[&str]) -> Vec<String> {
        let (cells, size) = grid(rows);
        let (chain, n) = chains(&cells, size);
        let found = nakade_enclosed(&cells, size, &chain, n);
        draw(size, |p| {
            if cells[p] != 0 && found[chain[p]] {
                '#'
            } else {
                '.'
            }
        })
    }

    #[test]
    fn a_chain_whose_only_liberties_are_a_bulky_five_holding_a_stone_is_a_nakade() {
        let out = nakade(&BULKY_FIVE_HOLDING_A_STONE);
        assert_eq!(
            out[..3],
            ["...#.....", "#..#.....", "####....."],
            "{out:#?}"
        );
        assert!(out[3..].iter().all(|r| !r.contains('#')), "{out:#?}");
    }

    #[test]
    fn an_empty_eye_space_is_no_nakade() {
        // White's corner has the empty bent three A1 A2 B1: no opponent stone inside.
        assert!(nakade(&BENT_THREE).iter().all(|r| !r.contains('#')));
    }

    #[test]
    fn the_killable_shapes_are_recognised() {
        let at = |c: usize, r: usize| r * 7 + c;
        assert!(killable_shape(7, &[at(2, 2), at(3, 2), at(4, 2)]));
        assert!(killable_shape(7, &[at(2, 2), at(3, 2), at(4, 2), at(3, 3)]));
        assert!(!killable_shape(
            7,
            &[at(2, 2), at(3, 2), at(4, 2), at(4, 3)]
        ));
        assert!(killable_shape(
            7,
            &[at(2, 2), at(3, 2), at(2, 3), at(3, 3), at(4, 2)]
        ));
        assert!(!killable_shape(
            7,
            &[at(2, 2), at(3, 2), at(4, 2), at(5, 2), at(6, 2)]
        ));
        assert!(killable_shape(
            7,
            &[at(3, 4), at(2, 3), at(3, 3), at(4, 3), at(2, 2), at(3, 2)]
        ));
        assert!(!killable_shape(
            7,
            &[at(2, 2), at(3, 2), at(4, 2), at(2, 3), at(3, 3), at(4, 3)]
        ));
    }
}
