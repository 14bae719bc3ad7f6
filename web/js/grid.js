// The 13 × 13 grid of starting hands: pairs on the diagonal, suited hands above it, offsuit
// below, ranks from the ace down; a cell's place is row * 13 + column, as the engine counts.
const RANKS = 'AKQJT98765432';

export function handName(place) {
  const row = Math.floor(place / 13);
  const column = place % 13;
  if (row === column) return RANKS[row] + RANKS[row];
  return row < column ? RANKS[row] + RANKS[column] + 's' : RANKS[column] + RANKS[row] + 'o';
}

function makeCells(container) {
  container.replaceChildren();
  const cells = [];
  for (let place = 0; place < 169; place++) {
    const cell = document.createElement('div');
    cell.className = 'cell';
    cell.dataset.place = place;
    cell.dataset.hand = handName(place);
    const name = document.createElement('span');
    name.className = 'hand';
    name.textContent = handName(place);
    cell.append(name);
    container.append(cell);
    cells.push(cell);
  }
  return cells;
}

// A range's grid: paint by clicking or dragging. `onPaint(places, erase)` is called for each
// stroke as it grows; the owner turns it into range text and calls `show` with the new cells.
export class RangeGrid {
  constructor(container, onPaint) {
    this.cells = makeCells(container);
    this.held = new Float64Array(338);
    this.stroke = null;
    container.addEventListener('pointerdown', (event) => {
      const cell = event.target.closest('.cell');
      if (!cell) return;
      event.preventDefault();
      const place = Number(cell.dataset.place);
      // A stroke that starts on a whole cell clears; otherwise it paints.
      const erase = this.held[2 * place] === 1;
      this.stroke = { places: [place], erase };
      onPaint(this.stroke.places, erase);
    });
    container.addEventListener('pointerover', (event) => {
      const cell = event.target.closest('.cell');
      if (!this.stroke || !cell) return;
      const place = Number(cell.dataset.place);
      if (this.stroke.places.includes(place)) return;
      this.stroke.places.push(place);
      onPaint(this.stroke.places, this.stroke.erase);
    });
    // Touch and pen move without "over" events on other cells: follow the point instead.
    container.addEventListener('pointermove', (event) => {
      if (!this.stroke || event.pointerType === 'mouse') return;
      const cell = document.elementFromPoint(event.clientX, event.clientY)?.closest('.cell');
      if (cell && container.contains(cell)) {
        cell.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
      }
    });
    window.addEventListener('pointerup', () => { this.stroke = null; });
  }

  // `held`: for each place, the share of the class's combos in the range and their mean weight.
  show(held) {
    this.held = held;
    this.cells.forEach((cell, place) => {
      const share = held[2 * place];
      const weight = held[2 * place + 1];
      cell.classList.toggle('held', share > 0);
      cell.classList.toggle('partial', share > 0 && share < 1);
      cell.style.setProperty('--share', `${(100 * share).toFixed(1)}%`);
      cell.style.setProperty('--weight', share > 0 ? (0.3 + 0.7 * weight).toFixed(3) : '0');
      cell.title = share > 0
        ? `${cell.dataset.hand}: ${Math.round(share * 100)}% of combos, weight ${+weight.toFixed(4)}`
        : cell.dataset.hand;
    });
  }
}

// A heat map: each hand's figure written in its cell and coloured from blue (the lowest shown)
// through white to red (the highest). `figures` maps hand names to { value, text }.
export function showHeat(container, figures) {
  const cells = container.children.length === 169 ? [...container.children] : makeCells(container);
  const values = Object.values(figures).map((figure) => figure.value);
  const low = Math.min(...values);
  const high = Math.max(...values);
  cells.forEach((cell) => {
    const figure = figures[cell.dataset.hand];
    cell.querySelector('.figure')?.remove();
    if (!figure) {
      cell.style.background = '';
      cell.classList.add('empty');
      cell.title = cell.dataset.hand;
      return;
    }
    cell.classList.remove('empty');
    const t = high > low ? (figure.value - low) / (high - low) : 0.5;
    cell.style.background = heatColour(t);
    const text = document.createElement('span');
    text.className = 'figure';
    text.textContent = figure.short;
    cell.append(text);
    cell.title = `${cell.dataset.hand}: ${figure.text}`;
  });
}

// A decision's gains over folding: each hand's gain written in its cell as the command line's
// `--gains` grid writes it (bb, or percent of the prize pool under ICM, two decimals and a sign;
// `-` where the hand never faces the decision), the cell green where acting gains and red where
// it loses, as deep as the gain is large against the grid's largest. `gains` maps hand names to
// gains in bb or shares of the pool (null where unreached); `chips` says which.
export function showGains(container, gains, chips) {
  const cells = container.children.length === 169 ? [...container.children] : makeCells(container);
  const shown = (gain) => (chips ? gain : 100 * gain);
  const largest = Math.max(1e-9, ...Object.values(gains).filter((gain) => gain !== null)
    .map((gain) => Math.abs(shown(gain))));
  const unit = chips ? 'bb' : '% of the prize pool';
  cells.forEach((cell) => {
    const gain = gains[cell.dataset.hand];
    cell.querySelector('.figure')?.remove();
    cell.classList.remove('played');
    const text = document.createElement('span');
    text.className = 'figure';
    if (gain === null || gain === undefined) {
      cell.style.background = '';
      text.textContent = '-';
      cell.title = `${cell.dataset.hand}: never faces this decision`;
    } else {
      const value = shown(gain);
      const rounded = Math.abs(value).toFixed(2) === '0.00' ? '0.00' : `${value > 0 ? '+' : ''}${value.toFixed(2)}`;
      const t = Math.min(1, Math.abs(value) / largest);
      const [r, g, b] = value >= 0 ? [46, 139, 87] : [205, 55, 50];
      const mix = (white, full) => Math.round(white + (full - white) * t);
      cell.style.background = `rgb(${mix(255, r)}, ${mix(255, g)}, ${mix(255, b)})`;
      cell.classList.toggle('played', t > 0.6);
      text.textContent = rounded;
      cell.title = `${cell.dataset.hand}: ${value >= 0 ? '+' : ''}${value.toFixed(4)} ${unit} over folding`;
    }
    cell.append(text);
  });
}

// Blue (0) through white (0.5) to red (1).
function heatColour(t) {
  const mix = (a, b, s) => Math.round(a + (b - a) * s);
  const [from, to, s] = t < 0.5
    ? [[59, 110, 190], [255, 255, 255], t / 0.5]
    : [[255, 255, 255], [205, 55, 50], (t - 0.5) / 0.5];
  return `rgb(${mix(from[0], to[0], s)}, ${mix(from[1], to[1], s)}, ${mix(from[2], to[2], s)})`;
}

// A strategy's grid: each hand's frequency written in its cell (percent) and the cell as green
// as the hand is played. `frequencies` maps hand names to frequencies, 0 to 1 (by name: an
// object's keys such as "22" do not keep their order); `gains`, if given, each hand's gain over
// folding (null where it never faces the decision), shown with `unit` when the cell is pointed at.
export function showFrequencies(container, frequencies, gains, unit) {
  const cells = container.children.length === 169 ? [...container.children] : makeCells(container);
  cells.forEach((cell) => {
    const frequency = frequencies[cell.dataset.hand];
    cell.querySelector('.figure')?.remove();
    const mix = (never, always) => Math.round(never + (always - never) * frequency);
    cell.style.background = `rgb(${mix(238, 46)}, ${mix(238, 139)}, ${mix(238, 87)})`;
    cell.classList.toggle('played', frequency > 0.6);
    const percent = 100 * frequency;
    const text = document.createElement('span');
    text.className = 'figure';
    text.textContent = Number.isInteger(percent) ? `${percent}` : percent.toFixed(1);
    cell.append(text);
    const gain = gains?.[cell.dataset.hand];
    const gained = gain === undefined ? ''
      : gain === null ? ', never faces it' : `, gains ${gain >= 0 ? '+' : ''}${gain.toFixed(4)} ${unit} over folding`;
    cell.title = `${cell.dataset.hand}: ${percent.toFixed(4)}%${gained}`;
  });
}
