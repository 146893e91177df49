//! Exact local reading for the dead-stone estimator: clusters of weak chains of both colors
//! joined by shared liberties or a small empty region (seki, and capturing races left at the
//! end of a game).
//!
//! Random playouts break a seki whenever one side fills a shared liberty first, and they
//! rarely find the throw-in that keeps one alive, so on their own they kill chains a player
//! knows are in seki. Here each cluster sealed off from open space is played out by
//! alpha-beta — every move inside its area, captures and positional superko included, until
//! both pass, scored by area inside the cluster — once with each color first. A chain still
//! standing after best play both ways cannot be captured, whoever starts; one captured both
//! ways is dead; one whose fate depends on who starts is critical. The reading is exact but
//! for its limits: no self-atari larger than a nakade, a few plies only after a capture of
//! two or more stones, and a budget past which a cluster is left unread.

use crate::benson::{grid_neighbours, label, stones_and_liberties};
use crate::rng::FastRng;
use tengen_rules::HashMap64;

/// A chain with more liberties than this is not weak: it bounds clusters, it does not join them.
const MAX_LIBERTIES: usize = 8;
/// The most empty points a cluster may hold (the search is exponential in them).
const MAX_EMPTY: usize = 12;
/// The largest self-atari read: a nakade sacrifice fills at most a six-point eye space, one
/// point of which stays its liberty.
const MAX_SACRIFICE: usize = 5;
/// Plies read after a capture of two or more stones.
const AFTER_CAPTURE_DEPTH: u32 = 6;
/// The budgets count positions, and the stones the flood fills walk through (big chains next
/// to a fight make each position dearer): this many stones count as one more position.
const STONES_PER_POSITION: usize = 8;
/// The most positions read for one cluster with one color first before giving up on it
/// (some tens of milliseconds).
const NODE_BUDGET: u32 = 25_000;
/// The most positions an estimate reads, all clusters together (up to about 100 ms on 19×19).
pub const ESTIMATE_BUDGET: u32 = 30_000;
/// The most positions read after each search, when the engine decides whether to pass: the
/// same reading within a few milliseconds, where a stalled move would cost clock time.
pub const MOVE_BUDGET: u32 = 5_000;

/// The fate of a chain under exact local reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Fate {
    /// Not read: not weak, in no cluster with the other color, or the cluster was too large.
    Unread,
    /// Still standing after best local play, whoever moves first.
    Survives,
    /// Captured in best local play, whoever moves first.
    Captured,
    /// Captured when one color moves first, standing when the other does.
    Critical,
}

/// Reads every cluster of weak chains on the board. `cells`: 0 empty, 1 Black, 2 White;
/// `chain`/`n_chains` as [`crate::benson::chains`]; `pass_alive`: per point, the color of a
/// pass-alive stone there (such chains never join a cluster); `budget`: the most positions
/// read, all clusters together. Returns a fate per chain.
pub(crate) fn read_clusters(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    n_chains: usize,
    pass_alive: &[u8],
    budget: u32,
) -> Vec<Fate> {
    let mut fates = vec![Fate::Unread; n_chains];
    let (points, liberties) = stones_and_liberties(cells, size, chain, n_chains);
    // A pass-alive chain, or one with many liberties, bounds clusters; it does not join them.
    let mut weak: Vec<bool> = (0..n_chains)
        .map(|c| {
            liberties[c].len() <= MAX_LIBERTIES && points[c].iter().all(|&p| pass_alive[p] == 0)
        })
        .collect();
    let mut remaining = budget;
    let regions = EmptyRegions::new(cells, size);
    // The smallest fights first: a large one that runs out of budget leaves none to the others.
    let colors: Vec<u8> = points.iter().map(|stones| cells[stones[0]]).collect();
    let mut found = clusters(cells, size, chain, &colors, &mut weak, &liberties, &regions);
    found.sort_by_key(|members| cluster_empties(members, &liberties, &regions).len());
    for members in found {
        let both_colors =
            members.iter().any(|&c| colors[c] == 1) && members.iter().any(|&c| colors[c] == 2);
        let empties = cluster_empties(&members, &liberties, &regions);
        // Only a fight sealed off from open space is read: every empty point next to one of
        // its empty points is one of them (on open ground, a chain runs out or the attacker
        // approaches from outside, which a local reading cannot see).
        let sealed = empties.iter().all(|&p| {
            grid_neighbours(p, size).all(|q| cells[q] != 0 || empties.binary_search(&q).is_ok())
        });
        if !both_colors || !sealed {
            continue;
        }
        let mut area = empties;
        area.extend(members.iter().flat_map(|&c| points[c].iter().copied()));
        if remaining == 0 {
            break;
        }
        let mut reader = Reader::new(cells, size, area);
        let mut standing = [Vec::new(), Vec::new()];
        for (k, first) in [1u8, 2u8].into_iter().enumerate() {
            reader.budget = remaining
                .saturating_sub(reader.nodes_read())
                .min(NODE_BUDGET);
            let Some(end) = reader.best_play(first) else {
                break;
            };
            standing[k] = members
                .iter()
                .map(|&c| points[c].iter().all(|&p| end[p] == colors[c]))
                .collect();
        }
        remaining = remaining.saturating_sub(reader.nodes_read());
        if standing[1].is_empty() {
            continue; // too large to read
        }
        for (i, &c) in members.iter().enumerate() {
            fates[c] = match (standing[0][i], standing[1][i]) {
                (true, true) => Fate::Survives,
                (false, false) => Fate::Captured,
                _ => Fate::Critical,
            };
        }
    }
    fates
}

/// The weak chains joined by shared liberties, or by liberties in one small empty region (a
/// corner's eye space where each chain touches a different point of it). A cluster with more
/// than [`MAX_EMPTY`] empty points is split by taking its strongest chain out of the fight —
/// the most liberties no opponent stone touches (eye space), then the most liberties — so
/// that it bounds the others, until every cluster is small enough to read.
/// `colors`: each chain's color.
fn clusters(
    cells: &[u8],
    size: usize,
    chain: &[usize],
    colors: &[u8],
    weak: &mut [bool],
    liberties: &[Vec<usize>],
    regions: &EmptyRegions,
) -> Vec<Vec<usize>> {
    loop {
        let mut parent: Vec<usize> = (0..weak.len()).collect();
        // The first weak chain met in each small region: the others join it.
        let mut first_in_region: Vec<Option<usize>> = vec![None; regions.points.len()];
        for p in (0..cells.len()).filter(|&p| cells[p] == 0) {
            let weak_around: Vec<usize> = grid_neighbours(p, size)
                .filter(|&q| cells[q] != 0 && weak[chain[q]])
                .map(|q| chain[q])
                .collect();
            for pair in weak_around.windows(2) {
                union(&mut parent, pair[0], pair[1]);
            }
            let region = regions.of[p];
            if regions.is_small(region) {
                for &c in &weak_around {
                    match first_in_region[region] {
                        Some(first) => union(&mut parent, first, c),
                        None => first_in_region[region] = Some(c),
                    }
                }
            }
        }
        let mut by_root: Vec<Vec<usize>> = vec![Vec::new(); weak.len()];
        for c in (0..weak.len()).filter(|&c| weak[c]) {
            let root = find(&mut parent, c);
            by_root[root].push(c);
        }
        let found: Vec<Vec<usize>> = by_root.into_iter().filter(|m| !m.is_empty()).collect();
        let mut split = false;
        for members in &found {
            if cluster_empties(members, liberties, regions).len() > MAX_EMPTY {
                let strongest = members
                    .iter()
                    .copied()
                    .max_by_key(|&c| {
                        let color = colors[c];
                        let private = liberties[c]
                            .iter()
                            .filter(|&&l| grid_neighbours(l, size).all(|q| cells[q] != 3 - color))
                            .count();
                        (private, liberties[c].len(), std::cmp::Reverse(c))
                    })
                    .expect("a cluster has members");
                weak[strongest] = false;
                split = true;
            }
        }
        if !split {
            return found;
        }
    }
}

/// The empty points of a cluster, sorted, each once: its chains' liberties and the whole of
/// each small empty region one of them lies in.
fn cluster_empties(
    members: &[usize],
    liberties: &[Vec<usize>],
    regions: &EmptyRegions,
) -> Vec<usize> {
    let mut empties: Vec<usize> = Vec::new();
    for &l in members.iter().flat_map(|&c| liberties[c].iter()) {
        let region = regions.of[l];
        if regions.is_small(region) {
            empties.extend_from_slice(&regions.points[region]);
        } else {
            empties.push(l);
        }
    }
    empties.sort_unstable();
    empties.dedup();
    empties
}

/// The connected regions of empty points.
struct EmptyRegions {
    /// Per point, the index of its region (`usize::MAX` on a stone).
    of: Vec<usize>,
    /// Each region's points.
    points: Vec<Vec<usize>>,
}

impl EmptyRegions {
    fn new(cells: &[u8], size: usize) -> EmptyRegions {
        let (of, n) = label(cells, size, |c| c == 0);
        let mut points = vec![Vec::new(); n];
        for (p, &region) in of.iter().enumerate() {
            if region != usize::MAX {
                points[region].push(p);
            }
        }
        EmptyRegions { of, points }
    }

    /// Whether a region is small enough to be read whole.
    fn is_small(&self, region: usize) -> bool {
        self.points[region].len() <= MAX_EMPTY
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
        parent[ra.max(rb)] = ra.min(rb);
    }
}

/// What the transposition table knows of a position.
#[derive(Clone, Copy)]
struct Entry {
    value: i32,
    bound: Bound,
    depth: u32,
    /// The best move found: a point, or `None` for a pass.
    best: Option<usize>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

/// Negamax with alpha-beta and a transposition table over one cluster's area.
struct Reader {
    size: usize,
    start: Vec<u8>,
    /// The points where stones may be played (the cluster's liberties and its stones).
    area: Vec<usize>,
    /// Zobrist keys per point and color.
    keys: Vec<[u64; 2]>,
    table: HashMap64<Entry>,
    /// Positions read in the current reading, and in the earlier ones.
    nodes: u32,
    total: u32,
    /// The most positions the next reading may visit (set by the caller).
    budget: u32,
    aborted: bool,
    depth: u32,
    /// Scratch for flood fills: a point is visited when it holds the current stamp.
    stamp: Vec<u32>,
    now: u32,
    stack: Vec<usize>,
}

/// A legal move's outcome.
struct Played {
    hash: u64,
    captured: usize,
    /// The stones of the played chain when it is left with one liberty, else 0.
    self_atari_stones: usize,
}

/// Key of the side to move and of a pending pass, mixed into a position's hash.
const TO_MOVE_KEY: [u64; 2] = [0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F];
const PASSED_KEY: u64 = 0x1656_67B1_9E37_79F9;
/// Seed of the Zobrist keys (fixed: the reading is deterministic).
const ZOBRIST_SEED: u64 = 0x5EC1;

impl Reader {
    fn new(cells: &[u8], size: usize, area: Vec<usize>) -> Reader {
        let mut rng = FastRng::new(ZOBRIST_SEED);
        let keys = (0..cells.len())
            .map(|_| [rng.next_u64(), rng.next_u64()])
            .collect();
        let empties = area.iter().filter(|&&p| cells[p] == 0).count() as u32;
        Reader {
            size,
            start: cells.to_vec(),
            area,
            keys,
            table: HashMap64::default(),
            nodes: 0,
            total: 0,
            budget: 0,
            aborted: false,
            // Room for every empty point to be filled twice (captures free them again), and
            // for the passes and recaptures between.
            depth: 2 * empties + 12,
            stamp: vec![0; cells.len()],
            now: 0,
            stack: Vec::new(),
        }
    }

    /// Positions visited by every reading so far.
    fn nodes_read(&self) -> u32 {
        self.total + self.nodes
    }

    /// The position at the end of best play with `first` to move, or `None` when the
    /// cluster is too large to read.
    fn best_play(&mut self, first: u8) -> Option<Vec<u8>> {
        self.total += self.nodes;
        self.nodes = 0;
        let hash = self.hash(&self.start);
        let mut path = vec![hash];
        let mut cells = self.start.clone();
        // Iterative deepening: each shallower search leaves its best moves in the table to be
        // tried first by the next, which prunes far more than it costs.
        for depth in (2..=self.depth).step_by(2) {
            self.search(
                &mut cells,
                hash,
                first,
                0,
                depth,
                -i32::MAX,
                i32::MAX,
                &mut path,
            );
            if self.aborted {
                break;
            }
        }
        if self.aborted {
            return None;
        }
        // Follow the best moves to the end.
        let (mut hash, mut color, mut passes) = (hash, first, 0u8);
        let mut removed = Vec::new();
        for _ in 0..self.depth {
            if passes >= 2 {
                break;
            }
            let Some(entry) = self.table.get(&key(hash, color, passes)) else {
                break;
            };
            match entry.best {
                Some(p) => {
                    let Some(played) = self.play(&mut cells, hash, p, color, &mut removed) else {
                        break;
                    };
                    (hash, passes) = (played.hash, 0);
                }
                None => passes += 1,
            }
            color = 3 - color;
        }
        Some(cells)
    }

    #[allow(clippy::too_many_arguments)]
    fn search(
        &mut self,
        cells: &mut Vec<u8>,
        hash: u64,
        color: u8,
        passes: u8,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        path: &mut Vec<u64>,
    ) -> i32 {
        let sign = if color == 1 { 1 } else { -1 };
        if passes >= 2 || depth == 0 {
            return sign * self.score(cells);
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
        }
        if self.aborted {
            return 0;
        }
        let k = key(hash, color, passes);
        let alpha_in = alpha;
        let mut remembered = None;
        if let Some(e) = self.table.get(&k) {
            remembered = Some(e.best);
            if e.depth >= depth {
                match e.bound {
                    Bound::Exact => return e.value,
                    Bound::Lower => alpha = alpha.max(e.value),
                    Bound::Upper => beta = beta.min(e.value),
                }
                if alpha >= beta {
                    return e.value;
                }
            }
        }
        // Children: the move remembered from an earlier visit, captures, the pass, the rest.
        let mut removed = Vec::new();
        let mut children: Vec<(Option<usize>, u32)> = Vec::new();
        for i in 0..self.area.len() {
            let p = self.area[i];
            if cells[p] != 0 || self.own_eye(cells, p, color) {
                continue;
            }
            let Some(played) = self.play(cells, hash, p, color, &mut removed) else {
                continue;
            };
            self.undo(cells, p, &removed);
            if path.contains(&played.hash) {
                continue; // positional superko
            }
            // A self-atari that captures nothing is read only when it is small enough to be
            // a throw-in or a nakade (it fills an eye space); larger ones only throw stones
            // away.
            if played.captured > 0 || played.self_atari_stones <= MAX_SACRIFICE {
                let order = if played.captured > 0 { 1 } else { 3 };
                children.push((Some(p), order));
            }
        }
        children.push((None, 2));
        for child in children.iter_mut() {
            if Some(child.0) == remembered {
                child.1 = 0;
            }
        }
        children.sort_by_key(|c| c.1);
        let mut best = -i32::MAX;
        let mut best_move = None;
        for (mv, _) in children {
            let (h, next_depth, next_passes) = match mv {
                Some(p) => {
                    let played = self
                        .play(cells, hash, p, color, &mut removed)
                        .expect("checked legal above");
                    // After a capture of two or more stones only a short answer is read (a
                    // throw-in, a recapture): the fight is decided, and the freed points
                    // would multiply the tree.
                    let next_depth = if played.captured >= 2 {
                        (depth - 1).min(AFTER_CAPTURE_DEPTH)
                    } else {
                        depth - 1
                    };
                    path.push(played.hash);
                    (played.hash, next_depth, 0)
                }
                None => (hash, depth - 1, passes + 1),
            };
            let undo = removed.clone();
            let v = -self.search(
                cells,
                h,
                3 - color,
                next_passes,
                next_depth,
                -beta,
                -alpha,
                path,
            );
            if let Some(p) = mv {
                path.pop();
                self.undo(cells, p, &undo);
            }
            if self.aborted {
                return 0;
            }
            if v > best {
                best = v;
                best_move = mv;
            }
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table.insert(
            k,
            Entry {
                value: best,
                bound,
                depth,
                best: best_move,
            },
        );
        best
    }

    /// Area score inside the cluster, Black minus White: stones, and empty points that touch
    /// stones of one color only.
    fn score(&self, cells: &[u8]) -> i32 {
        self.area
            .iter()
            .map(|&p| match cells[p] {
                1 => 1,
                2 => -1,
                _ => {
                    let mut touch = 0u8;
                    for q in grid_neighbours(p, self.size) {
                        touch |= cells[q];
                    }
                    match touch {
                        1 => 1,
                        2 => -1,
                        _ => 0,
                    }
                }
            })
            .sum()
    }

    /// An empty point whose every neighbour is a stone of `color`: filling it never helps.
    fn own_eye(&self, cells: &[u8], p: usize, color: u8) -> bool {
        grid_neighbours(p, self.size).all(|q| cells[q] == color)
    }

    /// Plays `color` at `p`, removing captured chains (their points go to `removed`). `None`
    /// if illegal (suicide: the board is left as it was); otherwise the new hash, the stones
    /// captured, and whether the played chain is left in atari.
    fn play(
        &mut self,
        cells: &mut [u8],
        mut hash: u64,
        p: usize,
        color: u8,
        removed: &mut Vec<usize>,
    ) -> Option<Played> {
        removed.clear();
        cells[p] = color;
        hash ^= self.keys[p][color as usize - 1];
        let opp = 3 - color;
        for q in grid_neighbours(p, self.size) {
            if cells[q] == opp && self.liberties(cells, q, 1).0 == 0 {
                hash = self.remove(cells, hash, q, removed);
            }
        }
        let (liberties, stones) = self.liberties(cells, p, 2);
        if liberties == 0 {
            cells[p] = 0;
            return None;
        }
        Some(Played {
            hash,
            captured: removed.len(),
            self_atari_stones: if liberties == 1 { stones } else { 0 },
        })
    }

    /// Takes back the stone at `p` and puts back the opponent stones it captured.
    fn undo(&self, cells: &mut [u8], p: usize, removed: &[usize]) {
        let opp = 3 - cells[p];
        cells[p] = 0;
        for &r in removed {
            cells[r] = opp;
        }
    }

    /// The liberties of the chain at `from`, counted up to `limit`, and its stones (all of
    /// them when the count stopped short of the limit).
    fn liberties(&mut self, cells: &[u8], from: usize, limit: usize) -> (usize, usize) {
        self.now += 2;
        let (seen, counted) = (self.now - 1, self.now);
        let color = cells[from];
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(from);
        self.stamp[from] = seen;
        let (mut libs, mut stones) = (0, 1);
        'fill: while let Some(p) = stack.pop() {
            for q in grid_neighbours(p, self.size) {
                if cells[q] == 0 && self.stamp[q] != counted {
                    self.stamp[q] = counted;
                    libs += 1;
                    if libs >= limit {
                        break 'fill;
                    }
                } else if cells[q] == color && self.stamp[q] != seen {
                    self.stamp[q] = seen;
                    stones += 1;
                    stack.push(q);
                }
            }
        }
        self.stack = stack;
        self.nodes += (stones / STONES_PER_POSITION) as u32;
        (libs, stones)
    }

    /// Removes the chain at `from`, adding its points to `removed`; the new hash.
    fn remove(
        &mut self,
        cells: &mut [u8],
        mut hash: u64,
        from: usize,
        removed: &mut Vec<usize>,
    ) -> u64 {
        let color = cells[from];
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(from);
        cells[from] = 0;
        hash ^= self.keys[from][color as usize - 1];
        removed.push(from);
        while let Some(p) = stack.pop() {
            for q in grid_neighbours(p, self.size) {
                if cells[q] == color {
                    cells[q] = 0;
                    hash ^= self.keys[q][color as usize - 1];
                    removed.push(q);
                    stack.push(q);
                }
            }
        }
        self.stack = stack;
        self.nodes += (removed.len() / STONES_PER_POSITION) as u32;
        hash
    }

    fn hash(&self, cells: &[u8]) -> u64 {
        cells
            .iter()
            .enumerate()
            .filter(|(_, &c)| c != 0)
            .fold(0, |h, (p, &c)| h ^ self.keys[p][c as usize - 1])
    }
}

fn key(hash: u64, color: u8, passes: u8) -> u64 {
    hash ^ TO_MOVE_KEY[color as usize - 1] ^ if passes > 0 { PASSED_KEY } else { 0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::benson::tests::{draw, grid};
    use crate::benson::{chains, pass_alive};

    /// The fate of the chain at each point, read from rows drawn top row first (`X` Black,
    /// `O` White): `S` survives, `C` captured, `?` critical, `.` unread or empty.
    fn fates(rows: &[&str]) -> Vec<String> {
        let (cells, size) = grid(rows);
        let (chain, n) = chains(&cells, size);
        let alive = pass_alive(&cells, size).alive;
        let fates = read_clusters(&cells, size, &chain, n, &alive, ESTIMATE_BUDGET);
        draw(size, |p| match cells[p] {
            0 => '.',
            _ => match fates[chain[p]] {
                Fate::Unread => '.',
                Fate::Survives => 'S',
                Fate::Captured => 'C',
                Fate::Critical => '?',
            },
        })
    }

    /// OGS game 64848549's top right, moved to a 10×10 board: Black's top chain (liberties B10,
    /// F10) and its group on the right (one eye, K10) share a liberty each with White's eyeless
    /// G10-G9; White's C10-D10 is in atari at B10.
    const TOP_EDGE_SEKI: [&str; 10] = [
        "X.OOX.O.X.",
        "XXXXXXOXXX",
        "OOOOOOXXOO",
        "OOOOOOOOO.",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];

    #[test]
    fn capture_answered_by_a_throw_in_leaves_a_seki_of_one_eyed_groups() {
        // Black takes the two stones at B10; only White's throw-in at once (C10 or D10),
        // which Black must take back, stops Black from then filling F10 and H10 to capture
        // G10-G9. So the two stones are lost whoever starts, and everything else stands.
        let out = fates(&TOP_EDGE_SEKI);
        assert_eq!(out[0], "S.CCS.S.S.", "{out:#?}");
        assert_eq!(out[1], "SSSSSSSSSS", "{out:#?}");
        assert_eq!(&out[2][6..8], "SS", "{out:#?}");
    }

    #[test]
    fn a_corner_of_four_short_chains_with_no_eye_between_them_is_seki() {
        // OGS game 64848549's lower-left corner: White B1-B2 (liberties A1, C1) inside three
        // Black chains whose only liberties are A1, A3, C1 and C3. Whoever fills a shared
        // liberty is captured first; the playouts, which fill them at random, kill White.
        let out = fates(&[
            ".........",
            ".........",
            ".........",
            "OOOOOO...",
            "OOOO.O...",
            "XXXOOO...",
            ".X.XO....",
            "XOXXO....",
            ".O.XO....",
        ]);
        assert_eq!(
            &out[5..],
            ["SSS......", ".S.S.....", "SSSS.....", ".S.S....."],
            "{out:#?}"
        );
    }

    #[test]
    fn a_corner_eye_space_shared_by_chains_with_no_common_liberty_is_read_as_seki() {
        // OGS corner_test_3's lower left: Black's corner chain (liberties A3 and C1) and the
        // white stone at B2 (liberties A2 and B1) share no liberty, only the empty corner.
        // White's A2 is answered by B1 (and A1 by C1): whoever then fills a liberty is
        // captured, so both stand whoever starts.
        let out = fates(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "OOOO.....",
            "XXOOO....",
            ".XXOO....",
            ".OXXOO...",
            "...XXO...",
        ]);
        assert_eq!(
            &out[5..],
            ["SS.......", ".SS......", ".SSS.....", "...SS...."],
            "{out:#?}"
        );
    }

    #[test]
    fn a_fight_open_to_the_rest_of_the_board_is_not_read() {
        // The same top edge with White's wall opened: B10's neighbours are all stones, but the
        // cluster now reaches the open area through White's short chains.
        let out = fates(&[
            "X.OOX.O.X.",
            "XXXXXXOXXX",
            "O.O.O.XXO.",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
        ]);
        assert!(
            out.iter().all(|row| row.chars().all(|c| c == '.')),
            "{out:#?}"
        );
    }
}
