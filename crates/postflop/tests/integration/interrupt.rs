//! Ctrl-C during a solve: the binary stops and writes the solution so far, with its
//! exploitability. The solve does not end by itself (an exploitability of 0 and a billion
//! iterations of the basic.rs turn spot), and the signal is sent once its progress shows it
//! is solving.

use std::io::{BufRead as _, BufReader, Read as _};
use std::process::{Command, Stdio};

#[cfg(unix)]
#[test]
fn ctrl_c_ends_the_solve_and_writes_the_solution_so_far() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_postflop"))
        .args([
            "--board",
            "Td9d6hQc",
            "--oop",
            "66+,A8s+,A5s-A4s,AJo+,K9s+,KQo,QTs+,JTs,96s+,85s+,75s+,65s,54s",
            "--ip",
            "QQ-22,AQs-A2s,ATo+,K5s+,KJo+,Q8s+,J8s+,T7s+,96s+,86s+,75s+,64s+,53s+",
            "--pot",
            "200",
            "--stack",
            "900",
            "--bets",
            "60%, e, a",
            "--raises",
            "2.5x",
            "--exploitability",
            "0",
            "--iterations",
            "1000000000",
            "--threads",
            "1",
            "--format",
            "json",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut first = String::new();
    // The exploitability before the first iteration, then after ten: it is solving.
    while !first.starts_with("iteration 10:") {
        first.clear();
        assert!(
            stderr.read_line(&mut first).unwrap() > 0,
            "the solve ended before its progress"
        );
    }
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    // Not a bound on time: were Ctrl-C ignored, the test would fail after two minutes rather
    // than wait for a solve that does not end.
    let pid = child.id().to_string();
    let (done, watched) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if watched
            .recv_timeout(std::time::Duration::from_mins(2))
            .is_err()
        {
            let _ = Command::new("kill").args(["-KILL", &pid]).status();
        }
    });
    let mut output = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut output)
        .unwrap();
    let status = child.wait().unwrap();
    let _ = done.send(());
    watchdog.join().unwrap();
    assert!(status.success(), "Ctrl-C did not end the solve: {status}");
    let iterations: usize = output
        .split("\"iterations\":")
        .nth(1)
        .and_then(|rest| rest.split(',').next())
        .and_then(|number| number.parse().ok())
        .unwrap_or_else(|| panic!("no iterations in {output}"));
    assert!((10..1_000_000_000).contains(&iterations), "{output}");
    assert!(output.contains("\"exploitability\":"), "{output}");
}
