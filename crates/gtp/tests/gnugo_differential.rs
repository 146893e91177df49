//! Differential test against GNU Go (`/usr/games/gnugo --mode gtp --chinese-rules`, with
//! `--positional-superko` when Tengen plays positional superko, GNU Go's default simple ko
//! otherwise): random legal games on 5x5, 9x9 and 19x19; after every move the stones on the
//! board, the captures and `is_legal` of every point must agree with the rules crate (driven
//! through the GTP [`Session`]). Some games open with passes, move either color out of turn and
//! go on after two passes, as GTP controllers may. Each final position also goes through SGF both
//! ways (Tengen's writer → GNU Go's `loadsgf`, GNU Go's `printsgf` → Tengen's reader).
//!
//! When GNU Go is not installed the test says so and passes, unless `TENGEN_REQUIRE_GNUGO` is
//! set (CI installs `gnugo` and sets it).

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use tengen_gtp::{GtpOptions, Session};
use tengen_rules::sgf::{from_sgf, to_sgf};
use tengen_rules::{Color, KoRule, Phase, PlayError, Point, Rules, Scoring};

const GNUGO: &str = "/usr/games/gnugo";

/// A GNU Go process spoken to over GTP, with pipelined batches of commands.
struct GnuGo {
    child: Child,
    input: BufWriter<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl GnuGo {
    fn start(ko: KoRule) -> GnuGo {
        let mut args = vec!["--mode", "gtp", "--chinese-rules"];
        if ko == KoRule::PositionalSuperko {
            args.push("--positional-superko");
        }
        let mut child = Command::new(GNUGO)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("GNU Go starts");
        let input = BufWriter::new(child.stdin.take().expect("piped"));
        let output = BufReader::new(child.stdout.take().expect("piped"));
        GnuGo {
            child,
            input,
            output,
        }
    }

    /// Sends every command, then reads every response (`Ok` for `=`, `Err` for `?`).
    fn batch(&mut self, commands: &[String]) -> Vec<Result<String, String>> {
        for c in commands {
            writeln!(self.input, "{c}").unwrap();
        }
        self.input.flush().unwrap();
        commands.iter().map(|_| self.response()).collect()
    }

    fn one(&mut self, command: &str) -> String {
        self.batch(&[command.to_string()])
            .pop()
            .unwrap()
            .unwrap_or_else(|e| panic!("GNU Go refused '{command}': {e}"))
    }

    fn response(&mut self) -> Result<String, String> {
        let mut text = String::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "GNU Go closed its output"
            );
            if line.trim().is_empty() && !text.is_empty() {
                break;
            }
            text.push_str(&line);
        }
        let body = text[1..].trim().to_string();
        if text.starts_with('=') {
            Ok(body)
        } else {
            Err(body)
        }
    }
}

impl Drop for GnuGo {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

#[derive(Debug, Default)]
struct Tally {
    games: usize,
    moves: usize,
    passes: usize,
    out_of_turn: usize,
    played_on: usize,
    captures: usize,
    points: usize,
    illegal_seen: usize,
    ko_or_superko_seen: usize,
    superko_seen: usize,
    /// Ko bans met in the games under simple ko.
    simple_ko_seen: usize,
    suicide_seen: usize,
    sgf_exchanges: usize,
    mismatches: Vec<String>,
}

fn stone_set(list: &str) -> BTreeSet<Point> {
    list.split_whitespace()
        .map(|v| Point::parse_gtp(v).expect("GNU Go vertex"))
        .collect()
}

/// Picks a random legal move of `color`, favouring captures so that ko fights happen; passes
/// now and then.
fn choose(session: &Session, color: Color, rng: &mut SmallRng) -> Option<Point> {
    let game = session.game();
    let legal: Vec<Point> = game
        .board()
        .points()
        .filter(|&p| session.is_legal(color, Some(p)))
        .collect();
    if legal.is_empty() || rng.gen_bool(0.02) {
        return None;
    }
    if rng.gen_bool(0.5) {
        let capturing: Vec<Point> = legal
            .iter()
            .copied()
            .filter(|&p| game.board().probe(p, color).is_ok_and(|pr| pr.captures > 0))
            .collect();
        if !capturing.is_empty() {
            return Some(capturing[rng.gen_range(0..capturing.len())]);
        }
    }
    Some(legal[rng.gen_range(0..legal.len())])
}

/// Why Tengen refuses `color` at `p` (in play; review would be resumed by a GTP `play`).
fn session_reason(session: &Session, color: Color, p: Point) -> Option<PlayError> {
    let game = session.game();
    if game.phase() == Phase::Playing && game.to_move() == color {
        game.check_place(p).err()
    } else {
        None
    }
}

fn compare_position(
    gnugo: &mut GnuGo,
    session: &Session,
    color: Color,
    tally: &mut Tally,
    context: &str,
) {
    let game = session.game();
    let board = game.board();
    let name = |c: Color| if c == Color::Black { "black" } else { "white" };
    let mut commands = vec![
        "list_stones black".to_string(),
        "list_stones white".to_string(),
        "captures black".to_string(),
        "captures white".to_string(),
    ];
    let points: Vec<Point> = board.points().collect();
    commands.extend(
        points
            .iter()
            .map(|p| format!("is_legal {} {p}", name(color))),
    );
    let replies = gnugo.batch(&commands);
    let text = |i: usize| {
        replies[i]
            .clone()
            .unwrap_or_else(|e| panic!("{}: {e}", commands[i]))
    };
    for c in Color::ALL {
        let theirs = stone_set(&text(c.index()));
        let ours: BTreeSet<Point> = board
            .stones()
            .filter(|&(_, s)| s == c)
            .map(|(p, _)| p)
            .collect();
        if theirs != ours {
            tally.mismatches.push(format!(
                "{context}: {} stones differ: GNU Go {theirs:?}, Tengen {ours:?}",
                name(c)
            ));
        }
        let captured: u32 = text(2 + c.index()).parse().expect("a number");
        if captured != game.captures()[c.index()] {
            tally.mismatches.push(format!(
                "{context}: {} captures: GNU Go {captured}, Tengen {}",
                name(c),
                game.captures()[c.index()]
            ));
        }
    }
    for (k, &p) in points.iter().enumerate() {
        let theirs = text(4 + k) == "1";
        // After two passes the game is in score review or over; a GTP `play` goes on with it.
        let ours = session.is_legal(color, Some(p));
        if game.phase() == Phase::Playing && game.to_move() == color {
            assert_eq!(ours, game.is_legal(p), "session and game disagree at {p}");
        }
        tally.points += 1;
        if !ours && board.get(p).is_none() {
            tally.illegal_seen += 1;
            match session_reason(session, color, p) {
                Some(PlayError::Ko(_)) => tally.ko_or_superko_seen += 1,
                Some(PlayError::Superko(_)) => {
                    tally.ko_or_superko_seen += 1;
                    tally.superko_seen += 1;
                }
                Some(PlayError::Suicide(_)) => tally.suicide_seen += 1,
                _ => {}
            }
        }
        if theirs != ours {
            tally.mismatches.push(format!(
                "{context}: is_legal {} {p}: GNU Go {theirs}, Tengen {ours} ({:?})",
                name(color),
                session_reason(session, color, p)
            ));
        }
    }
}

/// A set of random games played into both engines.
#[derive(Debug, Clone, Copy)]
struct Games {
    size: u8,
    games: usize,
    max_moves: usize,
    seed: u64,
    ko: KoRule,
    /// Up to this many passes (by either color) open each game.
    opening_passes: usize,
    /// How often a move (and the legality check after it) is for the color not to move.
    out_of_turn: f64,
}

fn play_games(set: Games, tally: &mut Tally) {
    let Games { size, seed, .. } = set;
    let mut gnugo = GnuGo::start(set.ko);
    let ko_before = tally.ko_or_superko_seen;
    let mut rng = SmallRng::seed_from_u64(seed);
    for g in 0..set.games {
        gnugo.one(&format!("boardsize {size}"));
        gnugo.one("clear_board");
        gnugo.one("komi 7.5");
        let rules = Rules {
            ko: set.ko,
            scoring: Scoring::Area,
            ..Rules::chinese(size)
        };
        let mut session = Session::new(GtpOptions {
            rules,
            ..GtpOptions::default()
        });
        tally.games += 1;
        let opening = rng.gen_range(0..=set.opening_passes);
        for m in 0..set.max_moves {
            let to_move = session.game().to_move();
            let color = if rng.gen_bool(set.out_of_turn) {
                to_move.opponent()
            } else {
                to_move
            };
            let point = if m < opening {
                None
            } else {
                choose(&session, color, &mut rng)
            };
            let before = session.game().captures();
            tally.out_of_turn += (color != to_move) as usize;
            tally.played_on += (session.game().phase() != Phase::Playing) as usize;
            session.play(color, point).expect("a legal move");
            let vertex = point.map_or("pass".to_string(), |p| p.to_gtp());
            let side = if color == Color::Black {
                "black"
            } else {
                "white"
            };
            gnugo.one(&format!("play {side} {vertex}"));
            tally.moves += 1;
            tally.passes += point.is_none() as usize;
            tally.captures += (session.game().captures() != before) as usize;
            let context = format!(
                "{size}x{size} {:?} game {g} move {} ({side} {vertex})",
                set.ko,
                m + 1
            );
            let to_move = session.game().to_move();
            let check = if rng.gen_bool(set.out_of_turn) {
                to_move.opponent()
            } else {
                to_move
            };
            compare_position(&mut gnugo, &session, check, tally, &context);
        }
        exchange_sgf(
            &mut gnugo,
            &session,
            tally,
            &format!("{size}x{size} game {g}"),
        );
    }
    if set.ko == KoRule::Simple {
        tally.simple_ko_seen += tally.ko_or_superko_seen - ko_before;
    }
}

/// The final position through SGF both ways: Tengen's `printsgf` loaded by GNU Go's `loadsgf`,
/// and GNU Go's `printsgf` (setup stones) read by Tengen's reader; the stones must agree.
fn exchange_sgf(gnugo: &mut GnuGo, session: &Session, tally: &mut Tally, context: &str) {
    let dir = std::env::temp_dir().join(format!("tengen-gnugo-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ours = dir.join("tengen.sgf");
    let theirs = dir.join("gnugo.sgf");
    let board = session.game().board();
    let stones = |c: Color| -> BTreeSet<Point> {
        board
            .stones()
            .filter(|&(_, s)| s == c)
            .map(|(p, _)| p)
            .collect()
    };
    std::fs::write(&ours, to_sgf(session.record())).unwrap();
    gnugo.one(&format!("loadsgf {}", ours.display()));
    for c in Color::ALL {
        let loaded = stone_set(&gnugo.one(&format!("list_stones {}", color_name(c))));
        if loaded != stones(c) {
            tally.mismatches.push(format!(
                "{context}: GNU Go loaded Tengen's SGF with other {} stones",
                color_name(c)
            ));
        }
    }
    gnugo.one(&format!("printsgf {}", theirs.display()));
    let text = std::fs::read_to_string(&theirs).unwrap();
    let board_from_gnugo = from_sgf(&text)
        .unwrap_or_else(|e| panic!("{context}: GNU Go's SGF is refused: {e}\n{text}"))
        .replay_go()
        .unwrap()
        .board()
        .clone();
    for c in Color::ALL {
        let read: BTreeSet<Point> = board_from_gnugo
            .stones()
            .filter(|&(_, s)| s == c)
            .map(|(p, _)| p)
            .collect();
        if read != stones(c) {
            tally.mismatches.push(format!(
                "{context}: Tengen read GNU Go's SGF with other {} stones",
                color_name(c)
            ));
        }
    }
    tally.sgf_exchanges += 2;
    std::fs::remove_dir_all(&dir).unwrap();
}

fn color_name(c: Color) -> &'static str {
    if c == Color::Black {
        "black"
    } else {
        "white"
    }
}

#[test]
fn random_games_agree_with_gnugo_on_stones_and_legality() {
    if !Path::new(GNUGO).exists() {
        assert!(
            std::env::var_os("TENGEN_REQUIRE_GNUGO").is_none(),
            "{GNUGO} is missing but TENGEN_REQUIRE_GNUGO is set"
        );
        eprintln!("SKIPPED: {GNUGO} not installed (apt-get install gnugo)");
        return;
    }
    let mut tally = Tally::default();
    let alternating = |size, games, max_moves, seed, ko| Games {
        size,
        games,
        max_moves,
        seed,
        ko,
        opening_passes: 0,
        out_of_turn: 0.0,
    };
    let free = |size, games, max_moves, seed, ko| Games {
        opening_passes: 3,
        out_of_turn: 0.15,
        ..alternating(size, games, max_moves, seed, ko)
    };
    let superko = KoRule::PositionalSuperko;
    // Small boards repeat positions often: the best source of superko situations.
    play_games(alternating(5, 30, 200, 0x7e9_5e5, superko), &mut tally);
    play_games(alternating(9, 12, 250, 0x7e9_9e9, superko), &mut tally);
    play_games(alternating(19, 3, 400, 0x7e9_1919, superko), &mut tally);
    // Games as GUIs play them: opening with passes, either color moving out of turn, play going
    // on after two passes; under superko and under simple ko.
    play_games(free(5, 20, 200, 0x0f3e_e5e5, superko), &mut tally);
    play_games(free(5, 20, 200, 0x0f3e_e5e6, KoRule::Simple), &mut tally);
    play_games(free(9, 6, 250, 0x0f3e_e9e9, KoRule::Simple), &mut tally);
    play_games(free(9, 4, 250, 0x0f3e_e9ea, superko), &mut tally);
    eprintln!(
        "GNU Go differential: {} games, {} moves ({} passes, {} out of turn, {} after two \
         passes, {} capturing), {} point legality comparisons ({} illegal empty points: {} \
         suicide, {} ko or superko of which {} superko and {} simple ko), {} SGF exchanges, {} \
         mismatches",
        tally.games,
        tally.moves,
        tally.passes,
        tally.out_of_turn,
        tally.played_on,
        tally.captures,
        tally.points,
        tally.illegal_seen,
        tally.suicide_seen,
        tally.ko_or_superko_seen,
        tally.superko_seen,
        tally.simple_ko_seen,
        tally.sgf_exchanges,
        tally.mismatches.len()
    );
    assert!(
        tally.mismatches.is_empty(),
        "{} mismatches, first ones:\n{}",
        tally.mismatches.len(),
        tally.mismatches[..tally.mismatches.len().min(20)].join("\n")
    );
    assert!(tally.ko_or_superko_seen > 0, "the games never met a ko");
    assert!(tally.superko_seen > 0, "the games never met a superko");
    assert!(
        tally.simple_ko_seen > 0,
        "the simple-ko games never met a ko"
    );
    assert!(tally.out_of_turn > 0 && tally.played_on > 0);
}
