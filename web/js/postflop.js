// The postflop view: a heads-up spot field by field (the `postflop` command line's options),
// its memory estimate as it changes, a solve in its own worker with progress and Cancel, and
// the solution browsed line by line: the line so far as buttons, a decision's 13 × 13 grid
// coloured by each hand's mix of actions, the combos of a class clicked, a card to pick at a
// chance node, and locks of some classes at a node for solving again. Every figure comes from
// the engine (crates/equity-web), which answers as `postflop --format json --threads 1` does.
import {
  postflopEstimate, postflopPageMemory, rangeCells, paintCells, Counter,
} from './engine.js';
import { CardPicker, cardsIn } from './cards.js';
import { RangeGrid, handName } from './grid.js';
import { actionColours } from './actions.js';
import { ReportView } from './report.js';

// The spot's fields, named as the command line's options without their dashes.
export const SPOT_FIELDS = ['board', 'oop', 'ip', 'pot', 'stack', 'bets', 'raises', 'donks',
  'add-allin-threshold'];
const RUN_FIELDS = ['exploitability', 'iterations', 'more'];
const SUITS = ['s', 'h', 'd', 'c'];
const SUIT_SYMBOLS = { s: '♠', h: '♥', d: '♦', c: '♣' };
const $ = (id) => document.getElementById(id);

const percent = (share) => `${(100 * share).toFixed(1)}%`;
const chips = (value) => (value === null ? '–' : value.toFixed(2));

export class Postflop {
  // `state.postflop` holds the fields; `save` writes the state to the URL.
  constructor(state, save) {
    this.state = state;
    this.save = save;
    // Its own worker, started by the first solve: the solution is kept there while the other
    // views count in theirs.
    this.counter = new Counter({ lazy: true });
    this.solved = null;
    this.solving = false;
    this.editing = null;
    this.before = null;
    // The nodes seen in this solution, by line; and those of the solution without locks, once
    // a solve with locks follows it, to compare with.
    this.seen = new Map();
    this.seenBefore = null;
    this.line = [];
    this.node = null;
    this.chosenClass = null;
    this.picker = new CardPicker($('po-card-picker'), (card) => this.pick(card));
    for (const field of [...SPOT_FIELDS, ...RUN_FIELDS]) {
      const input = $(`po-${field}`);
      input.value = state.postflop[field];
      input.addEventListener('input', () => {
        state.postflop[field] = input.value;
        this.save();
        this.estimate();
      });
    }
    $('po-locks').addEventListener('input', () => this.countLocks());
    $('po-solve').addEventListener('click', () => this.solve());
    $('po-cancel').addEventListener('click', () => this.counter.cancel());
    $('postflop').addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && event.target.matches('input')) this.solve();
    });
    this.countMore();
    this.makeGrid();
    this.makeRangeEditor();
    // A report over many flops, shown in the solution's place until closed.
    this.reportShown = false;
    this.reportView = new ReportView(() => this.showReport(true));
    $('po-report-close').addEventListener('click', () => this.showReport(false));
    $('po-report-show').addEventListener('click', () => this.showReport(true));
    $('po-save').addEventListener('click', () => this.saveFile());
    $('po-open').addEventListener('change', () => this.openFile());
    this.estimate();
  }

  // The right-hand side shows one thing: the range grid being painted, the report, or the
  // solution (a hint before there is one).
  showPanel() {
    const editing = this.editing !== null;
    const report = !editing && this.reportShown;
    $('po-range-editor').hidden = !editing;
    $('po-report').hidden = !report;
    $('po-report-show').hidden = report || this.reportView.report === null;
    $('po-results').hidden = editing || report || this.solved === null;
    $('po-hint').hidden = editing || report || this.solved !== null;
  }

  showReport(shown) {
    this.reportShown = shown;
    if (shown) {
      this.editRange(null);
    } else {
      this.showPanel();
    }
  }

  // One range grid, in the browser's place while it is open, for the player whose "grid"
  // button was clicked: painting writes the range field's text, as the matchup's grids do.
  makeRangeEditor() {
    this.editing = null;
    this.rangeGrid = new RangeGrid($('po-range-grid'), (places, erase) => {
      if (!this.editing) return;
      const weight = erase ? 0 : Number($('po-range-weight').value) / 100;
      try {
        this.setRange(this.editing, paintCells(this.state.postflop[this.editing], Uint32Array.from(places), weight));
      } catch {
        // The text does not read as a range: its error is shown, and the grid waits for it.
      }
    });
    $('po-range-weight').addEventListener('input', () => {
      $('po-range-weight-shown').textContent = `${$('po-range-weight').value}%`;
    });
    $('po-range-clear').addEventListener('click', () => this.setRange(this.editing, ''));
    $('po-range-done').addEventListener('click', () => this.editRange(null));
    for (const player of ['oop', 'ip']) {
      $(`po-${player}-edit`).addEventListener('click', (event) => {
        event.preventDefault();
        this.editRange(this.editing === player ? null : player);
      });
    }
  }

  // Opens the grid on `player`'s range (`oop` or `ip`), or closes it (null).
  editRange(player) {
    this.editing = player;
    for (const other of ['oop', 'ip']) {
      $(`po-${other}-edit`).setAttribute('aria-pressed', other === player);
    }
    this.showPanel();
    if (player) {
      $('po-range-title').textContent = `${player.toUpperCase()}'s range: paint cells, drag across them, click a full cell to clear it`;
      this.showRangeGrid();
    }
  }

  setRange(player, text) {
    this.state.postflop[player] = text;
    $(`po-${player}`).value = text;
    this.save();
    this.estimate();
  }

  showRangeGrid() {
    if (!this.editing) return;
    try {
      this.rangeGrid.show(rangeCells(this.state.postflop[this.editing]));
    } catch {
      // Left as it was until the text reads as a range again.
    }
  }

  // The fields as the engine takes them: names and values, the form's and then the lines of
  // "More fields" (`name = value`, as a spot file has them), which the engine checks.
  fields() {
    const names = [...SPOT_FIELDS];
    const values = SPOT_FIELDS.map((field) => this.state.postflop[field]);
    for (const line of this.state.postflop.more.split('\n')) {
      const text = line.split('#')[0].trim();
      if (text === '') continue;
      const equals = text.indexOf('=');
      if (equals < 0) throw { field: 'more', message: `expected 'name = value', found '${text}'` };
      names.push(text.slice(0, equals).trim());
      values.push(text.slice(equals + 1).trim());
    }
    return { names, values };
  }

  clearErrors() {
    for (const field of [...SPOT_FIELDS, ...RUN_FIELDS, 'locks', 'open']) {
      $(`po-${field}-error`).textContent = '';
      $(`po-${field}`).removeAttribute('aria-invalid');
    }
    $('po-error').textContent = '';
  }

  // An engine error at its field, or under the buttons when it is the spot's as a whole.
  showError(err) {
    const field = err.field === 'lock' ? 'locks' : err.field;
    if (field && $(`po-${field}-error`)) {
      $(`po-${field}-error`).textContent = err.message;
      $(`po-${field}`).setAttribute('aria-invalid', 'true');
      if (field === 'locks') $('po-locks-box').open = true;
      if (field === 'more') $('po-more-box').open = true;
    } else if (this.state.postflop.more.trim() !== '') {
      // A field of "More fields", or an unknown one there.
      $('po-more-error').textContent = err.placed ?? err.message;
      $('po-more').setAttribute('aria-invalid', 'true');
      $('po-more-box').open = true;
    } else {
      $('po-error').textContent = err.placed ?? err.message ?? String(err);
    }
  }

  // The memory the spot's game would take, or the first field the engine refuses.
  estimate() {
    this.clearErrors();
    this.countMore();
    this.picker.show(cardsIn(this.state.postflop.board), []);
    this.showRangeGrid();
    try {
      const { names, values } = this.fields();
      const bytes = postflopEstimate(names, values);
      const size = bytes < 1e6 ? `${(bytes / 1e3).toFixed(1)} kB` : `${(bytes / 1e6).toFixed(1)} MB`;
      const limit = postflopPageMemory();
      const tooBig = bytes > limit;
      $('po-estimate').textContent = `The game takes about ${size} of memory.${tooBig
        ? ` That is more than the ${limit / 1e6} MB a browser tab is given here, and Solve refuses it: fewer bet sizes, a later street or narrower ranges make it smaller.`
        : ''}`;
      $('po-estimate').classList.toggle('too-big', tooBig);
      return true;
    } catch (err) {
      $('po-estimate').textContent = '';
      this.showError(err);
      return false;
    }
  }

  // A card clicked goes on the board, or comes off it.
  pick(card) {
    const cards = cardsIn(this.state.postflop.board);
    const kept = cards.filter((held) => held !== card);
    if (kept.length === cards.length && cards.length < 5) kept.push(card);
    this.state.postflop.board = kept.join(' ');
    $('po-board').value = this.state.postflop.board;
    this.save();
    this.estimate();
  }

  countMore() {
    const lines = this.state.postflop.more.split('\n')
      .filter((line) => line.split('#')[0].trim() !== '').length;
    $('po-more-count').textContent = lines ? `(${lines})` : '';
  }

  countLocks() {
    const lines = $('po-locks').value.split('\n')
      .filter((line) => line.split('#')[0].trim() !== '').length;
    $('po-locks-count').textContent = lines ? `(${lines})` : '';
  }

  setSolving(solving) {
    this.solving = solving;
    $('po-solve').disabled = solving;
    $('po-cancel').disabled = !solving;
    $('po-save').disabled = solving || this.solved === null;
    $('po-open').disabled = solving;
  }

  // Downloads the solution as `postflop --save` writes it.
  async saveFile() {
    // A request to the worker while one is under way would end it, and the solution with it.
    if (this.solving || !this.solved || this.counter.busy) return;
    try {
      const answer = await this.counter.count({ kind: 'postflop-save' }, () => {});
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([answer.bytes], { type: 'application/octet-stream' }));
      link.download = `postflop-${this.solved.board}.bin`;
      link.click();
      // Let go once the browser has surely taken the bytes.
      setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    } catch (err) {
      if (!err.cancelled) $('po-error').textContent = err.message;
    }
  }

  // Opens a saved solution (the page's or `postflop --save`'s) to browse, solving no further:
  // its spot and locks fill the fields. A file the engine refuses leaves the solution before.
  async openFile() {
    const file = $('po-open').files[0];
    if (!file || this.solving) return;
    if (this.editing) this.editRange(null);
    this.clearErrors();
    // Busy from here, so no solve starts while the file is read.
    this.setSolving(true);
    $('po-status').textContent = `opening ${file.name}…`;
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const answer = await this.counter.count({ kind: 'postflop-open', bytes }, () => {});
      this.setFields(answer.text, answer.locks);
      this.before = null;
      this.seenBefore = null;
      this.seen = new Map();
      this.reportShown = false;
      this.solved = {
        result: JSON.parse(answer.json),
        json: answer.json,
        command: answer.command,
        locked: answer.locks !== '',
        board: this.state.postflop.board.replace(/\s/g, ''),
      };
      $('po-status').textContent = `opened ${file.name}`;
      this.showSolution();
      this.setSolving(false);
      await this.go([]);
    } catch (err) {
      // A refused file leaves the solution before, which is still shown.
      this.showPanel();
      $('po-status').textContent = '';
      if (!err.cancelled) this.showError({ ...err, message: `${file.name}: ${err.message}` });
    } finally {
      // Emptied, so that picking the same file again reads it again.
      $('po-open').value = '';
      this.setSolving(false);
    }
  }

  // The fields from a spot file's text (`name = value` lines): the form's own, the others as
  // lines of "More fields"; and the locks.
  setFields(spot, locks) {
    const more = [];
    for (const field of SPOT_FIELDS) this.state.postflop[field] = '';
    for (const line of spot.split('\n')) {
      const equals = line.indexOf('=');
      if (equals < 0) continue;
      const name = line.slice(0, equals).trim();
      const value = line.slice(equals + 1).trim();
      if (SPOT_FIELDS.includes(name)) {
        this.state.postflop[name] = value;
      } else {
        more.push(`${name} = ${value}`);
      }
    }
    this.state.postflop.more = more.map((line) => `${line}\n`).join('');
    for (const field of [...SPOT_FIELDS, 'more']) $(`po-${field}`).value = this.state.postflop[field];
    $('po-locks').value = locks;
    this.countLocks();
    this.save();
    this.estimate();
  }

  async solve() {
    if (this.solving) return;
    if (this.editing) this.editRange(null);
    if (!this.estimate()) return;
    const { names, values } = this.fields();
    this.countMore();
    const target = Number(this.state.postflop.exploitability);
    const most = Number(this.state.postflop.iterations);
    if (!Number.isInteger(most) || most < 1) {
      this.showError({ field: 'iterations', message: 'expected a whole number, 1 or more' });
      return;
    }
    const locks = $('po-locks').value;
    // The figures before locks, to compare with once they are solved.
    const unlocked = locks.trim() !== '' && this.solved && !this.solved.locked;
    this.before = unlocked ? this.solved.result : this.before;
    this.seenBefore = unlocked ? this.seen : this.seenBefore;
    if (locks.trim() === '') {
      this.before = null;
      this.seenBefore = null;
    }
    this.seen = new Map();
    this.reportShown = false;
    this.showPanel();
    this.setSolving(true);
    $('po-progress').value = 0;
    $('po-status').textContent = 'solving…';
    $('po-results').classList.add('stale');
    this.node = null;
    let first = null;
    const started = performance.now();
    try {
      const answer = await this.counter.count({
        kind: 'postflop',
        names,
        values,
        exploitability: target,
        iterations: most,
        locks,
      }, (done, stage, message) => {
        if (stage !== 'solve') return;
        const { iterations, exploitability } = message;
        first ??= exploitability;
        // The larger of the iterations' share and how far the exploitability has come down
        // on a log scale from the first measure to the target.
        const byIterations = iterations / most;
        const goal = target / 100;
        const byExploitability = first > goal && exploitability > 0 && goal > 0
          ? Math.log(first / exploitability) / Math.log(first / goal) : 0;
        $('po-progress').value = Math.min(1, Math.max(byIterations, byExploitability));
        $('po-status').textContent = `iteration ${iterations}: exploitability ${(100 * exploitability).toFixed(3)}% of the pot`;
      });
      const seconds = (performance.now() - started) / 1000;
      this.solved = {
        result: JSON.parse(answer.json),
        json: answer.json,
        command: answer.command,
        locked: locks.trim() !== '',
        board: this.state.postflop.board.replace(/\s/g, ''),
      };
      $('po-progress').value = 1;
      $('po-status').textContent = seconds < 1
        ? `solved in ${Math.round(1000 * seconds)} ms` : `solved in ${seconds.toFixed(1)} s`;
      this.showSolution();
      this.setSolving(false);
      await this.go([]);
    } catch (err) {
      // A cancelled solve ends the worker, and the solution kept in it; a refused one lets it go
      // too (the engine drops the last solution before solving, so two need not fit at once).
      this.solved = null;
      this.showPanel();
      if (err.cancelled) {
        $('po-status').textContent = 'cancelled';
      } else {
        $('po-status').textContent = '';
        this.showError(err);
      }
    } finally {
      this.setSolving(false);
      $('po-results').classList.remove('stale');
    }
  }

  // The solution's figures, always in view above the node.
  showSolution() {
    const { result, command, json } = this.solved;
    const [oop, ip] = result.ev;
    const [oopEquity, ipEquity] = result.equity;
    let text = `Exploitability ${result.exploitability.toFixed(3)}% of the pot after ${result.iterations} iterations`
      + ` · EV OOP ${oop.toFixed(2)}, IP ${ip.toFixed(2)} · equity OOP ${percent(oopEquity)}, IP ${percent(ipEquity)}`;
    if (result.locked_nodes > 0) {
      text += ` · ${result.locked_nodes} locked node${result.locked_nodes > 1 ? 's' : ''} (exploitability of the unlocked strategies)`;
      if (this.before) {
        const [oopBefore, ipBefore] = this.before.ev;
        text += ` · without locks: EV OOP ${oopBefore.toFixed(2)}, IP ${ipBefore.toFixed(2)}`;
      }
    }
    $('po-summary').textContent = text;
    $('po-command').textContent = command;
    $('po-json').textContent = json;
    this.showPanel();
  }

  // Goes to the node the steps `line` lead to.
  async go(line) {
    // A node asked for during a solve would end it (one worker, one task).
    if (this.solving) return;
    try {
      const answer = await this.counter.count({ kind: 'postflop-node', line: line.join(', ') }, () => {});
      this.line = line;
      this.node = JSON.parse(answer.json);
      this.seen.set(this.node.line, this.node);
      this.chosenClass = null;
      this.showNode();
    } catch (err) {
      if (!err.cancelled) $('po-error').textContent = err.placed ?? err.message;
    }
  }

  showNode() {
    const node = this.node;
    const steps = [document.createElement('button')];
    steps[0].textContent = 'Root';
    steps[0].type = 'button';
    steps[0].id = 'po-step-0';
    steps[0].addEventListener('click', () => this.go([]));
    this.line.forEach((step, index) => {
      const button = document.createElement('button');
      button.type = 'button';
      button.id = `po-step-${index + 1}`;
      button.textContent = step;
      button.addEventListener('click', () => this.go(this.line.slice(0, index + 1)));
      steps.push(button);
    });
    steps[steps.length - 1].classList.add('here');
    const back = document.createElement('button');
    back.type = 'button';
    back.id = 'po-back';
    back.textContent = '← Back';
    back.disabled = this.line.length === 0;
    back.addEventListener('click', () => this.go(this.line.slice(0, -1)));
    $('po-line').replaceChildren(back, ...steps);

    $('po-actions').replaceChildren();
    $('po-cards').replaceChildren();
    $('po-class').replaceChildren();
    const pot = node.pot === null ? '' : `, pot ${node.pot}`;
    if (node.kind === 'terminal') {
      $('po-node-title').textContent = 'The hand is over here.';
      this.showGrid(null);
    } else if (node.kind === 'chance') {
      $('po-node-title').textContent = `A card is dealt${pot}: pick it.`;
      this.showCards(node.cards);
      this.showGrid(null);
    } else {
      let ev = node.ev ? ` · EV OOP ${chips(node.ev[0])}, IP ${chips(node.ev[1])}` : ' · never reached';
      const unlocked = this.unlockedNode();
      if (unlocked?.ev) ev += ` (without locks ${chips(unlocked.ev[0])}, ${chips(unlocked.ev[1])})`;
      $('po-node-title').textContent = `${node.player} to act${pot}${ev}`;
      const colours = actionColours(node.actions);
      node.actions.forEach((action, index) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'po-action';
        button.dataset.action = action;
        button.style.setProperty('--colour', colours[index]);
        button.innerHTML = '<span class="swatch"></span>';
        button.append(`${action} ${percent(node.frequencies[index])}`);
        button.addEventListener('click', () => this.go([...this.line, action]));
        $('po-actions').append(button);
      });
      this.showGrid(colours);
    }
  }

  // The cards that can come at a chance node, by suit.
  showCards(cards) {
    const box = $('po-cards');
    for (const suit of SUITS) {
      const row = document.createElement('div');
      row.className = `suit suit-${suit}`;
      for (const rank of 'AKQJT98765432') {
        const card = rank + suit;
        const button = document.createElement('button');
        button.type = 'button';
        button.className = 'card';
        button.dataset.card = card;
        button.textContent = `${rank}${SUIT_SYMBOLS[suit]}`;
        button.disabled = !cards.includes(card);
        button.addEventListener('click', () => this.go([...this.line, card]));
        row.append(button);
      }
      box.append(row);
    }
  }

  makeGrid() {
    const grid = $('po-grid');
    this.cells = [];
    for (let place = 0; place < 169; place++) {
      const cell = document.createElement('div');
      cell.className = 'cell';
      cell.dataset.place = place;
      cell.dataset.hand = handName(place);
      cell.textContent = handName(place);
      cell.addEventListener('click', () => this.chooseClass(place));
      grid.append(cell);
      this.cells.push(cell);
    }
  }

  // Each cell a stacked bar of its hands' actions, left to right in the actions' order; grey
  // where none of the class arrives, or away from a decision.
  showGrid(colours) {
    const node = this.node;
    this.cells.forEach((cell, place) => {
      cell.classList.remove('chosen');
      const shares = colours ? node.by_class.map((byAction) => byAction[place]) : [];
      if (!colours || shares[0] === null) {
        cell.style.background = '';
        cell.classList.add('empty');
        cell.title = cell.dataset.hand;
        return;
      }
      cell.classList.remove('empty');
      let from = 0;
      const stops = [];
      shares.forEach((share, index) => {
        const to = from + 100 * share;
        stops.push(`${colours[index]} ${from.toFixed(2)}% ${to.toFixed(2)}%`);
        from = to;
      });
      cell.style.background = `linear-gradient(to right, ${stops.join(', ')})`;
      cell.title = `${cell.dataset.hand}: ${node.actions.map((action, index) => `${action} ${percent(shares[index])}`).join(', ')}`;
    });
  }

  // The same decision in the solution without locks, if it was seen there (the same spot, so
  // the same hands in the same order).
  unlockedNode() {
    const before = this.seenBefore?.get(this.node.line);
    const same = before && before.kind === 'decision'
      && before.hands.join() === this.node.hands.join();
    return same ? before : null;
  }

  // The combos of a class at the decision: their reach, strategy, EV and equity, and a lock.
  chooseClass(place) {
    const node = this.node;
    if (!node || node.kind !== 'decision') return;
    this.chosenClass = place;
    this.cells.forEach((cell, index) => cell.classList.toggle('chosen', index === place));
    const box = $('po-class');
    const name = handName(place);
    const hands = node.hands.map((hand, index) => index)
      .filter((index) => node.class[index] === place);
    const title = document.createElement('h2');
    title.textContent = hands.length
      ? `${name}: ${node.player}'s combos here` : `${name}: not in ${node.player}'s range`;
    const table = document.createElement('table');
    table.id = 'po-combos';
    const head = document.createElement('tr');
    const unlocked = this.unlockedNode();
    const headings = ['Combo', 'Reach', ...node.actions, 'EV', 'Equity'];
    if (unlocked) headings.push('EV without locks');
    for (const heading of headings) {
      const th = document.createElement('th');
      th.textContent = heading;
      head.append(th);
    }
    const thead = document.createElement('thead');
    thead.append(head);
    const body = document.createElement('tbody');
    for (const hand of hands) {
      const row = document.createElement('tr');
      const cells = [
        node.hands[hand],
        node.reach[hand].toFixed(3),
        ...node.actions.map((action, index) => percent(node.strategy[index][hand])),
        node.reach[hand] > 0 ? chips(node.hand_ev[hand]) : '–',
        node.equity[hand] === null ? '–' : percent(node.equity[hand]),
      ];
      if (unlocked) {
        cells.push(unlocked.reach[hand] > 0 ? chips(unlocked.hand_ev[hand]) : '–');
      }
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        row.append(td);
      }
      body.append(row);
    }
    table.append(thead, body);
    box.replaceChildren(title, table);
    if (hands.length) box.append(this.lockForm(name));
  }

  // Locks the chosen class at this node to frequencies typed for each action, as lines of the
  // lock file; "Solve again" solves with them.
  lockForm(name) {
    const node = this.node;
    const form = document.createElement('div');
    form.className = 'po-lock';
    const label = document.createElement('span');
    label.textContent = `Lock ${name} here:`;
    form.append(label);
    const inputs = node.actions.map((action, index) => {
      const input = document.createElement('input');
      input.type = 'number';
      input.min = '0';
      input.max = '1';
      input.step = '0.05';
      input.value = index === 0 ? '1' : '0';
      input.dataset.action = action;
      input.title = action;
      const wrap = document.createElement('label');
      wrap.append(`${action} `, input);
      form.append(wrap);
      return input;
    });
    const add = document.createElement('button');
    add.type = 'button';
    add.id = 'po-lock-add';
    add.textContent = 'Add lock';
    add.addEventListener('click', () => {
      const shares = inputs.map((input) => `${input.dataset.action}: ${Number(input.value)}`);
      const locks = $('po-locks');
      const text = locks.value.trim();
      locks.value = `${text ? `${text}\n` : ''}${this.line.join(', ')} | ${name} | ${shares.join(', ')}\n`;
      this.countLocks();
      $('po-locks-box').open = true;
    });
    const again = document.createElement('button');
    again.type = 'button';
    again.id = 'po-solve-again';
    again.textContent = 'Solve again';
    again.addEventListener('click', () => this.solve());
    form.append(add, again);
    return form;
  }
}
