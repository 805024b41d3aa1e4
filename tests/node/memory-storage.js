/** A localStorage of the test's own, whose items the test can read and break. */
export class MemoryStorage {
  /** @type {Record<string, string>} */
  items = {};

  getItem(/** @type {string} */ key) {
    return key in this.items ? this.items[key] : null;
  }

  setItem(/** @type {string} */ key, /** @type {unknown} */ value) {
    this.items[key] = String(value);
  }

  removeItem(/** @type {string} */ key) {
    delete this.items[key];
  }
}
