// Interview mode: timed practice the way an interviewer raises the bar.
// Start interview sets a timer ("Time left", 45 minutes unless changed),
// hides the hints and the cases (each Check says only how many pass), and
// begins with the classic loop; each time every case of the stage passes,
// the next follow-up of level 2 is revealed, one at a time. At every Check
// the cases are drawn anew (exercise/draw.js) and their expectations come
// from the real loop in the page. The interview ends when the time is up,
// when every stage has passed, or at End interview, and then the Interview
// report shows how it went (exercise/report.js).
//
// The interview's state is plain data, saved through save() at each
// change and given back at load, so a reload mid-interview resumes it:
//
//   {startedAt, durationMs, seed, stage, stages: [{name, level, about,
//    startedAt, endedAt, checks, passed}], checks: [{at, stage, passed,
//    total, firstDiff}], revealed: [{stage, cases: [name…]}],
//    ended: null | {at, why}, finalCode, language}
//
// language is the Exercise's language when the interview started
// ("javascript" or "go"): the Language control is locked until it ends,
// and finalCode is that language's loop.

import { checkSeed, drawCases, expectFrom, sameShape } from "./draw.js";
import { FOLLOW_UP_MIN_LIMIT_MS } from "./level.js";
import { clock, renderReport } from "./report.js";
import { isDisabled, setDisabled } from "../util/dom.js";

export const DEFAULT_MINUTES = 45;

// The minutes left that are announced to screen readers, once each.
export const ANNOUNCED_MINUTES = [5, 1];

// announcement says which of ANNOUNCED_MINUTES the time left crossed since
// it was last at wasLeftMs: the words to announce, or "".
export function announcement(wasLeftMs, leftMs) {
  const crossed = ANNOUNCED_MINUTES.filter((m) => wasLeftMs > m * 60000 && leftMs <= m * 60000 && leftMs > 0);
  if (crossed.length === 0) return "";
  const m = Math.min(...crossed);
  return m === 1 ? "1 minute left in the interview." : `${m} minutes left in the interview.`;
}

// How many times the real loop may play a drawn case before a Check gives
// up on it (see sameShape).
const PLAYS = 3;

// stagesOf lists an interview's stages: the classic loop, then each
// follow-up.
function stagesOf(followUps) {
  return [{ name: "The loop", level: 1, about: "The classic loop of level 1." }, ...followUps.map((f) => ({ name: f.name, level: 2, about: f.about }))];
}

// minutesOf reads the minutes field: a whole number from 1 to 600, or the
// default.
export function minutesOf(text) {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 && n <= 600 ? n : DEFAULT_MINUTES;
}

// readState keeps a saved interview only if it has the shape this module
// writes: storage is the user's, and hostile.
export function readState(v) {
  if (!v || typeof v !== "object" || !Array.isArray(v.stages) || !Array.isArray(v.checks) || !Array.isArray(v.revealed)) return null;
  if (![v.startedAt, v.durationMs, v.seed, v.stage].every(Number.isFinite)) return null;
  if (!Number.isInteger(v.stage) || v.stage < 0 || v.stage >= v.stages.length) return null;
  const object = (x) => x !== null && typeof x === "object" && !Array.isArray(x);
  if (!v.stages.every((s) => object(s) && typeof s.name === "string" && (s.level === 1 || s.level === 2) && Number.isInteger(s.checks))) return null;
  if (!v.checks.every((c) => object(c) && Number.isInteger(c.stage) && typeof c.firstDiff === "string")) return null;
  if (!v.revealed.every((r) => object(r) && Array.isArray(r.cases))) return null;
  if (v.ended !== null && !(object(v.ended) && Number.isFinite(v.ended.at) && typeof v.ended.why === "string")) return null;
  if (typeof v.finalCode !== "string") return null;
  if (v.language !== undefined && v.language !== "javascript" && v.language !== "go") return null;
  return v;
}

export class Interview {
  // exercise: the Exercise; engine: the Engine (it runs the real loop on
  // the drawn cases); els: {start, end, minutes, timeLeft, stage, report,
  // bar}; saved: the state save() last kept, or null; save(state|null);
  // now(): the time in ms (Date.now).
  constructor({ exercise, engine, els, saved, save, now = Date.now }) {
    this.exercise = exercise;
    this.engine = engine;
    this.els = els;
    this.save = save;
    this.now = now;
    this.state = readState(saved);
    this.timer = 0;
    // The "Time left" status changes every second and is not read out;
    // this polite status beside it speaks the last minutes, once each.
    this.announcer = document.createElement("p");
    this.announcer.className = "visually-hidden";
    this.announcer.setAttribute("role", "status");
    this.announcer.setAttribute("aria-live", "polite");
    this.announcer.id = "interview-time-announcement";
    els.timeLeft.after(this.announcer);
    this.wasLeft = Infinity;
    els.minutes.value = els.minutes.value || String(DEFAULT_MINUTES);
    els.start.addEventListener("click", () => {
      if (!isDisabled(els.start)) this.start();
    });
    els.end.addEventListener("click", () => {
      if (!isDisabled(els.end)) this.finish("ended");
    });
    if (this.state && !this.state.ended) this.resume();
    this.render();
  }

  // start begins an interview at the classic loop.
  async start() {
    if (this.exercise.busy) return;
    let followUps;
    try {
      followUps = (await this.exercise.loadCases(2)).followUps;
    } catch (err) {
      this.els.stage.textContent = `The interview could not start: ${err.message}`;
      this.els.stage.hidden = false;
      return;
    }
    const at = this.now();
    const minutes = minutesOf(this.els.minutes.value);
    this.els.minutes.value = String(minutes);
    const stages = stagesOf(followUps).map((s) => ({ ...s, startedAt: null, endedAt: null, checks: 0, passed: false }));
    stages[0].startedAt = at;
    const language = this.exercise.goActive() ? "go" : "javascript";
    this.state = { startedAt: at, durationMs: minutes * 60000, seed: (at ^ Math.floor(Math.random() * 2 ** 31)) >>> 0, stage: 0, stages, checks: [], revealed: [], ended: null, finalCode: "", language };
    this.resume();
    this.keep();
  }

  // resume puts the Exercise in interview mode at the saved stage, and
  // runs the timer.
  resume() {
    this.exercise.interview = this;
    this.wasLeft = Infinity;
    this.announcer.textContent = "";
    this.exercise.setLevel(this.state.stages[this.state.stage].level);
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), 250);
    this.tick();
  }

  tick() {
    if (!this.state || this.state.ended) return;
    const left = this.left();
    // A reload resumes past a mark without announcing it again.
    if (this.wasLeft === Infinity) this.wasLeft = left;
    const words = announcement(this.wasLeft, left);
    if (words) this.announcer.textContent = words;
    this.wasLeft = left;
    if (left <= 0) this.finish("time is up");
    else this.renderTime();
  }

  // stageLevel is the level of the stage under way, which every Check of
  // the interview grades.
  stageLevel() {
    return this.state.stages[this.state.stage].level;
  }

  left() {
    return this.state.startedAt + this.state.durationMs - this.now();
  }

  // draw returns the cases of this Check at the given level: those of the
  // stage (at level 2, of every follow-up revealed so far), drawn anew,
  // with the expectations the real loop gives them.
  async draw(level, loaded) {
    const st = this.state;
    const reached = st.stages.slice(1, st.stage + 1).map((s) => s.name);
    const pool = level === 1 ? loaded.cases : loaded.cases.filter((c) => reached.includes(c.followUp));
    const drawn = drawCases(level, pool, checkSeed(st.seed, st.checks.length));
    const out = new Array(drawn.length);
    let todo = drawn.map((_, i) => i);
    for (let attempt = 1; todo.length > 0; attempt++) {
      const observed = await this.playOnRealLoop(level, todo.map((i) => drawn[i]), loaded.barrierWaitMs);
      todo.forEach((i, k) => (out[i] = expectFrom(level, drawn[i], observed[k])));
      todo = todo.filter((i) => !sameShape(pool[i], out[i]));
      if (todo.length > 0 && attempt === PLAYS) throw new Error(`the real loop played the drawn case "${drawn[todo[0]].name}" unlike its published shape ${PLAYS} times; press Check again`);
    }
    return out;
  }

  // playOnRealLoop runs the real loop on cases in the sandbox, and
  // returns what it did on each.
  playOnRealLoop(level, cases, barrierWaitMs) {
    return new Promise((resolve, reject) => {
      const observed = [];
      let failed = "";
      this.engine.grade(
        { cases, level, barrierWaitMs, reference: true, source: "", timeLimitMs: FOLLOW_UP_MIN_LIMIT_MS },
        {
          onCase: (index, o) => (observed[index] = o),
          onCompileError: (err) => (failed = err.message),
          onEvents: (events) => {
            for (const e of events) if (e.kind === "done") failed = e.error || e.reason;
          },
          onEnd: () => {
            if (failed || observed.length !== cases.length) reject(new Error(`the real loop did not play the drawn cases: ${failed || "it stopped"}`));
            else resolve(observed);
          },
        },
      );
    });
  }

  // checked hears a Check's result: it counts the Check for its stage,
  // keeps its first difference, and moves on once the stage passes.
  checked(result, code, compileError) {
    const st = this.state;
    if (!st || st.ended) return;
    const stage = st.stages[st.stage];
    stage.checks++;
    const firstDiff = compileError ? "Your loop did not compile." : result.stopped ? `The check stopped: ${result.stopped.error || result.stopped.reason}` : result.failures[0] ? result.failures[0].failure.text : "";
    st.checks.push({ at: this.now(), stage: st.stage, passed: result.passed, total: result.total, firstDiff });
    st.finalCode = code;
    const level = stage.level;
    const names = result.verdicts.filter((v) => level === 1 || v.c.followUp === stage.name).map((v) => v.c.name);
    if (!st.revealed.some((r) => r.stage === st.stage)) st.revealed.push({ stage: st.stage, cases: names });
    if (!compileError && !result.stopped && result.total > 0 && result.passed === result.total) {
      stage.passed = true;
      stage.endedAt = this.now();
      if (st.stage + 1 >= st.stages.length) return this.finish("every stage passed");
      st.stage++;
      st.stages[st.stage].startedAt = this.now();
      this.exercise.setLevel(st.stages[st.stage].level);
    }
    this.keep();
  }

  // finish ends the interview and shows its report.
  finish(why) {
    const st = this.state;
    if (!st || st.ended) return;
    if (this.exercise.job && typeof this.exercise.job.stop === "function") this.exercise.job.stop();
    const go = this.exercise.goCheck;
    if (go && go.job) go.stop();
    const at = this.now();
    st.ended = { at, why };
    st.finalCode = this.exercise.loopSource();
    const stage = st.stages[st.stage];
    if (!stage.endedAt) stage.endedAt = at;
    clearInterval(this.timer);
    this.exercise.interview = null;
    this.keep();
    this.exercise.render();
  }

  keep() {
    this.save(this.state);
    this.render();
  }

  renderTime() {
    this.els.timeLeft.textContent = this.state && !this.state.ended ? clock(this.left()) : clock(minutesOf(this.els.minutes.value) * 60000);
  }

  render() {
    const { els } = this;
    const running = Boolean(this.state && !this.state.ended);
    setDisabled(els.start, running);
    setDisabled(els.end, !running);
    els.minutes.disabled = running;
    this.renderTime();
    const st = this.state;
    els.stage.textContent = running ? `Stage ${st.stage + 1} of ${st.stages.length}: ${st.stages[st.stage].name}. ${st.stages[st.stage].about}` : "";
    els.stage.hidden = !running;
    const ended = Boolean(st && st.ended);
    els.report.hidden = !ended;
    if (ended) renderReport(els.report, st);
    this.exercise.render();
  }
}
