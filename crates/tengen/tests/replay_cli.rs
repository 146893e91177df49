//! `tengen replay` as a subprocess: JSON and SGF records, stdin and files, illegal actions.

mod common;

use common::tengen;
use std::process::Output;

fn view(output: &Output) -> serde_json::Value {
    assert!(
        output.status.success(),
        "stderr: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    serde_json::from_slice(&output.stdout).expect("the view is JSON")
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn a_json_record_on_stdin_prints_the_view() {
    let out = tengen(
        &["replay"],
        r#"{"rules": "chinese", "actions": [{"place": "E5"}, {"place": "C3"}, {"pass": {}}]}"#,
    );
    let v = view(&out);
    assert_eq!(v["size"], 9);
    assert_eq!(v["to_move"], "white");
    assert_eq!(v["phase"], "playing");
    assert_eq!(v["move_number"], 3);
    assert_eq!(v["board"][4], "....X....");
    assert_eq!(v["board"][6], "..O......");
    assert_eq!(v["last_move"]["pass"], true);
}

#[test]
fn an_sgf_record_is_recognised_by_its_leading_parenthesis() {
    let v = view(&tengen(
        &["replay"],
        "(;GM[1]SZ[9]KM[6.5];B[ee];W[cc];B[];W[])",
    ));
    assert_eq!(v["phase"], "review");
    assert_eq!(v["rules"]["komi"], 6.5);
    assert!(v["score"].is_object(), "review shows the provisional count");
}

#[test]
fn an_sgf_file_is_recognised_by_its_extension() {
    let path = temp_file(
        "capture.sgf",
        "\n\n  (;SZ[9];B[ai];W[ah];B[bh];W[bi];B[ch];W[ci];B[bg])",
    );
    let v = view(&tengen(&["replay", path.to_str().unwrap()], ""));
    assert_eq!(v["captures"]["black"], 0);
    assert_eq!(v["captures"]["white"], 1);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_finished_game_shows_the_result() {
    let v = view(&tengen(&["replay"], "(;SZ[9]RE[W+R];B[ee])"));
    assert_eq!(v["phase"], "finished");
    assert_eq!(v["result"], "W+R");
}

#[test]
fn an_illegal_json_action_names_its_index_and_exits_non_zero() {
    let out = tengen(
        &["replay", "-"],
        r#"{"rules": "chinese", "actions": [{"place": "E5"}, {"place": "D5"}, {"place": "E5"}]}"#,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim(), "error: action 2 is illegal: E5 is occupied");
}

#[test]
fn an_illegal_sgf_move_names_its_number_line_and_reason() {
    let out = tengen(&["replay"], "(;SZ[9]\n;B[ee]\n;W[ee])");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        err.trim(),
        "error: line 3, column 2: move 2 (White E5) is illegal: E5 is occupied"
    );
}

#[test]
fn malformed_input_is_an_error_not_a_panic() {
    for input in [
        "",
        "{",
        "not a record",
        "(;SZ[9];B[ee",
        "\u{0}\u{1}",
        "{\"rules\": 5}",
    ] {
        let out = tengen(&["replay"], input);
        assert_eq!(out.status.code(), Some(1), "{input:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with("error: "), "{input:?}: {err}");
        assert!(!err.contains("panicked"), "{input:?}: {err}");
    }
}

#[test]
fn a_missing_file_is_reported() {
    let out = tengen(&["replay", "/nonexistent/game.sgf"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot read /nonexistent/game.sgf"));
}

#[test]
fn a_timego_json_record_is_evaluated_too() {
    let out = tengen(
        &["replay"],
        r#"{"rules": "timego", "actions": [{"place": "E5"}, {"place": "C3"}]}"#,
    );
    let v = view(&out);
    assert_eq!(v["variant"], "timego");
    assert_eq!(v["board"][4], "....X....");
    let out = tengen(
        &["replay"],
        r#"{"rules": "timego", "actions": [{"place": "E5"}, {"place": "E5"}]}"#,
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("action 1 is illegal"));
}
