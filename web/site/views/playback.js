// Autoplay: Play steps through the recorded run at the chosen speed, as
// pressing Step over and over would, and pauses at the end; Pause (the
// same button) stops it where it is. It only calls the runner's step(),
// so what it shows is exactly what Step shows.

// The time between phases at speed 1×, and between the deltas of a
// streamed answer: a reading pace, about as fast as a model streams words.
export const BASE_MS = 700;
export const DELTA_MS = 150;

export class Playback {
  // runner: the Runner; button: the Play/Pause button; speed: the
  // <select> of speeds (a factor: 2 is twice as fast).
  constructor(runner, button, speed) {
    this.runner = runner;
    this.button = button;
    this.speed = speed;
    this.timer = 0;
    this.playing = false;
    speed.addEventListener("change", () => {
      if (this.playing) this.schedule();
    });
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play();
  }

  play() {
    this.playing = true;
    this.show();
    const r = this.runner;
    // From the end, play starts over; with nothing recorded, Step records.
    if (r.trace && !r.running && !r.view.live && r.upto() >= r.trace.length - 1 && !r.stale()) r.goTo(0);
    else r.step();
    this.schedule();
  }

  pause() {
    this.playing = false;
    clearTimeout(this.timer);
    this.timer = 0;
    this.show();
  }

  schedule() {
    clearTimeout(this.timer);
    const factor = Number(this.speed.value) || 1;
    // The next phase shown is a delta: the stream plays at reading pace.
    const t = this.runner.trace;
    const next = t && !this.runner.view.live ? t.events[this.runner.upto() + 1] : null;
    this.timer = setTimeout(() => this.tick(), (next && next.kind === "delta" ? DELTA_MS : BASE_MS) / factor);
  }

  tick() {
    if (!this.playing) return;
    const r = this.runner;
    if (r.view.recording) return this.schedule(); // Step is still recording
    const t = r.trace;
    if (!t || r.view.live || r.upto() >= t.length - 1) return this.pause();
    r.step();
    this.schedule();
  }

  show() {
    const label = this.playing ? "Pause" : "Play";
    if (this.button.textContent !== label) this.button.textContent = label;
    this.button.setAttribute("aria-pressed", String(this.playing));
  }
}
