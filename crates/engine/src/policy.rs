//! Playout policies: light (uniform random, no eye filling) and heavy (capture, atari escape,
//! 3×3 patterns near the last move, chains short of liberties anywhere on small boards,
//! self-atari avoidance, and optionally the last good reply and a random step drawn by adaptive
//! weights), and the playout loop.

use crate::adapt::Adaptation;
use crate::balance::{self, BalanceTrace, Coin, PlayoutWeights};
use crate::board::{other, PlayoutBoard, EMPTY, PASS, WHITE};
use crate::gamma;
use crate::ladder;
use crate::nakade::is_nakade_self_atari;
use crate::pattern;
use crate::reply::LastGoodReply;
use crate::rng::FastRng;

/// Which playout policy to use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly random legal moves that do not fill an own eye.
    Light,
    /// Tactical and shape heuristics before a random move that avoids self-atari (except a
    /// nakade, a self-atari that kills), with the two-liberty tactics on every board size; a
    /// chain in atari is not extended along a working ladder (on boards where ladders are read);
    /// up to 11×11, when nothing near the last move is urgent, chains short of liberties
    /// anywhere on the board are taken, attacked or extended.
    Heavy,
    /// The heavy policy as the dead-stone estimator uses it: no ladder reading, no nakade, and
    /// the two-liberty tactics only up to 11×11. Finished positions are judged better this way (a
    /// chain in atari there is in a capturing race in a corner or along an edge, not running
    /// across an open board), and it is the combination measured on the OGS positions and the
    /// self-play games (see docs/ENGINE.md).
    Estimator,
    /// [`Policy::Heavy`] without the whole-board scan for chains short of liberties: the Go
    /// search's playouts up to 11×11 unless `EngineConfig::liberty_scan` is set (the scan did
    /// not win more games, docs/ENGINE.md "Collapses"), and TimeGo's playouts, as measured
    /// there.
    HeavyLocal,
    /// [`Policy::HeavyLocal`] whose shape step draws among the hand-made patterns' matches
    /// around the last move in proportion to their learned 3×3 shape gammas (`gamma`, the
    /// table of the board's size): `PlayoutShapes::Weighted`, the search's playouts on 12×12
    /// and larger by default.
    HeavyWeighted,
    /// [`Policy::HeavyLocal`] whose shape step draws among the points around the last move
    /// whose learned shape gamma is at least [`LEARNED_SHAPE_MIN`], in proportion to it:
    /// `PlayoutShapes::Learned` (docs/ENGINE.md, "Learned patterns").
    HeavyLearned,
    /// [`Policy::HeavyLocal`] with its free parameters balanced (module `balance`): the
    /// chances of trying the tactics, the two-liberty tactics and the patterns, and a shape
    /// step that draws among the hand-made patterns' matches in proportion to balanced
    /// weights, or plays elsewhere: `PlayoutShapes::Balanced` (docs/ENGINE.md, "Simulation
    /// balancing").
    HeavyBalanced,
}

impl Policy {
    /// Whether the policy uses the heavy heuristics.
    fn is_heavy(self) -> bool {
        self != Policy::Light
    }

    /// Whether this is one of the search's heavy policies (nakade, ladder reading and the
    /// two-liberty tactics on every board size).
    fn is_search(self) -> bool {
        matches!(
            self,
            Policy::Heavy
                | Policy::HeavyLocal
                | Policy::HeavyWeighted
                | Policy::HeavyLearned
                | Policy::HeavyBalanced
        )
    }
}

/// Probability of trying the last-move heuristics in heavy playouts.
pub(crate) const P_TACTICS: f32 = 0.95;
/// When only self-atari moves are left, one that puts at most this many stones in atari is
/// still played rather than passing (passing lets the opponent kill living groups), while
/// larger chains, as in seki, are left alone.
const MAX_FALLBACK_SELF_ATARI: u32 = 3;

/// Probability of trying the two-liberty tactics around the last move.
pub(crate) const P_TWO_LIBS: f32 = 0.8;

/// The largest board on which the estimator's playouts use the two-liberty tactics (the search
/// uses them everywhere since ladders are read; see docs/ENGINE.md).
const MAX_SIZE_TWO_LIBS_ESTIMATOR: usize = 11;

/// Probability of looking, when nothing near the last move is urgent, for chains short of
/// liberties anywhere on the board (search policy only).
const P_SHORT_OF_LIBERTIES: f32 = 0.5;

/// The largest board on which the playouts look for chains short of liberties: the scan of
/// the whole board halves the heavy playout speed on 19×19, and only 9×9 was measured
/// (docs/ENGINE.md, "Collapses").
const MAX_SIZE_SHORT_OF_LIBERTIES: usize = 11;

/// Probability of trying 3×3 patterns around the last move.
pub(crate) const P_PATTERN: f32 = 0.9;

/// The learned shape step only considers points whose shape gamma is at least this: shapes
/// played more often than a typical point (the hand-made step likewise only plays matches).
const LEARNED_SHAPE_MIN: f32 = 2.0;

/// Chooses a move for the side to move with the given policy (PASS when none is left).
pub fn choose(board: &mut PlayoutBoard, rng: &mut FastRng, policy: Policy) -> usize {
    choose_with(board, rng, policy, None, None)
}

/// [`choose`], with the heavy policy also trying the stored last good replies after its urgent
/// tactics, and its random step drawing by the learned weights of `adapt`.
pub(crate) fn choose_with(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    policy: Policy,
    replies: Option<&LastGoodReply>,
    adapt: Option<&Adaptation>,
) -> usize {
    let me = board.to_move();
    if policy.is_heavy() {
        let tuned = (policy == Policy::HeavyBalanced).then(|| Tuned {
            weights: balance::shipped(board.size()),
            trace: None,
        });
        if let Some(m) = heavy_local(board, rng, me, policy, replies, tuned) {
            return m;
        }
    }
    if let Some(m) = adapt.and_then(|a| a.draw(board, rng, me)) {
        if learned_move_playable(board, m, me, policy) {
            return m;
        }
    }
    random_move(board, rng, me, policy)
}

/// Whether a move the playouts learned (a stored last good reply, an adaptive draw) may be
/// played by `me` at `i`: legal, not in an own eye, and with a heavy policy not a self-atari of
/// two or more stones (unless, with the search's policy, a killing nakade).
fn learned_move_playable(board: &mut PlayoutBoard, i: usize, me: u8, policy: Policy) -> bool {
    if board.is_eye(i, me) || !board.is_legal(i, me) {
        return false;
    }
    !policy.is_heavy()
        || board.self_atari_size(i, me) < 2
        || (policy.is_search() && is_nakade_self_atari(board, i, me))
}

/// [`Policy::HeavyBalanced`]'s move with the given `weights`, recording its random choices in
/// `trace` (simulation balancing, module `balance`).
pub(crate) fn choose_traced(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    weights: &PlayoutWeights,
    trace: &mut BalanceTrace,
) -> usize {
    let me = board.to_move();
    let policy = Policy::HeavyBalanced;
    let tuned = Tuned {
        weights,
        trace: Some(trace),
    };
    if let Some(m) = heavy_local(board, rng, me, policy, None, Some(tuned)) {
        return m;
    }
    random_move(board, rng, me, policy)
}

/// The balanced policy's weights and, when balancing, the record of its random choices.
struct Tuned<'a> {
    weights: &'a PlayoutWeights,
    trace: Option<&'a mut BalanceTrace>,
}

/// Tosses one of the heavy policy's coins: its fixed chance `fixed`, or the balanced one
/// (recorded when balancing).
fn toss(rng: &mut FastRng, tuned: &mut Option<Tuned>, coin: Coin, fixed: f32) -> bool {
    match tuned {
        None => rng.chance(fixed),
        Some(t) => {
            let p = t.weights.coin(coin);
            let heads = rng.chance(p);
            if let Some(trace) = t.trace.as_deref_mut() {
                trace.coin(coin, heads, p);
            }
            heads
        }
    }
}

/// A random legal move that does not fill an own eye (nor, with `policy` heavy, put two or
/// more stones in atari, unless, with the search's policy, that kills as a nakade). PASS if
/// there is none.
pub fn random_move(board: &mut PlayoutBoard, rng: &mut FastRng, me: u8, policy: Policy) -> usize {
    let avoid_self_atari = policy.is_heavy();
    let nakade = policy.is_search();
    let n = board.empties().len();
    if n == 0 {
        return PASS;
    }
    let start = rng.below(n);
    let mut fallback = PASS;
    for k in 0..n {
        let mut j = start + k;
        if j >= n {
            j -= n;
        }
        let i = board.empties()[j] as usize;
        if board.is_eye(i, me) || !board.is_legal(i, me) {
            continue;
        }
        if avoid_self_atari {
            let sa = board.self_atari_size(i, me);
            if sa >= 2 && !(nakade && is_nakade_self_atari(board, i, me)) {
                if fallback == PASS && sa <= MAX_FALLBACK_SELF_ATARI {
                    fallback = i;
                }
                continue;
            }
        }
        return i;
    }
    fallback
}

/// Fixed-capacity list of candidate moves (no allocation). Points are kept as `u16` (a padded
/// 19×19 board has 441 points) so that a new list, made several times a playout move, clears
/// 64 bytes rather than 256.
#[derive(Debug)]
pub struct Candidates {
    moves: [u16; 32],
    len: usize,
}

impl Default for Candidates {
    fn default() -> Candidates {
        Candidates::new()
    }
}

impl Candidates {
    /// An empty list.
    pub fn new() -> Candidates {
        Candidates {
            moves: [0; 32],
            len: 0,
        }
    }
    /// Adds a move (ignored when full or already present).
    pub fn push(&mut self, m: usize) {
        let m = u16::try_from(m).expect("a board point fits in u16");
        if self.len < self.moves.len() && !self.moves[..self.len].contains(&m) {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }
    /// Whether `m` is in the list.
    pub fn contains(&self, m: usize) -> bool {
        u16::try_from(m).is_ok_and(|m| self.moves[..self.len].contains(&m))
    }
    /// The moves, in the order they were added.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.moves[..self.len].iter().map(|&m| usize::from(m))
    }
    fn pick(&self, rng: &mut FastRng) -> Option<usize> {
        (self.len > 0).then(|| usize::from(self.moves[rng.below(self.len)]))
    }
}

/// Whether `i` is a sensible heavy-playout move for `me`.
fn acceptable(board: &mut PlayoutBoard, i: usize, me: u8) -> bool {
    board.cell(i) == EMPTY
        && board.is_legal(i, me)
        && !board.is_eye(i, me)
        && board.self_atari_size(i, me) < 2
}

/// The local heuristics around the last move: save own chains in atari, capture, the last good
/// reply (when a table is given), two-liberty tactics, patterns.
fn heavy_local(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    me: u8,
    policy: Policy,
    replies: Option<&LastGoodReply>,
    mut tuned: Option<Tuned>,
) -> Option<usize> {
    let read_ladders = policy.is_search();
    let two_libs = policy.is_search() || board.size() <= MAX_SIZE_TWO_LIBS_ESTIMATOR;
    let last = board.last_move();
    if last == PASS || !toss(rng, &mut tuned, Coin::Tactics, P_TACTICS) {
        return None;
    }
    let opp = other(me);
    let mut cands = Candidates::new();
    // Capture the chain just played, or any opponent chain next to it, in atari.
    if board.cell(last) == opp && board.in_atari(board.chain(last)) {
        cands.push(board.atari_liberty(board.chain(last)));
    }
    // Save own chains that the last move put in atari.
    for n in board.neighbours(last) {
        if board.cell(n) == me {
            let h = board.chain(n);
            if board.in_atari(h) {
                escape_moves(board, h, me, read_ladders, &mut cands);
            }
        }
    }
    let mut filtered = Candidates::new();
    for m in cands.iter() {
        if board.is_legal(m, me) && !board.is_eye(m, me) {
            filtered.push(m);
        }
    }
    if let Some(m) = filtered.pick(rng) {
        return Some(m);
    }
    if let Some(table) = replies {
        for r in table.replies(me, board.last_move2(), last) {
            if r != PASS && learned_move_playable(board, r, me, policy) {
                return Some(r);
            }
        }
    }
    if two_libs && toss(rng, &mut tuned, Coin::TwoLiberties, P_TWO_LIBS) {
        if let Some(m) = two_liberty_move(board, rng, me, last) {
            return Some(m);
        }
    }
    if policy == Policy::Heavy
        && board.size() <= MAX_SIZE_SHORT_OF_LIBERTIES
        && rng.chance(P_SHORT_OF_LIBERTIES)
    {
        if let Some(m) = short_of_liberties_move(board, rng, me) {
            return Some(m);
        }
    }
    if toss(rng, &mut tuned, Coin::Patterns, P_PATTERN) {
        let ring = around(board, last);
        if let Some(t) = tuned.as_mut() {
            return balanced_shape_move(board, rng, me, &ring, t);
        }
        match policy {
            Policy::HeavyWeighted => return learned_shape_move(board, rng, me, &ring, true),
            Policy::HeavyLearned => return learned_shape_move(board, rng, me, &ring, false),
            _ => {}
        }
        let mut pats = Candidates::new();
        for n in ring {
            if board.cell(n) == EMPTY && pattern::matches_at(board, n) && acceptable(board, n, me) {
                pats.push(n);
            }
        }
        if let Some(m) = pats.pick(rng) {
            return Some(m);
        }
    }
    None
}

/// The eight points around `i` (on the padded board, so border cells where `i` is on the edge).
fn around(board: &PlayoutBoard, i: usize) -> [usize; 8] {
    let s = board.stride();
    [
        i - s - 1,
        i - s,
        i - s + 1,
        i - 1,
        i + 1,
        i + s - 1,
        i + s,
        i + s + 1,
    ]
}

/// Among the sensible empty points of `ring` that match the hand-made patterns
/// (`hand_made`) or else whose learned shape gamma is at least [`LEARNED_SHAPE_MIN`], one
/// drawn with probability proportional to its gamma (the Bradley–Terry choice among them);
/// None when there is none.
fn learned_shape_move(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    me: u8,
    ring: &[usize; 8],
    hand_made: bool,
) -> Option<usize> {
    let weights = gamma::shape_weights(board.size());
    let side = if me == WHITE { 1 << 16 } else { 0 };
    let mut moves = [(0usize, 0f32); 8];
    let mut n = 0;
    let mut total = 0.0f32;
    for &p in ring {
        if board.cell(p) != EMPTY {
            continue;
        }
        let g = weights[pattern::code(board, p) | side];
        let eligible = if hand_made {
            pattern::matches_at(board, p)
        } else {
            g >= LEARNED_SHAPE_MIN
        };
        if eligible && acceptable(board, p, me) {
            moves[n] = (p, g);
            total += g;
            n += 1;
        }
    }
    let mut x = rng.unit() as f32 * total;
    for &(p, g) in &moves[..n] {
        if x < g {
            return Some(p);
        }
        x -= g;
    }
    moves[..n].last().map(|&(p, _)| p)
}

/// Among the sensible empty points of `ring` that match the hand-made patterns, one drawn with
/// probability proportional to its balanced shape weight, or, with the weight of `elsewhere`,
/// none (the playout goes on to a random move); None too when no point matches. The draw is
/// recorded when balancing.
fn balanced_shape_move(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    me: u8,
    ring: &[usize; 8],
    tuned: &mut Tuned,
) -> Option<usize> {
    let side = if me == WHITE { 1 << 16 } else { 0 };
    let mut moves = [(0usize, 0usize, 0f32); 8];
    let mut n = 0;
    let mut total = tuned.weights.elsewhere();
    for &p in ring {
        if board.cell(p) == EMPTY && pattern::matches_at(board, p) && acceptable(board, p, me) {
            let code = pattern::code(board, p);
            let g = tuned.weights.shape(code | side);
            moves[n] = (p, code, g);
            total += g;
            n += 1;
        }
    }
    if n == 0 {
        return None;
    }
    let mut x = rng.unit() as f32 * total;
    let mut chosen = None;
    for (k, &(_, _, g)) in moves[..n].iter().enumerate() {
        if x < g {
            chosen = Some(k);
            break;
        }
        x -= g;
    }
    if let Some(trace) = tuned.trace.as_deref_mut() {
        let drawn = moves[..n].iter().map(|&(_, code, g)| (code, g));
        trace.shape_draw(me, drawn, tuned.weights.elsewhere(), total, chosen);
    }
    chosen.map(|k| moves[k].0)
}

/// Anywhere on the board: capture an opponent chain in atari; and, for chains of two or more
/// stones with two liberties, extend an own one where that gives three liberties (or, where
/// it cannot, play its capturing race: [`race_moves`]), or put in atari an opponent one that
/// cannot get three by extending at either liberty (where our stone keeps two). Without it, a
/// weak chain that the last moves did not touch lives or dies by which side happens to play
/// there first, and the playouts keep alive groups that a strong opponent simply kills
/// (docs/ENGINE.md, "Collapses").
fn short_of_liberties_move(board: &mut PlayoutBoard, rng: &mut FastRng, me: u8) -> Option<usize> {
    let mut cands = Candidates::new();
    short_of_liberties_moves(board, me, &mut cands);
    cands.pick(rng)
}

/// The moves of [`short_of_liberties_move`], all of them (up to the list's capacity): also
/// the tree's priors for the side to move (docs/ENGINE.md, "Chains short of liberties").
pub(crate) fn short_of_liberties_moves(board: &mut PlayoutBoard, me: u8, cands: &mut Candidates) {
    let opp = other(me);
    let mut libs = [0usize; 2];
    // Indexed, not iterated: the walks below borrow the board mutably (their scratch marks),
    // and nothing here plays a move, so the list of chain heads stays as it is.
    for k in 0..board.chain_heads().len() {
        let i = board.chain_heads()[k] as usize;
        let stone = board.cell(i);
        if stone == opp && board.in_atari(i) {
            // An opponent chain left in atari (the atari was answered elsewhere): take it.
            let l = board.atari_liberty(i);
            if board.is_legal(l, me) {
                cands.push(l);
            }
            continue;
        }
        if board.chain_stones(i) < 2 {
            continue;
        }
        // Two liberties, each touched by at most four stones, is at most eight
        // pseudo-liberties; most chains are ruled out here without a walk.
        if board.pseudo_liberties(i) > 8 || board.liberties_into(i, &mut libs) != 2 {
            continue;
        }
        if stone == me {
            let before = cands.len;
            for &l in &libs {
                if board.is_legal(l, me) && !board.is_eye(l, me) && board.libs_after(l, me, 3) >= 3
                {
                    cands.push(l);
                }
            }
            if cands.len == before {
                race_moves(board, i, libs, me, cands);
            }
        } else if libs.iter().all(|&l| board.libs_after(l, opp, 3) < 3) {
            for &l in &libs {
                if board.is_legal(l, me) && board.libs_after(l, me, 2) >= 2 {
                    cands.push(l);
                }
            }
        }
    }
}

/// Two-liberty tactics around the last move: extend an own chain it left with two liberties
/// (where that gives three) or, where it cannot, play the capturing race (see
/// [`race_moves`]); and put the chain just played in atari when it has two liberties (where
/// our stone keeps two).
fn two_liberty_move(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    me: u8,
    last: usize,
) -> Option<usize> {
    let opp = other(me);
    let mut cands = Candidates::new();
    let mut libs = [0usize; 2];
    let mut seen = [0usize; 4];
    for (k, n) in board.neighbours(last).into_iter().enumerate() {
        if board.cell(n) != me {
            continue;
        }
        let h = board.chain(n);
        if seen[..k].contains(&h) {
            continue;
        }
        seen[k] = h;
        if board.chain_stones(h) < 2 || board.liberties_into(h, &mut libs) != 2 {
            continue;
        }
        let before = cands.len;
        for &l in &libs {
            if board.is_legal(l, me) && board.libs_after(l, me, 3) >= 3 {
                cands.push(l);
            }
        }
        if cands.len == before {
            race_moves(board, h, libs, me, &mut cands);
        }
    }
    if board.cell(last) == opp {
        let h = board.chain(last);
        if board.liberties_into(h, &mut libs) == 2 {
            for &l in &libs {
                if board.is_legal(l, me) && board.libs_after(l, me, 2) >= 2 {
                    cands.push(l);
                }
            }
        }
    }
    cands.pick(rng)
}

/// The capturing race of the own chain `h` of `me`, which has two liberties (`own_libs`) and
/// cannot get a third by extending: capture an adjacent opponent chain in atari, or put in
/// atari an adjacent opponent chain of two or more stones with two liberties, on the
/// liberty it does not share with `h` (filling a shared one would put `h` in atari first),
/// where our stone keeps two liberties or captures. Without it the playouts leave such a race
/// to whichever side happens to play on the liberties first, and a chain that has lost its
/// race lives in most of them (docs/ENGINE.md, "Race moves").
fn race_moves(
    board: &mut PlayoutBoard,
    h: usize,
    own_libs: [usize; 2],
    me: u8,
    out: &mut Candidates,
) {
    let opp = other(me);
    let mut seen = [0usize; 8];
    let mut n_seen = 0;
    let mut libs = [0usize; 2];
    let mut s = h;
    let mut steps = 0;
    loop {
        for n in board.neighbours(s) {
            if board.cell(n) != opp {
                continue;
            }
            let oh = board.chain(n);
            if seen[..n_seen].contains(&oh) {
                continue;
            }
            if n_seen < seen.len() {
                seen[n_seen] = oh;
                n_seen += 1;
            }
            if board.in_atari(oh) {
                let l = board.atari_liberty(oh);
                if board.is_legal(l, me) {
                    out.push(l);
                }
                continue;
            }
            if board.chain_stones(oh) < 2
                || board.pseudo_liberties(oh) > 8
                || board.liberties_into(oh, &mut libs) != 2
            {
                continue;
            }
            for &l in &libs {
                if !own_libs.contains(&l)
                    && board.is_legal(l, me)
                    && (board.libs_after(l, me, 2) >= 2 || board.is_capture(l, me))
                {
                    out.push(l);
                }
            }
        }
        s = board.next_stone(s);
        steps += 1;
        if s == h || steps > 64 {
            break;
        }
    }
}

/// Moves that may save the chain `h` of `me` in atari: capturing an adjacent opponent chain in
/// atari, or extending at the liberty when that gives more than one liberty (and, with
/// `read_ladders`, does not just run along a working ladder).
pub fn escape_moves(
    board: &mut PlayoutBoard,
    h: usize,
    me: u8,
    read_ladders: bool,
    out: &mut Candidates,
) {
    let opp = other(me);
    let mut s = h;
    let mut steps = 0;
    loop {
        for n in board.neighbours(s) {
            if board.cell(n) == opp {
                let oh = board.chain(n);
                if board.in_atari(oh) {
                    out.push(board.atari_liberty(oh));
                }
            }
        }
        s = board.next_stone(s);
        steps += 1;
        if s == h || steps > 64 {
            break;
        }
    }
    let lib = board.atari_liberty(h);
    if board.is_legal(lib, me)
        && board.self_atari_size(lib, me) == 0
        && !(read_ladders && runs_into_ladder(board, h, lib, me))
    {
        // Extending must also reach at least two liberties counting the merged chain, and not
        // just run along a working ladder.
        out.push(lib);
    }
}

/// Whether extending the chain `h` of `me` (in atari) at its liberty `lib` only runs along a
/// working ladder: the extension leaves two liberties and the ladder reading catches it
/// (always false on boards where the engine does not read ladders).
pub fn runs_into_ladder(board: &mut PlayoutBoard, h: usize, lib: usize, me: u8) -> bool {
    ladder::reads_ladders(board)
        && board.libs_after(lib, me, 3) < 3
        && ladder::caught_in_ladder(board, h)
}

/// Plays the position out to the end with `policy`; records each move as `(point, stone)` in
/// `moves` (cleared first, capacity reused). Returns the area score, Black minus White, without
/// komi.
pub fn playout(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    policy: Policy,
    moves: &mut Vec<(u16, u8)>,
) -> i32 {
    playout_with(board, rng, policy, None, None, moves)
}

/// [`playout`] with the random step drawing by the weights of `adapt`, which notes the
/// playout's moves (the caller then updates it with the result).
pub fn playout_adaptive(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    policy: Policy,
    adapt: &mut Adaptation,
    moves: &mut Vec<(u16, u8)>,
) -> i32 {
    playout_with(board, rng, policy, None, Some(adapt), moves)
}

/// [`playout`] with the last good replies of `replies` tried by the heavy policy and the
/// random step drawing by the weights of `adapt`, which notes the playout's moves (the caller
/// updates both with the result).
pub(crate) fn playout_with(
    board: &mut PlayoutBoard,
    rng: &mut FastRng,
    policy: Policy,
    replies: Option<&LastGoodReply>,
    mut adapt: Option<&mut Adaptation>,
    moves: &mut Vec<(u16, u8)>,
) -> i32 {
    moves.clear();
    if let Some(a) = adapt.as_deref_mut() {
        a.start_playout();
    }
    let limit = board.size() * board.size() * 3;
    let mut count = 0;
    while board.passes() < 2 && count < limit {
        let stone = board.to_move();
        let m = choose_with(board, rng, policy, replies, adapt.as_deref());
        if let Some(a) = adapt.as_deref_mut() {
            a.note(board, stone, m);
        }
        board.play(m);
        if m != PASS {
            moves.push((m as u16, stone));
        }
        count += 1;
    }
    board.area_score()
}

/// Whether Black wins a playout with this area score and komi (in half points).
#[inline]
pub fn black_wins(score: i32, komi_halves: i32) -> bool {
    score * 2 > komi_halves
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use tengen_rules::Point;

    /// 9×9: Black E5, White C3 (a quiet position: nothing in atari, no shape to answer),
    /// Black to move; `seq` is the moves from the root, as the search records them.
    fn quiet_position() -> (PlayoutBoard, [(u16, u8); 2]) {
        let mut b = PlayoutBoard::new(9);
        let e5 = b.index(Point::new(4, 4));
        let c3 = b.index(Point::new(2, 2));
        b.play(e5);
        b.play(c3);
        let seq = [(e5 as u16, b.cell(e5)), (c3 as u16, b.cell(c3))];
        (b, seq)
    }

    /// How often, in 400 choices, the heavy policy plays `target` with the table `replies`.
    fn times_played(board: &PlayoutBoard, replies: Option<&LastGoodReply>, target: usize) -> u32 {
        let mut rng = FastRng::new(7);
        let mut b = board.clone();
        (0..400)
            .filter(|_| choose_with(&mut b, &mut rng, Policy::Heavy, replies, None) == target)
            .count() as u32
    }

    #[test]
    fn a_reply_from_a_won_playout_is_played_after_the_same_moves() {
        let (board, [first, second]) = quiet_position();
        let g7 = board.index(Point::new(6, 6));
        let me = board.to_move();
        assert_eq!(me, first.1);
        let mut table = LastGoodReply::new(board.len());
        // Without a stored reply, G7 is one random move among about 80.
        assert!(times_played(&board, Some(&table), g7) < 40);
        // A playout in which Black answered White's C3 at G7 and won.
        table.update(&[first, second, (g7 as u16, me)], me == crate::board::BLACK);
        // Now the policy plays G7 whenever it tries its tactics (95% of moves).
        assert!(times_played(&board, Some(&table), g7) >= 360);
        // The same position without the table plays as before.
        assert!(times_played(&board, None, g7) < 40);
        // Only after the opponent's C3: after another last move, G7 is random again.
        let mut other_board = PlayoutBoard::new(9);
        other_board.play(first.0 as usize);
        other_board.play(board.index(Point::new(6, 2)));
        assert!(times_played(&other_board, Some(&table), g7) < 40);
    }

    #[test]
    fn a_reply_from_a_lost_playout_is_forgotten() {
        let (board, [first, second]) = quiet_position();
        let g7 = board.index(Point::new(6, 6));
        let me = board.to_move();
        let black = me == crate::board::BLACK;
        let mut table = LastGoodReply::new(board.len());
        table.update(&[first, second, (g7 as u16, me)], black);
        assert!(times_played(&board, Some(&table), g7) >= 360);
        // The next playout with the same reply is lost: the reply is no longer played.
        table.update(&[first, second, (g7 as u16, me)], !black);
        assert_eq!(
            table.replies(me, first.0 as usize, second.0 as usize),
            [PASS; 2]
        );
        assert!(times_played(&board, Some(&table), g7) < 40);
    }

    #[test]
    fn a_stored_reply_on_an_occupied_point_is_not_played() {
        let (board, [first, second]) = quiet_position();
        let me = board.to_move();
        let g7 = board.index(Point::new(6, 6));
        let mut table = LastGoodReply::new(board.len());
        table.update(&[first, second, (g7 as u16, me)], me == crate::board::BLACK);
        // The same last two moves in a playout where White already holds G7.
        let mut b = PlayoutBoard::new(9);
        b.play_as(g7, other(me));
        b.play_as(first.0 as usize, me);
        b.play(second.0 as usize);
        assert_eq!(b.to_move(), me);
        let mut rng = FastRng::new(3);
        for _ in 0..200 {
            let m = choose_with(&mut b, &mut rng, Policy::Heavy, Some(&table), None);
            assert_ne!(m, g7);
            assert!(m == PASS || b.is_legal(m, me));
        }
    }

    #[test]
    fn candidates_keep_each_point_once_in_order_up_to_their_capacity() {
        let mut c = Candidates::new();
        for m in [440, 12, 440, 30] {
            c.push(m);
        }
        assert_eq!(c.iter().collect::<Vec<_>>(), vec![440, 12, 30]);
        assert!(c.contains(12) && c.contains(440) && !c.contains(13));
        for m in 100..200 {
            c.push(m);
        }
        assert_eq!(c.iter().count(), 32);
        assert!(c.contains(128) && !c.contains(129));
    }

    /// Game 2 of the collapse study (docs/ENGINE.md, "Collapses"), Black to move: Black's
    /// G8–G9 (two liberties, F9 and H9) has lost its race against White's H8–J8 (three) and
    /// is dead; Black's G6–H6–F6 wall, H7 and G4 live.
    const CORNER_RACE: [&str; 9] = [
        "......X..",
        ".....OXOO",
        "....OOOX.",
        "...O.XXX.",
        "OOOX.....",
        "OXOXX.X..",
        "OXXO.....",
        ".OXX.....",
        "O........",
    ];

    /// In how many of `n` heavy playouts from `rows` (`me` to move, no last move) the chain
    /// at `(col, row_from_top)` still stands at the end.
    fn survivals(rows: &[&str], me: u8, col: usize, row: usize, n: u32, seed: u64) -> u32 {
        let mut start = crate::ladder::tests::board(rows);
        start.set_to_move(me);
        start.set_last_move(PASS);
        let p = crate::ladder::tests::at(&start, col, row);
        let stone = start.cell(p);
        let mut rng = FastRng::new(seed);
        let mut b = start.clone();
        let mut moves = Vec::new();
        (0..n)
            .filter(|_| {
                b.copy_from(&start);
                playout(&mut b, &mut rng, Policy::Heavy, &mut moves);
                b.cell(p) == stone
            })
            .count() as u32
    }

    #[test]
    fn a_corner_chain_that_lost_its_capturing_race_dies_in_most_playouts() {
        use crate::board::BLACK;
        for seed in [1, 2, 3] {
            // G8: 37% of the playouts kept it before the chains short of liberties were
            // attacked anywhere on the board, about 13% now.
            let dead = survivals(&CORNER_RACE, BLACK, 6, 1, 400, seed);
            assert!(
                dead < 100,
                "seed {seed}: the dead G8 survives {dead} of 400"
            );
            // The wall G6 lives.
            let wall = survivals(&CORNER_RACE, BLACK, 6, 3, 400, seed);
            assert!(
                wall > 340,
                "seed {seed}: the living G6 survives {wall} of 400"
            );
        }
    }

    #[test]
    fn a_chain_short_of_liberties_is_put_in_atari_far_from_the_last_move() {
        use crate::board::{BLACK, WHITE};
        use crate::ladder::tests::{at, board};
        // White B6–C6 has two liberties, B5 and C5, and extending at either leaves it one;
        // the last move, G1, is far away.
        let mut b = board(&[
            ".........",
            ".........",
            ".XX......",
            "XOOX.....",
            "X..X.....",
            ".XX......",
            ".........",
            ".........",
            "......O..",
        ]);
        b.set_last_move(at(&b, 6, 8));
        let ataris = [at(&b, 1, 4), at(&b, 2, 4)];
        let mut rng = FastRng::new(5);
        b.set_to_move(BLACK);
        for _ in 0..100 {
            let m = short_of_liberties_move(&mut b, &mut rng, BLACK);
            assert!(m.is_some_and(|m| ataris.contains(&m)), "{m:?}");
        }
        // White cannot save it by extending (that gives one liberty), so it finds nothing.
        b.set_to_move(WHITE);
        assert_eq!(short_of_liberties_move(&mut b, &mut rng, WHITE), None);
    }

    #[test]
    fn an_own_chain_short_of_liberties_extends_to_three() {
        use crate::board::WHITE;
        use crate::ladder::tests::{at, board};
        // The same White chain with room at C5: extending there gives it three liberties (at
        // B5 it would still have one).
        let mut b = board(&[
            ".........",
            ".........",
            ".XX......",
            "XOOX.....",
            "X........",
            ".X.......",
            ".........",
            ".........",
            "......X..",
        ]);
        b.set_last_move(at(&b, 6, 8));
        b.set_to_move(WHITE);
        let mut rng = FastRng::new(9);
        for _ in 0..100 {
            assert_eq!(
                short_of_liberties_move(&mut b, &mut rng, WHITE),
                Some(at(&b, 2, 4))
            );
        }
    }

    /// Game 407 of the fifth parity sample (docs/ENGINE.md, "Race moves"), after White's J5:
    /// Black's G6–H6–H5–H4 has two liberties (J6, J4) and no extension to three; White's chain
    /// along the seventh line, D7–J7 with F6, has two as well, D6 and the shared J6. Black wins
    /// the race at D6 (the outside liberty), far from the last move; J4 puts J5 in atari.
    pub(crate) const RACE_AFTER_J5: [&str; 9] = [
        ".........",
        "XOOXXXXXX",
        "XOXOOOOOO",
        ".OX.XOXX.",
        "OOXX.XOXO",
        "XXX.XXOX.",
        ".OOO.OOO.",
        ".........",
        ".........",
    ];

    #[test]
    fn a_chain_that_cannot_extend_fills_the_outside_liberty_of_its_racing_neighbour() {
        use crate::board::BLACK;
        use crate::ladder::tests::{at, board};
        let mut b = board(&RACE_AFTER_J5);
        let j5 = at(&b, 8, 4);
        b.set_last_move(j5);
        b.set_to_move(BLACK);
        let (d6, j4, j6) = (at(&b, 3, 3), at(&b, 8, 5), at(&b, 8, 3));
        let mut rng = FastRng::new(3);
        let mut seen_d6 = 0;
        for _ in 0..200 {
            let m = two_liberty_move(&mut b, &mut rng, BLACK, j5);
            assert!(m == Some(d6) || m == Some(j4), "{m:?}");
            assert_ne!(m, Some(j6), "the shared liberty puts Black in atari first");
            seen_d6 += u32::from(m == Some(d6));
        }
        assert!((60..=140).contains(&seen_d6), "D6 in {seen_d6} of 200");
    }

    /// White's contact play at E5 on Black's E4, Black to move, and the eight points around it.
    fn contact_play() -> (PlayoutBoard, [usize; 8]) {
        use crate::board::BLACK;
        use crate::ladder::tests::{at, board};
        let mut b = board(&[
            ".........",
            ".........",
            ".........",
            ".........",
            "....O....",
            "....X....",
            ".........",
            ".........",
            ".........",
        ]);
        let e5 = at(&b, 4, 4);
        b.set_last_move(e5);
        b.set_to_move(BLACK);
        let ring = around(&b, e5);
        (b, ring)
    }

    /// Draws the learned shape step 20 000 times after White's contact play at E5 on Black's
    /// E4 and checks that every draw is eligible and each point's share follows its gamma.
    fn check_learned_shape_draws(hand_made: bool) {
        use crate::board::BLACK;
        let (mut b, ring) = contact_play();
        let weights = gamma::shape_weights(9);
        let eligible: Vec<(usize, f32)> = ring
            .iter()
            .map(|&p| (p, weights[pattern::code(&b, p)]))
            .filter(|&(p, w)| {
                b.cell(p) == EMPTY
                    && if hand_made {
                        pattern::matches_at(&b, p)
                    } else {
                        w >= LEARNED_SHAPE_MIN
                    }
            })
            .collect();
        assert!(
            eligible.len() >= 2,
            "hand-made {hand_made}: {} eligible points around a contact play",
            eligible.len()
        );
        let total: f32 = eligible.iter().map(|&(_, w)| w).sum();
        let mut rng = FastRng::new(11);
        let draws = 20_000;
        let mut counts = std::collections::HashMap::new();
        for _ in 0..draws {
            let m = learned_shape_move(&mut b, &mut rng, BLACK, &ring, hand_made).expect("a move");
            assert!(
                eligible.iter().any(|&(p, _)| p == m),
                "{m} is not an eligible point"
            );
            *counts.entry(m).or_insert(0u32) += 1;
        }
        for &(p, w) in &eligible {
            let expected = w / total;
            let seen = counts.get(&p).copied().unwrap_or(0) as f32 / draws as f32;
            assert!(
                (seen - expected).abs() < 0.02,
                "point {p}: drawn {seen:.3}, gamma share {expected:.3}"
            );
        }
    }

    #[test]
    fn learned_shape_step_answers_a_contact_play_in_proportion_to_the_shape_gammas() {
        check_learned_shape_draws(false);
    }

    #[test]
    fn weighted_shape_step_draws_only_hand_made_matches_in_proportion_to_their_gammas() {
        check_learned_shape_draws(true);
    }

    #[test]
    fn balanced_shape_step_draws_matches_in_proportion_to_their_weights_or_plays_elsewhere() {
        use crate::balance::Params;
        use crate::board::BLACK;
        use crate::features::canonical_shape;
        let (mut b, ring) = contact_play();
        let matches: Vec<usize> = ring
            .iter()
            .copied()
            .filter(|&p| b.cell(p) == EMPTY && pattern::matches_at(&b, p))
            .collect();
        assert!(
            matches.len() >= 2,
            "{} matches around a contact play",
            matches.len()
        );
        // The first match's shape weighs 3, the others 1, and playing elsewhere 0.5.
        let favoured = canonical_shape(pattern::code(&b, matches[0]), BLACK);
        let shapes: Vec<u16> = matches
            .iter()
            .map(|&p| canonical_shape(pattern::code(&b, p), BLACK))
            .collect();
        let weight = |p: usize| {
            let k = matches.iter().position(|&q| q == p).expect("a match");
            if shapes[k] == favoured {
                3.0
            } else {
                1.0
            }
        };
        let text = format!("elsewhere 0.5\nshape {favoured} 3.0\n");
        let weights = Params::parse(&text).expect("parses").weights();
        let total: f32 = 0.5 + matches.iter().map(|&p| weight(p)).sum::<f32>();
        let mut rng = FastRng::new(5);
        let draws = 20_000;
        let mut counts = std::collections::HashMap::new();
        for _ in 0..draws {
            let mut trace = BalanceTrace::default();
            let mut tuned = Tuned {
                weights: &weights,
                trace: Some(&mut trace),
            };
            let m = balanced_shape_move(&mut b, &mut rng, BLACK, &ring, &mut tuned);
            *counts.entry(m).or_insert(0u32) += 1;
        }
        let share = |m: Option<usize>| counts.get(&m).copied().unwrap_or(0) as f32 / draws as f32;
        for &p in &matches {
            let expected = weight(p) / total;
            assert!(
                (share(Some(p)) - expected).abs() < 0.02,
                "point {p}: drawn {:.3}, weight share {expected:.3}",
                share(Some(p))
            );
        }
        assert!(
            (share(None) - 0.5 / total).abs() < 0.02,
            "elsewhere {:.3}",
            share(None)
        );
    }
}
