//! Fits the learned move model (`tengen_engine::gamma`) by minorization-maximization (Coulom
//! 2007) on the moves of one player in SGF games, and writes the gamma table.
//!
//! ```text
//! cargo run --release -p tengen-engine --example fit_patterns -- \
//!     --out crates/engine/src/gammas-9.txt --player "GNU Go" target/selfplay-9 [more dirs...]
//! ```
//!
//! `--skip KIND` (repeatable, e.g. `--skip cuts`) leaves a feature kind out of the fit, to
//! compare two fits on the same held-out moves; `--baseline TABLE` scores a written table there.
//! `--large-min N` (default 0: none) adds the large shapes (`tengen_engine::spatial`, radius 2
//! to 4) that the player's moves in the training games have at least N times; each move then
//! has the largest of them that fits it.
//!
//! Every tenth game is held out; the fit reports, on the held-out moves, how often the played
//! move is the model's first choice and the mean log-likelihood, against the uniform model.

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use tengen_engine::board::PlayoutBoard;
use tengen_engine::features::{Context, Feature, KINDS};
use tengen_engine::gamma::Gammas;
use tengen_engine::spatial::{self, SpatialDict, RADII};
use tengen_rules::{sgf, Action, Color};

/// A move's features as indices into the feature list (`NONE` where it has fewer kinds).
type Row = [u32; KINDS];
const NONE: u32 = u32::MAX;

/// The candidate moves of the positions, each with its features, and the move played.
#[derive(Default, Clone)]
struct Data {
    /// Candidate rows, position after position.
    rows: Vec<Row>,
    /// Per position: its first row, one past its last, and the played row.
    positions: Vec<(usize, usize, usize)>,
}

struct Args {
    out: String,
    player: String,
    iterations: usize,
    min_count: u64,
    /// A table to score on the same held-out moves, for comparison (e.g. the shipped one).
    baseline: Option<String>,
    /// Feature kinds left out of the fit (`--skip KIND`, e.g. to compare with a table
    /// that does not have them): they keep gamma 1.
    skip: Vec<String>,
    /// Large shapes the player's training moves have at least this often (0: none).
    large_min: u32,
    /// Virtual wins and losses against a gamma of 1 for each large shape (1 for the others).
    large_prior: f64,
    dirs: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        out: "crates/engine/src/gammas-9.txt".into(),
        player: "GNU Go".into(),
        iterations: 20,
        min_count: 20,
        baseline: None,
        skip: Vec::new(),
        large_min: 0,
        large_prior: 1.0,
        dirs: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut val = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        match x.as_str() {
            "--out" => a.out = val("--out")?,
            "--player" => a.player = val("--player")?,
            "--iterations" => {
                a.iterations = val("--iterations")?.parse().map_err(|e| format!("{e}"))?
            }
            "--min-count" => {
                a.min_count = val("--min-count")?.parse().map_err(|e| format!("{e}"))?
            }
            "--baseline" => a.baseline = Some(val("--baseline")?),
            "--large-prior" => {
                a.large_prior = val("--large-prior")?.parse().map_err(|e| format!("{e}"))?
            }
            "--large-min" => {
                a.large_min = val("--large-min")?.parse().map_err(|e| format!("{e}"))?
            }
            "--skip" => {
                let kind = val("--skip")?;
                if Feature::from_key(&kind, 1).is_none() {
                    return Err(format!("--skip: no feature kind {kind:?}"));
                }
                a.skip.push(kind);
            }
            _ => a.dirs.push(x),
        }
    }
    if a.dirs.is_empty() {
        return Err(
            "usage: fit_patterns [--out F] [--player NAME] [--iterations N] [--min-count N] [--baseline TABLE] [--skip KIND]... [--large-min N] [--large-prior N] DIR..."
                .into(),
        );
    }
    Ok(a)
}

/// Calls `visit` with the board before each move of `player` in the games (the board, the
/// move, the color to move); answers how many games were read.
fn for_each_move(
    files: &[std::path::PathBuf],
    player: &str,
    mut visit: impl FnMut(&mut PlayoutBoard, usize, u8),
) -> usize {
    let mut games = 0;
    for path in files {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        let Ok(record) = sgf::from_sgf(&text) else {
            eprintln!("skipped (unreadable): {}", path.display());
            continue;
        };
        if !record.setup.black.is_empty() || !record.setup.white.is_empty() {
            continue;
        }
        let is_player = |c: Color| {
            let name = match c {
                Color::Black => &record.players.black,
                Color::White => &record.players.white,
            };
            name.as_deref() == Some(player)
        };
        games += 1;
        let mut board = PlayoutBoard::new(record.rules.size);
        for action in &record.actions {
            let me = board.to_move();
            let color = tengen_engine::board::color_of(me);
            match action {
                Action::Place(p) => {
                    let m = board.index(*p);
                    if !board.is_legal(m, me) {
                        break;
                    }
                    if is_player(color) {
                        visit(&mut board, m, me);
                    }
                    board.play(m);
                }
                Action::Pass {} => {
                    board.play(tengen_engine::board::PASS);
                }
                _ => break,
            }
        }
    }
    games
}

/// The large shapes the player's moves have at least `min` times, as a dictionary and each
/// key's text (for the table).
fn harvest_large(
    files: &[std::path::PathBuf],
    player: &str,
    min: u32,
) -> (SpatialDict, HashMap<u32, String>) {
    let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
    for_each_move(files, player, |board, m, me| {
        let cells = spatial::read(board, m, me);
        for r in RADII {
            *counts
                .entry(spatial::canonical(&cells[..spatial::points(r)]))
                .or_default() += 1;
        }
    });
    let mut dict = SpatialDict::default();
    let mut texts = HashMap::new();
    let mut kept: Vec<_> = counts.into_iter().filter(|&(_, n)| n >= min).collect();
    kept.sort();
    for (cells, _) in kept {
        texts.insert(dict.insert(&cells), spatial::to_text(&cells));
    }
    (dict, texts)
}

/// The games' positions where `player` moved: candidate features per move.
fn collect(
    files: &[std::path::PathBuf],
    player: &str,
    spatial: Option<&'static SpatialDict>,
    ids: &mut HashMap<Feature, u32>,
    names: &mut Vec<Feature>,
) -> (Data, usize) {
    let mut data = Data::default();
    let games = for_each_move(files, player, |board, m, me| {
        add_position(board, m, me, spatial, ids, names, &mut data)
    });
    (data, games)
}

fn add_position(
    board: &mut PlayoutBoard,
    played: usize,
    me: u8,
    spatial: Option<&'static SpatialDict>,
    ids: &mut HashMap<Feature, u32>,
    names: &mut Vec<Feature>,
    data: &mut Data,
) {
    let cx = Context::new(board, me).with_spatial(spatial);
    let first = data.rows.len();
    let mut chosen = None;
    let empties: Vec<u16> = board.empties().to_vec();
    for e in empties {
        let m = e as usize;
        if !board.is_legal(m, me) || board.is_eye(m, me) {
            continue;
        }
        let mut row = [NONE; KINDS];
        for (slot, f) in row.iter_mut().zip(cx.features(board, m).iter()) {
            *slot = *ids.entry(f).or_insert_with(|| {
                names.push(f);
                names.len() as u32 - 1
            });
        }
        if m == played {
            chosen = Some(data.rows.len());
        }
        data.rows.push(row);
    }
    match chosen {
        Some(c) => data.positions.push((first, data.rows.len(), c)),
        None => data.rows.truncate(first), // an own-eye fill: not a choice among candidates
    }
}

/// The kind of a feature, for group-by-group updates.
fn group(f: Feature) -> usize {
    match f {
        Feature::Shape(_) => 0,
        Feature::Capture(_) => 1,
        Feature::Saves => 2,
        Feature::SelfAtari(_) => 3,
        Feature::Atari(_) => 4,
        Feature::LastMove(_) => 5,
        Feature::OwnMove(_) => 6,
        Feature::Line(_) => 7,
        Feature::Extends(_) => 8,
        Feature::Presses(_) => 9,
        Feature::Connects(_) => 10,
        Feature::Cuts(_) => 11,
        Feature::Large(_) => 12,
    }
}

fn strength(row: &Row, gamma: &[f64]) -> f64 {
    row.iter()
        .filter(|&&f| f != NONE)
        .map(|&f| gamma[f as usize])
        .product()
}

/// One MM update of the features of group `g` (exact: a move has one feature per group), with
/// `prior` virtual wins and as many losses against a gamma of 1.
fn mm_step(
    data: &Data,
    names: &[Feature],
    gamma: &mut [f64],
    g: usize,
    wins: &[f64],
    used: &[bool],
    prior: f64,
) {
    let mut c = vec![0.0f64; gamma.len()];
    for &(a, b, _) in &data.positions {
        let total: f64 = data.rows[a..b].iter().map(|r| strength(r, gamma)).sum();
        for r in &data.rows[a..b] {
            let s = strength(r, gamma);
            for &f in r.iter().filter(|&&f| f != NONE) {
                if group(names[f as usize]) == g {
                    c[f as usize] += s / gamma[f as usize] / total;
                }
            }
        }
    }
    for f in 0..gamma.len() {
        if group(names[f]) == g && used[f] {
            // The virtual games against a gamma of 1 keep rare features near it.
            gamma[f] = (wins[f] + prior) / (c[f] + 2.0 * prior / (1.0 + gamma[f]));
        }
    }
}

/// Top-1 rate and mean log-likelihood of the played moves; the uniform model's log-likelihood.
fn evaluate(data: &Data, gamma: &[f64]) -> (f64, f64, f64) {
    let (mut top, mut ll, mut uniform) = (0.0, 0.0, 0.0);
    for &(a, b, chosen) in &data.positions {
        let s: Vec<f64> = data.rows[a..b].iter().map(|r| strength(r, gamma)).collect();
        let total: f64 = s.iter().sum();
        let best = s.iter().cloned().fold(f64::MIN, f64::max);
        if s[chosen - a] >= best {
            // Ties share the credit.
            top += 1.0 / s.iter().filter(|&&x| x >= best).count() as f64;
        }
        ll += (s[chosen - a] / total).ln();
        uniform += (1.0 / (b - a) as f64).ln();
    }
    let n = data.positions.len().max(1) as f64;
    (top / n, ll / n, uniform / n)
}

/// Scores a written table (e.g. the shipped one) on the held-out moves, to compare with the fit.
fn report_baseline(path: &str, names: &[Feature], test: &Data) {
    let read = fs::read_to_string(path).map_err(|e| e.to_string());
    let table = match read.and_then(|t| Gammas::parse(&t).map_err(|e| e.to_string())) {
        Ok(table) => table,
        Err(e) => {
            eprintln!("baseline {path}: {e}");
            std::process::exit(2);
        }
    };
    let gamma: Vec<f64> = names.iter().map(|&f| f64::from(table.get(f))).collect();
    let (t1, ll, uni) = evaluate(test, &gamma);
    eprintln!(
        "baseline {path}: held-out top-1 {:.1}%, log-likelihood {ll:.3} (uniform {uni:.3})",
        t1 * 100.0
    );
}

fn main() {
    let a = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut files = Vec::new();
    for d in &a.dirs {
        let Ok(rd) = fs::read_dir(d) else {
            eprintln!("cannot read {d}");
            std::process::exit(2);
        };
        let mut v: Vec<_> = rd
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "sgf"))
            .collect();
        v.sort();
        files.extend(v);
    }
    let (train_files, test_files): (Vec<_>, Vec<_>) = files
        .iter()
        .cloned()
        .enumerate()
        .partition(|(k, _)| k % 10 != 9);
    let train_files: Vec<_> = train_files.into_iter().map(|(_, p)| p).collect();
    let test_files: Vec<_> = test_files.into_iter().map(|(_, p)| p).collect();
    let (dict, large_texts) = if a.large_min > 0 {
        harvest_large(&train_files, &a.player, a.large_min)
    } else {
        Default::default()
    };
    eprintln!(
        "large shapes played at least {} times: {}",
        a.large_min,
        large_texts.len()
    );
    // A shape too rare as a candidate to be weighed is not written, so the search gives such
    // a move its next smaller shape: drop it from the dictionary and collect again until the
    // fit sees the shapes the table will hold (dropping one only adds candidates to others).
    let (mut dict, mut large_texts) = (dict, large_texts);
    let (mut ids, mut names, mut train, games) = loop {
        let spatial = Some(&*Box::leak(Box::new(dict.clone())));
        let mut ids = HashMap::new();
        let mut names = Vec::new();
        let (train, games) = collect(&train_files, &a.player, spatial, &mut ids, &mut names);
        let mut seen: HashMap<u32, u64> = HashMap::new();
        for r in &train.rows {
            for &f in r.iter().filter(|&&f| f != NONE) {
                if let Feature::Large(k) = names[f as usize] {
                    *seen.entry(k).or_default() += 1;
                }
            }
        }
        let before = large_texts.len();
        large_texts.retain(|k, _| seen.get(k).is_some_and(|&n| n >= a.min_count));
        if large_texts.len() == before {
            break (ids, names, train, games);
        }
        dict = SpatialDict::default();
        for text in large_texts.values() {
            if let Some(cells) = spatial::from_text(text) {
                dict.insert(&cells);
            }
        }
    };
    eprintln!("large shapes weighed: {}", large_texts.len());
    let spatial = Some(&*Box::leak(Box::new(dict)));
    let (mut test, test_games) = collect(&test_files, &a.player, spatial, &mut ids, &mut names);
    eprintln!(
        "training: {games} games, {} moves, {} candidates; held out: {test_games} games, {} moves",
        train.positions.len(),
        train.rows.len(),
        test.positions.len()
    );
    // Features seen fewer than min_count times as a candidate in training keep gamma 1.
    let mut seen = vec![0u64; names.len()];
    let mut wins = vec![0.0f64; names.len()];
    for r in &train.rows {
        for &f in r.iter().filter(|&&f| f != NONE) {
            seen[f as usize] += 1;
        }
    }
    let used: Vec<bool> = seen
        .iter()
        .zip(&names)
        .map(|(&n, f)| n >= a.min_count && !a.skip.iter().any(|k| k == f.key().0))
        .collect();
    let test_unfiltered = test.clone();
    for data in [&mut train, &mut test] {
        for r in data.rows.iter_mut() {
            for f in r.iter_mut() {
                if *f != NONE && !used[*f as usize] {
                    *f = NONE;
                }
            }
        }
    }
    for &(_, _, chosen) in &train.positions {
        for &f in train.rows[chosen].iter().filter(|&&f| f != NONE) {
            wins[f as usize] += 1.0;
        }
    }
    if let Some(path) = &a.baseline {
        report_baseline(path, &names, &test_unfiltered);
    }
    let mut gamma = vec![1.0f64; names.len()];
    let (t1, ll, uni) = evaluate(&test, &gamma);
    eprintln!(
        "before: held-out top-1 {:.1}%, log-likelihood {ll:.3} (uniform {uni:.3})",
        t1 * 100.0
    );
    for it in 0..a.iterations {
        for g in 0..KINDS {
            let prior = if g == group(Feature::Large(0)) {
                a.large_prior
            } else {
                1.0
            };
            mm_step(&train, &names, &mut gamma, g, &wins, &used, prior);
        }
        let (t1, ll, _) = evaluate(&test, &gamma);
        let (tt, tll, _) = evaluate(&train, &gamma);
        eprintln!(
            "iteration {}: held-out top-1 {:.1}%, log-likelihood {ll:.3}; training {:.1}%, {tll:.3}",
            it + 1,
            t1 * 100.0,
            tt * 100.0
        );
    }
    let (t1, ll, uni) = evaluate(&test, &gamma);
    let mut lines: Vec<(Feature, f64, u64, f64)> = (0..names.len())
        .filter(|&f| used[f])
        .map(|f| (names[f], gamma[f], seen[f], wins[f]))
        .collect();
    lines.sort_by_key(|l| l.0);
    let mut out = String::new();
    out.push_str("# Learned move model: kind value gamma # times a candidate, times played.\n");
    out.push_str("# Written by: cargo run --release -p tengen-engine --example fit_patterns --");
    for arg in std::env::args().skip(1) {
        out.push_str(&format!(" {arg}"));
    }
    out.push_str(&format!(
        "\n# {} training games, {} moves of {:?}; held out {} games, {} moves: top-1 {:.1}%, \
         log-likelihood {:.3} per move (uniform {:.3}).\n",
        games,
        train.positions.len(),
        a.player,
        test_games,
        test.positions.len(),
        t1 * 100.0,
        ll,
        uni
    ));
    for (f, g, n, w) in lines {
        let (kind, value) = f.key();
        let value = match f {
            Feature::Large(k) => large_texts[&k].clone(),
            _ => value.to_string(),
        };
        out.push_str(&format!("{kind} {value} {g:.4} # {n} {w}\n"));
    }
    if let Err(e) = fs::write(Path::new(&a.out), out) {
        eprintln!("cannot write {}: {e}", a.out);
        std::process::exit(1);
    }
    eprintln!("wrote {}", a.out);
}
