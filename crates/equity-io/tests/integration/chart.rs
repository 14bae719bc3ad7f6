//! The chart's four ways out: the grid, CSV, JSON and the SVG heat map, which is rendered with `rsvg-convert` when it is installed (`scripts/install-svg-renderer`). Its
//! figures are the golden cases `104-chart-one-opponent` and `105-chart-two-opponents-sampled`.

use std::process::Command;

use equity_core::{Chart, ChartEntry, HandClass, PotShares};
use equity_io::write::chart as write;

/// A chart of made-up figures: each hand's place in the grid, so every cell can be told apart.
fn made_up(sampled: bool) -> Chart {
    let entries = HandClass::all()
        .enumerate()
        .map(|(place, class)| ChartEntry {
            class,
            shares: PotShares {
                wins: 0.25 + place as f64 / 1000.0,
                ties: 0.05,
            },
            standard_error: sampled.then_some(0.0005),
        })
        .collect();
    Chart {
        opponents: if sampled { 3 } else { 1 },
        entries,
    }
}

#[test]
fn the_grid_has_a_row_per_rank() {
    let grid = write::grid(&made_up(false));
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
    let csv = write::csv(&exact);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 170);
    assert_eq!(rows[0], "hand,combos,equity");
    assert_eq!(rows[1], "AA,6,30.0000");
    assert_eq!(rows[14], "AKo,12,31.3000");
    let sampled = made_up(true);
    assert_eq!(
        write::csv(&sampled).lines().next(),
        Some("hand,combos,equity,standard_error")
    );
    assert_eq!(
        write::csv(&sampled).lines().nth(2),
        Some("AKs,4,30.1000,0.0500")
    );
    let json = write::json(&exact);
    assert!(json.starts_with(
        "{\"opponents\":1,\"method\":\"exact\",\"hands\":[{\"hand\":\"AA\",\"combos\":6,\"equity\":30.000000},"
    ));
    assert!(json.ends_with("{\"hand\":\"22\",\"combos\":6,\"equity\":46.800000}]}\n"));
    assert!(write::json(&sampled).contains("\"method\":\"sampled\""));
    assert!(write::json(&sampled).contains(",\"standard_error\":0.050000}"));
}

#[test]
fn the_svg_heat_map_has_every_hand_and_a_legend() {
    let svg = write::svg(&made_up(false));
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
        entry.shares = PotShares {
            wins: 0.5,
            ties: 0.0,
        };
    }
    let svg = write::svg(&chart);
    assert_eq!(svg.matches("height=\"46\" fill=\"#f2f2f2\"").count(), 169);
}

#[test]
fn the_svg_heat_map_renders() {
    let folder = std::env::temp_dir().join(format!("holdem-equity-chart-{}", std::process::id()));
    std::fs::create_dir_all(&folder).unwrap();
    let (svg, png) = (folder.join("chart.svg"), folder.join("chart.png"));
    std::fs::write(&svg, write::svg(&made_up(true))).unwrap();
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

/// The order "top N %" takes hands in (`cards_core::holdem::by_strength`) is the exact chart's
/// against one random hand, best first: held to the chart's golden output.
#[test]
fn hands_by_strength_are_the_charts_order() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../testdata/holdem-equity/104-chart-one-opponent.out"
    );
    let csv = std::fs::read_to_string(path).unwrap();
    let mut rows: Vec<(String, f64)> = csv
        .lines()
        .skip(1)
        .map(|row| {
            let fields: Vec<&str> = row.split(',').collect();
            (fields[0].to_string(), fields[2].parse().unwrap())
        })
        .collect();
    assert_eq!(rows.len(), 169);
    rows.sort_by(|a, b| b.1.total_cmp(&a.1));
    // No two hands tie at the golden file's four decimals, so its order is the whole order.
    assert!(rows.windows(2).all(|pair| pair[0].1 > pair[1].1));
    let by_chart: Vec<String> = rows.into_iter().map(|(hand, _)| hand).collect();
    let by_strength: Vec<String> = cards_core::holdem::by_strength()
        .map(|class| class.to_string())
        .collect();
    assert_eq!(by_strength, by_chart);
}
