//! The GTP engine state: the game as a record of actions, the undo stack, clocks, the engine.

use crate::board_text::show_board;
use crate::clock::Clocks;
use crate::command::{Command, Status, Vertex, COMMANDS};
use crate::ponder::Ponder;
use crate::GtpOptions;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Instant;
use tengen_engine::{Engine, EngineMove, Pondered, SearchInfo};
use tengen_rules::score::seki_chains;
use tengen_rules::sgf::{from_sgf_bytes, to_sgf};
use tengen_rules::{
    Action, ActionError, Board, Color, Game, Komi, Phase, Point, Record, ReviewProtocol, Rules,
    Variant,
};

mod handicap;

/// The GTP protocol version spoken.
pub const PROTOCOL_VERSION: u32 = 2;

/// A failed command: the text after `?`.
pub type GtpError = String;

/// One GTP session: a game that any color may move in at any time, with undo. Play never ends:
/// after two passes a further move goes on with the game (GTP has no end of game).
#[derive(Debug)]
pub struct Session {
    rules: Rules,
    /// The komi as the controller set it; `rules.komi` is its nearest half point (see `komi`).
    komi: f64,
    record: Record,
    /// Actions each successful `play`/`genmove` (or loaded move) added, for `undo`.
    steps: Vec<usize>,
    game: Game,
    engine: Engine,
    /// Both colors' clocks from `time_settings`/`time_left` and the engine's own moves.
    clocks: Clocks,
    /// The seed of the session; each game gets its own seed from it.
    seed: u64,
    /// Games started (each `clear_board`, `boardsize` or `loadsgf` starts one).
    games: u64,
    /// Why the last `illegal move` was illegal, until taken by [`Session::take_detail`].
    detail: Option<String>,
    /// Whether the engine searches the opponent's turn between commands
    /// ([`GtpOptions::ponder`]).
    ponder_enabled: bool,
    /// The running turn of pondering, which holds the engine meanwhile.
    ponder: Option<Ponder>,
    /// What the last turn of pondering did, until taken by [`Session::take_pondered`].
    pondered: Option<Pondered>,
}

impl Session {
    /// A session with an empty board of the options' size (19 if that size is unusable),
    /// standard Go with the shared review protocol.
    pub fn new(options: GtpOptions) -> Session {
        let mut rules = Rules {
            variant: Variant::Go,
            review: ReviewProtocol::Shared,
            ..options.rules
        };
        if Board::new(rules.size).is_err() {
            rules.size = 19;
        }
        let record = Record::new(rules);
        let game = record.start().expect("a valid size and no setup");
        Session {
            rules,
            komi: rules.komi.points(),
            record,
            steps: Vec::new(),
            game,
            engine: Engine::new(options.engine).with_seed(game_seed(options.seed, 0)),
            clocks: Clocks::default(),
            seed: options.seed,
            games: 0,
            detail: None,
            ponder_enabled: options.ponder,
            ponder: None,
            pondered: None,
        }
    }

    /// Starts searching the opponent's turn after the engine's move, when pondering is on;
    /// the next command stops it first ([`Session::execute`]). Pondering does nothing unless
    /// the current position is the one just after the engine's own generated move.
    pub fn start_pondering(&mut self) {
        if !self.ponder_enabled || self.ponder.is_some() {
            return;
        }
        let stand_in = Engine::new(*self.engine.config()).with_seed(self.engine.seed());
        let engine = std::mem::replace(&mut self.engine, stand_in);
        self.ponder = Some(Ponder::start(engine, self.game.clone()));
    }

    /// Stops pondering, if it runs, and takes the engine back.
    fn stop_pondering(&mut self) {
        if let Some(ponder) = self.ponder.take() {
            if let Some((engine, pondered)) = ponder.stop() {
                self.engine = engine;
                self.pondered = pondered;
            }
        }
    }

    /// What the last turn of pondering did, once (for the log line of `tengen gtp --log`).
    pub fn take_pondered(&mut self) -> Option<Pondered> {
        self.pondered.take()
    }

    /// What the engine's last search did (for a log line after `genmove`); `None` while
    /// pondering holds the engine, until the next command stops it.
    pub fn last_search(&self) -> Option<SearchInfo> {
        self.engine.last_search()
    }

    /// The current game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The actions so far as a record (inserted passes and resumptions included). Play may go
    /// on in it after two passes finished the game: replay it with
    /// [`Record::replay_go_playing_on`].
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Executes a command; `Ok` holds the response text (possibly empty).
    pub fn execute(&mut self, command: &Command) -> Result<String, GtpError> {
        self.stop_pondering();
        match command {
            Command::ProtocolVersion => Ok(PROTOCOL_VERSION.to_string()),
            Command::Name => Ok("Tengen".into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(COMMANDS
                .contains(&name.to_ascii_lowercase().as_str())
                .to_string()),
            Command::ListCommands => Ok(COMMANDS.join("\n")),
            Command::Quit => Ok(String::new()),
            Command::BoardSize(n) => {
                let size = u8::try_from(*n)
                    .ok()
                    .filter(|s| (tengen_rules::MIN_SIZE..=tengen_rules::MAX_SIZE).contains(s))
                    .ok_or("unacceptable size")?;
                self.rules.size = size;
                self.reset(Record::new(self.rules));
                Ok(String::new())
            }
            Command::ClearBoard => {
                self.reset(Record::new(self.rules));
                Ok(String::new())
            }
            Command::Komi(k) => {
                self.set_komi(*k);
                Ok(String::new())
            }
            Command::Play(color, vertex) => {
                let point = self.on_board(*vertex).map_err(|e| self.illegal(e))?;
                self.play(*color, point).map_err(|e| self.illegal(e))?;
                Ok(String::new())
            }
            Command::GenMove(color) => self.genmove(*color, false, true),
            Command::GenMoveCleanup(color) => self.genmove(*color, true, true),
            Command::RegGenMove(color) => self.genmove(*color, false, false),
            Command::Undo => self.undo().then(String::new).ok_or("cannot undo".into()),
            Command::ShowBoard => Ok(show_board(&self.game)),
            Command::FinalScore => Ok(self.final_score()),
            Command::FinalStatusList(status) => Ok(self.status_list(*status)),
            Command::LoadSgf { file, move_number } => self.load_sgf(file, *move_number),
            Command::PrintSgf(file) => {
                let sgf = to_sgf(&self.record);
                match file {
                    Some(path) => std::fs::write(path, &sgf)
                        .map(|_| String::new())
                        .map_err(|e| format!("cannot write {path}: {e}")),
                    None => Ok(sgf.trim_end().to_string()),
                }
            }
            Command::IsLegal(color, vertex) => {
                let legal = self
                    .on_board(*vertex)
                    .is_ok_and(|point| self.is_legal(*color, point));
                Ok(if legal { "1" } else { "0" }.into())
            }
            Command::ListStones(color) => Ok(self
                .game
                .board()
                .stones()
                .filter(|&(_, c)| c == *color)
                .map(|(p, _)| p.to_gtp())
                .collect::<Vec<_>>()
                .join(" ")),
            Command::Captures(color) => Ok(self.game.captures()[color.index()].to_string()),
            Command::TimeSettings {
                main_time,
                byo_yomi_time,
                byo_yomi_stones,
            } => {
                self.clocks
                    .set(*main_time, *byo_yomi_time, *byo_yomi_stones);
                Ok(String::new())
            }
            Command::KgsTimeSettings(system) => {
                self.clocks.set_kgs(*system);
                Ok(String::new())
            }
            Command::TimeLeft {
                color,
                seconds,
                stones,
            } => {
                self.clocks.time_left(*color, *seconds, *stones);
                Ok(String::new())
            }
            Command::FixedHandicap(n) => self.fixed_handicap(*n),
            Command::PlaceFreeHandicap(n) => self.place_free_handicap(*n),
            Command::SetFreeHandicap(points) => self.set_free_handicap(points),
        }
    }

    /// The details of the last failure whose answer is only the text GTP prescribes (`illegal
    /// move`), for the controller's log (`run` writes them to standard error).
    pub fn take_detail(&mut self) -> Option<String> {
        self.detail.take()
    }

    /// Answers `illegal move`, the exact text controllers match, keeping `why` as the detail.
    fn illegal(&mut self, why: impl std::fmt::Display) -> GtpError {
        self.detail = Some(format!("illegal move: {why}"));
        "illegal move".into()
    }

    /// `komi K`: GTP allows any real komi. Counting (`final_score`) uses it exactly; the game
    /// and the engine, which count in half points, use the nearest multiple of 0.5 (halves
    /// rounded away from zero, within the rules crate's ±1000).
    fn set_komi(&mut self, komi: f64) {
        let halves = (komi * 2.0).round().clamp(-2000.0, 2000.0);
        let rounded = Komi::from_points(halves / 2.0).expect("a half point within range");
        self.komi = komi;
        self.rules.komi = rounded;
        self.record.rules.komi = rounded;
        self.game = self
            .record
            .replay_go_playing_on()
            .expect("komi does not change legality");
    }

    /// Replaces the game with `record`'s (which must replay) and clears the undo stack. A new
    /// game: the engine forgets its tree and takes the next game's seed.
    fn reset(&mut self, record: Record) {
        self.games += 1;
        self.engine.new_game(game_seed(self.seed, self.games));
        self.game = record
            .replay_go_playing_on()
            .expect("a fresh or checked record replays");
        self.steps = vec![1; record.actions.len()];
        self.record = record;
    }

    /// The point of a vertex, or why it is not on this board.
    fn on_board(&self, vertex: Vertex) -> Result<Option<Point>, String> {
        match vertex {
            Vertex::Pass => Ok(None),
            Vertex::Point(p) if p.is_on(self.rules.size) => Ok(Some(p)),
            Vertex::Point(p) => Err(format!("{p} is off the {0}x{0} board", self.rules.size)),
        }
    }

    /// The game with `color` to play, and the actions that got it there. GNU Go lets either
    /// color move at any time and never ends the game; Tengen's game alternates and stops
    /// after two passes, so this inserts a pass by the other color when `color` is not to move,
    /// and goes on after two passes (a `resume`, [`Game::play_on`]).
    fn turn_for(&self, color: Color) -> Result<(Game, Vec<Action>), ActionError> {
        let mut game = self.game.clone();
        let mut inserted = Vec::new();
        for _ in 0..3 {
            let action = match game.phase() {
                Phase::ScoreReview | Phase::Finished => Action::Resume {},
                Phase::Playing if game.to_move() != color => Action::pass(),
                Phase::Playing => break,
            };
            game.apply_playing_on(&action)?;
            inserted.push(action);
        }
        Ok((game, inserted))
    }

    /// Plays a stone (or pass, `None`) of `color`.
    pub fn play(&mut self, color: Color, point: Option<Point>) -> Result<(), ActionError> {
        let (mut game, mut actions) = self.turn_for(color)?;
        let action = point.map_or_else(Action::pass, Action::place);
        game.apply(&action)?;
        actions.push(action);
        self.commit(game, actions);
        Ok(())
    }

    fn commit(&mut self, game: Game, actions: Vec<Action>) {
        self.steps.push(actions.len());
        self.record.actions.extend(actions);
        self.game = game;
    }

    /// Whether `color` may place at `point` now (a pass is always legal).
    pub fn is_legal(&self, color: Color, point: Option<Point>) -> bool {
        let Ok((game, _)) = self.turn_for(color) else {
            return false;
        };
        match point {
            Some(p) => game.is_legal(p),
            None => game.phase() == Phase::Playing,
        }
    }

    /// Takes back the last `play`/`genmove`; false if there is none.
    pub fn undo(&mut self) -> bool {
        let Some(n) = self.steps.pop() else {
            return false;
        };
        let keep = self.record.actions.len().saturating_sub(n);
        self.record.actions.truncate(keep);
        self.game = self
            .record
            .replay_go_playing_on()
            .expect("a prefix of a legal record replays");
        true
    }

    /// Asks the engine for a move of `color` and, when `commit`, plays it (`reg_genmove` does
    /// not); `cleanup`: do not pass while dead opponent stones remain (`kgs-genmove_cleanup`).
    fn genmove(&mut self, color: Color, cleanup: bool, commit: bool) -> Result<String, GtpError> {
        let (mut game, mut actions) = self
            .turn_for(color)
            .map_err(|e| format!("cannot move: {e}"))?;
        let clock = self.clocks.clock(color);
        let started = Instant::now();
        let choice = if cleanup {
            self.engine.genmove_cleanup(&game, color, clock)
        } else {
            self.engine.genmove(&game, color, clock)
        };
        self.clocks.spend(color, started.elapsed().as_secs_f64());
        let (action, reply) = match choice {
            EngineMove::Resign => return Ok("resign".into()),
            EngineMove::Pass => (Action::pass(), "pass".to_string()),
            EngineMove::Place(p) => (Action::place(p), p.to_gtp()),
        };
        game.apply(&action)
            .map_err(|e| format!("the engine chose an illegal move {reply}: {e}"))?;
        if commit {
            actions.push(action);
            self.commit(game, actions);
        }
        Ok(reply)
    }

    /// The dead stones of the current position by the engine's estimate (the stub engine
    /// marks none, so the board counts as it stands).
    fn dead_stones(&self) -> BTreeSet<Point> {
        self.engine.estimate(&self.game).dead
    }

    /// `B+3.5`, `W+0.5`, `0`: the position counted without the engine's dead stones, with the
    /// controller's komi exactly (`W+0.75` after `komi 6.25`).
    fn final_score(&self) -> String {
        let score = match self.game.final_score() {
            Some(score) => score.clone(),
            None => self.game.score_with(&self.dead_stones()),
        };
        let white = score.white.total - self.rules.komi.points() + self.komi;
        let margin = score.black.total - white;
        if margin > 0.0 {
            format!("B+{margin}")
        } else if margin < 0.0 {
            format!("W+{}", -margin)
        } else {
            "0".into()
        }
    }

    /// The strings of the given status, one per line.
    fn status_list(&self, status: Status) -> String {
        let board = self.game.board();
        let dead = self.dead_stones();
        let living = Board::from_stones(
            board.size(),
            board.stones().filter(|(p, _)| !dead.contains(p)),
        )
        .expect("same size");
        let seki = seki_chains(&living);
        let mut strings: BTreeMap<usize, Vec<Point>> = BTreeMap::new();
        for (p, _) in board.stones() {
            let wanted = if dead.contains(&p) {
                status == Status::Dead
            } else {
                let in_seki = living.chain_id(p).is_some_and(|id| seki.contains(&id));
                status == if in_seki { Status::Seki } else { Status::Alive }
            };
            if wanted {
                let id = board.chain_id(p).expect("a stone");
                strings.entry(id).or_default().push(p);
            }
        }
        strings
            .values()
            .map(|s| s.iter().map(|p| p.to_gtp()).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// `loadsgf`: the file's size, komi, setup and moves (up to, not including, `move_number`),
    /// replayed under this session's ko rule and scoring.
    fn load_sgf(&mut self, file: &str, move_number: Option<u32>) -> Result<String, GtpError> {
        let text = std::fs::read(file).map_err(|e| format!("cannot load file: {e}"))?;
        let loaded = from_sgf_bytes(&text).map_err(|e| format!("cannot load file: {e}"))?;
        let rules = Rules {
            size: loaded.rules.size,
            komi: loaded.rules.komi,
            ..self.rules
        };
        let mut record = Record::new(rules);
        record.setup = loaded.setup;
        let limit = move_number.map_or(usize::MAX, |n| n.saturating_sub(1) as usize);
        let mut plays = 0;
        for action in loaded.actions {
            match action {
                Action::Place(_) | Action::Pass {} => {
                    if plays >= limit {
                        break;
                    }
                    plays += 1;
                }
                // The end of the file's game (a resignation, a loss on time, or the count of its
                // territory marks) is not loaded: the engine may play on from the position.
                Action::Resign(_)
                | Action::Timeout(_)
                | Action::SetDead(_)
                | Action::Confirm(_) => break,
                _ => {}
            }
            record.actions.push(action);
        }
        record
            .replay_go_playing_on()
            .map_err(|e| format!("cannot load file under these rules: {e}"))?;
        self.rules = rules;
        self.komi = rules.komi.points();
        self.reset(record);
        Ok(String::new())
    }
}

/// The seed of game number `game` of a session seeded with `seed` (splitmix64 of both, so
/// consecutive games get unrelated seeds).
fn game_seed(seed: u64, game: u64) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
