// The whole state of the page in its URL, so that a link or a reload gives the same matchup:
// ?p=AsKs&p=QQ%2B&board=Ah7c2d&dead=5s&method=sampled&precision=0.1&view=chart&opponents=2,
// and the push/fold view's fields and what its grids show (&view=pushfold&pf-stacks=8,12
// &pf-icm=50,30,20&pf-show=gains), and the Connect Four view's moves and who the solver plays
// (&view=connectfour&c4=4453&c4-solver=none), and the postflop view's spot and how long to solve
// (&view=postflop&po-board=Td9d6hQc&po-bets=50%25,a&po-iterations=200); values at their
// defaults are left out.
export const DEFAULTS = {
  players: ['AsKs', 'QdQc'],
  board: '',
  dead: '',
  method: 'auto',
  precision: '0.05',
  view: 'matchup',
  opponents: '1',
  chartMethod: 'auto',
  chartPrecision: '0.05',
  pushFold: {
    stacks: '10,10', blinds: '', ante: '', icm: '', others: '',
  },
  pushFoldShow: 'frequencies',
  // Eight stones down, X to move and win: quick to solve, where the first moves take minutes.
  connectFour: { moves: '44444433', solver: 'o' },
  // A turn spot that solves in seconds, with a river card to pick.
  postflop: {
    board: 'Td9d6hQc',
    oop: 'QQ+, AK, JTs:0.5',
    ip: 'JJ-99, AQs, KQs',
    pot: '60',
    stack: '90',
    bets: '50%, a',
    raises: 'a',
    donks: '',
    'add-allin-threshold': '',
    exploitability: '0.3',
    iterations: '1000',
    // Lines `name = value` of the narrower fields (river-bets-ip = 50%).
    more: '',
  },
};
const SOLVERS = ['o', 'x', 'none'];
const PUSH_FOLD_SHOWS = ['frequencies', 'gains'];

// The push/fold fields and their keys in the URL.
const PUSH_FOLD_KEYS = {
  stacks: 'pf-stacks', blinds: 'pf-blinds', ante: 'pf-ante', icm: 'pf-icm', others: 'pf-others',
};
const VIEWS = ['matchup', 'chart', 'pushfold', 'postflop', 'connectfour'];
// The postflop fields' keys in the URL: `po-` and the field's name.
const POSTFLOP_KEYS = Object.fromEntries(Object.keys(DEFAULTS.postflop)
  .map((field) => [field, `po-${field}`]));

export function readState(search = location.search) {
  const params = new URLSearchParams(search);
  const players = params.getAll('p');
  return {
    players: players.length >= 2 ? players : [...DEFAULTS.players],
    board: params.get('board') ?? DEFAULTS.board,
    dead: params.get('dead') ?? DEFAULTS.dead,
    method: params.get('method') ?? DEFAULTS.method,
    precision: params.get('precision') ?? DEFAULTS.precision,
    view: VIEWS.includes(params.get('view')) ? params.get('view') : 'matchup',
    opponents: params.get('opponents') ?? DEFAULTS.opponents,
    chartMethod: params.get('chart-method') ?? DEFAULTS.chartMethod,
    chartPrecision: params.get('chart-precision') ?? DEFAULTS.chartPrecision,
    pushFold: Object.fromEntries(Object.entries(PUSH_FOLD_KEYS)
      .map(([field, key]) => [field, params.get(key) ?? DEFAULTS.pushFold[field]])),
    pushFoldShow: PUSH_FOLD_SHOWS.includes(params.get('pf-show'))
      ? params.get('pf-show') : DEFAULTS.pushFoldShow,
    connectFour: {
      moves: params.get('c4') ?? DEFAULTS.connectFour.moves,
      solver: SOLVERS.includes(params.get('c4-solver'))
        ? params.get('c4-solver') : DEFAULTS.connectFour.solver,
    },
    postflop: Object.fromEntries(Object.entries(POSTFLOP_KEYS)
      .map(([field, key]) => [field, params.get(key) ?? DEFAULTS.postflop[field]])),
  };
}

export function writeState(state) {
  const params = new URLSearchParams();
  for (const player of state.players) params.append('p', player);
  if (state.board) params.set('board', state.board);
  if (state.dead) params.set('dead', state.dead);
  if (state.method !== DEFAULTS.method) params.set('method', state.method);
  if (state.precision !== DEFAULTS.precision) params.set('precision', state.precision);
  if (state.view !== DEFAULTS.view) params.set('view', state.view);
  if (state.opponents !== DEFAULTS.opponents) params.set('opponents', state.opponents);
  if (state.chartMethod !== DEFAULTS.chartMethod) params.set('chart-method', state.chartMethod);
  if (state.chartPrecision !== DEFAULTS.chartPrecision) {
    params.set('chart-precision', state.chartPrecision);
  }
  for (const [field, key] of Object.entries(PUSH_FOLD_KEYS)) {
    if (state.pushFold[field] !== DEFAULTS.pushFold[field]) params.set(key, state.pushFold[field]);
  }
  if (state.pushFoldShow !== DEFAULTS.pushFoldShow) params.set('pf-show', state.pushFoldShow);
  if (state.connectFour.moves !== DEFAULTS.connectFour.moves) params.set('c4', state.connectFour.moves);
  if (state.connectFour.solver !== DEFAULTS.connectFour.solver) {
    params.set('c4-solver', state.connectFour.solver);
  }
  for (const [field, key] of Object.entries(POSTFLOP_KEYS)) {
    if (state.postflop[field] !== DEFAULTS.postflop[field]) params.set(key, state.postflop[field]);
  }
  history.replaceState(null, '', `${location.pathname}?${params}`);
}
