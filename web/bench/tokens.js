// make bench's row 12 (web/bench/tokens.go): the Tokens view under What
// the model sees. On the playground as the row set it up (the editors
// hold the run to count), it runs the code, opens Tokens the first time
// (which loads gpt-tokenizer) and times it; then, `repeats` times, it
// closes the view, runs again (a new run, so that the view has every call
// to count afresh) and times a click on Tokens until the new run's counts
// are on screen and a frame has been painted. The expression's value is
// a Promise of {firstMs, openMs: [...], calls, total}.
(async (repeats) => {
  const q = (sel) => {
    const e = document.querySelector(sel);
    if (!e) throw new Error("the page has no " + sel);
    return e;
  };
  const summary = q("#tokens-summary");
  const details = summary.closest("details");
  const banner = q("#stop-banner");
  const run = q("#run");
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const until = async (what, ok, ms = 20000) => {
    const t0 = performance.now();
    while (!ok()) {
      if (performance.now() - t0 > ms) {
        const body = document.querySelector("#tokens-body");
        throw new Error(`no ${what} ${ms / 1000} s on; the view says ${JSON.stringify(body ? body.textContent.trim().slice(0, 200) : "")}`);
      }
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  };
  const runOnce = async () => {
    await until("enabled Run", () => run.getAttribute("aria-disabled") !== "true");
    run.click();
    await until("stop banner", () => !banner.hidden && banner.dataset.reason);
    if (banner.dataset.reason !== "final") throw new Error(`the run ended with reason ${banner.dataset.reason}: ${banner.textContent.trim()}`);
  };
  // counted resolves once the view shows counts that are not old's.
  const counted = (old) => {
    const total = document.querySelector("#tokens-body .tokens-total");
    return total && total !== old && total.textContent.includes("by gpt-tokenizer") ? total : null;
  };
  const open = async () => {
    const old = document.querySelector("#tokens-body .tokens-total");
    const t0 = performance.now();
    summary.click();
    await until("counts in the Tokens view", () => counted(old));
    await frame();
    return performance.now() - t0;
  };

  // In one column the Tokens view is on the Loop tab, and only a view on
  // screen follows the run (a run brings the Transcript tab up): the tab
  // is shown before the click is timed.
  const showLoop = async () => {
    const tab = document.querySelector("#tab-loop");
    if (tab && tab.checkVisibility() && tab.getAttribute("aria-selected") !== "true") {
      tab.click();
      await frame();
    }
  };
  if (details.open) summary.click();
  await runOnce();
  await showLoop();
  const firstMs = await open();
  const openMs = [];
  for (let i = 0; i < repeats; i++) {
    summary.click(); // close
    await until("the Tokens view to close", () => !details.open);
    await runOnce();
    await sleep(300); // the run's last renders are over
    await showLoop();
    openMs.push(await open());
  }
  const calls = document.querySelectorAll("#tokens-body .tokens-row-label").length;
  return { firstMs, openMs, calls, total: q("#tokens-body .tokens-total").textContent.trim() };
})
