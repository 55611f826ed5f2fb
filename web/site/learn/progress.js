// The learner's progress through the lessons, kept across reloads: the
// ids of the lessons whose task passed, and the lesson they were on. It
// lives beside the page's code in storage (page/storage.js's Store, whose
// read and write keep what the browser refuses in memory), under a key of
// its own.

import { LESSONS } from "./lessons.js";

export class Progress {
  // store: the page's Store; key: where the progress is kept.
  constructor(store, key) {
    this.store = store;
    this.key = key;
    const saved = parse(store.read(key));
    const known = new Set(LESSONS.map((l) => l.id));
    this.done = new Set((Array.isArray(saved.done) ? saved.done : []).filter((id) => known.has(id)));
    const n = Number(saved.current);
    this.current = Number.isInteger(n) && n >= 1 && n <= LESSONS.length ? n : 1;
  }

  isDone(lesson) {
    return this.done.has(lesson.id);
  }

  // pass marks lesson done, and reports whether it was not before.
  pass(lesson) {
    if (this.done.has(lesson.id)) return false;
    this.done.add(lesson.id);
    this.write();
    return true;
  }

  // at notes that the learner is on lesson n.
  at(n) {
    if (n === this.current) return;
    this.current = n;
    this.write();
  }

  write() {
    this.store.write(this.key, JSON.stringify({ done: [...this.done], current: this.current }));
  }
}

function parse(raw) {
  try {
    const v = JSON.parse(raw || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}
