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
  new EventSource(body.dataset.live).onmessage = (event) => {
    latest = event.data;
    refresh();
  };
})();
