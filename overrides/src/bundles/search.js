/* Every page, in <head> before Material's bundle (main.html): search wrapped, its index read at
   first use, and its hits opened. */
import { holdSearchIndex } from "../search/first-use.js";
import { openSearchHits } from "../search/hits.js";
import { setUpSearch } from "../search/setup.js";

holdSearchIndex();
setUpSearch();
openSearchHits();
