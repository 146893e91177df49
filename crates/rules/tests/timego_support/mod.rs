//! Helpers shared by the TimeGo tests: a tiny move language and a reference replay.
#![allow(dead_code)]

use std::collections::HashSet;
use tengen_rules::timego::Placement;
use tengen_rules::{Action, Board, Color, Point, Rules, TimeError, TimeGame};

/// A point from a GTP vertex.
pub fn p(s: &str) -> Point {
    Point::parse_gtp(s).unwrap()
}

/// Parses `D4`, `pass`, `lock`, `time D4 3`, `resign black`.
pub fn action(s: &str) -> Action {
    let words: Vec<&str> = s.split_whitespace().collect();
    match words.as_slice() {
        ["pass"] => Action::pass(),
        ["lock"] => Action::Lock {},
        ["time", stone, to] => Action::Time {
            stone: p(stone),
            to: to.parse().unwrap(),
        },
        ["resign", c] => Action::Resign(Color::parse(c).unwrap()),
        [point] => Action::place(p(point)),
        _ => panic!("bad action {s}"),
    }
}

/// A TimeGo game of this size after the given actions (each must be legal).
pub fn game(size: u8, actions: &[&str]) -> TimeGame {
    let mut g = TimeGame::new(Rules::timego(size)).unwrap();
    for a in actions {
        g.apply(&action(a))
            .unwrap_or_else(|e| panic!("{a} refused: {e}"));
    }
    g
}

/// Applies one action.
pub fn try_act(g: &mut TimeGame, a: &str) -> Result<(), TimeError> {
    g.apply(&action(a)).map(|_| ())
}

/// The board as rows, top first.
pub fn rows(g: &TimeGame) -> Vec<String> {
    g.board().rows()
}

/// Everything a refused action must leave unchanged.
#[derive(Debug, PartialEq)]
pub struct Snapshot {
    order: Vec<Placement>,
    boundary: usize,
    board: Vec<String>,
    turns: usize,
    reached: usize,
    to_move: Color,
    passes: u32,
}

/// Takes a [`Snapshot`].
pub fn snapshot(g: &TimeGame) -> Snapshot {
    Snapshot {
        order: g.order().to_vec(),
        boundary: g.boundary(),
        board: g.board().rows(),
        turns: g.turns().len(),
        reached: g.reached_count(),
        to_move: g.to_move(),
        passes: g.consecutive_passes(),
    }
}

/// Why a placement is illegal in a replay.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RefIllegal {
    Occupied,
    Suicide,
    Repeated,
}

/// Plays `x` on `board` under the replay rule, with `seen` the positions so far.
pub fn ref_play(
    board: &mut Board,
    seen: &mut HashSet<u64>,
    x: Placement,
) -> Result<(), RefIllegal> {
    if board.get(x.point).is_some() {
        return Err(RefIllegal::Occupied);
    }
    let probe = board
        .probe(x.point, x.color)
        .map_err(|_| RefIllegal::Suicide)?;
    if seen.contains(&probe.hash) {
        return Err(RefIllegal::Repeated);
    }
    board.play(x.point, x.color).unwrap();
    seen.insert(board.hash());
    Ok(())
}

/// Replays an order from the empty board, requiring every placement to be legal.
pub fn ref_replay(size: u8, order: &[Placement]) -> Result<Board, String> {
    let mut board = Board::new(size).unwrap();
    let mut seen = HashSet::from([board.hash()]);
    for (k, &x) in order.iter().enumerate() {
        ref_play(&mut board, &mut seen, x).map_err(|e| {
            format!(
                "placement {k} ({:?} {}) is illegal: {e:?}",
                x.color, x.point
            )
        })?;
    }
    Ok(board)
}

/// The reference time move: the new order and the old indices cancelled, or None when the
/// arrival is illegal. Ignores the reached-combination rule.
pub fn ref_time(
    size: u8,
    order: &[Placement],
    i: usize,
    t: usize,
) -> Option<(Vec<Placement>, Vec<usize>)> {
    let mut board = Board::new(size).unwrap();
    let mut seen = HashSet::from([board.hash()]);
    for &x in &order[..t] {
        ref_play(&mut board, &mut seen, x).expect("prefix legal");
    }
    ref_play(&mut board, &mut seen, order[i]).ok()?;
    let mut new_order = order[..t].to_vec();
    new_order.push(order[i]);
    let mut cancelled = Vec::new();
    for (k, &x) in order.iter().enumerate().skip(t) {
        if k == i {
            continue;
        }
        match ref_play(&mut board, &mut seen, x) {
            Ok(()) => new_order.push(x),
            Err(_) => cancelled.push(k),
        }
    }
    Some((new_order, cancelled))
}
