// Judges a Go Exercise Check outside the program that ran the learner's
// loop. The program (web/goexercise/grade, in a runner worker of the
// sandbox frame) only records what the loop did on each case; it never
// gets the cases' expectations, and what it says about passing is not
// read. So a loop.go that took its runner over anyway (a compiler
// directive the builder failed to refuse, say) can write any report it
// likes, and still pass no case it did not play as the real loop does.
// Pure: no DOM, no worker; the page (go-sandbox.js) and the Node test
// (web/test/go-check.mjs) use it alike.
//
// createGoJudge(casesText, level, barrierWaitMs) reads the cases a Check
// grades (a JSON text: agenttest.Cases at level 1, agenttest.FollowUps at
// level 2) and returns {blinded, judge}:
//   blinded   the cases to send to the runner, as a JSON text: their
//             inputs, without "expect", and the number of model calls a
//             loop may make (callLimit) in its place
//   judge(m)  turns one runner message into the messages the page shows:
//             a case_start becomes {type: "case_start", index, name,
//             followUp?} and a case_end {index, observed, panicAt?} the
//             verdict {type: "case_end", index, name, followUp?, passed,
//             difference?, panicAt?}, in the words of Go's agenttest; done
//             gets {passedCount, total} when every case has been judged;
//             a report out of order (a case not the next, an end of no
//             case started) ends the judging with a crashed message, and
//             every case report after it is dropped. Other messages pass
//             through, their case index the one being judged.

import { grade, readLevel } from "./level.js";

// How many model calls past the real loop's a loop may make before the
// model stops it, as in Go's agenttest.
const EXTRA_CALLS = 5;

export function createGoJudge(casesText, level, barrierWaitMs) {
  const data = JSON.parse(casesText);
  // readLevel reads followups.json, whose follow-ups are what the engine's
  // level-2 cases are.
  const { cases } = level === 2 ? readLevel(2, { followUps: data, barrierWaitMs }) : readLevel(1, data);
  const blindCase = (c) => {
    const { expect, followUp, ...inputs } = c;
    return { ...inputs, callLimit: expect.modelCalls.length + EXTRA_CALLS };
  };
  const blinded = JSON.stringify(level === 2 ? data.map((f) => ({ ...f, cases: f.cases.map(blindCase) })) : data.map(blindCase));

  let current = -1; // the case being played, -1 before the first
  let ended = 0; // cases judged, in order
  let passed = 0;
  let broken = false;
  const named = (index) => ({ index, name: cases[index].name, ...(level === 2 ? { followUp: cases[index].followUp } : {}) });
  const refuse = (what) => {
    broken = true;
    return [{ type: "crashed", index: current, message: `the program's reports do not follow the cases (${what}), so nothing more is graded` }];
  };

  function judge(msg) {
    if (!msg || typeof msg.type !== "string") return [];
    switch (msg.type) {
      case "case_start":
        if (broken) return [];
        if (msg.index !== ended || current === ended || ended >= cases.length) return refuse(`case ${msg.index} started where case ${ended} was due`);
        current = ended;
        return [{ type: "case_start", ...named(current) }];
      case "case_end": {
        if (broken) return [];
        if (msg.index !== current || current !== ended) return refuse(`case ${msg.index} ended where case ${current} was being played`);
        const failure = grade(level, cases[current], msg.observed, barrierWaitMs);
        ended++;
        if (!failure) passed++;
        const panicAt = typeof msg.panicAt === "string" && /^[\w.-]+\.go:\d+$/.test(msg.panicAt) ? { panicAt: msg.panicAt } : {};
        return [{ type: "case_end", ...named(current), passed: !failure, ...(failure ? { difference: failure.text, ...panicAt } : {}) }];
      }
      case "done": {
        const { passedCount, total, ...rest } = msg;
        return [{ ...rest, ...(!broken && ended === cases.length ? { passedCount: passed, total: cases.length } : {}) }];
      }
      case "crashed":
      case "output":
        return [{ ...msg, index: current }];
      default:
        return [msg];
    }
  }
  return { blinded, judge };
}
