// main.wasm, fetched once per page from the moment agentloop.js is
// imported, with its progress reported (progress.js).

import { progress } from "./progress.js";
import { here } from "./here.js";

// PROGRESS_EVERY_MS spaces the download's progress reports: each may
// repaint the page's engine status, and the bytes arrive in many chunks.
const PROGRESS_EVERY_MS = 50;

// A Download fetches main.wasm once, reporting the bytes received, and
// hands its chunks, as they arrive, to every sink piped to it: the sandbox
// frame compiles while the bytes still arrive (a compiled module cannot
// cross into its opaque origin), and a frame started after a crash gets
// the chunks kept here. A sink is {chunk(Uint8Array), end(), fail(Error)}.
class Download {
  constructor(url) {
    this.url = url;
    this.chunks = [];
    this.sinks = new Set();
    this.error = null;
    this.done = false;
    this.copyWanted = false;
    this.copy = new Promise((resolve) => (this.giveCopy = resolve));
    this.finished = this.fetch();
    this.finished.catch(() => {});
  }

  async fetch() {
    try {
      let res = await fetch(this.url);
      if (!res.ok) throw new Error(`${this.url}: HTTP ${res.status} ${res.statusText}`);
      if (this.copyWanted) {
        const own = res.clone();
        this.giveCopy(res);
        res = own;
      } else this.giveCopy(null);
      // Content-Length is the encoded size: with compression it is no
      // total for the decoded bytes counted here.
      const length = Number(res.headers.get("Content-Length")) || 0;
      let received = 0;
      let reportedAt = 0;
      const reader = res.body.getReader();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        this.chunks.push(value);
        received += value.byteLength;
        for (const sink of this.sinks) sink.chunk(value);
        const now = performance.now();
        if (now - reportedAt >= PROGRESS_EVERY_MS || received === length) {
          reportedAt = now;
          progress({ phase: "download", received, total: received <= length ? length : 0 });
        }
      }
    } catch (err) {
      this.giveCopy(null);
      this.error = err;
      for (const sink of this.sinks) sink.fail(err);
      this.sinks.clear();
      throw err;
    }
    this.done = true;
    for (const sink of this.sinks) sink.end();
    this.sinks.clear();
  }

  // pipe gives sink the chunks received so far, as one (a message each
  // would cost more than the copy), and then the rest as they come.
  pipe(sink) {
    if (this.chunks.length) sink.chunk(this.joined());
    if (this.error) sink.fail(this.error);
    else if (this.done) sink.end();
    else this.sinks.add(sink);
  }

  // response resolves with a Response of main.wasm to compile streaming:
  // a copy of the download's own (one request, read twice) when asked for
  // before that one arrived, or else a second fetch, made once the
  // download is over so that it comes from the HTTP cache.
  async response() {
    this.copyWanted = true;
    const copy = await this.copy;
    if (copy) return copy;
    await this.finished;
    return fetch(this.url);
  }

  // bytes resolves with the whole of main.wasm.
  async bytes() {
    await this.finished;
    return this.joined();
  }

  // joined returns the chunks received so far as one, and keeps that one
  // in their place.
  joined() {
    if (this.chunks.length === 1) return this.chunks[0];
    const bytes = new Uint8Array(this.chunks.reduce((n, c) => n + c.byteLength, 0));
    let at = 0;
    for (const chunk of this.chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
    this.chunks = [bytes];
    return bytes;
  }
}

// wasm is this page's one download of main.wasm, started on import: the
// request goes out before anything asks for the engine.
export const wasm = new Download(new URL("main.wasm", here).href);
wasm.finished.then(
  () => progress({ phase: "compile" }),
  (err) => progress({ phase: "failed", error: `main.wasm could not be loaded: ${err.message}` }),
);
