/* The guide's part of the offline search workers' source (generator/site/offline_search.py). */
import "../search/worker-prelude.js";
