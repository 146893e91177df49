//! Browser tests: the app served on a random port and driven in real headless Chromium through
//! chromedriver. One test binary (modules per page) so CI links it once.

mod common;

mod a11y;
mod computer;
mod learn;
mod newcomer;
mod online;
mod same_device;
mod screens;
mod sgf_open;
mod timego;
mod touch;
