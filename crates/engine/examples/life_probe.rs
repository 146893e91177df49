//! The life reader (module `life`) on the positions of SGF games, for comparison with GNU Go's
//! owl module (`bench/engine/life_vs_gnugo.py`): for every `--every`-th position from move
//! `--from` on, each group of five stones or more, read with its attacker to move and with its
//! owner to move. One tab-separated line each: file, moves played, a stone of the group, its
//! stones, whether the attacker moving first kills it (`1`, `0`, `?` when the reading was cut
//! short) with the killing moves, and whether the owner moving first has a move that lives
//! (the same) with those moves; a group the attacker cannot kill lives without one.
//!
//! `cargo run --release -p tengen-engine --example life_probe -- [--from 10] [--every 4] target/ab-life2/*.sgf`

use tengen_engine::board::{other, PlayoutBoard};
use tengen_engine::life::{groups, LifeReader};

#[path = "common/games.rs"]
mod games;

/// The most positions read for one question, as the engine's life priors read.
const PER_QUESTION: u32 = 1_000;

fn main() {
    let mut from = 10usize;
    let mut every = 4usize;
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--from" => from = args.next().and_then(|v| v.parse().ok()).unwrap_or(from),
            "--every" => {
                every = args
                    .next()
                    .and_then(|v| v.parse().ok())
                    .unwrap_or(every)
                    .max(1)
            }
            _ => files.push(a),
        }
    }
    games::for_each_position(files, |path, k, board| {
        if k >= from && (k - from).is_multiple_of(every) {
            probe(path, k, board);
        }
    });
}

/// Prints one line for each group of five stones or more on `board`.
fn probe(path: &str, k: usize, board: &PlayoutBoard) {
    for (seed, stones) in groups(board, 5) {
        let owner = board.cell(seed);
        let mut attacker_first = board.clone();
        attacker_first.set_to_move(other(owner));
        let mut owner_first = board.clone();
        owner_first.set_to_move(owner);
        let mut reader = LifeReader::new(PER_QUESTION, u32::MAX);
        let (attack, attack_moves) = match reader.kills(&attacker_first, seed) {
            Some(true) => ("1", reader.killing_moves(&attacker_first, seed)),
            Some(false) => ("0", Vec::new()),
            None => ("?", Vec::new()),
        };
        // A group the attacker cannot kill lives without a move (GNU Go answers PASS).
        let (living, defence) = if attack == "0" {
            (Vec::new(), "1")
        } else {
            let (living, all_read) = reader.living_moves(&owner_first, seed);
            let defence = match (living.is_empty(), all_read) {
                (false, _) => "1",
                (true, true) => "0",
                (true, false) => "?",
            };
            (living, defence)
        };
        let name = |moves: &[usize]| {
            moves
                .iter()
                .map(|&m| board.point(m).to_gtp())
                .collect::<Vec<_>>()
                .join(" ")
        };
        println!(
            "{path}\t{k}\t{}\t{stones}\t{attack}\t{}\t{defence}\t{}",
            board.point(seed).to_gtp(),
            name(&attack_moves),
            name(&living)
        );
    }
}
