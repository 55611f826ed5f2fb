// make bench's row 7 (web/bench/click.go): clicks Run on the page's seed
// example `clicks` times, a second apart so that each click finds the
// page warm (the next run's worker ready), and reports for each click how
// long until the first message was in the transcript and until the stop
// banner showed. The expression's value is a Promise of
// {firstMs: [...], bannerMs: [...], reasons: [...]}.
(async (clicks) => {
  const q = (sel) => {
    const e = document.querySelector(sel);
    if (!e) throw new Error("the page has no " + sel);
    return e;
  };
  const list = q("#transcript");
  const banner = q("#stop-banner");
  const run = q("#run");
  const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const out = { firstMs: [], bannerMs: [], reasons: [] };
  for (let i = 0; i < clicks; i++) {
    await sleep(1000);
    if (run.getAttribute("aria-disabled") === "true") throw new Error(`click ${i + 1}: Run is still disabled a second after the last run`);
    const times = await new Promise((resolve, reject) => {
      let t0 = 0;
      let first = -1;
      const check = () => {
        const now = performance.now();
        if (first < 0 && list.querySelector("li.msg")) first = now - t0;
        if (!banner.hidden && banner.dataset.reason) {
          mo.disconnect();
          clearTimeout(giveUp);
          resolve({ first, banner: now - t0, reason: banner.dataset.reason });
        }
      };
      const mo = new MutationObserver(check);
      const giveUp = setTimeout(() => {
        mo.disconnect();
        reject(new Error(`click ${i + 1}: no stop banner 10 s after the click`));
      }, 10000);
      t0 = performance.now();
      run.click();
      // The click clears the last run at once; watch what comes after it.
      mo.observe(document.body, { childList: true, subtree: true, attributes: true, characterData: true });
      check();
    });
    out.firstMs.push(times.first);
    out.bannerMs.push(times.banner);
    out.reasons.push(times.reason);
  }
  return out;
})
