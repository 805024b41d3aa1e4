/* The 统计 page (generator/pages/stats_page.py): charts of the progress kept in the browser.
   This bundle comes at the end of the body and before Material's (overrides/main.html): the
   page's content is parsed, so the charts are drawn now rather than at DOMContentLoaded, after
   Material's bundle has run. */
import { onReady } from "../dom.js";
import { mountStats } from "../stats/page.js";

if (document.querySelector("[data-stats]")) mountStats();
else onReady(mountStats);
