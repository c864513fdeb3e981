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
