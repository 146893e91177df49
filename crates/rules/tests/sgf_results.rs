//! SGF as other programs write and read it: results (points, resignation, time, forfeit, void,
//! draw, unknown) kept on import and written back, the count of a finished game as territory
//! marks (`TB`/`TW`, dead stones included), standard rules names, handicap, character sets.

use tengen_rules::sgf::{from_sgf, from_sgf_bytes, to_sgf, SgfErrorKind};
use tengen_rules::{
    Action, Color, GameResult, KoRule, Phase, Point, Record, ReplayError, Rules, Scoring,
};

fn p(v: &str) -> Point {
    Point::parse_gtp(v).unwrap()
}

/// A 9x9 game: Black's wall on column D, White's on column F, a dead White stone at B5 in
/// Black's area and a dead Black stone at H5 in White's; two passes; both dead stones marked
/// and both colors confirm. Area count: 36 each, komi 7.5: White wins by 7.5.
fn finished_with_dead_stones() -> Record {
    let mut r = Record::new(Rules::chinese(9));
    for row in 1..=9 {
        r.actions.push(Action::place(p(&format!("D{row}"))));
        r.actions.push(Action::place(p(&format!("F{row}"))));
    }
    r.actions.push(Action::place(p("H5")));
    r.actions.push(Action::place(p("B5")));
    r.actions.push(Action::pass());
    r.actions.push(Action::pass());
    r.actions.push(Action::SetDead(vec![p("B5"), p("H5")]));
    r.actions.push(Action::Confirm(Color::Black));
    r.actions.push(Action::Confirm(Color::White));
    r
}

/// The values of property `ident` in `sgf` (first occurrence).
fn values(sgf: &str, ident: &str) -> Vec<String> {
    let Some(start) = sgf.find(&format!("{ident}[")) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut rest = &sgf[start + ident.len()..];
    while let Some(body) = rest.strip_prefix('[') {
        let end = body.find(']').expect("closed");
        out.push(body[..end].to_string());
        rest = &body[end + 1..];
    }
    out
}

#[test]
fn a_finished_count_writes_territory_marks_with_the_dead_stones() {
    let record = finished_with_dead_stones();
    let view = record.evaluate().unwrap();
    assert_eq!(view.result.unwrap().to_string(), "W+7.5");
    let sgf = to_sgf(&record);
    assert!(sgf.contains("RE[W+7.5]"), "{sgf}");
    let tb = values(&sgf, "TB");
    let tw = values(&sgf, "TW");
    // Columns A-C (27 points) count for Black, the dead White stone at B5 ("be") among them;
    // G, H, J for White with the dead Black stone at H5 ("he"). Living stones are not marked.
    assert_eq!(tb.len(), 27, "{sgf}");
    assert_eq!(tw.len(), 27, "{sgf}");
    assert!(tb.contains(&"be".to_string()) && tw.contains(&"he".to_string()));
    assert!(
        !tb.iter().any(|v| v.starts_with('d')),
        "living stones are not territory"
    );
    assert!(
        !tb.iter().chain(&tw).any(|v| v.starts_with('e')),
        "column E is neutral"
    );
    // The marks are on the last node, after the second pass.
    assert!(
        sgf.trim_end().ends_with(")") && sgf.contains(";W[]TB["),
        "{sgf}"
    );
}

#[test]
fn territory_marks_read_back_as_the_same_finished_count() {
    let record = finished_with_dead_stones();
    let view = record.evaluate().unwrap();
    let sgf = to_sgf(&record);
    let back = from_sgf(&sgf).unwrap();
    let back_view = back.evaluate().unwrap();
    assert_eq!(back_view.phase, Phase::Finished);
    assert_eq!(back_view.result, view.result);
    assert_eq!(
        back_view.score, view.score,
        "the same dead stones, the same count"
    );
    assert_eq!(
        back_view.score.as_ref().unwrap().dead,
        vec![p("B5"), p("H5")]
    );
    assert_eq!(back.result, None, "the count itself gives the result");
    assert_eq!(to_sgf(&back), sgf, "written again, the file is the same");
}

#[test]
fn marks_that_do_not_give_the_recorded_result_keep_the_recorded_result() {
    let record = finished_with_dead_stones();
    let sgf = to_sgf(&record).replace("RE[W+7.5]", "RE[B+2.5]");
    let back = from_sgf(&sgf).unwrap();
    assert_eq!(back.result, GameResult::parse("B+2.5"));
    assert!(
        !back.actions.iter().any(|a| matches!(a, Action::Confirm(_))),
        "no count is invented"
    );
    let view = back.evaluate().unwrap();
    assert_eq!(view.phase, Phase::Finished);
    assert_eq!(view.result.unwrap().to_string(), "B+2.5");
    assert!(view.score.is_none());
}

#[test]
fn a_points_result_of_a_game_that_ended_in_review_is_kept_and_written_back() {
    let sgf = "(;GM[1]SZ[9]KM[6.5]RE[W+0.5];B[ee];W[cc];B[];W[])";
    let record = from_sgf(sgf).unwrap();
    assert_eq!(record.actions.len(), 4);
    assert_eq!(record.result, GameResult::parse("W+0.5"));
    let view = record.evaluate().unwrap();
    assert_eq!(view.phase, Phase::Finished, "not left in score review");
    assert_eq!(view.result.unwrap().to_string(), "W+0.5");
    let written = to_sgf(&record);
    assert!(written.contains("RE[W+0.5]"), "{written}");
    assert_eq!(from_sgf(&written).unwrap(), record);
}

#[test]
fn every_kind_of_recorded_result_round_trips() {
    // (as a file writes it, as Tengen writes it back)
    for (re, written) in [
        ("B+R", "B+R"),
        ("W+Resign", "W+R"),
        ("W+T", "W+T"),
        ("B+Time", "B+T"),
        ("B+F", "B+F"),
        ("W+Forfeit", "W+F"),
        ("W+", "W+"),
        ("Void", "Void"),
        ("0", "0"),
        ("Draw", "0"),
        ("?", "?"),
        ("B+12.5", "B+12.5"),
    ] {
        let sgf = format!("(;SZ[9]KM[7]RE[{re}];B[ee];W[cc])");
        let record = from_sgf(&sgf).unwrap();
        let view = record.evaluate().unwrap();
        assert_eq!(view.phase, Phase::Finished, "{re}");
        let out = to_sgf(&record);
        assert!(out.contains(&format!("RE[{written}]")), "{re}: {out}");
        assert_eq!(from_sgf(&out).unwrap(), record, "{re}");
    }
}

#[test]
fn a_loss_on_time_becomes_the_timeout_action_as_a_resignation_becomes_resign() {
    let record = from_sgf("(;SZ[9]RE[B+T];B[ee];W[cc])").unwrap();
    assert_eq!(record.actions.last(), Some(&Action::Timeout(Color::White)));
    assert_eq!(record.result, None);
    assert!(to_sgf(&record).contains("RE[B+T]"));
}

#[test]
fn a_recorded_result_survives_the_json_record() {
    let record = from_sgf("(;SZ[9]RE[B+F];B[ee])").unwrap();
    let json = record.to_json();
    assert!(json.contains("\"result\": \"B+F\""), "{json}");
    assert_eq!(Record::from_json(&json).unwrap(), record);
    let bad = json.replace("B+F", "B+much");
    assert!(matches!(
        Record::from_json(&bad),
        Err(ReplayError::Malformed(m)) if m.contains("unknown result")
    ));
}

#[test]
fn a_recorded_result_cannot_follow_actions_that_end_the_game() {
    let mut record = Record::new(Rules::chinese(9));
    record.actions = vec![Action::place(p("E5")), Action::Resign(Color::White)];
    record.result = GameResult::parse("W+T");
    assert!(matches!(
        record.evaluate(),
        Err(ReplayError::Malformed(m)) if m.contains("already end the game")
    ));
    let mut timego = Record::new(Rules::timego(9));
    timego.result = GameResult::parse("B+3.5");
    assert!(matches!(timego.evaluate(), Err(ReplayError::Malformed(_))));
}

#[test]
fn rules_are_written_with_standard_names_and_read_back() {
    for (scoring, ko, name) in [
        (Scoring::Area, KoRule::PositionalSuperko, "Chinese"),
        (Scoring::Territory, KoRule::Simple, "Japanese"),
        (Scoring::Area, KoRule::Simple, "Chinese, simple ko"),
        (
            Scoring::Territory,
            KoRule::PositionalSuperko,
            "Japanese, positional superko",
        ),
    ] {
        let mut record = Record::new(Rules {
            scoring,
            ko,
            ..Rules::chinese(9)
        });
        record.actions = vec![Action::place(p("E5"))];
        let sgf = to_sgf(&record);
        assert_eq!(values(&sgf, "RU"), vec![name.to_string()], "{sgf}");
        let back = from_sgf(&sgf).unwrap();
        assert_eq!((back.rules.scoring, back.rules.ko), (scoring, ko));
    }
}

#[test]
fn handicap_stones_are_written_with_ha() {
    let mut record = Record::new(Rules::chinese(19));
    record.setup.black = vec![p("D4"), p("Q16"), p("Q4")];
    record.setup.to_move = Some(Color::White);
    record.actions = vec![Action::place(p("C16"))];
    let sgf = to_sgf(&record);
    assert!(sgf.contains("HA[3]AB[dp][pd][pp]PL[W]"), "{sgf}");
    assert_eq!(from_sgf(&sgf).unwrap(), record);
    // Setup stones of both colors are a position, not a handicap.
    record.setup.white = vec![p("K10")];
    assert!(!to_sgf(&record).contains("HA["));
}

#[test]
fn the_date_is_written_as_dt_and_read_back() {
    let mut record = Record::new(Rules::chinese(9));
    record.date = Some("2026-05-04".into());
    let sgf = to_sgf(&record);
    assert!(sgf.contains("DT[2026-05-04]"), "{sgf}");
    assert_eq!(from_sgf(&sgf).unwrap().date.as_deref(), Some("2026-05-04"));
}

#[test]
fn the_charset_named_by_ca_is_honoured() {
    let latin1 = b"(;GM[1]CA[ISO-8859-1]SZ[9]PB[M\xFCller]PW[Jos\xE9];B[ee])";
    let record = from_sgf_bytes(latin1).unwrap();
    assert_eq!(record.players.black.as_deref(), Some("Müller"));
    assert_eq!(record.players.white.as_deref(), Some("José"));
    // Written back, the file is UTF-8 and says so.
    let sgf = to_sgf(&record);
    assert!(
        sgf.contains("CA[UTF-8]") && sgf.contains("PB[Müller]"),
        "{sgf}"
    );
    assert_eq!(from_sgf_bytes(sgf.as_bytes()).unwrap(), record);
    let gb = b"(;CA[GB2312]SZ[9]PW[\xB3\xC2\xD7\xD3\xB3\xC0])";
    assert_eq!(
        from_sgf_bytes(gb).unwrap().players.white.as_deref(),
        Some("陈子忱")
    );
    let err = from_sgf_bytes(b"(;CA[UTF-8]PB[M\xFCller])").unwrap_err();
    assert_eq!(err.kind, SgfErrorKind::BadEncoding("UTF-8".into()));
}

#[test]
fn a_count_with_no_territory_is_written_as_an_empty_mark_and_reads_back_as_the_same_count() {
    // Found by fuzzing (sgf_read): on 2x2 every empty point touches both colors, so the count
    // marks nothing; written without any mark the file read back as a bare `RE[0]` and the
    // confirmations were lost.
    let mut record =
        Record::new(Rules::chinese(2).with_komi(tengen_rules::Komi::from_points(0.0).unwrap()));
    for action in [
        Action::place(p("A1")),
        Action::place(p("A2")),
        Action::pass(),
        Action::pass(),
        Action::Confirm(Color::Black),
        Action::Confirm(Color::White),
    ] {
        record.actions.push(action);
    }
    let view = record.evaluate().unwrap();
    assert_eq!(view.phase, Phase::Finished);
    let sgf = to_sgf(&record);
    assert!(sgf.contains("RE[0]") && sgf.contains(";W[]TB[])"), "{sgf}");
    let back = from_sgf(&sgf).unwrap();
    assert_eq!(back, record, "{sgf}");
    assert_eq!(back.evaluate().unwrap().score, view.score);
}

#[test]
fn a_neutral_territory_count_read_from_marks_survives_a_round_trip() {
    // Found by fuzzing (sgf_read): territory scoring, one region touching both colors, an
    // empty `TW[]` on the last node: read as a count (W+5.5 by komi), it must be written so that
    // it reads back as that count.
    let sgf = "(;GM[1]SZ[9]KM[5.5]RU[Japanese];B[bf];W[cc];B[dc];W[];B[]TW[])";
    let record = from_sgf(sgf).unwrap();
    assert!(record.actions.contains(&Action::Confirm(Color::White)));
    assert_eq!(
        record.evaluate().unwrap().result.unwrap().to_string(),
        "W+5.5"
    );
    let written = to_sgf(&record);
    assert_eq!(from_sgf(&written).unwrap(), record, "{written}");
}

#[test]
fn a_mark_on_one_stone_of_a_chain_reads_as_the_whole_chain_dead() {
    // Found by fuzzing (sgf_read): White's chain A18-A19, only A19 marked as Black's
    // territory. The chain dies whole; the record lists both stones, so that writing the
    // count (which marks both) and reading it again gives the same record.
    let sgf = "(;GM[1]SZ[19]KM[0]AW[ab];B[db];W[aa];B[];W[]TB[aa])";
    let record = from_sgf(sgf).unwrap();
    assert!(
        record
            .actions
            .contains(&Action::SetDead(vec![p("A18"), p("A19")])),
        "{:?}",
        record.actions
    );
    let view = record.evaluate().unwrap();
    assert_eq!(view.phase, Phase::Finished);
    let written = to_sgf(&record);
    assert_eq!(from_sgf(&written).unwrap(), record, "{written}");
}
