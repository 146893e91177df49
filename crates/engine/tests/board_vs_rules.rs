//! The playout board agrees with the rules crate on random games: legality of every point,
//! captures, stones, liberties and the simple-ko point.

use tengen_engine::board::{stone_of, PlayoutBoard, PASS};
use tengen_engine::rng::FastRng;
use tengen_rules::{Game, KoRule, Point, Rules};

fn check_game(size: u8, seed: u64) {
    let rules = Rules {
        ko: KoRule::Simple,
        ..Rules::chinese(size)
    };
    let mut game = Game::new(rules).unwrap();
    let mut pb = PlayoutBoard::new(size);
    let mut rng = FastRng::new(seed);
    let limit = size as usize * size as usize * 3;
    for _ in 0..limit {
        let me = stone_of(game.to_move());
        assert_eq!(pb.to_move(), me);
        // Every point: same legality.
        let mut legal = Vec::new();
        for p in game.board().points() {
            let i = pb.index(p);
            let ours = pb.is_legal(i, me);
            assert_eq!(ours, game.is_legal(p), "legality of {p} (seed {seed})");
            if ours {
                legal.push(p);
            }
        }
        if legal.is_empty() || rng.below(50) == 0 {
            game.pass().unwrap();
            pb.play(PASS);
            if game.consecutive_passes() >= 2 {
                break;
            }
            continue;
        }
        let p: Point = legal[rng.below(legal.len())];
        let i = pb.index(p);
        let expect_capture = pb.is_capture(i, me);
        let sa = pb.self_atari_size(i, me);
        let libs_after = pb.libs_after(i, me, 99);
        let theirs = game.place(p).unwrap();
        let ours = pb.play(i);
        assert_eq!(ours, theirs, "captures at {p}");
        assert_eq!(expect_capture, theirs > 0);
        if theirs == 0 {
            assert_eq!(libs_after, game.board().liberties(p), "liberties after {p}");
        }
        if sa > 0 {
            assert_eq!(game.board().liberties(p), 1, "self-atari at {p}");
            assert_eq!(game.board().chain(p).len() as u32, sa);
        } else {
            assert!(game.board().liberties(p) >= 2 || theirs > 0);
        }
        for q in game.board().points() {
            let j = pb.index(q);
            let cell = pb.cell(j);
            assert_eq!(cell, game.board().get(q).map_or(0, stone_of), "cell {q}");
            if cell != 0 {
                let h = pb.chain(j);
                let libs = game.board().liberties(q);
                assert_eq!(pb.in_atari(h), libs == 1, "atari of {q}");
                if libs == 1 {
                    let lib = game.board().liberty_points(q)[0];
                    assert_eq!(pb.atari_liberty(h), pb.index(lib));
                }
                assert_eq!(pb.count_libs(h, 99), libs, "liberties of {q}");
                let mut two = [0usize; 2];
                let n = pb.liberties_into(h, &mut two);
                assert_eq!(n, (libs as usize).min(3), "listed liberties of {q}");
                if libs <= 2 {
                    let mut listed: Vec<usize> = two[..n].to_vec();
                    let mut want: Vec<usize> = game
                        .board()
                        .liberty_points(q)
                        .into_iter()
                        .map(|l| pb.index(l))
                        .collect();
                    listed.sort_unstable();
                    want.sort_unstable();
                    assert_eq!(listed, want);
                }
                assert_eq!(pb.chain_stones(h), game.board().chain(q).len() as u32);
            }
        }
        pb.check_invariants().unwrap();
    }
}

#[test]
fn playout_board_matches_rules_on_random_games() {
    for (size, games) in [(5u8, 12u64), (9, 8), (13, 3), (19, 2)] {
        for seed in 0..games {
            check_game(size, seed * 31 + size as u64);
        }
    }
}

#[test]
fn area_score_of_a_filled_board_counts_stones_and_eyes() {
    let mut b = PlayoutBoard::new(5);
    // Black fills columns A-B except one eye, White columns D-E except one eye.
    for row in 0..5u8 {
        for col in 0..5u8 {
            let p = Point::new(col, row);
            let i = b.index(p);
            match col {
                0 | 1 if !(col == 0 && row == 2) => {
                    b.play_as(i, 1);
                }
                3 | 4 if !(col == 4 && row == 2) => {
                    b.play_as(i, 2);
                }
                _ => {}
            }
        }
    }
    // 9 black stones + 1 eye, 9 white stones + 1 eye; column C is shared.
    assert_eq!(b.area_score(), 0);
    let mut owners = vec![0i8; 25];
    b.owners(&mut owners);
    assert_eq!(owners[2 * 5], 1);
    assert_eq!(owners[2 * 5 + 4], -1);
    assert_eq!(owners[2], 0);
}
