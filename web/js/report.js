// An aggregated postflop report in the postflop view: the CSV that
// `python -m holdem_equity.jobs postflop-report` writes (a row per flop: its weight, the root's
// action frequencies, each player's EV and equity, the exploitability, the iterations), read
// with errors at their line and column, and drawn as the job's SVG draws it (`report_svg`):
// the flops from the highest cards down, a stacked bar of the root's mix each, the high card
// marked below. A bar pointed at or clicked shows its row beside the weighted mix of all flops.
import { actionColours } from './actions.js';

// The columns after the actions', as `write_report_csv` writes them.
const FIGURES = ['ev_oop', 'ev_ip', 'equity_oop', 'equity_ip', 'exploitability', 'iterations'];
const RANKS = '23456789TJQKA';
// Every flop: the most a report's weights can add up to.
const FLOPS = 22100;
const SUITS = 'shdc';
// A number as Python's `repr` writes a float (and a plain integer).
const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// How far from 1 a row's frequencies may sum: they are written to about ten digits.
const SUM_TOLERANCE = 1e-6;
const SVG = 'http://www.w3.org/2000/svg';

// A malformed report: where, and what was expected.
export class ReportError extends Error {
  constructor(line, column, message) {
    super(`line ${line}, column ${column}: ${message}`);
    this.line = line;
    this.column = column;
  }
}

// The report in `text`: { actions, rows }, each row { flop, weight, frequencies (by action,
// null where the action is not at that flop's root), figures (ev_oop ... iterations, numbers),
// texts (each cell as written), line }, in the file's order. Throws a ReportError.
export function readReport(text) {
  const lines = text.replace(/^\uFEFF/, '').split('\n').map((line) => line.replace(/\r$/, ''));
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  const header = cellsOf(lines[0], 1);
  const actions = header.slice(2, -FIGURES.length).map((cell) => cell.text);
  if (actions.length === 0) {
    throw new ReportError(1, 1,
      `expected a header of flop, weight, the actions and ${FIGURES.join(', ')}, found '${lines[0]}'`);
  }
  const expected = ['flop', 'weight', ...actions, ...FIGURES];
  header.forEach((cell, index) => {
    const action = index >= 2 && index < 2 + actions.length;
    const good = action ? /^\S(.*\S)?$/.test(cell.text) && actions.indexOf(cell.text) === index - 2
      : cell.text === expected[index];
    if (!good) {
      throw new ReportError(1, cell.column,
        `expected ${action ? 'an action named once' : `'${expected[index]}'`}, found '${cell.text}'`);
    }
  });
  if (lines.length < 2) throw new ReportError(2, 1, "expected a flop's row, found the end of the file");
  const seen = new Map();
  let total = 0;
  const rows = lines.slice(1).map((line, index) => {
    const row = readRow(cellsOf(line, index + 2), actions, index + 2);
    if (seen.has(row.flop)) {
      throw new ReportError(row.line, 1, `${row.flop} is on line ${seen.get(row.flop)} already`);
    }
    seen.set(row.flop, row.line);
    total += row.weight;
    if (total > FLOPS) {
      throw new ReportError(row.line, row.flop.length + 2,
        `expected weights that add up to at most ${FLOPS}, the flops there are, found ${total}`);
    }
    return row;
  });
  return { actions, rows };
}

// The flops in the picture's order, as `report_svg` sorts them: by the first card's rank, high
// first, then the second's and the third's, then the suits in the order s, h, d, c.
export function highFirst(rows) {
  const key = (flop) => [0, 2, 4].map((at) => -RANKS.indexOf(flop[at]))
    .concat([1, 3, 5].map((at) => SUITS.indexOf(flop[at])));
  const order = (a, b) => {
    const [left, right] = [key(a.flop), key(b.flop)];
    const differs = left.findIndex((value, index) => value !== right[index]);
    return differs < 0 ? 0 : left[differs] - right[differs];
  };
  return [...rows].sort(order);
}

// Each action's share over all flops, weighted by how many flops each stands for; and the
// same weighted mean of each figure.
export function weightedMix(report) {
  const total = report.rows.reduce((sum, row) => sum + row.weight, 0);
  const mean = (value) => report.rows.reduce((sum, row) => sum + row.weight * value(row), 0) / total;
  return {
    total,
    frequencies: report.actions.map((_, index) => mean((row) => row.frequencies[index] ?? 0)),
    figures: FIGURES.map((_, index) => mean((row) => row.figures[index])),
  };
}

// A count as the page writes counts: 1,755.
const count = (n) => n.toLocaleString('en-US');

// The report panel: its file input, its error, the picture and the table of the flop pointed at.
export class ReportView {
  // `onOpen()` is called when a report has been read, to show the panel.
  constructor(onOpen) {
    this.onOpen = onOpen;
    this.report = null;
    this.ordered = [];
    const input = byId('po-report-file');
    input.addEventListener('change', () => {
      const file = input.files[0];
      if (!file) return;
      // Emptied, so that picking the same file again (mended) reads it again.
      input.value = '';
      this.open(file.name, () => file.text());
    });
    // The example the site serves: the whole report, docs/data/postflop-report/all-flops.csv.
    byId('po-report-example').addEventListener('click', () => this.open('all-flops.csv', async () => {
      const answer = await fetch('data/postflop-report-all-flops.csv');
      if (!answer.ok) throw new Error(`the site answered ${answer.status}`);
      return answer.text();
    }));
    byId('po-report-chart').addEventListener('pointermove', (event) => this.point(event));
    byId('po-report-chart').addEventListener('click', (event) => this.point(event));
  }

  // Reads the report `name` from `read()` (its text) and draws it; one that cannot be read, or
  // is malformed, is refused at the file's field.
  async open(name, read) {
    const input = byId('po-report-file');
    try {
      this.report = readReport(await read());
    } catch (err) {
      byId('po-report-file-error').textContent = `${name}: ${err.message}`;
      input.setAttribute('aria-invalid', 'true');
      return;
    }
    byId('po-report-file-error').textContent = '';
    input.removeAttribute('aria-invalid');
    this.name = name;
    this.ordered = highFirst(this.report.rows);
    this.mix = weightedMix(this.report);
    this.colours = actionColours(this.report.actions);
    this.onOpen();
    this.draw();
    this.choose(0);
  }

  // The picture, as wide as the panel: the bars, the 0, 50 and 100 % marks, the high cards.
  draw() {
    const { actions } = this.report;
    const svg = byId('po-report-chart');
    const width = svg.parentElement.clientWidth;
    const [left, top, height] = [40, 8, 260];
    const bar = Math.min(20, (width - left - 8) / this.ordered.length);
    this.bars = { left, bar };
    svg.setAttribute('width', width);
    svg.setAttribute('height', top + height + 26);
    const parts = [];
    // Where the last high card's label was put: one closer than a label's width is left out
    // (the few flops whose high card is a 4 or lower make narrow groups).
    let labelled = -Infinity;
    this.ordered.forEach((row, index) => {
      const group = make('g', { class: 'po-bar', 'data-flop': row.flop, 'data-index': index });
      const x = left + bar * index;
      let y = top + height;
      actions.forEach((action, at) => {
        if (row.frequencies[at] === null) return;
        const size = row.frequencies[at] * height;
        y -= size;
        group.append(make('rect', {
          x, y, width: bar, height: size, fill: this.colours[at],
          'data-action': action, 'data-frequency': row.texts[2 + at],
        }));
      });
      parts.push(group);
      if (index === 0 || this.ordered[index - 1].flop[0] !== row.flop[0]) {
        parts.push(make('line', { x1: x, x2: x, y1: top + height, y2: top + height + 6, class: 'po-tick' }));
        if (x - labelled >= 12) {
          parts.push(make('text', { x: x + 2, y: top + height + 18 }, row.flop[0]));
          labelled = x;
        }
      }
    });
    for (const share of [0, 50, 100]) {
      const y = top + height - (share / 100) * height;
      parts.push(make('text', { x: left - 6, y: y + 4, 'text-anchor': 'end' }, `${share}%`));
    }
    svg.replaceChildren(...parts);
    this.chosen = null;

    const flops = this.ordered.length;
    byId('po-report-title').textContent = `${this.name}: ${count(flops)} flop${flops > 1 ? 's' : ''}`
      + ` standing for ${count(this.mix.total)} of the 22,100, from the highest cards down, each a bar of`
      + " the root's mix (point at one for its figures)";
    const key = actions.map((action, index) => {
      const item = document.createElement('span');
      item.className = 'po-key';
      item.style.setProperty('--colour', this.colours[index]);
      item.innerHTML = '<span class="swatch"></span>';
      item.append(`${action} ${percentOf(this.mix.frequencies[index])}`);
      return item;
    });
    byId('po-report-key').replaceChildren('Weighted over all flops: ', ...key);
  }

  // The bar under the pointer, from its x alone (a bar can be narrower than a pixel).
  point(event) {
    const box = byId('po-report-chart').getBoundingClientRect();
    const index = Math.floor((event.clientX - box.left - this.bars.left) / this.bars.bar);
    if (index >= 0 && index < this.ordered.length) this.choose(index);
  }

  // The flop's row, and the weighted mean of all rows, as a table.
  choose(index) {
    if (this.chosen === index) return;
    this.chosen = index;
    const svg = byId('po-report-chart');
    svg.querySelector('.po-bar.chosen')?.classList.remove('chosen');
    svg.querySelector(`.po-bar[data-index="${index}"]`).classList.add('chosen');
    const row = this.ordered[index];
    const { actions } = this.report;
    const headings = ['Flop', 'Weight', ...actions, 'EV OOP', 'EV IP', 'Equity OOP', 'Equity IP',
      'Exploitability', 'Iterations'];
    const shown = (frequencies, figures) => [
      ...frequencies.map((share) => (share === null ? '–' : percentOf(share))),
      figures[0].toFixed(2), figures[1].toFixed(2), percentOf(figures[2]), percentOf(figures[3]),
      `${figures[4].toFixed(3)}%`,
    ];
    const flopCells = [row.flop, `${row.weight}`, ...shown(row.frequencies, row.figures),
      `${row.figures[5]}`];
    const allCells = [`all ${count(this.ordered.length)}`, count(this.mix.total),
      ...shown(this.mix.frequencies, this.mix.figures), ''];
    const table = byId('po-report-row');
    table.replaceChildren(tableRow('th', headings), tableRow('td', flopCells, 'po-report-flop'),
      tableRow('td', allCells, 'po-report-all'));
  }
}

// A line's comma-separated cells, each with its column (from 1).
function cellsOf(line, number) {
  if (line === undefined || line === '') {
    throw new ReportError(number, 1, `expected ${number === 1 ? 'the header' : "a flop's row"}, found an empty line`);
  }
  let column = 1;
  return line.split(',').map((text) => {
    const cell = { text, column };
    column += text.length + 1;
    return cell;
  });
}

function readRow(cells, actions, line) {
  const fields = 2 + actions.length + FIGURES.length;
  if (cells.length !== fields) {
    // Just after the last field expected: where the line ends too soon, or goes on.
    const last = cells[Math.min(cells.length, fields) - 1];
    throw new ReportError(line, last.column + last.text.length,
      `expected ${fields} fields, found ${cells.length}`);
  }
  const fail = (cell, what) => {
    throw new ReportError(line, cell.column, `expected ${what}, found '${cell.text}'`);
  };
  const [flopCell, weightCell] = cells;
  const flop = flopCell.text;
  const cards = [0, 2, 4].map((at) => flop.slice(at, at + 2));
  // As the job writes a flop: three different cards, the highest rank first.
  const ranks = cards.map((card) => RANKS.indexOf(card[0]));
  if (!/^([2-9TJQKA][shdc]){3}$/.test(flop) || new Set(cards).size < 3
      || ranks[0] < ranks[1] || ranks[1] < ranks[2]) {
    fail(flopCell, 'a flop of three different cards, the highest first (AsKh7d)');
  }
  if (!/^[1-9]\d*$/.test(weightCell.text) || Number(weightCell.text) > FLOPS) {
    fail(weightCell, `a weight, a whole number from 1 to ${FLOPS}`);
  }
  const frequencies = cells.slice(2, 2 + actions.length).map((cell) => {
    if (cell.text === '') return null;
    const share = NUMBER.test(cell.text) ? Number(cell.text) : NaN;
    if (!(share >= 0 && share <= 1)) fail(cell, "a frequency from 0 to 1, or nothing where the action is not at the root");
    return share;
  });
  const sum = frequencies.reduce((total, share) => total + (share ?? 0), 0);
  if (Math.abs(sum - 1) > SUM_TOLERANCE) {
    throw new ReportError(line, cells[2].column, `expected frequencies that sum to 1, found a sum of ${sum}`);
  }
  const figureCells = cells.slice(2 + actions.length);
  const figures = figureCells.map((cell, index) => {
    const name = FIGURES[index];
    if (name === 'iterations') {
      if (!/^\d+$/.test(cell.text)) fail(cell, 'iterations, a whole number');
      return Number(cell.text);
    }
    const value = NUMBER.test(cell.text) ? Number(cell.text) : NaN;
    const share = name.startsWith('equity');
    const good = Number.isFinite(value) && (share ? value >= 0 && value <= 1
      : name !== 'exploitability' || value >= 0);
    if (!good) fail(cell, share ? `${name}, a share from 0 to 1` : `${name}, a number`);
    return value;
  });
  return {
    flop, weight: Number(weightCell.text), frequencies, figures,
    texts: cells.map((cell) => cell.text), line,
  };
}

function make(name, attributes, text) {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  if (text !== undefined) element.textContent = text;
  return element;
}

function tableRow(kind, texts, id) {
  const row = document.createElement('tr');
  if (id) row.id = id;
  for (const text of texts) {
    const cell = document.createElement(kind);
    cell.textContent = text;
    row.append(cell);
  }
  return row;
}

const percentOf = (share) => `${(100 * share).toFixed(1)}%`;
const byId = (id) => document.getElementById(id);
