// Time travel: be the model (and use the answers as a script), decide the
// tool calls that need approval, fork a run at a model call (with the
// decisions before it), and open a saved run file. What replaces the editors'
// code goes through the code state, which keeps the user's code with
// "Restore my code"; nothing runs until the user presses Run or Step.

import { byId, setDisabled } from "../util/dom.js";
import { BeModel } from "../views/be-model.js";
import { Forker } from "../views/fork.js";
import { ApprovalPanel } from "../views/approval.js";
import { openRunFiles } from "./open-run.js";
import { readRunFile } from "../run/runfile.js";
import { fieldsOf } from "../lib/run-inputs.js";
import { Trace } from "../run/trace.js";
import { notice } from "../views/notice.js";

// timeTravel wires them to the run view: code, the CodeState; runner and
// transcript, the run view's; inputs, the run's inputs
// (page/input-fields.js); onButton, page/run-view.js's; readonly, whether
// the editors are locked (nothing may replace their code); otherFile(text,
// name, runFileError) may open a dropped file that is no run file (a
// provider's conversation, api/mount.js) and resolves with whether it did.
export function timeTravel({ code, runner, transcript, inputs, onButton, readonly, otherFile = async () => false }) {
  const beModel = new BeModel({
    runner,
    locked: readonly,
    useScript: (source) => {
      // The answers are the user's own code, whatever the editors began
      // as; the run they answered stays shown.
      const { loop, mode, ...shown } = code.read();
      const kept = code.replaceCode({ ...shown, model: source }, { why: "Use as script", keepRun: true });
      if (!kept) notice("Your answers are in the Model editor: press Run to run them as a script.");
    },
  });
  onButton("be-model", () => beModel.start());
  const forker = new Forker({ runner });
  runner.approval = new ApprovalPanel();
  transcript.decorate = (li, m, trace) => forker.decorate(li, m, trace);
  runner.subscribe((trace, upto) => {
    forker.sync(trace, upto);
    beModel.sync(trace);
    setDisabled(byId("be-model"), runner.running);
  });
  runner.render();

  // openRun shows a saved run: the editors get its code, the transcript
  // its events.
  const openRun = async (text, name) => {
    const file = readRunFile(text);
    if (file.error && (await otherFile(text, name, file.error))) return;
    if (file.error) {
      notice(`Could not open ${name}: ${file.error}`);
      return;
    }
    if (runner.running) {
      notice(`Could not open ${name}: a run is in progress; stop it first.`);
      return;
    }
    const i = file.inputs;
    // A run opens in the playground, whatever mode the page was in.
    const kept = code.replaceCode({ ...fieldsOf(i), mode: "playground" }, { why: `The run file ${name}` });
    // The trace's inputs are what the fields now hold, so Step walks the
    // file's events instead of recording a new run.
    const trace = new Trace(inputs({ quiet: true }) || { ...i });
    trace.push(file.events);
    trace.forkedAt = file.forkedAt;
    runner.show(trace);
    if (!kept) notice(`Opened ${name}: step through it, or fork it. Its code runs only when you press Run.`);
  };
  openRunFiles(openRun, (name, error) => notice(`Could not open ${name}: ${error}`), { locked: readonly });
}
