// The host script of README's "Embed in a tutorial", plus a record of the
// messages the frame sent, for the test to read.
window.heightMessages = [];
const iframe = document.querySelector("#frame");
addEventListener("message", (event) => {
  if (event.source === iframe.contentWindow && event.data?.type === "agentloop:height") iframe.style.height = `${event.data.height}px`;
});
addEventListener("message", (event) => {
  if (event.source === iframe.contentWindow) window.heightMessages.push(event.data);
});
