// The Exercise mode: the learner writes runAgent in Your loop; Check runs
// it in the worker sandbox on every case of Go's agenttest (cases.json,
// written by make build) and shows how many pass and, for each one that
// fails, the first difference from the real loop beside the case's inputs.
// Hints unlock one by one. page/code-state.js owns the page's state and storage: this
// module reports its progress through onProgress and never saves anything
// itself.

import { h, isDisabled, setDisabled, showFieldError } from "../util/dom.js";
import { LevelRules, STUBS } from "./level-rules.js";
import { failureView } from "./failure-view.js";
import { HINTS, HINTS_LEVEL_2, STUB, STUB_LEVEL_2 } from "./text.js";
import { GO_HINTS, GO_HINTS_LEVEL_2, GO_STATEMENTS, GO_STUB, GO_STUB_LEVEL_2 } from "./go-text.js";
import { renderCompare } from "./compare.js";
import { GO_NOTES, loadGoReference } from "./go-reference.js";
import { FOLLOW_UP_MIN_LIMIT_MS, fillLevelSelect, followUpVerdicts, grade, levelOf, loadLevel, renderFollowUps } from "./level.js";
import { checkTimeLimit } from "../lib/run-inputs.js";

export class Exercise {
  // engine: the Engine; editor: the Your loop Editor; els: the section's
  // elements; limitField: the playground's Time limit field, which holds
  // the ms a case may take (els.limit shows it here and changes it
  // there); progress: the saved {passed, total, hints, hints2, level,
  // goPassed, goTotal} (hints2: those of level 2 shown; goPassed and
  // goTotal: the Go loop's last Check);
  // onProgress(progress) hears every change of it; onCompileError(err)
  // and onCheckStart() let the page show an editor's error the way it does
  // for the playground's; onOpen(c) opens case c in the playground;
  // onCompare(c, observed) shows a failing case's two runs side by side;
  // onLoopChanged() hears that the Exercise put a level's stub in Your loop;
  // keepLoop(source, language) keeps the learner's loop a starter replaced;
  // goCheck, when the learner picked Go, checks and shows instead
  // (exercise/go-check-view.js: active(), check(), stop(), render(),
  // forget(), and language, the Language whose Go loop it checks).
  constructor({ engine, editor, els, limitField, progress, onProgress, onCompileError, onCheckStart, onOpen, onCompare = null, onLoopChanged = () => {}, keepLoop = () => {}, goCheck = null }) {
    Object.assign(this, { goCheck, engine, editor, els, limitField, onProgress, onCompileError, onCheckStart, onOpen, onCompare, onLoopChanged, keepLoop });
    this.rules = new LevelRules({ onStarter: (level) => this.useStarter(level) });
    this.level = levelOf(progress.level);
    this.levels = {}; // the promise of each level's cases, by level
    // Set by an interview (exercise/interview.js): it draws the cases,
    // hears each Check, and hides what an interview hides.
    this.interview = null;
    this.comparing = false; // the reference is shown beside Your loop
    this.goReferences = {}; // agenttest's example loop, by level, once fetched
    this.job = null; // the check in flight
    // The hints shown, by level.
    this.shownHints = { 1: Math.min(progress.hints || 0, HINTS.length), 2: Math.min(progress.hints2 || 0, HINTS_LEVEL_2.length) };
    // The last check: failures by case, or the saved counts after a reload.
    this.last = progress.total ? { passed: progress.passed || 0, total: progress.total, failures: null, stopped: null, restored: true, level: this.level } : null;
    this.compileError = false;
    if (goCheck) goCheck.attach(this, { passed: progress.goPassed || 0, total: progress.goTotal || 0, level: this.level });
    els.check.addEventListener("click", () => {
      if (!isDisabled(els.check)) this.check();
    });
    els.stop.addEventListener("click", () => {
      if (this.goActive()) this.goCheck.stop();
      else if (!isDisabled(els.stop)) this.job.stop();
    });
    els.showHint.addEventListener("click", () => {
      if (!isDisabled(els.showHint)) this.showHint();
    });
    fillLevelSelect(els.level, this.level);
    // An interview's stage sets the level; the learner cannot.
    els.level.addEventListener("change", () => (this.interview ? this.setLevel(this.level) : this.setLevel(levelOf(els.level.value))));
    // The limit is kept in one place, the playground's field: an edit here
    // is made there, with the events the playground's own edits send (so
    // that the page saves it and explains a wrong value there too).
    els.limit.addEventListener("input", () => {
      limitField.value = els.limit.value;
      limitField.dispatchEvent(new Event("input"));
      if (!checkTimeLimit(els.limit.value).error) this.explainLimit("");
    });
    els.limit.addEventListener("change", () => {
      limitField.dispatchEvent(new Event("change"));
      this.explainLimit(checkTimeLimit(els.limit.value).error || "");
    });
    this.render();
  }

  // showLimit shows the playground's time limit as it is now; the page calls
  // it whenever the Exercise is shown.
  showLimit() {
    this.els.limit.value = this.limitField.value;
    this.explainLimit(checkTimeLimit(this.limitField.value).error || "");
  }

  explainLimit(message) {
    showFieldError(this.els.limit, this.els.limitError, message);
  }

  get progress() {
    const go = this.goCheck && this.goCheck.last && !this.goCheck.last.compileError ? this.goCheck.last : null;
    return {
      passed: this.last ? this.last.passed : 0,
      total: this.last ? this.last.total : 0,
      hints: this.shownHints[1],
      hints2: this.shownHints[2],
      level: this.level,
      goPassed: go ? go.passed : 0,
      goTotal: go ? go.total : 0,
    };
  }

  // hintList is the hints of the level and the language shown.
  get hintList() {
    if (this.goActive()) return this.level === 2 ? GO_HINTS_LEVEL_2 : GO_HINTS;
    return this.level === 2 ? HINTS_LEVEL_2 : HINTS;
  }

  // busy reports whether a Check is under way, in either language.
  get busy() {
    return this.job !== null || Boolean(this.goCheck && this.goCheck.job);
  }

  // loopSource is the loop the learner is working on: Your loop, or the Go
  // loop.go when Go is chosen.
  loopSource() {
    return this.goActive() ? this.goCheck.language.source : this.editor.value;
  }

  get hints() {
    return this.shownHints[this.level];
  }

  // setLevel switches the level: the last Check was of the other level's
  // cases, so it is forgotten, and a Your loop that still holds a level's
  // stub gets the new level's.
  setLevel(level) {
    if (this.busy || level === this.level) {
      this.els.level.value = String(this.level);
      return;
    }
    this.level = level;
    this.els.level.value = String(level);
    // The comparison is of the level that passed: the next starts closed.
    this.comparing = false;
    // An interview moving on keeps its last Check's count on show.
    if (!this.interview) {
      this.last = null;
      if (this.goCheck) this.goCheck.forget();
    }
    const stubs = { 1: STUB, 2: STUB_LEVEL_2 };
    if (this.editor.value === stubs[3 - level]) {
      this.editor.value = stubs[level];
      this.onLoopChanged();
    }
    // The Go loop too, kept apart: only its stub follows the level.
    const goStubs = { 1: GO_STUB, 2: GO_STUB_LEVEL_2 };
    if (this.goCheck && this.goCheck.language.source === goStubs[3 - level]) this.goCheck.language.setSource(goStubs[level]);
    this.onProgress(this.progress);
    this.render();
  }

  // useStarter puts the level's stub in Your loop, keeping what it replaces.
  useStarter(level) {
    const go = this.goActive();
    this.keepLoop(go ? this.goCheck.language.source : this.editor.value, go ? "go" : "javascript");
    if (go) this.goCheck.language.setSource(STUBS.go[level]);
    else (this.editor.value = STUBS.javascript[level]), this.onLoopChanged();
    this.render();
  }

  // loadCases fetches a level's cases once; a failed fetch is tried again
  // at the next Check.
  loadCases(level) {
    if (!this.levels[level]) {
      this.levels[level] = loadLevel(level).catch((err) => {
        this.levels[level] = null;
        throw new Error(`the cases could not be loaded (${err.message}); make build writes them`);
      });
    }
    return this.levels[level];
  }

  // goActive reports whether Check grades the Go loop.
  goActive() {
    return Boolean(this.goCheck && this.goCheck.active());
  }

  // gradedLevel is the level a Check grades: an interview's stage's,
  // whatever the Level control says.
  get gradedLevel() {
    return this.interview ? this.interview.stageLevel() : this.level;
  }

  async check() {
    if (this.goActive()) return this.goCheck.check();
    if (this.job) return;
    // As Run does, Check waits for a wrong time limit to be put right.
    const limit = checkTimeLimit(this.limitField.value);
    if (limit.error) {
      this.showLimit();
      this.els.limit.focus();
      return;
    }
    this.job = "loading";
    this.compileError = false;
    this.onCheckStart();
    this.render();
    const level = this.gradedLevel;
    let loaded;
    let cases;
    try {
      loaded = await this.loadCases(level);
      cases = this.interview ? await this.interview.draw(level, loaded) : loaded.cases;
    } catch (err) {
      this.job = null;
      this.last = { passed: 0, total: 0, failures: [], stopped: { error: err.message }, restored: false };
      this.render();
      return;
    }
    const result = { level, passed: 0, total: cases.length, checked: 0, failures: [], verdicts: [], followUps: loaded.followUps, stopped: null, restored: false };
    const { barrierWaitMs } = loaded;
    const timeLimitMs = level === 2 ? Math.max(limit.value, FOLLOW_UP_MIN_LIMIT_MS) : limit.value;
    this.job = this.engine.grade(
      { source: this.editor.value, cases, timeLimitMs, level, barrierWaitMs },
      {
        onCase: (index, observed) => {
          const c = cases[index];
          const failure = grade(level, c, observed, barrierWaitMs);
          result.checked++;
          result.verdicts.push({ c, failure });
          if (failure) result.failures.push({ c, failure, observed });
          else result.passed++;
        },
        onCompileError: (err) => {
          this.compileError = true;
          this.onCompileError(err);
        },
        onEvents: (events) => {
          for (const e of events) if (e.kind === "done") result.stopped = e;
        },
        onEnd: () => {
          this.job = null;
          if (!this.compileError) this.last = result;
          this.onProgress(this.progress);
          if (this.interview) this.interview.checked(result, this.editor.value, this.compileError);
          this.render();
        },
      },
    );
    this.render();
  }

  showHint() {
    if (this.hints >= this.hintList.length) return;
    this.shownHints[this.level]++;
    this.onProgress(this.progress);
    this.render();
    const shown = this.els.hints.lastElementChild;
    if (shown) shown.scrollIntoView({ block: "nearest" });
  }

  render() {
    const { els } = this;
    const go = this.goActive();
    this.rules.render({ language: go ? "go" : "javascript", level: this.level, source: go ? this.goCheck.language.source : this.editor.value, locked: this.busy });
    setDisabled(els.check, this.job !== null);
    // Stop is for a check under way (not while the cases load, a moment).
    setDisabled(els.stop, !this.job || this.job === "loading");
    const hints = this.hintList;
    setDisabled(els.showHint, this.hints >= hints.length);
    setDisabled(els.level, this.job !== null || this.interview !== null);
    // Locked means locked: a disabled select takes no keys either.
    els.level.disabled = this.interview !== null;
    // An interview keeps the language it started in.
    if (this.goCheck) this.goCheck.language.lock(this.interview !== null || this.busy);
    // An interview hides the hints and the cases until it ends.
    const hiding = this.interview !== null;
    els.showHint.hidden = hiding;
    els.hintCount.hidden = hiding;
    els.statement.hidden = this.level !== 1;
    els.statement2.hidden = this.level !== 2;
    els.hintCount.textContent = this.hints ? `${this.hints} of ${hints.length} hints shown` : `${hints.length} hints, from a nudge to nearly the answer`;
    els.hints.hidden = this.hints === 0 || hiding;
    const hintsKey = `${this.goActive() ? "go" : "javascript"}:${this.level}`;
    if (els.hints.children.length !== this.hints || els.hints.dataset.level !== hintsKey) {
      els.hints.dataset.level = hintsKey;
      els.hints.replaceChildren(...hints.slice(0, this.hints).map((text) => h("li", { className: "hint-text", text })));
    }
    // The Go Exercise's view shows the summary, the cases and the
    // follow-ups of its own Checks; one statement says what loop.go is at
    // the level shown.
    if (this.goActive()) {
      els.statement.hidden = false;
      els.statement2.hidden = true;
      els.statement.textContent = GO_STATEMENTS[this.level];
      setDisabled(els.level, this.busy || this.interview !== null);
      this.goCheck.render();
      return this.renderGoCompare();
    }
    els.summary.textContent = this.summary();
    this.renderBanner();
    this.renderFailures();
    const last = !this.job && !this.compileError && this.last && this.last.level === 2 && this.last.verdicts && !hiding ? this.last : null;
    renderFollowUps(els.followUps, last ? followUpVerdicts(last.followUps, last.verdicts) : []);
    renderCompare(els.compare, {
      last: this.job || this.compileError || hiding ? null : this.last,
      level: this.level,
      code: this.editor.value,
      open: this.comparing,
      onToggle: (open) => {
        this.comparing = open;
        this.render();
      },
    });
  }

  // renderGoCompare offers agenttest's example beside loop.go once a Go
  // level passes, fetching the example's text when first shown.
  renderGoCompare() {
    const level = this.level;
    const last = this.goCheck.shown();
    const reference = this.goReferences[level] || "";
    if (last && this.comparing && !reference) {
      loadGoReference(level).then(
        (text) => {
          this.goReferences[level] = text;
          this.render();
        },
        (err) => {
          this.goReferences[level] = `agenttest's example could not be loaded (${err.message}); make build publishes it.`;
          this.render();
        },
      );
    }
    renderCompare(this.els.compare, {
      last,
      level,
      code: this.goCheck.language.source,
      open: this.comparing,
      onToggle: (open) => {
        this.comparing = open;
        this.render();
      },
      go: { reference, notes: GO_NOTES[level] },
    });
  }

  summary() {
    if (this.job) return "Checking your loop on every case…";
    if (this.compileError) return "Your loop has an error (shown under the editor): fix it, then press Check.";
    const last = this.last;
    if (!last) return "Press Check to run your loop on every case of the real loop's tests.";
    if (!last.total) return "The cases could not be checked.";
    const counts = `${last.passed} of ${last.total} cases pass`;
    if (this.interview && !last.stopped) return `${counts}. The cases stay hidden until the interview ends.`;
    if (last.restored && last.passed === last.total) return `${counts} (at your last Check): your loop did what agent.Run does on every case.`;
    if (last.restored) return `${counts} (at your last Check; press Check to see the differences).`;
    if (last.passed === last.total) return `${counts}. Your loop does what agent.Run does on every case.`;
    if (last.stopped) return `${counts}: the check stopped after ${last.checked} of ${last.total}.`;
    if (last.level === 2) return `${counts}. Each follow-up is below, with the first difference of those that fail.`;
    return `${counts}. The first difference of each failing case is below.`;
  }

  renderBanner() {
    const el = this.els.banner;
    const stopped = !this.job && !this.compileError && this.last && this.last.stopped;
    if (!stopped) {
      el.hidden = true;
      el.replaceChildren();
      delete el.dataset.reason;
      return;
    }
    const ranAway = stopped.reason === "timeout";
    const canceled = stopped.reason === "canceled";
    el.dataset.reason = stopped.reason || "crashed";
    let title = "The check failed";
    let cause = `The check ended early: ${stopped.error || "the worker stopped"}.`;
    if (ranAway) {
      title = "Your loop ran away";
      cause = `${upperFirst(stopped.error)}. The worker running it was stopped and replaced; your code is kept, and the cases after that one were not checked.`;
    } else if (canceled) {
      title = "You stopped the check";
      cause = `You stopped the check after ${this.last.checked} of ${this.last.total} cases; your code is kept, and the cases after those were not checked.`;
    }
    el.replaceChildren(h("p", { className: "banner-title" }, h("strong", { text: title })), h("p", { className: "banner-cause", text: cause }));
    el.hidden = false;
  }

  // renderFailures lists the failing cases of the last Check. A loop that
  // no longer compiles shows none: they are differences of the loop as it
  // was then, which the summary no longer speaks of, and the next Check
  // lists them anew.
  renderFailures() {
    const list = this.els.failures;
    const shown = !this.job && !this.compileError && !this.interview && this.last && this.last.failures && this.last.level !== 2;
    const failures = shown ? this.last.failures : [];
    const compare = (c, observed) => (this.onCompare ? () => this.onCompare(c, observed) : null);
    list.replaceChildren(...failures.map(({ c, failure, observed }, i) => failureView(c, failure, i, this.onOpen, compare(c, observed))));
    list.hidden = failures.length === 0;
  }
}

// upperFirst starts a sentence with the reason the sandbox gave ("case
// \"x\" did not finish within 500 ms").
function upperFirst(text) {
  const t = String(text || "");
  return t.charAt(0).toUpperCase() + t.slice(1);
}
