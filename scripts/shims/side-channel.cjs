'use strict';
// What the console's bundle takes for the `side-channel` package (vite.config.ts): the same
// get/set/has/delete/assert store on a Map. The package itself falls back through WeakMap, Map and a
// list for old engines and pulls in get-intrinsic and object-inspect (about 22 KB of script) to do so;
// every browser the console supports has Map. qs, under Refine, is its only user.
module.exports = function getSideChannel() {
  const map = new Map();
  return {
    assert(key) {
      if (!map.has(key)) throw new TypeError('Side channel does not contain the given key');
    },
    get: (key) => map.get(key),
    has: (key) => map.has(key),
    set(key, value) {
      map.set(key, value);
    },
    delete: (key) => map.delete(key),
  };
};
