//! The `RU` property: rule-set names to scoring and ko rule, and back.

use crate::rules::{KoRule, Rules, Scoring};

/// Scoring and ko rule named by an `RU` value, if the name is known.
///
/// Chinese, AGA, New Zealand, Tromp-Taylor, GOE/Ing → area scoring with positional superko;
/// Japanese and Korean → territory scoring with simple ko. Otherwise the words `area` /
/// `territory` and `superko` / `simple` are looked for (what [`ru_value`] writes for other
/// combinations).
pub fn from_ru(value: &str) -> Option<(Scoring, KoRule)> {
    let v = value.trim().to_ascii_lowercase();
    const AREA: (Scoring, KoRule) = (Scoring::Area, KoRule::PositionalSuperko);
    const TERRITORY: (Scoring, KoRule) = (Scoring::Territory, KoRule::Simple);
    let known = [
        ("chinese", AREA),
        ("cn", AREA),
        ("aga", AREA),
        ("new zealand", AREA),
        ("nz", AREA),
        ("tromp-taylor", AREA),
        ("tromp taylor", AREA),
        ("goe", AREA),
        ("ing", AREA),
        ("japanese", TERRITORY),
        ("jp", TERRITORY),
        ("korean", TERRITORY),
    ];
    if let Some((_, pair)) = known.iter().find(|(name, _)| *name == v) {
        return Some(*pair);
    }
    let scoring = if v.contains("territory") || v.starts_with("jap") {
        Some(Scoring::Territory)
    } else if v.contains("area") || v.starts_with("chin") {
        Some(Scoring::Area)
    } else {
        None
    };
    let ko = if v.contains("superko") {
        Some(KoRule::PositionalSuperko)
    } else if v.contains("simple") {
        Some(KoRule::Simple)
    } else {
        None
    };
    match (scoring, ko) {
        (None, None) => None,
        (Some(s), None) => Some((
            s,
            if s == Scoring::Area {
                KoRule::PositionalSuperko
            } else {
                KoRule::Simple
            },
        )),
        (None, Some(k)) => Some((Scoring::Area, k)),
        (Some(s), Some(k)) => Some((s, k)),
    }
}

/// The `RU` value for these rules: the standard name of their scoring, `Chinese` (area) or
/// `Japanese` (territory), as other programs expect it. Chinese rules as played online (OGS,
/// KGS) forbid repeating any earlier position and Japanese rules forbid only the immediate ko
/// recapture; when the ko rule is the other one, it follows the name (`Chinese, simple ko`,
/// `Japanese, positional superko`), so that [`from_ru`] reads back the same rules.
pub fn ru_value(rules: &Rules) -> String {
    match (rules.scoring, rules.ko) {
        (Scoring::Area, KoRule::PositionalSuperko) => "Chinese".into(),
        (Scoring::Territory, KoRule::Simple) => "Japanese".into(),
        (Scoring::Area, KoRule::Simple) => "Chinese, simple ko".into(),
        (Scoring::Territory, KoRule::PositionalSuperko) => "Japanese, positional superko".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn common_names_map_to_scoring_and_ko() {
        assert_eq!(
            from_ru("Chinese"),
            Some((Scoring::Area, KoRule::PositionalSuperko))
        );
        assert_eq!(
            from_ru(" AGA "),
            Some((Scoring::Area, KoRule::PositionalSuperko))
        );
        assert_eq!(
            from_ru("Japanese"),
            Some((Scoring::Territory, KoRule::Simple))
        );
        assert_eq!(
            from_ru("Korean"),
            Some((Scoring::Territory, KoRule::Simple))
        );
        assert_eq!(from_ru("whatever"), None);
    }

    #[test]
    fn every_combination_is_written_with_a_standard_name_first() {
        for scoring in [Scoring::Area, Scoring::Territory] {
            for ko in [KoRule::Simple, KoRule::PositionalSuperko] {
                let rules = Rules {
                    scoring,
                    ko,
                    ..Rules::default()
                };
                let name = ru_value(&rules);
                let standard = if scoring == Scoring::Area {
                    "Chinese"
                } else {
                    "Japanese"
                };
                assert!(name.starts_with(standard), "{name}");
            }
        }
    }

    #[test]
    fn every_combination_round_trips() {
        for scoring in [Scoring::Area, Scoring::Territory] {
            for ko in [KoRule::Simple, KoRule::PositionalSuperko] {
                let rules = Rules {
                    scoring,
                    ko,
                    ..Rules::default()
                };
                assert_eq!(from_ru(&ru_value(&rules)), Some((scoring, ko)));
            }
        }
    }
}
