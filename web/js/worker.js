// The counting worker: one count at a time on the engine's WebAssembly, so the page stays
// responsive. Cancel terminates the worker (a busy worker reads no messages), and the page
// starts a fresh one.
import init, { countMatchup, countChart } from '../pkg/equity_web.js';

let current = 0;
// The engine calls this as a count goes (see crates/equity-web).
self.reportProgress = (done) => postMessage({ kind: 'progress', id: current, done });

const ready = init();

self.onmessage = async ({ data }) => {
  await ready;
  current = data.id;
  // `repeat` runs the count again and again, for timing counts shorter than the clock's step.
  const repeat = data.repeat ?? 1;
  const started = performance.now();
  try {
    let answer;
    for (let run = 0; run < repeat; run++) {
      answer?.free();
      answer = data.kind === 'chart'
        ? countChart(data.opponents, data.method, data.precision)
        : countMatchup(data.players, data.board, data.dead, data.method, data.precision);
    }
    const ms = (performance.now() - started) / repeat;
    postMessage({ kind: 'answer', id: data.id, json: answer.json, text: answer.text, ms });
    answer.free();
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
