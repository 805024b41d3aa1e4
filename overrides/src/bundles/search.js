/* Every page, in <head> before Material's bundle (main.html): search wrapped and its hits opened. */
import { openSearchHits } from "../search/hits.js";
import { setUpSearch } from "../search/setup.js";

setUpSearch();
openSearchHits();
