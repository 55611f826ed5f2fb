#!/usr/bin/env python3
"""The seed's agent loop in Python, timed on the Go benchmark's workload.

make bench runs this beside `go test -bench BenchmarkRun ./agent/` to report
how much faster the Go loop is than the classic exercise's Python shape.
The loop below is that shape: a messages list, model(messages) returning a
dict, a dict of tools. The workload matches BenchmarkRun in
agent/bench_test.go: the model returns the same tool action every step,
noop(n=1), the tool returns "ok", and the run stops when the steps run out.

Usage: seedloop.py STEPS... [--repeats N]
Prints one line per STEPS: "steps=STEPS ns/step=X", X the median of N timed
batches (each batch repeats the run until it has taken at least 0.1 s).
"""

import statistics
import sys
import time

MAX_STEPS_TEXT = "Stopped: reached max steps."


def run_agent(model, tools, user_msg, max_steps=10):
    messages = [{"role": "user", "content": user_msg}]
    for _ in range(max_steps):
        action = model(messages)
        if action["type"] == "final":
            return action["content"]
        name = action["name"]
        tool = tools.get(name)
        if tool is None:
            result = f"error: unknown tool '{name}'"
        else:
            try:
                result = tool(action.get("args", {}))
            except Exception as e:  # a failing tool is the model's problem
                result = f"error: {e}"
        messages.append(action)
        messages.append({"role": "tool", "name": name, "content": result})
    return MAX_STEPS_TEXT


ACTION = {"type": "tool", "name": "noop", "args": {"n": 1}}


def model(messages):
    return ACTION


def noop(args):
    return "ok"


TOOLS = {"noop": noop}


def ns_per_step(steps, repeats):
    """Median ns/step over repeats batches of whole runs."""
    runs = 1
    while True:  # calibrate: enough runs per batch to fill 0.1 s
        start = time.perf_counter_ns()
        for _ in range(runs):
            run_agent(model, TOOLS, "Go.", steps)
        took = time.perf_counter_ns() - start
        if took >= 100_000_000:
            break
        runs *= 2
    samples = []
    for _ in range(repeats):
        start = time.perf_counter_ns()
        for _ in range(runs):
            text = run_agent(model, TOOLS, "Go.", steps)
        samples.append((time.perf_counter_ns() - start) / (runs * steps))
    assert text == MAX_STEPS_TEXT, text
    return statistics.median(samples)


def main(argv):
    repeats = 5
    steps = []
    args = iter(argv)
    for a in args:
        if a == "--repeats":
            repeats = int(next(args))
        else:
            steps.append(int(a))
    if not steps or repeats < 1:
        sys.exit("usage: seedloop.py STEPS... [--repeats N]")
    for n in steps:
        print(f"steps={n} ns/step={ns_per_step(n, repeats):.1f}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
