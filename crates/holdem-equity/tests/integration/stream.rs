//! Line by line (`--stream`, and the default at a terminal): each line answered as soon as it is
//! read, while the input is still open, and a bad line reported without ending the run.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

/// Runs the binary with `args`, feeding it `lines` one at a time and reading the answer's
/// `answer_lines` lines after each before sending the next; returns what was read, and stderr.
fn converse(args: &[&str], lines: &[(&str, usize)]) -> (Vec<String>, String, bool) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holdem-equity"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = BufReader::new(child.stdout.take().unwrap());
    let (sender, answers) = mpsc::channel();
    std::thread::spawn(move || {
        for line in stdout.lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    let mut read = Vec::new();
    for &(line, answer_lines) in lines {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        for _ in 0..answer_lines {
            // The input is still open: an answer now is an answer to this line alone.
            let answer = answers
                .recv_timeout(Duration::from_secs(30))
                .expect("the line was answered before the input ended");
            read.push(answer);
        }
    }
    drop(stdin);
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    (read, stderr, output.status.success())
}

#[test]
fn each_matchup_is_answered_as_it_is_read() {
    let (read, stderr, success) = converse(
        &["--stream"],
        &[
            ("AhKh vs QdQc", 3),
            ("AhKh vs QdQx", 0),
            ("AS KS  QD QC | 2H 7C 9D 4S 5S", 3),
        ],
    );
    assert_eq!(read[0], "boards 1712304");
    assert_eq!(read[3], "boards 1");
    assert_eq!(
        stderr,
        "error: line 2, column 11: expected a card, found 'Qx' (invalid suit 'x')\n"
    );
    // A bad line makes the run's status a failure, after answering the rest.
    assert!(!success);
}

#[test]
fn each_line_of_ranges_is_answered_as_it_is_read() {
    let (read, stderr, success) = converse(
        &["ranges", "--stream"],
        &[("QQ+ vs AKs", 3), ("AA vs KK | As Ks 2d", 3)],
    );
    assert_eq!(
        read[1],
        "QQ+  18 combos  equity 65.4140%  wins 65.0456%  ties 0.3684%"
    );
    assert_eq!(
        read[4],
        "AA  3 combos (3 removed by the board and dead cards)  equity 95.6566%  wins 95.6566%  \
         ties 0.0000%"
    );
    assert_eq!(stderr, "");
    assert!(success);
}

/// Piped input without --stream is answered whole, or not at all, as judges expect.
#[test]
fn piped_input_is_all_or_nothing() {
    let output = Command::new(env!("CARGO_BIN_EXE_holdem-equity"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            child
                .stdin
                .take()
                .unwrap()
                .write_all(b"AhKh vs QdQc\nAhKh vs QdQx\n")?;
            child.wait_with_output()
        })
        .unwrap();
    assert!(output.stdout.is_empty());
    assert_eq!(output.status.code(), Some(1));
}
