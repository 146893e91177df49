//! Life and death of a group (a Go player's "can it make two eyes?"), read by a bounded
//! search over the moves that decide it: its vital points, its liberties and the points next
//! to them.
//!
//! The 9×9 collapses are groups of ten or more stones that die in a fight whose every step has
//! one vital point, which the playouts rate no better than a move elsewhere (docs/ENGINE.md,
//! "A collapse read move by move"). [`crate::tactics`] reads chains short of liberties and
//! [`crate::reading`] sealed clusters; this reads a group on open ground the way GNU Go's owl
//! module does, in a much smaller form:
//!
//! - The group is the chains of one color joined through shared liberties.
//! - It lives when it has two eyes (closed eye spaces worth two, by their shape: a false eye
//!   is worth none, a killable shape one) with no chain in atari, or when it has run out
//!   into the open ([`ESCAPE_LIBS`] liberties, or [`OPEN_AREA`] points of room to make eyes).
//!   It dies when the chain the question is about is captured, or when its room (the empty
//!   areas it could still wall off) cannot give two eyes and no attacker beside it is in
//!   atari.
//! - The attacker plays in the group's eye spaces, on its liberties, next to its liberties,
//!   or saves its own chains beside the group in atari; the defender plays there too and
//!   captures attackers beside it. Each side tries its most promising moves first (by a
//!   static count of eyes, eye space and liberties after the move), fewer the deeper the line.
//!
//! The reading is bounded by a node budget and a depth: an answer either cut short is
//! unknown, so a kill it reports has been read to the end (within its candidate moves).

use crate::board::{other, PlayoutBoard, BORDER, EMPTY};
use crate::bounded::{BoundedReading, Budget};
use crate::ladder::take;
use crate::nakade::killable_shape;

/// A group with this many liberties or more has run out into the open.
const ESCAPE_LIBS: usize = 10;
/// A group whose room to make eyes ([`Room`]) reaches this many points is on open ground.
const OPEN_AREA: usize = 16;
/// The largest closed area read as an eye space; larger ones are worth two eyes.
const MAX_EYE_SPACE: usize = 7;
/// Chains joined into one group at most.
const MAX_CHAINS: usize = 16;
/// Plies read at most along one line.
const MAX_DEPTH: u32 = 14;

/// Candidate moves tried at a node at `depth` plies: the most promising first.
fn width(depth: u32) -> usize {
    match depth {
        0..=1 => 8,
        2..=3 => 5,
        _ => 3,
    }
}

/// What the static look at a group says.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Status {
    /// Two eyes, or out in the open.
    Alive,
    /// Captured.
    Dead,
    /// Neither yet; `score` grows with eyes, eye space and liberties.
    Open { score: i32 },
}

/// A group as the reading sees it.
#[derive(Debug, Default)]
struct Group {
    /// The heads of its chains.
    chains: Vec<usize>,
    /// Its liberties.
    libs: Vec<usize>,
}

/// The chains of the color of chain `h` that share a liberty with it.
fn chains_across_liberties(b: &PlayoutBoard, h: usize) -> Vec<usize> {
    let color = b.cell(h);
    let mut out = Vec::new();
    let mut t = h;
    loop {
        for l in b.neighbours(t) {
            if b.cell(l) != EMPTY {
                continue;
            }
            for q in b.neighbours(l) {
                if b.cell(q) == color && b.chain(q) != h && !out.contains(&b.chain(q)) {
                    out.push(b.chain(q));
                }
            }
        }
        t = b.next_stone(t);
        if t == h {
            return out;
        }
    }
}

/// The heads of the chains of the group of chain `h`: chains of its color joined through
/// shared liberties, at most `limit`.
fn group_chains(b: &PlayoutBoard, h: usize, limit: usize) -> Vec<usize> {
    let mut chains = vec![h];
    let mut k = 0;
    while k < chains.len() {
        for c in chains_across_liberties(b, chains[k]) {
            if !chains.contains(&c) && chains.len() < limit {
                chains.push(c);
            }
        }
        k += 1;
    }
    chains
}

/// The group made of `chains`, with its liberties.
fn with_liberties(b: &mut PlayoutBoard, chains: Vec<usize>) -> Group {
    let mut libs = Vec::new();
    let mut buf = [0usize; ESCAPE_LIBS + 8];
    for &h in &chains {
        let n = b.liberties_into(h, &mut buf).min(buf.len());
        for &l in &buf[..n] {
            if !libs.contains(&l) {
                libs.push(l);
            }
        }
    }
    Group { chains, libs }
}

/// The group of the chain through `s` (at most [`MAX_CHAINS`] chains).
fn group_of(b: &mut PlayoutBoard, s: usize) -> Group {
    let chains = group_chains(b, b.chain(s), MAX_CHAINS);
    with_liberties(b, chains)
}

/// The stones of the group of the chain through `s`: the reading's goal.
fn goal_stones(b: &mut PlayoutBoard, s: usize) -> Vec<usize> {
    let g = group_of(b, s);
    let mut stones = Vec::new();
    for &h in &g.chains {
        let mut t = h;
        loop {
            stones.push(t);
            t = b.next_stone(t);
            if t == h {
                break;
            }
        }
    }
    stones
}

/// The group at a node of the reading: the chains of `color` through the goal's stones (the
/// stones its owner adds join it by touching them; chains it only shares a liberty with
/// later do not, so the fight stays where it began).
fn goal_group(b: &mut PlayoutBoard, goal: &[usize], color: u8) -> Group {
    let mut chains = Vec::new();
    for &p in goal {
        if b.cell(p) == color && !chains.contains(&b.chain(p)) {
            chains.push(b.chain(p));
        }
    }
    with_liberties(b, chains)
}

/// The closed eye spaces of `g` (owned by `color`): areas of points not of `color`, reached
/// from its liberties, bounded only by the group's stones and the edge, of at most
/// [`MAX_EYE_SPACE`] points.
fn eye_spaces(b: &PlayoutBoard, g: &Group, color: u8) -> Vec<Vec<usize>> {
    let mut spaces: Vec<Vec<usize>> = Vec::new();
    let mut seen: Vec<usize> = Vec::new();
    for &l in &g.libs {
        if seen.contains(&l) {
            continue;
        }
        let mut area = vec![l];
        seen.push(l);
        let mut closed = true;
        let mut k = 0;
        while k < area.len() {
            let p = area[k];
            k += 1;
            for nb in b.neighbours(p) {
                let c = b.cell(nb);
                if c == BORDER {
                    continue;
                }
                if c == color {
                    closed &= g.chains.contains(&b.chain(nb));
                    continue;
                }
                if !area.contains(&nb) {
                    area.push(nb);
                    seen.push(nb);
                }
            }
            if area.len() > MAX_EYE_SPACE {
                closed = false;
                break;
            }
        }
        if closed {
            spaces.push(area);
        }
    }
    spaces
}

/// What the eye space `area` of `color` is worth with the opponent to move: a false eye
/// nothing, a killable shape or one holding opponent stones one, anything else two.
fn eye_value(b: &PlayoutBoard, area: &[usize], color: u8) -> i32 {
    let opp = other(color);
    if area.iter().any(|&p| b.cell(p) == opp) {
        // Opponent stones inside: one eye at most, and only once they can be taken.
        let all_in_atari = area
            .iter()
            .all(|&p| b.cell(p) != opp || b.in_atari(b.chain(p)));
        return i32::from(all_in_atari && area.len() >= 2);
    }
    match area.len() {
        1 => i32::from(!false_eye(b, area[0], color)),
        n if n < MAX_EYE_SPACE && killable_shape(b, area) => 1,
        _ => 2,
    }
}

/// Whether the one-point eye at `p` is false: opponent stones on two of its diagonals, or on
/// one at the edge.
fn false_eye(b: &PlayoutBoard, p: usize, color: u8) -> bool {
    let opp = other(color);
    let (mut bad, mut edge) = (0, false);
    for d in b.diagonals(p) {
        match b.cell(d) {
            BORDER => edge = true,
            c if c == opp => bad += 1,
            _ => {}
        }
    }
    bad >= 2 || (edge && bad >= 1)
}

/// The static look at the group of the goal's stones (owned by `color`) through the stone `s`.
fn status(b: &mut PlayoutBoard, goal: &[usize], s: usize, color: u8) -> Status {
    if b.cell(s) != color {
        return Status::Dead;
    }
    let g = goal_group(b, goal, color);
    let room = room(b, &g, color);
    if g.libs.len() >= ESCAPE_LIBS || room.points >= OPEN_AREA {
        return Status::Alive;
    }
    let spaces = eye_spaces(b, &g, color);
    let eyes: i32 = spaces.iter().map(|a| eye_value(b, a, color)).sum();
    let in_atari = g.chains.iter().any(|&h| b.in_atari(h));
    if eyes >= 2 && !in_atari {
        return Status::Alive;
    }
    if !in_atari && room.eyes < 2 && !attacker_short(b, &g, color) {
        return Status::Dead;
    }
    let space: usize = spaces.iter().map(Vec::len).sum();
    let score =
        20 * eyes.min(2) + 2 * space as i32 + g.libs.len() as i32 - if in_atari { 10 } else { 0 };
    Status::Open { score }
}

/// The room a group has to make eyes: the areas of empty points it could wall off, reached
/// from its liberties through points that touch no opponent stone.
#[derive(Debug, Clone, Copy)]
struct Room {
    /// The most eyes those areas could give: one for an area of up to four points, two from
    /// five (at most 2).
    eyes: i32,
    /// Their points in all (counted up to [`OPEN_AREA`]).
    points: usize,
}

/// The room of the group `g` (of `color`).
fn room(b: &PlayoutBoard, g: &Group, color: u8) -> Room {
    let opp = other(color);
    let mut seen: Vec<usize> = Vec::new();
    let mut eyes = 0;
    for &l in &g.libs {
        if seen.contains(&l) {
            continue;
        }
        let first = seen.len();
        seen.push(l);
        let mut k = first;
        while k < seen.len() && seen.len() < OPEN_AREA {
            let p = seen[k];
            k += 1;
            for nb in b.neighbours(p) {
                if b.cell(nb) != EMPTY || seen.contains(&nb) {
                    continue;
                }
                let mut around = b.neighbours(nb).into_iter();
                let walled = around
                    .clone()
                    .any(|q| b.cell(q) == color && g.chains.contains(&b.chain(q)));
                if walled || !around.any(|q| b.cell(q) == opp) {
                    seen.push(nb);
                }
            }
        }
        eyes += if seen.len() - first >= 5 { 2 } else { 1 };
    }
    Room {
        eyes: eyes.min(2),
        points: seen.len(),
    }
}

/// Whether an opponent chain beside the group `g` has two liberties or fewer (the group may
/// live by taking it).
fn attacker_short(b: &mut PlayoutBoard, g: &Group, color: u8) -> bool {
    let opp = other(color);
    let mut beside: Vec<usize> = Vec::new();
    for &h in &g.chains {
        let mut t = h;
        loop {
            for q in b.neighbours(t) {
                if b.cell(q) == opp && !beside.contains(&b.chain(q)) {
                    beside.push(b.chain(q));
                }
            }
            t = b.next_stone(t);
            if t == h {
                break;
            }
        }
    }
    beside.into_iter().any(|h| b.count_libs(h, 3) <= 2)
}

/// One stone of each group of `min_stones` or more on `board` (the head of its largest
/// chain) with the group's stones: chains of a color joined through shared liberties.
pub fn groups(board: &PlayoutBoard, min_stones: u32) -> Vec<(usize, u32)> {
    let mut grouped = vec![false; board.len()];
    let mut out = Vec::new();
    for &h in board.chain_heads() {
        let h = h as usize;
        if grouped[h] {
            continue;
        }
        let members = group_chains(board, h, usize::MAX);
        for &c in &members {
            grouped[c] = true;
        }
        let stones: u32 = members.iter().map(|&c| board.chain_stones(c)).sum();
        if stones >= min_stones {
            let seed = members
                .iter()
                .copied()
                .max_by_key(|&c| board.chain_stones(c))
                .unwrap_or(h);
            out.push((seed, stones));
        }
    }
    out
}

/// A life-and-death reader with a node budget shared by all its questions.
#[derive(Debug)]
pub struct LifeReader {
    /// Scratch boards reused between nodes.
    stack: Vec<PlayoutBoard>,
    /// The budgets and the line being read.
    budget: Budget,
    /// The stones of the group the current question is about.
    goal: Vec<usize>,
}

impl LifeReader {
    /// A reader that reads at most `per_question` positions for one question and `total` in
    /// all.
    pub fn new(per_question: u32, total: u32) -> LifeReader {
        LifeReader {
            stack: Vec::new(),
            budget: Budget::new(per_question, total, MAX_DEPTH),
            goal: Vec::new(),
        }
    }

    /// Positions read so far, all questions together.
    #[cfg(test)]
    pub(crate) fn nodes(&self) -> u32 {
        self.budget.nodes()
    }

    /// Whether the side to move on `board` kills the opponent group through the stone `s`
    /// whatever its owner answers; `None` when a budget or the depth cut the reading short
    /// before a kill was found.
    pub fn kills(&mut self, board: &PlayoutBoard, s: usize) -> Option<bool> {
        if board.cell(s) != other(board.to_move()) {
            return Some(false);
        }
        self.set_goal(board, s);
        self.budget.start();
        let killed = self.attack(board, s, 0);
        (killed || !self.budget.cut_off()).then_some(killed)
    }

    /// The moves of the side to move on `board` that kill the opponent group through `s`
    /// whatever its owner answers, each read to the end.
    pub fn killing_moves(&mut self, board: &PlayoutBoard, s: usize) -> Vec<usize> {
        self.winning_attacks(board, s)
    }

    /// The moves of the owner of the group through `s`, to move on `board`, after which the
    /// opponent cannot kill it (each read to the end), and whether every other move tried
    /// was refuted to the end too.
    pub fn living_moves(&mut self, board: &PlayoutBoard, s: usize) -> (Vec<usize>, bool) {
        self.winning_defences(board, s)
    }

    /// Makes the group through `s` on `board` the goal of the next questions.
    fn set_goal(&mut self, board: &PlayoutBoard, s: usize) {
        let mut b = take(&mut self.stack, board);
        self.goal = goal_stones(&mut b, s);
        self.stack.push(b);
    }

    /// The legal candidate moves of `mover` in the fight over the group at `s` (owned by
    /// `owner`), the most promising first, at most `limit`: those after which the group's
    /// static look is best for `mover`.
    fn ordered_moves(
        &mut self,
        b: &mut PlayoutBoard,
        s: usize,
        mover: u8,
        owner: u8,
        limit: usize,
    ) -> Vec<usize> {
        let candidates = candidates(b, &self.goal, owner);
        let mut c = take(&mut self.stack, b);
        let mut keyed: Vec<(i32, usize)> = Vec::with_capacity(candidates.len());
        for m in candidates {
            if !b.is_legal(m, mover) {
                continue;
            }
            c.copy_from(b);
            c.set_to_move(mover);
            c.play(m);
            let value = match status(&mut c, &self.goal, s, owner) {
                Status::Alive => 1000,
                Status::Dead => -1000,
                Status::Open { score } => score,
            };
            keyed.push((if mover == owner { -value } else { value }, m));
        }
        self.stack.push(c);
        keyed.sort_by_key(|&(k, _)| k);
        keyed.into_iter().take(limit).map(|(_, m)| m).collect()
    }
}

impl BoundedReading for LifeReader {
    fn budget(&mut self) -> &mut Budget {
        &mut self.budget
    }

    fn boards(&mut self) -> &mut Vec<PlayoutBoard> {
        &mut self.stack
    }

    /// Makes the group through `s` the goal and gives all its candidate moves, the most
    /// promising first.
    fn first_candidates(
        &mut self,
        board: &mut PlayoutBoard,
        s: usize,
        mover: u8,
    ) -> Option<Vec<usize>> {
        let owner = board.cell(s);
        self.set_goal(board, s);
        Some(self.ordered_moves(board, s, mover, owner, usize::MAX))
    }

    /// The attacker (the side to move on `board`) to move: whether it kills the group at `s`.
    fn attack(&mut self, board: &PlayoutBoard, s: usize, depth: u32) -> bool {
        let def = other(board.to_move());
        let mut b = take(&mut self.stack, board);
        let killed = match status(&mut b, &self.goal, s, def) {
            Status::Dead => true,
            Status::Alive => false,
            Status::Open { .. } => {
                if !self.budget.visit(depth) || !self.budget.enter(&b) {
                    self.stack.push(b);
                    return false;
                }
                let att = other(def);
                let moves = self.ordered_moves(&mut b, s, att, def, width(depth));
                let killed = self.some_move_works(&b, s, moves, depth);
                self.budget.leave();
                killed
            }
        };
        self.stack.push(b);
        killed
    }

    /// The defender (the side to move on `board`, owner of the group at `s`) to move:
    /// whether it saves the group.
    fn defend(&mut self, board: &PlayoutBoard, s: usize, depth: u32) -> bool {
        let def = board.to_move();
        let mut b = take(&mut self.stack, board);
        let saved = match status(&mut b, &self.goal, s, def) {
            Status::Dead => false,
            Status::Alive => true,
            Status::Open { .. } => {
                if !self.budget.visit(depth) || !self.budget.enter(&b) {
                    self.stack.push(b);
                    return true;
                }
                let moves = self.ordered_moves(&mut b, s, def, def, width(depth));
                let saved = self.some_move_works(&b, s, moves, depth);
                self.budget.leave();
                saved
            }
        };
        self.stack.push(b);
        saved
    }
}

/// The points where either side might play in the fight over the group at `s` (owned by
/// `owner`): the liberties of the opponent's chains beside the group that are in atari, the
/// group's liberties, the empty points of its closed eye spaces and the empty points next to
/// its liberties.
fn candidates(b: &mut PlayoutBoard, goal: &[usize], owner: u8) -> Vec<usize> {
    let g = goal_group(b, goal, owner);
    let mut moves = Vec::new();
    let add = |moves: &mut Vec<usize>, p: usize| {
        if !moves.contains(&p) {
            moves.push(p);
        }
    };
    // Attackers beside the group in atari: the defender takes them, the attacker saves them.
    let att = other(owner);
    for &h in &g.chains {
        let mut t = h;
        loop {
            for nb in b.neighbours(t) {
                if b.cell(nb) == att && b.in_atari(b.chain(nb)) {
                    add(&mut moves, b.atari_liberty(b.chain(nb)));
                }
            }
            t = b.next_stone(t);
            if t == h {
                break;
            }
        }
    }
    for area in eye_spaces(b, &g, owner) {
        for p in area {
            if b.cell(p) == EMPTY {
                add(&mut moves, p);
            }
        }
    }
    for &l in &g.libs {
        add(&mut moves, l);
    }
    for &l in &g.libs {
        for nb in b.neighbours(l) {
            if b.cell(nb) == EMPTY {
                add(&mut moves, nb);
            }
        }
    }
    moves
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::board::{BLACK, WHITE};
    use crate::ladder::tests::{at, top_of_nine};

    fn reader() -> LifeReader {
        LifeReader::new(20_000, 200_000)
    }

    /// White in the top-left corner with a straight three (A9–C9) for its eye space: the
    /// middle point B9 decides, whoever plays it first.
    pub(crate) const STRAIGHT_THREE: [&str; 3] = [
        "...OX....", //
        "OOOOX....", //
        "XXXXX....", //
    ];

    #[test]
    fn straight_three_lives_or_dies_at_its_middle_point() {
        let mut b = top_of_nine(&STRAIGHT_THREE);
        let white = at(&b, 0, 1);
        b.set_to_move(WHITE);
        let (moves, _) = reader().living_moves(&b, white);
        assert_eq!(moves, vec![at(&b, 1, 0)]);
        b.set_to_move(BLACK);
        assert_eq!(reader().kills(&b, white), Some(true));
        assert_eq!(reader().killing_moves(&b, white), vec![at(&b, 1, 0)]);
    }

    /// A group with two separate one-point eyes cannot be killed.
    #[test]
    fn two_real_eyes_cannot_be_killed() {
        let mut b = top_of_nine(&[
            ".O.OX....", //
            "OOOOX....", //
            "XXXXX....", //
        ]);
        b.set_to_move(BLACK);
        let mut r = reader();
        assert_eq!(r.kills(&b, at(&b, 0, 1)), Some(false));
        assert_eq!(r.nodes(), 0, "the static look already sees two eyes");
    }

    /// White's eye space in the corner is a square four (A9, B9, A8, B8): dead whoever moves
    /// first.
    #[test]
    fn a_square_four_in_the_corner_is_dead_whoever_moves_first() {
        let mut b = top_of_nine(&[
            "..OX.....", //
            "..OX.....", //
            "OOOX.....", //
            "XXXX.....", //
        ]);
        let white = at(&b, 2, 0);
        b.set_to_move(BLACK);
        assert_eq!(reader().kills(&b, white), Some(true));
        b.set_to_move(WHITE);
        assert_eq!(reader().living_moves(&b, white), (vec![], true));
    }

    /// A lone stone in the open has escaped: nothing to read.
    #[test]
    fn a_stone_in_the_open_is_not_killed() {
        let mut b = top_of_nine(&[
            ".........", //
            ".........", //
            ".........", //
            ".........", //
            "....O....", //
            "...OO....", //
        ]);
        b.set_to_move(BLACK);
        assert_eq!(reader().kills(&b, at(&b, 4, 4)), Some(false));
    }

    /// White's only eye space is two points in the corner (A9, B9): one eye, killed by Black
    /// moving first, and no White move makes a second.
    #[test]
    fn a_two_point_eye_in_the_corner_is_one_eye() {
        let mut b = top_of_nine(&[
            "..OX.....", //
            "OOOX.....", //
            "XXXX.....", //
        ]);
        let white = at(&b, 0, 1);
        b.set_to_move(BLACK);
        assert_eq!(reader().kills(&b, white), Some(true));
        b.set_to_move(WHITE);
        assert_eq!(reader().living_moves(&b, white), (vec![], true));
    }

    /// White's corner (B9, A8, B8) has one eye at A9 and no room, but Black's A7–B7 beside it
    /// is in atari at C7: White to move takes it and lives; Black to move saves it there and
    /// kills.
    #[test]
    fn taking_an_attacker_in_atari_is_the_living_move() {
        let mut b = top_of_nine(&[
            ".O.X.....", //
            "OOXX.....", //
            "XX.......", //
            "OO.......", //
        ]);
        let white = at(&b, 1, 1);
        let c7 = at(&b, 2, 2);
        b.set_to_move(WHITE);
        assert!(reader().living_moves(&b, white).0.contains(&c7));
        b.set_to_move(BLACK);
        assert_eq!(reader().kills(&b, white), Some(true));
        assert!(reader().killing_moves(&b, white).contains(&c7));
    }
}
