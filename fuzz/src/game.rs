//! JSON records and actions of both variants.

use serde_json::Value;
use tengen_rules::sgf::to_sgf;
use tengen_rules::{Action, AnyGame, Color, KoRule, Point, Record, ReviewProtocol, Rules, Variant};

/// The view of a game as JSON, for comparisons.
fn view_json(game: &AnyGame) -> Value {
    serde_json::to_value(game.view()).expect("views serialise")
}

/// A record reads or is refused with a message; a record read evaluates or names what is wrong,
/// its replay agrees with its evaluation, and it survives a JSON round trip.
pub fn record_json(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let Ok(record) = Record::from_json(&text) else {
        return;
    };
    let again = Record::from_json(&record.to_json())
        .unwrap_or_else(|e| panic!("a record's own JSON does not read back: {e}"));
    assert_eq!(again, record, "JSON round trip changed the record");
    let evaluated = record.evaluate();
    let replayed = record.replay();
    assert_eq!(
        evaluated.is_ok(),
        replayed.is_ok(),
        "evaluate and replay disagree: {:?} / {:?}",
        evaluated.as_ref().err(),
        replayed.as_ref().err()
    );
    if let (Ok(view), Ok(game)) = (&evaluated, &replayed) {
        let json = serde_json::to_value(view).expect("views serialise");
        assert_eq!(
            json,
            view_json(game),
            "evaluate and replay give other views"
        );
    }
    if record.rules.variant == Variant::Go {
        let _ = to_sgf(&record);
    }
}

/// The rules a byte picks: variant, size, ko rule, review protocol.
fn rules_from(b: u8) -> Rules {
    const SIZES: [u8; 4] = [3, 5, 9, 19];
    Rules {
        variant: if b & 1 == 0 {
            Variant::Go
        } else {
            Variant::TimeGo
        },
        size: SIZES[(b >> 1 & 3) as usize],
        ko: if b >> 3 & 1 == 0 {
            KoRule::PositionalSuperko
        } else {
            KoRule::Simple
        },
        review: if b >> 4 & 1 == 0 {
            ReviewProtocol::Shared
        } else {
            ReviewProtocol::Table
        },
        ..Rules::default()
    }
}

/// Decodes the compact action code: one or two bytes per action.
fn decode(bytes: &[u8], size: u8) -> Vec<Action> {
    let n = size as u16 * size as u16;
    let point = |b: u8| {
        let i = b as u16 % n;
        Point::new((i % size as u16) as u8, (i / size as u16) as u8)
    };
    let color = |b: u8| {
        if b & 1 == 0 {
            Color::Black
        } else {
            Color::White
        }
    };
    let mut out = Vec::new();
    let mut it = bytes.iter().copied();
    while let Some(b) = it.next() {
        let arg = || 0u8;
        let action = match b % 16 {
            0..=8 => Action::Place(point((b / 16).wrapping_add(it.next().unwrap_or_else(arg)))),
            9 => Action::pass(),
            10 => Action::Time {
                stone: point(it.next().unwrap_or_else(arg)),
                to: (b / 16) as usize,
            },
            11 => Action::Lock {},
            12 => Action::ToggleDead(point(it.next().unwrap_or_else(arg))),
            13 => Action::Confirm(color(b / 16)),
            14 => Action::Resume {},
            _ => match b / 16 % 4 {
                0 => Action::Resign(color(b / 64)),
                1 => Action::Propose {
                    color: color(b / 64),
                    dead: None,
                },
                2 => Action::SetDead(vec![]),
                _ => Action::Timeout(color(b / 64)),
            },
        };
        out.push(action);
    }
    out
}

/// A game driven action by action: the first byte picks the rules; with its top bit set the
/// rest is a compact action code, else JSON actions one per line. Each action goes to the game
/// (as either seat) and to a record; they must agree, a refused action changes nothing, and
/// the game's view equals the record's replayed view.
pub fn actions(data: &[u8]) {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rules = rules_from(first);
    let actions: Vec<Action> = if first & 0x80 != 0 {
        decode(rest, rules.size)
    } else {
        String::from_utf8_lossy(rest)
            .lines()
            .filter_map(|line| serde_json::from_str(line).ok())
            .collect()
    };
    let mut game = AnyGame::new(rules).expect("a valid size");
    let mut record = Record::new(rules);
    for (k, action) in actions.into_iter().take(400).enumerate() {
        let before = view_json(&game);
        let seat = if k % 3 == 0 {
            game.to_move().opponent()
        } else {
            game.to_move()
        };
        let as_seat = game.clone().apply_as(seat, &action);
        let applied = game.apply(&action);
        if as_seat.is_ok() {
            assert!(
                applied.is_ok(),
                "{action:?}: legal for a seat, refused without one"
            );
        }
        let in_record = record.apply(action.clone());
        match (&applied, &in_record) {
            (Ok(()), Ok(view)) => {
                let json = serde_json::to_value(view).expect("views serialise");
                assert_eq!(json, view_json(&game), "{action:?}: incremental ≠ replay");
            }
            (Err(_), Err(_)) => {
                assert_eq!(before, view_json(&game), "{action:?}: refused but changed");
            }
            _ => panic!("{action:?}: game says {applied:?}, record says {in_record:?}"),
        }
    }
    let replayed = record.replay().expect("an applied record replays");
    assert_eq!(view_json(&replayed), view_json(&game));
}
