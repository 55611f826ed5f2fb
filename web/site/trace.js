// A run's trace: the list of events the worker reported, and what can be
// read from a prefix of it. Everything the page shows about a run (the
// transcript, the stop banner, the highlighted loop line, the step
// position) is a function of trace.events[0..i], so stepping back is
// indexing into the list, never re-running.

// Trace holds one run's events. inputs is what the run was started with,
// kept to tell whether the editors changed since.
export class Trace {
  constructor(inputs) {
    this.inputs = inputs;
    this.events = [];
    this.messagePos = []; // event index of each message event, in order
    this.roles = []; // role of each message: user, assistant or tool
    this.doneIndex = -1;
    this.expect = "user"; // the role the next message event has
  }

  get length() {
    return this.events.length;
  }

  push(events) {
    for (const e of events) {
      const i = this.events.length;
      this.events.push(e);
      switch (e.kind) {
        case "message":
          this.messagePos.push(i);
          this.roles.push(this.roleOf(e));
          break;
        case "model_end":
          this.expect = "assistant";
          break;
        case "tool_start":
        case "tool_end":
          this.expect = "tool";
          break;
        case "done":
          if (this.doneIndex < 0) this.doneIndex = i;
          break;
      }
    }
  }

  // roleOf tells who a message is from. The assistant's message is the
  // action exactly as the model returned it, which need not carry a role,
  // so the role comes from the event that came before.
  roleOf(e) {
    const role = this.messagePos.length === 1 ? "user" : this.expect;
    if (role === "user") this.expect = "assistant";
    else if (role === "assistant") this.expect = "tool";
    return role;
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

  // message returns the i-th message with its role and step.
  message(i) {
    const e = this.events[this.messagePos[i]];
    return { message: e.message, role: this.roles[i], step: e.step, index: i };
  }

  // doneUpTo returns the done event if it is within events[0..upto].
  doneUpTo(upto) {
    return this.doneIndex >= 0 && this.doneIndex <= upto ? this.events[this.doneIndex] : null;
  }

  roleAt(i) {
    const e = this.events[i];
    if (!e || e.kind !== "message") return "";
    return this.roles[this.messageCount(i) - 1];
  }

  // messages returns every message with its role, for export.
  messages() {
    return this.messagePos.map((_, i) => this.message(i));
  }

  get done() {
    return this.doneIndex >= 0 ? this.events[this.doneIndex] : null;
  }
}
