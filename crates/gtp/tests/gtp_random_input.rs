//! Random and malformed GTP lines, as a careless controller or a fuzzer sends them: every line
//! that is not blank gets exactly one answer starting with `=` or `?`, nothing panics, and a
//! command answered with `?` leaves the game, its record and the board as they were.

use proptest::prelude::*;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use tengen_engine::EngineConfig;
use tengen_gtp::{respond, GtpOptions, Session};

/// A small search budget, so that the many `genmove`s stay quick.
fn options() -> GtpOptions {
    GtpOptions {
        engine: EngineConfig {
            level: 1,
            playouts: Some(16),
            threads: 1,
            ..EngineConfig::default()
        },
        ..GtpOptions::default()
    }
}

fn number() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "0",
            "1",
            "2",
            "5",
            "9",
            "13",
            "19",
            "25",
            "26",
            "-1",
            "100",
            "4294967296",
            "99999999999999999999",
            "1e308",
            "1e400",
            "nan",
            "inf",
            "-inf",
            "0.5",
            "7.5",
            "-0",
            "abc",
            "3.",
            ".5",
            "0x10",
            "",
        ])
        .prop_map(str::to_string),
        (-30i64..400).prop_map(|n| n.to_string()),
    ]
}

fn color() -> impl Strategy<Value = String> {
    prop::sample::select(vec!["b", "w", "B", "W", "black", "white", "x", "", "bw"])
        .prop_map(str::to_string)
}

fn vertex() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => (prop::sample::select("ABCDEFGHJKLMNOPQRSTUVWXYZ".chars().collect::<Vec<_>>()), 0u32..27)
            .prop_map(|(c, n)| format!("{c}{n}")),
        1 => prop::sample::select(vec![
            "pass", "PASS", "resign", "I5", "A0", "Z99", "a1", "T20", "A-1", "AA1", "", "é5",
            "A99999999999999999999",
        ])
        .prop_map(str::to_string),
    ]
}

/// An SGF text: a real game cut or spliced at random, or one of the odd property values.
fn sgf() -> impl Strategy<Value = String> {
    const GAME: &str = "(;GM[1]FF[4]SZ[9]KM[7.5]RU[Chinese]PB[Tengen]PW[GNU Go];B[df];W[ee];B[ef];W[fe];B[ff];W[ge];B[cd];W[dc];B[dd];W[ed])";
    const ODD: [&str; 14] = [
        "SZ[0]",
        "SZ[1]",
        "SZ[52]",
        "SZ[19:19]",
        "SZ[99999]",
        "HA[9]",
        "AB[aa][aa]",
        "AB[zz]",
        "B[tt]",
        "KM[nan]",
        "KM[1e999]",
        "AB[aa:ii]",
        ";B[ee];B[ee]",
        "(;",
    ];
    prop_oneof![
        Just(GAME.to_string()),
        (0..GAME.len()).prop_map(|n| GAME[..n].to_string()),
        (0..GAME.len(), prop::sample::select(ODD.to_vec())).prop_map(|(n, odd)| format!(
            "{}{odd}{}",
            &GAME[..n],
            &GAME[n..]
        )),
    ]
}

/// The start of the names of this test run's `loadsgf` files in the temp dir.
fn file_prefix() -> String {
    format!("tengen-gtp-random-{}-", std::process::id())
}

/// A file for `loadsgf` holding `text`, unique to this test run.
fn sgf_file(text: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let path = std::env::temp_dir().join(format!("{}{n}.sgf", file_prefix()));
    std::fs::write(&path, text).expect("temp dir is writable");
    path
}

/// Removes this test run's `loadsgf` files.
fn remove_sgf_files() {
    let Ok(entries) = std::fs::read_dir(std::env::temp_dir()) else {
        return;
    };
    for entry in entries.flatten() {
        if entry
            .file_name()
            .to_string_lossy()
            .starts_with(&file_prefix())
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// One line: a command with arguments of the right kind or not, an id, or noise.
fn line() -> impl Strategy<Value = String> {
    let command = prop_oneof![
        1 => prop::sample::select(vec![
            "protocol_version", "name", "version", "list_commands", "clear_board", "undo",
            "showboard", "final_score", "printsgf", "bogus", "PLAY",
        ])
        .prop_map(str::to_string),
        1 => prop::sample::select(vec!["boardsize", "komi", "fixed_handicap", "place_free_handicap"])
            .prop_flat_map(|name| {
                prop_oneof![
                    number(),
                    prop::sample::select(vec!["9", "19", "13", "2", "5"]).prop_map(str::to_string)
                ]
                .prop_map(move |n| format!("{name} {n}"))
            }),
        3 => (color(), vertex()).prop_map(|(c, v)| format!("play {c} {v}")),
        1 => (color(), vertex()).prop_map(|(c, v)| format!("is_legal {c} {v}")),
        2 => (
            prop::sample::select(vec!["genmove", "reg_genmove", "kgs-genmove_cleanup"]),
            color()
        )
            .prop_map(|(g, c)| format!("{g} {c}")),
        1 => (prop::sample::select(vec!["list_stones", "captures"]), color())
            .prop_map(|(g, c)| format!("{g} {c}")),
        1 => prop::sample::select(vec!["dead", "alive", "seki", "x", ""])
            .prop_map(|s| format!("final_status_list {s}")),
        1 => (sgf(), prop::option::of(number())).prop_map(|(text, n)| {
            let path = sgf_file(&text);
            format!("loadsgf {} {}", path.display(), n.unwrap_or_default())
        }),
        1 => Just("loadsgf /nonexistent/tengen.sgf".to_string()),
        1 => (number(), number(), number()).prop_map(|(a, b, c)| format!("time_settings {a} {b} {c}")),
        1 => (color(), number(), number()).prop_map(|(c, a, b)| format!("time_left {c} {a} {b}")),
        1 => (
            prop::sample::select(vec!["none", "absolute", "byoyomi", "canadian", "x"]),
            prop::collection::vec(number(), 0..4)
        )
            .prop_map(|(s, args)| format!("kgs-time_settings {s} {}", args.join(" "))),
        1 => prop::collection::vec(vertex(), 0..8)
            .prop_map(|v| format!("set_free_handicap {}", v.join(" "))),
    ];
    prop_oneof![
        12 => command,
        1 => (0u64..5_000_000_000, simple_command()).prop_map(|(id, c)| format!("{id} {c}")),
        1 => prop::sample::select(vec![
            "", "   ", "# a comment", "\u{1}\u{2}", "=", "?", "play\tb\tc3", "name # trailing",
            "-3 name", "12",
        ])
        .prop_map(str::to_string),
    ]
}

/// Commands that need no file, for lines with an id in front.
fn simple_command() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "name",
        "play b C3",
        "genmove w",
        "boardsize 7",
        "undo",
        "komi x",
    ])
    .prop_map(str::to_string)
}

/// What a failed command must leave as it was: the record and the board as `showboard` prints it.
fn state(session: &mut Session) -> (String, String) {
    let record = format!("{:?}", session.record());
    let board = respond(session, "showboard").expect("showboard answers").0;
    (record, board)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn every_line_gets_one_answer_and_a_refused_command_changes_nothing(
        lines in prop::collection::vec(line(), 1..40)
    ) {
        let mut session = Session::new(options());
        for line in &lines {
            let before = state(&mut session);
            let Some((answer, _quit)) = respond(&mut session, line) else {
                let blank = line.split('#').next().unwrap_or("").trim_matches(|c: char| c.is_whitespace() || c.is_control());
                prop_assert!(blank.is_empty(), "no answer to {line:?}");
                continue;
            };
            prop_assert!(answer.starts_with('=') || answer.starts_with('?'), "{line:?} -> {answer:?}");
            prop_assert!(answer.ends_with("\n\n"), "{line:?} -> {answer:?}");
            prop_assert_eq!(answer.matches("\n\n").count(), 1, "{:?} -> {:?}", line, answer);
            if answer.starts_with('?') {
                prop_assert_eq!(state(&mut session), before, "{:?} was refused ({:?}) but changed the game", line, answer);
            }
        }
        remove_sgf_files();
    }
}
