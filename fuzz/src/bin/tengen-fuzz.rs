//! `tengen-fuzz TARGET|all [--seconds N] [--seed S] [--corpus DIR] [--crashes DIR]` runs targets
//! on their corpus and then on mutations for N seconds each (stable toolchain, no coverage
//! feedback); `tengen-fuzz replay TARGET FILE...` runs saved inputs (crashes, AFL++ findings);
//! `tengen-fuzz dictionary TARGET` prints the target's tokens as an AFL++ dictionary.
//! Exits 1 when anything crashed.

use std::path::PathBuf;
use std::time::Duration;
use tengen_fuzz::{smoke, Target};

fn usage() -> ! {
    let names: Vec<&str> = Target::ALL.iter().map(|t| t.name()).collect();
    eprintln!(
        "usage: tengen-fuzz TARGET|all [--seconds N] [--seed S] [--corpus DIR] [--crashes DIR]\n       \
         tengen-fuzz replay TARGET FILE...\ntargets: {}",
        names.join(", ")
    );
    std::process::exit(2)
}

fn target(name: &str) -> Target {
    Target::from_name(name).unwrap_or_else(|| usage())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(first) = args.first() else { usage() };
    if first == "dictionary" {
        let target = target(args.get(1).map(String::as_str).unwrap_or_else(|| usage()));
        print!("{}", target.afl_dictionary());
        return;
    }
    if first == "replay" {
        let target = target(args.get(1).map(String::as_str).unwrap_or_else(|| usage()));
        let mut crashed = false;
        for file in &args[2..] {
            let input = std::fs::read(file).unwrap_or_else(|e| panic!("{file}: {e}"));
            match smoke::run_one(target, &input) {
                Some(message) => {
                    crashed = true;
                    println!("{file}: CRASH: {message}");
                }
                None => println!("{file}: ok"),
            }
        }
        std::process::exit(i32::from(crashed));
    }
    let targets: Vec<Target> = if first == "all" {
        Target::ALL.to_vec()
    } else {
        vec![target(first)]
    };
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let (mut seconds, mut seed) = (10u64, 1u64);
    let mut corpus_dir = root.join("corpus");
    let mut crash_dir = root.join("../target/fuzz-crashes");
    let mut rest = args[1..].iter();
    while let Some(flag) = rest.next() {
        let value = rest.next().unwrap_or_else(|| usage());
        match flag.as_str() {
            "--seconds" => seconds = value.parse().unwrap_or_else(|_| usage()),
            "--seed" => seed = value.parse().unwrap_or_else(|_| usage()),
            "--corpus" => corpus_dir = PathBuf::from(value),
            "--crashes" => crash_dir = PathBuf::from(value),
            _ => usage(),
        }
    }
    // Crashes are reported below; the default hook would print every caught panic.
    std::panic::set_hook(Box::new(|_| {}));
    let mut crashed = false;
    for target in targets {
        let corpus = smoke::corpus(&corpus_dir, target);
        let report = smoke::run(
            target,
            &corpus,
            Duration::from_secs(seconds),
            seed,
            &crash_dir,
        );
        println!(
            "{}: {} executions in {seconds} s ({} corpus inputs), {} crashes",
            target.name(),
            report.executions,
            report.corpus,
            report.crashes.len()
        );
        for (path, message) in &report.crashes {
            crashed = true;
            println!("  {}: {message}", path.display());
        }
    }
    std::process::exit(i32::from(crashed));
}
