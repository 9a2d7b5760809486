// The page keeps itself current: the server says when the tournament changed (server-sent
// events), and the page fetches itself and swaps its content in place, scroll and all.
(() => {
  const body = document.body;
  if (!window.EventSource || !window.fetch || !body.dataset.live) return;
  let latest = body.dataset.version;
  let busy = false;
  const refresh = () => {
    if (busy || latest === document.body.dataset.version) return;
    busy = true;
    fetch(location.href, { cache: "no-store" })
      .then((answer) => answer.text())
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        const main = fresh.getElementById("page");
        if (!main || !fresh.body) return;
        document.getElementById("page").replaceWith(main);
        document.body.dataset.version = fresh.body.dataset.version;
        document.title = fresh.title;
      })
      .catch(() => {})
      .finally(() => {
        busy = false;
        if (latest !== document.body.dataset.version) setTimeout(refresh, 300);
      });
  };
  // The laptop gone (closed, its Wi-Fi lost): said on the page, which a phone kept showing as if
  // current (a trial); said no more once the connection is back, and the page fetched anew.
  const offline = (lost) => {
    let banner = document.getElementById("offline");
    if (lost && !banner) {
      banner = document.createElement("p");
      banner.id = "offline";
      banner.textContent = document.body.dataset.offline || "";
      document.body.prepend(banner);
    } else if (!lost && banner) {
      banner.remove();
    }
  };
  const source = new EventSource(body.dataset.live);
  // said when the connection stays lost (a page left for the projector's next slide, or a
  // reconnection a second later, is no loss to flash)
  source.onerror = () => setTimeout(() => offline(source.readyState !== EventSource.OPEN), 3000);
  source.onopen = () => offline(false);
  source.onmessage = (event) => {
    offline(false);
    latest = event.data;
    refresh();
  };
})();
