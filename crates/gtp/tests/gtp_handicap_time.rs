//! GTP handicap commands, time control and the seed per game, through `run` and `Session`.

use tengen_engine::EngineConfig;
use tengen_gtp::{parse_line, run, GtpOptions, Session};

fn converse_with(options: GtpOptions, script: &str) -> Vec<String> {
    let mut out = Vec::new();
    run(script.as_bytes(), &mut out, options).unwrap();
    String::from_utf8(out)
        .unwrap()
        .split("\n\n")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn fast(seed: u64) -> GtpOptions {
    GtpOptions {
        engine: EngineConfig {
            playouts: Some(200),
            ..EngineConfig::default()
        },
        seed,
        ..GtpOptions::default()
    }
}

#[test]
fn fixed_handicap_puts_black_stones_on_the_star_points_and_white_moves_first() {
    let r = converse_with(
        fast(1),
        "boardsize 9\nkomi 0.5\nfixed_handicap 2\nlist_stones black\ngenmove w\nlist_stones white\nprintsgf\nfixed_handicap 2\n",
    );
    assert_eq!(r[2], "= C3 G7");
    assert_eq!(r[3], "= C3 G7");
    let white = r[4].trim_start_matches("= ").to_string();
    assert_eq!(r[5], format!("= {white}"));
    assert!(
        r[6].contains("AB[cg][gc]") && r[6].contains("PL[W]") && r[6].contains("KM[0.5]"),
        "{}",
        r[6]
    );
    assert_eq!(r[7], "? board not empty");
}

#[test]
fn place_free_handicap_fills_the_nine_points_and_handicap_needs_an_empty_board() {
    let r = converse_with(
        fast(1),
        "boardsize 19\nplace_free_handicap 9\nclear_board\nfixed_handicap 10\nplay b D4\nfixed_handicap 2\n",
    );
    let mut stones: Vec<&str> = r[1].trim_start_matches("= ").split(' ').collect();
    stones.sort();
    assert_eq!(
        stones,
        ["D10", "D16", "D4", "K10", "K16", "K4", "Q10", "Q16", "Q4"]
    );
    assert!(r[3].starts_with("? invalid handicap"), "{}", r[3]);
    assert_eq!(r[5], "? board not empty");
}

#[test]
fn set_free_handicap_takes_the_controllers_stones() {
    let r = converse_with(
        fast(1),
        "boardsize 9\nset_free_handicap E5 C3 G7\nlist_stones black\nplay w D4\nset_free_handicap A1 A1\nclear_board\nset_free_handicap A1 Z9\nset_free_handicap A1 A1\n",
    );
    assert_eq!(r[1], "= ");
    assert_eq!(r[2], "= C3 E5 G7");
    assert_eq!(r[3], "= ", "White moves first");
    assert_eq!(r[4], "? board not empty");
    assert!(r[6].starts_with("? invalid coordinate"), "{}", r[6]);
    assert!(r[7].starts_with("? invalid handicap"), "{}", r[7]);
}

/// The first three moves of each of `games` games in one session.
fn openings(seed: u64, games: usize) -> Vec<Vec<String>> {
    let script = "clear_board\ngenmove b\ngenmove w\ngenmove b\n".repeat(games);
    let r = converse_with(fast(seed), &format!("boardsize 9\n{script}"));
    r[1..].chunks(4).map(|c| c[1..].to_vec()).collect()
}

#[test]
fn every_game_of_a_session_has_its_own_seed_and_a_seed_replays_the_session() {
    let first = openings(7, 6);
    let distinct: std::collections::BTreeSet<_> = first.iter().collect();
    assert!(distinct.len() >= 2, "all six games began alike: {first:?}");
    assert_eq!(openings(7, 6), first, "the same session seed replays");
}

/// A session of the full engine (level 10) on one thread, as `tengen gtp` plays on a clock.
fn full_engine_session() -> Session {
    Session::new(GtpOptions {
        engine: EngineConfig {
            threads: 1,
            ..EngineConfig::default()
        },
        ..GtpOptions::default()
    })
}

/// Runs one command line on `session`.
fn exec(session: &mut Session, line: &str) -> Result<String, String> {
    let command = parse_line(line).unwrap().command.unwrap();
    session.execute(&command).map_err(|e| e.to_string())
}

#[test]
fn a_clock_makes_the_full_engine_search_by_time_and_the_clock_runs_down() {
    let mut session = full_engine_session();
    exec(&mut session, "boardsize 9").unwrap();
    // Two seconds for the whole game: about 2/27 s for the first move.
    exec(&mut session, "time_settings 2 0 0").unwrap();
    exec(&mut session, "genmove b").unwrap();
    let info = session.last_search().unwrap();
    // Well under the level's own budget, with room for a loaded CI machine.
    assert!(info.seconds < 2.0, "{info:?}");
    assert!(
        info.playouts < 10_000,
        "the level's budget is not used: {info:?}"
    );
}

#[test]
fn japanese_byo_yomi_from_kgs_time_settings_keeps_each_move_within_a_period() {
    let mut session = full_engine_session();
    exec(&mut session, "boardsize 9").unwrap();
    // No main time, periods of two seconds: a move may take most of one period, no more.
    exec(&mut session, "kgs-time_settings byoyomi 0 2 5").unwrap();
    exec(&mut session, "genmove b").unwrap();
    let first = session.last_search().unwrap();
    assert!(first.seconds < 2.0, "{first:?}");
    // KGS reports the period under way: one second of it left, three periods.
    exec(&mut session, "time_left w 1 3").unwrap();
    exec(&mut session, "genmove w").unwrap();
    let second = session.last_search().unwrap();
    assert!(second.seconds < 1.0, "{second:?}");
}

#[test]
fn an_unknown_kgs_time_system_is_a_syntax_error() {
    let r = converse_with(
        fast(1),
        "kgs-time_settings byoyomi 600 30 5\nkgs-time_settings fischer 600 10\nkgs-time_settings byoyomi 600\nknown_command kgs-time_settings\n",
    );
    assert_eq!(r[0], "= ");
    assert!(r[1].starts_with("? syntax error"), "{}", r[1]);
    assert!(r[2].starts_with("? syntax error"), "{}", r[2]);
    assert_eq!(r[3], "= true");
}
