//! `tengen gtp` as a subprocess: options reach the rules and the engine, the loop answers.

mod common;

use std::process::Output;

fn gtp(args: &[&str], script: &str) -> Output {
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    common::tengen(&all, script)
}

fn responses(out: &Output) -> Vec<String> {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .split("\n\n")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

const FAST: &[&str] = &["--level", "1", "--playouts", "32"];

#[test]
fn a_session_answers_until_quit() {
    let r = responses(&gtp(
        FAST,
        "1 protocol_version\n2 name\n3 boardsize 9\n4 play black E5\n5 genmove white\n6 quit\n7 name\n",
    ));
    assert_eq!(r.len(), 6);
    assert_eq!(r[0], "=1 2");
    assert_eq!(r[1], "=2 Tengen");
    assert_eq!(r[3], "=4 ");
    assert!(r[4].starts_with("=5 "), "{}", r[4]);
    assert_eq!(r[5], "=6 ");
}

#[test]
fn scoring_option_reaches_final_score() {
    let script = "boardsize 9\nkomi 0.5\nplay b E5\nfinal_score\n";
    let mut args = FAST.to_vec();
    args.extend(["--scoring", "territory", "--ko", "simple"]);
    assert_eq!(responses(&gtp(&args, script))[3], "= B+79.5");
    assert_eq!(responses(&gtp(FAST, script))[3], "= B+80.5");
}

#[test]
fn ko_option_reaches_the_rules() {
    // printsgf names the rules: Japanese for territory + simple ko.
    let mut args = FAST.to_vec();
    args.extend(["--scoring", "territory", "--ko", "simple"]);
    let r = responses(&gtp(&args, "printsgf\n"));
    assert!(r[0].contains("RU[Japanese]"), "{}", r[0]);
    let r = responses(&gtp(FAST, "printsgf\n"));
    assert!(r[0].contains("RU[Chinese]"), "{}", r[0]);
}

#[test]
fn bad_options_are_refused_with_a_usage_error() {
    for args in [
        &["--ko", "none"][..],
        &["--level", "11"],
        &["--seconds-per-move", "-1"],
        &["--threads", "0"],
        &["--score-weight", "1.5"],
        &["--score-weight", "-0.1"],
        &["--score-weight", "much"],
        &["--race-priors", "maybe"],
        &["--extend-time", "sometimes"],
        &["--pattern-prior", "-5"],
        &["--pattern-prior", "5000"],
        &["--pattern-prior", "lots"],
        &["--criticality", "-1"],
        &["--criticality", "2000"],
        &["--rave-equiv", "0"],
        &["--rave-equiv", "lots"],
        &["--exploration", "-0.1"],
        &["--exploration", "2"],
        &["--amaf-decay", "-0.5"],
        &["--amaf-decay", "1.5"],
        &["--amaf-decay", "some"],
        &["--expand-at", "0"],
        &["--expand-at", "100"],
        &["--expand-at", "often"],
        &["--lost-score-weight", "1.5"],
        &["--lost-score-weight", "-0.5"],
        &["--lost-score-weight", "all"],
        &["--ponder", "sometimes"],
        &["--tactical-priors", "9"],
        &["--tactical-priors", "-1"],
        &["--tactical-priors", "deep"],
        &["--life-priors", "maybe"],
        &["--playout-shapes", "balance"],
        &["--adaptive-playouts", "-0.1"],
        &["--adaptive-playouts", "2"],
        &["--adaptive-playouts", "fast"],
        &["--value-prior", "-1"],
        &["--value-prior", "strong"],
        &["--value-depth", "0"],
        &["--value-depth", "300"],
        &["--value-visits", "-4"],
        &["--value-mix", "1.5"],
        &["--value-mix", "half"],
        &["--wide-depth", "-1"],
        &["--wide-depth", "256"],
        &["--wide-depth", "deep"],
    ] {
        let out = gtp(args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!String::from_utf8_lossy(&out.stderr).contains("panicked"));
    }
}

#[test]
fn good_values_of_the_search_switches_are_accepted() {
    let mut args = FAST.to_vec();
    args.extend([
        "--expand-at",
        "3",
        "--lost-score-weight",
        "0.5",
        "--amaf-decay",
        "0.2",
        "--tactical-priors",
        "2",
        "--life-priors",
        "true",
        "--playout-shapes",
        "balanced",
        "--value-prior",
        "20",
        "--value-depth",
        "3",
        "--value-visits",
        "16",
        "--value-mix",
        "0.5",
        "--wide-depth",
        "2",
    ]);
    let r = responses(&gtp(&args, "boardsize 9\ngenmove black\n"));
    assert_eq!(r[0], "= ");
    assert!(r[1].starts_with("= ") && r[1].len() > 2, "{}", r[1]);
}

#[test]
fn end_of_input_ends_the_session_quietly() {
    let out = gtp(FAST, "boardsize 9\n");
    assert_eq!(responses(&out), ["= "]);
}

#[test]
fn timego_variant_speaks_the_extension_commands() {
    let mut args = FAST.to_vec();
    args.extend(["--variant", "timego", "--seed", "3"]);
    let script = "play b E5\nplay w D4\nplay b C3\ntimego-time w D4 0\ntimego-order\n\
                  timego-lock b\ngenmove w\nfinal_status_list dead\nquit\n";
    let r = responses(&gtp(&args, script));
    assert_eq!(r[3], "= ");
    assert_eq!(r[4], "= | W:D4 B:E5 B:C3");
    assert_eq!(r[5], "= ");
    assert!(r[6].starts_with("= "), "{}", r[6]);
    assert_eq!(r[7], "= ");
}

/// Runs `tengen gtp ARGS`: asks for Black's move on 9×9, waits `pause` as an opponent
/// thinking would, answers White A1, asks again and quits; returns the standard error (the
/// `--log` lines). The process is killed, and the test fails, if it is not done within 30
/// seconds.
fn converse_with_a_pause(args: &[&str], pause: std::time::Duration) -> String {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::time::{Duration, Instant};
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut all = vec!["gtp"];
    all.extend_from_slice(args);
    let mut child = common::spawn_tengen(&all);
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let errors = std::thread::spawn(move || {
        let mut text = String::new();
        stderr.read_to_string(&mut text).unwrap();
        text
    });
    let (lines, received) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if lines.send(line.unwrap()).is_err() {
                return;
            }
        }
    });
    // Each answer ends with a blank line.
    let next_answer = || -> String {
        let mut answer = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = received.recv_timeout(left).expect("an answer in time");
            if line.is_empty() {
                return answer;
            }
            answer.push_str(&line);
        }
    };
    stdin.write_all(b"boardsize 9\ngenmove b\n").unwrap();
    assert_eq!(next_answer(), "= ");
    assert!(next_answer().len() > 2);
    std::thread::sleep(pause);
    stdin.write_all(b"play w A1\ngenmove b\nquit\n").unwrap();
    drop(stdin);
    assert_eq!(next_answer(), "= ");
    assert!(next_answer().len() > 2);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("tengen gtp did not quit");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    assert!(child.wait().unwrap().success());
    errors.join().unwrap()
}

/// A small search that logs each move, one thread, a fixed seed.
const SMALL_LOGGED_SEARCH: &[&str] = &[
    "--log",
    "--threads",
    "1",
    "--playouts",
    "200",
    "--seed",
    "5",
];

/// The playouts a `pondered on the opponent's time: N playouts, …` log line reports.
fn pondered_playouts(log: &str) -> Option<u32> {
    let line = log
        .lines()
        .find(|l| l.starts_with("pondered on the opponent's time: "))?;
    line.split_whitespace().nth(5)?.parse().ok()
}

#[test]
fn pondering_searches_while_the_opponent_thinks_and_the_next_search_reuses_the_tree() {
    let mut args = vec!["--ponder", "true"];
    args.extend_from_slice(SMALL_LOGGED_SEARCH);
    let log = converse_with_a_pause(&args, std::time::Duration::from_millis(400));
    let playouts = pondered_playouts(&log).unwrap_or_else(|| panic!("no ponder line: {log}"));
    assert!(playouts >= 50, "{log}");
    assert!(log.contains("tree reused with "), "{log}");
}

#[test]
fn without_the_switch_the_engine_does_not_ponder() {
    let log = converse_with_a_pause(SMALL_LOGGED_SEARCH, std::time::Duration::from_millis(100));
    assert_eq!(pondered_playouts(&log), None, "{log}");
    assert_eq!(
        log.lines().filter(|l| l.contains(" playouts in ")).count(),
        2,
        "{log}"
    );
}

#[test]
fn timego_sessions_refuse_to_ponder() {
    let out = gtp(&["--variant", "timego", "--ponder", "true"], "");
    assert!(!out.status.success());
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("TimeGo sessions do not ponder"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_logged_search_says_where_the_wide_network_valued_its_nodes() {
    let log = |wide_depth: &str| {
        let args = [
            "--log",
            "--threads",
            "1",
            "--playouts",
            "64",
            "--value-prior",
            "20",
            "--move-prior",
            "50",
            "--wide-depth",
            wide_depth,
        ];
        let out = gtp(&args, "boardsize 9\ngenmove black\nquit\n");
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let told = log("2");
    assert!(told.contains(", wide network above depth 2,"), "{told}");
    let none = log("0");
    assert!(
        none.contains(" playouts in ") && !none.contains("wide network"),
        "{none}"
    );
}
