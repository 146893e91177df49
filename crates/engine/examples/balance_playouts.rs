//! Fits the balanced playouts' parameters (`tengen_engine::balance`) by simulation balancing on
//! positions of finished SGF games, each labelled with its game's result, and writes them.
//!
//! ```text
//! cargo run --release -p tengen-engine --example balance_playouts -- \
//!     --out crates/engine/src/playout-weights-9.txt target/selfplay-9 [more dirs...]
//! ```
//!
//! With `--values FILE` (lines `path<TAB>move<TAB>value`, from `bench/patterns/gnugo_values.py`)
//! a position's target is that value (GNU Go's judgement of it) instead of the game's result.
//!
//! A game repeated move for move is read once. Positions are taken every `--every` moves from move `--from` to `--to` of each game; every
//! tenth game is held out, and the mean squared error of the playouts' values against the
//! results there is printed before the fit and every `--report` steps, for the hand-made
//! policy (the starting point) and the fit so far.

use std::collections::HashMap;
use std::fs;
use std::path::PathBuf;
use tengen_engine::balance::{playout_values, BalanceConfig, Balancer, Params, TrainingPosition};
use tengen_engine::board::{PlayoutBoard, PASS};
use tengen_rules::{sgf, Action, Color};

struct Args {
    out: String,
    iterations: usize,
    every: usize,
    from: usize,
    to: usize,
    report: usize,
    held_out_playouts: usize,
    /// Targets by game file and move (`--values`), instead of the games' results.
    values: Option<HashMap<(String, usize), f32>>,
    config: BalanceConfig,
    dirs: Vec<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut a = Args {
        out: "crates/engine/src/playout-weights-9.txt".into(),
        iterations: 40,
        every: 3,
        from: 8,
        to: 50,
        report: 10,
        held_out_playouts: 64,
        values: None,
        config: BalanceConfig {
            value_playouts: 16,
            gradient_playouts: 16,
            step: 100.0,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        },
        dirs: Vec::new(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(x) = it.next() {
        let mut val = |name: &str| it.next().ok_or(format!("{name} needs a value"));
        let number = |v: String| v.parse::<usize>().map_err(|e| format!("{x}: {e}"));
        match x.as_str() {
            "--out" => a.out = val("--out")?,
            "--iterations" => a.iterations = number(val(&x)?)?,
            "--every" => a.every = number(val(&x)?)?.max(1),
            "--from" => a.from = number(val(&x)?)?,
            "--to" => a.to = number(val(&x)?)?,
            "--report" => a.report = number(val(&x)?)?.max(1),
            "--held-out-playouts" => a.held_out_playouts = number(val(&x)?)?.max(1),
            "--value-playouts" => a.config.value_playouts = number(val(&x)?)?.max(1),
            "--gradient-playouts" => a.config.gradient_playouts = number(val(&x)?)?.max(1),
            "--threads" => a.config.threads = number(val(&x)?)?.max(1),
            "--values" => a.values = Some(read_values(&val(&x)?)?),
            "--step" => {
                a.config.step = val(&x)?.parse().map_err(|e| format!("--step: {e}"))?;
            }
            _ => a.dirs.push(x),
        }
    }
    if a.dirs.is_empty() {
        return Err("usage: balance_playouts [--out F] [--iterations N] [--every N] [--from N] [--to N] [--step S] [--value-playouts M] [--gradient-playouts N] [--threads T] DIR...".into());
    }
    Ok(a)
}

/// The `--values` file: each line `path<TAB>move<TAB>value[<TAB>...]`.
fn read_values(path: &str) -> Result<HashMap<(String, usize), f32>, String> {
    let text = fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut out = HashMap::new();
    for (k, line) in text.lines().enumerate() {
        let bad = || format!("{path}:{}: expected path, move, value", k + 1);
        let mut cols = line.split('\t');
        let (Some(file), Some(mv), Some(v)) = (cols.next(), cols.next(), cols.next()) else {
            return Err(bad());
        };
        let mv: usize = mv.parse().map_err(|_| bad())?;
        let v: f32 = v.parse().map_err(|_| bad())?;
        out.insert((file.to_string(), mv), v);
    }
    Ok(out)
}

/// The positions of one game, labelled with its result or, with `--values`, with the given
/// values (None for a game without a result).
fn positions(path: &str, text: &str, a: &Args) -> Option<Vec<TrainingPosition>> {
    let record = sgf::from_sgf(text).ok()?;
    if !record.setup.black.is_empty() || !record.setup.white.is_empty() {
        return None;
    }
    let target = match record.result?.winner()? {
        Color::Black => 1.0,
        Color::White => 0.0,
    };
    let komi_halves = record.rules.komi.halves();
    let mut board = PlayoutBoard::new(record.rules.size);
    let mut out = Vec::new();
    for (k, action) in record.actions.iter().enumerate() {
        if k >= a.from && k <= a.to && (k - a.from).is_multiple_of(a.every) {
            let target = match &a.values {
                None => Some(target),
                Some(values) => values.get(&(path.to_string(), k)).copied(),
            };
            if let Some(target) = target {
                out.push(TrainingPosition {
                    board: board.clone(),
                    komi_halves,
                    target,
                });
            }
        }
        match action {
            Action::Place(p) => {
                let m = board.index(*p);
                if !board.is_legal(m, board.to_move()) {
                    return None;
                }
                board.play(m);
            }
            Action::Pass {} => {
                board.play(PASS);
            }
            _ => return None,
        }
    }
    Some(out)
}

fn mse(values: &[f32], positions: &[TrainingPosition]) -> f64 {
    let sum: f64 = values
        .iter()
        .zip(positions)
        .map(|(v, p)| ((p.target - v) as f64).powi(2))
        .sum();
    sum / positions.len().max(1) as f64
}

fn main() -> Result<(), String> {
    let a = parse_args()?;
    let mut files: Vec<PathBuf> = Vec::new();
    for d in &a.dirs {
        let entries = fs::read_dir(d).map_err(|e| format!("{d}: {e}"))?;
        files.extend(
            entries
                .filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|x| x == "sgf")),
        );
    }
    files.sort();
    let (mut train, mut held) = (Vec::new(), Vec::new());
    let mut games = 0;
    let mut seen = std::collections::HashSet::new();
    for (k, path) in files.iter().enumerate() {
        let Ok(text) = fs::read_to_string(path) else {
            continue;
        };
        // GNU Go often repeats a game move for move; a repeated game is read once.
        let moves = text.find(";B[").map_or("", |i| &text[i..]).to_string();
        if !seen.insert(moves) {
            continue;
        }
        let Some(ps) = positions(&path.to_string_lossy(), &text, &a) else {
            continue;
        };
        games += 1;
        if k % 10 == 9 {
            held.extend(ps);
        } else {
            train.extend(ps);
        }
    }
    eprintln!(
        "{games} games: {} training positions, {} held out",
        train.len(),
        held.len()
    );
    let initial = Params::initial();
    let base = mse(
        &playout_values(&initial.weights(), &held, a.held_out_playouts, 1),
        &held,
    );
    eprintln!("held out, hand-made policy: mse {base:.4}");
    let mut fit = Balancer::new(initial);
    for step in 1..=a.iterations {
        let start = std::time::Instant::now();
        let train_mse = fit.step(&train, &a.config, step as u64);
        eprintln!(
            "step {step}: training mse {train_mse:.4} ({:.1}s)",
            start.elapsed().as_secs_f64()
        );
        if step % a.report == 0 || step == a.iterations {
            let values = playout_values(&fit.params().weights(), &held, a.held_out_playouts, 1);
            eprintln!("held out after step {step}: mse {:.4}", mse(&values, &held));
            let text = format!(
                "# The balanced heavy playouts (module `balance`), written by examples/balance_playouts.rs\n# after {step} steps on {games} games ({} positions); held-out mse {:.4} (hand-made {base:.4})\n{}",
                train.len(),
                mse(&values, &held),
                fit.params().to_text()
            );
            fs::write(&a.out, text).map_err(|e| format!("{}: {e}", a.out))?;
        }
    }
    Ok(())
}
