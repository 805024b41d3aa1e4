/**
 * What offline-search.js sends its workers and reads of their answers, as plain functions of
 * the messages (Material's: set-up, ready, query, result, numbered in constants.js).
 */
import { constants, searchIndex } from "../page-data.js";

/** @typedef {import("./offline-search.js").Message} Message */

/** A result's list, as the locations Material shows in order. */
export function listOf(/** @type {{items?: {location: string}[][]}} */ result) {
  return JSON.stringify((result.items ?? []).map((group) => group.map((item) => item.location)));
}

/** Material's set-up message, with the documents if it was sent without them (for the shim). */
export function fullSetup(/** @type {Message} */ message) {
  const data = message.data;
  if (!searchIndex() || data.docs.length) return message;
  const docs = /** @type {{__index: {docs: unknown[]}}} */ (/** @type {unknown} */ (window)).__index.docs;
  return { type: constants().message.SETUP, data: { config: data.config, docs, options: data.options } };
}

/** The index worker's set-up `message`, with the index the build made (Lunr's JSON, from
    search/search_lunr.js) when there is one: the worker loads it instead of building it. */
export function withPrebuilt(/** @type {Message} */ message, /** @type {string | undefined} */ prebuilt) {
  return prebuilt ? { type: message.type, data: { ...message.data, prebuilt } } : message;
}
