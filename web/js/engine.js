// The engine on the page's own thread for quick work (checking input, a range's grid, painting)
// and a Web Worker for counts, which can take seconds to minutes.
import init, {
  checkMatchup, rangeCells, paintCells, matchupLine, pushFold, postflopEstimate,
  postflopPageMemory,
} from '../pkg/equity_web.js';

export const ready = init();
// pushFold(..., false) solves a heads-up push/fold spot at once (about a millisecond natively):
// on this thread. Three-handed spots take seconds and the three-way table: the worker solves
// them, with pushFold(..., true).
// postflopEstimate counts a postflop spot's memory without making its game: on this thread too.
export {
  checkMatchup, rangeCells, paintCells, matchupLine, pushFold, postflopEstimate,
  postflopPageMemory,
};

// A count in the worker: resolves with { json, text, command, ms } or rejects with the engine's
// error ({ field, player, column, message, placed }), or { cancelled: true }. Progress comes as
// (done, stage, message): 'table' while the three-way table downloads, 'count' as the engine
// counts, 'solve' as a postflop solve goes (the message has its iterations and exploitability).
export class Counter {
  // A lazy counter starts its worker for its first count, not at once.
  constructor({ lazy = false } = {}) {
    this.nextId = 1;
    this.pending = null;
    this.worker = null;
    if (!lazy) this.start();
  }

  start() {
    this.worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.worker.onmessage = ({ data }) => this.receive(data);
  }

  receive(data) {
    const pending = this.pending;
    if (!pending || data.id !== pending.id) return;
    if (data.kind === 'progress') {
      pending.onProgress(data.done, data.stage, data);
    } else if (data.kind === 'answer') {
      this.pending = null;
      pending.resolve(data);
    } else if (data.kind === 'error') {
      this.pending = null;
      pending.reject(data);
    }
  }

  // Runs `request` (a matchup, the chart or a push/fold spot); one count at a time.
  count(request, onProgress) {
    this.cancel();
    const id = this.nextId++;
    if (!this.worker) this.start();
    return new Promise((resolve, reject) => {
      this.pending = { id, resolve, reject, onProgress };
      this.worker.postMessage({ ...request, id });
    });
  }

  get busy() {
    return this.pending !== null;
  }

  // Stops the count at once: the worker is ended and a new one started for the next count.
  cancel() {
    if (!this.pending) return;
    const pending = this.pending;
    this.pending = null;
    this.worker.terminate();
    this.start();
    pending.reject({ cancelled: true });
  }
}
