//! In-process TimeGo games between two players, for tuning the TimeGo player quickly (the
//! measurements in docs/TIMEGO.md go through the shipped binary, `bench/timego/`).
//!
//! `cargo run --release -p tengen-engine --example timego_match -- [games] [playouts] [size]
//!  [a: full|placements] [b: full|placements] [first game]`
//!
//! Player A takes Black in even games. Prints each game and A's wins. Both may resign unless
//! `NORESIGN` is set; `VERBOSE` prints every move, `ROOT` the search's root actions, `DIAG`
//! the time moves that would change the board.

use std::time::Instant;
use tengen_engine::timego::{TimeEngine, TimeMove};
use tengen_engine::EngineConfig;
use tengen_rules::{Color, Phase, Rules, TimeGame};

fn player(kind: &str, playouts: u32, seed: u64) -> TimeEngine {
    let config = EngineConfig {
        playouts: Some(playouts),
        allow_resign: std::env::var_os("NORESIGN").is_none(),
        ..EngineConfig::default()
    };
    let e = TimeEngine::new(config).with_seed(seed);
    if kind == "placements" {
        e.placements_only()
    } else {
        e
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u32 = args.get(1).map_or(10, |s| s.parse().unwrap());
    let playouts: u32 = args.get(2).map_or(1000, |s| s.parse().unwrap());
    let size: u8 = args.get(3).map_or(9, |s| s.parse().unwrap());
    let a_kind = args.get(4).map_or("full", |s| s.as_str()).to_string();
    let b_kind = args.get(5).map_or("placements", |s| s.as_str()).to_string();
    let first: u32 = args.get(6).map_or(0, |s| s.parse().unwrap());
    let mut a_wins = 0;
    for g in first..first + games {
        let a_black = g % 2 == 0;
        let mut a = player(&a_kind, playouts, 1000 + g as u64);
        let mut b = player(&b_kind, playouts, 5000 + g as u64);
        let mut game = TimeGame::new(Rules::timego(size)).unwrap();
        let t0 = Instant::now();
        let mut times = 0;
        let mut locks = 0;
        let mut turns = 0;
        let limit = size as usize * size as usize * 4;
        while game.phase() == Phase::Playing && turns < limit {
            let black = game.to_move() == Color::Black;
            let e = if black == a_black { &mut a } else { &mut b };
            if std::env::var_os("DIAG").is_some() {
                let me = game.to_move();
                let before = [
                    game.board().stone_count(Color::Black) as i32,
                    game.board().stone_count(Color::White) as i32,
                ];
                let mut gains: Vec<(i32, String)> = game
                    .time_move_effects()
                    .into_iter()
                    .filter_map(|e| match e.after {
                        tengen_rules::timego::BoardAfter::Changed { stones, .. } => {
                            let g = (stones[me.index()] as i32 - before[me.index()])
                                - (stones[me.opponent().index()] as i32
                                    - before[me.opponent().index()]);
                            Some((g, format!("{}->{}", e.stone, e.to)))
                        }
                        _ => None,
                    })
                    .collect();
                gains.sort_by_key(|g| -g.0);
                gains.truncate(4);
                eprintln!("    {me} changing time moves: {gains:?}");
            }
            let mv = e.genmove(&game, None);
            match mv {
                TimeMove::Time { .. } => times += 1,
                TimeMove::Lock => locks += 1,
                _ => {}
            }
            let color = game.to_move();
            if std::env::var_os("VERBOSE").is_some() {
                let info = e
                    .last_search()
                    .map_or((0, 0.0, 0.0), |i| (i.playouts, i.winrate, i.seconds));
                eprintln!(
                    "{turns:3} {color} {mv:?} po {} wr {:.2} {:.2}s",
                    info.0, info.1, info.2
                );
                if std::env::var_os("ROOT").is_some() {
                    for r in e.last_root().iter().take(6) {
                        eprintln!(
                            "      {:?} v {} wr {:.2} prior {:.2}",
                            r.action, r.visits, r.winrate, r.prior
                        );
                    }
                    for r in e.last_root().iter().filter(|r| r.action.is_time()).take(4) {
                        eprintln!(
                            "      T {:?} v {} wr {:.2} prior {:.2}",
                            r.action, r.visits, r.winrate, r.prior
                        );
                    }
                }
            }
            game.apply(&mv.to_action(color))
                .unwrap_or_else(|err| panic!("illegal {mv:?}: {err}"));
            turns += 1;
        }
        let result = game.result().unwrap_or(game.score().result);
        let a_color = if a_black { Color::Black } else { Color::White };
        let won = result.winner() == Some(a_color);
        a_wins += won as u32;
        println!(
            "game {g}: A {a_color} {result} {} turns, {times} time moves, {locks} locks, {:.0}s{} | A {a_wins}/{}",
            turns,
            t0.elapsed().as_secs_f64(),
            if game.phase() == Phase::Playing { " (capped)" } else { "" },
            g - first + 1
        );
    }
}
