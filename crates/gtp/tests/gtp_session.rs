//! GTP conversations through `run`: response framing, every command, errors, undo, SGF.

use tengen_engine::EngineConfig;
use tengen_gtp::{run, GtpOptions};
use tengen_rules::{KoRule, Rules, Scoring};

/// Runs `script` through a fresh engine and returns the responses, without the blank lines.
fn converse_with(options: GtpOptions, script: &str) -> Vec<String> {
    let mut out = Vec::new();
    run(script.as_bytes(), &mut out, options).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.is_empty() || text.ends_with("\n\n"), "{text:?}");
    text.split("\n\n")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect()
}

fn converse(script: &str) -> Vec<String> {
    converse_with(fast(), script)
}

/// Options with a small engine budget so that `genmove` stays quick in tests.
fn fast() -> GtpOptions {
    GtpOptions {
        engine: EngineConfig {
            level: 1,
            playouts: Some(64),
            ..EngineConfig::default()
        },
        ..GtpOptions::default()
    }
}

#[test]
fn responses_echo_ids_and_end_with_a_blank_line() {
    let mut out = Vec::new();
    run(
        "1 protocol_version\nname\n7 version\n".as_bytes(),
        &mut out,
        fast(),
    )
    .unwrap();
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text,
        format!("=1 2\n\n= Tengen\n\n=7 {}\n\n", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn blank_lines_and_comments_get_no_response() {
    assert_eq!(
        converse("\n# comment\n   \nname # trailing\n"),
        ["= Tengen"]
    );
}

#[test]
fn errors_start_with_a_question_mark_and_keep_the_id() {
    let r = converse("5 frobnicate\nplay black\n9 play black Z99\n");
    assert_eq!(r[0], "?5 unknown command");
    assert!(r[1].starts_with("? syntax error"), "{}", r[1]);
    assert_eq!(r[2], "?9 illegal move");
}

#[test]
fn quit_answers_and_stops_reading() {
    assert_eq!(converse("quit\nname\n"), ["= "]);
}

#[test]
fn known_command_and_list_commands_agree() {
    let r =
        converse("known_command play\nknown_command genmove\nknown_command fly\nlist_commands\n");
    assert_eq!(&r[..3], ["= true", "= true", "= false"]);
    let listed: Vec<&str> = r[3].trim_start_matches("= ").lines().collect();
    assert_eq!(listed, tengen_gtp::COMMANDS);
}

#[test]
fn boardsize_rejects_unusable_sizes() {
    let r = converse("boardsize 1\nboardsize 26\nboardsize 13\nplay b N13\nplay b O13\n");
    assert_eq!(r[0], "? unacceptable size");
    assert_eq!(r[1], "? unacceptable size");
    assert_eq!(r[2], "= ");
    assert_eq!(r[3], "= ");
    assert_eq!(r[4], "? illegal move");
}

#[test]
fn play_list_stones_and_captures_follow_a_capture() {
    let r = converse(
        "boardsize 9\nplay b A2\nplay w A1\nplay b B1\nlist_stones black\nlist_stones white\ncaptures black\ncaptures white\n",
    );
    assert_eq!(&r[..3], ["= ", "= ", "= "]);
    assert_eq!(r[3], "= ");
    assert_eq!(r[4], "= B1 A2");
    assert_eq!(r[5], "= ");
    assert_eq!(r[6], "= 1");
    assert_eq!(r[7], "= 0");
}

/// Runs `script` and returns the responses and the log (standard error) lines.
fn converse_logged(script: &str) -> (Vec<String>, Vec<String>) {
    let (mut out, mut log) = (Vec::new(), Vec::new());
    tengen_gtp::run_with_log(script.as_bytes(), &mut out, &mut log, fast()).unwrap();
    let text = String::from_utf8(out).unwrap();
    let responses = text
        .split("\n\n")
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    let log = String::from_utf8(log)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect();
    (responses, log)
}

#[test]
fn illegal_moves_answer_exactly_illegal_move_and_log_the_reason() {
    let (r, log) = converse_logged(
        "boardsize 9\nplay b E5\nplay w E5\nplay b B1\nplay w C1\nplay b A2\nplay w A1\n",
    );
    assert_eq!(r[2], "? illegal move");
    assert_eq!(r[6], "? illegal move");
    assert_eq!(log.len(), 2, "{log:?}");
    assert_eq!(log[0], "illegal move: E5 is occupied");
    assert!(log[1].starts_with("illegal move: A1 is suicide"), "{log:?}");
}

#[test]
fn a_vertex_off_a_small_board_is_an_illegal_move() {
    let (r, log) = converse_logged(
        "boardsize 9\nplay b Z1\nis_legal b Z1\nplay b J9\nplay w Z99\nplay w Z100\n",
    );
    assert_eq!(r[1], "? illegal move");
    assert_eq!(r[2], "= 0");
    assert_eq!(r[3], "= ");
    assert_eq!(r[4], "? illegal move");
    // Three digits are no vertex at all.
    assert!(r[5].starts_with("? syntax error"), "{}", r[5]);
    assert_eq!(
        log,
        [
            "illegal move: Z1 is off the 9x9 board",
            "illegal move: Z99 is off the 9x9 board"
        ]
    );
}

#[test]
fn play_goes_on_after_two_passes_on_an_empty_board() {
    // GNU Go accepts all of this: GTP has no end of game.
    let r = converse(
        "boardsize 9\nclear_board\nplay B pass\nplay W pass\nis_legal b E5\nplay B E5\n\
         list_stones black\ngenmove w\nplay b pass\nplay w pass\nplay b pass\nplay w D5\n\
         list_stones white\n",
    );
    assert_eq!(&r[..4], ["= ", "= ", "= ", "= "]);
    assert_eq!(r[4], "= 1");
    assert_eq!(r[5], "= ");
    assert_eq!(r[6], "= E5");
    let white = r[7].trim_start_matches("= ").to_string();
    assert!(white != "resign" && !white.starts_with('?'), "{white}");
    assert_eq!(&r[8..12], ["= ", "= ", "= ", "= "]);
    let mut expected = vec!["D5".to_string()];
    if white != "pass" {
        expected.push(white);
    }
    let mut listed: Vec<String> = r[12]
        .trim_start_matches("= ")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    listed.sort();
    expected.sort();
    assert_eq!(listed, expected);
}

#[test]
fn an_out_of_turn_move_after_one_pass_does_not_end_the_game() {
    let r = converse(
        "boardsize 9\nplay b pass\nis_legal b E5\nplay b E5\ngenmove w\nundo\nundo\n\
         list_stones black\nplay b E5\nprintsgf\n",
    );
    assert_eq!(r[2], "= 1");
    assert_eq!(r[3], "= ");
    assert!(!r[4].starts_with('?'), "{}", r[4]);
    assert_eq!(
        &r[5..8],
        ["= ", "= ", "= "],
        "undo takes back the move and its pass"
    );
    assert_eq!(r[8], "= ");
    assert!(r[9].contains(";B[];W[];B[ee]"), "{}", r[9]);
}

#[test]
fn ko_still_holds_after_play_goes_on_past_two_passes() {
    // White takes the ko at D9; both pass; Black may not retake at once under superko (the
    // position would repeat), while play itself goes on.
    let r = converse(
        "boardsize 9\nplay b C9\nplay w E8\nplay b D8\nplay w F9\nplay b E9\nplay w D9\n\
         play b pass\nplay w pass\nis_legal b E9\nplay b E9\nplay b A1\n",
    );
    assert_eq!(r[9], "= 0");
    assert_eq!(r[10], "? illegal move");
    assert_eq!(r[11], "= ");
}

#[test]
fn reg_genmove_answers_a_move_without_playing_it() {
    let r = converse("boardsize 9\nplay b E5\nreg_genmove w\nlist_stones white\n");
    let reply = r[2].trim_start_matches("= ");
    assert!(!r[2].starts_with('?') && !reply.is_empty(), "{}", r[2]);
    assert_eq!(r[3], "= ");
}

#[test]
fn either_color_may_play_at_any_time() {
    // Black twice in a row: Tengen records a White pass in between, as GNU Go would allow.
    let r = converse("boardsize 9\nplay b E5\nplay b D5\nlist_stones black\nprintsgf\n");
    assert_eq!(r[3], "= D5 E5");
    assert!(r[4].contains(";B[ee];W[];B[de]"), "{}", r[4]);
}

#[test]
fn undo_takes_back_a_move_with_its_inserted_pass() {
    let r = converse(
        "boardsize 9\nplay b E5\nplay b D5\nundo\nlist_stones black\nundo\nlist_stones black\nundo\n",
    );
    assert_eq!(r[4], "= E5");
    assert_eq!(r[6], "= ");
    assert_eq!(r[7], "? cannot undo");
}

#[test]
fn is_legal_knows_ko_and_occupied_points() {
    // A ko at the top edge: White takes at D9, so Black may not retake at E9 at once.
    let script = "boardsize 9\nplay b C9\nplay w E8\nplay b D8\nplay w F9\nplay b E9\nplay w D9\n\
                  is_legal b E9\nis_legal w E9\nis_legal b C9\nis_legal b J1\nis_legal b pass\n";
    let r = converse(script);
    assert_eq!(r[6], "= ");
    assert_eq!(r[7], "= 0", "ko retake");
    assert_eq!(r[8], "= 1", "White filling the ko");
    assert_eq!(r[9], "= 0", "occupied");
    assert_eq!(r[10], "= 1");
    assert_eq!(r[11], "= 1");
}

#[test]
fn scoring_option_changes_final_score() {
    let rules = |scoring| Rules {
        scoring,
        ko: KoRule::Simple,
        ..Rules::chinese(9)
    };
    let script = "komi 0.5\nplay b E5\nfinal_score\n";
    let area = converse_with(
        GtpOptions {
            rules: rules(Scoring::Area),
            ..fast()
        },
        script,
    );
    let territory = converse_with(
        GtpOptions {
            rules: rules(Scoring::Territory),
            ..fast()
        },
        script,
    );
    assert_eq!(area[2], "= B+80.5");
    assert_eq!(territory[2], "= B+79.5");
}

#[test]
fn komi_and_final_score_count_the_board_as_it_stands() {
    let r = converse("boardsize 9\nkomi 0.5\nplay b E5\nfinal_score\nkomi 81\nfinal_score\nkomi 80.5\nfinal_score\nkomi 6.25\n");
    assert_eq!(r[3], "= B+80.5");
    assert_eq!(r[5], "= 0");
    assert_eq!(r[7], "= B+0.5");
    assert_eq!(r[8], "= ");
}

#[test]
fn any_real_komi_is_accepted_and_counted_exactly() {
    let r = converse(
        "boardsize 9\nplay b E5\nkomi 6.25\nfinal_score\nkomi -3.1\nfinal_score\nkomi 1e9\n\
         final_score\nkomi 81\nfinal_score\nkomi nan\n",
    );
    assert_eq!(r[2], "= ");
    assert_eq!(r[3], "= B+74.75");
    assert_eq!(r[5], "= B+84.1");
    assert_eq!(r[7], "= W+999999919");
    assert_eq!(r[9], "= 0");
    assert!(r[10].starts_with("? syntax error"), "{}", r[10]);
}

#[test]
fn final_status_lists_partition_the_stones_into_whole_strings() {
    let r = converse_with(
        fast(),
        "boardsize 9\nplay b A1\nplay w E5\nplay b A2\nfinal_status_list alive\nfinal_status_list dead\nfinal_status_list seki\n",
    );
    let mut strings: Vec<String> = r[4..7]
        .iter()
        .flat_map(|s| {
            s.trim_start_matches("= ")
                .lines()
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|l| !l.is_empty())
        .collect();
    strings.sort();
    assert_eq!(strings, ["A1 A2", "E5"]);
}

#[test]
fn two_passes_then_play_resumes_the_game() {
    let r = converse(
        "boardsize 9\nplay b E5\nplay w pass\nplay b pass\nplay w C3\nlist_stones white\n",
    );
    assert_eq!(&r[..5], ["= ", "= ", "= ", "= ", "= "]);
    assert_eq!(r[5], "= C3");
}

#[test]
fn genmove_plays_a_legal_move_for_the_requested_color() {
    let r = converse("boardsize 9\ntime_settings 60 10 5\ntime_left b 30 0\ngenmove b\ngenmove w\nlist_stones black\nlist_stones white\n");
    let black = r[3].trim_start_matches("= ");
    let white = r[4].trim_start_matches("= ");
    assert_eq!(r[5], format!("= {black}"));
    assert_eq!(r[6], format!("= {white}"));
    assert_ne!(black, white);
}

#[test]
fn kgs_genmove_cleanup_plays_a_legal_move_for_the_color() {
    let r = converse("boardsize 5\nkgs-genmove_cleanup b\nlist_stones black\n");
    assert_eq!(r[2], format!("= {}", r[1].trim_start_matches("= ")));
}

#[test]
fn showboard_has_no_blank_line_inside() {
    let r = converse("boardsize 9\nplay b E5\nshowboard\nname\n");
    assert!(r[2].starts_with("= \n    A B C"), "{}", r[2]);
    assert!(r[2].contains(" 5 . . . . X . . . . 5"), "{}", r[2]);
    assert_eq!(r[3], "= Tengen");
}

#[test]
fn printsgf_and_loadsgf_round_trip_through_a_file() {
    let dir = std::env::temp_dir().join(format!("tengen-gtp-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.sgf");
    let path = file.display();
    let r = converse(&format!(
        "boardsize 9\nkomi 5.5\nplay b E5\nplay w C3\nplay b G7\nprintsgf {path}\nclear_board\nloadsgf {path}\nlist_stones black\nloadsgf {path} 3\nlist_stones black\nlist_stones white\nundo\nlist_stones white\nfinal_score\n"
    ));
    assert_eq!(r[5], "= ");
    assert_eq!(r[7], "= ");
    assert_eq!(r[8], "= E5 G7");
    assert_eq!(r[9], "= ");
    assert_eq!(r[10], "= E5");
    assert_eq!(r[11], "= C3");
    assert_eq!(r[13], "= ");
    assert_eq!(r[14], "= B+75.5");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn loadsgf_reports_missing_and_broken_files() {
    let dir = std::env::temp_dir().join(format!("tengen-gtp-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let broken = dir.join("broken.sgf");
    std::fs::write(&broken, "(;SZ[9];B[ee];W[ee])").unwrap();
    let r = converse(&format!(
        "loadsgf {}\nloadsgf {}\n",
        dir.join("missing.sgf").display(),
        broken.display()
    ));
    assert!(r[0].starts_with("? cannot load file"), "{}", r[0]);
    assert!(
        r[1].contains("move 2 (White E5) is illegal: E5 is occupied"),
        "{}",
        r[1]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn printsgf_without_file_prints_the_game() {
    let r = converse("boardsize 9\nplay b E5\nprintsgf\n");
    assert!(r[2].starts_with("= (;FF[4]GM[1]"), "{}", r[2]);
    assert!(r[2].ends_with(";B[ee])"), "{}", r[2]);
}

#[test]
fn non_utf8_input_is_answered_not_crashed() {
    let mut out = Vec::new();
    run(&b"\xff\xfe name\nname\n"[..], &mut out, fast()).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.starts_with("? unknown command"), "{text}");
    assert!(text.ends_with("= Tengen\n\n"), "{text}");
}
