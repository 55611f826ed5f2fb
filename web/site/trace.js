// A run's trace: the list of events the worker reported, and what can be
// read from a prefix of it. Everything the page shows about a run (the
// transcript, the stop banner, the highlighted loop line, the step
// position) is a function of trace.events[0..i], so stepping back is
// indexing into the list, never re-running. The events say what they
// mean (a message's role, whether a tool call failed, the phase of the
// loop that emitted them): the trace only indexes them.

// Trace holds one run's events. inputs is what the run was started with,
// kept to tell whether the editors changed since.
export class Trace {
  constructor(inputs) {
    this.inputs = inputs;
    this.events = [];
    this.messagePos = []; // event index of each message event, in order
    this.doneIndex = -1;
  }

  get length() {
    return this.events.length;
  }

  push(events) {
    for (const e of events) {
      const i = this.events.length;
      this.events.push(e);
      if (e.kind === "message") this.messagePos.push(i);
      else if (e.kind === "done" && this.doneIndex < 0) this.doneIndex = i;
    }
  }

  // messageCount returns how many messages events[0..upto] hold.
  messageCount(upto) {
    const pos = this.messagePos;
    let lo = 0;
    let hi = pos.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pos[mid] <= upto) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  // message returns the i-th message as its event told it: {message, role,
  // failed, step, index}.
  message(i) {
    const e = this.events[this.messagePos[i]];
    return { message: e.message, role: e.role || "", failed: e.failed === true, step: e.step, index: i };
  }

  // doneUpTo returns the done event if it is within events[0..upto].
  doneUpTo(upto) {
    return this.doneIndex >= 0 && this.doneIndex <= upto ? this.events[this.doneIndex] : null;
  }

  // messages returns every message, for export.
  messages() {
    return this.messagePos.map((_, i) => this.message(i));
  }

  get done() {
    return this.doneIndex >= 0 ? this.events[this.doneIndex] : null;
  }
}
