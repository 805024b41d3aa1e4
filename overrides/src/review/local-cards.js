/** This browser's review cards: the one set of the page, on localStorage. */
import { storage } from "../storage.js";
import { createReviews } from "./cards.js";

/** @type {import("./cards.js").Reviews | undefined} */
let reviews;

export function localReviews() {
  return (reviews ??= createReviews(storage("localStorage")));
}
