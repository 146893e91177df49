//! Pondering in a GTP session (`GtpOptions::ponder`): the engine searches the opponent's
//! turn between commands, and every command stops it first and is answered as without it.

use std::time::Duration;
use tengen_engine::EngineConfig;
use tengen_gtp::{parse_line, run, GtpOptions, Session};

/// Options with a small fixed budget, one thread, pondering as asked.
fn options(playouts: u32, seed: u64, ponder: bool) -> GtpOptions {
    GtpOptions {
        engine: EngineConfig {
            playouts: Some(playouts),
            threads: 1,
            ..EngineConfig::default()
        },
        seed,
        ponder,
        ..GtpOptions::default()
    }
}

/// A session on 9×9 with a small fixed budget, one thread, pondering as asked.
fn session(ponder: bool) -> Session {
    let mut session = Session::new(options(200, 9, ponder));
    exec(&mut session, "boardsize 9").unwrap();
    session
}

fn exec(session: &mut Session, line: &str) -> Result<String, String> {
    let request = parse_line(line).expect("a command");
    session.execute(&request.command.expect("a known command"))
}

/// Black's move, then pondering for `millis` milliseconds, as the loop does.
fn black_moves_and_ponders(session: &mut Session, millis: u64) -> String {
    let mv = exec(session, "genmove b").unwrap();
    session.start_pondering();
    std::thread::sleep(Duration::from_millis(millis));
    mv
}

#[test]
fn the_next_command_stops_pondering_and_reports_it() {
    let mut s = session(true);
    black_moves_and_ponders(&mut s, 200);
    assert_eq!(exec(&mut s, "play w A1"), Ok(String::new()));
    let pondered = s.take_pondered().expect("pondering ran");
    assert!(pondered.playouts > 0, "{pondered:?}");
    assert_eq!(s.take_pondered(), None, "reported once");
    exec(&mut s, "genmove b").unwrap();
    assert!(s.last_search().unwrap().reused_tree);
}

#[test]
fn undo_while_pondering_takes_back_the_engines_move() {
    let mut s = session(true);
    let mv = black_moves_and_ponders(&mut s, 100);
    assert_eq!(exec(&mut s, "undo"), Ok(String::new()));
    assert!(s.take_pondered().is_some());
    assert_eq!(s.game().board().stones().count(), 0, "{mv} taken back");
    let again = exec(&mut s, "genmove b").unwrap();
    assert!(again.len() >= 2, "{again}");
    let info = s.last_search().unwrap();
    assert!(
        !info.reused_tree,
        "the empty board is not after Black's move: {info:?}"
    );
}

#[test]
fn an_illegal_reply_while_pondering_changes_nothing() {
    let mut s = session(true);
    let mv = black_moves_and_ponders(&mut s, 100);
    let occupied = format!("play w {mv}");
    assert_eq!(exec(&mut s, &occupied), Err("illegal move".to_string()));
    assert_eq!(s.game().board().stones().count(), 1);
    // The position is still the one after Black's move: pondering may go on from it.
    s.start_pondering();
    assert_eq!(exec(&mut s, "play w A1"), Ok(String::new()));
    assert_eq!(s.game().board().stones().count(), 2);
}

#[test]
fn without_the_option_nothing_is_pondered() {
    let mut s = session(false);
    black_moves_and_ponders(&mut s, 50);
    exec(&mut s, "play w A1").unwrap();
    assert_eq!(s.take_pondered(), None);
}

#[test]
fn a_conversation_through_the_loop_is_answered_in_full_while_pondering() {
    let script = "boardsize 9\nclear_board\ngenmove b\nplay w A1\ngenmove b\nshowboard\nundo\nundo\nundo\nquit\n";
    let answer = |ponder: bool| {
        let mut out = Vec::new();
        run(script.as_bytes(), &mut out, options(100, 4, ponder)).unwrap();
        String::from_utf8(out).unwrap()
    };
    let with = answer(true);
    assert_eq!(with.matches("\n\n").count(), 10, "{with}");
    assert!(!with.contains('?'), "{with}");
    assert_eq!(answer(false).matches("\n\n").count(), 10);
}
