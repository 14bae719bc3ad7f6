// The whole state of the page in its URL, so that a link or a reload gives the same matchup:
// ?p=AsKs&p=QQ%2B&board=Ah7c2d&dead=5s&method=sampled&precision=0.1&view=chart&opponents=2
// (values at their defaults are left out).
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
};

export function readState(search = location.search) {
  const params = new URLSearchParams(search);
  const players = params.getAll('p');
  return {
    players: players.length >= 2 ? players : [...DEFAULTS.players],
    board: params.get('board') ?? DEFAULTS.board,
    dead: params.get('dead') ?? DEFAULTS.dead,
    method: params.get('method') ?? DEFAULTS.method,
    precision: params.get('precision') ?? DEFAULTS.precision,
    view: params.get('view') === 'chart' ? 'chart' : 'matchup',
    opponents: params.get('opponents') ?? DEFAULTS.opponents,
    chartMethod: params.get('chart-method') ?? DEFAULTS.chartMethod,
    chartPrecision: params.get('chart-precision') ?? DEFAULTS.chartPrecision,
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
  history.replaceState(null, '', `${location.pathname}?${params}`);
}
