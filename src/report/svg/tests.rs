use super::chart::{nice_step, Step};
use super::*;
use crate::settlement::{Mode, Settlement};

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

/// The worked position of the element-count test (x = column from the left, y = row from
/// the top). Black's stone at D3 (3, 2) and White's at A1 (0, 4) are dead.
const DEAD_STONES: &str = "
        . X O . .
        . X O . .
        X X O X .
        . X O O O
        O X O . .";

fn dead_stones_diagram() -> Diagram {
    let b = Board::from_ascii(DEAD_STONES).unwrap();
    let dead = [b.point(Coord::new(3, 2)), b.point(Coord::new(0, 4))];
    let st = Settlement::settle(&b, &dead, &[], Mode::Pause).unwrap();
    Diagram::from_settlement(&b, &st, &[])
}

#[test]
fn the_worked_position_draws_what_a_hand_count_gives() {
    let d = dead_stones_diagram();
    let svg = d.to_svg();
    check_xml(&svg).unwrap();
    // Hand count: Black B5 B4 A3 B3 D3 B2 B1 = 7 stones, White C5 C4 C3 C2 D2 E2 A1 C1 = 8;
    // all 15 are drawn, the two dead ones faded and crossed.
    assert_eq!(count(&svg, "class=\"stone "), 15);
    assert_eq!(count(&svg, "class=\"stone black"), 7);
    assert_eq!(count(&svg, "class=\"stone white"), 8);
    assert_eq!(count(&svg, "class=\"stone black dead\""), 1);
    assert_eq!(count(&svg, "class=\"stone white dead\""), 1);
    assert_eq!(count(&svg, "class=\"cross\""), 2);
    // Black's territory: A5 A4 (behind B5 B4 A3) and A2 with the dead A1 = 4 points.
    // White's: D5 E5 D4 E4 E3 with the dead D3 = 6, and D1 E1 = 2: 8 points.
    // 10 empty points + 2 dead stones = 12 marks.
    assert_eq!(count(&svg, "class=\"mark territory black\""), 4);
    assert_eq!(count(&svg, "class=\"mark territory white\""), 8);
    assert_eq!(count(&svg, "class=\"mark "), 12);
    // No star points below 7x7; 5 letters and 5 numbers, each written twice.
    assert_eq!(count(&svg, "class=\"star\""), 0);
    assert_eq!(count(&svg, "class=\"coord\""), 20);
    assert_eq!(
        d.legend(),
        vec![
            LegendItem::DeadStone(Color::Black),
            LegendItem::DeadStone(Color::White),
            LegendItem::Territory(Color::Black),
            LegendItem::Territory(Color::White),
        ]
    );
    assert_eq!(count(&svg, "class=\"legend\""), 4);
    assert_eq!(
        d.mark(Coord::new(3, 2)),
        Some(Mark::Territory(Color::White))
    );
    assert!(d.is_dead(Coord::new(0, 4)));
    assert_eq!(d.stone(Coord::new(0, 4)), Some(Color::White));
}

#[test]
fn the_same_diagram_gives_the_same_bytes() {
    let a = dead_stones_diagram().with_title("t").to_svg();
    let b = dead_stones_diagram().with_title("t").to_svg();
    assert_eq!(a, b);
}

#[test]
fn coordinates_skip_i_and_count_rows_from_the_bottom() {
    let d = Diagram::new(19, &[], &[], &[], &[]).unwrap();
    let svg = d.to_svg();
    check_xml(&svg).unwrap();
    for l in ["A", "H", "J", "T"] {
        assert!(svg.contains(&format!("fill=\"#4a3410\">{l}</text>")), "{l}");
    }
    assert!(!svg.contains("fill=\"#4a3410\">I</text>"));
    assert!(svg.contains("fill=\"#4a3410\">19</text>"));
    // 19x19 has the nine usual star points.
    assert_eq!(count(&svg, "class=\"star\""), 9);
    assert_eq!(star_points(9).len(), 5);
    assert_eq!(star_points(13).len(), 5);
    assert_eq!(star_points(6).len(), 0);
}

#[test]
fn every_mark_appears_in_the_legend_and_text_is_escaped() {
    let c = Coord::new;
    let stones = [
        (c(0, 0), Color::Black),
        (c(1, 0), Color::White),
        (c(2, 0), Color::Black),
    ];
    let marks = [
        (c(0, 1), Mark::Territory(Color::Black)),
        (c(1, 1), Mark::Territory(Color::White)),
        (c(2, 1), Mark::SekiEye(Color::Black)),
        (c(0, 2), Mark::SekiEye(Color::White)),
        (c(1, 2), Mark::KoPoint(Color::Black)),
        (c(2, 2), Mark::KoPoint(Color::White)),
        (c(0, 3), Mark::OneSidedDame(Color::Black)),
        (c(1, 3), Mark::OneSidedDame(Color::White)),
        (c(2, 3), Mark::Shared),
        (c(3, 3), Mark::DameLeft),
        // A mark on a live stone is not drawn.
        (c(0, 0), Mark::Shared),
    ];
    let d = Diagram::new(
        4,
        &stones,
        &[c(1, 0)],
        &marks,
        &[(c(2, 0), NegativeKind::A), (c(0, 0), NegativeKind::B)],
    )
    .unwrap()
    .with_title("a <title> & \"quotes\"")
    .with_caption(&["line one\nline two & more"]);
    let svg = d.to_svg();
    check_xml(&svg).unwrap();
    assert!(svg.contains("a &lt;title&gt; &amp; &quot;quotes&quot;"));
    assert!(svg.contains("line two &amp; more"));
    // One dead colour, 5 kinds of mark for each side but the shared two, 2 negative kinds.
    assert_eq!(d.legend().len(), 1 + 4 * 2 + 2 + 2);
    assert_eq!(count(&svg, "class=\"legend\""), 13);
    assert_eq!(count(&svg, "class=\"negative "), 2 + 2);
    assert_eq!(d.mark(c(0, 0)), None);
    assert_eq!(count(&svg, "class=\"mark shared\""), 1);
}

#[test]
fn every_size_is_well_formed_and_bad_data_is_refused() {
    for n in MIN_SIZE..=MAX_SIZE {
        let d = Diagram::new(n, &[(Coord::new(0, 0), Color::Black)], &[], &[], &[]).unwrap();
        check_xml(&d.to_svg()).unwrap_or_else(|e| panic!("{n}x{n}: {e}"));
    }
    assert_eq!(
        Diagram::new(1, &[], &[], &[], &[]),
        Err(DiagramError::Size { size: 1 })
    );
    assert_eq!(
        Diagram::new(26, &[], &[], &[], &[]),
        Err(DiagramError::Size { size: 26 })
    );
    assert_eq!(
        Diagram::new(3, &[(Coord::new(3, 0), Color::Black)], &[], &[], &[]),
        Err(DiagramError::OffBoard {
            at: Coord::new(3, 0),
            size: 3
        })
    );
    let e = Diagram::new(3, &[], &[Coord::new(0, 0)], &[], &[]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "dead stone at A3 is not a stone of the diagram"
    );
}

#[test]
fn escape_drops_what_xml_forbids() {
    assert_eq!(escape("a\u{1}b<'>"), "ab&lt;&apos;&gt;");
    assert!(check_xml("<a><b x=\"1\"/></a>").is_ok());
    assert!(check_xml("<a><b></a>").is_err());
    assert!(check_xml("<a>&</a>").is_err());
    assert!(check_xml("<a x=1/>").is_err());
}

#[test]
fn wrap_breaks_at_spaces() {
    assert_eq!(wrap("aa bb cc", 5), vec!["aa bb", "cc"]);
    assert_eq!(wrap("averylongword x", 4), vec!["averylongword", "x"]);
    assert!(wrap("   ", 5).is_empty());
}

#[test]
fn tick_steps_are_round_and_labels_exact() {
    assert_eq!(nice_step(0.3), Step { m: 5, e: -1 });
    assert_eq!(nice_step(2.0), Step { m: 2, e: 0 });
    assert_eq!(nice_step(2.1), Step { m: 5, e: 0 });
    assert_eq!(nice_step(7.0), Step { m: 1, e: 1 });
    assert_eq!(nice_step(130.0), Step { m: 2, e: 2 });
    assert_eq!(Step { m: 5, e: -1 }.label(3), "1.5");
    assert_eq!(Step { m: 2, e: -2 }.label(1), "0.02");
    assert_eq!(Step { m: 2, e: 2 }.label(3), "600");
}

#[test]
fn bar_chart_draws_one_bar_per_value() {
    let groups: Vec<String> = ["last_move_parity", "seki_eye", "overflow"]
        .map(String::from)
        .to_vec();
    let series: Vec<String> = ["9x9", "13x13", "19x19"].map(String::from).to_vec();
    let values = vec![
        vec![12.5, 8.0, 3.25],
        vec![0.0, 0.5, 1.0],
        vec![0.0, 0.0, 0.0],
    ];
    let svg = bar_chart("divergence <rate>", &groups, &series, &values, "% of games");
    check_xml(&svg).unwrap();
    assert_eq!(count(&svg, "class=\"bar "), 9);
    // The largest value 12.5: step nice(2.5) = 5, ticks 0, 5, 10, 15.
    assert_eq!(count(&svg, "class=\"tick\""), 4);
    assert!(svg.contains(">15</text>"));
    // Zero-height bars for the zeros, labelled with one decimal more than the ticks.
    assert_eq!(count(&svg, "height=\"0\""), 4);
    assert!(svg.contains(">12.5</text>") && svg.contains(">3.2</text>"));
    assert_eq!(count(&svg, "class=\"legend\""), 3);
    assert!(svg.contains("divergence &lt;rate&gt;"));
    // Underscores read as spaces; a long name is broken over lines.
    assert!(svg.contains(">last move</text>") && svg.contains(">parity</text>"));
    assert_eq!(
        svg,
        bar_chart("divergence <rate>", &groups, &series, &values, "% of games")
    );
}

#[test]
fn bar_chart_survives_empty_and_odd_input() {
    let svg = bar_chart("empty", &[], &[], &[], "");
    check_xml(&svg).unwrap();
    assert!(svg.contains("no data"));
    let svg = bar_chart(
        "odd",
        &["a".into(), "b".into()],
        &["s".into(), "t".into()],
        &[vec![f64::NAN, -1.0], vec![0.0]],
        "x",
    );
    check_xml(&svg).unwrap();
    // NaN and the missing value draw no bar; -1 draws none either; 0 draws a flat one.
    assert_eq!(count(&svg, "class=\"bar "), 1);
    assert_eq!(count(&svg, ">n/a</text>"), 2);
}
/// A small XML well-formedness check for tests: one root element, tags nested and closed,
/// attribute values quoted, no raw `<` or stray `&` in text. Returns the number of elements.
fn check_xml(doc: &str) -> Result<usize, String> {
    fn entity_ok(rest: &str) -> bool {
        ["amp;", "lt;", "gt;", "quot;", "apos;"]
            .iter()
            .any(|e| rest.starts_with(e))
    }
    let b = doc.as_bytes();
    let mut i = 0;
    let mut stack: Vec<String> = Vec::new();
    let mut elements = 0;
    let mut roots = 0;
    if doc.starts_with("<?xml") {
        i = doc.find("?>").ok_or("unclosed XML declaration")? + 2;
    }
    while i < b.len() {
        if b[i] == b'<' {
            let end = doc[i..].find('>').ok_or("unclosed tag")? + i;
            let tag = &doc[i + 1..end];
            if let Some(name) = tag.strip_prefix('/') {
                let open = stack.pop().ok_or(format!("</{name}> closes nothing"))?;
                if open != name.trim() {
                    return Err(format!("<{open}> closed by </{name}>"));
                }
            } else {
                let self_closing = tag.ends_with('/');
                let body = tag.trim_end_matches('/');
                let name_end = body.find(|c: char| c.is_whitespace()).unwrap_or(body.len());
                let name = &body[..name_end];
                if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
                    return Err(format!("bad tag name in <{tag}>"));
                }
                // Attributes: name="value" pairs.
                let mut rest = body[name_end..].trim_start();
                while !rest.is_empty() {
                    let eq = rest
                        .find('=')
                        .ok_or(format!("attribute without value in <{tag}>"))?;
                    let aname = &rest[..eq];
                    if aname.is_empty()
                        || !aname
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':')
                    {
                        return Err(format!("bad attribute name {aname:?} in <{name}>"));
                    }
                    let after = &rest[eq + 1..];
                    if !after.starts_with('"') {
                        return Err(format!("unquoted attribute {aname} in <{name}>"));
                    }
                    let close = after[1..].find('"').ok_or("unclosed attribute value")? + 1;
                    let value = &after[1..close];
                    if value.contains('<') {
                        return Err(format!("raw < in attribute {aname}"));
                    }
                    for (k, _) in value.match_indices('&') {
                        if !entity_ok(&value[k + 1..]) {
                            return Err(format!("stray & in attribute {aname}"));
                        }
                    }
                    rest = after[close + 1..].trim_start();
                }
                if stack.is_empty() {
                    roots += 1;
                }
                elements += 1;
                if !self_closing {
                    stack.push(name.to_string());
                }
            }
            i = end + 1;
        } else {
            if b[i] == b'&' && !entity_ok(&doc[i + 1..]) {
                return Err(format!("stray & at byte {i}"));
            }
            if stack.is_empty() && !b[i].is_ascii_whitespace() {
                return Err(format!("text outside the root at byte {i}"));
            }
            i += 1;
        }
    }
    if let Some(open) = stack.pop() {
        return Err(format!("<{open}> never closed"));
    }
    if roots != 1 {
        return Err(format!("{roots} root elements"));
    }
    Ok(elements)
}
