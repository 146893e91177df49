//! Benson's algorithm: chains that stay alive even if their owner always passes, and the
//! regions they enclose where the opponent can never make an eye (pass-alive territory).
//!
//! Works on a plain grid: `cells[row * size + col]` with 0 empty, 1 Black, 2 White.

/// The pass-alive status of a position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PassAlive {
    /// Per point: the color (1 Black, 2 White) of a pass-alive stone there, else 0.
    pub alive: Vec<u8>,
    /// Per point: the color owning it as pass-alive territory (empty points and the dead
    /// opponent stones inside), else 0.
    pub territory: Vec<u8>,
}

/// The orthogonal neighbours of `p` on a `size`×`size` grid.
pub fn grid_neighbours(p: usize, size: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / size, p % size);
    let mut out = [usize::MAX; 4];
    if r > 0 {
        out[0] = p - size;
    }
    if c > 0 {
        out[1] = p - 1;
    }
    if c + 1 < size {
        out[2] = p + 1;
    }
    if r + 1 < size {
        out[3] = p + size;
    }
    out.into_iter().filter(|&q| q != usize::MAX)
}

/// Labels connected components of points satisfying `inside`; returns (label per point or
/// usize::MAX, number of labels).
pub fn label(cells: &[u8], size: usize, inside: impl Fn(u8) -> bool) -> (Vec<usize>, usize) {
    let mut lab = vec![usize::MAX; cells.len()];
    let mut n = 0;
    let mut stack = Vec::new();
    for start in 0..cells.len() {
        if lab[start] != usize::MAX || !inside(cells[start]) {
            continue;
        }
        lab[start] = n;
        stack.push(start);
        while let Some(p) = stack.pop() {
            for q in grid_neighbours(p, size) {
                if lab[q] == usize::MAX && inside(cells[q]) {
                    lab[q] = n;
                    stack.push(q);
                }
            }
        }
        n += 1;
    }
    (lab, n)
}

/// Labels the chains (same-colored connected stones) of both colors; returns (label per point
/// or usize::MAX for empty points, number of chains).
pub fn chains(cells: &[u8], size: usize) -> (Vec<usize>, usize) {
    let (mut lab, nb) = label(cells, size, |c| c == 1);
    let (lw, nw) = label(cells, size, |c| c == 2);
    for (l, w) in lab.iter_mut().zip(lw) {
        if w != usize::MAX {
            *l = nb + w;
        }
    }
    (lab, nb + nw)
}

/// Each chain's stones and liberties (by index of `chain`, as [`chains`] numbers them), in
/// board order.
pub(crate) fn stones_and_liberties(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    n_chains: usize,
) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let mut stones: Vec<Vec<usize>> = vec![Vec::new(); n_chains];
    let mut liberties: Vec<Vec<usize>> = vec![Vec::new(); n_chains];
    for p in 0..cells.len() {
        if cells[p] == 0 {
            continue;
        }
        let c = chain[p];
        stones[c].push(p);
        for q in grid_neighbours(p, size) {
            if cells[q] == 0 && !liberties[c].contains(&q) {
                liberties[c].push(q);
            }
        }
    }
    (stones, liberties)
}

/// Benson's analysis for both colors.
pub fn pass_alive(cells: &[u8], size: usize) -> PassAlive {
    let mut out = PassAlive {
        alive: vec![0; cells.len()],
        territory: vec![0; cells.len()],
    };
    for color in [1u8, 2u8] {
        analyse(cells, size, color, &mut out);
    }
    out
}

fn analyse(cells: &[u8], size: usize, color: u8, out: &mut PassAlive) {
    let (chain, n_chains) = label(cells, size, |c| c == color);
    let (region, n_regions) = label(cells, size, |c| c != color);
    if n_chains == 0 {
        return;
    }
    // Bordering chains of each region, and the chains to which each region is vital.
    let mut borders: Vec<Vec<usize>> = vec![Vec::new(); n_regions];
    let mut vital: Vec<Option<Vec<usize>>> = vec![None; n_regions];
    for p in 0..cells.len() {
        let r = region[p];
        if r == usize::MAX {
            continue;
        }
        let mut adj: Vec<usize> = grid_neighbours(p, size)
            .filter(|&q| cells[q] == color)
            .map(|q| chain[q])
            .collect();
        adj.sort_unstable();
        adj.dedup();
        for &c in &adj {
            if !borders[r].contains(&c) {
                borders[r].push(c);
            }
        }
        if cells[p] == 0 {
            vital[r] = Some(match vital[r].take() {
                None => adj,
                Some(v) => v.into_iter().filter(|c| adj.contains(c)).collect(),
            });
        }
    }
    let vital: Vec<Vec<usize>> = vital.into_iter().map(|v| v.unwrap_or_default()).collect();
    let mut chain_alive = vec![true; n_chains];
    let mut region_live = vec![true; n_regions];
    loop {
        let mut changed = false;
        let mut count = vec![0u32; n_chains];
        for r in 0..n_regions {
            if region_live[r] {
                for &c in &vital[r] {
                    count[c] += 1;
                }
            }
        }
        for c in 0..n_chains {
            if chain_alive[c] && count[c] < 2 {
                chain_alive[c] = false;
                changed = true;
            }
        }
        for r in 0..n_regions {
            if region_live[r] && borders[r].iter().any(|&c| !chain_alive[c]) {
                region_live[r] = false;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    for p in 0..cells.len() {
        if cells[p] == color && chain_alive[chain[p]] {
            out.alive[p] = color;
        }
    }
    // Pass-alive territory: live regions whose every empty point touches a pass-alive chain.
    for r in 0..n_regions {
        if !region_live[r] || borders[r].is_empty() {
            continue;
        }
        let members: Vec<usize> = (0..cells.len()).filter(|&p| region[p] == r).collect();
        let sealed = members
            .iter()
            .all(|&p| cells[p] != 0 || grid_neighbours(p, size).any(|q| cells[q] == color));
        if sealed {
            for p in members {
                out.territory[p] = color;
            }
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Cells from rows drawn top row first (`X` 1 Black, `O` 2 White, anything else empty),
    /// and the board's size.
    pub(crate) fn grid(rows: &[&str]) -> (Vec<u8>, usize) {
        let size = rows.len();
        let mut cells = vec![0u8; size * size];
        for (k, row) in rows.iter().enumerate() {
            let r = size - 1 - k;
            for (c, ch) in row.chars().enumerate() {
                cells[r * size + c] = match ch {
                    'X' => 1,
                    'O' => 2,
                    _ => 0,
                };
            }
        }
        (cells, size)
    }

    /// As in game 8202's upper left (docs/ENGINE.md, "Scoring a finished game"): Black's ten
    /// stones have no liberty but A9 C9 B8 C8, around White's B9 on the vital point of the
    /// bulky five A9-C9-B8-C8, and White's wall encloses them.
    pub(crate) const BULKY_FIVE_HOLDING_A_STONE: [&str; 9] = [
        ".O.XO....",
        "X..XO....",
        "XXXXO....",
        "OOOOO....",
        ".........",
        ".........",
        ".........",
        ".........",
        ".........",
    ];

    /// Rows drawn top row first, each point drawn by `mark` (given its flat index): the
    /// tests' picture of what an analysis found, to compare with expected rows.
    pub(crate) fn draw(size: usize, mark: impl Fn(usize) -> char) -> Vec<String> {
        (0..size)
            .rev()
            .map(|r| (0..size).map(|c| mark(r * size + c)).collect())
            .collect()
    }

    #[test]
    fn two_eyed_group_is_pass_alive_and_one_eyed_is_not() {
        let (cells, size) = grid(&[
            ".X.X.", //
            "XXXXX", //
            ".....", //
            "OOOO.", //
            ".O...", //
        ]);
        let pa = pass_alive(&cells, size);
        assert_eq!(pa.alive[4 * size + 1], 1, "black with two eyes lives");
        assert_eq!(pa.territory[4 * size], 1);
        assert_eq!(pa.alive[size], 0, "white with one eye is not pass-alive");
        assert_eq!(pa.territory[0], 0);
    }

    #[test]
    fn dead_stone_inside_pass_alive_territory_is_territory() {
        let (cells, size) = grid(&[
            ".X.X.", //
            "XXXX.", //
            "XO.X.", //
            "X..X.", //
            "XXXX.", //
        ]);
        let pa = pass_alive(&cells, size);
        assert_eq!(pa.alive[0], 1);
        // The white stone at B3 sits in a two-point region touching black everywhere.
        assert_eq!(pa.territory[2 * size + 1], 1);
    }
}
