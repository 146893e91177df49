//! GTP handicap commands: `fixed_handicap`, `place_free_handicap`, `set_free_handicap`. Each
//! needs an empty board and starts a new game whose record holds the black stones as setup,
//! with White to move (the komi stays what `komi` set; controllers send 0.5 with handicap).

use super::{GtpError, Session};
use tengen_rules::record::Setup;
use tengen_rules::{fixed_handicap, Color, Point, Record};

impl Session {
    /// `fixed_handicap N`: the standard points; answers the vertices.
    pub(super) fn fixed_handicap(&mut self, stones: u32) -> Result<String, GtpError> {
        self.ensure_empty()?;
        let points = fixed_handicap(self.rules.size, stones)
            .map_err(|e| format!("invalid handicap: {e}"))?;
        self.set_handicap(points)
    }

    /// `place_free_handicap N`: the engine chooses the standard points too (they are where a
    /// Go player puts them); answers the vertices.
    pub(super) fn place_free_handicap(&mut self, stones: u32) -> Result<String, GtpError> {
        self.fixed_handicap(stones)
    }

    /// `set_free_handicap V...`: the controller's points (at least two, all different).
    pub(super) fn set_free_handicap(&mut self, points: &[Point]) -> Result<String, GtpError> {
        self.ensure_empty()?;
        let mut unique = points.to_vec();
        unique.sort_by_key(|p| (p.row, p.col));
        unique.dedup();
        if points.len() < 2 || unique.len() != points.len() {
            return Err("invalid handicap: at least two different vertices".into());
        }
        if let Some(p) = points.iter().find(|p| !p.is_on(self.rules.size)) {
            return Err(format!("invalid coordinate: {p} is off the board"));
        }
        self.set_handicap(points.to_vec()).map(|_| String::new())
    }

    /// Handicap stones go on an empty board before the first move.
    fn ensure_empty(&self) -> Result<(), GtpError> {
        if !self.record.actions.is_empty() || self.game.board().stones().next().is_some() {
            return Err("board not empty".into());
        }
        Ok(())
    }

    fn set_handicap(&mut self, points: Vec<Point>) -> Result<String, GtpError> {
        let mut record = Record::new(self.rules);
        record.setup = Setup {
            black: points.clone(),
            white: Vec::new(),
            to_move: Some(Color::White),
        };
        record
            .start()
            .map_err(|e| format!("invalid handicap: {e}"))?;
        self.reset(record);
        Ok(points
            .iter()
            .map(|p| p.to_gtp())
            .collect::<Vec<_>>()
            .join(" "))
    }
}
