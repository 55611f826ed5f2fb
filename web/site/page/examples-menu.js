// The examples menu, and the words beside it that say what the editors
// show: the example's title and explanation (marked "(edited)" once the
// user changed its code), or "Your own code". The menu offers, after "Your
// own code", the user's earlier code kept apart; picking an example brings
// back the user's edits of it, if any.

import { EXAMPLES, exampleById, matchingExample, stateOf } from "./examples.js";
import { h } from "../util/dom.js";

export class ExamplesMenu {
  // els: {select, description, caption (the embed's), restoreLoop (the
  // "Your earlier loop" button)}; code: the CodeState it shows and
  // changes; store: where the kept code is; embed: whether the page is a
  // tutorial's frame.
  constructor({ els, code, store, embed }) {
    Object.assign(this, { els, code, store, embed });
    // kept is what the menu knows is kept apart: the ids of the examples
    // the user edited, and how many pieces of their own code there are.
    // It is read when code is kept or brought back, not at every
    // keystroke.
    this.kept = { examples: new Set(), own: 0 };
    for (const ex of EXAMPLES) els.select.append(h("option", { value: ex.id, text: ex.title }));
    els.select.addEventListener("change", () => this.picked(els.select.value));
    code.subscribe((what) => {
      if (what === "kept") this.readKept();
      if (what !== "replaced") this.sync();
    });
    this.readKept();
  }

  picked(value) {
    if (value === "" || value.startsWith("own:")) {
      this.code.restoreOwnCode(value === "" ? 0 : Number(value.slice(4)));
      return;
    }
    const ex = exampleById(value);
    // The example comes with the user's edits of it, if they made any (an
    // embed keeps them under the example's key); the time limit is the
    // page's, not the example's.
    const edits = this.embed ? this.store.load(this.code.keyFor(ex.id)) : this.store.keptExample(ex.id);
    const s = edits ? { ...edits, example: ex.id } : { ...stateOf(ex), example: ex.id };
    this.code.restore({ ...s, timeLimitMs: this.code.fields.timeLimitMs.value }, `The example "${ex.title}"`);
  }

  readKept() {
    this.kept.examples = new Set(this.embed ? [] : EXAMPLES.map((e) => e.id).filter((id) => this.store.keptExample(id)));
    this.kept.own = this.store.ownCode().length;
    this.els.restoreLoop.hidden = this.store.keptLoops().length === 0 && this.store.keptGoLoops().length === 0;
  }

  sync() {
    const { select, description, caption } = this.els;
    const id = matchingExample(this.code.read());
    const ex = exampleById(id || this.code.example);
    const edited = !id && ex !== null;
    for (const o of select.options) {
      const e = exampleById(o.value);
      if (e) o.textContent = (e === ex ? edited : e !== ex && this.kept.examples.has(e.id)) ? `${e.title} (edited)` : e.title;
    }
    this.syncEarlierCode(ex === null);
    select.value = ex ? ex.id : "";
    description.textContent = ex ? `${edited ? "(edited) " : ""}${ex.description}` : "Your own code: edit it, then press Run.";
    caption.textContent = ex ? `${ex.title}${edited ? " (edited)" : ""}` : "agentloop playground";
  }

  // syncEarlierCode offers, after "Your own code", the user's other code
  // kept apart: all of it while their own code is shown, and all but the
  // latest (which "Your own code" brings back) while an example is.
  syncEarlierCode(ownShown) {
    const { select } = this.els;
    const want = [];
    for (let i = ownShown ? 0 : 1; i < this.kept.own; i++) want.push(i);
    const have = [...select.querySelectorAll("option.earlier")];
    if (have.length === want.length && have.every((o, k) => o.value === `own:${want[k]}`)) return;
    for (const o of have) o.remove();
    select.options[0].after(
      ...want.map((i, k) => h("option", { value: `own:${i}`, className: "earlier", text: k === 0 ? "Your earlier code" : `Your earlier code (${k + 1})` })),
    );
  }
}
