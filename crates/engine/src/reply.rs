//! Last good reply with forgetting (LGRF-2, Baier & Drake 2010): the playouts remember, for
//! each color, the reply that followed the opponent's last move (LGR-1) and the opponent's
//! last two moves (LGR-2) in playouts that color won, and forget a reply when the color that
//! played it lost. The heavy policy tries the remembered reply after its urgent tactics, so a
//! local answer that worked (a connection, the vital point of a fight) spreads to the other
//! playouts of the search quicker than the tree finds it.
//!
//! A table belongs to one search thread and lives for one search (one `genmove`): fixed-size
//! arrays indexed by padded board point, allocated once, no locking.

use crate::board::{color_index, other, BLACK, PASS};

/// The replies of both colors; 0 (PASS) means none.
#[derive(Debug, Clone)]
pub struct LastGoodReply {
    /// Board cells (padded points).
    len: usize,
    /// LGR-1: `[color][previous move]`.
    one: Vec<u16>,
    /// LGR-2: `[color][move before the previous][previous move]`.
    two: Vec<u16>,
}

impl LastGoodReply {
    /// An empty table for a board with `len` cells (`PlayoutBoard::len`).
    pub fn new(len: usize) -> LastGoodReply {
        LastGoodReply {
            len,
            one: vec![0; 2 * len],
            two: vec![0; 2 * len * len],
        }
    }

    #[inline]
    fn one_index(&self, stone: u8, prev: usize) -> usize {
        color_index(stone) * self.len + prev
    }

    #[inline]
    fn two_index(&self, stone: u8, prev2: usize, prev: usize) -> usize {
        (color_index(stone) * self.len + prev2) * self.len + prev
    }

    /// The stored replies of `stone` to the opponent's `prev` (the last move) after `prev2`
    /// (the move before it, `stone`'s own; PASS when it was a pass or unknown): the LGR-2
    /// reply first, then the LGR-1 reply; PASS where none is stored.
    pub fn replies(&self, stone: u8, prev2: usize, prev: usize) -> [usize; 2] {
        if prev == PASS || prev >= self.len || prev2 >= self.len {
            return [PASS; 2];
        }
        let two = if prev2 == PASS {
            PASS
        } else {
            self.two[self.two_index(stone, prev2, prev)] as usize
        };
        [two, self.one[self.one_index(stone, prev)] as usize]
    }

    /// Learns from one finished playout: `moves` are the moves from the root on, tree moves
    /// then playout moves, as `(point, stone)` (a pass either as PASS or left out: a move by
    /// the same color as the one before it follows a pass). The winner's replies are stored,
    /// the loser's forgotten where they are the stored ones.
    pub fn update<'a>(&mut self, moves: impl IntoIterator<Item = &'a (u16, u8)>, black_won: bool) {
        let winner = if black_won { BLACK } else { other(BLACK) };
        // The last two moves as (point, stone); point PASS after a pass.
        let mut prev = (PASS, 0u8);
        let mut prev2 = (PASS, 0u8);
        for &(m, stone) in moves {
            let m = m as usize;
            if m == PASS || m >= self.len {
                prev2 = prev;
                prev = (PASS, stone);
                continue;
            }
            if prev.1 != stone && prev.0 != PASS {
                let p = prev.0;
                // The move before the opponent's was ours (alternation, no pass between).
                let p2 = if prev2.1 == stone { prev2.0 } else { PASS };
                let i1 = self.one_index(stone, p);
                let i2 = (p2 != PASS).then(|| self.two_index(stone, p2, p));
                let reply = m as u16;
                if stone == winner {
                    self.one[i1] = reply;
                    if let Some(i2) = i2 {
                        self.two[i2] = reply;
                    }
                } else {
                    if self.one[i1] == reply {
                        self.one[i1] = 0;
                    }
                    if let Some(i2) = i2 {
                        if self.two[i2] == reply {
                            self.two[i2] = 0;
                        }
                    }
                }
            }
            if prev.1 == stone {
                // The opponent passed in between (left out of the list).
                prev2 = (PASS, other(stone));
            } else {
                prev2 = prev;
            }
            prev = (m, stone);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::WHITE;

    #[test]
    fn a_won_reply_is_stored_for_both_one_and_two_moves_back() {
        let mut t = LastGoodReply::new(121);
        // Black 20, White 30, Black 40: Black replied 40 to White's 30 after its own 20.
        t.update(&[(20, BLACK), (30, WHITE), (40, BLACK)], true);
        assert_eq!(t.replies(BLACK, 20, 30), [40, 40]);
        // After another move of Black's before 30, only the LGR-1 reply applies.
        assert_eq!(t.replies(BLACK, 21, 30), [PASS, 40]);
        // White won nothing: White's reply to Black's 20 is not stored.
        assert_eq!(t.replies(WHITE, PASS, 20), [PASS, PASS]);
    }

    #[test]
    fn a_lost_reply_is_forgotten_but_another_stored_reply_is_kept() {
        let mut t = LastGoodReply::new(121);
        t.update(&[(20, BLACK), (30, WHITE), (40, BLACK)], true);
        // Black lost after replying 41: the stored 40 is not that reply, it stays.
        t.update(&[(20, BLACK), (30, WHITE), (41, BLACK)], false);
        assert_eq!(t.replies(BLACK, 20, 30), [40, 40]);
        // Black lost after replying 40: forgotten.
        t.update(&[(20, BLACK), (30, WHITE), (40, BLACK)], false);
        assert_eq!(t.replies(BLACK, 20, 30), [PASS, PASS]);
    }

    #[test]
    fn a_pass_between_two_moves_of_one_color_makes_no_reply() {
        let mut t = LastGoodReply::new(121);
        // White passed (left out) between Black's 20 and 40; then White 30 answers 40.
        t.update(&[(20, BLACK), (40, BLACK), (30, WHITE)], false);
        assert_eq!(t.replies(BLACK, PASS, 20), [PASS, PASS]);
        assert_eq!(t.replies(WHITE, PASS, 40), [PASS, 30]);
        // The move before Black's 40 was White's pass: no LGR-2 entry with Black's 20.
        assert_eq!(t.replies(WHITE, 20, 40), [PASS, 30]);
        // An explicit pass works the same way.
        let mut t = LastGoodReply::new(121);
        t.update(&[(20, BLACK), (0, WHITE), (40, BLACK), (30, WHITE)], false);
        assert_eq!(t.replies(BLACK, PASS, 20), [PASS, PASS]);
        assert_eq!(t.replies(WHITE, PASS, 40), [PASS, 30]);
    }
}
