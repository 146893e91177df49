//! `afl-fuzz ... -- tengen-fuzz-afl TARGET`: one of Tengen's fuzz targets under AFL++, in
//! persistent mode. Built with `cargo afl build` (see bench/fuzz and docs/FUZZING.md).

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    let Some(target) = tengen_fuzz::Target::from_name(&name) else {
        eprintln!("usage: tengen-fuzz-afl TARGET (sgf_read, gtp_lines, record_json, actions, api_body)");
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| target.run(data));
}
