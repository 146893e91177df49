//! A learned evaluation of 9×9 positions: a small convolutional network, fitted by
//! `bench/engine/fit_value.py` on the finished games of Tengen against GNU Go, that gives the
//! side to move's chance of winning (docs/ENGINE.md, "Learned evaluation"). The search adds
//! it to new nodes as prior results (`EngineConfig::value_prior`): by default in a search by
//! time and at the top level's own budget, not at the lower levels' fixed budgets.
//!
//! The input is twelve planes from the side to move's view, as `value_data.py` writes them:
//! its stones, the opponent's, the empty points, its chains with one, two and three or more
//! liberties, the opponent's the same, the last move, the board, and whether the side to move
//! is Black. The network: 3×3 convolutions with ReLU, then the channels' mean and maximum over
//! the board, one hidden layer and a sigmoid. The convolutions sum blocks of output channels in
//! registers, several points at once where the processor has wide vectors (`Conv::apply`).

use thiserror::Error;

use crate::board::{PlayoutBoard, BLACK, EMPTY, PASS};

/// The input planes of a network fitted without the players' names.
const BOARD_PLANES: usize = 12;
/// With them: whether the side to move is Tengen, and whether its opponent is.
const NAMED_PLANES: usize = 14;
/// The board side the network was fitted for.
pub const VALUE_BOARD: usize = 9;
/// The komi of the games it was fitted on, in half points (7.5).
pub const FITTED_KOMI_HALVES: i32 = 15;
/// The prior's virtual visits in a search by time unless the engine is told another.
pub const TIMED_PRIOR: f32 = 20.0;

/// The learned evaluation's prior the engine uses unless told another: [`TIMED_PRIOR`] at
/// full strength — a search by time, where it won at equal time, or the top level's own
/// budget, where it won 71 of 100 at equal playouts — on a processor that values fast
/// ([`fast_valuation`]), and none at the lower levels' fixed playout budgets, whose ranks were
/// measured without it (the network only values 9×9 boards at komi 7.5).
pub fn default_prior(full_strength: bool) -> f32 {
    on_when_full_and_fast(TIMED_PRIOR, full_strength)
}

/// The learned move prior's weight in a search by time unless the engine is told another:
/// 50 since 2026-12-05, which won 221 of 400 games against 30 at equal time (docs/ENGINE.md,
/// "Learned moves").
pub const TIMED_MOVE_PRIOR: f32 = 50.0;

/// The learned move prior the engine uses unless told another: [`TIMED_MOVE_PRIOR`] at full
/// strength on a processor that values fast, and none at the lower levels' fixed budgets, as
/// with [`default_prior`].
pub fn default_move_prior(full_strength: bool) -> f32 {
    on_when_full_and_fast(TIMED_MOVE_PRIOR, full_strength)
}

/// The learned evaluation's share of each iteration's result (the mix) in a search by time
/// unless the engine is told another: 0.25 since 2026-12-05, which won 214 of 400 games
/// against none at equal time and lost 21 of them by more than 20 points against 46
/// (docs/ENGINE.md, "The mix, again").
pub const TIMED_VALUE_MIX: f32 = 0.25;

/// The mix the engine uses unless told another: [`TIMED_VALUE_MIX`] where the prior is on by
/// default ([`default_prior`]), whose valuations it reuses, and none at the lower levels'
/// fixed budgets.
pub fn default_value_mix(full_strength: bool) -> f32 {
    on_when_full_and_fast(TIMED_VALUE_MIX, full_strength)
}

/// `setting` at full strength on a processor that values fast, else 0 (off).
fn on_when_full_and_fast<T: Default>(setting: T, full_strength: bool) -> T {
    if full_strength && fast_valuation() {
        setting
    } else {
        T::default()
    }
}

/// Depth of the search tree down to which the wide network values the nodes
/// ([`EngineConfig::wide_depth`](crate::EngineConfig::wide_depth)) unless the engine is told
/// another: the root and the three plies below it, where it won at equal time
/// (docs/ENGINE.md, "The wide network near the root").
pub const TIMED_WIDE_DEPTH: u8 = 4;

/// The wide network's depth the engine uses unless told another: [`TIMED_WIDE_DEPTH`] where
/// the shipped network is on by default ([`default_prior`]), and none elsewhere.
pub fn default_wide_depth(full_strength: bool) -> u8 {
    on_when_full_and_fast(TIMED_WIDE_DEPTH, full_strength)
}

/// The network that values a node at `depth` of the search tree (the root is 0): the wide
/// one ([`ValueNet::wide`]) for the nodes shallower than `wide_depth`, where a search has few
/// nodes and spends most of its visits, and the shipped one, four times cheaper, below them.
pub fn net_at(depth: usize, wide_depth: u8) -> &'static ValueNet {
    if depth < usize::from(wide_depth) {
        ValueNet::wide()
    } else {
        ValueNet::shipped()
    }
}

/// Whether this processor runs the convolutions' fast kernel (AVX2 and FMA): where the
/// network was measured to win at equal time. Elsewhere a valuation costs about three times
/// as much, the cost at which a network lost at equal time.
pub fn fast_valuation() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        avx2_fma().is_some()
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// Points on that board.
const POINTS: usize = VALUE_BOARD * VALUE_BOARD;

/// Why a weight file could not be read.
#[derive(Debug, Error, PartialEq)]
pub enum ValueNetError {
    /// The header line (channels and layers) is missing or malformed.
    #[error("the weight file has no `CHANNELS LAYERS` line")]
    Header,
    /// A tensor is missing, misnamed or has the wrong number of values.
    #[error("tensor {name}: {problem}")]
    Tensor {
        /// The tensor's name as PyTorch wrote it (`convs.0.weight`).
        name: String,
        /// What is wrong with it.
        problem: String,
    },
}

/// One 3×3 convolution, its weights laid out tap, then input channel, then output channel,
/// so that the inner loop runs over a block of output channels.
#[derive(Debug, Clone)]
struct Conv {
    inputs: usize,
    outputs: usize,
    weights: Vec<f32>,
    bias: Vec<f32>,
}

/// The fitted network.
#[derive(Debug, Clone)]
pub struct ValueNet {
    /// Input planes: [`BOARD_PLANES`] or [`NAMED_PLANES`].
    planes: usize,
    channels: usize,
    convs: Vec<Conv>,
    /// The hidden layer, `channels` rows of `2 * channels` (mean, then max).
    hidden: Vec<f32>,
    hidden_bias: Vec<f32>,
    win: Vec<f32>,
    win_bias: f32,
    /// The move head fitted on the same convolutions by `fit_policy.py`, where the file has one.
    moves: Option<MoveHead>,
}

/// Which point GNU Go would play: 3×3 convolutions with ReLU on the evaluation's last layer,
/// then one logit a point (docs/ENGINE.md, "Learned moves").
#[derive(Debug, Clone)]
struct MoveHead {
    convs: Vec<Conv>,
    logit: Vec<f32>,
    logit_bias: f32,
}

/// The chance of each point of a 9×9 board being the move GNU Go plays there, as the move head
/// gives it: a softmax over the empty points, indexed by the board's own point index.
#[derive(Debug, Clone)]
pub struct MoveChances {
    by_point: Vec<f32>,
}

impl MoveChances {
    /// The chance of the move at board index `i` (0 for an occupied point or one off the board).
    pub fn of(&self, i: usize) -> f32 {
        self.by_point.get(i).copied().unwrap_or(0.0)
    }
}

/// Reads the tensors of a weight file in order, checking each one's name and length.
struct Tensors<'a> {
    lines: std::iter::Filter<std::str::Lines<'a>, fn(&&str) -> bool>,
}

impl<'a> Tensors<'a> {
    fn next(&mut self, name: &str, len: usize) -> Result<Vec<f32>, ValueNetError> {
        let err = |problem: String| ValueNetError::Tensor {
            name: name.to_string(),
            problem,
        };
        let head = self.lines.next().ok_or_else(|| err("missing".into()))?;
        let mut fields = head.split_whitespace();
        if fields.next() != Some(name) {
            return Err(err(format!("found {head:?} in its place")));
        }
        let values = self.lines.next().ok_or_else(|| err("no values".into()))?;
        let values: Vec<f32> = values
            .split_whitespace()
            .map(|v| v.parse::<f32>().map_err(|e| err(format!("{v:?}: {e}"))))
            .collect::<Result<_, _>>()?;
        if values.len() != len {
            return Err(err(format!("{} values, expected {len}", values.len())));
        }
        Ok(values)
    }
}

impl ValueNet {
    /// The network shipped for 9×9.
    pub fn shipped() -> &'static ValueNet {
        static NET: std::sync::OnceLock<ValueNet> = std::sync::OnceLock::new();
        NET.get_or_init(|| {
            ValueNet::parse(include_str!("value-9.txt")).expect("the shipped value network reads")
        })
    }

    /// The wide network for 9×9 (32 channels, four times the shipped one's arithmetic), which
    /// values the nodes near the root of a search ([`net_at`]; docs/ENGINE.md, "The wide
    /// network near the root").
    pub fn wide() -> &'static ValueNet {
        static NET: std::sync::OnceLock<ValueNet> = std::sync::OnceLock::new();
        NET.get_or_init(|| {
            ValueNet::parse(include_str!("value-9-wide.txt")).expect("the wide network reads")
        })
    }

    /// Reads a weight file written by `fit_value.py`.
    pub fn parse(text: &str) -> Result<ValueNet, ValueNetError> {
        let mut lines = text
            .lines()
            .filter((|l: &&str| !l.starts_with('#') && !l.trim().is_empty()) as fn(&&str) -> bool);
        let header = lines.next().ok_or(ValueNetError::Header)?;
        let dims: Vec<usize> = header
            .split_whitespace()
            .map(|v| v.parse().map_err(|_| ValueNetError::Header))
            .collect::<Result<_, _>>()?;
        let (channels, layers, planes) = match dims[..] {
            [c, l] => (c, l, BOARD_PLANES),
            [c, l, p] => (c, l, p),
            _ => return Err(ValueNetError::Header),
        };
        if channels == 0 || layers == 0 || ![BOARD_PLANES, NAMED_PLANES].contains(&planes) {
            return Err(ValueNetError::Header);
        }
        let mut tensors = Tensors { lines };
        let convs = (0..layers)
            .map(|l| {
                let inputs = if l == 0 { planes } else { channels };
                Conv::read(&mut tensors, &format!("convs.{l}"), inputs, channels)
            })
            .collect::<Result<Vec<_>, _>>()?;
        // The ownership head is fitted with the rest but not used by the search.
        tensors.next("owner.weight", channels)?;
        tensors.next("owner.bias", 1)?;
        let hidden = tensors.next("hidden.weight", channels * 2 * channels)?;
        let hidden_bias = tensors.next("hidden.bias", channels)?;
        let win = tensors.next("win.weight", channels)?;
        let win_bias = tensors.next("win.bias", 1)?[0];
        let moves = match tensors.lines.next() {
            None => None,
            Some(line) => Some(MoveHead::parse(line, channels, &mut tensors)?),
        };
        Ok(ValueNet {
            planes,
            channels,
            convs,
            hidden,
            hidden_bias,
            win,
            win_bias,
            moves,
        })
    }

    /// Whether the network has a move head ([`ValueNet::move_chances`]).
    pub fn has_moves(&self) -> bool {
        self.moves.is_some()
    }

    /// The last convolution's channels for `board` (9×9) on the padded board.
    fn features(&self, board: &mut PlayoutBoard, engine: u8) -> Vec<f32> {
        through(&self.convs, input_planes(board, self.planes, engine))
    }

    /// The side to move's chance of winning `board` when the engine plays `engine` (the
    /// stone of the player it searches for) against GNU Go-like play, or None when the board
    /// is not 9×9.
    pub fn win_chance(&self, board: &mut PlayoutBoard, engine: u8) -> Option<f32> {
        if board.size() != VALUE_BOARD {
            return None;
        }
        let act = self.features(board, engine);
        Some(self.win_of(&act))
    }

    /// [`ValueNet::win_chance`] and [`ValueNet::move_chances`] from one pass through the
    /// convolutions; None when the board is not 9×9, no chances when there is no move head.
    pub fn evaluate(
        &self,
        board: &mut PlayoutBoard,
        engine: u8,
    ) -> Option<(f32, Option<MoveChances>)> {
        if board.size() != VALUE_BOARD {
            return None;
        }
        let act = self.features(board, engine);
        let win = self.win_of(&act);
        let moves = self.moves.as_ref().map(|head| head.chances(board, act));
        Some((win, moves))
    }

    /// The chance of each empty point being GNU Go's move in `board` for its side to move;
    /// None when the board is not 9×9 or the network has no move head.
    pub fn move_chances(&self, board: &mut PlayoutBoard) -> Option<MoveChances> {
        let head = self
            .moves
            .as_ref()
            .filter(|_| board.size() == VALUE_BOARD)?;
        let me = board.to_move();
        let act = self.features(board, me);
        Some(head.chances(board, act))
    }

    /// The side to move's chance of winning from the last layer's channels `act`.
    fn win_of(&self, act: &[f32]) -> f32 {
        let c = self.channels;
        let mut pooled = vec![0.0f32; 2 * c];
        for p in (0..POINTS).map(padded) {
            for (k, &a) in act[p * c..(p + 1) * c].iter().enumerate() {
                pooled[k] += a / POINTS as f32;
                pooled[c + k] = pooled[c + k].max(a);
            }
        }
        let mut logit = self.win_bias;
        for (row, (&b, &w)) in self
            .hidden
            .chunks_exact(2 * c)
            .zip(self.hidden_bias.iter().zip(&self.win))
        {
            let h = b + row.iter().zip(&pooled).map(|(x, y)| x * y).sum::<f32>();
            logit += w * h.max(0.0);
        }
        1.0 / (1.0 + (-logit).exp())
    }
}

/// The most 3×3 convolutions a move head may have: a bound on what a weight file can ask for.
const MAX_HEAD_CONVS: usize = 8;

impl MoveHead {
    /// Reads the head after its `moves CONVS` line (`line`), for trunk of `channels`.
    fn parse(
        line: &str,
        channels: usize,
        tensors: &mut Tensors,
    ) -> Result<MoveHead, ValueNetError> {
        let malformed = || ValueNetError::Tensor {
            name: "moves".into(),
            problem: format!("expected `moves CONVS`, CONVS at most {MAX_HEAD_CONVS}: {line:?}"),
        };
        let convs: usize = match line.split_whitespace().collect::<Vec<_>>()[..] {
            ["moves", n] => n
                .parse()
                .ok()
                .filter(|&n| n <= MAX_HEAD_CONVS)
                .ok_or_else(malformed)?,
            _ => return Err(malformed()),
        };
        let convs = (0..convs)
            .map(|l| Conv::read(tensors, &format!("move.convs.{l}"), channels, channels))
            .collect::<Result<_, _>>()?;
        let logit = tensors.next("move.logit.weight", channels)?;
        let logit_bias = tensors.next("move.logit.bias", 1)?[0];
        Ok(MoveHead {
            convs,
            logit,
            logit_bias,
        })
    }

    /// The softmax over the empty points of `board` of the head's logits on `act`.
    fn chances(&self, board: &PlayoutBoard, act: Vec<f32>) -> MoveChances {
        let c = self.logit.len();
        let act = through(&self.convs, act);
        let mut by_point = vec![0.0f32; board.len()];
        let mut most = f32::NEG_INFINITY;
        let mut logits = Vec::with_capacity(POINTS);
        for &e in board.empties() {
            let i = e as usize;
            let p = padded(fit_point(board, i));
            let l = self.logit_bias
                + act[p * c..(p + 1) * c]
                    .iter()
                    .zip(&self.logit)
                    .map(|(a, w)| a * w)
                    .sum::<f32>();
            most = most.max(l);
            logits.push((i, l));
        }
        let mut total = 0.0;
        for (i, l) in logits {
            let e = (l - most).exp();
            by_point[i] = e;
            total += e;
        }
        if total > 0.0 {
            by_point.iter_mut().for_each(|v| *v /= total);
        }
        MoveChances { by_point }
    }
}

/// `act` (a padded board of channels) through `convs` in turn.
fn through(convs: &[Conv], mut act: Vec<f32>) -> Vec<f32> {
    let mut next = Vec::new();
    for conv in convs {
        // The border must read zero in the new layout.
        next.clear();
        next.resize(PADDED_POINTS * conv.outputs, 0.0);
        conv.apply(&act, &mut next);
        std::mem::swap(&mut act, &mut next);
    }
    act
}

/// The fit's index (rows from the top) of the board's point `i` (9×9).
fn fit_point(board: &PlayoutBoard, i: usize) -> usize {
    // `flat` counts rows from the bottom; the fit's rows count from the top.
    let flat = board.flat(i);
    (VALUE_BOARD - 1 - flat / VALUE_BOARD) * VALUE_BOARD + flat % VALUE_BOARD
}

impl Conv {
    /// Reads the weights and bias named `name` of a convolution of `inputs` to `outputs`.
    fn read(
        tensors: &mut Tensors,
        name: &str,
        inputs: usize,
        outputs: usize,
    ) -> Result<Conv, ValueNetError> {
        let torch = tensors.next(&format!("{name}.weight"), outputs * inputs * 9)?;
        let bias = tensors.next(&format!("{name}.bias"), outputs)?;
        // PyTorch's order is output, input, row, column.
        let mut weights = vec![0.0; torch.len()];
        for o in 0..outputs {
            for i in 0..inputs {
                for k in 0..9 {
                    weights[(k * inputs + i) * outputs + o] = torch[(o * inputs + i) * 9 + k];
                }
            }
        }
        Ok(Conv {
            inputs,
            outputs,
            weights,
            bias,
        })
    }

    /// The convolution with ReLU of `input` into `out`, both padded boards (`PADDED_POINTS`
    /// rows of `inputs`, then `outputs`, values, the border rows zero), the outputs in blocks
    /// that stay in registers while every tap and input channel is added in. Where the
    /// processor has AVX2 and FMA (found when the program runs, so the portable build uses
    /// them too), three points at once with fused multiply-adds.
    fn apply(&self, input: &[f32], out: &mut [f32]) {
        // Three points of 32 sums: 6 of the 32 registers of 512 bits (a build for AVX-512).
        if self.outputs.is_multiple_of(32) && cfg!(target_feature = "avx512f") {
            return self.apply_blocked::<32, 3, FUSED_AS_BUILT>(input, out);
        }
        #[cfg(target_arch = "x86_64")]
        if self.outputs.is_multiple_of(16) {
            if let Some(simd) = avx2_fma() {
                // Three points of 16 sums: 6 of the 16 registers of 256 bits.
                return simd.vectorize(ThreePointsOf16 {
                    conv: self,
                    input,
                    out,
                });
            }
        }
        match self.outputs {
            // One point of 32 (or 16) sums: 8 (or 4) of the 16 registers of 128 bits.
            n if n % 32 == 0 => self.apply_point::<32, FUSED_AS_BUILT>(input, out),
            n if n % 16 == 0 => self.apply_point::<16, FUSED_AS_BUILT>(input, out),
            n if n % 8 == 0 => self.apply_point::<8, FUSED_AS_BUILT>(input, out),
            _ => self.apply_point::<1, FUSED_AS_BUILT>(input, out),
        }
    }

    /// [`Conv::apply`] with `B` outputs a block for `P` neighbouring points of a row at once
    /// (`B` divides the outputs, `P` divides 9), so that each weight read serves `P` points
    /// and the `P × B` sums are independent of each other. The sums run in the same order as
    /// PyTorch's layout (tap, then input channel); `FUSED`: with fused multiply-adds. Always
    /// inlined, so that it is compiled for the instructions of the function that calls it.
    #[inline(always)]
    fn apply_blocked<const B: usize, const P: usize, const FUSED: bool>(
        &self,
        input: &[f32],
        out: &mut [f32],
    ) {
        let (m, n) = (self.inputs, self.outputs);
        for first in (0..POINTS).step_by(P) {
            let p = padded(first);
            for block in (0..n).step_by(B) {
                let mut acc = [[0.0f32; B]; P];
                for sums in &mut acc {
                    sums.copy_from_slice(&self.bias[block..block + B]);
                }
                for (k, &offset) in TAPS.iter().enumerate() {
                    let q = p.wrapping_add_signed(offset);
                    let taps = &self.weights[k * m * n..(k + 1) * m * n];
                    let rows = &input[q * m..(q + P) * m];
                    for i in 0..m {
                        let w: &[f32; B] = taps[i * n + block..i * n + block + B]
                            .try_into()
                            .expect("a block of B weights");
                        for (t, sums) in acc.iter_mut().enumerate() {
                            let a = rows[t * m + i];
                            for (s, &wv) in sums.iter_mut().zip(w) {
                                *s = multiply_add::<FUSED>(a, wv, *s);
                            }
                        }
                    }
                }
                for (t, sums) in acc.iter().enumerate() {
                    let o = (p + t) * n + block;
                    for (o, &s) in out[o..o + B].iter_mut().zip(sums) {
                        *o = s.max(0.0);
                    }
                }
            }
        }
    }

    /// [`Conv::apply`] one point at a time, `B` outputs a block (`B` divides the outputs):
    /// for targets with too few vector registers to sum several points at once.
    fn apply_point<const B: usize, const FUSED: bool>(&self, input: &[f32], out: &mut [f32]) {
        let (m, n) = (self.inputs, self.outputs);
        for p in (0..POINTS).map(padded) {
            for block in (0..n).step_by(B) {
                let mut acc = [0.0f32; B];
                acc.copy_from_slice(&self.bias[block..block + B]);
                for (k, &offset) in TAPS.iter().enumerate() {
                    let q = p.wrapping_add_signed(offset);
                    let taps = &self.weights[k * m * n..(k + 1) * m * n];
                    for (i, &a) in input[q * m..(q + 1) * m].iter().enumerate() {
                        let w: &[f32; B] = taps[i * n + block..i * n + block + B]
                            .try_into()
                            .expect("a block of B weights");
                        for (s, &wv) in acc.iter_mut().zip(w) {
                            *s = multiply_add::<FUSED>(a, wv, *s);
                        }
                    }
                }
                for (o, s) in out[p * n + block..p * n + block + B].iter_mut().zip(acc) {
                    *o = s.max(0.0);
                }
            }
        }
    }
}

/// Whether the build targets a processor with FMA, so that every multiply-add may be fused.
const FUSED_AS_BUILT: bool = cfg!(target_feature = "fma");

/// `a * b + c`, rounded once if `FUSED` (only where the processor has FMA: elsewhere it would
/// be a slow library call).
#[inline(always)]
fn multiply_add<const FUSED: bool>(a: f32, b: f32, c: f32) -> f32 {
    if FUSED {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

/// The processor's AVX2 and FMA, if it has them, looked up once.
#[cfg(target_arch = "x86_64")]
fn avx2_fma() -> Option<pulp::x86::V3> {
    static FOUND: std::sync::OnceLock<Option<pulp::x86::V3>> = std::sync::OnceLock::new();
    *FOUND.get_or_init(pulp::x86::V3::try_new)
}

/// [`Conv::apply_blocked`] with three points of 16 outputs and fused multiply-adds, run by
/// `pulp` inside a function compiled for AVX2 and FMA.
#[cfg(target_arch = "x86_64")]
struct ThreePointsOf16<'a> {
    conv: &'a Conv,
    input: &'a [f32],
    out: &'a mut [f32],
}

#[cfg(target_arch = "x86_64")]
impl pulp::NullaryFnOnce for ThreePointsOf16<'_> {
    type Output = ();

    #[inline(always)]
    fn call(self) {
        self.conv.apply_blocked::<16, 3, true>(self.input, self.out)
    }
}

/// The side of the padded board: the 9×9 board with a ring of empty (zero) points around it,
/// so that every 3×3 tap of a point on the board reads a point of the padded board.
const PADDED: usize = VALUE_BOARD + 2;
/// Points of the padded board.
const PADDED_POINTS: usize = PADDED * PADDED;
/// The 3×3 taps as offsets in the padded board, in PyTorch's order (row, then column).
const TAPS: [isize; 9] = {
    let p = PADDED as isize;
    [-p - 1, -p, -p + 1, -1, 0, 1, p - 1, p, p + 1]
};

/// The padded index of the 9×9 point `p` (rows from the top).
fn padded(p: usize) -> usize {
    (p / VALUE_BOARD + 1) * PADDED + p % VALUE_BOARD + 1
}

/// The `planes` input planes of `board` (9×9) on the padded board, point-major, rows from the
/// top as in SGF, with the engine playing `engine`.
fn input_planes(board: &mut PlayoutBoard, planes: usize, engine: u8) -> Vec<f32> {
    let me = board.to_move();
    let mut x = vec![0.0f32; PADDED_POINTS * planes];
    let points: Vec<usize> = board.points().collect();
    // Liberties (1 to 3) by chain head, counted once a chain.
    let mut chain_libs = vec![0u8; board.len()];
    for &i in &points {
        let p = padded(fit_point(board, i));
        let plane = &mut x[p * planes..(p + 1) * planes];
        let cell = board.cell(i);
        if cell == EMPTY {
            plane[2] = 1.0;
        } else {
            let head = board.chain(i);
            if chain_libs[head] == 0 {
                chain_libs[head] = board.count_libs(head, 3).max(1) as u8;
            }
            let libs = usize::from(chain_libs[head]);
            let mine = cell == me;
            plane[if mine { 0 } else { 1 }] = 1.0;
            plane[if mine { 3 } else { 6 } + libs.clamp(1, 3) - 1] = 1.0;
        }
        if i == board.last_move() && board.last_move() != PASS {
            plane[9] = 1.0;
        }
        plane[10] = 1.0;
        if me == BLACK {
            plane[11] = 1.0;
        }
        if planes == NAMED_PLANES {
            plane[if me == engine { 12 } else { 13 }] = 1.0;
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_truncated_weight_file_is_refused_with_the_tensor_it_lacks() {
        let err = ValueNet::parse("2 1\nconvs.0.weight 216\n0 0\n").unwrap_err();
        assert!(
            matches!(&err, ValueNetError::Tensor { name, .. } if name == "convs.0.weight"),
            "{err}"
        );
        assert_eq!(
            ValueNet::parse("two layers\n").unwrap_err(),
            ValueNetError::Header
        );
        assert_eq!(ValueNet::parse("").unwrap_err(), ValueNetError::Header);
    }

    #[test]
    fn a_malformed_move_head_line_is_refused_as_the_moves_line() {
        let shipped = include_str!("value-9.txt");
        let evaluation = &shipped[..shipped.find("\nmoves ").expect("a move head") + 1];
        for line in ["moves two", "moves 99", "moves", "policy 2"] {
            let err = ValueNet::parse(&format!("{evaluation}{line}\n")).unwrap_err();
            assert!(
                matches!(&err, ValueNetError::Tensor { name, .. } if name == "moves"),
                "{line}: {err}"
            );
        }
        assert!(ValueNet::parse(evaluation).is_ok_and(|net| !net.has_moves()));
    }

    /// Each network the engine carries, named, with its weight file.
    fn networks() -> [(&'static str, &'static str, &'static ValueNet); 2] {
        [
            ("shipped", include_str!("value-9.txt"), ValueNet::shipped()),
            ("wide", include_str!("value-9-wide.txt"), ValueNet::wide()),
        ]
    }

    /// The position of the weight file `text`'s line starting with `prefix` (rows, then `b`:
    /// Black to move) and the fields after it.
    fn check_position(text: &'static str, prefix: &str) -> (PlayoutBoard, Vec<&'static str>) {
        let line = text
            .lines()
            .find_map(|l| l.strip_prefix(prefix))
            .unwrap_or_else(|| panic!("the weight file has no {prefix:?} line"));
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(
            fields.len() > 2 && fields[1] == "b",
            "malformed line {line:?}"
        );
        let rows: Vec<&str> = fields[0].split(',').collect();
        let mut board = crate::ladder::tests::board(&rows);
        board.set_to_move(BLACK);
        board.set_last_move(PASS);
        (board, fields[2..].to_vec())
    }

    #[test]
    fn each_move_head_picks_the_check_position_point_its_fit_did() {
        // `fit_policy.py` records its head's likeliest point and chance in one position.
        for (name, text, net) in networks() {
            let (mut board, fields) = check_position(text, "# move check ");
            let [point, chance] = fields[..] else {
                panic!("{name}: malformed move check line {fields:?}");
            };
            assert!(net.has_moves(), "{name}");
            let chances = net.move_chances(&mut board).unwrap();
            let (best, got) = board
                .empties()
                .iter()
                .map(|&e| (e as usize, chances.of(e as usize)))
                .max_by(|a, b| a.1.total_cmp(&b.1))
                .unwrap();
            assert_eq!(
                fit_point(&board, best),
                point.parse::<usize>().unwrap(),
                "{name}"
            );
            let expected: f32 = chance.parse().unwrap();
            assert!(
                (got - expected).abs() < 1e-4,
                "{name}: {got} against the fit's {expected}"
            );
            let total: f32 = board
                .empties()
                .iter()
                .map(|&e| chances.of(e as usize))
                .sum();
            assert!(
                (total - 1.0).abs() < 1e-4,
                "{name}: the chances sum to {total}"
            );
            // One pass gives the same value and chances as the two apart.
            let (win, both) = net.evaluate(&mut board, BLACK).unwrap();
            assert_eq!(win, net.win_chance(&mut board, BLACK).unwrap(), "{name}");
            assert_eq!(both.unwrap().of(best), got, "{name}");
        }
    }

    #[test]
    fn each_reader_values_the_check_position_as_its_fit_did() {
        // `fit_value.py` records its own value of one position in the weight file.
        for (name, text, net) in networks() {
            let (mut board, fields) = check_position(text, "# check ");
            let [value] = fields[..] else {
                panic!("{name}: malformed check line {fields:?}");
            };
            let expected: f32 = value.parse().unwrap();
            let got = net.win_chance(&mut board, BLACK).unwrap();
            assert!(
                (got - expected).abs() < 1e-4,
                "{name}: {got} against the fit's {expected}"
            );
        }
    }

    #[test]
    fn the_wide_network_values_only_the_nodes_above_its_depth() {
        let wide = ValueNet::wide();
        assert_eq!(wide.channels, 32);
        assert_eq!(ValueNet::shipped().channels, 16);
        for (depth, wide_depth, expected) in [
            (0, 4, wide),
            (3, 4, wide),
            (4, 4, ValueNet::shipped()),
            (9, 4, ValueNet::shipped()),
            (0, 0, ValueNet::shipped()),
            (0, 1, wide),
            (1, 1, ValueNet::shipped()),
        ] {
            assert!(
                std::ptr::eq(net_at(depth, wide_depth), expected),
                "depth {depth} with the wide network above {wide_depth}"
            );
        }
        assert_eq!(default_wide_depth(false), 0);
        assert_eq!(
            default_wide_depth(true),
            if fast_valuation() {
                TIMED_WIDE_DEPTH
            } else {
                0
            }
        );
    }

    #[test]
    fn only_a_nine_by_nine_board_is_valued() {
        let net = ValueNet::shipped();
        assert!(net.win_chance(&mut PlayoutBoard::new(13), BLACK).is_none());
        let v = net.win_chance(&mut PlayoutBoard::new(9), BLACK).unwrap();
        assert!((0.0..=1.0).contains(&v));
    }

    /// A convolution kernel: a layer, its padded input and output.
    type Kernel = fn(&Conv, &[f32], &mut [f32]);

    #[test]
    fn every_convolution_kernel_gives_the_same_sums() {
        // The shipped network's second layer on an activation with zeros and varied values;
        // each build picks one kernel, so every kernel whose block fits the layer is compared
        // here with the one that sums one output at a time.
        let conv = &ValueNet::shipped().convs[1];
        let mut input = vec![0.0f32; PADDED_POINTS * conv.inputs];
        for p in (0..POINTS).map(padded) {
            for i in 0..conv.inputs {
                input[p * conv.inputs + i] = ((p * 7 + i * 13) % 11) as f32 * 0.25 - 1.0;
            }
        }
        let run = |kernel: Kernel| {
            let mut out = vec![0.0f32; PADDED_POINTS * conv.outputs];
            kernel(conv, &input, &mut out);
            out
        };
        let reference = run(Conv::apply_point::<1, false>);
        assert!(reference.iter().any(|&v| v > 0.0));
        assert!(reference.contains(&0.0));
        let mut kernels: Vec<(&str, Kernel)> = vec![
            ("as built", Conv::apply),
            ("one point, 8 outputs", Conv::apply_point::<8, false>),
            (
                "three points, 8 outputs",
                Conv::apply_blocked::<8, 3, false>,
            ),
        ];
        if conv.outputs.is_multiple_of(16) {
            kernels.push(("one point, 16 outputs", Conv::apply_point::<16, false>));
            kernels.push((
                "three points, 16 outputs",
                Conv::apply_blocked::<16, 3, false>,
            ));
            kernels.push(("three points, 16 outputs, fused", |c, i, o| {
                c.apply_blocked::<16, 3, true>(i, o)
            }));
        }
        if conv.outputs.is_multiple_of(32) {
            kernels.push(("one point, 32 outputs", Conv::apply_point::<32, false>));
            kernels.push((
                "three points, 32 outputs",
                Conv::apply_blocked::<32, 3, false>,
            ));
        }
        for (name, kernel) in kernels {
            let worst = reference
                .iter()
                .zip(&run(kernel))
                .map(|(a, b)| (a - b).abs())
                .fold(0.0f32, f32::max);
            assert!(worst < 1e-4, "{name}: off by {worst}");
        }
    }
}
