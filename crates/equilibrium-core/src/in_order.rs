//! Values numbered 0, 1, 2, ... that threads finish in any order, used in the order of their
//! numbers: how a chance node's children's values are added up as one thread adds them, so the
//! bits are the same on any number of threads.

/// Values numbered 0, 1, 2, ... that come in any order, each used in the order of the numbers:
/// those that come before their turn wait.
#[derive(Default)]
pub(crate) struct InOrder<V> {
    /// The number of the value to be used next.
    next: usize,
    waiting: Vec<(usize, V)>,
}

impl<V: Default> InOrder<V> {
    /// Value number `index` has come: if its turn has come, `add` gets it and then each
    /// waiting value whose turn comes after it, with their numbers; if not, it is taken from
    /// `value` (left at its default) to wait.
    pub(crate) fn arrive(&mut self, index: usize, value: &mut V, mut add: impl FnMut(usize, &V)) {
        if index != self.next {
            self.waiting.push((index, std::mem::take(value)));
            return;
        }
        add(index, value);
        self.next += 1;
        while let Some(at) = (self.waiting.iter()).position(|&(index, _)| index == self.next) {
            let (index, early) = self.waiting.swap_remove(at);
            add(index, &early);
            self.next += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::InOrder;

    /// Values that come out of order are used in order, each with its own number, and a value
    /// that waits is taken from its sender.
    #[test]
    fn values_in_any_order_are_used_in_order() {
        let mut order = InOrder::default();
        let mut used = Vec::new();
        for index in [3, 1, 0, 2, 6, 4, 5] {
            let mut value = vec![index * 10];
            order.arrive(index, &mut value, |number, value: &Vec<usize>| {
                used.push((number, value[0]));
            });
            let waited = !used.iter().any(|&(number, _)| number == index);
            assert_eq!(value.is_empty(), waited, "value {index}");
        }
        assert_eq!(
            used,
            (0..7).map(|index| (index, index * 10)).collect::<Vec<_>>()
        );
        assert!(order.waiting.is_empty());
    }
}
