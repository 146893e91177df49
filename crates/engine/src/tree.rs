//! The search tree: nodes in one arena, RAVE/AMAF selection with priors, virtual loss, backup
//! and re-rooting for tree reuse.

use crate::board::{PlayoutBoard, BLACK, PASS};
use crate::criticality::Criticality;
use crate::features::Context;
use crate::gamma;
use crate::life_prior::add_life_moves;
use crate::prior::{escapes, pointless_edge_move, prior};
use crate::tactical_prior::{tactical_moves, TacticalMoves};
use crate::value::{self, MoveChances};
use bytemuck::Zeroable;
use parking_lot::Mutex;
use std::sync::atomic::{AtomicU16, AtomicU32, AtomicU8, AtomicUsize, Ordering};

/// A point is critical enough for the criticality prior from this criticality on (an owner
/// that wins 10 percentage points more often than chance would have it).
const CRITICAL_ABOVE: f32 = 0.1;
/// RAVE equivalence (how many real visits weigh as much as the AMAF statistics) on boards up
/// to [`SMALL_BOARD`] unless the engine sets another (`EngineConfig::rave_equiv`).
const RAVE_EQUIV_SMALL: f32 = 1000.0;
/// RAVE equivalence on larger boards.
const RAVE_EQUIV_LARGE: f32 = 3000.0;
/// The largest board that gets [`RAVE_EQUIV_SMALL`].
const SMALL_BOARD: usize = 11;
/// Real visits a leaf needs before it is expanded while the arena is at most three quarters
/// full (see [`Tree::expand_threshold`]), unless the engine sets another
/// (`EngineConfig::expand_at`).
pub const EXPAND_AT: f32 = 2.0;
/// The expansion threshold of a search by time on boards up to [`SMALL_BOARD`]: a smaller
/// tree runs about a quarter more playouts in the same time, and at equal time on 9×9 it
/// won 117 of 200 games against [`EXPAND_AT`] (docs/ENGINE.md, "Expansion threshold").
pub const EXPAND_AT_TIMED_SMALL: f32 = 4.0;

/// The expansion threshold the engine uses unless told another: [`EXPAND_AT_TIMED_SMALL`]
/// for a search by time on a board up to [`SMALL_BOARD`], [`EXPAND_AT`] otherwise (the
/// levels' fixed playout budgets were measured with it, and larger boards were not
/// measured with another).
pub fn default_expand_at(board_size: usize, by_time: bool) -> f32 {
    if by_time && board_size <= SMALL_BOARD {
        EXPAND_AT_TIMED_SMALL
    } else {
        EXPAND_AT
    }
}

/// The weight of an AMAF update for the node at depth `depth` of an iteration of `length`
/// moves (tree moves and playout), from a move first played at index `first` (at least
/// `depth`): 1 for a move played at once, falling linearly to `1 - decay` at the end, so that
/// a move counts as "played first" more the sooner it was played (after Fuego's RAVE weights).
pub fn amaf_weight(first: usize, depth: usize, length: usize, decay: f32) -> f32 {
    let span = length.saturating_sub(depth).max(1) as f32;
    let far = (first.saturating_sub(depth) as f32 / span).min(1.0);
    1.0 - decay * far
}

/// Most nodes the arena may hold (bounds memory on long searches).
pub const MAX_NODES: usize = 2_000_000;
/// Past three quarters full, the expansion threshold doubles each time another
/// this-many-th of the arena fills.
const FILL_STEPS: usize = 32;

/// Steps of a node's kept learned evaluation (`Node::value`): its chance in 1/65534ths.
const VALUE_STEPS: f32 = 65534.0;

/// A statistic the search threads update together: an `f32` held in an atomic, so that
/// descents and backups run without a lock on the tree.
#[derive(Debug, Default, Zeroable)]
#[repr(transparent)]
pub struct Stat(AtomicU32);

impl Stat {
    /// The value.
    #[inline]
    pub fn get(&self) -> f32 {
        f32::from_bits(self.0.load(Ordering::Relaxed))
    }

    /// Sets the value (while building a node, or in tests).
    #[inline]
    pub(crate) fn set(&self, value: f32) {
        self.0.store(value.to_bits(), Ordering::Relaxed);
    }

    /// Adds `delta` with a plain load and store: cheaper than [`Stat::add`], but of two
    /// threads adding at the same instant one may be lost. For the AMAF statistics, the most
    /// frequent updates, where a rare lost sample does not matter (on one thread the same
    /// sum as a plain `+=`).
    #[inline]
    pub(crate) fn add_relaxed(&self, delta: f32) {
        self.set(self.get() + delta);
    }

    /// Adds `delta` exactly, even when another thread adds at the same time (a
    /// compare-and-swap loop; on one thread the same sum as a plain `+=`); returns the sum
    /// this addition made.
    #[inline]
    pub(crate) fn add(&self, delta: f32) -> f32 {
        let mut old = self.0.load(Ordering::Relaxed);
        loop {
            let sum = f32::from_bits(old) + delta;
            match self.0.compare_exchange_weak(
                old,
                sum.to_bits(),
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return sum,
                Err(seen) => old = seen,
            }
        }
    }
}

/// A node's place in the expansion: a leaf, claimed by the thread building its children, or
/// expanded (its children attached, possibly none when the arena was full).
const LEAF: u8 = 0;
const CLAIMED: u8 = 1;
const EXPANDED: u8 = 2;

/// A tree node: the move that leads to it and its statistics, from the point of view of the
/// player who made that move. Every field is atomic, so the search threads share the tree
/// without a lock; a node's children are published by [`Tree::attach`] with a release store
/// of its state, which [`Tree::children`] reads with acquire.
#[derive(Debug, Default, Zeroable)]
pub struct Node {
    /// The move (padded index; PASS for the root).
    mv: AtomicU16,
    /// Number of children.
    n_children: AtomicU16,
    /// Index of the first child in the arena.
    first_child: AtomicU32,
    /// [`LEAF`], [`CLAIMED`] or [`EXPANDED`].
    state: AtomicU8,
    /// Real visits (including visits in flight: the virtual loss).
    pub visits: Stat,
    /// Wins for the player who made `mv`.
    pub wins: Stat,
    /// Prior virtual visits.
    pub prior_n: Stat,
    /// Prior virtual wins.
    pub prior_w: Stat,
    /// AMAF visits.
    pub amaf_n: Stat,
    /// AMAF wins.
    pub amaf_w: Stat,
    /// The learned evaluation's chance for Black at this node in steps of 1/65534, plus one
    /// (0: not valued), for the mix ([`Tree::mixed_value`]); it fits in the padding, so a
    /// node stays 36 bytes.
    value: AtomicU16,
}

/// A new node before it enters the arena: its move and prior, built by
/// [`Expansion::children`] without touching the tree.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct NewNode {
    /// The move (padded index).
    pub mv: u16,
    /// Prior virtual visits.
    pub prior_n: f32,
    /// Prior virtual wins.
    pub prior_w: f32,
}

impl NewNode {
    pub(crate) fn new(mv: usize, prior_n: f32, prior_w: f32) -> NewNode {
        NewNode {
            mv: mv as u16,
            prior_n,
            prior_w,
        }
    }
}

impl Node {
    /// The move (padded index; PASS for the root).
    #[inline]
    pub fn mv(&self) -> usize {
        usize::from(self.mv.load(Ordering::Relaxed))
    }

    /// Real visits (including visits in flight).
    #[inline]
    pub fn visits(&self) -> f32 {
        self.visits.get()
    }

    /// Number of children (0 until expanded).
    pub fn n_children(&self) -> usize {
        usize::from(self.n_children.load(Ordering::Relaxed))
    }

    /// Whether the children have been attached (or the node was claimed for that).
    pub fn is_expanded(&self) -> bool {
        self.state.load(Ordering::Acquire) != LEAF
    }

    /// Claims this leaf for expansion; false when it is not a leaf any more (another thread
    /// claimed it first).
    fn claim(&self) -> bool {
        self.state
            .compare_exchange(LEAF, CLAIMED, Ordering::AcqRel, Ordering::Relaxed)
            .is_ok()
    }

    /// The real win rate (0.5 without visits).
    pub fn winrate(&self) -> f32 {
        let visits = self.visits();
        if visits > 0.0 {
            self.wins.get() / visits
        } else {
            0.5
        }
    }

    /// Sets the real visits and wins (tests).
    #[cfg(test)]
    pub(crate) fn set_results(&self, visits: f32, wins: f32) {
        self.visits.set(visits);
        self.wins.set(wins);
    }

    /// Writes a new node's move and prior into this slot of the arena, with no results.
    fn fill(&self, new: NewNode) {
        self.mv.store(new.mv, Ordering::Relaxed);
        self.prior_n.set(new.prior_n);
        self.prior_w.set(new.prior_w);
        self.value.store(0, Ordering::Relaxed);
    }

    /// Copies `other`'s move and statistics into this slot (not its children or state).
    fn copy_from(&self, other: &Node) {
        self.mv
            .store(other.mv.load(Ordering::Relaxed), Ordering::Relaxed);
        self.value
            .store(other.value.load(Ordering::Relaxed), Ordering::Relaxed);
        for (to, from) in [
            (&self.visits, &other.visits),
            (&self.wins, &other.wins),
            (&self.prior_n, &other.prior_n),
            (&self.prior_w, &other.prior_w),
            (&self.amaf_n, &other.amaf_n),
            (&self.amaf_w, &other.amaf_w),
        ] {
            to.set(from.get());
        }
    }

    /// The selection value: priors and real results blended with AMAF.
    #[inline]
    fn value(&self, log_parent: f32, rave_equiv: f32, explore: f32) -> f32 {
        let n = self.visits() + self.prior_n.get();
        let q = if n > 0.0 {
            (self.wins.get() + self.prior_w.get()) / n
        } else {
            0.5
        };
        let amaf_n = self.amaf_n.get();
        let v = if amaf_n > 0.0 {
            let aq = self.amaf_w.get() / amaf_n;
            let beta = amaf_n / (amaf_n + n + amaf_n * n / rave_equiv);
            (1.0 - beta) * q + beta * aq
        } else {
            q
        };
        v + explore * (log_parent / (n + 1.0)).sqrt()
    }
}

/// The settings new children's priors depend on (see [`Tree::expansion`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Expansion {
    race_priors: bool,
    pattern_prior: f32,
    tactical_depth: u8,
    move_prior: f32,
    wide_depth: u8,
}

impl Expansion {
    /// The children of the position `board` for its side to move, a node at `depth` (the root
    /// is 0): every legal move that does not fill an own eye or play a pointless edge move,
    /// filtered by `allow`, with priors (all but the criticality prior, which [`Tree::attach`]
    /// adds).
    ///
    /// With the learned move prior on, `moves` are the move head's chances for `board` when
    /// the caller has them (from the pass that values the node too), else they are read here.
    pub(crate) fn children(
        &self,
        board: &mut PlayoutBoard,
        depth: usize,
        allow: &dyn Fn(usize) -> bool,
        moves: Option<&MoveChances>,
    ) -> Vec<NewNode> {
        let me = board.to_move();
        let mut esc = escapes(board, me);
        if self.race_priors {
            esc.add_short_of_liberties(board, me);
        }
        let table = gamma::shipped(board.size());
        let cx = Context::with_escapes(board, me, esc, table.uses_contact())
            .with_spatial(table.spatial());
        let learned = self.pattern_prior > 0.0;
        let tactical = if depth < usize::from(self.tactical_depth) {
            tactical_moves(board)
        } else {
            TacticalMoves::default()
        };
        let mut strengths = Vec::new();
        let mut children = Vec::with_capacity(board.empties().len());
        for k in 0..board.empties().len() {
            let m = board.empties()[k] as usize;
            if !board.is_legal(m, me)
                || board.is_eye(m, me)
                || pointless_edge_move(board, m)
                || !allow(m)
            {
                continue;
            }
            let mut p = prior(board, m, me, cx.escapes());
            if !tactical.is_empty() {
                let (n, w) = tactical.prior(m, board.is_capture(m, me));
                p.n += n;
                p.w += w;
            }
            if learned {
                strengths.push(table.strength(&cx.features(board, m)));
            }
            children.push(NewNode::new(m, p.n, p.w));
        }
        if learned && !children.is_empty() {
            self.add_learned_priors(&mut children, &strengths);
        }
        if self.wants_moves() && !children.is_empty() {
            let read;
            let moves = match moves {
                Some(m) => Some(m),
                None => {
                    read = value::net_at(depth, self.wide_depth).move_chances(board);
                    read.as_ref()
                }
            };
            if let Some(moves) = moves {
                self.add_move_priors(&mut children, moves);
            }
        }
        children
    }

    /// Whether new children get the learned move prior ([`Tree::move_prior`]).
    pub(crate) fn wants_moves(&self) -> bool {
        self.move_prior > 0.0
    }

    /// Adds the learned move prior to `children`: `k · p` visits, all won, for a move the
    /// move head gives the chance `p`, so that the moves GNU Go would play are tried first
    /// and the moves it would not are left to the other priors rather than held down.
    fn add_move_priors(&self, children: &mut [NewNode], moves: &MoveChances) {
        let k = self.move_prior;
        for n in children.iter_mut() {
            let won = k * moves.of(usize::from(n.mv));
            n.prior_n += won;
            n.prior_w += won;
        }
    }

    /// Adds the learned move model's prior to `children`, whose learned strengths are
    /// `strengths`: `k` visits at a win rate of `√r / (1 + √r)`, `r` the strength over the
    /// mean (an average move gets 0.5).
    fn add_learned_priors(&self, children: &mut [NewNode], strengths: &[f32]) {
        let k = self.pattern_prior;
        let mean = strengths.iter().sum::<f32>() / strengths.len() as f32;
        for (n, s) in children.iter_mut().zip(strengths) {
            let r = (s / mean).sqrt();
            n.prior_n += k;
            n.prior_w += k * r / (1.0 + r);
        }
    }
}

/// The search tree with its root position. The search threads share it without a lock:
/// the arena is allocated whole at the start and never moves, new children take their slots
/// with an atomic counter, and every node's fields are atomic ([`Node`]).
#[derive(Debug)]
pub struct Tree {
    /// The arena: index 0 is the root, `len` slots are in use.
    nodes: Box<[Node]>,
    /// Slots in use.
    len: AtomicUsize,
    /// The root position.
    pub root_board: PlayoutBoard,
    /// Whether new nodes get the prior for moves on chains short of liberties
    /// (`EngineConfig::race_priors`).
    pub race_priors: bool,
    /// Virtual visits of the learned move model's prior (`EngineConfig::pattern_prior`; 0 =
    /// off).
    pub pattern_prior: f32,
    /// Nodes shallower than this get the tactical priors for their children
    /// (`EngineConfig::tactical_priors`; 0 = off).
    pub tactical_depth: u8,
    /// Whether the root's children get the life priors (`EngineConfig::life_priors`).
    pub life_priors: bool,
    /// Whether the root's children have had them.
    life_read: bool,
    /// Virtual visits of the learned evaluation's prior (`EngineConfig::value_prior`; 0 = off).
    pub(crate) value_prior: f32,
    /// Virtual visits of the learned move prior (`EngineConfig::move_prior`; 0 = off).
    pub(crate) move_prior: f32,
    /// The deepest nodes that get it (the root's children are at depth 1).
    pub(crate) value_depth: u8,
    /// The real visits at which a node gets it; 0: when it is expanded.
    pub(crate) value_visits: f32,
    /// Nodes shallower than this (the root is 0) are valued, and their children given the
    /// move prior, by the wide network (`EngineConfig::wide_depth`; 0 = none).
    pub(crate) wide_depth: u8,
    /// The learned evaluation's share of each iteration's result (`EngineConfig::value_mix`;
    /// 0 = off).
    pub(crate) value_mix: f32,
    /// Virtual visits of the criticality prior (`EngineConfig::criticality`; 0 = off).
    criticality: f32,
    /// Criticality of the points in this search's playouts (collected when the prior is on;
    /// locked only then).
    pub(crate) crit: Mutex<Criticality>,
    /// The RAVE equivalence ([`Tree::set_selection`]).
    rave_equiv: f32,
    /// The exploration coefficient ([`Tree::set_selection`]).
    explore: f32,
    /// How much less an AMAF update counts for a move first played at the end of the
    /// iteration than for one played at once ([`Tree::set_amaf_decay`], [`amaf_weight`]).
    pub(crate) amaf_decay: f32,
    /// Real visits a leaf needs before it is expanded while the arena has room
    /// ([`Tree::set_expand_at`]).
    expand_at: f32,
}

impl Tree {
    /// A tree with an unexpanded root at `board`.
    ///
    /// The arena is allocated for [`MAX_NODES`] at once, zeroed by the system: address space
    /// only (the pages a search never reaches are never touched, so they cost no memory), and
    /// one allocation large enough that the system allocator maps it on its own and gives it
    /// back whole when the tree is dropped. Grown by doubling instead, the arena's smaller
    /// stages were freed into glibc's heaps, which then kept tens of MB per heap: a server
    /// answering many searches grew from 170 MB to 285 MB (bench/attack/run.py). Allocated
    /// whole, it also never moves, which is what lets the threads share it without a lock.
    pub fn new(board: PlayoutBoard) -> Tree {
        Tree::with_capacity(board, MAX_NODES)
    }

    /// A tree whose arena holds at most `capacity` nodes (tests use small ones).
    pub(crate) fn with_capacity(board: PlayoutBoard, capacity: usize) -> Tree {
        let nodes = bytemuck::allocation::zeroed_slice_box::<Node>(capacity.max(1));
        nodes[0].mv.store(PASS as u16, Ordering::Relaxed);
        let rave_equiv = if board.size() <= SMALL_BOARD {
            RAVE_EQUIV_SMALL
        } else {
            RAVE_EQUIV_LARGE
        };
        Tree {
            nodes,
            len: AtomicUsize::new(1),
            root_board: board,
            race_priors: false,
            pattern_prior: 0.0,
            tactical_depth: 0,
            life_priors: false,
            life_read: false,
            criticality: 0.0,
            value_prior: 0.0,
            move_prior: 0.0,
            value_depth: 0,
            value_visits: 0.0,
            wide_depth: 0,
            value_mix: 0.0,
            crit: Mutex::new(Criticality::default()),
            rave_equiv,
            explore: crate::DEFAULT_EXPLORATION,
            amaf_decay: 0.0,
            expand_at: EXPAND_AT,
        }
    }

    /// Nodes in the arena (the root included).
    pub fn len(&self) -> usize {
        self.len.load(Ordering::Relaxed)
    }

    /// Most nodes this tree may hold ([`MAX_NODES`] but in tests).
    pub fn capacity(&self) -> usize {
        self.nodes.len()
    }

    /// Node `i` of the arena.
    #[inline]
    pub fn node(&self, i: usize) -> &Node {
        &self.nodes[i]
    }

    /// The nodes in use, the root first (tests).
    #[cfg(test)]
    pub fn nodes(&self) -> &[Node] {
        &self.nodes[..self.len()]
    }

    /// Sets the selection's RAVE equivalence (`None`: by board size) and exploration
    /// coefficient (`EngineConfig::rave_equiv`, `EngineConfig::exploration`).
    pub fn set_selection(&mut self, rave_equiv: Option<f32>, explore: f32) {
        if let Some(e) = rave_equiv {
            self.rave_equiv = e;
        }
        self.explore = explore;
    }

    /// Sets how much the AMAF statistics discount moves first played late in an iteration
    /// (`EngineConfig::amaf_decay`; 0, the default, is plain AMAF).
    pub fn set_amaf_decay(&mut self, decay: f32) {
        self.amaf_decay = decay.clamp(0.0, 1.0);
    }

    /// Sets the real visits a leaf needs before it is expanded while the arena has room (at
    /// least 1; see [`Tree::expand_threshold`]).
    pub fn set_expand_at(&mut self, visits: f32) {
        self.expand_at = visits.max(1.0);
    }

    /// Turns the criticality prior on with `k` virtual visits (0: off) and clears the
    /// statistics for a new search from this root.
    pub fn set_criticality(&mut self, k: f32) {
        self.criticality = k;
        let area = self.root_board.size() * self.root_board.size();
        *self.crit.get_mut() = if k > 0.0 {
            Criticality::new(area)
        } else {
            Criticality::default()
        };
    }

    /// Whether the search should feed its playouts to [`Tree::crit`].
    pub fn wants_criticality(&self) -> bool {
        self.criticality > 0.0
    }

    /// Real visits a leaf needs before it is expanded: [`EXPAND_AT`] (or what
    /// [`Tree::set_expand_at`] set) while the arena is at most three quarters full, then
    /// twice as many for each further 32nd filled (from 2: 4 past 25/32, 8 past 26/32 … 512
    /// when full). A long search thus keeps deepening its most visited lines instead of
    /// filling the arena with the first leaves it meets and then growing no more; searches
    /// that stay under three quarters are unchanged.
    pub fn expand_threshold(&self) -> f32 {
        let filled = self.len() * FILL_STEPS / self.capacity();
        let doublings = filled.saturating_sub(FILL_STEPS * 3 / 4);
        self.expand_at * (1u32 << doublings) as f32
    }

    /// The children of node `i` (none until they are attached).
    #[inline]
    pub fn children(&self, i: usize) -> std::ops::Range<usize> {
        let n = &self.nodes[i];
        if n.state.load(Ordering::Acquire) != EXPANDED {
            return 0..0;
        }
        let first = n.first_child.load(Ordering::Relaxed) as usize;
        first..first + n.n_children()
    }

    /// Claims leaf `i` for expansion once it has the visits [`Tree::expand_threshold`] asks
    /// for: true for the one thread that gets it, which must then [`Tree::attach`] its
    /// children; the others go on treating it as a leaf.
    pub(crate) fn claim_for_expansion(&self, i: usize) -> bool {
        let n = &self.nodes[i];
        n.state.load(Ordering::Relaxed) == LEAF
            && n.visits() >= self.expand_threshold()
            && n.claim()
    }

    /// Creates the children of node `i` for the side to move on `board` (the position at `i`,
    /// the root at depth 0, any other node taken at depth 1):
    /// every legal move that does not fill an own eye, filtered by `allow` (used at the root for
    /// superko), with priors. (The search builds children without holding the tree: see
    /// [`Tree::expansion`] and [`Tree::attach`].)
    #[cfg(test)]
    pub(crate) fn expand(&self, i: usize, board: &mut PlayoutBoard, allow: &dyn Fn(usize) -> bool) {
        if self.nodes[i].is_expanded() {
            return;
        }
        let depth = usize::from(i != 0);
        let children = self.expansion().children(board, depth, allow, None);
        self.attach(i, children, board);
    }

    /// What new children's priors take from the tree, copied out so that a search thread can
    /// build them with [`Expansion::children`] without holding the tree.
    pub(crate) fn expansion(&self) -> Expansion {
        Expansion {
            race_priors: self.race_priors,
            pattern_prior: self.pattern_prior,
            tactical_depth: self.tactical_depth,
            move_prior: self.move_prior,
            wide_depth: self.wide_depth,
        }
    }

    /// Gives node `i` the `children` built for `board` (the position at `i`) by
    /// [`Expansion::children`], adding the criticality prior; marks it expanded. A full arena
    /// (no room for as many children as `board` has empty points) leaves it a leaf for good.
    pub(crate) fn attach(&self, i: usize, mut children: Vec<NewNode>, board: &PlayoutBoard) {
        let node = &self.nodes[i];
        let headroom = board.empties().len().max(children.len());
        let reserved = self
            .len
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |len| {
                (len + headroom <= self.capacity()).then_some(len + children.len())
            });
        let Ok(first) = reserved else {
            node.state.store(EXPANDED, Ordering::Release);
            return;
        };
        if self.criticality > 0.0 {
            let crit = self.crit.lock();
            for new in &mut children {
                let flat = board.flat(usize::from(new.mv));
                if let Some(c) = crit.of(flat).filter(|&c| c >= CRITICAL_ABOVE) {
                    new.prior_n += self.criticality;
                    new.prior_w += self.criticality * (0.5 + c).min(1.0);
                }
            }
        }
        for (slot, new) in self.nodes[first..first + children.len()]
            .iter()
            .zip(&children)
        {
            slot.fill(*new);
        }
        node.first_child.store(first as u32, Ordering::Relaxed);
        node.n_children
            .store(children.len() as u16, Ordering::Relaxed);
        node.state.store(EXPANDED, Ordering::Release);
    }

    /// Whether a node is valued when it is expanded ([`Tree::value_visits`] 0), rather
    /// than when its visits reach that number (`visits_now`, its visits with this one).
    #[inline]
    pub(crate) fn values_at(&self, visits_now: Option<f32>) -> bool {
        match visits_now {
            None => self.value_visits <= 0.0,
            Some(v) => self.value_visits > 0.0 && v == self.value_visits,
        }
    }

    /// Gives node `i` (not the root) at `depth` (at most [`Tree::value_depth`]), whose
    /// position is `board`, the learned evaluation's
    /// prior: [`Tree::value_prior`] virtual visits at the network's win chance for the player
    /// who moved into it. Nothing when the prior is off or the board is not the network's.
    pub(crate) fn add_value_prior(&self, i: usize, depth: usize, board: &mut PlayoutBoard) {
        if self.wants_value(i, depth) {
            let net = value::net_at(depth, self.wide_depth);
            if let Some(win) = net.win_chance(board, self.root_board.to_move()) {
                self.give_value(i, win, board.to_move());
            }
        }
    }

    /// Whether node `i` at `depth` gets the learned evaluation's prior.
    pub(crate) fn wants_value(&self, i: usize, depth: usize) -> bool {
        self.value_prior > 0.0 && i != 0 && depth <= usize::from(self.value_depth)
    }

    /// Gives node `i` the learned evaluation's prior for `to_move_wins`, the network's chance
    /// for `to_move`, the side to move in its position, and keeps it for the mix.
    pub(crate) fn give_value(&self, i: usize, to_move_wins: f32, to_move: u8) {
        let node = &self.nodes[i];
        node.prior_n.add(self.value_prior);
        node.prior_w.add(self.value_prior * (1.0 - to_move_wins));
        let black_wins = if to_move == BLACK {
            to_move_wins
        } else {
            1.0 - to_move_wins
        };
        let steps = (black_wins.clamp(0.0, 1.0) * VALUE_STEPS).round() as u16;
        node.value.store(steps + 1, Ordering::Relaxed);
    }

    /// A playout's result for Black, `black_value`, mixed with the learned evaluation's
    /// chance at the deepest valued node of `path` at the share [`Tree::value_mix`]
    /// (AlphaGo's mixed evaluation): `(1 - mix) * black_value + mix * chance`. Unchanged
    /// when the mix is off or no node on the path is valued.
    #[inline]
    pub(crate) fn mixed_value(&self, path: &[usize], black_value: f32) -> f32 {
        if self.value_mix <= 0.0 {
            return black_value;
        }
        let valued = path
            .iter()
            .rev()
            .map(|&i| self.nodes[i].value.load(Ordering::Relaxed))
            .find(|&v| v > 0);
        match valued {
            Some(v) => {
                let chance = f32::from(v - 1) / VALUE_STEPS;
                (1.0 - self.value_mix) * black_value + self.value_mix * chance
            }
            None => black_value,
        }
    }

    /// The child of `i` with the best selection value, or None when it has no children.
    #[inline]
    pub fn select(&self, i: usize) -> Option<usize> {
        let log_parent = (self.nodes[i].visits() + 1.0).ln();
        let mut best = None;
        let mut best_v = f32::NEG_INFINITY;
        for c in self.children(i) {
            let v = self.nodes[c].value(log_parent, self.rave_equiv, self.explore);
            if v > best_v {
                best_v = v;
                best = Some(c);
            }
        }
        best
    }

    /// The child of `i` with the most real visits.
    pub fn best_child(&self, i: usize) -> Option<usize> {
        self.children(i).max_by(|&a, &b| {
            let (na, nb) = (&self.nodes[a], &self.nodes[b]);
            na.visits()
                .partial_cmp(&nb.visits())
                .unwrap_or(std::cmp::Ordering::Equal)
                .then(
                    na.winrate()
                        .partial_cmp(&nb.winrate())
                        .unwrap_or(std::cmp::Ordering::Equal),
                )
        })
    }

    /// The child of `i` whose move is `mv`.
    pub fn child_with_move(&self, i: usize, mv: usize) -> Option<usize> {
        self.children(i).find(|&c| self.nodes[c].mv() == mv)
    }

    /// Adds the life priors (module `life_prior`) to the root's children, once per root: the
    /// root is often a node expanded deeper in the last move's tree, where they are not read.
    pub(crate) fn add_life_priors(&mut self) {
        if !self.life_priors || self.life_read || !self.nodes[0].is_expanded() {
            return;
        }
        self.life_read = true;
        let board = self.root_board.clone();
        let mut moves = TacticalMoves::default();
        add_life_moves(&board, &mut moves);
        if moves.is_empty() {
            return;
        }
        let me = board.to_move();
        for c in self.children(0) {
            let node = &self.nodes[c];
            let (n, w) = moves.prior(node.mv(), board.is_capture(node.mv(), me));
            node.prior_n.add(n);
            node.prior_w.add(w);
        }
    }

    /// A new tree rooted at node `i` (which holds the position `board`), keeping its subtree.
    /// Root children rejected by `allow` are dropped.
    pub fn reroot(&self, i: usize, board: PlayoutBoard, allow: &dyn Fn(usize) -> bool) -> Tree {
        let mut out = Tree::with_capacity(board, self.capacity());
        out.race_priors = self.race_priors;
        out.tactical_depth = self.tactical_depth;
        out.life_priors = self.life_priors;
        // A copy of the whole tree keeps the root's priors; a new root has not had its own.
        out.life_read = i == 0 && self.life_read;
        out.pattern_prior = self.pattern_prior;
        out.value_prior = self.value_prior;
        out.move_prior = self.move_prior;
        out.value_depth = self.value_depth;
        out.value_visits = self.value_visits;
        out.wide_depth = self.wide_depth;
        out.value_mix = self.value_mix;
        out.rave_equiv = self.rave_equiv;
        out.explore = self.explore;
        out.amaf_decay = self.amaf_decay;
        out.expand_at = self.expand_at;
        out.nodes[0].copy_from(&self.nodes[i]);
        out.nodes[0].mv.store(PASS as u16, Ordering::Relaxed);
        let mut len = 1;
        // Breadth-first copy: (old index, new index).
        let mut queue = std::collections::VecDeque::from([(i, 0usize)]);
        while let Some((old, new)) = queue.pop_front() {
            if !self.nodes[old].is_expanded() {
                continue;
            }
            let first = len;
            for c in self.children(old) {
                if new == 0 && !allow(self.nodes[c].mv()) {
                    continue;
                }
                out.nodes[len].copy_from(&self.nodes[c]);
                queue.push_back((c, len));
                len += 1;
            }
            let to = &out.nodes[new];
            to.first_child.store(first as u32, Ordering::Relaxed);
            to.n_children.store((len - first) as u16, Ordering::Relaxed);
            to.state.store(EXPANDED, Ordering::Relaxed);
        }
        *out.len.get_mut() = len;
        out
    }

    /// Fills the arena up to `len` nodes with empty leaves (tests of the rising threshold).
    #[cfg(test)]
    fn fill_to(&mut self, len: usize) {
        *self.len.get_mut() = len;
    }
}

/// A copy of the tree, made by re-rooting it at its own root: the same nodes and statistics,
/// settings and criticality (atomic nodes have no `Clone` of their own).
impl Clone for Tree {
    fn clone(&self) -> Tree {
        let mut copy = self.reroot(0, self.root_board.clone(), &|_| true);
        copy.criticality = self.criticality;
        *copy.crit.get_mut() = self.crit.lock().clone();
        copy
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::ValueNet;

    #[test]
    fn amaf_counts_a_move_played_at_once_fully_and_one_played_last_by_the_decay() {
        // An iteration of 41 moves, the node at depth 1: its children's moves are played at
        // index 1 at the soonest, at index 41 (past the last) at the latest.
        assert_eq!(amaf_weight(1, 1, 41, 0.5), 1.0);
        assert_eq!(amaf_weight(21, 1, 41, 0.5), 0.75);
        assert_eq!(amaf_weight(41, 1, 41, 0.5), 0.5);
        // Without decay every update counts fully, as plain AMAF does.
        assert_eq!(amaf_weight(30, 1, 41, 0.0), 1.0);
        // Out-of-range input cannot make a weight above 1 or below 1 - decay.
        assert_eq!(amaf_weight(0, 5, 41, 0.5), 1.0);
        assert_eq!(amaf_weight(99, 5, 41, 0.5), 0.5);
        assert_eq!(amaf_weight(7, 9, 3, 0.5), 1.0);
    }

    #[test]
    fn the_amaf_decay_is_plain_amaf_unless_the_engine_says_otherwise() {
        assert_eq!(Tree::new(PlayoutBoard::new(9)).amaf_decay, 0.0);
        let mut tree = Tree::new(PlayoutBoard::new(9));
        tree.set_amaf_decay(0.3);
        assert_eq!(tree.amaf_decay, 0.3);
        // A kept tree keeps it.
        let kept = tree.reroot(0, PlayoutBoard::new(9), &|_| true);
        assert_eq!(kept.amaf_decay, 0.3);
        // Out of range is held to 0..=1, so a weight never turns negative.
        tree.set_amaf_decay(7.0);
        assert_eq!(tree.amaf_decay, 1.0);
    }

    #[test]
    fn small_boards_lean_on_real_visits_sooner_unless_the_engine_says_otherwise() {
        let nine = Tree::new(PlayoutBoard::new(9));
        let nineteen = Tree::new(PlayoutBoard::new(19));
        assert_eq!(nine.rave_equiv, RAVE_EQUIV_SMALL);
        assert_eq!(nineteen.rave_equiv, RAVE_EQUIV_LARGE);
        let mut tree = Tree::new(PlayoutBoard::new(9));
        tree.set_selection(Some(300.0), 0.0);
        assert_eq!((tree.rave_equiv, tree.explore), (300.0, 0.0));
        // A kept tree keeps them.
        let kept = tree.reroot(0, PlayoutBoard::new(9), &|_| true);
        assert_eq!((kept.rave_equiv, kept.explore), (300.0, 0.0));
        // No override leaves the tree's value as it is.
        tree.set_selection(None, crate::DEFAULT_EXPLORATION);
        assert_eq!(tree.rave_equiv, 300.0);
        // The blend: a move that won every AMAF playout and lost every real one, with 1 000 of
        // each, gets AMAF's weight, a third at an equivalence of 1 000 and more at 3 000.
        let node = Node::default();
        node.amaf_n.set(1000.0);
        node.amaf_w.set(1000.0);
        node.visits.set(1000.0);
        assert!((node.value(0.0, 1000.0, 0.0) - 1.0 / 3.0).abs() < 1e-6);
        assert!(node.value(0.0, 3000.0, 0.0) > node.value(0.0, 1000.0, 0.0));
    }

    #[test]
    fn a_node_takes_36_bytes_as_the_memory_figures_assume() {
        // docs/ENGINE.md, "Memory": 2 M nodes are about 72 MB.
        assert_eq!(std::mem::size_of::<Node>(), 36);
    }

    #[test]
    fn a_copied_tree_keeps_every_node_and_its_statistics() {
        let mut board = PlayoutBoard::new(9);
        let tree = Tree::new(board.clone());
        tree.expand(0, &mut board, &|_| true);
        let child = tree.children(0).nth(5).expect("a child");
        tree.node(child).set_results(10.0, 7.0);
        tree.node(child).amaf_n.set(3.0);
        let copy = tree.clone();
        assert_eq!(copy.len(), tree.len());
        let same = copy
            .child_with_move(0, tree.node(child).mv())
            .expect("kept");
        assert_eq!(copy.node(same).visits(), 10.0);
        assert_eq!(copy.node(same).winrate(), 0.7);
        assert_eq!(copy.node(same).amaf_n.get(), 3.0);
    }

    /// An empty 9×9 board's tree with the root expanded, one of its children, and the boards
    /// before and after that child's move.
    fn tree_with_a_child() -> (Tree, PlayoutBoard, usize, PlayoutBoard) {
        let mut board = PlayoutBoard::new(9);
        let tree = Tree::with_capacity(board.clone(), 4_000);
        tree.expand(0, &mut board, &|_| true);
        let child = tree.children(0).nth(40).expect("a child");
        let mut after = board.clone();
        after.play(tree.node(child).mv());
        (tree, board, child, after)
    }

    #[test]
    fn the_value_prior_goes_to_nodes_down_to_its_depth_at_the_networks_chance() {
        let (mut tree, board, child, after) = tree_with_a_child();
        let prior = |t: &Tree, i: usize| (t.node(i).prior_n.get(), t.node(i).prior_w.get());
        let (n, w) = prior(&tree, child);
        // Off by default: nothing.
        tree.add_value_prior(child, 1, &mut after.clone());
        assert_eq!(prior(&tree, child), (n, w));
        tree.value_prior = 10.0;
        tree.value_depth = 2;
        let root = prior(&tree, 0);
        tree.add_value_prior(0, 0, &mut board.clone());
        assert_eq!(prior(&tree, 0), root);
        // Deeper than asked: nothing.
        tree.add_value_prior(child, 3, &mut after.clone());
        assert_eq!(prior(&tree, child), (n, w));
        let white_wins = ValueNet::shipped()
            .win_chance(&mut after.clone(), crate::board::BLACK)
            .expect("9×9");
        tree.add_value_prior(child, 1, &mut after.clone());
        // The node's results are Black's, the player who moved into it.
        let (n1, w1) = prior(&tree, child);
        assert_eq!(n1 - n, 10.0);
        assert!((w1 - w - 10.0 * (1.0 - white_wins)).abs() < 1e-4);
        // A copy of the tree keeps the setting.
        let copy = tree.clone();
        assert_eq!((copy.value_prior, copy.value_depth), (10.0, 2));
    }

    #[test]
    fn the_value_mix_blends_the_deepest_valued_node_into_each_result() {
        let (mut tree, _, child, after) = tree_with_a_child();
        tree.expand(child, &mut after.clone(), &|_| true);
        let grandchild = tree.children(child).next().expect("a grandchild");
        let path = [0, child, grandchild];
        tree.value_prior = 20.0;
        tree.value_depth = u8::MAX;
        tree.add_value_prior(child, 1, &mut after.clone());
        // Off by default: the playout's result as it is, though a node is valued.
        assert_eq!(tree.mixed_value(&path, 1.0), 1.0);
        tree.value_mix = 0.25;
        // White is to move after Black's move: the network's chance for White, as Black's.
        let black = 1.0
            - ValueNet::shipped()
                .win_chance(&mut after.clone(), BLACK)
                .expect("9×9");
        for playout in [0.0, 0.7, 1.0] {
            let mixed = tree.mixed_value(&path, playout);
            assert!(
                (mixed - (0.75 * playout + 0.25 * black)).abs() < 1e-4,
                "{mixed}"
            );
        }
        // Nothing on the path valued: the playout's result.
        assert_eq!(tree.mixed_value(&[0], 1.0), 1.0);
        // The deepest valued node is the one that counts.
        let mut deeper = after.clone();
        deeper.play(tree.node(grandchild).mv());
        tree.add_value_prior(grandchild, 2, &mut deeper.clone());
        let deep_black = ValueNet::shipped()
            .win_chance(&mut deeper.clone(), BLACK)
            .expect("9×9");
        assert!((deep_black - black).abs() > 1e-3, "two different positions");
        assert!((tree.mixed_value(&path, 0.0) - 0.25 * deep_black).abs() < 1e-4);
        // A copy of the tree keeps the nodes' values and the share.
        let copy = tree.clone();
        assert!((copy.mixed_value(&path, 0.0) - 0.25 * deep_black).abs() < 1e-4);
    }

    #[test]
    fn a_tree_and_its_reroot_reserve_the_whole_arena_at_once() {
        // One allocation the size of the cap (see `Tree::new`): a search never reallocates its
        // arena, so no intermediate stage is left behind in the allocator's heaps.
        let mut board = PlayoutBoard::new(9);
        let tree = Tree::new(board.clone());
        assert!(tree.capacity() >= MAX_NODES);
        tree.expand(0, &mut board, &|_| true);
        let child = tree.children(0).start;
        let mut after = board.clone();
        after.play(tree.node(child).mv());
        let rerooted = tree.reroot(child, after, &|_| true);
        assert!(rerooted.capacity() >= MAX_NODES);
    }

    #[test]
    fn criticality_prior_goes_to_the_critical_point_only_once_it_has_playouts() {
        let board = PlayoutBoard::new(9);
        let critical = 4 * 9 + 4; // E5, row-major from the bottom-left
        let other = 2 * 9 + 2; // C3
                               // The root's priors with the criticality prior on after `playouts` playouts in which
                               // E5 goes to whoever wins and every other point stays empty.
        let priors = |playouts: u32| {
            let mut tree = Tree::new(board.clone());
            tree.set_criticality(40.0);
            let mut owners = vec![0i8; 81];
            for k in 0..playouts {
                let black_won = k % 2 == 0;
                owners[critical] = if black_won { 1 } else { -1 };
                tree.crit.get_mut().add(&owners, black_won);
            }
            tree.expand(0, &mut board.clone(), &|_| true);
            let at = |flat: usize| {
                tree.children(0)
                    .map(|c| tree.node(c))
                    .find(|n| board.flat(n.mv()) == flat)
                    .map(|n| (n.prior_n.get(), n.prior_w.get()))
                    .expect("a child there")
            };
            (at(critical), at(other))
        };
        let (before_crit, before_other) = priors(0);
        let (crit, other_point) = priors(400);
        assert_eq!(crit, (before_crit.0 + 40.0, before_crit.1 + 40.0));
        assert_eq!(other_point, before_other);
    }

    #[test]
    fn expansion_threshold_doubles_for_each_32nd_filled_past_three_quarters() {
        let mut tree = Tree::with_capacity(PlayoutBoard::new(9), 3200);
        let mut at = |len: usize| {
            tree.fill_to(len);
            tree.expand_threshold()
        };
        assert_eq!(at(1), EXPAND_AT);
        assert_eq!(at(2400), EXPAND_AT);
        assert_eq!(at(2499), EXPAND_AT);
        assert_eq!(at(2500), 2.0 * EXPAND_AT);
        assert_eq!(at(2600), 4.0 * EXPAND_AT);
        assert_eq!(at(3199), 128.0 * EXPAND_AT);
        assert_eq!(at(3200), 256.0 * EXPAND_AT);
    }

    #[test]
    fn expansion_threshold_set_by_the_engine_doubles_the_same_way_and_survives_rerooting() {
        let mut tree = Tree::with_capacity(PlayoutBoard::new(9), 3200);
        tree.set_expand_at(4.0);
        assert_eq!(tree.expand_threshold(), 4.0);
        tree.fill_to(2500);
        assert_eq!(tree.expand_threshold(), 8.0);
        let kept = tree.reroot(0, PlayoutBoard::new(9), &|_| true);
        assert_eq!(kept.expand_at, 4.0);
        tree.set_expand_at(0.0);
        assert_eq!(
            tree.expand_at, 1.0,
            "a leaf is never expanded before its first visit"
        );
    }

    /// Game 2725's lower right, Black to move: the weight files' check position.
    fn check_position() -> PlayoutBoard {
        let rows = [
            ".........",
            "...X.X...",
            "..OOOXXX.",
            "..O.X.XOO",
            ".O.XXXOX.",
            ".....OOX.",
            "..OXX.OO.",
            "...XOO...",
            "....X....",
        ];
        let mut board = crate::ladder::tests::board(&rows);
        board.set_to_move(BLACK);
        board
    }

    /// The prior virtual wins of each child of the root, by move.
    #[test]
    fn the_move_prior_ranks_children_by_the_move_heads_chances() {
        let board = check_position();
        let prior_w = |move_prior: f32| {
            let mut tree = Tree::new(board.clone());
            tree.move_prior = move_prior;
            tree.expand(0, &mut board.clone(), &|_| true);
            tree.children(0)
                .map(|c| (tree.node(c).mv(), tree.node(c).prior_w.get()))
                .collect::<Vec<_>>()
        };
        let (off, on) = (prior_w(0.0), prior_w(100.0));
        let chances = ValueNet::shipped()
            .move_chances(&mut board.clone())
            .expect("the shipped network has a move head");
        let gain = |mv: usize| {
            let at = |v: &[(usize, f32)]| v.iter().find(|c| c.0 == mv).expect("a child").1;
            at(&on) - at(&off)
        };
        let likeliest = off
            .iter()
            .map(|c| c.0)
            .max_by(|&a, &b| chances.of(a).total_cmp(&chances.of(b)))
            .unwrap();
        let unlikeliest = off
            .iter()
            .map(|c| c.0)
            .min_by(|&a, &b| chances.of(a).total_cmp(&chances.of(b)))
            .unwrap();
        // 100 times the chance, all won: the head's choice gains most, its last next to nothing.
        for &(mv, _) in &off {
            assert!((gain(mv) - 100.0 * chances.of(mv)).abs() < 1e-3);
            assert!(gain(mv) <= gain(likeliest) + 1e-3);
        }
        assert!(gain(likeliest) > 10.0, "{}", gain(likeliest));
        assert!(gain(unlikeliest) < 1.0, "{}", gain(unlikeliest));
    }

    #[test]
    fn nodes_above_the_wide_depth_take_their_priors_from_the_wide_network() {
        // The check position: the two heads' chances differ there, so each child's move
        // prior shows which head gave it.
        let board = check_position();
        let root_moves = |wide_depth: u8| {
            let mut tree = Tree::new(board.clone());
            tree.move_prior = 100.0;
            tree.wide_depth = wide_depth;
            tree.expand(0, &mut board.clone(), &|_| true);
            let kept = tree.reroot(0, board.clone(), &|_| true);
            assert_eq!(
                kept.wide_depth, wide_depth,
                "a reused tree keeps the setting"
            );
            tree.children(0)
                .map(|c| (tree.node(c).mv(), tree.node(c).prior_w.get()))
                .collect::<Vec<_>>()
        };
        let (shipped, wide) = (root_moves(0), root_moves(1));
        let off = {
            let tree = Tree::new(board.clone());
            tree.expand(0, &mut board.clone(), &|_| true);
            tree.children(0)
                .map(|c| tree.node(c).prior_w.get())
                .collect::<Vec<_>>()
        };
        for (net, got) in [(ValueNet::shipped(), &shipped), (ValueNet::wide(), &wide)] {
            let chances = net.move_chances(&mut board.clone()).expect("a move head");
            for (&(mv, w), base) in got.iter().zip(&off) {
                assert!((w - base - 100.0 * chances.of(mv)).abs() < 1e-3, "{mv}");
            }
        }
        assert!(shipped
            .iter()
            .zip(&wide)
            .any(|(a, b)| (a.1 - b.1).abs() > 1.0));

        // The value prior: the wide network's chance for a node above the depth, the shipped
        // one's below it.
        let (mut tree, _, child, after) = tree_with_a_child();
        tree.value_prior = 10.0;
        tree.value_depth = u8::MAX;
        tree.wide_depth = 2;
        let given = |tree: &Tree, depth: usize| {
            let before = tree.node(child).prior_w.get();
            tree.add_value_prior(child, depth, &mut after.clone());
            tree.node(child).prior_w.get() - before
        };
        for (depth, net) in [(1, ValueNet::wide()), (2, ValueNet::shipped())] {
            let white_wins = net.win_chance(&mut after.clone(), BLACK).expect("9×9");
            let got = given(&tree, depth);
            assert!(
                (got - 10.0 * (1.0 - white_wins)).abs() < 1e-4,
                "depth {depth}: {got}"
            );
        }
    }

    fn root_prior_wins(rows: &[&str], me: u8, pattern_prior: f32) -> Vec<(usize, f32)> {
        let mut board = crate::ladder::tests::board(rows);
        board.set_to_move(me);
        let mut tree = Tree::new(board.clone());
        tree.pattern_prior = pattern_prior;
        tree.expand(0, &mut board, &|_| true);
        tree.children(0)
            .map(|c| (tree.node(c).mv(), tree.node(c).prior_w.get()))
            .collect()
    }

    #[test]
    fn learned_prior_rates_saving_a_chain_in_atari_among_the_best_moves() {
        use crate::board::BLACK;
        use crate::ladder::tests::{at, board};
        // Black's C7-C8 is in atari, its last liberty C9: extending there gives it two.
        let rows = [
            ".........", //
            ".OXO.....", //
            ".OXO.....", //
            "..O......", //
            ".........", //
            ".........", //
            "......X..", //
            ".........", //
            ".........", //
        ];
        let save = at(&board(&rows), 2, 0);
        let k = 20.0;
        let plain = root_prior_wins(&rows, BLACK, 0.0);
        let learned = root_prior_wins(&rows, BLACK, k);
        assert_eq!(plain.len(), learned.len());
        // The learned part of each prior: its win rate over `k` virtual visits.
        let rates: Vec<(usize, f32)> = plain
            .iter()
            .zip(&learned)
            .map(|(p, l)| (p.0, (l.1 - p.1) / k))
            .collect();
        assert!(rates.iter().all(|r| r.1 > 0.0 && r.1 < 1.0), "{rates:?}");
        let save_rate = rates.iter().find(|r| r.0 == save).map_or(0.0, |r| r.1);
        let better = rates.iter().filter(|r| r.1 > save_rate).count();
        assert!(
            save_rate > 0.6 && better <= 2,
            "the save rates {save_rate:.2}, {better} moves better: {rates:?}"
        );
    }

    #[test]
    fn life_priors_favour_the_vital_point_once_per_root_and_survive_a_copy() {
        use crate::board::WHITE;
        use crate::ladder::tests::{at, top_of_nine};
        use crate::life::tests::STRAIGHT_THREE;
        let mut b = top_of_nine(&STRAIGHT_THREE);
        b.set_to_move(WHITE);
        let vital = at(&b, 1, 0);
        let prior_w = |tree: &Tree| {
            let c = tree.child_with_move(0, vital).expect("B9 is a child");
            tree.node(c).prior_w.get()
        };
        let mut plain = Tree::new(b.clone());
        plain.expand(0, &mut b.clone(), &|_| true);
        plain.add_life_priors();
        let mut tree = Tree::new(b.clone());
        tree.life_priors = true;
        tree.expand(0, &mut b.clone(), &|_| true);
        tree.add_life_priors();
        let once = prior_w(&tree);
        assert!(
            once > prior_w(&plain) + 20.0,
            "the middle point is favoured"
        );
        tree.add_life_priors();
        assert_eq!(
            prior_w(&tree),
            once,
            "a second search of the same root adds nothing"
        );
        let mut copy = tree.clone();
        copy.add_life_priors();
        assert_eq!(prior_w(&copy), once, "a copy keeps the root's priors");
    }

    #[test]
    fn tactical_priors_favour_the_capture_that_saves_a_chain_only_at_the_depths_asked() {
        use crate::board::WHITE;
        use crate::ladder::tests::{at, top_of_nine};
        use crate::tactical_prior::tests::CAPTURE_TO_SAVE;
        let mut b = top_of_nine(&CAPTURE_TO_SAVE);
        b.set_to_move(WHITE);
        let d9 = at(&b, 3, 0);
        let prior_wins = |tactical_depth: u8, node: usize| {
            let mut tree = Tree::new(b.clone());
            tree.tactical_depth = tactical_depth;
            if node != 0 {
                // A node below the root, holding the same position.
                tree.fill_to(2);
            }
            tree.expand(node, &mut b.clone(), &|_| true);
            let c = tree.child_with_move(node, d9).expect("D9 is a child");
            tree.node(c).prior_w.get()
        };
        let plain = prior_wins(0, 0);
        assert!(prior_wins(1, 0) > plain + 5.0, "the root's D9 is favoured");
        assert_eq!(prior_wins(1, 1), plain, "depth 1 is not read at depth 1");
        assert!(prior_wins(2, 1) > plain + 5.0, "depth 1 is read at depth 2");
    }
}
