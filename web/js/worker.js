// The counting worker: one count at a time on the engine's WebAssembly, so the page stays
// responsive. Cancel terminates the worker (a busy worker reads no messages), and the page
// starts a fresh one.
import init, {
  countMatchup, countChart, pushFold, loadThreeWay, connectFour, postflopSolve, postflopNode,
  postflopSaved, postflopOpen,
} from '../pkg/equity_web.js';

let current = 0;
// The engine calls this as a count goes (see crates/equity-web).
self.reportProgress = (done) => postMessage({ kind: 'progress', id: current, done, stage: 'count' });
// And this as a postflop solve goes: each time it measures the exploitability (a share of the pot).
self.reportSolve = (iterations, exploitability) => postMessage({
  kind: 'progress', id: current, done: 0, stage: 'solve', iterations, exploitability,
});

const ready = init();

// push-fold's three-way table (40 MB), fetched and read into the engine once, for the first
// three-handed spot; the download's progress is reported as it comes.
let threeWay = null;

async function fetchThreeWay() {
  const response = await fetch(new URL('../data/three-way-v1.bin', import.meta.url));
  if (!response.ok) throw new Error(`the three-way table could not be fetched (HTTP ${response.status})`);
  const size = Number(response.headers.get('Content-Length')) || 0;
  const bytes = new Uint8Array(size);
  let received = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes.set(value, received);
    received += value.length;
    if (size > 0) postMessage({ kind: 'progress', id: current, done: received / size, stage: 'table' });
  }
  loadThreeWay(bytes.subarray(0, received));
}

function answerTo(data) {
  if (data.kind === 'chart') return countChart(data.opponents, data.method, data.precision);
  if (data.kind === 'pushfold') return pushFold(...data.fields, true);
  if (data.kind === 'connectfour') return connectFour(data.moves);
  // A postflop solve is kept in this worker, for the nodes asked for after it.
  if (data.kind === 'postflop') {
    return postflopSolve(data.names, data.values, data.exploitability, data.iterations, data.locks);
  }
  if (data.kind === 'postflop-node') return postflopNode(data.line);
  // The kept solution as `postflop --save` writes it, or a saved one opened and kept instead.
  if (data.kind === 'postflop-save') return { bytes: postflopSaved() };
  if (data.kind === 'postflop-open') return postflopOpen(data.bytes);
  return countMatchup(data.players, data.board, data.dead, data.method, data.precision);
}

self.onmessage = async ({ data }) => {
  await ready;
  current = data.id;
  // `repeat` runs the count again and again, for timing counts shorter than the clock's step.
  const repeat = data.repeat ?? 1;
  try {
    // The page sends only three-handed spots here.
    if (data.kind === 'pushfold') {
      // A failed fetch is tried again with the next spot; a table read is kept.
      threeWay ??= fetchThreeWay().catch((err) => {
        threeWay = null;
        throw err;
      });
      await threeWay;
    }
    const started = performance.now();
    let answer;
    for (let round = 0; round < repeat; round++) {
      answer?.free?.();
      answer = answerTo(data);
    }
    const ms = (performance.now() - started) / repeat;
    postMessage({
      kind: 'answer',
      id: data.id,
      json: answer.json,
      text: answer.text,
      command: answer.command,
      locks: answer.locks,
      bytes: answer.bytes,
      ms,
    }, answer.bytes ? [answer.bytes.buffer] : []);
    answer.free?.();
  } catch (err) {
    postMessage({
      kind: 'error',
      id: data.id,
      field: err.field ?? '',
      player: err.player ?? 0,
      column: err.column ?? 0,
      message: err.message ?? String(err),
      placed: err.placed ?? String(err),
    });
  }
};

ready.then(() => postMessage({ kind: 'ready' }));
