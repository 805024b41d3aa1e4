/**
 * Material's back-to-top button (回到页面顶部, feature navigation.top) kept off a run's bar.
 *
 * Material fixes the button 3.2rem from the top, centred, at z-index 2; the bar over a run or a
 * paper (runs.css) sticks at 2.4rem at the same z-index and comes later in no stacking order, so
 * once stuck the button sat over the bar's middle: 第 n/N 题 and 下一题 hidden, and a tap on
 * 下一题 taken by the button, which scrolled the page to its top instead of moving on.  While the
 * bar reaches into the button's place, the button goes just under the bar.
 */

const GAP = 8;  /* px between the bar and the button */

/** @type {HTMLElement | null} the bar of the run shown */
let bar = null;
let queued = false;
/** @type {ResizeObserver | null} */
let resized = null;

/** The button's place as Material gives it: `top` in px, from its stylesheet's 3.2rem. */
function materialTop() {
  return 3.2 * parseFloat(getComputedStyle(document.documentElement).fontSize);
}

/** Where the button goes, in px from the viewport's top: null for Material's own place. */
export function clearTop(/** @type {{top: number, bottom: number, height: number}} */ bar, /** @type {number} */ own, /** @type {number} */ height) {
  if (bar.height === 0) return null;  /* hidden */
  const overlaps = bar.top < own + height + GAP && bar.bottom > own - GAP;
  return overlaps ? bar.bottom + GAP : null;
}

function place() {
  queued = false;
  const button = document.querySelector(".md-top");
  if (!(button instanceof HTMLElement)) return;
  const top = bar?.isConnected ? clearTop(bar.getBoundingClientRect(), materialTop(), button.offsetHeight) : null;
  if (top === null) button.style.removeProperty("top");
  else button.style.top = top + "px";
}

function queue() {
  if (queued) return;
  queued = true;
  requestAnimationFrame(place);
}

/** Keep the back-to-top button off `runBar` (the newest run's bar) while it is on the page. */
export function keepTopButtonOff(/** @type {HTMLElement} */ runBar) {
  if (!resized) {
    window.addEventListener("scroll", queue, { passive: true });
    window.addEventListener("resize", queue, { passive: true });
    resized = new ResizeObserver(queue);
  }
  if (bar) resized.unobserve(bar);
  bar = runBar;
  resized.observe(runBar);
  queue();
}
