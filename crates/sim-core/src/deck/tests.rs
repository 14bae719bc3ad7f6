//! The deck pieces against plain models written here: a vector of counts per seat and a walk
//! round the table.

use seeded_rng::SeededRng;

use super::{Pile, Table};

/// Who holds what, the obvious way.
struct PlainTable {
    counts: Vec<[u32; 5]>,
}

impl PlainTable {
    fn next_holder_after(&self, seat: usize, ranks: &[usize]) -> Option<usize> {
        let seats = self.counts.len();
        (1..seats)
            .map(|step| (seat + step) % seats)
            .find(|&other| ranks.iter().any(|&rank| self.counts[other][rank] > 0))
    }
}

#[test]
fn tables_agree_with_a_plain_model() {
    let mut rng = SeededRng::new(12);
    for round in 0..300 {
        let seats = 1 + rng.index([1, 3, 63, 64, 65, 130, 200][round % 7]);
        let mut table = Table::<5>::new(seats).unwrap();
        let mut plain = PlainTable {
            counts: vec![[0; 5]; seats],
        };
        for _ in 0..400 {
            let seat = rng.index(seats);
            let rank = rng.index(5);
            if rng.chance(1, 2) {
                table.give(seat, rank);
                plain.counts[seat][rank] += 1;
            } else {
                let held = plain.counts[seat][rank] > 0;
                assert_eq!(table.take(seat, rank), held);
                if held {
                    plain.counts[seat][rank] -= 1;
                }
            }
            let ask = [rng.index(5), rng.index(5)];
            let ranks = &ask[..=rng.index(2)];
            let from = rng.index(seats);
            assert_eq!(
                table.next_holder_after(from, ranks),
                plain.next_holder_after(from, ranks)
            );
        }
        for seat in 0..seats {
            assert_eq!(table.hand(seat).counts(), &plain.counts[seat]);
            assert_eq!(
                table.hand(seat).len(),
                plain.counts[seat].iter().sum::<u32>()
            );
            let lowest = plain.counts[seat].iter().position(|&count| count > 0);
            assert_eq!(table.hand(seat).lowest(), lowest);
            assert_eq!(table.hand(seat).is_empty(), lowest.is_none());
            for (rank, &count) in plain.counts[seat].iter().enumerate() {
                assert_eq!(table.hand(seat).holds(rank), count > 0);
            }
        }
    }
}

#[test]
fn dealing_stops_when_the_pile_runs_out() {
    let mut pile = Pile::new((0..12).map(|card| card % 3).collect());
    let mut table = Table::<3>::new(4).unwrap();
    table.deal(&mut pile, 5);
    let sizes: Vec<u32> = (0..4).map(|seat| table.hand(seat).len()).collect();
    assert_eq!(sizes, [5, 5, 2, 0]);
    assert!(pile.is_empty());
    assert_eq!(pile.draw(), None);
}

#[test]
fn a_pile_is_empty_only_once_every_card_is_drawn() {
    let mut pile = Pile::new(vec![2, 0]);
    assert_eq!((pile.len(), pile.is_empty()), (2, false));
    assert_eq!(pile.draw(), Some(2));
    assert_eq!((pile.len(), pile.is_empty()), (1, false));
    assert_eq!(pile.draw(), Some(0));
    assert_eq!((pile.len(), pile.is_empty()), (0, true));
}

#[test]
fn draw_rounds_go_round_from_the_first_seat_and_stop_with_the_pile() {
    let mut pile = Pile::new(vec![0, 1, 2, 0, 1]);
    let mut table = Table::<3>::new(3).unwrap();
    let mut drawn = Vec::new();
    table.draw_round(&mut pile, 2, |seat, rank| drawn.push((seat, rank)));
    assert_eq!(drawn, [(2, 0), (0, 1), (1, 2)]);
    drawn.clear();
    table.draw_round(&mut pile, 1, |seat, rank| drawn.push((seat, rank)));
    assert_eq!(drawn, [(1, 0), (2, 1)]);
    drawn.clear();
    table.draw_round(&mut pile, 0, |seat, rank| drawn.push((seat, rank)));
    assert!(drawn.is_empty());
}

#[test]
fn one_seat_is_its_own_neighbour_but_never_its_own_next_holder() {
    let mut table = Table::<2>::new(1).unwrap();
    table.give(0, 1);
    assert_eq!(table.next_seat(0), 0);
    assert_eq!(table.next_holder_after(0, &[1]), None);
}

#[test]
fn a_table_too_big_for_memory_is_an_error() {
    assert!(Table::<13>::new(usize::MAX / 8).is_err());
}
