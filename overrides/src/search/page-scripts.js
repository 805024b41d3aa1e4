/** Scripts the search loads into the page, and when. */

/* The prototype's appendChild: first-use.js holds back what is appended through <head>'s own
   (Material's request for the index, which waits for this module's). */
export function loadScript(/** @type {string} */ src, /** @type {(ok: boolean) => void} */ done) {
  Node.prototype.appendChild.call(document.head, Object.assign(document.createElement("script"), {
    src, onload: () => done(true), onerror: () => done(false),
  }));
}

/** Run `task` once the page has loaded and the browser is idle (or two seconds later at most). */
export function whenIdle(/** @type {() => void} */ task) {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(task, { timeout: 2000 }) : setTimeout(task, 200));
  if (document.readyState === "complete") idle();
  else window.addEventListener("load", idle, { once: true });
}
