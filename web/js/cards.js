// The 52-card picker for the board and the dead cards, and reading cards out of such a field's
// text (what the engine reads is the field itself; this only keeps the picker in step).
const RANKS = 'AKQJT98765432';
const SUITS = [['s', '♠'], ['h', '♥'], ['d', '♦'], ['c', '♣']];

// The cards written in a field, as `Ah`, in order (either case; `10` for a ten).
export function cardsIn(text) {
  return [...text.matchAll(/(10|[2-9tjqka])([shdc])/gi)]
    .map(([, rank, suit]) => (rank === '10' ? 'T' : rank.toUpperCase()) + suit.toLowerCase());
}

export class CardPicker {
  // `onPick(card)` is called with the card clicked (`Ah`).
  constructor(container, onPick) {
    this.buttons = new Map();
    for (const [suit, symbol] of SUITS) {
      const row = document.createElement('div');
      row.className = `suit suit-${suit}`;
      for (const rank of RANKS) {
        const card = rank + suit;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'card';
        button.dataset.card = card;
        button.textContent = `${rank}${symbol}`;
        button.title = card;
        button.addEventListener('click', () => onPick(card));
        row.append(button);
        this.buttons.set(card, button);
      }
      container.append(row);
    }
  }

  // Marks the cards on the board and the dead ones.
  show(board, dead) {
    for (const [card, button] of this.buttons) {
      button.classList.toggle('on-board', board.includes(card));
      button.classList.toggle('dead', dead.includes(card));
    }
  }
}
