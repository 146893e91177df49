//! `afl-fuzz ... -- tengen-fuzz-afl TARGET`: one of Tengen's fuzz targets under AFL++, in
//! persistent mode. Built with `cargo afl build` (see bench/fuzz and docs/FUZZING.md).
//! `tengen-fuzz-afl dictionary TARGET` prints the target's AFL++ dictionary (`-x`).

fn usage() -> ! {
    eprintln!(
        "usage: tengen-fuzz-afl [dictionary] TARGET (sgf_read, gtp_lines, record_json, actions, api_body)"
    );
    std::process::exit(2);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let target = |name: Option<&String>| {
        tengen_fuzz::Target::from_name(name.map_or("", String::as_str)).unwrap_or_else(|| usage())
    };
    if args.first().map(String::as_str) == Some("dictionary") {
        print!("{}", target(args.get(1)).afl_dictionary());
        return;
    }
    let target = target(args.first());
    afl::fuzz!(|data: &[u8]| target.run(data));
}
