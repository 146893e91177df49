//! TimeGo records: JSON actions (`time`, `lock`) read and evaluated through `Record::evaluate`.

use tengen_rules::{Color, Phase, Record, ReplayError, Variant};

const RECORD: &str = r#"{
  "rules": {"variant": "timego", "size": 5, "komi": 7.5},
  "actions": [
    {"place": "C1"}, {"place": "B1"}, {"place": "A1"}, {"place": "A2"},
    {"place": "B2"}, {"place": "E1"}, {"place": "E5"}, {"place": "D5"},
    {"time": {"stone": "B2", "to": 3}},
    {"lock": {}},
    {"pass": {}}
  ]
}"#;

#[test]
fn a_timego_record_with_time_and_lock_actions_evaluates_to_its_view() {
    let record = Record::from_json(RECORD).unwrap();
    let view = record.evaluate().unwrap();
    assert_eq!(view.variant, Variant::TimeGo);
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(view.to_move, Color::White);
    assert_eq!(view.move_number, 11);
    assert_eq!(view.consecutive_passes, 1);
    // B2 captured B1 on arrival in the new past; A1 survived.
    assert_eq!(
        view.board,
        vec!["...OX", ".....", ".....", "OX...", "X.X.O"]
    );
    let timego = view.timego.as_ref().unwrap();
    assert_eq!(timego.boundary, 8);
    assert!(!timego.can_lock);
    assert_eq!(timego.order.len(), 8);
    assert_eq!(timego.order[3].point.to_string(), "B2");
    assert!(timego.order.iter().all(|e| e.locked));
    assert!(!timego.order[1].on_board, "White B1 was captured");
    assert_eq!(timego.turns.len(), 11);
    assert!(timego.movable.is_empty(), "everything is locked");
}

#[test]
fn the_timego_view_serialises_order_turns_and_previews() {
    let record = Record::from_json(
        r#"{"rules": "timego", "actions": [{"place": "C3"}, {"pass": {}}, {"place": "D4"},
            {"place": "E1"}, {"time": {"stone": "D4", "to": 0}}]}"#,
    )
    .unwrap();
    let json = serde_json::to_value(record.evaluate().unwrap()).unwrap();
    let timego = &json["timego"];
    assert_eq!(timego["boundary"], 0);
    assert_eq!(
        timego["order"][0],
        serde_json::json!({"index": 0, "color": "black", "point": "D4", "locked": false,
                           "on_board": true})
    );
    assert_eq!(
        timego["turns"][4],
        serde_json::json!({"color": "black", "action": "time", "stone": "D4", "from": 1,
                           "to": 0, "cancelled": []})
    );
    assert_eq!(
        timego["turns"][1],
        serde_json::json!({"color": "white", "action": "pass"})
    );
    // White to move: E1 (index 2) may travel; its targets come from `legal_targets`.
    assert_eq!(timego["movable"], serde_json::json!(["E1"]));
    assert!(
        timego.get("time_moves").is_none(),
        "no previews in the view"
    );
    assert_eq!(
        json["last_move"],
        serde_json::json!({"color": "black", "point": "D4"})
    );
}

#[test]
fn an_illegal_timego_action_is_reported_with_its_index_and_reason() {
    let record = Record::from_json(
        r#"{"rules": {"variant": "timego", "size": 5}, "actions": [
            {"place": "C3"}, {"place": "D4"}, {"lock": {}}, {"place": "E5"},
            {"time": {"stone": "C3", "to": 0}}
        ]}"#,
    )
    .unwrap();
    let err = record.evaluate().unwrap_err();
    assert_eq!(err.index(), Some(4));
    assert_eq!(
        err.to_string(),
        "action 4 is illegal: that stone's placement is locked"
    );
    let record = Record::from_json(r#"{"rules": "timego", "actions": [{"lock": {}}]}"#).unwrap();
    assert_eq!(
        record.evaluate().unwrap_err().to_string(),
        "action 0 is illegal: nothing new to lock"
    );
}

#[test]
fn applying_an_illegal_timego_action_leaves_the_record_unchanged() {
    let mut record =
        Record::from_json(r#"{"rules": "timego", "actions": [{"place": "C3"}]}"#).unwrap();
    let err = record
        .apply(tengen_rules::Action::Time {
            stone: "C3".parse().unwrap(),
            to: 0,
        })
        .unwrap_err();
    assert!(matches!(err, ReplayError::Illegal { index: 1, .. }));
    assert_eq!(record.actions.len(), 1);
}

#[test]
fn timego_records_reject_setup_stones() {
    let record =
        Record::from_json(r#"{"rules": "timego", "setup": {"black": ["C3"]}, "actions": []}"#)
            .unwrap();
    assert!(matches!(record.evaluate(), Err(ReplayError::Malformed(_))));
}

#[test]
fn a_finished_timego_record_shows_the_area_score() {
    let record = Record::from_json(
        r#"{"rules": {"variant": "timego", "size": 5, "komi": 0.5},
            "actions": [{"place": "C3"}, {"pass": {}}, {"pass": {}}]}"#,
    )
    .unwrap();
    let view = record.evaluate().unwrap();
    assert_eq!(view.phase, Phase::Finished);
    assert_eq!(view.result.unwrap().to_string(), "B+24.5");
    assert!(view.illegal.is_empty());
    assert_eq!(view.score.unwrap().black.total, 25.0);
}
