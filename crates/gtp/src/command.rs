//! The typed GTP command parser: one input line → an optional id and a [`Command`].
//!
//! Preprocessing follows GTP v2 section 3.1: control characters other than tab and newline are
//! removed, tabs become spaces, everything after `#` is a comment, and lines that are then
//! empty are ignored. Command names are accepted in any case.

use tengen_rules::{Color, Point};
use thiserror::Error;

/// A vertex argument: a point or `pass`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vertex {
    /// An intersection (checked against the board size when executed).
    Point(Point),
    /// `pass`.
    Pass,
}

impl std::fmt::Display for Vertex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Vertex::Point(p) => write!(f, "{p}"),
            Vertex::Pass => f.write_str("pass"),
        }
    }
}

/// Which stones `final_status_list` lists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Stones that live (not in seki).
    Alive,
    /// Stones judged dead.
    Dead,
    /// Living stones in seki.
    Seki,
}

/// A GTP command with its arguments parsed.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `protocol_version`
    ProtocolVersion,
    /// `name`
    Name,
    /// `version`
    Version,
    /// `known_command NAME`
    KnownCommand(String),
    /// `list_commands`
    ListCommands,
    /// `quit`
    Quit,
    /// `boardsize N`
    BoardSize(u32),
    /// `clear_board`
    ClearBoard,
    /// `komi K`
    Komi(f64),
    /// `play COLOR VERTEX`
    Play(Color, Vertex),
    /// `genmove COLOR`
    GenMove(Color),
    /// `kgs-genmove_cleanup COLOR`
    GenMoveCleanup(Color),
    /// `reg_genmove COLOR`: the move `genmove` would choose, not played.
    RegGenMove(Color),
    /// `undo`
    Undo,
    /// `showboard`
    ShowBoard,
    /// `final_score`
    FinalScore,
    /// `final_status_list alive|dead|seki`
    FinalStatusList(Status),
    /// `loadsgf FILE [MOVE_NUMBER]`
    LoadSgf {
        /// The file path.
        file: String,
        /// Load up to, not including, this move number.
        move_number: Option<u32>,
    },
    /// `printsgf [FILE]`
    PrintSgf(Option<String>),
    /// `is_legal COLOR VERTEX`
    IsLegal(Color, Vertex),
    /// `list_stones COLOR`
    ListStones(Color),
    /// `captures COLOR`
    Captures(Color),
    /// `time_settings MAIN BYO_YOMI_TIME BYO_YOMI_STONES`
    TimeSettings {
        /// Main time in seconds.
        main_time: u32,
        /// Byo-yomi period in seconds.
        byo_yomi_time: u32,
        /// Stones per byo-yomi period.
        byo_yomi_stones: u32,
    },
    /// `kgs-time_settings SYSTEM ...` (KGS's extension, also sent by gtp2ogs): the time
    /// systems `time_settings` cannot say, Japanese byo-yomi above all.
    KgsTimeSettings(KgsTime),
    /// `time_left COLOR TIME STONES` (under Japanese byo-yomi, `STONES` is the periods left)
    TimeLeft {
        /// Whose clock.
        color: Color,
        /// Seconds left.
        seconds: u32,
        /// Stones left in the period (0: main time).
        stones: u32,
    },
    /// `fixed_handicap N`: N stones on the standard points.
    FixedHandicap(u32),
    /// `place_free_handicap N`: the engine places N stones.
    PlaceFreeHandicap(u32),
    /// `set_free_handicap VERTEX...`: the controller places the stones.
    SetFreeHandicap(Vec<Point>),
}

/// A time system of `kgs-time_settings`, all times in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KgsTime {
    /// `none`: no time limit.
    None,
    /// `absolute MAIN`: sudden death.
    Absolute {
        /// Main time.
        main_time: u32,
    },
    /// `byoyomi MAIN PERIOD PERIODS`: Japanese byo-yomi, each move within one period.
    Byoyomi {
        /// Main time.
        main_time: u32,
        /// One period.
        period_time: u32,
        /// Periods.
        periods: u32,
    },
    /// `canadian MAIN BYO_YOMI_TIME STONES`: the same as `time_settings`.
    Canadian {
        /// Main time.
        main_time: u32,
        /// Byo-yomi period.
        byo_yomi_time: u32,
        /// Stones per period.
        byo_yomi_stones: u32,
    },
}

/// Every command name, in the order `list_commands` prints them.
pub const COMMANDS: &[&str] = &[
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
    "loadsgf",
    "printsgf",
    "is_legal",
    "list_stones",
    "captures",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
];

/// Why a command line could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// A line with an id and nothing else.
    #[error("missing command")]
    MissingCommand,
    /// The command name is not known.
    #[error("unknown command")]
    UnknownCommand(String),
    /// An argument is missing.
    #[error("syntax error: {command} needs {what}")]
    MissingArgument {
        /// The command.
        command: &'static str,
        /// What is missing.
        what: &'static str,
    },
    /// An argument has the wrong form.
    #[error("syntax error: '{value}' is not {what}")]
    BadArgument {
        /// What was expected.
        what: &'static str,
        /// The argument as given.
        value: String,
    },
    /// More arguments than the command takes.
    #[error("syntax error: {command} takes {count} argument(s)")]
    TooManyArguments {
        /// The command.
        command: &'static str,
        /// How many it takes at most.
        count: usize,
    },
}

/// One request line: its id (if any) and the parsed command.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The numeric id to echo in the response.
    pub id: Option<u32>,
    /// The command, or why it could not be parsed.
    pub command: Result<Command, ParseError>,
}

/// Applies GTP preprocessing: drops control characters (but tab), turns tabs into spaces and
/// cuts the comment.
pub fn preprocess(line: &str) -> String {
    let cleaned: String = line
        .chars()
        .filter(|&c| c == '\t' || !c.is_control())
        .map(|c| if c == '\t' { ' ' } else { c })
        .collect();
    match cleaned.find('#') {
        Some(i) => cleaned[..i].to_string(),
        None => cleaned,
    }
}

/// Parses one input line; `None` for a blank or comment-only line.
pub fn parse_line(line: &str) -> Option<Request> {
    let line = preprocess(line);
    let mut tokens = line.split_whitespace().peekable();
    let first = *tokens.peek()?;
    let id = if first.bytes().all(|b| b.is_ascii_digit()) {
        tokens.next();
        // An id too large for u32 is still an id; it is echoed clamped.
        Some(first.parse::<u32>().unwrap_or(u32::MAX))
    } else {
        None
    };
    let args: Vec<&str> = tokens.collect();
    let command = match args.split_first() {
        None => Err(ParseError::MissingCommand),
        Some((name, rest)) => parse_command(name, rest),
    };
    Some(Request { id, command })
}

/// Parses a command name and its arguments.
pub fn parse_command(name: &str, args: &[&str]) -> Result<Command, ParseError> {
    let lower = name.to_ascii_lowercase();
    let Some(&canonical) = COMMANDS.iter().find(|&&c| c == lower) else {
        return Err(ParseError::UnknownCommand(name.to_string()));
    };
    let a = Args {
        command: canonical,
        args,
    };
    let command = match canonical {
        "protocol_version" => a.none(Command::ProtocolVersion)?,
        "name" => a.none(Command::Name)?,
        "version" => a.none(Command::Version)?,
        "known_command" => {
            a.at_most(1)?;
            Command::KnownCommand(a.get(0, "a command name")?.to_string())
        }
        "list_commands" => a.none(Command::ListCommands)?,
        "quit" => a.none(Command::Quit)?,
        "boardsize" => {
            a.at_most(1)?;
            Command::BoardSize(a.number(0, "a board size")?)
        }
        "clear_board" => a.none(Command::ClearBoard)?,
        "komi" => {
            a.at_most(1)?;
            let v = a.get(0, "a komi value")?;
            let komi: f64 = v.parse().map_err(|_| a.bad(v, "a number"))?;
            if !komi.is_finite() {
                return Err(a.bad(v, "a finite number"));
            }
            Command::Komi(komi)
        }
        "play" => {
            a.at_most(2)?;
            Command::Play(a.color(0)?, a.vertex(1)?)
        }
        "genmove" => {
            a.at_most(1)?;
            Command::GenMove(a.color(0)?)
        }
        "kgs-genmove_cleanup" => {
            a.at_most(1)?;
            Command::GenMoveCleanup(a.color(0)?)
        }
        "reg_genmove" => {
            a.at_most(1)?;
            Command::RegGenMove(a.color(0)?)
        }
        "undo" => a.none(Command::Undo)?,
        "showboard" => a.none(Command::ShowBoard)?,
        "final_score" => a.none(Command::FinalScore)?,
        "final_status_list" => {
            a.at_most(1)?;
            let v = a.get(0, "a status (alive, dead or seki)")?;
            Command::FinalStatusList(match v.to_ascii_lowercase().as_str() {
                "alive" => Status::Alive,
                "dead" => Status::Dead,
                "seki" => Status::Seki,
                _ => return Err(a.bad(v, "alive, dead or seki")),
            })
        }
        "loadsgf" => {
            a.at_most(2)?;
            let file = a.get(0, "a file name")?.to_string();
            let move_number = match args.get(1) {
                None => None,
                Some(_) => Some(a.number(1, "a move number")?),
            };
            Command::LoadSgf { file, move_number }
        }
        "printsgf" => {
            a.at_most(1)?;
            Command::PrintSgf(args.first().map(|s| s.to_string()))
        }
        "is_legal" => {
            a.at_most(2)?;
            Command::IsLegal(a.color(0)?, a.vertex(1)?)
        }
        "list_stones" => {
            a.at_most(1)?;
            Command::ListStones(a.color(0)?)
        }
        "captures" => {
            a.at_most(1)?;
            Command::Captures(a.color(0)?)
        }
        "time_settings" => {
            a.at_most(3)?;
            Command::TimeSettings {
                main_time: a.number(0, "a main time in seconds")?,
                byo_yomi_time: a.number(1, "a byo-yomi time in seconds")?,
                byo_yomi_stones: a.number(2, "a number of byo-yomi stones")?,
            }
        }
        "kgs-time_settings" => {
            let system = a.get(0, "a time system (none, absolute, byoyomi or canadian)")?;
            Command::KgsTimeSettings(match system.to_ascii_lowercase().as_str() {
                "none" => {
                    a.at_most(1)?;
                    KgsTime::None
                }
                "absolute" => {
                    a.at_most(2)?;
                    KgsTime::Absolute {
                        main_time: a.number(1, "a main time in seconds")?,
                    }
                }
                "byoyomi" => {
                    a.at_most(4)?;
                    KgsTime::Byoyomi {
                        main_time: a.number(1, "a main time in seconds")?,
                        period_time: a.number(2, "a period in seconds")?,
                        periods: a.number(3, "a number of periods")?,
                    }
                }
                "canadian" => {
                    a.at_most(4)?;
                    KgsTime::Canadian {
                        main_time: a.number(1, "a main time in seconds")?,
                        byo_yomi_time: a.number(2, "a byo-yomi time in seconds")?,
                        byo_yomi_stones: a.number(3, "a number of byo-yomi stones")?,
                    }
                }
                _ => return Err(a.bad(system, "none, absolute, byoyomi or canadian")),
            })
        }
        "time_left" => {
            a.at_most(3)?;
            Command::TimeLeft {
                color: a.color(0)?,
                seconds: a.number(1, "a time in seconds")?,
                stones: a.number(2, "a number of stones")?,
            }
        }
        "fixed_handicap" => {
            a.at_most(1)?;
            Command::FixedHandicap(a.number(0, "a number of stones")?)
        }
        "place_free_handicap" => {
            a.at_most(1)?;
            Command::PlaceFreeHandicap(a.number(0, "a number of stones")?)
        }
        "set_free_handicap" => {
            a.get(0, "vertices")?;
            let mut points = Vec::with_capacity(args.len());
            for (k, v) in args.iter().enumerate() {
                match a.vertex(k)? {
                    Vertex::Point(p) => points.push(p),
                    Vertex::Pass => return Err(a.bad(v, "a vertex other than pass")),
                }
            }
            Command::SetFreeHandicap(points)
        }
        _ => unreachable!("every name in COMMANDS is handled"),
    };
    Ok(command)
}

/// Argument access for one command.
struct Args<'a> {
    command: &'static str,
    args: &'a [&'a str],
}

impl<'a> Args<'a> {
    fn none(&self, command: Command) -> Result<Command, ParseError> {
        self.at_most(0)?;
        Ok(command)
    }

    fn at_most(&self, count: usize) -> Result<(), ParseError> {
        if self.args.len() > count {
            return Err(ParseError::TooManyArguments {
                command: self.command,
                count,
            });
        }
        Ok(())
    }

    fn get(&self, i: usize, what: &'static str) -> Result<&'a str, ParseError> {
        self.args
            .get(i)
            .copied()
            .ok_or(ParseError::MissingArgument {
                command: self.command,
                what,
            })
    }

    fn bad(&self, value: &str, what: &'static str) -> ParseError {
        ParseError::BadArgument {
            what,
            value: value.to_string(),
        }
    }

    fn number(&self, i: usize, what: &'static str) -> Result<u32, ParseError> {
        let v = self.get(i, what)?;
        v.parse().map_err(|_| self.bad(v, what))
    }

    fn color(&self, i: usize) -> Result<Color, ParseError> {
        let v = self.get(i, "a color")?;
        Color::parse(v).ok_or_else(|| self.bad(v, "a color (black or white)"))
    }

    fn vertex(&self, i: usize) -> Result<Vertex, ParseError> {
        let v = self.get(i, "a vertex")?;
        if v.eq_ignore_ascii_case("pass") {
            return Ok(Vertex::Pass);
        }
        Point::parse_gtp(v)
            .map(Vertex::Point)
            .map_err(|_| self.bad(v, "a vertex like D4 or pass"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cmd(line: &str) -> Result<Command, ParseError> {
        parse_line(line).expect("not blank").command
    }

    #[test]
    fn blank_and_comment_lines_are_ignored() {
        for line in ["", "   ", "\t", "# a comment", "  # indented comment", "\r"] {
            assert_eq!(parse_line(line), None, "{line:?}");
        }
    }

    #[test]
    fn ids_are_read_and_comments_cut() {
        let r = parse_line("42 play black D4 # a move").unwrap();
        assert_eq!(r.id, Some(42));
        assert_eq!(
            r.command,
            Ok(Command::Play(Color::Black, Vertex::Point(Point::new(3, 3))))
        );
    }

    #[test]
    fn case_tabs_control_characters_and_extra_spaces_are_tolerated() {
        assert_eq!(
            cmd("  PLAY\tW \x07 q16  "),
            Ok(Command::Play(
                Color::White,
                Vertex::Point(Point::new(15, 15))
            ))
        );
        assert_eq!(cmd("Genmove B"), Ok(Command::GenMove(Color::Black)));
        assert_eq!(
            cmd("play white PASS"),
            Ok(Command::Play(Color::White, Vertex::Pass))
        );
    }

    #[test]
    fn an_id_alone_is_a_missing_command() {
        let r = parse_line("7").unwrap();
        assert_eq!(r.id, Some(7));
        assert_eq!(r.command, Err(ParseError::MissingCommand));
    }

    #[test]
    fn unknown_commands_and_bad_arguments_are_typed_errors() {
        assert_eq!(
            cmd("frobnicate"),
            Err(ParseError::UnknownCommand("frobnicate".into()))
        );
        assert!(matches!(
            cmd("play black"),
            Err(ParseError::MissingArgument { .. })
        ));
        assert!(matches!(
            cmd("play purple D4"),
            Err(ParseError::BadArgument { .. })
        ));
        assert!(matches!(
            cmd("play black I5"),
            Err(ParseError::BadArgument { .. })
        ));
        assert!(matches!(
            cmd("boardsize nine"),
            Err(ParseError::BadArgument { .. })
        ));
        assert!(matches!(
            cmd("komi inf"),
            Err(ParseError::BadArgument { .. })
        ));
        assert!(matches!(
            cmd("name now"),
            Err(ParseError::TooManyArguments { .. })
        ));
    }

    #[test]
    fn every_listed_command_parses_with_sample_arguments() {
        let samples = [
            "protocol_version",
            "name",
            "version",
            "known_command play",
            "list_commands",
            "quit",
            "boardsize 19",
            "clear_board",
            "komi -6.5",
            "play b A1",
            "genmove w",
            "kgs-genmove_cleanup w",
            "reg_genmove b",
            "undo",
            "showboard",
            "final_score",
            "final_status_list dead",
            "loadsgf game.sgf 12",
            "printsgf",
            "is_legal b pass",
            "list_stones white",
            "captures black",
            "time_settings 300 30 5",
            "kgs-time_settings byoyomi 600 30 5",
            "time_left b 120 0",
            "fixed_handicap 4",
            "place_free_handicap 2",
            "set_free_handicap D4 Q16 K10",
        ];
        assert_eq!(samples.len(), COMMANDS.len());
        for s in samples {
            assert!(cmd(s).is_ok(), "{s}");
        }
    }

    #[test]
    fn kgs_time_settings_reads_each_time_system() {
        assert_eq!(
            cmd("kgs-time_settings none"),
            Ok(Command::KgsTimeSettings(KgsTime::None))
        );
        assert_eq!(
            cmd("kgs-time_settings absolute 900"),
            Ok(Command::KgsTimeSettings(KgsTime::Absolute {
                main_time: 900
            }))
        );
        assert_eq!(
            cmd("kgs-time_settings ByoYomi 1200 30 5"),
            Ok(Command::KgsTimeSettings(KgsTime::Byoyomi {
                main_time: 1200,
                period_time: 30,
                periods: 5
            }))
        );
        assert_eq!(
            cmd("kgs-time_settings canadian 600 300 25"),
            Ok(Command::KgsTimeSettings(KgsTime::Canadian {
                main_time: 600,
                byo_yomi_time: 300,
                byo_yomi_stones: 25
            }))
        );
        for bad in [
            "kgs-time_settings",
            "kgs-time_settings fischer 600 10",
            "kgs-time_settings byoyomi 600 30",
            "kgs-time_settings byoyomi 600 30 -5",
            "kgs-time_settings none 5",
            "kgs-time_settings absolute 600 30",
        ] {
            assert!(cmd(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn set_free_handicap_takes_vertices_but_not_pass() {
        assert_eq!(
            cmd("set_free_handicap c3 g7"),
            Ok(Command::SetFreeHandicap(vec![
                Point::parse_gtp("C3").unwrap(),
                Point::parse_gtp("G7").unwrap()
            ]))
        );
        assert!(cmd("set_free_handicap C3 pass").is_err());
        assert!(cmd("set_free_handicap").is_err());
        assert!(cmd("fixed_handicap two").is_err());
    }
}
