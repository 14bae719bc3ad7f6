//! Suit symmetry: the renamings of the suits that leave both ranges as they are. Below a board
//! that such a renaming also keeps, two turn (or river) cards it maps onto each other lead to
//! the same game with the suits renamed, so only the first of them (its *representative*) is
//! solved, and the other's values are the representative's, hand for renamed hand. On `QsJh2h`
//! with suit-blind ranges, diamonds and clubs are alike: 36 turn cards are solved of 49.

use cards_core::holdem::Combo;
use cards_core::{Card, Suit};

/// A renaming of the suits: suit `s` becomes suit `renaming[s]` (by [`Suit`]'s order).
type Renaming = [usize; 4];

/// A card dealt at a chance node: the representative solved, and the cards alike to it with
/// the renaming that takes it to each.
#[derive(Clone, Debug, PartialEq)]
pub struct Dealt {
    /// The card solved.
    pub card: Card,
    /// The other cards of its kind, each with the renaming (an index into [`Symmetry`]'s) that
    /// takes `card` to it.
    pub alike: Vec<(Card, usize)>,
}

/// The renamings of the suits that keep both players' hands and weights, and what each does
/// to the hands.
#[derive(Clone, Debug)]
pub struct Symmetry {
    /// The renamings, the identity first.
    renamings: Vec<Renaming>,
    /// By renaming and player: the index of each hand's renamed hand.
    hands: Vec<[Vec<u16>; 2]>,
    /// By renaming: the renaming that undoes it (looked up on every gather of an alike card).
    inverses: Vec<usize>,
}

impl Symmetry {
    /// The identity, the renaming that changes nothing.
    pub const IDENTITY: usize = 0;

    /// The renamings that map each player's hands onto their own, weight for weight.
    pub fn of(hands: [&[Combo]; 2], weights: [&[f64]; 2]) -> Symmetry {
        let mut symmetry = Symmetry::none(hands.map(<[Combo]>::len));
        // By player: each combo's index among the hands, by its two cards' indices.
        let index_of = [0, 1].map(|player| {
            let mut index_of = vec![None; 52 * 52];
            for (index, [a, b]) in hands[player].iter().enumerate() {
                index_of[a.index() * 52 + b.index()] = Some(index);
            }
            index_of
        });
        for renaming in all_renamings().skip(1) {
            let renamed = [0, 1].map(|player| {
                let mut indices = Vec::with_capacity(hands[player].len());
                for &combo in hands[player] {
                    let [a, b] = rename_combo(combo, renaming);
                    let index = index_of[player][a.index() * 52 + b.index()]?;
                    if weights[player][index].to_bits() != weights[player][indices.len()].to_bits()
                    {
                        return None;
                    }
                    indices.push(u16::try_from(index).expect("at most 1,326 hands"));
                }
                Some(indices)
            });
            if let [Some(oop), Some(ip)] = renamed {
                symmetry.renamings.push(renaming);
                symmetry.hands.push([oop, ip]);
            }
        }
        // The renamings that keep the ranges are a group: each one's inverse is among them.
        symmetry.inverses = (symmetry.renamings.iter())
            .map(|renaming| {
                let mut inverse = [0; 4];
                for (suit, &to) in renaming.iter().enumerate() {
                    inverse[to] = suit;
                }
                symmetry.find(inverse)
            })
            .collect();
        symmetry
    }

    /// The identity alone, for players of `hands` hands each: every card dealt apart.
    pub fn none(hands: [usize; 2]) -> Symmetry {
        let identity = hands.map(|count| {
            (0..count)
                .map(|hand| u16::try_from(hand).expect("at most 1,326 hands"))
                .collect()
        });
        Symmetry {
            renamings: vec![[0, 1, 2, 3]],
            hands: vec![identity],
            inverses: vec![Symmetry::IDENTITY],
        }
    }

    /// Whether the identity is the only renaming: every card is dealt apart.
    pub fn is_trivial(&self) -> bool {
        self.renamings.len() == 1
    }

    /// The cards that can be dealt on `board`, in [`Card::ALL`]'s order of their
    /// representatives: each card once, as a representative or alike to one.
    pub fn deal(&self, board: &[Card]) -> Vec<Dealt> {
        // The renamings that keep the board.
        let keeping: Vec<usize> = (0..self.renamings.len())
            .filter(|&index| (board.iter()).all(|&card| board.contains(&self.rename(card, index))))
            .collect();
        let mut placed = [false; 52];
        let mut dealt = Vec::new();
        for card in Card::ALL {
            if board.contains(&card) || placed[card.index()] {
                continue;
            }
            placed[card.index()] = true;
            let mut alike = Vec::new();
            for &index in &keeping {
                let image = self.rename(card, index);
                if !placed[image.index()] {
                    placed[image.index()] = true;
                    alike.push((image, index));
                }
            }
            dealt.push(Dealt { card, alike });
        }
        dealt
    }

    /// `card` renamed by renaming `index`.
    pub fn rename(&self, card: Card, index: usize) -> Card {
        rename_card(card, self.renamings[index])
    }

    /// The index of `player`'s hand `hand` renamed by renaming `index`.
    pub fn renamed_hand(&self, index: usize, player: usize, hand: usize) -> usize {
        usize::from(self.hands[index][player][hand])
    }

    /// Renaming `second` after renaming `first`.
    pub fn then(&self, first: usize, second: usize) -> usize {
        let [a, b] = [first, second].map(|index| self.renamings[index]);
        self.find(std::array::from_fn(|suit| b[a[suit]]))
    }

    /// The renaming that undoes renaming `index`.
    pub fn inverse(&self, index: usize) -> usize {
        self.inverses[index]
    }

    /// `values` by `player`'s hand at a node, as they are at the node the renaming `index`
    /// makes of it: each hand gets the value of the hand it is renamed from.
    pub fn renamed_values<T: Copy>(&self, index: usize, player: usize, values: &[T]) -> Vec<T> {
        let from = self.inverse(index);
        (0..values.len())
            .map(|hand| values[self.renamed_hand(from, player, hand)])
            .collect()
    }

    fn find(&self, renaming: Renaming) -> usize {
        (self.renamings.iter())
            .position(|&kept| kept == renaming)
            .expect("the renamings that keep the ranges are a group")
    }
}

/// The 24 renamings, the identity first.
fn all_renamings() -> impl Iterator<Item = Renaming> {
    (0..4usize).flat_map(|a| {
        (0..4usize).flat_map(move |b| {
            (0..4usize)
                .filter(move |&c| a != b && a != c && b != c)
                .map(move |c| [a, b, c, 6 - a - b - c])
        })
    })
}

fn rename_card(card: Card, renaming: Renaming) -> Card {
    Card::new(card.rank(), Suit::ALL[renaming[card.suit() as usize]])
}

/// A combo renamed, the higher card first as ranges keep it.
fn rename_combo([a, b]: Combo, renaming: Renaming) -> Combo {
    let (a, b) = (rename_card(a, renaming), rename_card(b, renaming));
    [a.max(b), a.min(b)]
}
