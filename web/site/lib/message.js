// isWorkerMessage tells a message of the worker's (or the frame's) shape,
// an object with a string type, from anything else; the handlers switch
// on known types only.
export function isWorkerMessage(msg) {
  return msg !== null && typeof msg === "object" && typeof msg.type === "string";
}
