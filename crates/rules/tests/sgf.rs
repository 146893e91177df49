//! SGF reading and writing: game info, setup, passes, comments, variations, results, errors.

use tengen_rules::sgf::{from_sgf, to_sgf, try_to_sgf, SgfErrorKind, SgfWriteError};
use tengen_rules::{Action, ActionError, Color, KoRule, PlayError, Point, Record, Rules, Scoring};

fn p(v: &str) -> Point {
    Point::parse_gtp(v).unwrap()
}

#[test]
fn game_info_is_read_from_the_root() {
    let r = from_sgf(
        "(;FF[4]GM[1]SZ[13]KM[6.5]RU[Japanese]PB[Honinbo Shusaku]PW[Gennan Inseki]DT[1846-09-11])",
    )
    .unwrap();
    assert_eq!(r.rules.size, 13);
    assert_eq!(r.rules.komi.points(), 6.5);
    assert_eq!(r.rules.scoring, Scoring::Territory);
    assert_eq!(r.rules.ko, KoRule::Simple);
    assert_eq!(r.players.black.as_deref(), Some("Honinbo Shusaku"));
    assert_eq!(r.players.white.as_deref(), Some("Gennan Inseki"));
    assert_eq!(r.date.as_deref(), Some("1846-09-11"));
    assert!(r.actions.is_empty());
}

#[test]
fn missing_size_means_19_and_missing_komi_means_zero() {
    let r = from_sgf("(;GM[1])").unwrap();
    assert_eq!(r.rules.size, 19);
    assert_eq!(r.rules.komi.points(), 0.0);
    assert_eq!(r.rules.scoring, Scoring::Area);
    assert_eq!(r.rules.ko, KoRule::PositionalSuperko);
}

#[test]
fn chinese_and_aga_rules_mean_area_scoring_with_superko() {
    for ru in ["Chinese", "AGA", "NZ", "Tromp-Taylor"] {
        let r = from_sgf(&format!("(;SZ[9]RU[{ru}])")).unwrap();
        assert_eq!(
            (r.rules.scoring, r.rules.ko),
            (Scoring::Area, KoRule::PositionalSuperko)
        );
    }
}

#[test]
fn moves_and_both_pass_spellings_are_read() {
    let r = from_sgf("(;SZ[19];B[pd];W[dp];B[];W[tt];B[aa])").unwrap();
    assert_eq!(
        r.actions,
        vec![
            Action::place(p("Q16")),
            Action::place(p("D4")),
            Action::pass(),
            Action::pass(),
            Action::Resume {},
            Action::place(p("A19")),
        ]
    );
}

#[test]
fn tt_is_a_point_on_boards_larger_than_19() {
    let r = from_sgf("(;SZ[21];B[tt])").unwrap();
    assert_eq!(r.actions, vec![Action::place(Point::new(19, 1))]);
}

#[test]
fn setup_stones_and_player_to_move_are_read() {
    let r = from_sgf("(;SZ[9]AB[cc][gg]AW[cg:dh]PL[W];W[ee])").unwrap();
    assert_eq!(r.setup.black, vec![p("C7"), p("G3")]);
    assert_eq!(r.setup.white, vec![p("C3"), p("D3"), p("C2"), p("D2")]);
    assert_eq!(r.setup.to_move, Some(Color::White));
    assert_eq!(r.actions, vec![Action::place(p("E5"))]);
}

#[test]
fn handicap_without_pl_lets_white_move_first() {
    let r = from_sgf("(;SZ[9]HA[2]AB[cc][gg];W[ee];B[dd])").unwrap();
    assert_eq!(r.setup.to_move, Some(Color::White));
    let game = r.replay_go().unwrap();
    assert_eq!(game.board().get(p("E5")), Some(Color::White));
    assert_eq!(game.board().get(p("D6")), Some(Color::Black));
}

#[test]
fn a_move_out_of_turn_is_preceded_by_a_pass() {
    let r = from_sgf("(;SZ[9];B[aa];B[bb])").unwrap();
    assert_eq!(
        r.actions,
        vec![
            Action::place(p("A9")),
            Action::pass(),
            Action::place(p("B8"))
        ]
    );
}

#[test]
fn only_the_main_line_of_variations_is_played() {
    let r = from_sgf("(;SZ[9];B[ee](;W[cc];B[gg](;W[cg])(;W[gc]))(;W[ff]))(;SZ[9];B[aa])").unwrap();
    assert_eq!(
        r.actions,
        vec![
            Action::place(p("E5")),
            Action::place(p("C7")),
            Action::place(p("G3")),
            Action::place(p("C3")),
        ]
    );
}

#[test]
fn comments_are_kept_by_the_number_of_actions_before_them() {
    let r = from_sgf("(;SZ[9]C[Root];B[ee]C[Center \\] bracket];W[cc];B[gg]C[line one\nline two])")
        .unwrap();
    assert_eq!(r.comments.get(&0).map(String::as_str), Some("Root"));
    assert_eq!(
        r.comments.get(&1).map(String::as_str),
        Some("Center ] bracket")
    );
    assert_eq!(
        r.comments.get(&3).map(String::as_str),
        Some("line one\nline two")
    );
    assert_eq!(r.comments.len(), 3);
}

#[test]
fn escapes_and_soft_line_breaks_in_names() {
    let r = from_sgf("(;PB[Go \\\\ Seigen]PW[Kitani\\\n Minoru\\]])").unwrap();
    assert_eq!(r.players.black.as_deref(), Some("Go \\ Seigen"));
    assert_eq!(r.players.white.as_deref(), Some("Kitani Minoru]"));
}

#[test]
fn ff3_lowercase_property_names_are_understood() {
    let r = from_sgf("(;GaMe[1]SiZe[9]KoMi[5.5];Black[ee];White[cc])").unwrap();
    assert_eq!(r.rules.size, 9);
    assert_eq!(r.rules.komi.points(), 5.5);
    assert_eq!(r.actions.len(), 2);
}

#[test]
fn resignation_result_adds_the_resign_action() {
    let r = from_sgf("(;SZ[9]RE[B+R];B[ee];W[cc])").unwrap();
    assert_eq!(r.actions.last(), Some(&Action::Resign(Color::White)));
    let r = from_sgf("(;SZ[9]RE[W+Resign];B[ee])").unwrap();
    assert_eq!(r.actions.last(), Some(&Action::Resign(Color::Black)));
}

#[test]
fn a_counted_result_without_territory_marks_is_kept_as_the_records_result() {
    let r = from_sgf("(;SZ[9]RE[B+3.5];B[ee];W[cc];B[];W[])").unwrap();
    assert_eq!(r.actions.len(), 4);
    assert_eq!(r.result, tengen_rules::GameResult::parse("B+3.5"));
}

#[test]
fn an_illegal_move_names_its_number_and_reason_and_position() {
    let err = from_sgf("(;SZ[9]\n;B[ee];W[ff]\n;B[ee])").unwrap_err();
    assert_eq!((err.line, err.column), (3, 2));
    match &err.kind {
        SgfErrorKind::Illegal {
            number,
            color,
            point,
            error,
        } => {
            assert_eq!(*number, 3);
            assert_eq!(*color, Color::Black);
            assert_eq!(*point, Some(p("E5")));
            assert_eq!(*error, ActionError::Play(PlayError::Occupied(p("E5"))));
        }
        other => panic!("unexpected {other:?}"),
    }
    assert_eq!(
        err.to_string(),
        "line 3, column 2: move 3 (Black E5) is illegal: E5 is occupied"
    );
}

#[test]
fn suicide_and_ko_in_a_file_are_refused() {
    // White at A1 after Black B1 and A2 is suicide.
    let err = from_sgf("(;SZ[9];B[bi];W[ee];B[ah];W[ai])").unwrap_err();
    assert!(matches!(
        err.kind,
        SgfErrorKind::Illegal {
            number: 4,
            error: ActionError::Play(PlayError::Suicide(_)),
            ..
        }
    ));
    // Simple ko: Black takes at the ko, White retakes at once.
    let ko = "(;SZ[9]RU[Japanese];B[ca];W[eb];B[db];W[fa];B[ea];W[da];B[ea])";
    let err = from_sgf(ko).unwrap_err();
    assert!(
        matches!(
            err.kind,
            SgfErrorKind::Illegal {
                number: 7,
                error: ActionError::Play(PlayError::Ko(_)),
                ..
            }
        ),
        "{err}"
    );
}

/// Whether an error kind is the expected one.
type KindCheck = fn(&SgfErrorKind) -> bool;

#[test]
fn malformed_files_give_typed_errors_with_positions() {
    let cases: &[(&str, KindCheck, (usize, usize))] = &[
        ("", |k| matches!(k, SgfErrorKind::NoGame), (1, 1)),
        ("hello", |k| matches!(k, SgfErrorKind::Expected(_)), (1, 1)),
        (
            "(;SZ[9];B[ee]",
            |k| matches!(k, SgfErrorKind::UnexpectedEnd),
            (1, 14),
        ),
        (
            "(;SZ[9]\n;C[open",
            |k| matches!(k, SgfErrorKind::UnterminatedValue),
            (2, 3),
        ),
        (
            "(;SZ[9];B[zz])",
            |k| matches!(k, SgfErrorKind::BadPoint { .. }),
            (1, 10),
        ),
        (
            "(;SZ[30])",
            |k| matches!(k, SgfErrorKind::BadSize(_)),
            (1, 5),
        ),
        (
            "(;SZ[9:13])",
            |k| matches!(k, SgfErrorKind::BadSize(_)),
            (1, 5),
        ),
        (
            "(;KM[six])",
            |k| matches!(k, SgfErrorKind::BadKomi(_)),
            (1, 5),
        ),
        (
            "(;KM[6.25])",
            |k| matches!(k, SgfErrorKind::BadKomi(_)),
            (1, 5),
        ),
        ("(;GM[2])", |k| matches!(k, SgfErrorKind::NotGo(_)), (1, 5)),
        (
            "(;SZ[9];B[aa]W[bb])",
            |k| matches!(k, SgfErrorKind::TwoMoves),
            (1, 14),
        ),
        (
            "(;SZ[9];B[aa][bb])",
            |k| matches!(k, SgfErrorKind::MultipleValues(_)),
            (1, 9),
        ),
        (
            "(;SZ[9]AB[aa][aa])",
            |k| matches!(k, SgfErrorKind::BadSetup(_)),
            (1, 14),
        ),
        (
            "(;SZ[9];B[aa];AB[cc])",
            |k| matches!(k, SgfErrorKind::SetupAfterMoves(_)),
            (1, 15),
        ),
        (
            "(;SZ[9]PL[X])",
            |k| matches!(k, SgfErrorKind::BadColor(_)),
            (1, 10),
        ),
    ];
    for (text, check, (line, column)) in cases {
        let err = from_sgf(text).unwrap_err();
        assert!(check(&err.kind), "{text:?} gave {err}");
        assert_eq!(
            (err.line, err.column),
            (*line, *column),
            "{text:?} gave {err}"
        );
    }
}

#[test]
fn columns_count_characters_not_bytes() {
    let err = from_sgf("(;PB[José];B[zz])").unwrap_err();
    assert_eq!((err.line, err.column), (1, 13));
    assert_eq!(err.offset, 13);
}

#[test]
fn writing_uses_empty_brackets_for_passes_and_names_the_rules() {
    let mut r = Record::new(Rules::japanese(9));
    r.players.black = Some("Black]\\name".into());
    r.actions = vec![
        Action::place(p("E5")),
        Action::pass(),
        Action::place(p("C3")),
    ];
    let sgf = to_sgf(&r);
    assert!(sgf.starts_with("(;FF[4]GM[1]CA[UTF-8]"), "{sgf}");
    assert!(sgf.contains("SZ[9]KM[6.5]RU[Japanese]"), "{sgf}");
    assert!(sgf.contains(r"PB[Black\]\\name]"), "{sgf}");
    assert!(sgf.contains(";B[ee];W[];B[cg]"), "{sgf}");
    assert!(!sgf.contains("RE["), "{sgf}");
    assert_eq!(from_sgf(&sgf).unwrap(), r);
}

#[test]
fn a_resigned_game_writes_the_result_and_reads_back_the_resignation() {
    let mut r = Record::new(Rules::chinese(9));
    r.actions = vec![Action::place(p("E5")), Action::Resign(Color::White)];
    let sgf = to_sgf(&r);
    assert!(sgf.contains("RE[B+R]"), "{sgf}");
    assert!(!sgf.contains("Resign"), "{sgf}");
    assert_eq!(from_sgf(&sgf).unwrap(), r);
}

#[test]
fn review_actions_are_dropped_but_the_count_is_kept_as_result_and_territory() {
    let mut r = Record::new(Rules::chinese(9));
    r.actions = vec![
        Action::place(p("E5")),
        Action::pass(),
        Action::pass(),
        Action::Confirm(Color::Black),
        Action::Confirm(Color::White),
    ];
    r.comments.insert(5, "Black wins".into());
    let sgf = to_sgf(&r);
    assert!(sgf.contains("RE[B+73.5]"), "{sgf}");
    assert!(sgf.contains(";B[ee];W[];B[]C[Black wins]TB[aa]"), "{sgf}");
    let back = from_sgf(&sgf).unwrap();
    // The territory marks finish the review again: no dead stones, both confirmations.
    assert_eq!(back.actions, r.actions);
    assert_eq!(
        back.comments.get(&3).map(String::as_str),
        Some("Black wins")
    );
}

#[test]
fn resumed_play_after_review_round_trips() {
    let mut r = Record::new(Rules::chinese(9));
    r.actions = vec![
        Action::place(p("E5")),
        Action::pass(),
        Action::pass(),
        Action::Resume {},
        Action::place(p("C3")),
    ];
    assert_eq!(from_sgf(&to_sgf(&r)).unwrap(), r);
}

#[test]
fn setup_komi_date_and_comments_round_trip() {
    let mut r =
        Record::new(Rules::chinese(19).with_komi(tengen_rules::Komi::from_points(-2.0).unwrap()));
    r.setup.black = vec![p("D4"), p("Q16")];
    r.setup.white = vec![p("K10")];
    r.setup.to_move = Some(Color::White);
    r.date = Some("2026-11-29".into());
    r.players.white = Some("Tengen".into());
    r.comments.insert(0, "Handicap\ngame".into());
    r.comments.insert(2, "a reply ] with \\ escapes".into());
    r.actions = vec![
        Action::place(p("Q4")),
        Action::place(p("C16")),
        Action::pass(),
    ];
    let sgf = to_sgf(&r);
    assert!(sgf.contains("KM[-2]"), "{sgf}");
    assert!(sgf.contains("AB[dp][pd]AW[jj]PL[W]"), "{sgf}");
    assert_eq!(from_sgf(&sgf).unwrap(), r);
}

#[test]
fn timego_records_are_refused_by_the_strict_writer() {
    let mut r = Record::new(Rules::timego(9));
    r.actions = vec![Action::place(p("E5"))];
    assert_eq!(try_to_sgf(&r), Err(SgfWriteError::TimeGo));
    assert!(!to_sgf(&r).contains(";B["));
}

#[test]
fn a_record_that_does_not_replay_is_refused_by_the_strict_writer() {
    let mut r = Record::new(Rules::chinese(9));
    r.actions = vec![Action::place(p("E5")), Action::place(p("E5"))];
    assert!(matches!(try_to_sgf(&r), Err(SgfWriteError::Replay(_))));
    // The lenient writer keeps the legal prefix.
    assert!(to_sgf(&r).contains(";B[ee])"));
}

#[test]
fn records_that_cannot_start_are_written_without_panicking() {
    let mut r = Record::new(Rules::chinese(9));
    r.setup.black = vec![Point::new(20, 20), p("E5")];
    r.setup.white = vec![p("E5")];
    r.actions = vec![Action::place(p("C3"))];
    let sgf = to_sgf(&r);
    assert!(sgf.contains("AB[ee]AW[ee]"), "{sgf}");
    assert!(!sgf.contains(";B["), "{sgf}");
    let mut bad_size = Record::new(Rules::chinese(9));
    bad_size.rules.size = 0;
    bad_size.actions = vec![Action::place(p("A1"))];
    assert!(to_sgf(&bad_size).contains("SZ[0]"));
    assert!(try_to_sgf(&bad_size).is_err());
}
