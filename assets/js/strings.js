// The UI string catalogue: every text the shell shows comes from here.
// English now; German joins as a second table with the same keys.
const EN = {
  appTitle: "Inselspiele",
  tagline: "Island board games for two or more, in the browser, offline.",
  loadingPage: "Loading the page…",
  loadingRuntime: "Loading the Python runtime…",
  loadingStdlib: "Loading Python's standard library…",
  loadingGames: "Loading the games…",
  loadingStart: "Starting Python…",
  loadingFailed: "The games could not start: {reason}",
  loadingSlow: "Still loading… a slow connection or an old browser can take a while.",
  menu: "Menu",
  rules: "Rules",
  close: "Close",
  undo: "Undo",
  newGame: "New game",
  lookAtBoard: "Look at the board",
  play: "Play",
  comingSoon: "Coming soon",
  players: "{min}–{max} players",
  playersExact: "{n} players",
  seat: "Player {n}",
  toMove: "{name} to move",
  gameOver: "Game over",
  winnerIs: "{name} wins",
  draw: "Draw: {names} share the win",
  illegal: "Not allowed: {reason}",
  rulesMissing: "The rules could not be loaded.",
  curtain: "Pass the device to {name}.",
  curtainLift: "I am {name}: show my side",
  // Game titles and blurbs
  game_ponte: "Ponte del Diavolo",
  blurb_ponte: "Build islands of exactly four tiles and join them with bridges.",
  game_kahuna: "Kahuna",
  blurb_kahuna: "Play island cards, build bridges, win the majorities.",
  game_inselspiel: "Inselspiel (1940)",
  blurb_inselspiel: "Roll, sail in through the ports, surround and hold the capitals.",
  game_wortreversi: "Wort-Reversi",
  blurb_wortreversi: "Reversi where a tile flips only if you name the word on its back.",
  game_othello: "Othello",
  blurb_othello: "The classic on 6×6 or 8×8.",
  // Options
  opt_size: "Board size",
  opt_supply: "Supply",
  supply_unlimited: "Unlimited",
  supply_box: "Box (40 / 40 tiles, 15 bridges)",
  // Ponte
  colour_light: "light",
  colour_dark: "dark",
  seatColour: "{name} ({colour})",
  ponte_swap: "Take light (swap)",
  ponte_pass: "Pass",
  ponte_pickSecond: "Now tap a second square for your other tile.",
  ponte_pickBridgeEnd: "Tap your other tile to build a bridge, or a free square to place a pair.",
  ponte_opening: "Place two light tiles to open.",
  ponte_choose: "Take light (swap), or place two dark tiles.",
  ponte_lastTurn: "Last turn: light has stopped.",
  ponte_points: "{points} points",
  ponte_group: "{islands} connected islands: {points} points",
  ponte_single: "single island: 1 point",
  ponte_totals: "{name}: {points} points, {islands} islands, {bridges} bridges",
  // Kahuna
  kahuna_yourHand: "Your hand",
  kahuna_noCards: "No cards in hand.",
  kahuna_discard: "Discard {card}",
  kahuna_takeTitle: "End your turn: take a card",
  kahuna_faceUp: "Face-up cards and the pile",
  kahuna_endExtra: "Extra turn: end it without a card",
  kahuna_pile: "Pile ({n})",
  kahuna_takeNone: "Take no card",
  kahuna_round: "Round {round} of 3 · pile {pile} · face up {display} · discards {discards}",
  kahuna_supply: "{name}: {cards} cards · {bridges} bridges · {stones} stones in supply",
  kahuna_lastTurn: "Last turn, {name}: {actions}",
  kahuna_thisTurn: "This turn, {name}: {actions}",
  kahuna_built: "{card} card: bridge {line}",
  kahuna_removed: "{cards}: tore down {line}",
  kahuna_discarded: "discarded {card}",
  kahuna_discardedHidden: "discarded a card",
  kahuna_took: "took {card}",
  kahuna_tookPile: "took the top of the pile",
  kahuna_tookNone: "took no card",
  kahuna_pickCardFirst: "Tap a card in your hand first, then a line.",
  kahuna_liftFirst: "Lift the curtain to play.",
  kahuna_pickLine: "Tap a highlighted line at {card}, or a second card to tear down a bridge.",
  kahuna_pickBridge: "Tap a highlighted bridge of your opponent to tear it down.",
  kahuna_yourTurn: "{name}: play cards (a card, then a line), then take a card.",
  kahuna_yourTurnMustTake: "{name}: play cards, then take a card (taking none is not allowed now).",
  kahuna_extraTurn: "{name}: extra turn: play cards, then take no card.",
  kahuna_totals: "{name}: {points} points (rounds {rounds}), {stones} stones, {bridges} bridges",
  kahuna_endedEarly: "The game ended early: a player had no bridge on the board.",
};

let table = EN;

/** The text for `key` with `{name}` placeholders filled from `params`. */
export function t(key, params = {}) {
  const text = table[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, name) => String(params[name] ?? `{${name}}`));
}

/** Fill every element carrying data-text="key" (text only, never HTML). */
export function fillStaticTexts(root = document) {
  for (const el of root.querySelectorAll("[data-text]")) el.textContent = t(el.dataset.text);
}

export function setLanguage(code) {
  table = { en: EN }[code] ?? EN;
}
