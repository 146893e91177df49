//! Go Text Protocol v2: a typed command parser ([`command`]), the engine state ([`Session`])
//! and the loop that answers a controller over any reader and writer ([`run`]).
//!
//! Responses are `=[id] result` or `?[id] message`, each followed by a blank line.

pub mod board_text;
pub mod clock;
pub mod command;
pub mod ponder;
pub mod session;
pub mod timego;

pub use command::{parse_line, Command, KgsTime, ParseError, Request, Status, Vertex, COMMANDS};
pub use session::{Session, PROTOCOL_VERSION};

use std::io::{BufRead, Write};

/// Options of `tengen gtp`.
#[derive(Debug, Clone, Default)]
pub struct GtpOptions {
    /// Rules for new games (size and komi change with `boardsize` and `komi`).
    pub rules: tengen_rules::Rules,
    /// The engine configuration.
    pub engine: tengen_engine::EngineConfig,
    /// The session's random seed; every game (`clear_board`, `boardsize`, `loadsgf`) gets its
    /// own seed derived from it, so games differ and a session can be replayed.
    pub seed: u64,
    /// Writes one line per `genmove` to stderr: playouts, time, win rate; and one per turn of
    /// pondering.
    pub log_search: bool,
    /// After each `genmove`, search the opponent's turn until the next command arrives
    /// (pondering); off by default. The kept tree takes what it finds into the next search.
    pub ponder: bool,
}

/// Formats a response: `=id text` or `?id text`, then a blank line.
pub fn format_response(id: Option<u32>, result: &Result<String, String>) -> String {
    let (mark, text) = match result {
        Ok(text) => ('=', text),
        Err(text) => ('?', text),
    };
    let id = id.map_or(String::new(), |id| id.to_string());
    format!("{mark}{id} {text}\n\n")
}

/// Answers one line; `None` for a blank or comment line. The flag is true for `quit`.
pub fn respond(session: &mut Session, line: &str) -> Option<(String, bool)> {
    let request = parse_line(line)?;
    let quit = request.command == Ok(Command::Quit);
    let result = match &request.command {
        Ok(command) => session.execute(command),
        Err(error) => Err(error.to_string()),
    };
    Some((format_response(request.id, &result), quit))
}

/// Runs the GTP loop until `quit` or the end of input; the details of failures whose answer
/// GTP fixes (`illegal move`) go to standard error, the controller's log.
pub fn run(input: impl BufRead, output: impl Write, options: GtpOptions) -> std::io::Result<()> {
    run_with_log(input, output, std::io::stderr(), options)
}

/// [`run`] with the details of failures written to `log` (one line each).
pub fn run_with_log(
    mut input: impl BufRead,
    mut output: impl Write,
    mut log: impl Write,
    options: GtpOptions,
) -> std::io::Result<()> {
    let log_search = options.log_search;
    let mut session = Session::new(options);
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        if input.read_until(b'\n', &mut buffer)? == 0 {
            return Ok(());
        }
        let line = String::from_utf8_lossy(&buffer);
        if let Some((response, quit)) = respond(&mut session, &line) {
            if let Some(detail) = session.take_detail() {
                // The log is a courtesy: a closed standard error must not stop the engine.
                let _ = writeln!(log, "{detail}");
            }
            if let Some(pondered) = session.take_pondered().filter(|_| log_search) {
                let _ =
                    writeln!(
                    log,
                    "pondered on the opponent's time: {} playouts, {:.2}s, {} nodes, expecting {}",
                    pondered.playouts,
                    pondered.elapsed.as_secs_f64(),
                    pondered.nodes,
                    pondered.expected_reply.map_or("a pass".into(), |p| p.to_gtp()),
                );
            }
            if log_search && response.starts_with('=') && is_genmove(&line) {
                if let Some(info) = session.last_search() {
                    let _ = writeln!(
                        log,
                        "{} playouts in {:.2}s, win rate {:.3}, score {:+.1}, {} nodes{}{}{}{}{}{}{}{}, score weight {}",
                        info.playouts,
                        info.seconds,
                        info.winrate,
                        info.score,
                        info.nodes,
                        if info.reused_tree {
                            format!(", tree reused with {} playouts", info.kept_playouts)
                        } else {
                            String::new()
                        },
                        if info.looked_again {
                            ", looked again"
                        } else {
                            ""
                        },
                        match info.replaced {
                            Some(p) => format!(", tactical check replaced {}", p.to_gtp()),
                            None => String::new(),
                        },
                        match info.komi_shift {
                            0 => String::new(),
                            k => format!(", behind: komi shifted {k} points"),
                        },
                        if info.value_prior > 0.0 {
                            format!(", network prior {}", info.value_prior)
                        } else {
                            String::new()
                        },
                        if info.value_mix > 0.0 {
                            format!(", network mix {}", info.value_mix)
                        } else {
                            String::new()
                        },
                        if info.move_prior > 0.0 {
                            format!(", move prior {}", info.move_prior)
                        } else {
                            String::new()
                        },
                        match info.wide_depth {
                            0 => String::new(),
                            d => format!(", wide network above depth {d}"),
                        },
                        info.score_weight
                    );
                }
            }
            output.write_all(response.as_bytes())?;
            output.flush()?;
            if quit {
                return Ok(());
            }
            if response.starts_with('=') && is_genmove(&line) {
                session.start_pondering();
            }
        }
    }
}

/// Whether the line asks for a move that is played (`genmove`, `kgs-genmove_cleanup`; not
/// `reg_genmove`), after which the opponent is to move.
fn is_genmove(line: &str) -> bool {
    parse_line(line).is_some_and(|r| {
        matches!(
            r.command,
            Ok(Command::GenMove(_)) | Ok(Command::GenMoveCleanup(_))
        )
    })
}
