//! The TimeGo GTP session: extension commands, `genmove` answering with them, undo, and two
//! sessions matched through the answers (as two programs would be).

use tengen_engine::EngineConfig;
use tengen_gtp::timego::{TimeGoOptions, TimeSession, TIMEGO_COMMANDS};
use tengen_gtp::GtpOptions;
use tengen_rules::{Phase, Rules};

fn session(seed: u64, placements_only: bool) -> TimeSession {
    TimeSession::new(TimeGoOptions {
        gtp: GtpOptions {
            rules: Rules::timego(9),
            engine: EngineConfig {
                playouts: Some(60),
                ..EngineConfig::default()
            },
            seed,
            log_search: false,
            ponder: false,
        },
        placements_only,
    })
}

/// Sends one line and returns the response without the trailing blank line.
fn send(s: &mut TimeSession, line: &str) -> String {
    let (response, _) = s.respond(line).expect("a command line");
    response.trim_end_matches('\n').to_string()
}

fn ok(s: &mut TimeSession, line: &str) -> String {
    let r = send(s, line);
    assert!(r.starts_with('='), "{line}: {r}");
    r[1..].trim().to_string()
}

#[test]
fn list_commands_names_the_extensions() {
    let mut s = session(1, false);
    let list = ok(&mut s, "list_commands");
    for c in [
        "timego-time",
        "timego-lock",
        "timego-order",
        "genmove",
        "undo",
    ] {
        assert!(list.lines().any(|l| l == c), "{c} missing");
    }
    assert_eq!(list.lines().count(), TIMEGO_COMMANDS.len());
    assert_eq!(ok(&mut s, "known_command timego-lock"), "true");
    assert_eq!(ok(&mut s, "known_command printsgf"), "false");
}

#[test]
fn time_moves_and_locks_change_the_order() {
    let mut s = session(1, false);
    for line in ["play b D4", "play w F6", "play b E5", "play w C3"] {
        ok(&mut s, line);
    }
    assert_eq!(ok(&mut s, "timego-order"), "| B:D4 W:F6 B:E5 W:C3");
    // Black moves E5 (index 2) to index 1: before White's F6.
    assert_eq!(send(&mut s, "7 timego-time b E5 1"), "=7 ");
    assert_eq!(ok(&mut s, "timego-order"), "| B:D4 B:E5 W:F6 W:C3");
    ok(&mut s, "timego-lock w");
    assert_eq!(ok(&mut s, "timego-order"), "B:D4 B:E5 W:F6 W:C3 |");
    let r = send(&mut s, "timego-time b E5 0");
    assert_eq!(r, "? illegal move: that stone's placement is locked");
    let r = send(&mut s, "timego-time w D4 0");
    assert!(r.starts_with("? illegal move:"), "{r}");
    assert_eq!(
        send(&mut s, "timego-time b E5"),
        "? syntax error: timego-time needs an index"
    );
    assert!(send(&mut s, "timego-lock").starts_with("? syntax error"));
    ok(&mut s, "undo");
    assert_eq!(ok(&mut s, "timego-order"), "| B:D4 B:E5 W:F6 W:C3");
    assert!(ok(&mut s, "showboard").contains("order: | B:D4 B:E5 W:F6 W:C3"));
}

#[test]
fn a_move_for_the_color_not_to_move_passes_first() {
    let mut s = session(1, false);
    ok(&mut s, "play w E5");
    assert_eq!(s.actions().len(), 2, "a black pass, then White's stone");
    ok(&mut s, "undo");
    assert!(s.actions().is_empty());
}

#[test]
fn sgf_and_dead_stones_are_refused_or_empty() {
    let mut s = session(1, false);
    assert!(send(&mut s, "printsgf").starts_with("? TimeGo records cannot"));
    assert!(send(&mut s, "loadsgf x.sgf").starts_with("? TimeGo records cannot"));
    ok(&mut s, "play b E5");
    assert_eq!(ok(&mut s, "final_status_list dead"), "");
    assert_eq!(ok(&mut s, "final_status_list alive"), "E5");
    assert_eq!(ok(&mut s, "final_score"), "B+73.5");
}

/// Relays `genmove` answers from one session to the other, as a match controller does.
fn relay(to: &mut TimeSession, color: &str, answer: &str) {
    let words: Vec<&str> = answer.split_whitespace().collect();
    let line = match words.as_slice() {
        ["timego-time", stone, index] => format!("timego-time {color} {stone} {index}"),
        ["timego-lock"] => format!("timego-lock {color}"),
        [vertex] => format!("play {color} {vertex}"),
        _ => panic!("unexpected genmove answer {answer}"),
    };
    ok(to, &line);
}

#[test]
fn two_sessions_play_a_game_through_genmove_answers() {
    let mut black = session(3, false);
    let mut white = session(4, true);
    for s in [&mut black, &mut white] {
        ok(s, "boardsize 5");
        ok(s, "komi 0.5");
    }
    let mut turns = 0;
    while black.game().phase() == Phase::Playing && turns < 120 {
        let (color, me, other) = if turns % 2 == 0 {
            ("b", &mut black, &mut white)
        } else {
            ("w", &mut white, &mut black)
        };
        let answer = ok(me, &format!("genmove {color}"));
        if answer == "resign" {
            break;
        }
        relay(other, color, &answer);
        assert_eq!(ok(me, "timego-order"), ok(other, "timego-order"));
        turns += 1;
    }
    assert!(turns > 4);
    assert_eq!(ok(&mut black, "final_score"), ok(&mut white, "final_score"));
}
