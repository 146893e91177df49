//! How often the playouts misjudge life and death: runs playouts from every position of a suite
//! that `bench/engine/playout_accuracy.py extract` built from Tengen's games (groups labelled
//! alive or dead where GNU Go and the game's end agree) and reports how often a dead group
//! lives and an alive group dies. Diagnostic for docs/ENGINE.md "Playout accuracy".
//!
//! `cargo run --release -p tengen-engine --example playout_accuracy -- SUITE [PLAYOUTS]
//! [POLICY] [WORST] [SEED]`: PLAYOUTS per position (default 200), POLICY `local` (the
//! search's playouts up to 11×11, the default) or `heavy` (with the liberty scan), WORST the
//! number of worst-judged groups to list (default 10), SEED the playouts' seed (default 42).

use std::time::Instant;

use tengen_engine::board::{PlayoutBoard, BLACK, WHITE};
use tengen_engine::policy::playout;
use tengen_engine::rng::FastRng;
use tengen_rules::{Color, Point};

#[path = "common/rows.rs"]
mod rows;

/// One labelled group of a suite position.
struct Group {
    point: Point,
    dead: bool,
    stones: u32,
}

/// How the playouts judged one labelled group.
struct Judged<'a> {
    /// The share of the playouts that got its fate wrong.
    wrong: f64,
    group: &'a Group,
    source: &'a str,
}

/// One suite line: the position (with the move just played) and its labelled groups.
struct Position {
    board: PlayoutBoard,
    groups: Vec<Group>,
    source: String,
}

fn parse_line(line: &str) -> Result<Position, String> {
    let (body, source) = line.split_once(" # ").unwrap_or((line, ""));
    let (head, labels) = body.split_once(" | ").ok_or("no ' | '")?;
    let fields: Vec<&str> = head.split_whitespace().collect();
    let [rows, to_move, last] = fields[..] else {
        return Err(format!("expected rows, color and last move, got {head:?}"));
    };
    let board = rows::board_from_rows(rows)?;
    let color = if to_move == "b" {
        Color::Black
    } else {
        Color::White
    };
    let mut board = PlayoutBoard::from_board(&board, color);
    let last = Point::parse_gtp(last).map_err(|e| e.to_string())?;
    board.set_last_move(board.index(last));
    let mut groups = Vec::new();
    for label in labels.split_whitespace() {
        let parts: Vec<&str> = label.split(':').collect();
        let [point, status, count] = parts[..] else {
            return Err(format!("bad label {label:?}"));
        };
        let dead = match status {
            "dead" => true,
            "alive" => false,
            other => return Err(format!("bad status {other:?}: alive or dead")),
        };
        groups.push(Group {
            point: Point::parse_gtp(point).map_err(|e| e.to_string())?,
            dead,
            stones: count.parse().map_err(|_| "bad stone count")?,
        });
    }
    Ok(Position {
        board,
        groups,
        source: source.to_string(),
    })
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("suite file");
    let n: u32 = args.get(2).map_or(200, |s| s.parse().expect("playouts"));
    let policy = rows::policy_named(args.get(3).map(String::as_str)).unwrap();
    let worst_shown: usize = args.get(4).map_or(10, |s| s.parse().expect("count"));
    let positions: Vec<Position> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| parse_line(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let seed = args.get(5).map_or(42, |s| s.parse().expect("seed"));
    let mut rng = FastRng::new(seed);
    let mut moves = Vec::new();
    let mut judged: Vec<Judged> = Vec::new();
    let started = Instant::now();
    let mut b = positions
        .first()
        .map_or_else(|| PlayoutBoard::new(9), |p| p.board.clone());
    for pos in &positions {
        let targets: Vec<(usize, u8)> = pos
            .groups
            .iter()
            .map(|g| {
                let i = pos.board.index(g.point);
                (i, pos.board.cell(i))
            })
            .collect();
        assert!(targets.iter().all(|&(_, c)| c == BLACK || c == WHITE));
        let mut lived = vec![0u32; targets.len()];
        for _ in 0..n {
            b.copy_from(&pos.board);
            playout(&mut b, &mut rng, policy, &mut moves);
            for (k, &(i, c)) in targets.iter().enumerate() {
                if b.cell(i) == c {
                    lived[k] += 1;
                }
            }
        }
        for (g, &l) in pos.groups.iter().zip(&lived) {
            let live = f64::from(l) / f64::from(n);
            let wrong = if g.dead { live } else { 1.0 - live };
            judged.push(Judged {
                wrong,
                group: g,
                source: &pos.source,
            });
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    for dead in [true, false] {
        let set: Vec<&Judged> = judged.iter().filter(|j| j.group.dead == dead).collect();
        if set.is_empty() {
            continue;
        }
        let stones: f64 = set.iter().map(|j| f64::from(j.group.stones)).sum();
        let mean = set.iter().map(|j| j.wrong).sum::<f64>() / set.len() as f64;
        let weighted = set
            .iter()
            .map(|j| j.wrong * f64::from(j.group.stones))
            .sum::<f64>()
            / stones;
        let badly = set.iter().filter(|j| j.wrong > 0.5).count();
        println!(
            "{} groups: {:>5}  {}: {:.4} (by stones {:.4}), judged wrong in most playouts: {}",
            if dead { "dead " } else { "alive" },
            set.len(),
            if dead { "live on" } else { "die in" },
            mean,
            weighted,
            badly
        );
    }
    let error = judged.iter().map(|j| j.wrong).sum::<f64>() / judged.len().max(1) as f64;
    println!(
        "mean error {error:.4} over {} groups in {} positions, {n} playouts each ({seconds:.1} s)",
        judged.len(),
        positions.len()
    );
    let cost = |j: &Judged| j.wrong * f64::from(j.group.stones);
    judged.sort_by(|a, b| cost(b).total_cmp(&cost(a)));
    for j in judged.iter().take(worst_shown) {
        println!(
            "  {} ({} stones, {}) wrong in {:.0}%: {}",
            j.group.point,
            j.group.stones,
            if j.group.dead { "dead" } else { "alive" },
            j.wrong * 100.0,
            j.source
        );
    }
}
