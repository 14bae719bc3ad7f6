//! The slow model `gdy::play` is held against: the spec's rules one player at a time, hands as
//! plain lists. Shared by `tests/rules.rs` and the fuzz target `deck_simulation`.

/// The spec's rules, one player at a time, with hands as plain lists of face values.
pub fn plain_game(players: usize, pile: &[u8]) -> (usize, Vec<u64>) {
    let order = |face: u8| {
        [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 1, 2]
            .iter()
            .position(|&f| f == face)
            .unwrap()
    };
    let successor = |face: u8| match face {
        13 => Some(1),
        1 => Some(2),
        2 => None,
        face => Some(face + 1),
    };
    let mut pile = pile.iter().copied();
    let mut hands: Vec<Vec<u8>> = vec![Vec::new(); players];
    'deal: for hand in &mut hands {
        for _ in 0..5 {
            match pile.next() {
                Some(card) => hand.push(card),
                None => break 'deal,
            }
        }
    }
    let take = |hand: &mut Vec<u8>, card: u8| {
        let at = hand.iter().position(|&held| held == card).unwrap();
        hand.remove(at);
    };
    let mut leader = 0;
    loop {
        let lowest = *hands[leader]
            .iter()
            .min_by_key(|&&card| order(card))
            .unwrap();
        take(&mut hands[leader], lowest);
        if hands[leader].is_empty() {
            return finish(leader, &hands);
        }
        let (mut last_player, mut last) = (leader, lowest);
        let mut turn = (leader + 1) % players;
        while last != 2 && turn != last_player {
            let wanted = successor(last).filter(|&card| card != 2);
            let card = match wanted {
                Some(card) if hands[turn].contains(&card) => Some(card),
                _ if hands[turn].contains(&2) => Some(2),
                _ => None,
            };
            if let Some(card) = card {
                take(&mut hands[turn], card);
                if hands[turn].is_empty() {
                    return finish(turn, &hands);
                }
                (last_player, last) = (turn, card);
            }
            turn = (turn + 1) % players;
        }
        let mut seat = last_player;
        for _ in 0..players {
            let Some(card) = pile.next() else { break };
            hands[seat].push(card);
            seat = (seat + 1) % players;
        }
        leader = last_player;
    }
}

fn finish(winner: usize, hands: &[Vec<u8>]) -> (usize, Vec<u64>) {
    (
        winner,
        hands
            .iter()
            .map(|hand| hand.iter().map(|&card| u64::from(card)).sum())
            .collect(),
    )
}
