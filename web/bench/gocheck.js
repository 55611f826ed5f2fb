// make bench's row 9 (web/bench/gocheck.go): one Check of the Go Exercise
// on the page, through the same module the Exercise uses
// (exercise/go-sandbox.js). The expression's value is a Promise of
// {wallMs, downloaded, passed, total, timing}: wallMs from the Check's
// start to its end, downloaded whether it fetched the engine (the first
// Check of a page; from the HTTP cache when the page was loaded before),
// timing what the worker measured (compileMs, linkMs, loadMs, runMs).
// prepared: first do what picking Go does (prepareGo: the engine handed
// to the frame, its builder warmed up) and time the Check after it.
(async (source, prepared) => {
  const { checkGoSandboxed, prepareGo } = await import("/exercise/go-sandbox.js");
  if (prepared) await prepareGo();
  let downloaded = false;
  let done = null;
  let failure = "";
  const t0 = performance.now();
  await checkGoSandboxed(source, {
    caseTimeLimitMs: 60000,
    onProgress: (p) => {
      if (p.phase === "download") downloaded = true;
    },
    onMessage: (m) => {
      if (m.type === "done") done = m;
      if (m.type === "failed" || m.type === "timeout" || m.type === "crashed" || m.type === "compile_error") failure = JSON.stringify(m);
    },
  }).done;
  const wallMs = performance.now() - t0;
  if (failure || !done) throw new Error(`the Go Check did not grade the loop: ${failure || "no done message"}`);
  return { wallMs, downloaded, passed: done.passedCount, total: done.total, timing: done.timing };
})
