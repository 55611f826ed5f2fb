// Starts the engine before anything else: fetching and compiling main.wasm
// and starting a worker take the longest, so they begin as soon as this
// small module (and engine.js) have loaded, without waiting for the rest
// of the page's modules. app.js picks the engine up from here.

import { Engine } from "./engine.js";

export const engine = new Engine();
engine.start();
