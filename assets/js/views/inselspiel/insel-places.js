// Inselspiel's places as a person names them.  The board shows only the names of the towns
// (capitals) and ports; the other places (crossings and stops on the roads) have an id the
// engine uses ("p116") that appears nowhere on the board.  So a road place is named by the
// named places around it, by this rule:
//
//   1. A capital or a port is its own name:                    "Tenburg"
//   2. Else let X be the named place nearest along the roads (fewest roads walked; ties: the
//      nearer in a straight line, then the map's order).  A place one road from X is
//                                                              "near X"
//   3. Else let Y be the nearest named place (the same order) other than X that lies on the
//      other side of the place: the straight lines from the place to X and to Y make an angle
//      wider than a right angle.  When Y is at most two roads further than X, the place is
//                                                              "between X and Y"
//   4. Else (no such Y, or only far away)                      "near X"
//
// Several road places may share a name ("between Andorf and Freudenwald"): the name says
// where on the island a stone is, the ring on the board says exactly which place.
// tests/js/views.test.mjs checks the rule on the classic map and on a generated one.

/** A place's name by the rule above (`b` only between two places).
 * @typedef {{kind: "town", a: string, b?: undefined} | {kind: "near", a: string, b?: undefined}
 *            | {kind: "between", a: string, b: string}} PlaceName */
/**
 * The island's map as the engine draws it (py/insel/islandmaps/model.py `view`): its name
 * and size in map units, the coast's corners, the places [id, kind, name or null, x, y]
 * ("capital", "port", "junction" or a stop on a road; only capitals and ports have a name)
 * and the roads between two places (their indices).
 * @typedef {{name: string, width: number, height: number, coast: [number, number][],
 *   places: [string, string, string | null, number, number][],
 *   roads: [number, number][]}} MapView
 */

const FURTHER = 2; // how many more roads Y may be away than X for "between"
/** @type {WeakMap<MapView, Map<string, PlaceName>>} */
const named = new WeakMap(); // map -> Map(place id -> PlaceName)

/** Roads walked from place `start` (an index) to every place: breadth first.
 * @param {number[][]} neighbours
 * @param {number} start
 */
function roadSteps(neighbours, start) {
  /** @type {number[]} */
  const steps = new Array(neighbours.length).fill(Infinity);
  steps[start] = 0;
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const next of neighbours[queue[i]]) {
      if (steps[next] === Infinity) {
        steps[next] = steps[queue[i]] + 1;
        queue.push(next);
      }
    }
  }
  return steps;
}

/** Every place of `map` (the engine's view.map) named by the rule above.
 * @param {MapView} map
 */
function nameAll(map) {
  const places = map.places.map(([id, kind, name, x, y]) => ({ id, kind, name, x, y }));
  /** @type {number[][]} */
  const neighbours = places.map(() => []);
  for (const [i, j] of map.roads) {
    neighbours[i].push(j);
    neighbours[j].push(i);
  }
  const towns = places.flatMap((place, index) =>
    (place.name ? [{ place, index, name: place.name }] : [])); // the named places
  /** @typedef {typeof towns[number]} Town */
  /** @type {Map<string, PlaceName>} */
  const names = new Map();
  places.forEach((place, index) => {
    if (place.name) {
      names.set(place.id, { kind: "town", a: place.name });
      return;
    }
    const steps = roadSteps(neighbours, index);
    const straight = (/** @type {Town} */ town) =>
      Math.hypot(town.place.x - place.x, town.place.y - place.y);
    const ranked = towns.filter((town) => steps[town.index] < Infinity)
      .sort((p, q) => steps[p.index] - steps[q.index] || straight(p) - straight(q) || p.index - q.index);
    const [x, ...others] = ranked;
    if (!x) { // a road place cut off from every town: no map has one, but name it anyway
      names.set(place.id, { kind: "near", a: towns[0]?.name ?? "" });
      return;
    }
    const across = (/** @type {Town} */ town) => (x.place.x - place.x) * (town.place.x - place.x)
      + (x.place.y - place.y) * (town.place.y - place.y) < 0;
    const y = steps[x.index] > 1 ? others.find(across) : undefined;
    names.set(place.id, y && steps[y.index] <= steps[x.index] + FURTHER
      ? { kind: "between", a: x.name, b: y.name } : { kind: "near", a: x.name });
  });
  return names;
}

/** The name of place `id` on `map` ({kind: "town" | "near" | "between", a, b?}).
 * @param {MapView} map
 * @param {string} id
 * @returns {PlaceName}
 */
export function placeName(map, id) {
  let names = named.get(map);
  if (!names) named.set(map, names = nameAll(map));
  return names.get(id) ?? { kind: "near", a: id };
}
