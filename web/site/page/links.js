// Opening what the page's address names: a share link (#state=), a shipped
// example (#example=), a lesson (#lesson=N), and for a shipped example alone a run at once
// (?autorun=1) or at a phase (#phase=N). The page opened by a link and a
// link followed on a page already open (a tutorial's "try this" link,
// hashchange) go the same way, and say the same when a link cannot be
// opened: what is wrong, and what is shown instead.
//
// Nothing a link or storage brought runs by itself: only a shipped
// example's own code may run without the reader's click, and only when the
// page opens with it.

import { EXAMPLES, exampleById, stateOf } from "./examples.js";
import { sameCode } from "./storage.js";
import { decodeState } from "./share.js";
import { DEFAULT_TIME_LIMIT_MS } from "../lib/run-inputs.js";
import { hideNotice, notice } from "../views/notice.js";

// defaultState is a first visit's: the seed example, which the user did
// not pick, so that what they type over it is their own code.
function defaultState() {
  return { ...stateOf(EXAMPLES[0]), timeLimitMs: String(DEFAULT_TIME_LIMIT_MS), example: "" };
}

// loweredNote tells the user that a link's time limit was lowered.
function loweredNote(from) {
  return `The link asked for a time limit of ${from} ms; a link may set at most ${DEFAULT_TIME_LIMIT_MS} ms, so it is ${DEFAULT_TIME_LIMIT_MS} ms. Raise it by hand if you trust the code.`;
}

// linkOpener returns openLink(opts, {atLoad}), which shows what the
// address's options (page/url-options.js) ask for. code: the CodeState;
// store: the Store; readonly: the editors are locked, and keep their
// author's code against a #state= that comes later; run(): a live run of
// what the editors show; runAtPhase(text): a run recorded and shown at a
// #phase=; openLesson(text, {focus}): opens the lesson a #lesson= names
// (learn/learn.js).
export function linkOpener({ code, store, readonly, run, runAtPhase, openLesson }) {
  const embed = code.embed;
  const failed = (wrong) => notice(`${wrong} ${code.shownInstead()}`);

  // host: the request came from the page that frames an embed
  // (page/host-messages.js); it may ask for a run, as ?autorun=1 does at
  // load.
  return async function openLink(opts, { atLoad = false, host = false } = {}) {
    if (!atLoad && opts.state !== null && embed && readonly) return;
    const lesson = opts.lesson !== null && opts.state === null && !opts.example;
    if (!atLoad && opts.state === null && !opts.example && !lesson) return;
    let saved = null;
    if (atLoad) {
      saved = store.load();
      if (saved) code.origin = code.originOf(saved.example);
    }
    // What the link's code replaces, and what it leaves as it is (the
    // fields a link does not carry).
    const before = atLoad ? saved : code.read();
    // Approval decisions belong to the code they were made on, never to
    // the code that replaces it.
    const base = { ...(atLoad ? { timeLimitMs: String(DEFAULT_TIME_LIMIT_MS), ...(saved || {}) } : before) };
    delete base.approvals;
    const example = exampleById(opts.example);
    let wrong = opts.example && !example ? `There is no example "${opts.example}".` : "";

    if (opts.state !== null) {
      try {
        const { state: shared, loweredFrom } = await decodeState(opts.state);
        // A link's code is no example's, whatever it says it was: in an
        // embed it is kept apart from the examples' code.
        code.replaceCode({ ...base, ...shared }, { why: "The shared link", before, loaded: true });
        if (loweredFrom) notice(loweredNote(loweredFrom));
        return; // a link never runs by itself
      } catch (err) {
        wrong = `This share link could not be opened: ${err.message}.`;
      }
    }
    if (example) {
      // An embed keeps the reader's edits of its example, and shows them
      // again, unless it is asked to run at once: only the shipped code
      // may run by itself. What it keeps is the reader's code for this
      // example, whatever it has become, so it keeps the example's
      // title, marked "(edited)".
      const edits = embed && !(atLoad && opts.autorun) ? store.load(code.keyFor(example.id)) : null;
      // What a notice said of the link before is about what this one
      // replaces.
      if (!atLoad) hideNotice();
      code.replaceCode(
        { ...base, ...(edits || stateOf(example)), example: example.id },
        // An embed's edits stay where they are, under the example's key.
        { why: `The example "${example.title}"`, before: embed ? null : before, continues: example.id, loaded: true },
      );
      if (wrong) failed(wrong);
      // A link followed on the open page (a host's "look at this step")
      // opens its phase as at load; ?autorun=1 is the page's address, not
      // the link's, and runs only at load, or when the host asks.
      runAsked(atLoad || host ? opts : { ...opts, autorun: false }, example);
      return;
    }
    if (atLoad) code.start(saved ? { ...defaultState(), ...saved } : defaultState());
    // A lesson's code replaces what the page shows, which is kept; it
    // runs only when the reader presses Run, as any other.
    if (lesson) openLesson(opts.lesson, { focus: !atLoad });
    // The link changed nothing. An offer still on screen is about code
    // replaced before it came, and beside this notice would read as the
    // link's doing: it goes (what it offered stays in the examples menu,
    // as Your earlier code).
    else if (!atLoad) hideNotice();
    if (wrong) failed(wrong);
  };

  // runAsked runs example, shown by a link, as the address asks: at once
  // (?autorun=1) or at a phase (#phase=N). It runs only the example's own
  // code: an embed that holds the reader's edits of it runs nothing, and
  // says so.
  function runAsked(opts, example) {
    if (!opts.autorun && opts.phase === null) return;
    // Its code, message and limits, exactly: edits of the limits alone
    // are the reader's too.
    if (!sameCode(code.read(), stateOf(example))) {
      const asked = opts.autorun ? "The link asks to run the example at once" : `The link's #phase=${opts.phase} shows a run of the example as shipped`;
      notice(`${asked}; this frame holds your edits of it, so it ran nothing: press Run to run your code.`);
      return;
    }
    if (opts.autorun) run();
    else runAtPhase(opts.phase);
  }
}
