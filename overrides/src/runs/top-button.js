/**
 * Material's back-to-top button (回到页面顶部, feature navigation.top) kept off a run's bar.
 *
 * Material fixes the button 3.2rem from the top, centred, at z-index 2; the bar over a run or a
 * paper (runs.css) sticks at 2.4rem at the same z-index and comes earlier in the page, so once
 * stuck the button sat over the bar's middle: 第 n/N 题 and 下一题 hidden, and a tap on 下一题
 * taken by the button, which scrolled the page to its top instead of moving on.  Just under the
 * bar is no better: on a phone the 答题卡's line is there after every move.  So while the bar
 * reaches into the button's place, the button goes to the foot of the screen (runs.css), over
 * content that scrolls rather than over what a run keeps in sight; there it rises above the part
 * of Material's footer on screen, whose 上一页 / 下一页 it would cover at the page's end.
 */

const GAP = 8;  /* px kept between the bar and the button */
const CLEAR = "md-top--run";  /* runs.css: the button at the foot of the screen */

/** @type {HTMLElement | null} the bar of the run shown */
let bar = null;
let queued = false;
/** @type {ResizeObserver | null} */
let resized = null;

/** Whether a bar at `box` reaches into the button's own place: `top` px down, `height` px high. */
export function inTheWay(/** @type {{top: number, bottom: number, height: number}} */ box, /** @type {number} */ top, /** @type {number} */ height) {
  return box.height > 0 && box.top < top + height + GAP && box.bottom > top - GAP;
}

/** The button's place as Material gives it: 3.2rem down (its stylesheet). */
function materialTop() {
  return 3.2 * parseFloat(getComputedStyle(document.documentElement).fontSize);
}

function place() {
  queued = false;
  const button = document.querySelector(".md-top");
  if (!(button instanceof HTMLElement)) return;
  const moved = Boolean(bar?.isConnected) && inTheWay(/** @type {HTMLElement} */ (bar).getBoundingClientRect(), materialTop(), button.offsetHeight);
  button.classList.toggle(CLEAR, moved);
  const footer = document.querySelector(".md-footer");
  const rise = moved && footer ? Math.max(0, window.innerHeight - footer.getBoundingClientRect().top) : 0;
  button.style.setProperty("--footer-rise", `${rise}px`);
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
