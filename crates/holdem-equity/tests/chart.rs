//! The chart's layout and its four ways out: the grid, CSV, JSON and the SVG heat map, which is
//! rendered with `rsvg-convert` when it is installed (`scripts/install-svg-renderer`). Its
//! figures are the golden cases `104-chart-one-opponent` and `105-chart-two-opponents-sampled`.

use std::process::Command;

use holdem_equity::{Chart, ChartEntry, Method, Sampling, chart};
use judge_io::Threads;

/// A chart of made-up figures: each hand's place in the grid, so every cell can be told apart.
fn made_up(sampled: bool) -> Chart {
    let ranks = "AKQJT98765432".as_bytes();
    let mut entries = Vec::new();
    for row in 0..13 {
        for column in 0..13 {
            let (high, low) = (row.min(column), row.max(column));
            let mut hand = format!("{}{}", ranks[high] as char, ranks[low] as char);
            if row < column {
                hand.push('s');
            } else if row > column {
                hand.push('o');
            }
            let place = (13 * row + column) as f64;
            entries.push(ChartEntry {
                hand,
                combos: match row.cmp(&column) {
                    std::cmp::Ordering::Equal => 6,
                    std::cmp::Ordering::Less => 4,
                    std::cmp::Ordering::Greater => 12,
                },
                equity: 0.3 + place / 1000.0,
                standard_error: sampled.then_some(0.0005),
            });
        }
    }
    Chart {
        opponents: if sampled { 3 } else { 1 },
        entries,
    }
}

#[test]
fn the_chart_lays_out_pairs_on_the_diagonal_suited_above_offsuit_below() {
    // A quick sampled chart: the layout does not depend on the figures.
    let sampling = Sampling {
        seed: 1,
        standard_error: 0.05,
        time_limit: None,
    };
    let chart = chart(1, Method::Sampled(sampling), Threads::ONE, &|_| {}).unwrap();
    let names: Vec<&str> = chart
        .entries
        .iter()
        .map(|entry| entry.hand.as_str())
        .collect();
    assert_eq!(names.len(), 169);
    assert_eq!(&names[..3], ["AA", "AKs", "AQs"]);
    assert_eq!(names[13], "AKo");
    assert_eq!(names[14], "KK");
    assert_eq!(names[168], "22");
    assert_eq!(names[12], "A2s");
    assert_eq!(names[156], "A2o");
    let combos: usize = chart.entries.iter().map(|entry| entry.combos).sum();
    assert_eq!(combos, 1326);
    // Aces are the best hand and 32o the worst, even sampled roughly.
    let best = chart
        .entries
        .iter()
        .max_by(|a, b| a.equity.total_cmp(&b.equity))
        .unwrap();
    assert_eq!(best.hand, "AA");
    assert!(
        chart
            .entries
            .iter()
            .all(|entry| entry.standard_error.is_some())
    );
    assert!(!chart.is_exact());
}

#[test]
fn the_grid_has_a_row_per_rank() {
    let grid = made_up(false).grid();
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(lines.len(), 15);
    assert!(lines[0].starts_with("equity against 1 random hand, exact"));
    assert_eq!(
        lines[1].split_whitespace().collect::<String>(),
        "AKQJT98765432"
    );
    // Row A: AA (place 0), AKs (place 1), ...
    assert!(
        lines[2].starts_with("  A  30.0  30.1  30.2"),
        "{}",
        lines[2]
    );
    assert!(lines[14].starts_with("  2  45.6"), "{}", lines[14]);
}

#[test]
fn csv_and_json_list_the_hands_in_the_grids_order() {
    let exact = made_up(false);
    let csv = exact.csv();
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 170);
    assert_eq!(rows[0], "hand,combos,equity");
    assert_eq!(rows[1], "AA,6,30.0000");
    assert_eq!(rows[14], "AKo,12,31.3000");
    let sampled = made_up(true);
    assert_eq!(
        sampled.csv().lines().next(),
        Some("hand,combos,equity,standard_error")
    );
    assert_eq!(sampled.csv().lines().nth(2), Some("AKs,4,30.1000,0.0500"));
    let json = exact.json();
    assert!(json.starts_with(
        "{\"opponents\":1,\"method\":\"exact\",\"hands\":[{\"hand\":\"AA\",\"combos\":6,\"equity\":30.000000},"
    ));
    assert!(json.ends_with("{\"hand\":\"22\",\"combos\":6,\"equity\":46.800000}]}\n"));
    assert!(sampled.json().contains("\"method\":\"sampled\""));
    assert!(sampled.json().contains(",\"standard_error\":0.050000}"));
}

#[test]
fn the_svg_heat_map_has_every_hand_and_a_legend() {
    let svg = made_up(false).svg();
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert!(svg.ends_with("</svg>\n"));
    // The background, 169 cells and 26 steps of the legend.
    assert_eq!(svg.matches("<rect").count(), 1 + 169 + 26);
    for hand in ["AA", "AKs", "AKo", "72o", "22"] {
        assert!(svg.contains(&format!(">{hand}</text>")), "{hand}");
    }
    // The lowest figure is blue, the highest red; the legend names both.
    assert!(svg.contains("fill=\"#3b4cc0\""));
    assert!(svg.contains("fill=\"#b40426\""));
    assert!(svg.contains(">30.0%</text>") && svg.contains(">46.8%</text>"));
    assert!(svg.contains("Hold'em equity against 1 random hand, exact"));
    assert!(svg.contains("width=\"738\" height=\"686\" viewBox=\"0 0 738 686\""));
    // Cells of 46 pixels from (30, 58), row by row; each hand's name and equity centred in it.
    // The lowest figure (AA here) is blue, the highest (22) red, the one halfway (88) white.
    for (hand, x, y, equity, fill) in [
        ("AA", 30, 58, "30.0", "#3b4cc0"),
        ("AKs", 76, 58, "30.1", "#3d4ec1"),
        ("AKo", 30, 104, "31.3", "#5766c8"),
        ("88", 306, 334, "38.4", "#f2f2f2"),
        ("22", 582, 610, "46.8", "#b40426"),
    ] {
        let cell = format!(
            "<rect x=\"{x}\" y=\"{y}\" width=\"46\" height=\"46\" fill=\"{fill}\" stroke=\"white\"/>"
        );
        let name = format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"13\" font-weight=\"bold\" \
             text-anchor=\"middle\">{hand}</text>",
            x + 23,
            y + 19
        );
        let figure = format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"middle\">{equity}</text>",
            x + 23,
            y + 36
        );
        for part in [cell, name, figure] {
            assert!(svg.contains(&part), "{part}");
        }
    }
    // The legend's bar, right of the grid, in 26 steps: the highest colour at the top, the lowest
    // at the bottom.
    assert!(
        svg.contains("<rect x=\"658\" y=\"633\" width=\"20\" height=\"24\" fill=\"#3b4cc0\"/>")
    );
    assert!(svg.contains("<rect x=\"658\" y=\"58\" width=\"20\" height=\"24\" fill=\"#b40426\"/>"));
}

#[test]
fn a_chart_of_equal_figures_is_all_the_middle_colour() {
    let mut chart = made_up(false);
    for entry in &mut chart.entries {
        entry.equity = 0.5;
    }
    let svg = chart.svg();
    assert_eq!(svg.matches("height=\"46\" fill=\"#f2f2f2\"").count(), 169);
}

#[test]
fn the_svg_heat_map_renders() {
    let folder = std::env::temp_dir().join(format!("holdem-equity-chart-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (svg, png) = (folder.join("chart.svg"), folder.join("chart.png"));
    std::fs::write(&svg, made_up(true).svg()).unwrap();
    let rendered = Command::new("rsvg-convert")
        .arg("--output")
        .arg(&png)
        .arg(&svg)
        .output();
    let Ok(rendered) = rendered else {
        eprintln!(
            "the_svg_heat_map_renders: skipped rendering, rsvg-convert is not installed \
             (scripts/install-svg-renderer installs it)"
        );
        return;
    };
    assert!(
        rendered.status.success(),
        "rsvg-convert: {}",
        String::from_utf8_lossy(&rendered.stderr)
    );
    let image = std::fs::read(&png).unwrap();
    assert_eq!(&image[..8], b"\x89PNG\r\n\x1a\n");
    // The IHDR chunk: width and height, as the SVG says (738 by 686).
    let width = u32::from_be_bytes(image[16..20].try_into().unwrap());
    let height = u32::from_be_bytes(image[20..24].try_into().unwrap());
    assert_eq!((width, height), (738, 686));
    std::fs::remove_dir_all(&folder).unwrap();
}

#[test]
fn progress_moves_forward_hand_by_hand() {
    // A standard error that takes most hands two or three rounds of sampling: a look at the
    // progress between them.
    let sampling = Sampling {
        seed: 2,
        standard_error: 0.0015,
        time_limit: None,
    };
    let seen = std::sync::Mutex::new(Vec::new());
    chart(1, Method::Sampled(sampling), Threads::ONE, &|done| {
        seen.lock().unwrap().push(done);
    })
    .unwrap();
    let seen = seen.into_inner().unwrap();
    assert!(seen.len() > 100, "{seen:?}");
    assert!(seen.windows(2).all(|pair| pair[0] < pair[1]), "{seen:?}");
    // From the first hands to the last: within (0, 1), and near both ends.
    assert!(seen[0] > 0.0 && seen[0] < 0.02, "{seen:?}");
    let last = seen[seen.len() - 1];
    assert!(last > 0.98 && last < 1.0, "{seen:?}");
}
