// What the editors and fields show, and why. This is the one owner of the
// page's code: everything that replaces what the editors hold (an example
// picked in the menu or named by a link, a share link, a run file, an
// Exercise case, "Use as script", "Restore my code", "Your own code",
// "Your earlier code") goes through replaceCode, which keeps the code it
// replaces and offers it back. Nothing here runs code.
//
// Nothing the user wrote is lost by showing other code: an example they
// edited is kept under that example, and picking it brings the edits back;
// code of their own (begun as no example, or a link's, a run file's or a
// case's) is kept in a list of its own, which "Your own code" and the
// menu's "Your earlier code" bring back. An embed keeps each example's code
// under a key of its own (keyFor), and the key follows where the code
// shown comes from: an example's key holds only what the reader typed on
// that example, never a link's, a run file's or a case's code.

import { exampleById, matchingExample } from "./examples.js";
import { matchingLesson } from "../learn/lessons.js";
import { KEY, sameCode } from "./storage.js";
import { DEFAULT_MAX_STEPS, DEFAULT_TRIM, TRIMS } from "../lib/run-inputs.js";
import { clearHash } from "./url-options.js";
import { hideNotice, notice, reword } from "../views/notice.js";
import { STUB } from "../exercise/text.js";
import { GO_STUB, GO_STUB_LEVEL_2 } from "../exercise/go-text.js";

const NO_LANGUAGE = { read: () => ({}), apply: () => {} };
const BACK = "Your code is back. The code it replaced is kept:";

export class CodeState {
  // editors: {model, tools, loop}; fields: the inputs {userMsg,
  // maxSteps, timeLimitMs, toolTimeoutMs}; store: the Store (page/storage.js);
  // embed: whether the page is a tutorial's frame; mode: {get(), set(mode)}
  // of the page's mode; clearErrors(names): takes the errors shown beside
  // the named editors away; language: the Exercise's language and Go loop
  // (exercise/language.js: read() gives {language, goLoop}, apply(s)
  // shows a state's; a page without the Exercise's languages has none).
  constructor({ editors, fields, store, embed, mode, clearErrors, language = NO_LANGUAGE }) {
    Object.assign(this, { editors, fields, store, embed, mode, clearErrors, language });
    // example is the example the editors were filled from, kept while the
    // user edits it, so its title and explanation stay, marked "(edited)".
    this.example = "";
    // origin is where the code shown goes back to when other code
    // replaces it: the id of the example it continues (picked in the
    // menu, or saved as that example's), or "" for the user's own code. A
    // link titled after an example is no continuation of the user's edits
    // of it: its code is kept as their own, never over those edits.
    this.origin = "";
    // approvals are the approval decisions that came with the code shown
    // (a share link's, or storage's after one), with the code they were
    // made on: a run of that very code makes them again (recorded()).
    this.approvals = null; // {decisions, on}
    this.listeners = [];
  }

  // recorded gives the approval decisions a run of the code shown makes
  // without asking: those that came with it, while the run they were
  // made in is the one the editors and fields still hold; else none.
  recorded() {
    const a = this.approvals;
    return a && sameCode(this.readCode(), a.on) ? a.decisions : [];
  }

  // keyFor is the storage key of code that comes from origin: an embed
  // keeps each example's code apart ("default" for the rest), so that a
  // frame switched to another example, or the other frames of a
  // tutorial, never mix one example's code up with another's. The
  // playground has one key.
  keyFor(origin) {
    return this.embed ? `${KEY}:embed:${origin || "default"}` : KEY;
  }

  // subscribe calls listener(what, how) after each change: what is
  // "shown" (the code or the example it is called by may have changed),
  // "kept" (what is kept apart changed too) or "replaced" (other code took
  // the editors; how.keepRun says the run shown still belongs to it).
  subscribe(listener) {
    this.listeners.push(listener);
  }

  emit(what, how = {}) {
    for (const l of this.listeners) l(what, how);
  }

  read() {
    const approvals = this.recorded();
    return { ...this.readCode(), ...(approvals.length > 0 ? { approvals } : {}) };
  }

  readCode() {
    const f = this.fields;
    return {
      model: this.editors.model.value,
      tools: this.editors.tools.value,
      userMsg: f.userMsg.value,
      maxSteps: f.maxSteps.value,
      timeLimitMs: f.timeLimitMs.value,
      loop: this.editors.loop.value,
      mode: this.mode.get(),
      toolTimeoutMs: f.toolTimeoutMs.value,
      contextBudget: f.contextBudget.value,
      trim: f.trim.value,
      example: this.example,
      ...this.language.read(),
    };
  }

  // apply fills the fields from s; a state without a loop or a mode (an
  // example, a playground link) leaves the Exercise's as they are. A state
  // that names its example ("" for none) is called by it; one that does
  // not (a run file, a case, a link or a save from before states named
  // it) after the example whose very code it holds, if any.
  apply(s) {
    const f = this.fields;
    this.editors.model.value = s.model ?? "";
    this.editors.tools.value = s.tools ?? "";
    f.userMsg.value = s.userMsg ?? "";
    f.maxSteps.value = s.maxSteps ?? String(DEFAULT_MAX_STEPS);
    if (s.timeLimitMs !== undefined) f.timeLimitMs.value = s.timeLimitMs;
    if (s.loop !== undefined) this.editors.loop.value = s.loop;
    if (s.mode !== undefined) this.mode.set(s.mode);
    this.language.apply(s);
    f.toolTimeoutMs.value = s.toolTimeoutMs ?? "";
    f.contextBudget.value = s.contextBudget ?? "";
    f.trim.value = TRIMS.includes(s.trim) ? s.trim : DEFAULT_TRIM;
    this.approvals = Array.isArray(s.approvals) && s.approvals.length > 0 ? { decisions: s.approvals, on: this.readCode() } : null;
    this.example = s.example === undefined ? matchingExample(s) : exampleById(s.example) ? s.example : "";
    this.clearErrors(s.loop !== undefined ? ["model", "tools", "loop"] : ["model", "tools"]);
    this.emit("shown");
  }

  save() {
    this.store.save(this.read());
  }

  // showingLoaded follows a filling of the fields from storage, an example
  // or a link: the playground saves what it shows at once; an embed writes
  // nothing until the reader changes something (Store.showing), so that a
  // frame that only shows an example keeps no copy of it.
  showingLoaded() {
    if (this.embed) this.store.showing(this.read());
    else this.save();
  }

  // edited follows every edit of the user's, in an editor or a field
  // (name "model", "tools", "message", "loop" or "field"). It is stored
  // under the key of what is shown: the reader typed it on that.
  edited(name) {
    this.save();
    // A #state or #example in the address no longer says what the editors
    // hold; a reload must bring back the edits, not the link.
    if (!this.embed) clearHash();
    if (name === "model" || name === "tools" || name === "message") this.emit("shown");
  }

  // originOf gives the origin of code the page shows as example id's (a
  // link to the example, a saved state of it): the example's, unless the
  // user's edits of it are kept apart (they stay where they are).
  originOf(id) {
    return exampleById(id) && (this.embed || !this.store.keptExample(id)) ? id : "";
  }

  // start shows s, what the page opens with (no link): saved code, or a
  // first visit's seed. Its origin is the example it was saved as; an
  // embed's default key holds no example's code.
  start(s) {
    this.origin = this.embed ? "" : this.originOf(s.example);
    this.apply(s);
    this.showingLoaded();
  }

  // replaceCode shows next in place of the code the editors hold (before,
  // unless given), keeps that code and offers it back with keptText (or,
  // when why names what replaced it, with the usual words). origin is
  // where next comes from: the example it continues, or "" for code that
  // is nobody's example (a link's, a run file's, a case's, the user's
  // own); continues names the example a link shows, which is next's
  // origin unless the user's edits of it are kept apart. restored says next is code that was kept apart and now leaves
  // where it was kept; loaded says it came from a link or storage, which
  // an embed does not write until the reader changes it. It reports
  // whether it kept anything.
  replaceCode(next, { why = "", keptText, origin = "", continues = "", before = this.read(), restored = false, loaded = false, keepRun = false } = {}) {
    // In an embed the key follows the code's origin: a link's code never
    // lands under an example's key.
    if (this.embed) this.store.use(this.keyFor(continues || origin));
    this.apply(next);
    if (next.loop !== undefined) this.store.dropLoop(next.loop);
    if (next.goLoop !== undefined) this.store.dropGoLoop(next.goLoop);
    const kept = this.keepForUndo(before, why, keptText);
    this.origin = continues ? this.originOf(continues) : origin;
    if (restored && !origin) this.store.dropOwn(next);
    else if (restored && !this.embed) this.store.forgetExample(origin);
    this.emit("kept");
    if (loaded) this.showingLoaded();
    else this.save();
    if (!this.embed) clearHash();
    this.emit("replaced", { keepRun });
    return kept;
  }

  // restore brings back s, code that was kept apart, from s.origin (else
  // s.example); the mode stays the one the user is in.
  restore(s, why = "", keptText = why ? undefined : BACK) {
    const { mode, origin = s.example ?? "", ...next } = s;
    return this.replaceCode(next, { why, keptText, origin, restored: true });
  }

  // keep puts the code of state s, which the editors no longer show, where
  // it comes back from, and reports whether it kept anything (an example's
  // very code needs no keeping). What is kept apart is never also shown:
  // code that comes back leaves the place it was kept in (restore).
  keep(s) {
    if (!s.model && !s.tools) return false;
    // An example's or a lesson's untouched code is theirs, not the user's.
    if (matchingExample(s) || matchingLesson(s)) return false;
    if (this.origin && this.origin === s.example) {
      // An embed keeps it under the example's key already.
      if (!this.embed) this.store.keepExample(this.origin, s);
    } else {
      this.store.keepOwn(s);
    }
    return true;
  }

  // keepForUndo keeps the user's code that before held and the fields no
  // longer do, and offers to bring it back with what's text (keptText
  // when given). It reports whether it did. When there was none to keep
  // (the editors held an example), an offer still on screen says what
  // replaced the code since, not what did before. Your loop, which only an
  // Exercise link replaces, is offered back too.
  keepForUndo(before, what, keptText = `${what} replaced your code. It is kept:`) {
    if (!before) return false;
    const now = this.read();
    const codeKept = !sameCode(before, now) && this.keep(before);
    const loopLost = before.loop && before.loop !== STUB && before.loop !== now.loop;
    const goLoopLost = before.goLoop && before.goLoop !== GO_STUB && before.goLoop !== GO_STUB_LEVEL_2 && before.goLoop !== now.goLoop;
    if (!codeKept && !loopLost && !goLoopLost) {
      reword(`${what} replaced the code shown. Your code from before is kept:`);
      return false;
    }
    const back = { ...before, origin: this.origin };
    // Your loop comes back only when it was replaced: edits made to it
    // since stay. A replaced loop is kept too, for "Your earlier loop".
    if (loopLost) this.store.keepLoop(before.loop);
    else delete back.loop;
    if (goLoopLost) this.store.keepGoLoop(before.goLoop);
    else delete back.goLoop;
    notice(keptText, "Restore my code", () => this.restore(back));
    this.emit("kept");
    return true;
  }

  // restoreOwnCode brings back the user's own code kept at place i of the
  // list (the latest first): "Your own code" and "Your earlier code" in
  // the examples menu.
  restoreOwnCode(i = 0) {
    hideNotice();
    const s = this.store.ownCode()[i];
    if (s) {
      this.restore({ ...s, origin: "" });
      return;
    }
    // Nothing was kept: code the user edited is theirs already, and is
    // from now on called their own.
    if (matchingExample(this.read())) {
      notice("You have no code of your own yet: edit the example's code, and it becomes yours.");
    } else {
      if (this.embed) this.store.use(this.keyFor(""));
      this.example = this.origin = "";
      this.save();
    }
    this.emit("shown");
  }

  // restoreLoop brings back into Your loop the newest loop a link
  // replaced, and keeps the loop it replaces in turn (unless it is a
  // stub): the two swap, and neither is lost. With Go shown (or only Go
  // loops kept), it does so for the Go loop.go.
  restoreLoop() {
    hideNotice();
    const goShown = this.language.read().language === "go";
    const go = this.store.keptGoLoops().length > 0 && (goShown || this.store.keptLoops().length === 0);
    const kind = go
      ? {
          name: "Go loop",
          kept: () => this.store.keptGoLoops(),
          drop: (loop) => this.store.dropGoLoop(loop),
          keep: (loop) => this.store.keepGoLoop(loop),
          stubs: [GO_STUB, GO_STUB_LEVEL_2],
          shown: () => this.language.read().goLoop,
          show: (loop) => this.language.apply({ language: "go", goLoop: loop }),
        }
      : {
          name: "loop",
          kept: () => this.store.keptLoops(),
          drop: (loop) => this.store.dropLoop(loop),
          keep: (loop) => this.store.keepLoop(loop),
          stubs: [STUB],
          shown: () => this.editors.loop.value,
          show: (loop) => {
            this.editors.loop.value = loop;
            this.clearErrors(["loop"]);
          },
        };
    const [loop] = kind.kept();
    if (loop === undefined) return;
    const replaced = kind.shown();
    const swapped = !kind.stubs.includes(replaced) && replaced !== loop;
    kind.drop(loop);
    if (swapped) kind.keep(replaced);
    kind.show(loop);
    this.emit("kept");
    this.save();
    notice(swapped ? `Your earlier ${kind.name} is back. The loop it replaced is kept: press Your earlier loop again to swap back.` : `Your earlier ${kind.name} is back.`);
  }

  // keepStarterReplaced keeps the learner's loop (source, in language)
  // that a level's starter replaced, for Your earlier loop, and offers it
  // back.
  keepStarterReplaced(source, language) {
    if (language === "go") this.store.keepGoLoop(source);
    else this.store.keepLoop(source);
    this.emit("kept");
    notice("The level's starter replaced your loop. It is kept:", "Restore my loop", () => this.restoreLoop());
  }

  // shownInstead says what the editors show in place of what a link asked
  // for.
  shownInstead() {
    const id = matchingExample(this.read());
    const ex = exampleById(id || this.example);
    if (!ex) return "Your own code is shown instead.";
    return `The example "${ex.title}"${id ? "" : " (edited)"} is shown instead.`;
  }
}
