//! A small GTP front end for the engine, for matches and dead-stone comparisons until the
//! `tengen gtp` command exists. Chinese rules, positional superko.
//!
//! `cargo run --release -p tengen-engine --example gtp -- [--level N] [--playouts N]
//!  [--threads N] [--seconds S] [--seed N] [--resign]`

use std::io::{BufRead, Write};
use tengen_engine::{Clock, Engine, EngineConfig, EngineMove};
use tengen_rules::{Color, Game, Komi, Phase, Point, Rules};

struct State {
    engine: Engine,
    game: Game,
    size: u8,
    komi: Komi,
    clock: Option<Clock>,
}

impl State {
    fn reset(&mut self) {
        let rules = Rules::chinese(self.size).with_komi(self.komi);
        self.game = Game::new(rules).expect("valid size");
        self.engine.clear();
    }

    /// Makes it `color`'s turn (inserting a pass for the other side if needed).
    fn turn(&mut self, color: Color) -> Result<(), String> {
        if self.game.phase() != Phase::Playing {
            return Err("game is over".into());
        }
        if self.game.to_move() != color {
            self.game.pass().map_err(|e| e.to_string())?;
            if self.game.phase() != Phase::Playing {
                return Err("game is over".into());
            }
        }
        Ok(())
    }

    fn handle(&mut self, cmd: &str, args: &[&str]) -> Result<String, String> {
        match cmd {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("Tengen".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or(""))
                .to_string()),
            "quit" => Ok(String::new()),
            "boardsize" => {
                let n: u8 = args
                    .first()
                    .and_then(|a| a.parse().ok())
                    .ok_or("unacceptable size")?;
                if !(2..=25).contains(&n) {
                    return Err("unacceptable size".into());
                }
                self.size = n;
                self.reset();
                Ok(String::new())
            }
            "clear_board" => {
                self.reset();
                Ok(String::new())
            }
            "komi" => {
                let k: f64 = args
                    .first()
                    .and_then(|a| a.parse().ok())
                    .ok_or("syntax error")?;
                self.komi = Komi::from_points(k).map_err(|e| e.to_string())?;
                self.reset();
                Ok(String::new())
            }
            "play" => {
                let color = args
                    .first()
                    .and_then(|c| Color::parse(c))
                    .ok_or("syntax error")?;
                let v = args.get(1).ok_or("syntax error")?;
                self.turn(color)?;
                if v.eq_ignore_ascii_case("pass") {
                    self.game.pass().map_err(|e| e.to_string())?;
                } else {
                    let p = Point::parse_gtp_on(v, self.size).map_err(|e| e.to_string())?;
                    self.game.place(p).map_err(|_| "illegal move".to_string())?;
                }
                Ok(String::new())
            }
            "genmove" => {
                let color = args
                    .first()
                    .and_then(|c| Color::parse(c))
                    .ok_or("syntax error")?;
                self.turn(color)?;
                let mv = self.engine.genmove(&self.game, color, self.clock.take());
                if let Some(info) = self.engine.last_search() {
                    eprintln!(
                        "playouts {} in {:.2}s, winrate {:.3}, {} nodes{}",
                        info.playouts,
                        info.seconds,
                        info.winrate,
                        info.nodes,
                        if info.reused_tree {
                            " (tree reused)"
                        } else {
                            ""
                        }
                    );
                }
                match mv {
                    EngineMove::Place(p) => {
                        self.game.place(p).map_err(|e| e.to_string())?;
                        Ok(p.to_gtp())
                    }
                    EngineMove::Pass => {
                        self.game.pass().map_err(|e| e.to_string())?;
                        Ok("pass".into())
                    }
                    EngineMove::Resign => Ok("resign".into()),
                }
            }
            "time_settings" => Ok(String::new()),
            "time_left" => {
                let secs: f64 = args
                    .get(1)
                    .and_then(|a| a.parse().ok())
                    .ok_or("syntax error")?;
                let stones: u32 = args
                    .get(2)
                    .and_then(|a| a.parse().ok())
                    .ok_or("syntax error")?;
                self.clock = Some(Clock {
                    seconds: secs,
                    stones,
                });
                Ok(String::new())
            }
            "final_score" => {
                let est = self.engine.estimate(&self.game);
                let s = self.game.score_with(&est.dead);
                Ok(s.result.to_string())
            }
            "final_status_list" => {
                let est = self.engine.estimate(&self.game);
                match args.first().copied() {
                    Some("dead") => Ok(est
                        .dead
                        .iter()
                        .map(|p| p.to_gtp())
                        .collect::<Vec<_>>()
                        .join(" ")),
                    Some("alive") => Ok(self
                        .game
                        .board()
                        .stones()
                        .filter(|(p, _)| !est.dead.contains(p))
                        .map(|(p, _)| p.to_gtp())
                        .collect::<Vec<_>>()
                        .join(" ")),
                    Some("seki") => Ok(String::new()),
                    _ => Err("syntax error".into()),
                }
            }
            "showboard" => Ok(format!("\n{}", self.game.board().rows().join("\n"))),
            _ => Err("unknown command".into()),
        }
    }
}

const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "list_commands",
    "known_command",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "time_settings",
    "time_left",
    "final_score",
    "final_status_list",
    "showboard",
];

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut config = EngineConfig::default();
    let mut seed = 1u64;
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--level" => config.level = val.parse().expect("--level N"),
            "--playouts" => config.playouts = Some(val.parse().expect("--playouts N")),
            "--threads" => config.threads = val.parse().expect("--threads N"),
            "--seconds" => config.seconds_per_move = Some(val.parse().expect("--seconds S")),
            "--seed" => seed = val.parse().expect("--seed N"),
            "--resign" => {
                config.allow_resign = true;
                i -= 1;
            }
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    let size = 19;
    let komi = Komi::from_points(7.5).expect("komi");
    let mut state = State {
        engine: Engine::new(config).with_seed(seed),
        game: Game::new(Rules::chinese(size).with_komi(komi)).expect("size"),
        size,
        komi,
        clock: None,
    };
    let stdin = std::io::stdin();
    let mut out = std::io::stdout();
    for line in stdin.lock().lines() {
        let Ok(line) = line else { break };
        let line = line.split('#').next().unwrap_or("").trim().to_string();
        if line.is_empty() {
            continue;
        }
        let mut words: Vec<&str> = line.split_whitespace().collect();
        let id = words[0].parse::<u32>().ok().map(|n| {
            words.remove(0);
            n.to_string()
        });
        let id = id.unwrap_or_default();
        let Some(&cmd) = words.first() else { continue };
        let reply = state.handle(cmd, &words[1..]);
        let text = match reply {
            Ok(s) => format!("={id} {s}\n\n"),
            Err(e) => format!("?{id} {e}\n\n"),
        };
        let _ = out.write_all(text.as_bytes());
        let _ = out.flush();
        if cmd == "quit" {
            break;
        }
    }
}
