/* The guide's part of the offline search workers' source (generator/search/offline.py). */
import "../search/worker-prelude.js";
