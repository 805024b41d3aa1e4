/** This browser's practice progress: the one store of the page, on localStorage, and what pages say of it. */
import { strings } from "../page-data.js";
import { storage } from "../storage.js";
import { createStore } from "./store.js";

/** @type {import("./store.js").Store | undefined} */
let store;

export function progress() {
  return (store ??= createStore(storage("localStorage")));
}

/** The hash of each question of `ids`, as the store keys them. */
export function hashesOf(/** @type {import("../types").BankData} */ data, /** @type {string[]} */ ids) {
  return Object.fromEntries(ids.map((id) => [id, data.q[id]?.h]));
}

/** A store's notice (set aside as corrupted, some records refused, or no storage), as an alert. */
export function noticeOf(/** @type {"corrupted" | "repaired" | "unavailable"} */ notice) {
  const message = document.createElement("p");
  message.className = "practice-notice";
  message.setAttribute("role", "alert");
  message.textContent = strings()["progress_" + notice];
  return message;
}
