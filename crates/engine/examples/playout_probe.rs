//! How the heavy playouts judge one group: from a position (rows, top row first, `X`/`O`/`.`),
//! runs playouts and reports how often the chain at a point survives, and the first moves of a
//! few playouts where it survives. Diagnostic for docs/ENGINE.md "Collapses".
//!
//! `cargo run --release -p tengen-engine --example playout_probe -- ROWS TO_MOVE POINT [N]
//! [POLICY] [RATE] [KEY]` with ROWS like `.........,..OX.....,...`, TO_MOVE `b` or `w`, POLICY `local`
//! (the search's playouts up to 11×11, the default) or `heavy` (with the liberty scan), and
//! RATE the learning rate of adaptive playouts (module `adapt`; learned over the probe's
//! playouts, each quarter reported; 0, the default, is off) with KEY `point` (the default, as
//! in the search) or `shape` (the point and its 3×3 neighbourhood).

use tengen_engine::adapt::{Adaptation, Key};
use tengen_engine::board::{PlayoutBoard, BLACK, WHITE};
use tengen_engine::policy::{black_wins, playout_adaptive};
use tengen_engine::rng::FastRng;
use tengen_rules::{Color, Point};

#[path = "common/rows.rs"]
mod rows;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let to_move = if args[2] == "b" {
        Color::Black
    } else {
        Color::White
    };
    let target = Point::parse_gtp(&args[3]).expect("point");
    let n: usize = args.get(4).map_or(2000, |s| s.parse().unwrap());
    let policy = rows::policy_named(args.get(5).map(String::as_str)).unwrap();
    let rate: f32 = args.get(6).map_or(0.0, |s| s.parse().unwrap());
    let board = rows::board_from_rows(&args[1]).unwrap();
    let size = board.size();
    let start = PlayoutBoard::from_board(&board, to_move);
    let t = start.index(target);
    let color = start.cell(t);
    assert!(color == BLACK || color == WHITE, "no stone at the point");
    let mut rng = FastRng::new(42);
    let mut moves = Vec::new();
    let mut b = start.clone();
    let mut alive = 0;
    let mut shown = 0;
    let key = match args.get(7).map(String::as_str) {
        None | Some("point") => Key::Point,
        Some("shape") => Key::PointAndShape,
        Some(other) => panic!("unknown key {other}: point or shape"),
    };
    let mut adapt = Adaptation::new(start.len(), rate, key);
    let mut quarter = 0;
    for k in 0..n {
        b.copy_from(&start);
        let score = playout_adaptive(&mut b, &mut rng, policy, &mut adapt, &mut moves);
        if rate > 0.0 {
            adapt.update(black_wins(score, 15));
        }
        let lives = b.cell(t) == color;
        if lives {
            alive += 1;
            quarter += 1;
        }
        if (k + 1) % (n / 4).max(1) == 0 {
            println!("playouts to {}: survives in {quarter}", k + 1);
            quarter = 0;
        }
        if lives && shown < 2 {
            shown += 1;
            let seq: Vec<String> = moves
                .iter()
                .take(24)
                .map(|&(m, s)| {
                    let p = b.point(m as usize);
                    format!("{}{}", if s == BLACK { "B" } else { "W" }, p)
                })
                .collect();
            println!("{}", seq.join(" "));
            for r in (0..size).rev() {
                let line: String = (0..size)
                    .map(|c| match b.cell(b.index(Point::new(c, r))) {
                        BLACK => 'X',
                        WHITE => 'O',
                        _ => '.',
                    })
                    .collect();
                println!("  {line}");
            }
        }
    }
    println!("chain at {target} survives in {alive} of {n} playouts");
}
