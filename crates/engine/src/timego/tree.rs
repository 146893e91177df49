//! The TimeGo search tree: nodes in one arena, reached by actions from the root.
//!
//! Placements, Lock and Pass become children when a node is expanded; time moves are listed
//! later (they cost a sweep of the order) and join the children one at a time as the node's
//! visits grow — progressive widening — best prior first.

use super::act::Act;
use crate::prior::Prior;
use tengen_rules::Color;

/// RAVE equivalence parameter: how many real visits weigh as much as the AMAF statistics.
const RAVE_EQUIV: f32 = 3000.0;
/// Exploration coefficient (small: priors and RAVE do most of the exploring).
const EXPLORE: f32 = 0.02;
/// Time-move children allowed at `v` visits: `WIDEN_BASE + WIDEN_RATE * sqrt(v)`.
const WIDEN_BASE: f32 = 1.0;
const WIDEN_RATE: f32 = 0.5;
/// Most nodes the arena may hold (bounds memory on long searches).
pub(crate) const MAX_NODES: usize = 1_000_000;

/// A tree node: the action that leads to it and its statistics, from the point of view of the
/// player who took that action.
#[derive(Debug, Clone)]
pub(crate) struct Node {
    pub act: Act,
    /// Real visits.
    pub visits: f32,
    /// Wins for the player who took `act`.
    pub wins: f32,
    /// Prior virtual visits and wins.
    pub prior_n: f32,
    pub prior_w: f32,
    /// AMAF statistics (placements only).
    pub amaf_n: f32,
    pub amaf_w: f32,
    pub children: Vec<u32>,
    /// Whether placements, Lock and Pass have been added.
    pub expanded: bool,
    /// Whether the time moves have been listed into `pending`.
    pub times_listed: bool,
    /// Time-move children added so far.
    pub time_children: u16,
    /// Time moves not yet children, the best last.
    pub pending: Vec<(Act, Prior)>,
    /// The game is over at this node: `Some(winner)` (`Some(None)`: a draw).
    pub terminal: Option<Option<Color>>,
}

impl Node {
    pub(crate) fn new(act: Act, prior: Prior) -> Node {
        Node {
            act,
            visits: 0.0,
            wins: 0.0,
            prior_n: prior.n,
            prior_w: prior.w,
            amaf_n: 0.0,
            amaf_w: 0.0,
            children: Vec::new(),
            expanded: false,
            times_listed: false,
            time_children: 0,
            pending: Vec::new(),
            terminal: None,
        }
    }

    /// The real win rate (0.5 without visits).
    pub(crate) fn winrate(&self) -> f32 {
        if self.visits > 0.0 {
            self.wins / self.visits
        } else {
            0.5
        }
    }

    /// The selection value: priors and real results blended with AMAF, plus exploration.
    #[inline]
    fn value(&self, log_parent: f32) -> f32 {
        let n = self.visits + self.prior_n;
        let q = if n > 0.0 {
            (self.wins + self.prior_w) / n
        } else {
            0.5
        };
        let v = if self.amaf_n > 0.0 {
            let aq = self.amaf_w / self.amaf_n;
            let beta = self.amaf_n / (self.amaf_n + n + self.amaf_n * n / RAVE_EQUIV);
            (1.0 - beta) * q + beta * aq
        } else {
            q
        };
        v + EXPLORE * (log_parent / (n + 1.0)).sqrt()
    }
}

/// The search tree; node 0 is the root.
#[derive(Debug, Clone)]
pub(crate) struct Tree {
    pub nodes: Vec<Node>,
}

impl Tree {
    pub(crate) fn new() -> Tree {
        Tree {
            nodes: vec![Node::new(Act::Root, Prior { n: 0.0, w: 0.0 })],
        }
    }

    /// Whether the arena may grow by `extra` nodes.
    pub(crate) fn has_room(&self, extra: usize) -> bool {
        self.nodes.len() + extra <= MAX_NODES
    }

    /// Adds a child of `parent`.
    pub(crate) fn add_child(&mut self, parent: usize, act: Act, prior: Prior) {
        let id = self.nodes.len() as u32;
        self.nodes.push(Node::new(act, prior));
        self.nodes[parent].children.push(id);
    }

    /// Moves pending time moves of `i` into its children while its visits allow more.
    pub(crate) fn widen(&mut self, i: usize) {
        let allowed = (WIDEN_BASE + WIDEN_RATE * self.nodes[i].visits.sqrt()) as u16;
        while self.nodes[i].time_children < allowed && self.has_room(1) {
            let Some((act, prior)) = self.nodes[i].pending.pop() else {
                break;
            };
            self.nodes[i].time_children += 1;
            self.add_child(i, act, prior);
        }
    }

    /// The child of `i` with the best selection value.
    pub(crate) fn select(&self, i: usize) -> Option<usize> {
        let log_parent = (self.nodes[i].visits + 1.0).ln();
        let mut best = None;
        let mut best_v = f32::NEG_INFINITY;
        for &c in &self.nodes[i].children {
            let v = self.nodes[c as usize].value(log_parent);
            if v > best_v {
                best_v = v;
                best = Some(c as usize);
            }
        }
        best
    }

    /// The children of `i` by decreasing real visits (ties: higher win rate first).
    pub(crate) fn ranked(&self, i: usize) -> Vec<usize> {
        let mut out: Vec<usize> = self.nodes[i].children.iter().map(|&c| c as usize).collect();
        out.sort_by(|&a, &b| {
            let (na, nb) = (&self.nodes[a], &self.nodes[b]);
            nb.visits
                .total_cmp(&na.visits)
                .then(nb.winrate().total_cmp(&na.winrate()))
        });
        out
    }
}
