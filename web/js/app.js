// The calculator page: players' ranges as text and as grids kept in step, the board and dead
// cards, counts in a worker with progress and Cancel, results, the chart, and the state in the
// URL. Every figure and message comes from the engine (crates/equity-web), which answers as the
// command line does.
import {
  ready, checkMatchup, rangeCells, paintCells, matchupLine, pushFold, Counter,
} from './engine.js';
import { RangeGrid, showHeat, showFrequencies, showGains } from './grid.js';
import { CardPicker, cardsIn } from './cards.js';
import { readState, writeState } from './state.js';
import { ConnectFour } from './connect-four.js';
import { Postflop } from './postflop.js';

const MAX_PLAYERS = 9;
const $ = (id) => document.getElementById(id);

const state = readState();
const counter = new Counter();
let players = [];
let picker;
let connectFour;
let postflop;

// One player's box: the range field, its error, its grid and the grid's tools.
function playerBox(index) {
  const number = index + 1;
  const box = document.createElement('div');
  box.className = 'player';
  box.id = `player-${number}-box`;
  box.innerHTML = `
    <div class="player-head">
      <label for="player-${number}">Player ${number}</label>
      <button type="button" class="remove" id="player-${number}-remove"
        title="Remove player ${number}">×</button>
    </div>
    <input id="player-${number}" class="range-field" spellcheck="false" autocomplete="off"
      placeholder="e.g. QQ+, AKs or AhKh">
    <div class="error" id="player-${number}-error" role="alert"></div>
    <div class="grid range" id="player-${number}-grid"></div>
    <div class="grid-tools">
      <label>weight <input type="range" id="player-${number}-weight" min="0" max="100" step="5"
        value="100"><output id="player-${number}-weight-shown">100%</output></label>
      <button type="button" id="player-${number}-clear">Clear</button>
      <label>top <input type="number" id="player-${number}-top-percent" min="0" max="100"
        step="1" value="15">%</label>
      <button type="button" id="player-${number}-top">Top</button>
    </div>`;
  const input = box.querySelector('.range-field');
  const weight = box.querySelector(`#player-${number}-weight`);
  const grid = new RangeGrid(box.querySelector('.grid'), (places, erase) => {
    const paint = erase ? 0 : Number(weight.value) / 100;
    try {
      setRange(index, paintCells(input.value, Uint32Array.from(places), paint));
    } catch {
      // The text does not read as a range: its error is shown, and the grid waits for it.
    }
  });
  input.value = state.players[index];
  input.addEventListener('input', () => {
    state.players[index] = input.value;
    changed();
  });
  weight.addEventListener('input', () => {
    box.querySelector(`#player-${number}-weight-shown`).textContent = `${weight.value}%`;
  });
  box.querySelector(`#player-${number}-clear`).addEventListener('click', () => setRange(index, ''));
  box.querySelector(`#player-${number}-top`).addEventListener('click', () => {
    // The grammar's percent range: the strongest hands by equity against a random hand.
    const percent = box.querySelector(`#player-${number}-top-percent`).value.trim();
    setRange(index, `${percent || 0}%`);
  });
  box.querySelector('.remove').addEventListener('click', () => {
    state.players.splice(index, 1);
    showPlayers();
    changed();
  });
  return { box, input, grid };
}

function setRange(index, text) {
  state.players[index] = text;
  players[index].input.value = text;
  changed();
}

function showPlayers() {
  players = state.players.map((_, index) => playerBox(index));
  $('players').replaceChildren(...players.map((player) => player.box));
  for (const player of players) {
    player.box.querySelector('.remove').hidden = players.length <= 2;
  }
  $('add-player').disabled = players.length >= MAX_PLAYERS;
}

// Everything that follows an edit: the grids, the errors, the picker, the URL.
function changed() {
  for (const player of players) {
    try {
      player.grid.show(rangeCells(player.input.value));
    } catch {
      // Left as it was until the text reads again; the error is shown below.
    }
  }
  showErrors();
  picker.show(cardsIn(state.board), cardsIn(state.dead));
  writeState(state);
}

function clearErrors() {
  for (const element of document.querySelectorAll('#matchup .error')) element.textContent = '';
  for (const element of document.querySelectorAll('#matchup [aria-invalid]')) {
    element.removeAttribute('aria-invalid');
  }
}

// Shows the engine's error at its field, with the column; a matchup with an error counts nothing.
function showError(err) {
  const id = err.field === 'player' ? `player-${err.player}` : err.field;
  const text = err.column ? `column ${err.column}: ${err.message}` : err.message;
  const where = id && $(`${id}-error`) ? id : 'matchup';
  $(`${where}-error`).textContent = text;
  if (where !== 'matchup') $(where).setAttribute('aria-invalid', 'true');
}

function showErrors() {
  clearErrors();
  try {
    checkMatchup(state.players, state.board, state.dead);
    $('count').disabled = false;
    return true;
  } catch (err) {
    showError(err);
    $('count').disabled = true;
    return false;
  }
}

function setCounting(counting, prefix = '') {
  $(`${prefix}count`).disabled = counting;
  $(`${prefix}cancel`).disabled = !counting;
  $(`${prefix}progress`).value = 0;
  document.body.classList.toggle('counting', counting);
}

const six = (figure) => figure.toFixed(6);

async function countMatchup() {
  if (!showErrors()) return;
  setCounting(true);
  $('status').textContent = 'counting…';
  $('matchup-error').textContent = '';
  const request = {
    kind: 'matchup',
    players: [...state.players],
    board: state.board,
    dead: state.dead,
    method: state.method,
    precision: Number(state.precision),
  };
  try {
    const answer = await counter.count(request, (done) => { $('progress').value = done; });
    showResults(request, answer);
    // When the page's first figures appeared, from the start of its loading (for the tests).
    document.body.dataset.firstResultMs ??= performance.now().toFixed(0);
    $('status').textContent = `counted in ${answer.ms.toFixed(0)} ms`;
    $('status').dataset.ms = answer.ms;
  } catch (err) {
    if (err.cancelled) {
      $('status').textContent = 'cancelled';
    } else {
      $('status').textContent = '';
      showError(err);
    }
  } finally {
    setCounting(false);
    showErrors();
  }
}

// The heat map as wide as the result's column, but no taller than the window leaves below the
// table (nine players' rows push it down): the result stays in sight without scrolling.
function fitHeatMap() {
  const map = $('heat-map');
  map.style.width = '';
  if ($('results').hidden) return;
  // Measured from the view's top in the page, where the column starts before any scrolling.
  const column = document.querySelector('.matchup-result').getBoundingClientRect();
  const below = map.getBoundingClientRect().top - column.top;
  const start = $('matchup').getBoundingClientRect().top + window.scrollY;
  const room = window.innerHeight - start - below - 8;
  if (room < map.getBoundingClientRect().width) map.style.width = `${Math.max(260, room)}px`;
}

function showResults(request, answer) {
  const result = JSON.parse(answer.json);
  $('results').hidden = false;
  $('counted').textContent = answer.text.split('\n')[0];
  const rows = result.players.map((player, index) => {
    const row = document.createElement('tr');
    const cells = [
      `${index + 1}`, player.range, `${player.combos}`, six(player.equity),
      player.standard_error === undefined ? '' : six(player.standard_error),
      six(player.wins), six(player.ties),
    ];
    for (const text of cells) {
      const cell = document.createElement('td');
      cell.textContent = text;
      row.append(cell);
    }
    return row;
  });
  $('result-table').tBodies[0].replaceChildren(...rows);
  const figures = {};
  for (const hand of result.by_hand) {
    figures[hand.hand] = {
      value: hand.equity,
      short: hand.equity.toFixed(1),
      text: `equity ${six(hand.equity)}%, ${six(hand.share)}% of deals`,
    };
  }
  $('heat-title').textContent = `Player 1's equity by hand (${result.players[0].range})`;
  showHeat($('heat-map'), figures);
  fitHeatMap();
  const flags = { auto: '', exact: ' --exact', sampled: ' --sample' }[request.method];
  const precision = request.method !== 'exact' && request.precision !== 0.05
    ? ` --precision ${request.precision}` : '';
  const line = matchupLine(request.players, request.board, request.dead);
  $('command-line').textContent =
    `echo '${line}' | holdem-equity ranges --by-hand${flags}${precision} --threads 1`;
  $('cli-text').textContent = answer.text;
  $('cli-json').textContent = answer.json;
}

async function countChart() {
  setCounting(true, 'chart-');
  $('chart-status').textContent = 'counting…';
  $('chart-error').textContent = '';
  const request = {
    kind: 'chart',
    opponents: Number(state.opponents),
    method: state.chartMethod,
    precision: Number(state.chartPrecision),
  };
  try {
    const answer = await counter.count(request, (done) => { $('chart-progress').value = done; });
    const chart = JSON.parse(answer.json);
    const figures = {};
    for (const hand of chart.hands) {
      const error = hand.standard_error === undefined ? '' : ` ± ${six(hand.standard_error)}`;
      figures[hand.hand] = {
        value: hand.equity,
        short: hand.equity.toFixed(1),
        text: `equity ${six(hand.equity)}%${error} against ${chart.opponents} random`,
      };
    }
    showHeat($('chart-grid'), figures);
    $('chart-text').textContent = answer.text;
    $('chart-status').textContent = `${chart.method}, counted in ${(answer.ms / 1000).toFixed(1)} s`;
  } catch (err) {
    $('chart-status').textContent = err.cancelled ? 'cancelled' : '';
    if (!err.cancelled) $('chart-error').textContent = err.placed;
  } finally {
    setCounting(false, 'chart-');
  }
}

const PUSH_FOLD_FIELDS = ['stacks', 'blinds', 'ante', 'icm', 'others'];

// The stacks written in the push/fold field: three players are solved in the worker.
const stackCount = () => state.pushFold.stacks.split(',').filter((stack) => stack.trim()).length;

// The spot last asked for: a three-handed answer that comes after another spot was solved is
// not shown.
let pushFoldSpot = 0;

// Solves the push/fold spot in the fields and shows its grids, or the engine's error at its
// field: heads-up on this thread (a millisecond natively), three-handed in the worker (the
// three-way table's 40 MB fetched once, then seconds of solving, with progress and Cancel).
function solvePushFold() {
  for (const element of document.querySelectorAll('#pushfold .error')) element.textContent = '';
  for (const element of document.querySelectorAll('#pushfold [aria-invalid]')) {
    element.removeAttribute('aria-invalid');
  }
  const fields = PUSH_FOLD_FIELDS.map((field) => state.pushFold[field]);
  pushFoldSpot += 1;
  if (stackCount() === 3) {
    solveInWorker(fields, pushFoldSpot);
    return;
  }
  const started = performance.now();
  try {
    showPushFold(pushFold(...fields, false), performance.now() - started);
  } catch (err) {
    showPushFoldError(err);
  }
}

async function solveInWorker(fields, spot) {
  $('pf-solve').disabled = true;
  $('pf-cancel').disabled = false;
  $('pf-progress').value = 0;
  $('pf-status').textContent = 'solving…';
  const onProgress = (done, stage) => {
    $('pf-progress').value = done;
    $('pf-status').textContent = stage === 'table'
      ? `fetching the three-way table (40 MB): ${(100 * done).toFixed(0)}%`
      : 'solving…';
  };
  try {
    const answer = await counter.count({ kind: 'pushfold', fields }, onProgress);
    if (spot === pushFoldSpot) showPushFold(answer, answer.ms);
  } catch (err) {
    if (spot !== pushFoldSpot) {
      // Another spot was asked for meanwhile: its answer is shown.
    } else if (err.cancelled) {
      $('pf-status').textContent = 'cancelled';
    } else {
      showPushFoldError(err);
    }
  } finally {
    $('pf-solve').disabled = false;
    $('pf-cancel').disabled = true;
    $('pf-progress').value = 0;
  }
}

function showPushFoldError(err) {
  $('pf-results').hidden = true;
  $('pf-status').textContent = '';
  const id = err.field ? `pf-${err.field}` : 'pf';
  $(`${id}-error`).textContent = err.column ? `column ${err.column}: ${err.message}` : err.message;
  if (err.field) $(id).setAttribute('aria-invalid', 'true');
}

// A decision's title: "Button pushes", "Big blind calls the small blind's push".
function decisionTitle(decision) {
  const seat = decision.seat[0].toUpperCase() + decision.seat.slice(1);
  const action = { push: 'pushes', call: 'calls' }[decision.action];
  return `${seat} ${action}${decision.facing ? ` ${decision.facing}` : ''}`;
}

// The last push/fold answer shown, kept to draw its grids again as frequencies or gains.
let pushFoldShown = null;

function showPushFold(answer, ms) {
  pushFoldShown = answer;
  const result = JSON.parse(answer.json);
  // Each player's gain, its decisions' added up, as the command line writes them: six decimals.
  const bySeat = new Map();
  for (const { seat, exploitability } of result.decisions) {
    bySeat.set(seat, (bySeat.get(seat) ?? 0) + exploitability);
  }
  const gains = [...bySeat].map(([seat, gain]) => `${seat} ${gain.toFixed(6)}`);
  const unit = result.payoff === 'chips' ? 'bb' : 'share of the prize pool';
  $('pf-exploitability').textContent = `${answer.text.split('\n')[0]}. Exploitability (what a best response alone would gain, ${unit} per hand): ${gains.join(', ')}.`;
  showPushFoldGrids(result);
  $('pf-command').textContent = answer.command;
  $('pf-text').textContent = answer.text;
  $('pf-results').hidden = false;
  $('pf-status').textContent = `solved in ${ms.toFixed(0)} ms`;
}

// A grid per decision (two heads-up, six three-handed): how often each hand plays, or what it
// gains over folding, as the Show choice says.
function showPushFoldGrids(result) {
  const chips = result.payoff === 'chips';
  const grids = result.decisions.map((decision, index) => {
    const title = document.createElement('h2');
    title.textContent = state.pushFoldShow === 'gains'
      ? `${decisionTitle(decision)}: gain over folding (${chips ? 'bb' : '% of the prize pool'})`
      : decisionTitle(decision);
    const grid = document.createElement('div');
    grid.id = `pf-decision-${index + 1}`;
    grid.className = 'grid heat';
    if (state.pushFoldShow === 'gains') {
      showGains(grid, decision.gains, chips);
    } else {
      showFrequencies(grid, decision.frequencies, decision.gains, chips ? 'bb' : 'of the prize pool');
    }
    const box = document.createElement('div');
    box.append(title, grid);
    return box;
  });
  $('pf-grids').replaceChildren(...grids);
  // Six grids three-handed: smaller, three to a row, so both rows stay in sight.
  $('pf-grids').classList.toggle('three', grids.length > 2);
}

function showView(view) {
  state.view = view;
  for (const shown of ['matchup', 'chart', 'pushfold', 'postflop', 'connectfour']) {
    $(shown).hidden = view !== shown;
    $(`view-${shown}`).setAttribute('aria-pressed', view === shown);
  }
  writeState(state);
  if (view === 'matchup') fitHeatMap();
  if (view === 'pushfold' && $('pf-results').hidden) solvePushFold();
  if (view === 'connectfour' && connectFour.scores === null) {
    // One search at a time: a count going on in another view is left to finish.
    if (counter.busy) {
      $('c4-status').textContent = 'waiting: a count is running (Cancel it, or change the moves)';
    } else {
      connectFour.analyse();
    }
  }
}

// A card clicked in the picker goes on (or comes off) the chosen field.
function pick(card) {
  const target = document.querySelector('input[name="picker-target"]:checked').value;
  const cards = cardsIn(state[target]);
  const kept = cards.filter((held) => held !== card);
  if (kept.length === cards.length) kept.push(card);
  state[target] = kept.join(' ');
  $(target).value = state[target];
  changed();
}

async function main() {
  await ready;
  picker = new CardPicker($('card-picker'), pick);
  showPlayers();
  for (const field of ['board', 'dead']) {
    $(field).value = state[field];
    $(field).addEventListener('input', () => {
      state[field] = $(field).value;
      changed();
    });
  }
  $('method').value = state.method;
  $('precision').value = state.precision;
  $('method').addEventListener('change', () => { state.method = $('method').value; changed(); });
  $('precision').addEventListener('input', () => {
    state.precision = $('precision').value;
    changed();
  });
  $('add-player').addEventListener('click', () => {
    state.players.push('random');
    showPlayers();
    changed();
  });
  $('count').addEventListener('click', countMatchup);
  $('cancel').addEventListener('click', () => counter.cancel());
  // Enter in any field counts.
  $('matchup').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target.matches('input') && !counter.busy) countMatchup();
  });

  const opponents = $('opponents');
  for (let count = 1; count <= MAX_PLAYERS; count++) {
    opponents.append(new Option(`${count}`, `${count}`));
  }
  opponents.value = state.opponents;
  opponents.addEventListener('change', () => { state.opponents = opponents.value; writeState(state); });
  $('chart-method').value = state.chartMethod;
  $('chart-method').addEventListener('change', () => {
    state.chartMethod = $('chart-method').value;
    writeState(state);
  });
  $('chart-precision').value = state.chartPrecision;
  $('chart-precision').addEventListener('input', () => {
    state.chartPrecision = $('chart-precision').value;
    writeState(state);
  });
  $('chart-count').addEventListener('click', countChart);
  $('chart-cancel').addEventListener('click', () => counter.cancel());
  $('view-matchup').addEventListener('click', () => showView('matchup'));
  $('view-chart').addEventListener('click', () => showView('chart'));
  $('view-pushfold').addEventListener('click', () => showView('pushfold'));
  $('view-postflop').addEventListener('click', () => showView('postflop'));
  $('view-connectfour').addEventListener('click', () => showView('connectfour'));
  connectFour = new ConnectFour(counter, state, () => writeState(state));
  postflop = new Postflop(state, () => writeState(state));
  for (const field of PUSH_FOLD_FIELDS) {
    $(`pf-${field}`).value = state.pushFold[field];
    $(`pf-${field}`).addEventListener('input', () => {
      state.pushFold[field] = $(`pf-${field}`).value;
      writeState(state);
    });
  }
  $('pf-show').value = state.pushFoldShow;
  $('pf-show').addEventListener('change', () => {
    state.pushFoldShow = $('pf-show').value;
    writeState(state);
    if (pushFoldShown) showPushFoldGrids(JSON.parse(pushFoldShown.json));
  });
  $('pf-solve').addEventListener('click', solvePushFold);
  $('pf-cancel').addEventListener('click', () => counter.cancel());
  $('pushfold').addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && event.target.matches('input')) solvePushFold();
  });

  window.addEventListener('resize', fitHeatMap);
  showView(state.view);
  changed();
  document.body.dataset.ready = 'true';
  // For the browser tests' timings: the counter the page counts with.
  window.equityPage = { counter, postflop };
  // The matchup on the page (the example, or a link's) is counted at once.
  if (state.view === 'matchup' && showErrors()) countMatchup();
}

main();
