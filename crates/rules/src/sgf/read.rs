//! SGF main line → [`Record`]: game info, setup, moves replayed under the rules, comments.

use super::error::{SgfError, SgfErrorKind};
use super::parse::{main_line, Node, Property, RawValue};
use super::ruleset::from_ru;
use super::text::{decode_simple, decode_text};
use crate::action::Action;
use crate::color::Color;
use crate::game::{Game, Phase};
use crate::point::Point;
use crate::record::Record;
use crate::rules::{Komi, ReviewProtocol, Rules};
use crate::score::GameResult;
use std::collections::BTreeSet;

/// Reads the main line of the first game in `text` into a record.
///
/// Moves are replayed under the rules (from `SZ`, `KM` and `RU`), so an illegal move is an
/// error naming the move number and the reason. A move by the color not to move is preceded by
/// an inserted pass (and, after two passes, by a resumption of play).
///
/// The result (`RE`) is kept when the moves do not end the game: a resignation becomes a
/// `resign` action and a loss on time a `timeout` action; a game in score review whose last
/// node marks territory (`TB`/`TW`) is finished by counting with the stones on the other color's
/// territory dead, when that count gives the recorded result (or none is recorded); any other
/// result (points, forfeit, a bare win, void, draw, unknown) becomes the record's
/// [`result`](Record::result).
pub fn from_sgf(text: &str) -> Result<Record, SgfError> {
    let nodes = main_line(text)?;
    Reader::new(text, &nodes)?.run(&nodes)
}

/// Reads SGF bytes in the character set the file names (`CA`), then as [`from_sgf`].
///
/// Without `CA` the bytes are read as UTF-8 when they are valid UTF-8, else as ISO-8859-1 (the
/// SGF default). A named character set that is unknown, or bytes that are not valid in it, are
/// an error.
pub fn from_sgf_bytes(bytes: &[u8]) -> Result<Record, SgfError> {
    let text = super::charset::decode(bytes)?;
    from_sgf(&text)
}

struct Reader<'t> {
    text: &'t str,
    record: Record,
    setup_points: BTreeSet<Point>,
    game: Option<Game>,
    moves: usize,
    result: Option<GameResult>,
}

impl<'t> Reader<'t> {
    fn new(text: &'t str, nodes: &[Node<'_>]) -> Result<Reader<'t>, SgfError> {
        let err = |offset, kind| SgfError::at(text, offset, kind);
        let root = &nodes[0];
        if let Some(gm) = root.get("GM") {
            let v = single(text, gm)?;
            if v.text.trim() != "1" {
                return Err(err(v.offset, SgfErrorKind::NotGo(v.text.to_string())));
            }
        }
        let size = match root.get("SZ") {
            None => 19,
            Some(sz) => {
                let v = single(text, sz)?;
                parse_size(v.text)
                    .ok_or_else(|| err(v.offset, SgfErrorKind::BadSize(v.text.to_string())))?
            }
        };
        let mut rules = Rules::chinese(size).with_komi(Komi::from_points(0.0).expect("zero"));
        if let Some(km) = root.get("KM") {
            let v = single(text, km)?;
            let komi = v
                .text
                .trim()
                .parse::<f64>()
                .ok()
                .and_then(|k| Komi::from_points(k).ok())
                .ok_or_else(|| err(v.offset, SgfErrorKind::BadKomi(v.text.to_string())))?;
            rules.komi = komi;
        }
        if let Some(ru) = root.get("RU") {
            let v = single(text, ru)?;
            if let Some((scoring, ko)) = from_ru(&decode_simple(v.text)) {
                rules.scoring = scoring;
                rules.ko = ko;
            }
        }
        Ok(Reader {
            text,
            record: Record::new(rules),
            setup_points: BTreeSet::new(),
            game: None,
            moves: 0,
            result: None,
        })
    }

    fn err(&self, offset: usize, kind: SgfErrorKind) -> SgfError {
        SgfError::at(self.text, offset, kind)
    }

    fn size(&self) -> u8 {
        self.record.rules.size
    }

    fn run(mut self, nodes: &[Node<'_>]) -> Result<Record, SgfError> {
        for node in nodes {
            self.game_info(node)?;
            self.setup(node)?;
            self.moves_of(node)?;
            if let Some(c) = node.get("C") {
                let comment = c
                    .values
                    .iter()
                    .map(|v| decode_text(v.text))
                    .collect::<Vec<_>>()
                    .join("\n\n");
                let key = self.record.actions.len();
                self.record
                    .comments
                    .entry(key)
                    .and_modify(|c| {
                        c.push_str("\n\n");
                        c.push_str(&comment);
                    })
                    .or_insert(comment);
            }
        }
        let mut game = match self.game.take() {
            Some(g) => g,
            None => self.start()?,
        };
        if game.phase() == Phase::Finished {
            return Ok(self.record);
        }
        // A resignation and a loss on time are actions of a record, as when Tengen plays them.
        let ending = match self.result {
            Some(GameResult::Resignation { winner }) => Some(Action::Resign(winner.opponent())),
            Some(GameResult::Time { winner }) => Some(Action::Timeout(winner.opponent())),
            _ => None,
        };
        if let Some(action) = ending {
            game.apply(&action)
                .expect("resigning or losing on time is legal before the end");
            self.record.actions.push(action);
            return Ok(self.record);
        }
        let last = nodes.last().expect("a game has a node");
        if let Some(count) = self.count_from_territory(&game, last)? {
            self.record.actions.extend(count);
            return Ok(self.record);
        }
        self.record.result = self.result;
        Ok(self.record)
    }

    /// The review actions that finish a game in score review the way the last node's territory
    /// marks (`TB`/`TW`) count it: the stones lying on the other color's territory are dead, and
    /// both colors confirm. None when there are no marks, the game is not in review, or the
    /// count does not give the recorded result.
    fn count_from_territory(
        &self,
        game: &Game,
        node: &Node<'_>,
    ) -> Result<Option<Vec<Action>>, SgfError> {
        let (tb, tw) = (node.get("TB"), node.get("TW"));
        let shared = game.rules().review == ReviewProtocol::Shared;
        if game.phase() != Phase::ScoreReview || !shared || (tb.is_none() && tw.is_none()) {
            return Ok(None);
        }
        let mut dead = Vec::new();
        for (prop, owner) in [(tb, Color::Black), (tw, Color::White)] {
            for value in prop.map_or(&[][..], |p| p.values.as_slice()) {
                if value.text.trim().is_empty() {
                    continue; // an empty list
                }
                for p in self.point_list(value)? {
                    if game.board().get(p) == Some(owner.opponent()) {
                        // A marked stone kills its whole chain (as `set_dead` does): the
                        // record lists the chain, as Tengen's own marks would.
                        dead.extend(game.board().chain(p));
                    }
                }
            }
        }
        let mut actions = Vec::new();
        if !dead.is_empty() {
            dead.sort();
            dead.dedup();
            actions.push(Action::SetDead(dead));
        }
        // Read records use the shared review protocol: each color confirms in turn.
        actions.push(Action::Confirm(Color::Black));
        actions.push(Action::Confirm(Color::White));
        let mut counted = game.clone();
        for action in &actions {
            if counted.apply(action).is_err() {
                return Ok(None);
            }
        }
        // Every dead stone must count for the other color, as the marks said: then writing the
        // game again gives the same marks, and reading those the same count.
        let size = game.board().size() as usize;
        let marked_as_read = counted.final_score().is_some_and(|score| {
            dead_points(&actions).iter().all(|p| {
                let row = &score.ownership[size - 1 - p.row as usize];
                let owner = row.as_bytes()[p.col as usize];
                Some(owner) == game.board().get(*p).map(|c| c.opponent().letter() as u8)
            })
        });
        let agrees = counted.phase() == Phase::Finished
            && marked_as_read
            && self.result.is_none_or(|r| counted.result() == Some(r));
        Ok(agrees.then_some(actions))
    }

    /// PB, PW, DT, RE: the first occurrence on the main line counts.
    fn game_info(&mut self, node: &Node<'_>) -> Result<(), SgfError> {
        let players = &mut self.record.players;
        for (ident, slot) in [("PB", &mut players.black), ("PW", &mut players.white)] {
            if let (Some(p), None) = (node.get(ident), slot.as_ref()) {
                *slot = Some(decode_simple(single(self.text, p)?.text));
            }
        }
        if let (Some(p), None) = (node.get("DT"), self.record.date.as_ref()) {
            self.record.date = Some(decode_simple(single(self.text, p)?.text));
        }
        if let (Some(p), None) = (node.get("RE"), self.result) {
            self.result = GameResult::parse(&decode_simple(single(self.text, p)?.text));
        }
        Ok(())
    }

    /// AB, AW, AE and PL before the first move.
    fn setup(&mut self, node: &Node<'_>) -> Result<(), SgfError> {
        for prop in &node.properties {
            let ident = prop.ident.as_str();
            if !matches!(ident, "AB" | "AW" | "AE" | "PL") {
                continue;
            }
            if self.game.is_some() {
                if ident == "PL" {
                    // The colors of the moves decide; a late PL changes nothing.
                    continue;
                }
                return Err(self.err(
                    prop.offset,
                    SgfErrorKind::SetupAfterMoves(prop.ident.clone()),
                ));
            }
            if ident == "PL" {
                let v = single(self.text, prop)?;
                let color = Color::parse(v.text.trim()).ok_or_else(|| {
                    self.err(v.offset, SgfErrorKind::BadColor(v.text.to_string()))
                })?;
                self.record.setup.to_move = Some(color);
                continue;
            }
            for value in &prop.values {
                for p in self.point_list(value)? {
                    let setup = &mut self.record.setup;
                    match ident {
                        "AE" => {
                            setup.black.retain(|&q| q != p);
                            setup.white.retain(|&q| q != p);
                            self.setup_points.remove(&p);
                        }
                        _ => {
                            if !self.setup_points.insert(p) {
                                return Err(self.err(value.offset, SgfErrorKind::BadSetup(p)));
                            }
                            if ident == "AB" {
                                setup.black.push(p);
                            } else {
                                setup.white.push(p);
                            }
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// A point list value: `dd` or the rectangle `aa:cc` (FF\[4\] compressed lists).
    fn point_list(&self, value: &RawValue<'_>) -> Result<Vec<Point>, SgfError> {
        let size = self.size();
        let bad = || {
            self.err(
                value.offset,
                SgfErrorKind::BadPoint {
                    value: value.text.to_string(),
                    size,
                },
            )
        };
        let text = value.text.trim();
        let point = |s: &str| Point::parse_sgf(s.trim(), size).map_err(|_| bad());
        match text.split_once(':') {
            None => Ok(vec![point(text)?]),
            Some((a, b)) => {
                let (a, b) = (point(a)?, point(b)?);
                let (c0, c1) = (a.col.min(b.col), a.col.max(b.col));
                let (r0, r1) = (a.row.min(b.row), a.row.max(b.row));
                // Top row first, left to right, as the rectangle reads in SGF order.
                Ok((r0..=r1)
                    .rev()
                    .flat_map(|row| (c0..=c1).map(move |col| Point::new(col, row)))
                    .collect())
            }
        }
    }

    fn start(&self) -> Result<Game, SgfError> {
        // Setup points were checked for repeats and lie on the board, so this cannot fail; an
        // error would still be reported rather than panicking.
        self.record
            .start()
            .map_err(|e| self.err(0, SgfErrorKind::Setup(e)))
    }

    /// B or W: one move, replayed at once.
    fn moves_of(&mut self, node: &Node<'_>) -> Result<(), SgfError> {
        let (prop, color) = match (node.get("B"), node.get("W")) {
            (Some(_), Some(w)) => return Err(self.err(w.offset, SgfErrorKind::TwoMoves)),
            (Some(b), None) => (b, Color::Black),
            (None, Some(w)) => (w, Color::White),
            (None, None) => return Ok(()),
        };
        let value = single(self.text, prop)?;
        let text = value.text.trim();
        let point = if text.is_empty() || (text == "tt" && self.size() <= 19) {
            None
        } else {
            Some(Point::parse_sgf(text, self.size()).map_err(|_| {
                self.err(
                    value.offset,
                    SgfErrorKind::BadPoint {
                        value: text.to_string(),
                        size: self.size(),
                    },
                )
            })?)
        };
        self.moves += 1;
        if self.game.is_none() {
            if self.record.setup.to_move.is_none() && color == Color::White {
                self.record.setup.to_move = Some(Color::White);
            }
            self.game = Some(self.start()?);
        }
        let number = self.moves;
        let game = self.game.as_mut().expect("started above");
        let illegal = |error| SgfErrorKind::Illegal {
            number,
            color,
            point,
            error,
        };
        // Bring the turn to `color`: resume after two passes, pass for the other side.
        let mut inserted = Vec::new();
        for _ in 0..3 {
            if game.phase() == Phase::ScoreReview {
                inserted.push(Action::Resume {});
            } else if game.phase() == Phase::Playing && game.to_move() != color {
                inserted.push(Action::pass());
            } else {
                break;
            }
            game.apply(inserted.last().expect("pushed"))
                .map_err(|e| SgfError::at(self.text, prop.offset, illegal(e)))?;
        }
        let action = point.map_or_else(Action::pass, Action::place);
        game.apply(&action)
            .map_err(|e| SgfError::at(self.text, prop.offset, illegal(e)))?;
        self.record.actions.extend(inserted);
        self.record.actions.push(action);
        Ok(())
    }
}

/// The stones a `set_dead` among `actions` marks.
fn dead_points(actions: &[Action]) -> &[Point] {
    actions
        .iter()
        .find_map(|a| match a {
            Action::SetDead(dead) => Some(dead.as_slice()),
            _ => None,
        })
        .unwrap_or(&[])
}

/// The only value of a single-valued property.
fn single<'a, 'p>(text: &str, prop: &'p Property<'a>) -> Result<&'p RawValue<'a>, SgfError> {
    match prop.values.as_slice() {
        [v] => Ok(v),
        _ => Err(SgfError::at(
            text,
            prop.offset,
            SgfErrorKind::MultipleValues(prop.ident.clone()),
        )),
    }
}

/// `19` or `19:19`.
fn parse_size(text: &str) -> Option<u8> {
    let text = text.trim();
    let (a, b) = text.split_once(':').unwrap_or((text, text));
    let (a, b): (u32, u32) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
    if a != b || !(2..=25).contains(&a) {
        return None;
    }
    Some(a as u8)
}
