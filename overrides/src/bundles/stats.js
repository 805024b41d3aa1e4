/* The 统计 page (generator/pages/stats_page.py), after reader.js: charts of the progress kept in the browser. */
import { onReady } from "../dom.js";
import { mountStats } from "../stats/page.js";

onReady(mountStats);
