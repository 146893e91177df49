//! An open-loop HTTP load generator for the API latency benchmark: `C` keep-alive connections
//! send a fixed total rate of POST requests on a schedule, and each latency is measured from the
//! time the request was *due* (so a slow server cannot hide its queueing: no coordinated
//! omission). `wrk` measures a closed loop, where latency is simply connections ÷ throughput.
//!
//! The time a timer wakes late is not counted (see `connection`).
//!
//! `load ADDR BODY_FILE [connections=256] [rate=2000] [seconds=10] [path=/api/apply]`

use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

struct Outcome {
    latencies: Vec<Duration>,
    errors: usize,
}

async fn connection(
    addr: String,
    request: Vec<u8>,
    first: Instant,
    every: Duration,
    end: Instant,
    record_from: Instant,
) -> Outcome {
    let mut out = Outcome {
        latencies: Vec::new(),
        errors: 0,
    };
    let Ok(stream) = TcpStream::connect(&addr).await else {
        out.errors += 1;
        return out;
    };
    stream.set_nodelay(true).ok();
    let mut stream = BufReader::new(stream);
    let mut due = first;
    while due < end {
        // On time: wait for the due time and measure from the send (a timer wakes up to a
        // millisecond late, which is not the server's doing). Behind schedule because the
        // previous answer came late: send at once and measure from the due time.
        let behind = Instant::now() >= due;
        if !behind {
            tokio::time::sleep_until(due.into()).await;
        }
        let from = if behind { due } else { Instant::now() };
        if stream.get_mut().write_all(&request).await.is_err() {
            out.errors += 1;
            return out;
        }
        let mut ok = false;
        let mut length = 0usize;
        let mut line = String::new();
        loop {
            line.clear();
            match stream.read_line(&mut line).await {
                Ok(0) | Err(_) => {
                    out.errors += 1;
                    return out;
                }
                Ok(_) => {}
            }
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            if l.starts_with("HTTP/1.1 200") {
                ok = true;
            }
            if let Some((k, v)) = l.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut body = vec![0u8; length];
        if stream.read_exact(&mut body).await.is_err() {
            out.errors += 1;
            return out;
        }
        if ok {
            if due >= record_from {
                out.latencies.push(from.elapsed());
            }
        } else {
            out.errors += 1;
        }
        due += every;
    }
    out
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: load ADDR BODY_FILE [connections] [rate] [seconds] [path]");
        std::process::exit(2);
    }
    let addr = args[1].clone();
    let body = std::fs::read(&args[2]).expect("the body file");
    let connections: u32 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(256);
    let rate: f64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(2000.0);
    let seconds: f64 = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(10.0);
    let path = args.get(6).cloned().unwrap_or_else(|| "/api/apply".into());
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(&body);

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let outcomes = runtime.block_on(async {
        let start = Instant::now() + Duration::from_millis(300);
        // One second of warm-up (connections open, caches fill) is sent but not recorded.
        let record_from = start + Duration::from_secs(1);
        let end = record_from + Duration::from_secs_f64(seconds);
        let every = Duration::from_secs_f64(connections as f64 / rate);
        let step = Duration::from_secs_f64(1.0 / rate);
        let tasks: Vec<_> = (0..connections)
            .map(|i| {
                let first = start + step * i;
                tokio::spawn(connection(
                    addr.clone(),
                    request.clone(),
                    first,
                    every,
                    end,
                    record_from,
                ))
            })
            .collect();
        let mut all = Vec::new();
        for t in tasks {
            all.push(t.await.unwrap());
        }
        all
    });
    let errors: usize = outcomes.iter().map(|o| o.errors).sum();
    let mut lat: Vec<Duration> = outcomes.into_iter().flat_map(|o| o.latencies).collect();
    lat.sort();
    if lat.is_empty() {
        println!("no successful requests ({errors} errors)");
        return;
    }
    let pct = |p: f64| lat[((lat.len() as f64 * p / 100.0) as usize).min(lat.len() - 1)];
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{} requests ({errors} errors) at {rate} req/s over {connections} connections for {seconds} s",
        lat.len()
    );
    for p in [50.0, 90.0, 99.0, 99.9] {
        println!("p{p:<5} {:8.3} ms", ms(pct(p)));
    }
    println!("max    {:8.3} ms", ms(lat[lat.len() - 1]));
}
