//! Prints the playout ownership of an ogs-autoscore file (debug aid).
//! `cargo run --release -p tengen-engine --example own_dump FILE`
use tengen_engine::board::PlayoutBoard;
use tengen_engine::estimate::playout_ownership;
use tengen_rules::{Board, Color, Point};
fn main() {
    let f = std::env::args().nth(1).expect("file");
    let json: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
    let rows: Vec<String> = json["board"].as_array().unwrap().iter().map(|r| r.as_str().unwrap().to_string()).collect();
    let size = rows.len();
    let mut stones = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            let color = match ch { 'b' | 'B' => Color::Black, 'w' | 'W' => Color::White, _ => continue };
            stones.push((Point::new(c as u8, (size - 1 - k) as u8), color));
        }
    }
    let board = Board::from_stones(size as u8, stones).unwrap();
    let pb = PlayoutBoard::from_board(&board, Color::Black);
    let own = playout_ownership(&pb, 2000, 1, 1);
    let mut rng = tengen_engine::rng::FastRng::new(5);
    let mut moves: Vec<(u16, u8)> = Vec::new();
    for k in 0..6 {
        let mut b = pb.clone();
        if k % 2 == 1 { b.set_to_move(2); }
        let mut trace = String::new();
        let mut n = 0;
        while b.passes() < 2 && n < 300 {
            let st = b.to_move();
            let m = tengen_engine::policy::choose(&mut b, &mut rng, tengen_engine::policy::Policy::Heavy);
            trace += &format!("{}{} ", if st == 1 {"B"} else {"W"}, if m == 0 {"pass".to_string()} else {b.point(m).to_string()});
            if m == 0 && st == 1 && !trace.contains("shown") { trace += "shown "; trace += &show(&b); }
            b.play(m);
            n += 1;
        }
        let score = b.area_score();
        if score < -50 { println!("{trace}"); }
        println!("score {score} moves {} passes {}\n{}", moves.len(), b.passes(), show(&b));
    }
    for r in (0..size).rev() {
        let line: Vec<String> = (0..size).map(|c| format!("{:+.1}", own[r * size + c])).collect();
        println!("{}   {}", rows[size - 1 - r], line.join(" "));
    }
}
#[allow(dead_code)]
pub fn show(b: &PlayoutBoard) -> String {
    let mut s = String::new();
    for r in (0..b.size()).rev() {
        for c in 0..b.size() {
            let i = b.index(Point::new(c as u8, r as u8));
            s.push(match b.cell(i) { 1 => 'X', 2 => 'O', _ => '.' });
        }
        s.push('\n');
    }
    s
}
