//! A learned evaluation of 9×9 positions: a small convolutional network, fitted by
//! `bench/engine/fit_value.py` on the finished games of Tengen against GNU Go, that gives the
//! side to move's chance of winning (docs/ENGINE.md, "Learned evaluation"). The search may
//! add it to a node as prior results (`EngineConfig::value_weight`, off by default).
//!
//! The input is twelve planes from the side to move's view, as `value_data.py` writes them:
//! its stones, the opponent's, the empty points, its chains with one, two and three or more
//! liberties, the opponent's the same, the last move, the board, and whether the side to move
//! is Black. The network: 3×3 convolutions with ReLU, then the channels' mean and maximum over
//! the board, one hidden layer and a sigmoid.

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

/// One 3×3 convolution, its weights laid out input channel, then offset, then output channel,
/// so that the inner loop runs over the output channels.
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
        let mut convs = Vec::with_capacity(layers);
        for l in 0..layers {
            let inputs = if l == 0 { planes } else { channels };
            let torch = tensors.next(&format!("convs.{l}.weight"), channels * inputs * 9)?;
            let bias = tensors.next(&format!("convs.{l}.bias"), channels)?;
            // PyTorch's order is output, input, row, column.
            let mut weights = vec![0.0; torch.len()];
            for o in 0..channels {
                for i in 0..inputs {
                    for k in 0..9 {
                        weights[(i * 9 + k) * channels + o] = torch[(o * inputs + i) * 9 + k];
                    }
                }
            }
            convs.push(Conv {
                inputs,
                outputs: channels,
                weights,
                bias,
            });
        }
        // The ownership head is fitted with the rest but not used by the search.
        tensors.next("owner.weight", channels)?;
        tensors.next("owner.bias", 1)?;
        let hidden = tensors.next("hidden.weight", channels * 2 * channels)?;
        let hidden_bias = tensors.next("hidden.bias", channels)?;
        let win = tensors.next("win.weight", channels)?;
        let win_bias = tensors.next("win.bias", 1)?[0];
        Ok(ValueNet {
            planes,
            channels,
            convs,
            hidden,
            hidden_bias,
            win,
            win_bias,
        })
    }

    /// The side to move's chance of winning `board` when the engine plays `engine` (the
    /// stone of the player it searches for) against GNU Go-like play, or None when the board
    /// is not 9×9.
    pub fn win_chance(&self, board: &mut PlayoutBoard, engine: u8) -> Option<f32> {
        if board.size() != VALUE_BOARD {
            return None;
        }
        let mut act = input_planes(board, self.planes, engine);
        for conv in &self.convs {
            act = conv.apply(&act);
        }
        let c = self.channels;
        let mut pooled = vec![0.0f32; 2 * c];
        for p in 0..POINTS {
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
        Some(1.0 / (1.0 + (-logit).exp()))
    }
}

impl Conv {
    /// The convolution with ReLU of `input` (point-major: `POINTS` rows of `inputs` values),
    /// zero beyond the edge.
    fn apply(&self, input: &[f32]) -> Vec<f32> {
        let n = self.outputs;
        let mut out = Vec::with_capacity(POINTS * n);
        for _ in 0..POINTS {
            out.extend_from_slice(&self.bias);
        }
        for (p, row) in out.chunks_exact_mut(n).enumerate() {
            let (r, c) = ((p / VALUE_BOARD) as isize, (p % VALUE_BOARD) as isize);
            for k in 0..9 {
                let (qr, qc) = (r + k as isize / 3 - 1, c + k as isize % 3 - 1);
                if !(0..VALUE_BOARD as isize).contains(&qr)
                    || !(0..VALUE_BOARD as isize).contains(&qc)
                {
                    continue;
                }
                let q = qr as usize * VALUE_BOARD + qc as usize;
                for (i, &a) in input[q * self.inputs..(q + 1) * self.inputs]
                    .iter()
                    .enumerate()
                {
                    if a == 0.0 {
                        continue;
                    }
                    let w = &self.weights[(i * 9 + k) * n..(i * 9 + k + 1) * n];
                    for (o, &wv) in row.iter_mut().zip(w) {
                        *o += a * wv;
                    }
                }
            }
        }
        out.iter_mut().for_each(|v| *v = v.max(0.0));
        out
    }
}

/// The `planes` input planes of `board` (9×9), point-major, rows from the top as in SGF, with
/// the engine playing `engine`.
fn input_planes(board: &mut PlayoutBoard, planes: usize, engine: u8) -> Vec<f32> {
    let me = board.to_move();
    let mut x = vec![0.0f32; POINTS * planes];
    let points: Vec<usize> = board.points().collect();
    // Liberties (1 to 3) by chain head, counted once a chain.
    let mut chain_libs = vec![0u8; board.len()];
    for &i in &points {
        let flat = board.flat(i);
        // `flat` counts rows from the bottom; the fit's rows count from the top.
        let p = (VALUE_BOARD - 1 - flat / VALUE_BOARD) * VALUE_BOARD + flat % VALUE_BOARD;
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
    fn the_reader_values_the_check_position_as_the_fit_did() {
        // `fit_value.py` records its own value of one position in the weight file.
        let text = include_str!("value-9.txt");
        let check = text
            .lines()
            .find_map(|l| l.strip_prefix("# check "))
            .expect("the weight file records a check position");
        let [rows, side, value] = check.split_whitespace().collect::<Vec<_>>()[..] else {
            panic!("malformed check line {check:?}");
        };
        assert_eq!(side, "b");
        let rows: Vec<&str> = rows.split(',').collect();
        let mut board = crate::ladder::tests::board(&rows);
        board.set_to_move(BLACK);
        board.set_last_move(PASS);
        let expected: f32 = value.parse().unwrap();
        let got = ValueNet::shipped().win_chance(&mut board, BLACK).unwrap();
        assert!(
            (got - expected).abs() < 1e-4,
            "{got} against the fit's {expected}"
        );
    }

    #[test]
    fn only_a_nine_by_nine_board_is_valued() {
        let net = ValueNet::shipped();
        assert!(net.win_chance(&mut PlayoutBoard::new(13), BLACK).is_none());
        let v = net.win_chance(&mut PlayoutBoard::new(9), BLACK).unwrap();
        assert!((0.0..=1.0).contains(&v));
    }
}
