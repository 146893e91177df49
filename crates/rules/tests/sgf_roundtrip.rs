//! Property: random legal games written as SGF read back as the same record.

use proptest::prelude::*;
use tengen_rules::sgf::{from_sgf, to_sgf};
use tengen_rules::{Action, Color, Game, KoRule, Komi, Phase, Point, Record, Rules, Scoring};

/// Plays a random legal game driven by `choices`; returns its record.
fn random_game(
    size: u8,
    ko: KoRule,
    scoring: Scoring,
    choices: &[u16],
    setup: &[(u8, u8, bool)],
    resign: Option<bool>,
) -> Record {
    let rules = Rules {
        size,
        ko,
        scoring,
        ..Rules::chinese(size)
    }
    .with_komi(Komi::from_points(6.5).unwrap());
    let mut record = Record::new(rules);
    for &(c, r, black) in setup {
        let p = Point::new(c % size, r % size);
        if record.setup.black.contains(&p) || record.setup.white.contains(&p) {
            continue;
        }
        if black {
            record.setup.black.push(p);
        } else {
            record.setup.white.push(p);
        }
    }
    if !setup.is_empty() {
        record.setup.to_move = Some(Color::White);
    }
    let mut game: Game = record.start().unwrap();
    for &choice in choices {
        match game.phase() {
            Phase::Playing => {}
            // Two passes opened review: usually resume play, as players disputing the end do.
            Phase::ScoreReview if choice % 4 != 0 => {
                game.apply(&Action::Resume {}).unwrap();
                record.actions.push(Action::Resume {});
                continue;
            }
            _ => break,
        }
        let legal: Vec<Point> = game
            .board()
            .points()
            .filter(|&p| game.is_legal(p))
            .collect();
        let action = if legal.is_empty() || choice % 12 == 0 {
            Action::pass()
        } else {
            Action::place(legal[choice as usize % legal.len()])
        };
        game.apply(&action).unwrap();
        record.actions.push(action);
        if record.actions.len() % 7 == 3 {
            record.comments.insert(
                record.actions.len(),
                format!("move {} ] \\ note", record.actions.len()),
            );
        }
    }
    // A resumption with no move after it is not an SGF node: the record ends in review.
    if record.actions.last() == Some(&Action::Resume {}) {
        record.actions.pop();
    }
    if let (Some(black), true) = (resign, game.phase() != Phase::Finished) {
        let color = if black { Color::Black } else { Color::White };
        record.actions.push(Action::Resign(color));
    }
    record
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_legal_games_survive_sgf_round_trip(
        size in prop::sample::select(vec![2u8, 5, 9, 13, 19, 25]),
        superko in any::<bool>(),
        territory in any::<bool>(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
        setup in prop::collection::vec((0u8..25, 0u8..25, any::<bool>()), 0..4),
        resign in prop::option::of(any::<bool>()),
    ) {
        let ko = if superko { KoRule::PositionalSuperko } else { KoRule::Simple };
        let scoring = if territory { Scoring::Territory } else { Scoring::Area };
        let record = random_game(size, ko, scoring, &choices, &setup, resign);
        let sgf = to_sgf(&record);
        let back = from_sgf(&sgf).map_err(|e| TestCaseError::fail(format!("{e}\n{sgf}")))?;
        prop_assert_eq!(&back.actions, &record.actions, "{}", sgf);
        prop_assert_eq!(&back, &record);
        prop_assert_eq!(to_sgf(&back), sgf);
    }
}
