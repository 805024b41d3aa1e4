/**
 * A bank's picture tapped or chosen with the keyboard: shown whole in a modal dialog.
 *
 * Each picture on a page is an `<img>` inside a link to its file (generator/pages/pictures.py),
 * so without scripts a tap opens the picture itself.  With them, the link opens a native
 * `<dialog>` instead: the page (a practice run, an exam) stays where it was; focus moves to
 * the dialog's close button and back to the link when it closes (Escape, the button, or a
 * tap beside the picture).  The alt text is the dialog's name and the enlarged picture's alt.
 * One listener on the document: questions that run pages add later are covered too.
 */
import { button, element } from "../dom.js";
import { strings } from "../page-data.js";

const PICTURE = ".md-typeset a.picture";
/** @type {{dialog: HTMLDialogElement, image: HTMLImageElement} | null} */
let viewer = null;

function build() {
  const dialog = /** @type {HTMLDialogElement} */ (element("dialog", "picture-viewer"));
  const close = button("picture-viewer__close", "×");
  close.setAttribute("aria-label", strings().term_popover_close);
  close.addEventListener("click", () => dialog.close());
  const image = /** @type {HTMLImageElement} */ (element("img", "picture-viewer__image"));
  dialog.append(close, image);
  dialog.addEventListener("click", (event) => {
    if (event.target === dialog) dialog.close(); // a tap on the backdrop, beside the picture
  });
  document.body.appendChild(dialog);
  return { dialog, image };
}

/** Opens `link`'s picture in the viewer; false when the browser has no modal dialogs. */
export function showPicture(/** @type {HTMLAnchorElement} */ link) {
  viewer ??= build();
  if (typeof viewer.dialog.showModal !== "function") return false;
  const alt = link.querySelector("img")?.alt ?? "";
  viewer.image.src = link.href;
  viewer.image.alt = alt;
  viewer.dialog.setAttribute("aria-label", alt);
  viewer.dialog.showModal();
  return true;
}

export function mountPictureViewer() {
  document.addEventListener("click", (event) => {
    const mouse = /** @type {MouseEvent} */ (event);
    if (mouse.button !== 0 || mouse.ctrlKey || mouse.metaKey || mouse.shiftKey || mouse.altKey) return;
    const link = /** @type {HTMLAnchorElement | null} */ (/** @type {Element} */ (event.target).closest?.(PICTURE) ?? null);
    if (link && showPicture(link)) event.preventDefault();
  });
}
