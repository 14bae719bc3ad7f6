// The Connect Four view: the board drawn from the moves field, every column's score from the
// engine in the worker (what `connect-four --best` prints), and the solver's replies. The moves
// are the state; the engine is the judge of them (errors at their column, the game's end).
const COLUMNS = 7;
const ROWS = 6;
// Moves of equal score are played from the centre out, as the solver tries them.
const CENTRE_OUT = [3, 2, 4, 1, 5, 0, 6];
const $ = (id) => document.getElementById(id);

export class ConnectFour {
  // `counter` runs the searches; `state.connectFour` holds { moves, solver }; `save` writes
  // the state to the URL.
  constructor(counter, state, save) {
    this.counter = counter;
    this.state = state;
    this.save = save;
    this.scores = null;
    this.analysed = null;
    this.drawBoard();
    this.showStones();
    $('c4-moves').value = state.connectFour.moves;
    $('c4-solver').value = state.connectFour.solver;
    $('c4-moves').addEventListener('input', () => this.setMoves($('c4-moves').value, false));
    $('c4-solver').addEventListener('change', () => {
      this.state.connectFour.solver = $('c4-solver').value;
      this.save();
      this.analyse();
    });
    $('c4-undo').addEventListener('click', () => this.undo());
    $('c4-new').addEventListener('click', () => this.setMoves('', true));
    $('c4-cancel').addEventListener('click', () => this.counter.cancel());
  }

  get moves() {
    return this.state.connectFour.moves;
  }

  drawBoard() {
    const board = $('c4-board');
    const scores = [];
    const columns = [];
    for (let column = 0; column < COLUMNS; column++) {
      const score = document.createElement('div');
      score.className = 'c4-score';
      score.id = `c4-score-${column + 1}`;
      scores.push(score);
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'c4-column';
      button.id = `c4-column-${column + 1}`;
      button.setAttribute('aria-label', `Play column ${column + 1}`);
      for (let row = 0; row < ROWS; row++) {
        const cell = document.createElement('div');
        cell.className = 'c4-cell';
        cell.id = `c4-cell-${column + 1}-${row + 1}`;
        button.append(cell);
      }
      button.addEventListener('click', () => this.play(column));
      columns.push(button);
    }
    board.replaceChildren(...scores, ...columns);
  }

  // The stones of the moves' valid beginning, column by column from the bottom: 'x' for the
  // first player's, 'o' for the second's.
  stones() {
    const stacks = Array.from({ length: COLUMNS }, () => []);
    let placed = 0;
    for (const digit of this.moves.trim()) {
      const column = digit.charCodeAt(0) - 49;
      if (!(column >= 0 && column < COLUMNS) || stacks[column].length === ROWS) break;
      stacks[column].push(placed % 2 === 0 ? 'x' : 'o');
      placed += 1;
    }
    return { stacks, placed };
  }

  showStones() {
    const { stacks } = this.stones();
    const last = Number(this.moves.trim().slice(-1)) - 1;
    for (let column = 0; column < COLUMNS; column++) {
      for (let row = 0; row < ROWS; row++) {
        const cell = $(`c4-cell-${column + 1}-${row + 1}`);
        const stone = stacks[column][row];
        cell.className = `c4-cell${stone ? ` ${stone}` : ''}`;
        if (column === last && row === stacks[column].length - 1) cell.classList.add('last');
      }
    }
  }

  setMoves(moves, toField) {
    this.state.connectFour.moves = moves;
    if (toField) $('c4-moves').value = moves;
    this.save();
    this.analyse();
  }

  // A stone in `column` (from 0) for the player to move, unless it is the solver's turn.
  play(column) {
    if (!this.scores || this.scores[column] === null || this.solverToMove()) return;
    this.setMoves(`${this.moves.trim()}${column + 1}`, true);
  }

  undo() {
    let moves = this.moves.trim().slice(0, -1);
    // Back to the person's turn when the solver plays.
    const solver = this.state.connectFour.solver;
    const solverFirst = solver === 'x';
    if (solver !== 'none' && moves.length > 0 && (moves.length % 2 === 0) === solverFirst) {
      moves = moves.slice(0, -1);
    }
    this.setMoves(moves, true);
  }

  solverToMove() {
    const solver = this.state.connectFour.solver;
    if (solver === 'none') return false;
    return (this.stones().placed % 2 === 0) === (solver === 'x');
  }

  clear() {
    for (const element of document.querySelectorAll('#connectfour [aria-invalid]')) {
      element.removeAttribute('aria-invalid');
    }
    $('c4-moves-error').textContent = '';
    for (let column = 0; column < COLUMNS; column++) {
      const score = $(`c4-score-${column + 1}`);
      score.textContent = '';
      score.className = 'c4-score';
      $(`c4-column-${column + 1}`).disabled = true;
    }
  }

  // Every column's score for the position in the field, then the solver's move if it is its
  // turn. A search already going is cancelled (the counter runs one at a time): only the
  // latest position matters.
  async analyse() {
    const moves = this.moves;
    this.analysed = moves;
    this.scores = null;
    this.clear();
    this.showStones();
    $('c4-cancel').disabled = false;
    const started = performance.now();
    const tick = setInterval(() => {
      $('c4-status').textContent = `solving… ${((performance.now() - started) / 1000).toFixed(0)} s`;
    }, 500);
    $('c4-status').textContent = 'solving…';
    let answer;
    try {
      answer = await this.counter.count({ kind: 'connectfour', moves }, () => {});
    } catch (err) {
      if (this.analysed !== moves) return;
      if (err.cancelled) {
        $('c4-status').textContent = 'cancelled';
      } else {
        $('c4-status').textContent = '';
        $('c4-moves').setAttribute('aria-invalid', 'true');
        $('c4-moves-error').textContent = `column ${err.column}: ${err.message}`;
      }
      return;
    } finally {
      clearInterval(tick);
      if (this.analysed === moves) $('c4-cancel').disabled = true;
    }
    if (this.analysed !== moves) return;
    this.show(answer);
    if (this.solverToMove()) {
      const best = this.bestColumn();
      if (best !== null) this.setMoves(`${moves.trim()}${best + 1}`, true);
    }
  }

  show(answer) {
    $('c4-command').textContent = answer.command;
    $('c4-text').textContent = answer.text;
    const cells = answer.text.trim().split(/\s+/);
    this.scores = cells.map((cell) => (cell === '-' ? null : Number(cell)));
    this.scores.forEach((score, column) => {
      const shown = $(`c4-score-${column + 1}`);
      shown.textContent = score === null ? '' : String(score);
      shown.className = `c4-score ${score === null ? '' : score > 0 ? 'win' : score < 0 ? 'loss' : 'draw'}`;
      $(`c4-column-${column + 1}`).disabled = score === null || this.solverToMove();
    });
    $('c4-status').textContent = this.verdict(answer.ms);
  }

  bestColumn() {
    let best = null;
    for (const column of CENTRE_OUT) {
      const score = this.scores[column];
      if (score !== null && (best === null || score > this.scores[best])) best = column;
    }
    return best;
  }

  // What the scores say about the position, in words.
  verdict(ms) {
    const { placed } = this.stones();
    const mover = placed % 2 === 0 ? 'X' : 'O';
    const other = mover === 'X' ? 'O' : 'X';
    const time = `(solved in ${ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(1)} s`})`;
    const best = this.bestColumn();
    if (best === null) {
      return placed === COLUMNS * ROWS ? 'The board is full: a draw.' : `${other} has connected four.`;
    }
    const score = this.scores[best];
    if (score > 0) {
      return `${mover} to move wins with their ${ordinal(22 - score)} stone, in column ${best + 1} ${time}.`;
    }
    if (score < 0) return `${mover} to move loses: ${other} wins with their ${ordinal(22 + score)} stone ${time}.`;
    return `${mover} to move draws with perfect play, in column ${best + 1} ${time}.`;
  }
}

function ordinal(n) {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}
