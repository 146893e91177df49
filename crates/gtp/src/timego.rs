//! GTP for TimeGo (`tengen gtp --variant timego`): the standard commands that make sense for
//! TimeGo, plus three extension commands so that two programs can be matched on TimeGo:
//!
//! - `timego-time COLOR VERTEX INDEX`: `COLOR` moves the placement of its stone at `VERTEX` to
//!   index `INDEX` (0-based) of the placement order.
//! - `timego-lock COLOR`: `COLOR` locks every current placement.
//! - `timego-order`: the placement order, `B:D4 W:C3 | B:E5`, with `|` at the lock boundary.
//!
//! `genmove` answers a vertex, `pass`, `resign`, or one of the extension commands without its
//! color (`timego-time D4 3`, `timego-lock`): a controller relays it to the other program by
//! inserting the color after the command name. `play` takes placements and passes. As in the
//! Go session, a command for the color that is not to move first passes for the side to move.
//! SGF cannot express time moves, so `loadsgf` and `printsgf` are refused, and TimeGo starts
//! from the empty board, so the handicap commands are too. See docs/GTP.md.

use crate::clock::Clocks;
use crate::command::{parse_command, preprocess, Command, ParseError, Status, Vertex};
use crate::{format_response, GtpOptions};
use std::collections::BTreeMap;
use std::io::{BufRead, Write};
use std::time::Instant;
use tengen_engine::timego::{TimeEngine, TimeMove};
use tengen_rules::{Action, Board, Color, Komi, Point, Rules, TimeError, TimeGame, Variant};

/// The GTP protocol version spoken.
const PROTOCOL_VERSION: u32 = 2;

/// Every command of the TimeGo session, in the order `list_commands` prints them.
pub const TIMEGO_COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "kgs-genmove_cleanup",
    "reg_genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "is_legal",
    "list_stones",
    "captures",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "timego-time",
    "timego-lock",
    "timego-order",
];

/// Options of `tengen gtp --variant timego`.
#[derive(Debug, Clone, Default)]
pub struct TimeGoOptions {
    /// Rules (size and komi change with `boardsize` and `komi`), engine configuration and
    /// the session's seed (each game gets its own seed from it).
    pub gtp: GtpOptions,
    /// Restrict the engine to placements and passes (a plain Go player inside TimeGo).
    pub placements_only: bool,
}

/// A TimeGo command: an extension, or a standard command.
#[derive(Debug, Clone, PartialEq)]
pub enum TimeCommand {
    /// A standard GTP command.
    Standard(Command),
    /// `timego-time COLOR VERTEX INDEX`.
    Time(Color, Point, usize),
    /// `timego-lock COLOR`.
    Lock(Color),
    /// `timego-order`.
    Order,
}

/// Parses the command part of a line (after the id) for the TimeGo session.
pub fn parse_time_command(name: &str, args: &[&str]) -> Result<TimeCommand, ParseError> {
    let color = |i: usize, command: &'static str| -> Result<Color, ParseError> {
        let v = args.get(i).ok_or(ParseError::MissingArgument {
            command,
            what: "a color",
        })?;
        Color::parse(v).ok_or_else(|| ParseError::BadArgument {
            what: "a color",
            value: v.to_string(),
        })
    };
    let most = |count: usize, command: &'static str| {
        if args.len() > count {
            Err(ParseError::TooManyArguments { command, count })
        } else {
            Ok(())
        }
    };
    match name.to_ascii_lowercase().as_str() {
        "timego-time" => {
            let command = "timego-time";
            most(3, command)?;
            let c = color(0, command)?;
            let v = args.get(1).ok_or(ParseError::MissingArgument {
                command,
                what: "a vertex",
            })?;
            let stone = Point::parse_gtp(v).map_err(|_| ParseError::BadArgument {
                what: "a vertex",
                value: v.to_string(),
            })?;
            let i = args.get(2).ok_or(ParseError::MissingArgument {
                command,
                what: "an index",
            })?;
            let to = i.parse().map_err(|_| ParseError::BadArgument {
                what: "an index",
                value: i.to_string(),
            })?;
            Ok(TimeCommand::Time(c, stone, to))
        }
        "timego-lock" => {
            most(1, "timego-lock")?;
            Ok(TimeCommand::Lock(color(0, "timego-lock")?))
        }
        "timego-order" => {
            most(0, "timego-order")?;
            Ok(TimeCommand::Order)
        }
        _ => parse_command(name, args).map(TimeCommand::Standard),
    }
}

/// One GTP session on a TimeGo game, with undo.
#[derive(Debug)]
pub struct TimeSession {
    rules: Rules,
    actions: Vec<Action>,
    /// Actions each successful command added, for `undo`.
    steps: Vec<usize>,
    game: TimeGame,
    engine: TimeEngine,
    clocks: Clocks,
    /// The session's seed and the games started so far (each game gets its own seed).
    seed: u64,
    games: u64,
    log_search: bool,
}

impl TimeSession {
    /// A session with an empty board of the options' size (9 if that size is unusable).
    pub fn new(options: TimeGoOptions) -> TimeSession {
        let mut rules = Rules {
            variant: Variant::TimeGo,
            ..options.gtp.rules
        };
        if Board::new(rules.size).is_err() {
            rules.size = 9;
        }
        let mut engine =
            TimeEngine::new(options.gtp.engine).with_seed(game_seed(options.gtp.seed, 0));
        if options.placements_only {
            engine = engine.placements_only();
        }
        TimeSession {
            rules,
            actions: Vec::new(),
            steps: Vec::new(),
            game: TimeGame::new(rules).expect("a valid size"),
            engine,
            clocks: Clocks::default(),
            seed: options.gtp.seed,
            games: 0,
            log_search: options.gtp.log_search,
        }
    }

    /// The current game.
    pub fn game(&self) -> &TimeGame {
        &self.game
    }

    /// The actions so far (inserted passes included).
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// Answers one line; `None` for a blank or comment line. The flag is true for `quit`.
    pub fn respond(&mut self, line: &str) -> Option<(String, bool)> {
        let line = preprocess(line);
        let mut tokens = line.split_whitespace().peekable();
        let first = *tokens.peek()?;
        let id = if first.bytes().all(|b| b.is_ascii_digit()) {
            tokens.next();
            Some(first.parse::<u32>().unwrap_or(u32::MAX))
        } else {
            None
        };
        let args: Vec<&str> = tokens.collect();
        let command = match args.split_first() {
            None => Err(ParseError::MissingCommand),
            Some((name, rest)) => parse_time_command(name, rest),
        };
        let quit = command == Ok(TimeCommand::Standard(Command::Quit));
        let result = match &command {
            Ok(c) => self.execute(c),
            Err(e) => Err(e.to_string()),
        };
        Some((format_response(id, &result), quit))
    }

    /// Executes a command; `Ok` holds the response text (possibly empty).
    pub fn execute(&mut self, command: &TimeCommand) -> Result<String, String> {
        let command = match command {
            TimeCommand::Time(color, stone, to) => {
                return self
                    .act(
                        *color,
                        Action::Time {
                            stone: *stone,
                            to: *to,
                        },
                    )
                    .map(|_| String::new())
                    .map_err(|e| format!("illegal move: {e}"));
            }
            TimeCommand::Lock(color) => {
                return self
                    .act(*color, Action::Lock {})
                    .map(|_| String::new())
                    .map_err(|e| format!("illegal move: {e}"));
            }
            TimeCommand::Order => return Ok(self.order_text()),
            TimeCommand::Standard(c) => c,
        };
        match command {
            Command::ProtocolVersion => Ok(PROTOCOL_VERSION.to_string()),
            Command::Name => Ok("Tengen".into()),
            Command::Version => Ok(env!("CARGO_PKG_VERSION").into()),
            Command::KnownCommand(name) => Ok(TIMEGO_COMMANDS
                .contains(&name.to_ascii_lowercase().as_str())
                .to_string()),
            Command::ListCommands => Ok(TIMEGO_COMMANDS.join("\n")),
            Command::Quit => Ok(String::new()),
            Command::BoardSize(n) => {
                let size = u8::try_from(*n)
                    .ok()
                    .filter(|s| (tengen_rules::MIN_SIZE..=tengen_rules::MAX_SIZE).contains(s))
                    .ok_or("unacceptable size")?;
                self.rules.size = size;
                self.new_game();
                Ok(String::new())
            }
            Command::ClearBoard => {
                self.new_game();
                Ok(String::new())
            }
            Command::Komi(k) => {
                self.rules.komi = Komi::from_points(*k).map_err(|e| e.to_string())?;
                let actions = std::mem::take(&mut self.actions);
                let steps = std::mem::take(&mut self.steps);
                self.reset(actions);
                self.steps = steps;
                Ok(String::new())
            }
            Command::Play(color, vertex) => {
                let action = match vertex {
                    Vertex::Pass => Action::pass(),
                    Vertex::Point(p) if p.is_on(self.rules.size) => Action::place(*p),
                    Vertex::Point(p) => {
                        return Err(format!("invalid coordinate: {p} is off the board"))
                    }
                };
                self.act(*color, action)
                    .map(|_| String::new())
                    .map_err(|e| format!("illegal move: {e}"))
            }
            Command::GenMove(color) | Command::GenMoveCleanup(color) => self.genmove(*color, true),
            Command::RegGenMove(color) => self.genmove(*color, false),
            Command::Undo => {
                if self.undo() {
                    Ok(String::new())
                } else {
                    Err("cannot undo".into())
                }
            }
            Command::ShowBoard => Ok(self.show_board()),
            Command::FinalScore => Ok(self.final_score()),
            Command::FinalStatusList(status) => Ok(self.status_list(*status)),
            Command::LoadSgf { .. } | Command::PrintSgf(_) => {
                Err("TimeGo records cannot be read or written as SGF".into())
            }
            Command::IsLegal(color, vertex) => {
                let legal = match vertex {
                    Vertex::Pass => self.turn_for(*color).is_ok(),
                    Vertex::Point(p) => self
                        .turn_for(*color)
                        .is_ok_and(|(g, _)| g.check_place(*p).is_ok()),
                };
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
            Command::FixedHandicap(_)
            | Command::PlaceFreeHandicap(_)
            | Command::SetFreeHandicap(_) => {
                Err("TimeGo has no handicap stones: games start from the empty board".into())
            }
        }
    }

    /// An empty board; the engine takes the next game's seed.
    fn new_game(&mut self) {
        self.games += 1;
        let engine = self
            .engine
            .clone()
            .with_seed(game_seed(self.seed, self.games));
        self.engine = engine;
        self.reset(Vec::new());
    }

    /// A new game from these actions (which must replay).
    fn reset(&mut self, actions: Vec<Action>) {
        let mut game = TimeGame::new(self.rules).expect("a valid size");
        for a in &actions {
            game.apply(a).expect("the actions replayed before");
        }
        self.steps = vec![1; actions.len()];
        self.actions = actions;
        self.game = game;
    }

    /// The game with `color` to move, and the passes inserted to get there.
    fn turn_for(&self, color: Color) -> Result<(TimeGame, Vec<Action>), TimeError> {
        let mut game = self.game.clone();
        let mut inserted = Vec::new();
        if game.to_move() != color {
            game.pass()?;
            inserted.push(Action::pass());
        }
        if game.result().is_some() {
            return Err(TimeError::GameOver);
        }
        Ok((game, inserted))
    }

    /// `color` takes `action` (a pass of the side to move is inserted first if needed).
    fn act(&mut self, color: Color, action: Action) -> Result<(), TimeError> {
        let (mut game, mut actions) = self.turn_for(color)?;
        game.apply(&action)?;
        actions.push(action);
        self.steps.push(actions.len());
        self.actions.extend(actions);
        self.game = game;
        Ok(())
    }

    /// Takes back the last command that changed the game; false if there is none.
    fn undo(&mut self) -> bool {
        let Some(n) = self.steps.pop() else {
            return false;
        };
        let keep = self.actions.len().saturating_sub(n);
        self.actions.truncate(keep);
        let steps = std::mem::take(&mut self.steps);
        let actions = std::mem::take(&mut self.actions);
        self.reset(actions);
        self.steps = steps;
        true
    }

    /// Asks the engine for an action of `color` and, when `commit`, takes it (`reg_genmove`
    /// does not).
    fn genmove(&mut self, color: Color, commit: bool) -> Result<String, String> {
        let (game, inserted) = self
            .turn_for(color)
            .map_err(|e| format!("cannot move: {e}"))?;
        let started = Instant::now();
        let choice = self.engine.genmove(&game, self.clocks.clock(color));
        self.clocks.spend(color, started.elapsed().as_secs_f64());
        if self.log_search {
            if let Some(info) = self.engine.last_search() {
                eprintln!(
                    "genmove {color}: {choice:?}, {} playouts, {:.2}s, win rate {:.2}",
                    info.playouts, info.seconds, info.winrate
                );
            }
        }
        let reply = match choice {
            TimeMove::Resign => return Ok("resign".into()),
            TimeMove::Pass => "pass".to_string(),
            TimeMove::Place(p) => p.to_gtp(),
            TimeMove::Time { stone, to } => format!("timego-time {} {to}", stone.to_gtp()),
            TimeMove::Lock => "timego-lock".into(),
        };
        if !commit {
            return Ok(reply);
        }
        let mut game = game;
        let action = choice.to_action(color);
        game.apply(&action)
            .map_err(|e| format!("the engine chose an illegal action {reply}: {e}"))?;
        let mut actions = inserted;
        actions.push(action);
        self.steps.push(actions.len());
        self.actions.extend(actions);
        self.game = game;
        Ok(reply)
    }

    /// The order as `B:D4 W:C3 | B:E5`, `|` at the lock boundary.
    fn order_text(&self) -> String {
        let mut parts: Vec<String> = Vec::with_capacity(self.game.order().len() + 1);
        for (k, x) in self.game.order().iter().enumerate() {
            if k == self.game.boundary() {
                parts.push("|".into());
            }
            let c = if x.color == Color::Black { 'B' } else { 'W' };
            parts.push(format!("{c}:{}", x.point.to_gtp()));
        }
        if self.game.boundary() == self.game.order().len() {
            parts.push("|".into());
        }
        parts.join(" ")
    }

    /// `B+3.5`, `W+0.5`, `0`: the result once the game is over, else the count of the board
    /// as it stands (TimeGo never removes dead stones).
    fn final_score(&self) -> String {
        match self.game.result() {
            Some(result) => result.to_sgf(),
            None => self.game.score().result.to_sgf(),
        }
    }

    /// Every stone counts as it stands in TimeGo: all strings are alive, none dead or in seki.
    fn status_list(&self, status: Status) -> String {
        if status != Status::Alive {
            return String::new();
        }
        let board = self.game.board();
        let mut strings: BTreeMap<usize, Vec<Point>> = BTreeMap::new();
        for (p, _) in board.stones() {
            let id = board.chain_id(p).expect("a stone");
            strings.entry(id).or_default().push(p);
        }
        strings
            .values()
            .map(|s| s.iter().map(|p| p.to_gtp()).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// The board as in the Go session, with the placement order below it.
    fn show_board(&self) -> String {
        let mut out = crate::board_text::show_position(
            self.game.board(),
            self.game.captures(),
            self.game.to_move(),
        );
        out.push_str(&format!("\norder: {}", self.order_text()));
        out
    }
}

/// Runs the TimeGo GTP loop until `quit` or the end of input.
pub fn run(
    mut input: impl BufRead,
    mut output: impl Write,
    options: TimeGoOptions,
) -> std::io::Result<()> {
    let mut session = TimeSession::new(options);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&buffer);
        if let Some((response, quit)) = session.respond(&line) {
            output.write_all(response.as_bytes())?;
            output.flush()?;
            if quit {
                return Ok(());
            }
        }
    }
}

/// The seed of game number `game` of a session seeded with `seed` (splitmix64 of both).
fn game_seed(seed: u64, game: u64) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
