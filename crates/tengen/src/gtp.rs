//! `tengen gtp` options → [`GtpOptions`].

use clap::{Args, ValueEnum};
use tengen_engine::{EngineConfig, PlayoutShapes};
use tengen_gtp::timego::TimeGoOptions;
use tengen_gtp::GtpOptions;
use tengen_rules::{KoRule, Rules, Scoring};

/// The ko rule on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum KoArg {
    /// Only the immediate recapture is forbidden.
    Simple,
    /// No earlier board position may be repeated.
    Superko,
}

/// The counting method on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ScoringArg {
    /// Stones plus surrounded points (Chinese).
    Area,
    /// Surrounded points plus prisoners (Japanese).
    Territory,
}

/// The game played over GTP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum VariantArg {
    /// Standard Go.
    Go,
    /// TimeGo: moves can change the past (extension commands `timego-time`, `timego-lock`,
    /// `timego-order`; see docs/GTP.md). Board 9x9 unless `boardsize` says otherwise.
    Timego,
}

/// The playouts' 3×3 shape step on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ShapesArg {
    /// Weighted on 12x12 and larger, the hand-made patterns on smaller boards.
    BySize,
    /// Uniformly among the hand-made (MoGo) patterns' matches.
    Patterns,
    /// Among the same matches, weighted by their learned shape gammas.
    Weighted,
    /// Among the points whose learned shape gamma is at least 2, weighted by it.
    Learned,
    /// The balanced playouts: step chances and shape weights fitted by simulation balancing.
    Balanced,
}

/// Options of `tengen gtp`.
#[derive(Debug, Clone, Args)]
pub struct GtpArgs {
    /// Ko rule.
    #[arg(long, value_enum, default_value = "superko")]
    pub ko: KoArg,
    /// Counting method for final_score.
    #[arg(long, value_enum, default_value = "area")]
    pub scoring: ScoringArg,
    /// Engine strength, 1 (beginner) to 10 (full engine).
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u8).range(1..=10))]
    pub level: u8,
    /// Search threads (default: every core of the machine).
    #[arg(long, default_value_t = default_threads(), value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: u16,
    /// Playouts per move (overrides the level).
    #[arg(long)]
    pub playouts: Option<u32>,
    /// Seconds per move (overrides the level's budget).
    #[arg(long, value_parser = positive_seconds)]
    pub seconds_per_move: Option<f64>,
    /// Allow the engine to resign hopeless games.
    #[arg(long)]
    pub resign: bool,
    /// Last good reply with forgetting in the playouts (true or false; off by default: it did
    /// not help in an A/B match, see docs/ENGINE.md).
    #[arg(long, action = clap::ArgAction::Set, default_value_t = EngineConfig::default().last_good_reply)]
    pub last_good_reply: bool,
    /// Learning rate of the adaptive playouts (0, the default, is off; see docs/ENGINE.md,
    /// "Adaptive playouts").
    #[arg(long, default_value_t = EngineConfig::default().adaptive_playouts, value_parser = unit_weight)]
    pub adaptive_playouts: f32,
    /// Whole-board scan for chains short of liberties in the playouts up to 11×11 (true or
    /// false; off by default: slower, and no better at equal playouts, see docs/ENGINE.md).
    #[arg(long, action = clap::ArgAction::Set, default_value_t = EngineConfig::default().liberty_scan)]
    pub liberty_scan: bool,
    /// Weight of the final margin in each playout's result, 0 to 1 (0: win or loss only;
    /// default: 0.2 in a 9×9 search by time, 0.1 otherwise; see docs/ENGINE.md, "Score term").
    #[arg(long, value_parser = unit_weight)]
    pub score_weight: Option<f32>,
    /// Weight of the final margin once the game is found lost, 0 to 1 (1: the best expected
    /// margin only; see docs/ENGINE.md, "Behind").
    #[arg(long, default_value_t = EngineConfig::default().lost_score_weight, value_parser = unit_weight)]
    pub lost_score_weight: f32,
    /// Tree priors for moves on chains short of liberties anywhere on boards up to 11×11
    /// (true or false; see docs/ENGINE.md, "Race priors").
    #[arg(long, action = clap::ArgAction::Set, default_value_t = EngineConfig::default().race_priors)]
    pub race_priors: bool,
    /// Think on past a move's share of the main time, up to twice it, while the search is
    /// unsure (true or false; off by default: no more wins at time parity, see
    /// docs/ENGINE.md, "Time extension").
    #[arg(long, action = clap::ArgAction::Set, default_value_t = EngineConfig::default().extend_time)]
    pub extend_time: bool,
    /// Virtual visits of the learned move model's prior for each new tree node, 0 to 1000 (0:
    /// off; see docs/ENGINE.md, "Learned patterns").
    #[arg(long, default_value_t = EngineConfig::default().pattern_prior, value_parser = prior_visits)]
    pub pattern_prior: f32,
    /// Virtual visits of the criticality prior for each new tree node, 0 to 1000 (0: off; see
    /// docs/ENGINE.md, "Criticality").
    #[arg(long, default_value_t = EngineConfig::default().criticality, value_parser = prior_visits)]
    pub criticality: f32,
    /// The tree's RAVE equivalence, 1 to 1000000 (default: 1000 up to 11×11, 3000 above; see
    /// docs/ENGINE.md, "RAVE equivalence").
    #[arg(long, value_parser = rave_equivalence)]
    pub rave_equiv: Option<f32>,
    /// How much less the tree's AMAF statistics count a move first played at the end of an
    /// iteration than one played at once, 0 to 1 (0: plain AMAF; see docs/ENGINE.md, "AMAF
    /// decay").
    #[arg(long, default_value_t = EngineConfig::default().amaf_decay, value_parser = unit_weight)]
    pub amaf_decay: f32,
    /// The tree's exploration coefficient, 0 to 1 (see docs/ENGINE.md, "RAVE equivalence").
    #[arg(long, default_value_t = EngineConfig::default().exploration, value_parser = unit_weight)]
    pub exploration: f32,
    /// Once a search finds the game clearly lost, count with komi shifted towards the engine
    /// by about the points it expects to lose, so that it plays for the smallest loss (true
    /// or false; see docs/ENGINE.md, "Behind").
    #[arg(long, action = clap::ArgAction::Set, default_value_t = EngineConfig::default().behind_komi)]
    pub behind_komi: bool,
    /// How many times its budget a bimodal search of level 10 may use in all, 1 to 16 (1:
    /// off): a search rating the game open while its playouts' mean says the engine is 10 or
    /// more points behind searches again on the same tree (see docs/ENGINE.md, "Second look").
    #[arg(long, default_value_t = EngineConfig::default().second_look, value_parser = clap::value_parser!(u32).range(1..=16))]
    pub second_look: u32,
    /// Read the search's move before playing it: when another searched move comes out four
    /// stones better by capture reading (own chains of four or more left to be captured,
    /// opponent ones that can no longer be saved), play that one (true or false; see
    /// docs/ENGINE.md, "Tactical check").
    #[arg(long, action = clap::ArgAction::Set, default_value_t = EngineConfig::default().tactical_check)]
    pub tactical_check: bool,
    /// Tactical priors for the children of tree nodes shallower than this (0: off; 1: the
    /// root's moves; see docs/ENGINE.md, "Tactical priors").
    #[arg(long, default_value_t = EngineConfig::default().tactical_priors, value_parser = clap::value_parser!(u8).range(0..=8))]
    pub tactical_priors: u8,
    /// Life priors for the root's moves: the moves that decide the life of a group of five
    /// stones or more whose fate depends on who moves first (true or false; see
    /// docs/ENGINE.md, "Life priors").
    #[arg(long, action = clap::ArgAction::Set, default_value_t = EngineConfig::default().life_priors)]
    pub life_priors: bool,
    /// Virtual visits of the learned evaluation's prior on each new node of the search tree,
    /// 0 to 1000 (9×9, komi 7.5; default: 20 in a search by time on a processor with AVX2 and
    /// FMA, 0, off, at a level's fixed budget; see docs/ENGINE.md, "Learned evaluation").
    #[arg(long, value_parser = prior_visits)]
    pub value_prior: Option<f32>,
    /// The deepest nodes of the search tree that get the learned evaluation's prior, 1 to 255
    /// (the root's moves are at depth 1).
    #[arg(long, default_value_t = EngineConfig::default().value_depth, value_parser = clap::value_parser!(u8).range(1..))]
    pub value_depth: u8,
    /// The real visits, 0 to 1000, at which a node gets the learned evaluation's prior (0, the
    /// default: when it is expanded).
    #[arg(long, default_value_t = EngineConfig::default().value_visits, value_parser = prior_visits)]
    pub value_visits: f32,
    /// The learned evaluation's share, 0 to 1, of each search iteration's result, where its
    /// prior is on (default: 0.25 in a search by time where the prior is on, 0 at the levels'
    /// fixed budgets; see docs/ENGINE.md, "The mix, again").
    #[arg(long, value_parser = unit_weight)]
    pub value_mix: Option<f32>,
    /// Weight of the learned move prior on each new node's children, 0 to 1000: that many
    /// times GNU Go's chance of playing a move, as visits all won (9×9; default: 50 in a
    /// search by time on a processor with AVX2 and FMA, 0, off, at a level's fixed budget;
    /// see docs/ENGINE.md, "Learned moves").
    #[arg(long, value_parser = prior_visits)]
    pub move_prior: Option<f32>,
    /// Nodes of the search tree shallower than this, 0 to 255 (the root is 0), are valued by
    /// the wide network, four times the arithmetic of the other (9×9, where the learned priors
    /// are on; default: 4 in a search by time on a processor with AVX2 and FMA, 0, none, at a
    /// level's fixed budget; see docs/ENGINE.md, "The wide network near the root").
    #[arg(long)]
    pub wide_depth: Option<u8>,
    /// Real visits a leaf of the search tree needs before it is expanded, 1 to 64 (default: 4
    /// for a search by time on boards up to 11×11, 2 otherwise; see docs/ENGINE.md,
    /// "Expansion threshold").
    #[arg(long, value_parser = expansion_visits)]
    pub expand_at: Option<f32>,
    /// How the playouts pick their 3×3 shape answer around the last move (see
    /// docs/ENGINE.md, "Learned patterns").
    #[arg(long, value_enum, default_value = "by-size")]
    pub playout_shapes: ShapesArg,
    /// After each move, search the opponent's turn until the next command arrives, and start
    /// the next search from what it found (pondering; true or false, off by default: it uses
    /// the cores while the opponent thinks; see docs/ENGINE.md, "Pondering"). Go only.
    #[arg(long, action = clap::ArgAction::Set, default_value_t = false)]
    pub ponder: bool,
    /// Random seed of the session (default: from the clock); each game gets its own seed
    /// from it, so a session with a given seed plays the same games again.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Write one line per generated move to stderr (playouts, time, win rate).
    #[arg(long)]
    pub log: bool,
    /// The game: Go, or TimeGo.
    #[arg(long, value_enum, default_value = "go")]
    pub variant: VariantArg,
    /// TimeGo: restrict the engine to placements and passes (a plain Go player inside
    /// TimeGo, the baseline of bench/timego).
    #[arg(long)]
    pub placements_only: bool,
}

/// The number of cores, for the default of `--threads`.
fn default_threads() -> u16 {
    std::thread::available_parallelism().map_or(1, |n| n.get().min(256) as u16)
}

/// A seed from the clock and the process id, different for every run.
fn clock_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    nanos ^ (std::process::id() as u64).rotate_left(32)
}

fn positive_seconds(s: &str) -> Result<f64, String> {
    let v: f64 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    if v.is_finite() && v > 0.0 {
        Ok(v)
    } else {
        Err(format!("'{s}' must be a positive number of seconds"))
    }
}

/// A number from `lo` to `hi` (inclusive).
fn number_between(s: &str, lo: f32, hi: f32) -> Result<f32, String> {
    let v: f32 = s.parse().map_err(|_| format!("'{s}' is not a number"))?;
    if (lo..=hi).contains(&v) {
        Ok(v)
    } else {
        Err(format!("'{s}' must be between {lo} and {hi}"))
    }
}

/// A weight from 0 to 1.
fn unit_weight(s: &str) -> Result<f32, String> {
    number_between(s, 0.0, 1.0)
}

/// Virtual visits of a prior, 0 to 1000.
fn prior_visits(s: &str) -> Result<f32, String> {
    number_between(s, 0.0, 1000.0)
}

/// A RAVE equivalence, from 1 to a million visits.
fn rave_equivalence(s: &str) -> Result<f32, String> {
    number_between(s, 1.0, 1_000_000.0)
}

/// An expansion threshold, from 1 to 64 real visits.
fn expansion_visits(s: &str) -> Result<f32, String> {
    number_between(s, 1.0, 64.0)
}

impl GtpArgs {
    /// The GTP options: 19x19, komi 7.5, the chosen ko rule and scoring.
    pub fn options(&self) -> GtpOptions {
        let rules = Rules {
            ko: match self.ko {
                KoArg::Simple => KoRule::Simple,
                KoArg::Superko => KoRule::PositionalSuperko,
            },
            scoring: match self.scoring {
                ScoringArg::Area => Scoring::Area,
                ScoringArg::Territory => Scoring::Territory,
            },
            ..Rules::chinese(19)
        };
        GtpOptions {
            rules,
            engine: EngineConfig {
                level: self.level,
                playouts: self.playouts,
                threads: self.threads as usize,
                seconds_per_move: self.seconds_per_move,
                allow_resign: self.resign,
                last_good_reply: self.last_good_reply,
                adaptive_playouts: self.adaptive_playouts,
                liberty_scan: self.liberty_scan,
                score_weight: self.score_weight,
                lost_score_weight: self.lost_score_weight,
                race_priors: self.race_priors,
                criticality: self.criticality,
                rave_equiv: self.rave_equiv,
                amaf_decay: self.amaf_decay,
                exploration: self.exploration,
                behind_komi: self.behind_komi,
                second_look: self.second_look,
                tactical_check: self.tactical_check,
                tactical_priors: self.tactical_priors,
                life_priors: self.life_priors,
                value_prior: self.value_prior,
                value_depth: self.value_depth,
                value_visits: self.value_visits,
                value_mix: self.value_mix,
                move_prior: self.move_prior,
                wide_depth: self.wide_depth,
                expand_at: self.expand_at,
                extend_time: self.extend_time,
                pattern_prior: self.pattern_prior,
                playout_shapes: match self.playout_shapes {
                    ShapesArg::BySize => PlayoutShapes::BySize,
                    ShapesArg::Patterns => PlayoutShapes::Patterns,
                    ShapesArg::Weighted => PlayoutShapes::Weighted,
                    ShapesArg::Learned => PlayoutShapes::Learned,
                    ShapesArg::Balanced => PlayoutShapes::Balanced,
                },
            },
            seed: self.seed.unwrap_or_else(clock_seed),
            log_search: self.log,
            ponder: self.ponder,
        }
    }
}

impl GtpArgs {
    /// The options of a TimeGo session (`--variant timego`): 9x9, komi 7.5, area scoring.
    pub fn timego_options(&self) -> TimeGoOptions {
        let gtp = self.options();
        TimeGoOptions {
            gtp: GtpOptions {
                rules: Rules::timego(9).with_komi(gtp.rules.komi),
                ..gtp
            },
            placements_only: self.placements_only,
        }
    }
}
