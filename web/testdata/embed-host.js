// The host script of README's "Embed in a tutorial", plus a record of the
// messages the frame sent, for the test to read.
window.heightMessages = [];
addEventListener("message", (e) => { for (const f of document.querySelectorAll("iframe[src*='embed=1']")) if (e.source === f.contentWindow && e.data?.type === "agentloop:height") f.style.height = `${e.data.height}px`; });
const iframe = document.querySelector("#frame");
addEventListener("message", (event) => {
  if (event.source === iframe.contentWindow) window.heightMessages.push(event.data);
});
