// Checks a Go Exercise loop.go in the sandbox frame: downloads the Go
// engine once (nothing of it is fetched before the learner picks Go or
// presses Check), starts a fresh Go worker per Check (worker/go-grader.js)
// and keeps a watchdog on it, so that a case that never ends (for {}) is
// stopped, named, and the next Check starts clean.
//
// prepareGo({base}) starts the download when the learner picks Go and
// hands the engine to the frame, which compiles it and warms its builder
// up, so that the first Check is about as quick as the next ones.
//
// checkGoSandboxed(source, {onMessage, onProgress, caseTimeLimitMs, base,
// level, cases}) returns {stop, done}. level (1 unless 2) picks the
// harness that grades loop.go; cases, a JSON text, are the cases to grade
// instead of the level's published ones (interview mode's). The worker
// gets the cases without what the reference did, and its reports are
// judged here (go-judge.js), never believed. onMessage hears what the
// worker posts, judged (lib/protocol.js's goCheckToView: the runner's
// goRunnerToPage but ready, initialized and end, with case_end's verdict
// and done's count the judge's), and what this adds: timeout, a case that
// ran longer than the limit (index -1, no name: the program's start, its
// package initialization, before the first case); failed, the engine or
// the frame failed.
// onProgress({phase: "download", loaded, total}) hears the first Check's
// download, then {phase: "compile"} while the frame compiles the engine.
// base is the engine's folder (default: go/ beside the page).

import { CHANNELS, heard } from "../lib/protocol.js";
import { downloadEngine } from "./go-engine.js";
// The library by its served URL, as page/engine.js imports it (see there):
// this module is in the page's entry bundle, never in a chunk.
import { prepareGoEngine, startGoWorker } from "../agentloop.js";
import { createGoJudge } from "./go-judge.js";

// How long the compile and link of one Check may take, and the engine's
// first compile in the frame: the first Check on a slow machine is slow.
const BUILD_LIMIT_MS = 180000;
// How long the compiler may take on loop.go once it has started: a loop
// compiles in seconds (the first Check's, its code still cold, took 46 s
// on a 2-core machine under a load of 40), and a file made to keep it
// busy (go-source.js refuses the ones it knows) is stopped with a clear
// error.
const COMPILE_LIMIT_MS = 120000;
const TICK_MS = 50;

let downloading = null;
// Who hears the download's progress (each Check that waits for it), and
// the latest report while it downloads, for one that starts waiting
// midway.
const listeners = new Set();
let latest = null;

function download(base, onProgress) {
  if (!downloading) {
    downloading = downloadEngine(base, {
      onProgress: (p) => {
        latest = p;
        for (const hear of listeners) hear(p);
      },
    });
    downloading.then(
      () => (latest = null),
      () => {
        downloading = null; // the next Check tries again
        latest = null;
      },
    );
  }
  if (latest) onProgress(latest);
  listeners.add(onProgress);
  const stopHearing = () => listeners.delete(onProgress);
  downloading.then(stopHearing, stopHearing);
  return downloading;
}

const folderOf = (base) => base || new URL("go/", document.baseURI).href;

// prepareGo resolves when the frame's builder is warm, or the download
// failed (a Check then says why).
export function prepareGo({ base } = {}) {
  return download(folderOf(base), () => {}).then(prepareGoEngine, () => {});
}

export function checkGoSandboxed(source, { onMessage = () => {}, onProgress = () => {}, caseTimeLimitMs = 2000, base, level = 1, cases } = {}) {
  let kill = null;
  let over = false;
  let timer = 0;
  let finished;
  const done = new Promise((resolve) => (finished = resolve));
  const end = (last) => {
    if (over) return;
    over = true;
    clearInterval(timer);
    if (kill) kill();
    if (last) onMessage(last);
    finished();
  };

  (async () => {
    const engine = await download(folderOf(base), onProgress);
    if (over) return;
    onProgress({ phase: "compile" });
    const casesText = typeof cases === "string" ? cases : new TextDecoder().decode(engine.cases[level === 2 ? 2 : 1]);
    const { blinded, judge } = createGoJudge(casesText, level === 2 ? 2 : 1, engine.manifest.barrierWaitMs);
    const channel = new MessageChannel();
    const port = channel.port1;
    // Where the Check is, for the watchdog: the build, or a case since t.
    let watch = { kind: "build", since: performance.now() };
    port.onmessage = (e) => {
      const msg = e.data;
      if (over || !heard(CHANNELS.goRunnerToPage, msg)) return;
      if (msg.type === "ready") {
        port.postMessage({ type: "check", source: String(source), level: level === 2 ? 2 : 1, cases: blinded });
        return;
      }
      if (msg.type === "end") {
        end(msg.ok ? null : { type: "failed", error: String(msg.error) });
        return;
      }
      for (const judged of judge(msg)) hear(judged);
    };
    const hear = (msg) => {
      if (over) return;
      switch (msg.type) {
        case "phase":
          // The time limit covers all the learner's package runs: init
          // and package-level variables run before the first case, until
          // the program says it is initialized.
          if (msg.phase === "run") watch = { kind: "case", index: -1, name: null, since: performance.now() };
          else if (msg.phase === "compile") watch = { kind: "compile", since: performance.now() };
          else watch = { kind: "build", since: performance.now() };
          break;
        case "case_start":
          watch = { kind: "case", index: msg.index, name: msg.name, since: performance.now() };
          break;
        case "initialized":
          watch = { kind: "between", since: performance.now() };
          return; // the watchdog's alone
        case "case_end":
          watch = { kind: "between", since: performance.now() };
          break;
      }
      onMessage(msg);
    };
    kill = startGoWorker(
      channel.port2,
      engine,
      (message) => end({ type: "failed", error: message }),
      (reason) => end({ type: "failed", error: reason }),
    );
    timer = setInterval(() => {
      const ms = performance.now() - watch.since;
      if (watch.kind === "case" && ms > caseTimeLimitMs) {
        end({ type: "timeout", index: watch.index, name: watch.name, ms: Math.round(ms) });
      } else if (watch.kind === "compile" && ms > COMPILE_LIMIT_MS) {
        end({ type: "failed", error: `the Go compiler did not finish compiling loop.go within ${COMPILE_LIMIT_MS / 1000} s` });
      } else if (watch.kind !== "case" && ms > BUILD_LIMIT_MS) {
        end({ type: "failed", error: `the Check did not finish building within ${BUILD_LIMIT_MS / 1000} s` });
      }
    }, TICK_MS);
  })().catch((err) => end({ type: "failed", error: err && err.message ? String(err.message) : String(err) }));

  return { stop: () => end({ type: "failed", error: "stopped" }), done };
}
