// The guide's search workers as a page starts them (workers/search-source.js: the guide's prelude,
// Material's worker, Lunr), each in a Node context of its own: for benchmarks/search_worker_cpu.mjs
// and the tests that compare the quick worker's answers.
import fs from "node:fs";
import vm from "node:vm";

export const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};

/** The built site at `site`: its page copy of the index ({config, options, docs as JSON text}),
    a reader of its files, and `startWorker`. */
export function builtSearch(site) {
  const read = (path) => fs.readFileSync(`${site}/${path}`, "utf8");
  const page = vm.createContext({});
  page.window = page;
  vm.runInContext(read("search/search_index.js"), page);

  /* A worker: a global scope that hears and posts messages; `ask` sends one and resolves with the
     processor time until the worker has posted `count` messages in all. */
  function startWorker() {
    const events = new EventTarget();
    const posted = [];
    const scope = vm.createContext({ console, performance, setTimeout, clearTimeout, queueMicrotask });
    Object.assign(scope, {
      self: scope,
      addEventListener: events.addEventListener.bind(events),
      postMessage: (message) => posted.push(message),
    });
    vm.runInContext(read("assets/javascripts/workers/search-source.js").replace(/^studyGuide\./, "var studyGuide = {}; studyGuide."), scope);
    vm.runInContext(scope.studyGuide.searchWorker, scope);
    const ask = (data, count) => {
      const start = cpu();
      events.dispatchEvent(new MessageEvent("message", { data }));
      return new Promise((resolve) => {
        const wait = () => (posted.length >= count ? resolve(cpu() - start) : setTimeout(wait, 0));
        wait();
      });
    };
    return { scope, posted, ask };
  }

  const index = page.studyGuide.index;
  return { page, read, index, data: { config: index.config, docs: index.docs, options: index.options ?? {} }, startWorker };
}
