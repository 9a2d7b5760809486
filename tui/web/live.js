// The page keeps itself current: the server says when the tournament changed (server-sent
// events), and the page fetches itself and swaps its content in place, scroll and all.
(() => {
  const body = document.body;
  const slideTime = () => 1000 * Number(document.body.dataset.seconds);
  if (!window.EventSource || !window.fetch || !body.dataset.live) {
    // a browser without them: the projector goes to its next slide as the meta refresh would
    if (body.dataset.next) setTimeout(() => location.assign(body.dataset.next), slideTime());
    return;
  }
  let latest = body.dataset.version;
  let busy = false;
  // A fetched page put in place of this one: its content and its header (a new round's
  // «Пары» link), keeping what the player typed in a field and left there.
  const swap = (fresh) => {
    const fields = [...document.querySelectorAll("#page input[id]")]
      .filter((field) => field.value !== field.defaultValue)
      .map((field) => [field.id, field.value]);
    document.getElementById("page").replaceWith(fresh.getElementById("page"));
    const header = fresh.querySelector("header");
    if (header && document.querySelector("header")) document.querySelector("header").replaceWith(header);
    for (const [id, value] of fields) {
      const field = document.getElementById(id);
      if (field) field.value = value;
    }
    document.body.dataset.version = fresh.body.dataset.version;
    document.title = fresh.title;
  };
  // Not while the player is typing in a field of the page: a result arriving wiped a half-typed
  // name and closed the phone's keyboard (a review), which no script may open again.  The page
  // is brought up to date as soon as he leaves the field.
  const typing = () => Boolean(document.activeElement && document.activeElement.closest("#page input"));
  document.addEventListener("focusout", () => setTimeout(refresh, 0));
  const refresh = () => {
    if (busy || latest === document.body.dataset.version || typing()) return;
    busy = true;
    const asked = location.href;
    let again = 300;
    fetch(asked, { cache: "no-store" })
      .then((answer) => {
        // the laptop busy (503) or failing: this page kept and asked for again — a review found
        // «Ноутбук сейчас занят» swapped in, with the version, and kept for good
        if (answer.status >= 500) throw new Error(String(answer.status));
        return answer.text();
      })
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        const main = fresh.getElementById("page");
        // the projector gone on to its next slide meanwhile: this one is no longer shown
        if (!main || !fresh.body || location.href !== asked) return;
        swap(fresh);
      })
      .catch(() => {
        again = 2000 + Math.random() * 2000; // the phones that heard one change do not ask again at once together
      })
      .finally(() => {
        busy = false;
        if (latest !== document.body.dataset.version) setTimeout(refresh, again);
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
  let source = null;
  const listen = () => {
    const live = new EventSource(body.dataset.live);
    // said when the connection stays lost (a reconnection a second later is no loss to flash)
    live.onerror = () => setTimeout(() => offline(live === source && live.readyState !== EventSource.OPEN), 3000);
    live.onopen = () => offline(false);
    live.onmessage = (event) => {
      offline(false);
      latest = event.data;
      refresh();
    };
    source = live;
  };
  listen();
  // A page left is kept by the browser (the back-forward cache) with its connection open, and
  // a phone has six per laptop: the seventh page waited a minute (a review).  Closed when the
  // page is left, opened again when it is shown again, which brings the version it missed.
  window.addEventListener("pagehide", () => {
    if (source) source.close();
    source = null;
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && !source) listen();
  });
  // The projector's next slide, fetched and shown in place: with the laptop gone the wall keeps
  // its slide and says so (a meta refresh had led it to the browser's error page for good), and
  // the slides go on by themselves once the laptop answers again.
  const advance = () => {
    const next = document.body.dataset.next;
    fetch(next, { cache: "no-store" })
      .then((answer) => {
        if (!answer.ok) throw new Error(String(answer.status));
        return answer.text();
      })
      .then((html) => {
        const fresh = new DOMParser().parseFromString(html, "text/html");
        const main = fresh.getElementById("page");
        if (!main || !fresh.body || !fresh.body.dataset.next) throw new Error("not a slide");
        swap(fresh);
        document.body.dataset.next = fresh.body.dataset.next;
        history.replaceState(null, "", next);
        offline(false);
      })
      .catch(() => offline(true))
      .finally(() => setTimeout(advance, slideTime()));
  };
  if (body.dataset.next) setTimeout(advance, slideTime());
})();
