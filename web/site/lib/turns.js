// Turns: how many runAgentSandboxed runs are in flight at once. Pure (no
// DOM), so its limit is read by web/README.md's table of limits.

// MAX_SANDBOXED_RUNS is how many runs are in flight at once, each in a
// worker of its own (with its own Go instance) in the one sandbox frame;
// later runs wait their turn, in the order they were asked for. A hundred
// workers started at once would take the frame's memory and thread, and
// every run in it would be lost; a few keep both cores busy.
export const MAX_SANDBOXED_RUNS = 4;

// Turns lets at most max holders in at once: take() resolves when the
// caller's turn has come, and each holder calls done() once, after.
export class Turns {
  constructor(max = MAX_SANDBOXED_RUNS) {
    this.max = max;
    this.inFlight = 0;
    this.waiting = []; // resolvers, the first asked first
  }

  take() {
    if (this.inFlight < this.max) {
      this.inFlight++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  // done hands a finished holder's place to the next one waiting.
  done() {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight--;
  }
}
