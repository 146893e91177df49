//! The stable-toolchain runner: every corpus input once, then seeded mutations of the corpus for
//! a set time. A panic is a crash: its input is saved for replay and reported.

use crate::mutate::mutate;
use crate::Target;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// What a run did.
#[derive(Debug, Default)]
pub struct Report {
    /// Inputs run (corpus and mutations).
    pub executions: u64,
    /// Corpus inputs among them.
    pub corpus: usize,
    /// Saved inputs that crashed, with the panic message.
    pub crashes: Vec<(PathBuf, String)>,
}

/// The corpus of a target: every file under `dir/<target name>`, sorted by name.
pub fn corpus(dir: &Path, target: Target) -> Vec<Vec<u8>> {
    let folder = dir.join(target.name());
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&folder)
        .map(|entries| entries.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    paths.sort();
    paths
        .into_iter()
        .filter(|p| p.is_file())
        .filter_map(|p| std::fs::read(p).ok())
        .collect()
}

/// Runs `target` on `input`; the panic message if it panicked.
pub fn run_one(target: Target, input: &[u8]) -> Option<String> {
    catch_unwind(AssertUnwindSafe(|| target.run(input)))
        .err()
        .map(|payload| {
            payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "a panic without a message".into())
        })
}

/// Runs the corpus, then mutations until `time` has passed; crashing inputs are written to
/// `crash_dir` (at most ten, one per distinct message).
pub fn run(
    target: Target,
    corpus: &[Vec<u8>],
    time: Duration,
    seed: u64,
    crash_dir: &Path,
) -> Report {
    let mut report = Report {
        corpus: corpus.len(),
        ..Report::default()
    };
    let record = |input: &[u8], message: String, report: &mut Report| {
        if report.crashes.len() >= 10 || report.crashes.iter().any(|(_, m)| *m == message) {
            return;
        }
        let _ = std::fs::create_dir_all(crash_dir);
        let path = crash_dir.join(format!("{}-{}.bin", target.name(), report.crashes.len()));
        let _ = std::fs::write(&path, input);
        report.crashes.push((path, message));
    };
    for input in corpus {
        report.executions += 1;
        if let Some(message) = run_one(target, input) {
            record(input, message, &mut report);
        }
    }
    let mut rng = SmallRng::seed_from_u64(seed);
    let start = Instant::now();
    let empty = [Vec::new()];
    let pool = if corpus.is_empty() {
        &empty[..]
    } else {
        corpus
    };
    while start.elapsed() < time {
        let input = &pool[rng.gen_range(0..pool.len())];
        let other = &pool[rng.gen_range(0..pool.len())];
        let mutated = mutate(&mut rng, input, other, target.dictionary());
        report.executions += 1;
        if let Some(message) = run_one(target, &mutated) {
            record(&mutated, message, &mut report);
        }
    }
    report
}
