// The stop banner: why a run ended, its result text, the steps it used and
// how long it took. Hidden until the trace's prefix includes the run's
// done event.

import { h } from "../util/dom.js";
import { fmtCount, fmtMs } from "../util/format.js";

const TITLES = {
  final: "Final answer",
  max_steps: "Max steps reached",
  model_error: "Model error",
  canceled: "Canceled",
  timeout: "A call did not return",
  crashed: "The worker crashed",
};

// showBanner fills el from the done event, or hides it when done is null.
export function showBanner(el, done) {
  if (!done) {
    if (!el.hidden) {
      el.hidden = true;
      el.replaceChildren();
      delete el.dataset.reason;
    }
    return;
  }
  const reason = done.reason || "unknown";
  const parts = [];
  if (reason === "final" || reason === "max_steps") {
    parts.push(h("p", { className: "banner-result" }, h("span", { className: "label", text: "Result: " }), h("q", { text: done.text })));
  }
  if (done.error) {
    parts.push(h("p", { className: "banner-cause", text: causeText(reason, done.error) }));
  }
  const stats = [`${fmtCount(done.steps)} ${done.steps === 1 ? "step" : "steps"}`, fmtMs(done.ms)];
  if (done.usage && (done.usage.input_tokens || done.usage.output_tokens)) {
    stats.push(`${fmtCount(done.usage.input_tokens)} tokens in, ${fmtCount(done.usage.output_tokens)} out`);
  }
  el.dataset.reason = reason;
  el.replaceChildren(
    h("p", { className: "banner-title" }, h("strong", { text: TITLES[reason] || "Run ended" }), " ", h("span", { className: "banner-reason", text: `(reason: ${reason})` })),
    ...parts,
    h("p", { className: "banner-stats", text: stats.join(" · ") }),
  );
  el.hidden = false;
}

function causeText(reason, error) {
  switch (reason) {
    case "timeout":
      return `${error}. The worker running your code was stopped and replaced; your code is kept.`;
    case "model_error":
      return /^step \d+/.test(error) ? `At ${error}` : error;
    default:
      return error;
  }
}
