//! What the bounded readings ([`crate::tactics`], [`crate::life`]) share: the bookkeeping of
//! a reading ([`Budget`]: positions read per question and in all, the depth limit, the
//! positions on the line being read — a repeated one is a ko or another cycle — and whether
//! the current question was cut short), and the questions about first moves that each asks
//! of its own attack and defence ([`BoundedReading`]).

use crate::board::{other, PlayoutBoard};
use crate::ladder::take;

/// A reading's budgets and its current line.
#[derive(Debug)]
pub(crate) struct Budget {
    /// Positions read so far.
    nodes: u32,
    /// The most positions read for one question.
    per_question: u32,
    /// The most positions read in all.
    total: u32,
    /// Plies read at most along one line.
    max_depth: u32,
    /// Positions read before the current question.
    question_start: u32,
    /// Whether the current question met a budget or the depth limit somewhere.
    cut_off: bool,
    /// The positions on the line being read (with the side to move), to stop a cycle.
    line: Vec<u64>,
}

impl Budget {
    /// At most `per_question` positions for one question, `total` in all, `max_depth` plies
    /// along a line.
    pub(crate) fn new(per_question: u32, total: u32, max_depth: u32) -> Budget {
        Budget {
            nodes: 0,
            per_question,
            total,
            max_depth,
            question_start: 0,
            cut_off: false,
            line: Vec::new(),
        }
    }

    /// Positions read so far, all questions together.
    #[cfg(test)]
    pub(crate) fn nodes(&self) -> u32 {
        self.nodes
    }

    /// Whether the current question met a budget or the depth limit somewhere.
    pub(crate) fn cut_off(&self) -> bool {
        self.cut_off
    }

    /// Starts a question.
    pub(crate) fn start(&mut self) {
        self.question_start = self.nodes;
        self.cut_off = false;
        self.line.clear();
    }

    /// Starts a question from the position `board` (already on the line when a first move is
    /// read as a question of its own).
    pub(crate) fn start_after(&mut self, board: &PlayoutBoard) {
        self.start();
        self.line.push(position_key(board));
    }

    /// Enters `board` on the current line; false when it repeats an earlier position of the
    /// line.
    pub(crate) fn enter(&mut self, board: &PlayoutBoard) -> bool {
        let key = position_key(board);
        if self.line.contains(&key) {
            return false;
        }
        self.line.push(key);
        true
    }

    /// Leaves the position last entered.
    pub(crate) fn leave(&mut self) {
        self.line.pop();
    }

    /// Counts a position at `depth`; false (and the question cut off) once a budget is spent
    /// or the line is too deep.
    pub(crate) fn visit(&mut self, depth: u32) -> bool {
        self.nodes += 1;
        let within = self.nodes < self.total
            && self.nodes - self.question_start < self.per_question
            && depth <= self.max_depth;
        self.cut_off |= !within;
        within
    }
}

/// A depth-first reading of a fight over the stones through `s`, which its attacker wins by
/// capturing them (or killing their group) and its owner by saving them: each reader gives its
/// attack, its defence and its first moves; the questions about first moves are the same.
pub(crate) trait BoundedReading {
    /// The reading's budgets and line.
    fn budget(&mut self) -> &mut Budget;

    /// Scratch boards reused between nodes.
    fn boards(&mut self) -> &mut Vec<PlayoutBoard>;

    /// The first moves of `mover` worth reading for or against the stones through `s` on
    /// `board`; `None` when the fight is out of the reading's reach (the stones have escaped).
    fn first_candidates(
        &mut self,
        board: &mut PlayoutBoard,
        s: usize,
        mover: u8,
    ) -> Option<Vec<usize>>;

    /// The attacker (the side to move on `board`) to move: whether it wins at `depth`.
    fn attack(&mut self, board: &PlayoutBoard, s: usize, depth: u32) -> bool;

    /// The owner of the stones through `s` (the side to move on `board`) to move: whether it
    /// saves them at `depth`.
    fn defend(&mut self, board: &PlayoutBoard, s: usize, depth: u32) -> bool;

    /// Whether one of the `moves` of the side to move on `board` works in the fight over the
    /// stones through `s`: for their attacker, one that captures them or that their owner
    /// cannot answer at `depth + 1`; for their owner, one after which the attacker has no win.
    fn some_move_works(
        &mut self,
        board: &PlayoutBoard,
        s: usize,
        moves: Vec<usize>,
        depth: u32,
    ) -> bool
    where
        Self: Sized,
    {
        let (mover, owner) = (board.to_move(), board.cell(s));
        moves.into_iter().any(|m| {
            let mut c = take(self.boards(), board);
            // As the readers always did: the ko point is cleared (the line stops a cycle).
            c.set_to_move(mover);
            let works = c.is_legal(m, mover) && {
                c.play(m);
                if mover == owner {
                    c.cell(s) == owner && !self.attack(&c, s, depth + 1)
                } else {
                    c.cell(s) != owner || !self.defend(&c, s, depth + 1)
                }
            };
            self.boards().push(c);
            works
        })
    }

    /// The moves of the side to move on `board` that win against the opponent stones through
    /// `s` whatever their owner answers. Each is read to the end (a win found always is); a
    /// move whose reading a budget cut short is left out.
    fn winning_attacks(&mut self, board: &PlayoutBoard, s: usize) -> Vec<usize>
    where
        Self: Sized,
    {
        let att = board.to_move();
        let def = other(att);
        if board.cell(s) != def {
            return Vec::new();
        }
        first_moves(self, board, s, att, |r, c| {
            Some(c.cell(s) != def || !r.defend(c, s, 1))
        })
        .0
    }

    /// The moves of the owner of the stones through `s`, to move on `board`, that save them
    /// whatever the opponent does (each read to the end), and whether every other move tried
    /// was refuted to the end too: an empty list with `true` means no move it reads saves them.
    fn winning_defences(&mut self, board: &PlayoutBoard, s: usize) -> (Vec<usize>, bool)
    where
        Self: Sized,
    {
        let def = board.to_move();
        if board.cell(s) != def {
            return (Vec::new(), false);
        }
        first_moves(self, board, s, def, |r, c| {
            let lives = c.cell(s) == def && !r.attack(c, s, 1);
            // A defence that held only because the reading was cut short is unknown.
            (!lives || !r.budget().cut_off()).then_some(lives)
        })
    }
}

/// Reads each first move of `mover` for or against the stones through `s` as a question of
/// its own: `judge` says of the position after the move whether it works (`None`: unknown).
/// Returns the moves that work, and whether every other one was read to the end (false too
/// when the fight is out of reach).
fn first_moves<R: BoundedReading>(
    reader: &mut R,
    board: &PlayoutBoard,
    s: usize,
    mover: u8,
    judge: impl Fn(&mut R, &PlayoutBoard) -> Option<bool>,
) -> (Vec<usize>, bool) {
    let mut b = take(reader.boards(), board);
    let (mut found, mut all_read) = (Vec::new(), true);
    match reader.first_candidates(&mut b, s, mover) {
        None => all_read = false,
        Some(moves) => {
            for m in moves {
                reader.budget().start_after(&b);
                let mut c = take(reader.boards(), &b);
                c.set_to_move(mover);
                let works = if c.is_legal(m, mover) {
                    c.play(m);
                    judge(reader, &c)
                } else {
                    Some(false)
                };
                reader.boards().push(c);
                match works {
                    Some(true) => found.push(m),
                    Some(false) => {}
                    None => all_read = false,
                }
            }
        }
    }
    reader.boards().push(b);
    (found, all_read)
}

/// A hash of the stones on `board` and the side to move (FNV-1a over the points).
fn position_key(board: &PlayoutBoard) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ u64::from(board.to_move());
    for i in 0..board.len() {
        h = (h ^ u64::from(board.cell(i))).wrapping_mul(0x0100_0000_01b3);
    }
    h
}
