//! Dead-stone estimation on the 31 finished online positions of `shared/data/ogs-autoscore`:
//! counts the files where every point agrees with `correct_ownership` (`*` ignored).
//!
//! `cargo run --release -p tengen-engine --example ogs_autoscore [DIR] [-v]`
//!
//! `s` (a point that still needed sealing) is reported both ways: strict (must be neutral) and
//! lenient (anything goes, like `*`). Each file is counted under its own `rules` (default
//! Chinese): under Japanese rules the count is territory scoring, where the empty points
//! around a chain in seki belong to nobody, as the reference marks them. The reference marks
//! the stones in seki neutral too; a stone the estimate keeps alive agrees with that mark.

use std::path::PathBuf;
use std::time::Instant;
use tengen_engine::{Engine, EngineConfig};
use tengen_rules::score::count;
use tengen_rules::{Board, Color, Game, Point, Rules};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let verbose = args.iter().any(|a| a == "-v");
    let dir = args
        .iter()
        .find(|a| !a.starts_with('-'))
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("../shared/data/ogs-autoscore"));
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort();
    let engine = Engine::new(EngineConfig {
        threads: 1,
        ..EngineConfig::default()
    });
    let (mut strict_ok, mut lenient_ok) = (0, 0);
    for f in &files {
        let text = std::fs::read_to_string(f).expect("readable");
        let json: serde_json::Value = serde_json::from_str(&text).expect("json");
        let rows: Vec<String> = json["board"]
            .as_array()
            .expect("board rows")
            .iter()
            .map(|r| r.as_str().unwrap_or("").to_string())
            .collect();
        let correct: Vec<String> = json["correct_ownership"]
            .as_array()
            .expect("ownership rows")
            .iter()
            .map(|r| r.as_str().unwrap_or("").to_string())
            .collect();
        let size = rows.len();
        let rules = match json["rules"].as_str() {
            Some("japanese") => Rules::japanese(size as u8),
            _ => Rules::chinese(size as u8),
        };
        let mut stones = Vec::new();
        for (k, row) in rows.iter().enumerate() {
            let r = (size - 1 - k) as u8;
            for (c, ch) in row.chars().enumerate() {
                let color = match ch {
                    'b' | 'B' => Color::Black,
                    'w' | 'W' => Color::White,
                    _ => continue,
                };
                stones.push((Point::new(c as u8, r), color));
            }
        }
        let board = Board::from_stones(size as u8, stones).expect("size");
        let game = Game::with_setup(rules, board, Color::Black).expect("game");
        // Time: wall clock and this process's CPU time (the machine may be busy), averaged
        // over a few runs (the estimate is deterministic).
        let runs = 3;
        let start = Instant::now();
        let cpu_start = cpu_seconds();
        let mut est = engine.estimate(&game);
        for _ in 1..runs {
            est = engine.estimate(&game);
        }
        let ms = start.elapsed().as_secs_f64() * 1000.0 / runs as f64;
        let cpu_ms = (cpu_seconds() - cpu_start) * 1000.0 / runs as f64;
        let counted = count(
            game.board(),
            &est.dead,
            [0, 0],
            game.rules().komi,
            game.rules().scoring,
        );
        let (mut bad_strict, mut bad_lenient) = (0, 0);
        let mut picture = Vec::new();
        for (k, row) in correct.iter().enumerate() {
            let mut line = String::new();
            for ((want, got), stone) in row
                .chars()
                .zip(counted.ownership[k].chars())
                .zip(rows[k].chars())
            {
                let got = if got == '.' { ' ' } else { got };
                // A stone the reference marks neutral is alive in seki (it counts for nobody
                // under territory rules); the count marks a living stone with its own color.
                let own = stone.to_ascii_uppercase();
                let want = if want == ' ' && (own == 'B' || own == 'W') && got == own {
                    own
                } else {
                    want
                };
                let ok_lenient = want == '*' || want == 's' || want == got;
                let ok_strict = want == '*' || (want == 's' && got == ' ') || want == got;
                bad_lenient += usize::from(!ok_lenient);
                bad_strict += usize::from(!ok_strict);
                line.push(if ok_lenient {
                    got.to_ascii_lowercase()
                } else {
                    '!'
                });
            }
            picture.push(format!("{}   {}   {}", rows[k], line, row));
        }
        strict_ok += usize::from(bad_strict == 0);
        lenient_ok += usize::from(bad_lenient == 0);
        println!(
            "{:40} {size:2}x{size:<2} {:4} dead  {bad_strict:3} wrong (strict) {bad_lenient:3} (lenient)  {ms:6.0} ms wall {cpu_ms:6.0} ms cpu",
            f.file_name().unwrap().to_string_lossy(),
            est.dead.len()
        );
        if verbose && bad_lenient > 0 {
            for l in picture {
                println!("    {l}");
            }
        }
    }
    println!(
        "files with every point right: {strict_ok}/{} strict, {lenient_ok}/{} lenient ('s' free)",
        files.len(),
        files.len()
    );
}

/// User + system CPU seconds of this process so far (Linux `/proc/self/stat`; 0 elsewhere).
fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit(')').next().unwrap_or("");
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}
