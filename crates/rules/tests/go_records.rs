//! JSON records: reading, replaying, errors with the action's index, and the game view.

mod common;
use common::*;
use tengen_rules::{Action, Color, Point, Record, ReplayError, Rules};

#[test]
fn record_replays_to_the_view() {
    let record = Record::from_json(
        r#"{"rules": {"size": 9, "komi": 6.5}, "actions": [{"place": "E5"}, {"pass": {}}]}"#,
    )
    .unwrap();
    let view = record.evaluate().unwrap();
    assert_eq!(view.board[4], "....X....");
    assert_eq!(view.to_move, Color::Black);
    assert_eq!(view.consecutive_passes, 1);
    let json = serde_json::to_value(&view).unwrap();
    assert_eq!(json["phase"], "playing");
    assert_eq!(
        json["last_move"],
        serde_json::json!({"color": "white", "pass": true})
    );
    assert_eq!(json["rules"]["komi"], 6.5);
    assert_eq!(json["rules"]["ko"], "superko");
}

#[test]
fn presets_are_accepted_for_rules() {
    let record = Record::from_json(r#"{"rules": "japanese", "actions": []}"#).unwrap();
    assert_eq!(record.rules, Rules::japanese(9));
    assert!(Record::from_json(r#"{"rules": "klingon", "actions": []}"#).is_err());
}

#[test]
fn illegal_action_is_reported_with_its_index() {
    let record =
        Record::from_json(r#"{"rules": "chinese", "actions": [{"place": "E5"}, {"place": "E5"}]}"#)
            .unwrap();
    let err = record.evaluate().unwrap_err();
    assert_eq!(err.index(), Some(1));
    assert_eq!(err.to_string(), "action 1 is illegal: E5 is occupied");
}

#[test]
fn malformed_records_are_errors_not_panics() {
    for bad in [
        "",
        "{",
        "[]",
        r#"{"rules": {"size": 9}}"#,
        r#"{"rules": {"size": 9}, "actions": [{"place": "I5"}]}"#,
        r#"{"rules": {"size": 9}, "actions": [{"plays": "E5"}]}"#,
        r#"{"rules": {"size": 9, "komi": 7.3}, "actions": []}"#,
        r#"{"rules": {"size": 9, "ko": "japanese"}, "actions": []}"#,
        r#"{"rules": {"size": 300}, "actions": []}"#,
    ] {
        assert!(
            matches!(Record::from_json(bad), Err(ReplayError::Malformed(_))),
            "{bad}"
        );
    }
    let off =
        Record::from_json(r#"{"rules": {"size": 9}, "actions": [{"place": "T19"}]}"#).unwrap();
    assert_eq!(off.evaluate().unwrap_err().index(), Some(0));
}

/// The message of a record that does not read.
fn malformed(json: &str) -> String {
    match Record::from_json(json) {
        Err(ReplayError::Malformed(m)) => m,
        other => panic!("{json}: {other:?}"),
    }
}

#[test]
fn bad_rule_values_are_named_in_the_players_words() {
    for size in ["26", "256", "1", "0", "-3", "9.5"] {
        let m = malformed(&format!(
            r#"{{"rules": {{"size": {size}}}, "actions": []}}"#
        ));
        assert!(m.starts_with("board size must be 2 to 25"), "{size}: {m}");
    }
    let m = malformed(r#"{"rules": {"size": "big"}, "actions": []}"#);
    assert!(m.starts_with("board size must be a number"), "{m}");
    let m = malformed(r#"{"rules": {"komi": 7.25}, "actions": []}"#);
    assert!(m.starts_with("komi must be a multiple of 0.5"), "{m}");
    let m = malformed(r#"{"rules": {"komi": 5000}, "actions": []}"#);
    assert!(m.starts_with("komi must be between -1000 and 1000"), "{m}");
    let m = malformed(r#"{"rules": "korean", "actions": []}"#);
    assert!(m.starts_with("unknown rules preset 'korean'"), "{m}");
    let m = malformed(r#"{"rules": 9, "actions": []}"#);
    assert!(m.contains("a rules object or a preset name"), "{m}");
}

#[test]
fn a_point_off_the_board_is_an_illegal_action_naming_the_board() {
    for (vertex, index) in [("Z99", 0), ("T20", 0), ("J10", 0)] {
        let record = Record::from_json(&format!(
            r#"{{"rules": {{"size": 9}}, "actions": [{{"place": "{vertex}"}}]}}"#
        ))
        .unwrap_or_else(|e| panic!("{vertex} is a well-formed point: {e}"));
        let err = record.evaluate().unwrap_err();
        assert_eq!(err.index(), Some(index));
        assert_eq!(
            err.to_string(),
            format!("action 0 is illegal: {vertex} is off the 9 × 9 board")
        );
    }
    let setup =
        Record::from_json(r#"{"rules": {"size": 9}, "setup": {"black": ["K10"]}, "actions": []}"#)
            .unwrap();
    assert_eq!(
        setup.evaluate().unwrap_err(),
        ReplayError::SetupOffBoard(Point::new(9, 9), 9)
    );
}

#[test]
fn apply_appends_legal_actions_and_leaves_the_record_unchanged_otherwise() {
    let mut record = Record::new(Rules::chinese(9));
    record.apply(Action::Place(pt("E5"))).unwrap();
    let before = record.clone();
    assert!(record.apply(Action::Place(pt("E5"))).is_err());
    assert_eq!(record, before);
    assert!(record.apply(Action::Confirm(Color::Black)).is_err());
    assert_eq!(record, before);
}

#[test]
fn records_round_trip_through_json() {
    let mut record = Record::new(Rules::japanese(13));
    for m in ["D4", "K10", "C3"] {
        record.apply(Action::Place(pt(m))).unwrap();
    }
    record.apply(Action::Resign(Color::White)).unwrap();
    let again = Record::from_json(&record.to_json()).unwrap();
    assert_eq!(again, record);
    assert_eq!(again.evaluate().unwrap().result.unwrap().to_string(), "B+R");
}

#[test]
fn setup_stones_and_first_player_are_honoured() {
    let record = Record::from_json(
        r#"{"rules": "chinese", "setup": {"black": ["C3", "G7"], "to_move": "white"},
            "actions": [{"place": "E5"}]}"#,
    )
    .unwrap();
    let view = record.evaluate().unwrap();
    assert_eq!(view.board[2], "......X..");
    assert_eq!(view.board[4], "....O....");
    assert_eq!(view.to_move, Color::Black);
}
