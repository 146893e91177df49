//! The TimeGo player: always legal (random positions, self-play), finds the time move that is
//! the only way to capture, locks against a time move that would undo its capture, and never
//! passes while a dead group decides the count.

use tengen_engine::timego::{TimeEngine, TimeMove};
use tengen_engine::EngineConfig;
use tengen_rules::timego::BoardAfter;
use tengen_rules::{Action, Color, Phase, Point, Rules, TimeGame};

fn pt(s: &str) -> Point {
    Point::parse_gtp(s).unwrap()
}

fn engine(playouts: u32, seed: u64) -> TimeEngine {
    TimeEngine::new(EngineConfig {
        playouts: Some(playouts),
        ..EngineConfig::default()
    })
    .with_seed(seed)
}

/// A 9x9 TimeGo game after these actions (`D4`, `pass`, `lock`, `time D4 3`), each legal.
fn game(actions: &[&str]) -> TimeGame {
    game_of(9, actions)
}

/// A TimeGo game of this size (komi 7.5) after these actions, each legal.
fn game_of(size: u8, actions: &[&str]) -> TimeGame {
    let mut g = TimeGame::new(Rules::timego(size)).unwrap();
    for a in actions {
        let words: Vec<&str> = a.split_whitespace().collect();
        let action = match words.as_slice() {
            ["pass"] => Action::pass(),
            ["lock"] => Action::Lock {},
            ["time", stone, to] => Action::Time {
                stone: pt(stone),
                to: to.parse().unwrap(),
            },
            [point] => Action::place(pt(point)),
            _ => panic!("bad action {a}"),
        };
        g.apply(&action)
            .unwrap_or_else(|e| panic!("{a} refused: {e}"));
    }
    g
}

/// The most stones `color` gains with one time move now, with the moves that gain them.
fn best_time_gain(game: &TimeGame, color: Color) -> (i32, Vec<(Point, usize)>) {
    let count = |c: Color| game.board().stone_count(c) as i32;
    let before = [count(Color::Black), count(Color::White)];
    let mut best = (0, Vec::new());
    for e in game.time_move_effects_of(color) {
        if let BoardAfter::Changed { stones, .. } = e.after {
            let g = (stones[color.index()] as i32 - before[color.index()])
                - (stones[color.opponent().index()] as i32 - before[color.opponent().index()]);
            if g > best.0 {
                best = (g, vec![(e.stone, e.to)]);
            } else if g == best.0 && g > 0 {
                best.1.push((e.stone, e.to));
            }
        }
    }
    best
}

/// A small random xorshift generator (tests need no crate for it).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A random legal action of the side to move: mostly placements, some time moves and Locks.
fn random_action(g: &TimeGame, rng: &mut Rng) -> Action {
    let roll = rng.below(10);
    if roll == 0 && g.boundary() < g.order().len() {
        return Action::Lock {};
    }
    if roll <= 2 {
        let moves = g.legal_time_moves();
        if !moves.is_empty() {
            let m = &moves[rng.below(moves.len())];
            let t = &m.targets[rng.below(m.targets.len())];
            return Action::Time {
                stone: m.stone,
                to: t.to,
            };
        }
    }
    let empty: Vec<Point> = g
        .board()
        .points()
        .filter(|&p| g.check_place(p).is_ok())
        .collect();
    if empty.is_empty() {
        Action::pass()
    } else {
        Action::place(empty[rng.below(empty.len())])
    }
}

#[test]
fn genmove_is_legal_in_random_positions_with_time_moves_and_locks() {
    let mut rng = Rng(0x5EED_1234);
    for (size, turns) in [(5u8, 20usize), (7, 40), (9, 50), (9, 90)] {
        for round in 0..3 {
            let mut g = TimeGame::new(Rules::timego(size)).unwrap();
            for _ in 0..turns {
                if g.phase() != Phase::Playing {
                    break;
                }
                let a = random_action(&g, &mut rng);
                g.apply(&a).unwrap();
            }
            if g.phase() != Phase::Playing {
                continue;
            }
            let color = g.to_move();
            let mv = engine(150, round).genmove(&g, None);
            let mut after = g.clone();
            after
                .apply(&mv.to_action(color))
                .unwrap_or_else(|e| panic!("{size}x{size}: {mv:?} is illegal: {e}"));
            after.check_invariants().unwrap();
        }
    }
}

#[test]
fn self_play_games_stay_legal_to_the_end() {
    // Long games to two passes: every action the player chooses is applied by the rules (an
    // illegal one would fail), and the caches stay consistent with a replay from scratch.
    let mut time_moves = 0;
    for (size, seed, playouts) in [(5u8, 7u64, 80u32), (7, 8, 80), (9, 9, 60)] {
        let mut g = TimeGame::new(Rules::timego(size)).unwrap();
        let mut players = [engine(playouts, seed), engine(playouts, seed + 50)];
        let mut turns = 0;
        while g.phase() == Phase::Playing && turns < 400 {
            let color = g.to_move();
            let mv = players[color.index()].genmove(&g, None);
            time_moves += mv.is_time() as u32;
            g.apply(&mv.to_action(color))
                .unwrap_or_else(|e| panic!("{size}x{size} turn {turns}: {mv:?} is illegal: {e}"));
            turns += 1;
            if turns % 25 == 0 {
                g.check_invariants().unwrap();
            }
        }
        g.check_invariants().unwrap();
        assert_eq!(
            g.phase(),
            Phase::Finished,
            "{size}x{size} still going after {turns} turns"
        );
        assert!(
            turns > 2 * size as usize,
            "{size}x{size} ended after {turns} turns"
        );
    }
    assert!(time_moves > 0, "the players moved no stone into the past");
}

/// Whether any placement of the side to move would capture now.
fn some_placement_captures(g: &TimeGame) -> bool {
    g.board().points().any(|p| {
        g.check_place(p).is_ok()
            && g.board()
                .probe(p, g.to_move())
                .is_ok_and(|probe| probe.captures > 0)
    })
}

/// 5x5: White's C1-C3 were in atari (liberty D3) right after Black's C4, and escaped by
/// capturing C4 with C5. White then connected at C4 and Black played D3. D3 moved back
/// before C5 captures C1-C3 and saves C4 (White's C4 is cancelled: occupied).
///
/// ```text
///  . . O . .
///  . O O O .
///  . X O X .
///  . X O X .
///  . X O X .
/// ```
const CAPTURE_IN_THE_PAST: &[&str] = &[
    "B1", "C1", "B2", "C2", "B3", "C3", "D1", "B4", "D2", "D4", "C4", "C5", "pass", "C4", "D3",
];

/// A 5x5 TimeGo game (komi 7.5) after these actions.
fn game5(actions: &[&str]) -> TimeGame {
    game_of(5, actions)
}

#[test]
fn finds_the_time_move_that_is_the_only_capture() {
    let mut actions = CAPTURE_IN_THE_PAST.to_vec();
    actions.push("E5");
    let g = game5(&actions);
    assert_eq!(g.to_move(), Color::Black);
    assert!(!some_placement_captures(&g));
    let (gain, moves) = best_time_gain(&g, Color::Black);
    assert_eq!(gain, 5);
    // D3 moved to any index up to 11 (after Black's C4, before White's C5) captures.
    assert!(moves.iter().all(|&(s, to)| s == pt("D3") && to <= 11));
    let mut e = engine(3000, 1);
    let mv = e.genmove(&g, None);
    let TimeMove::Time { stone, to } = mv else {
        panic!(
            "expected the capturing time move, got {mv:?}: {:#?}",
            e.last_root()
        );
    };
    assert!(moves.contains(&(stone, to)), "{mv:?}");
}

#[test]
fn finds_the_time_move_that_is_the_only_way_to_save_a_captured_group() {
    // White captured Black's C4-C5 with D5; C1-C3 had been in atari (liberty D3) just
    // before. Only D3 moved back before D5 brings C4-C5 back (and captures C1-C3).
    let g = game5(&[
        "B1", "C1", "B2", "C2", "B3", "C3", "D1", "B4", "D2", "D4", "C4", "B5", "C5", "D5", "D3",
        "C4",
    ]);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.board().get(pt("C5")), None, "C4-C5 are captured");
    assert!(!some_placement_captures(&g));
    let (gain, moves) = best_time_gain(&g, Color::Black);
    assert_eq!(gain, 6);
    let mut e = engine(3000, 3);
    let mv = e.genmove(&g, None);
    let TimeMove::Time { stone, to } = mv else {
        panic!(
            "expected the saving time move, got {mv:?}: {:#?}",
            e.last_root()
        );
    };
    assert!(moves.contains(&(stone, to)), "{mv:?}");
    let mut after = g.clone();
    after.time(stone, to).unwrap();
    assert_eq!(after.board().get(pt("C5")), Some(Color::Black));
    assert_eq!(after.board().get(pt("C4")), Some(Color::Black));
}

/// [`CAPTURE_IN_THE_PAST`] with Black's Lock after the first six placements (White passes
/// back): the same position, but White's C5 can no longer travel before index 6.
const CAPTURE_AFTER_AN_EARLY_LOCK: &[&str] = &[
    "B1", "C1", "B2", "C2", "B3", "C3", "lock", "pass", "D1", "B4", "D2", "D4", "C4", "C5", "pass",
    "C4", "D3",
];

#[test]
fn locks_when_the_opponent_would_undo_its_capture_with_a_time_move() {
    // White to move: White captured C4 with C5, and Black's best reply is D3 moved back
    // before C5, which undoes that capture and captures C1-C3. Without the early Lock, White
    // could answer that by moving C5 before Black's C4 (the search rightly plays on there);
    // here C5 cannot go back far enough, and White locks.
    let g = game5(CAPTURE_AFTER_AN_EARLY_LOCK);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.boundary(), 6);
    let (threat, _) = best_time_gain(&g, Color::Black);
    assert_eq!(threat, 5, "Black's time move gains 5 stones");
    for seed in [2, 3, 4] {
        let mut e = engine(3000, seed);
        let mv = e.genmove(&g, None);
        assert_eq!(mv, TimeMove::Lock, "seed {seed}: {:#?}", e.last_root());
    }
    let mut after = g.clone();
    after.lock().unwrap();
    assert_eq!(best_time_gain(&after, Color::Black).0, 0);
}

/// Walls on E (Black) and F (White); Black's pocket A1-B2 holds a dead White stone at B2.
/// The count as it stands: Black 41, White 37 + 7.5; with B2 captured Black wins by 1.5.
fn dead_stone_position(white_passed: bool) -> TimeGame {
    let mut actions = Vec::new();
    for row in 1..=9 {
        actions.push(format!("E{row}"));
        actions.push(format!("F{row}"));
    }
    for (b, w) in [("A3", "B2"), ("B3", "pass"), ("C3", "pass"), ("C2", "pass")] {
        actions.push(b.to_string());
        actions.push(w.to_string());
    }
    actions.push("C1".to_string());
    if white_passed {
        actions.push("pass".to_string());
    }
    let refs: Vec<&str> = actions.iter().map(String::as_str).collect();
    game(&refs)
}

#[test]
fn never_passes_while_its_own_dead_stone_would_lose_the_count() {
    let g = dead_stone_position(false);
    assert_eq!(g.to_move(), Color::White);
    assert_eq!(g.consecutive_passes(), 0);
    assert_eq!(g.score().result.winner(), Some(Color::White));
    for seed in 0..3 {
        let mv = engine(1500, seed).genmove(&g, None);
        assert_ne!(mv, TimeMove::Pass, "seed {seed}");
    }
}

#[test]
fn captures_dead_stones_before_passing() {
    let mut g = dead_stone_position(true);
    assert_eq!(g.to_move(), Color::Black);
    assert_eq!(g.score().result.winner(), Some(Color::White));
    let mut black = engine(1500, 4);
    let mut white = engine(1500, 5);
    // Black never passes while the count loses; White passes while its count wins.
    let mut turns = 0;
    while g.phase() == Phase::Playing && turns < 40 {
        let color = g.to_move();
        let mv = if color == Color::Black {
            black.genmove(&g, None)
        } else {
            white.genmove(&g, None)
        };
        if color == Color::Black && mv == TimeMove::Pass {
            assert_eq!(g.score().result.winner(), Some(Color::Black));
        }
        g.apply(&mv.to_action(color)).unwrap();
        turns += 1;
    }
    assert_ne!(g.board().get(pt("B2")), Some(Color::White), "B2 captured");
}
