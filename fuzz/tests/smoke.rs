//! CI's fuzz smoke run: every target on its whole corpus, then on seeded mutations of it for a
//! few seconds (`TENGEN_FUZZ_SMOKE_SECONDS`, default 3). Nothing may crash.

use std::path::Path;
use std::time::Duration;
use tengen_fuzz::{smoke, Target};

fn smoke(target: Target) {
    let seconds = std::env::var("TENGEN_FUZZ_SMOKE_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = smoke::corpus(&root.join("corpus"), target);
    assert!(!corpus.is_empty(), "{} has no corpus", target.name());
    let crashes = std::env::temp_dir().join(format!("tengen-fuzz-smoke-{}", std::process::id()));
    let report = smoke::run(target, &corpus, Duration::from_secs(seconds), 7, &crashes);
    eprintln!(
        "{}: {} executions ({} corpus inputs)",
        target.name(),
        report.executions,
        report.corpus
    );
    assert!(
        report.crashes.is_empty(),
        "{} crashed: {:?} (replay: cargo run -p tengen-fuzz -- replay {} FILE)",
        target.name(),
        report.crashes,
        target.name()
    );
}

#[test]
fn sgf_read_survives_its_corpus_and_mutations() {
    smoke(Target::SgfRead);
}

#[test]
fn gtp_lines_survive_their_corpus_and_mutations() {
    smoke(Target::GtpLines);
}

#[test]
fn record_json_survives_its_corpus_and_mutations() {
    smoke(Target::RecordJson);
}

#[test]
fn actions_survive_their_corpus_and_mutations() {
    smoke(Target::Actions);
}

#[test]
fn api_bodies_survive_their_corpus_and_mutations() {
    smoke(Target::ApiBody);
}
