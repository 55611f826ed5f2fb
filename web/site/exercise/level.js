// The Exercise's levels: 1, the classic loop on agenttest.Cases
// (cases.json), and 2, the interviewer's follow-ups on
// agenttest.FollowUps (followups.json), each a named group of cases that
// passes or fails on its own. This module loads a level's cases, grades
// one observed run (exercise/case-check.js, exercise/followup-check.js) and
// shows level 2's verdict per follow-up.

import { h } from "../util/dom.js";
import { checkCase } from "./case-check.js";
import { checkFollowUpCase } from "./followup-check.js";

// LEVELS are the options of the Level control.
export const LEVELS = [
  { value: 1, label: "1 · The loop", url: "cases.json" },
  { value: 2, label: "2 · Follow-ups", url: "followups.json" },
];

// A level-2 case may wait out a barrier and a slow tool: its time limit
// is at least this, whatever the field says.
export const FOLLOW_UP_MIN_LIMIT_MS = 5000;

// levelOf reads a saved or chosen level: 1 unless it is 2.
export function levelOf(v) {
  return Number(v) === 2 ? 2 : 1;
}

// readLevel turns a level's file into {cases, followUps, barrierWaitMs}:
// at level 2 the cases of every follow-up in order, each with followUp
// naming its group.
export function readLevel(level, data) {
  if (level === 1) {
    if (!Array.isArray(data)) throw new Error("cases.json is not a list of cases");
    return { cases: data, followUps: [], barrierWaitMs: 0 };
  }
  if (!data || !Array.isArray(data.followUps) || !Number.isInteger(data.barrierWaitMs)) throw new Error("followups.json has no followUps and barrierWaitMs");
  const followUps = data.followUps.map((f) => ({ name: String(f.name), about: String(f.about), size: f.cases.length }));
  const cases = data.followUps.flatMap((f) => f.cases.map((c) => ({ ...c, followUp: String(f.name) })));
  return { cases, followUps, barrierWaitMs: data.barrierWaitMs };
}

// loadLevel fetches a level's cases.
export async function loadLevel(level) {
  const { url } = LEVELS[level - 1];
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return readLevel(level, await res.json());
}

// grade returns the first difference of what the loop did on case c of
// the level, or null: {text, …} as check.js or followup-check.js word it.
export function grade(level, c, observed, barrierWaitMs) {
  return level === 2 ? checkFollowUpCase(c, observed, barrierWaitMs) : checkCase(c, observed);
}

// followUpVerdicts groups a level-2 check's verdicts by follow-up: for
// each follow-up in order, {name, about, checked, passed, total, first}
// where first is the first difference of its first failing case.
export function followUpVerdicts(followUps, verdicts) {
  return followUps.map((f) => {
    const own = verdicts.filter((v) => v.c.followUp === f.name);
    const failing = own.filter((v) => v.failure);
    return { name: f.name, about: f.about, checked: own.length, passed: own.length - failing.length, total: f.size, first: failing[0] ? failing[0].failure.text : "" };
  });
}

// renderFollowUps shows each follow-up with whether it passes and, if
// not, the first difference. Follow-ups not checked (a check that
// stopped, or one the interview has not reached) say so.
export function renderFollowUps(list, groups) {
  list.replaceChildren(
    ...groups.map((g, i) => {
      const status = g.checked < g.total ? "not checked" : g.passed === g.total ? "pass" : "fail";
      const words =
        status === "not checked" ? "Not checked" : status === "pass" ? `Passes: ${g.passed} of ${g.total} cases` : `Fails: ${g.passed} of ${g.total} cases pass`;
      const headingId = `follow-up-${i + 1}`;
      return h(
        "li",
        { className: "follow-up", dataset: { followUp: g.name, status }, "aria-labelledby": headingId },
        h("h3", { id: headingId, className: "follow-up-name", text: g.name }),
        h("p", { className: "follow-up-status", text: words }),
        h("p", { className: "follow-up-about", text: g.about }),
        g.first ? h("p", { className: "case-diff follow-up-diff", text: g.first }) : null,
      );
    }),
  );
  list.hidden = groups.length === 0;
}

// levelSelect fills the Level control's options.
export function fillLevelSelect(select, level) {
  select.replaceChildren(...LEVELS.map((l) => h("option", { value: String(l.value), text: l.label })));
  select.value = String(level);
}
