// The guest's table (assets/js/table/remote.js) over an in-memory channel: it answers as the
// local table does from the host's state messages, sends moves with the revision and the
// seat it holds, takes a refusal as a refused answer, and ignores whatever the host sends
// that is not one of the table's messages.
import { mock, test } from "node:test";
import assert from "node:assert/strict";
import { HELLO_MS, readHost, RemoteTable } from "../../assets/js/table/remote.js";
import { HostTable } from "../../assets/js/table/host.js";

const picture = (moves, legal = []) => ({ seat: 1, view: { current: 1, scores: [0, 0] }, legal,
  record: { game: "othello", options: {}, moves },
  history: moves.map((move, ply) => ({ seat: ply % 2, move })) });
const state = (rev, moves, legal) => JSON.stringify({ v: 1, t: "state", rev, game: 0, you: [1], turn: 1,
  pictures: [picture(moves, legal)], names: [null, null], away: [], undo: null, can_undo: false });

function table(replays = undefined, replayed = undefined) {
  const sent = [];
  const remote = new RemoteTable((text) => sent.push(JSON.parse(text)), replays, replayed);
  return { remote, sent };
}

test("a move goes with the revision and the seat held, and its answer is the next state", async () => {
  const { remote, sent } = table();
  const greeted = remote.greet("1");
  remote.heard(state(3, ["d3"], ["c5", "e3"]));
  assert.equal((await greeted)?.t, "state");
  assert.deepEqual((await remote.view()).legal, ["c5", "e3"]);
  const answer = remote.play("c5");
  assert.deepEqual(sent.at(-1), { v: 1, t: "move", rev: 3, seat: 1, move: "c5" });
  remote.heard(state(4, ["d3", "c5"], []));
  const got = await answer;
  assert.equal(got.ok, true);
  assert.deepEqual(got.record.moves, ["d3", "c5"]);
  // the move list is the host's for this seat: this device's engine is never asked
  assert.deepEqual(got.history, [{ seat: 0, move: "d3" }, { seat: 1, move: "c5" }]);
  assert.deepEqual(sent[0], { v: 1, t: "hello", build: "1" });
});

test("a hello the host does not answer is said again, and given up after ten", async () => {
  mock.timers.enable({ apis: ["setInterval"] });
  try {
    const { remote, sent } = table();
    const answered = remote.greet("1", "Mia");
    mock.timers.tick(HELLO_MS * 2);
    assert.equal(sent.length, 3); // the first hello was lost: said again, twice
    remote.heard(state(0, [], ["c5"]));
    assert.equal((await answered)?.t, "state");
    mock.timers.tick(HELLO_MS * 5);
    assert.equal(sent.length, 3); // answered: no more hellos
    assert.deepEqual(new Set(sent.map((m) => JSON.stringify(m))),
      new Set([JSON.stringify({ v: 1, t: "hello", build: "1", name: "Mia" })]));

    const silent = table();
    const nothing = silent.remote.greet("1");
    mock.timers.tick(HELLO_MS * 12);
    assert.equal(await nothing, null);
    assert.equal(silent.sent.length, 10);
    assert.equal(silent.remote.waiting.length, 0); // its waiter is gone with it
  } finally {
    mock.timers.reset();
  }
});

test("a refusal is a refused answer; one nobody waits for is told", async () => {
  const { remote } = table();
  remote.heard(state(0, [], ["c5"]));
  const answer = remote.play("c5");
  remote.heard(JSON.stringify({ v: 1, t: "refused", about: "move",
    reason: { key: "table_not_your_turn" } }));
  assert.equal((await answer).ok, false);
  const told = [];
  remote.onRefused = (text) => told.push(text);
  remote.heard(JSON.stringify({ v: 1, t: "refused", about: "move", reason: { key: "table_stale" } }));
  assert.equal(told.length, 1);
});

test("a state no request waits for is the host's change; a bye is told", () => {
  const { remote } = table();
  const changes = [];
  const byes = [];
  remote.onState = (message) => changes.push(message.rev);
  remote.onBye = (text) => byes.push(text);
  remote.heard(state(1, ["d3"]));
  remote.heard(JSON.stringify({ v: 1, t: "bye", reason: { key: "table_closed" } }));
  assert.deepEqual(changes, [1]);
  assert.equal(byes.length, 1);
});

test("what is not one of the host's messages is ignored", () => {
  for (const text of ["", "♥", "[]", "{", JSON.stringify({ v: 2, t: "state" }),
    JSON.stringify({ v: 1, t: "state", rev: 1, you: [1], pictures: [] }),
    JSON.stringify({ v: 1, t: "state", rev: 1, you: [1], pictures: [{ seat: 1, view: 3, legal: [], record: { moves: [] } }] }),
    JSON.stringify({ v: 1, t: "state", rev: 1, you: [1], pictures: [{ ...picture([]), legal: [1] }] }),
    JSON.stringify({ v: 1, t: "state", rev: 1, turn: 1, you: [1], pictures: [{ ...picture(["d3"]), history: [] }] }),
    JSON.stringify({ v: 1, t: "state", rev: 1, turn: 1, you: [1],
      pictures: [{ ...picture(["d3"]), history: [{ seat: "0", move: "d3" }] }] }),
    JSON.stringify({ v: 1, t: "refused", reason: "x" }), JSON.stringify({ v: 1, t: "op" })]) {
    assert.equal(readHost(text), null, text);
  }
  const { remote } = table();
  remote.heard(JSON.stringify({ v: 1, t: "state", rev: 1, you: [1], pictures: [] }));
  assert.equal(remote.state, null);
});

test("chance, redo and the save are the host's: refused here", async () => {
  const { remote } = table();
  remote.heard(state(0, []));
  for (const answer of [await remote.chance(), await remote.redo(), await remote.save()]) {
    assert.equal(answer.ok, false);
  }
  assert.equal((await remote.redo()).error, "table.noRedo"); // said as redo, not as undo
});

const asking = (rev, moves, undo) => JSON.stringify({ ...JSON.parse(state(rev, moves)), undo,
  can_undo: false });

test("undo asks the others (the host's referee): the answer shows the request open", async () => {
  const { remote, sent } = table();
  const requests = [];
  remote.onUndo = (undo) => requests.push(undo);
  remote.heard(JSON.stringify({ ...JSON.parse(state(2, ["d3", "c5"])), can_undo: true }));
  assert.equal((await remote.view()).can_undo, true);
  const answer = remote.undo();
  assert.deepEqual(sent.at(-1), { v: 1, t: "undo", rev: 2 });
  remote.heard(asking(2, ["d3", "c5"], { from: [1], asks_you: false }));
  const got = await answer;
  assert.equal(got.ok, true);
  assert.equal(got.can_undo, false); // one request at a time
  remote.heard(state(3, ["d3"])); // all allowed: the move is taken back
  assert.deepEqual((await remote.view()).record.moves, ["d3"]);
  assert.deepEqual(requests, [null, { from: [1], asks_you: false }, null]);
  remote.answerUndo(true); // nothing is asked of this device: nothing sent
  assert.equal(sent.at(-1).t, "undo");
});

test("a device asked to take back a move answers with the revision", () => {
  const { remote, sent } = table();
  remote.heard(asking(5, ["d3", "c5"], { from: [0], asks_you: true }));
  remote.answerUndo(false);
  assert.deepEqual(sent.at(-1), { v: 1, t: "answer", rev: 5, accept: false });
  assert.equal(readHost(asking(5, [], { from: ["0"], asks_you: true })), null);
});

test("leave is said once, and not after the host's bye", () => {
  const { remote, sent } = table();
  remote.heard(state(1, ["d3"]));
  remote.leave(); // the ⋯ menu's Leave, then the page closing
  remote.leave();
  assert.deepEqual(sent.filter((message) => message.t === "leave").length, 1);
  const other = table();
  other.remote.heard(JSON.stringify({ v: 1, t: "bye", reason: { key: "table_closed" } }));
  other.remote.leave();
  assert.deepEqual(other.sent, []);
});

test("after the host's bye a move is refused with its words; a request waiting ends", async () => {
  const { remote, sent } = table();
  remote.heard(state(2, ["d3", "c5"], ["e3"]));
  const waiting = remote.play("e3");
  const byes = [];
  remote.onBye = (text, reason) => byes.push(reason.key);
  remote.heard(JSON.stringify({ v: 1, t: "bye", reason: { key: "table_closed" } }));
  assert.equal((await waiting).ok, false);
  assert.deepEqual(byes, ["table_closed"]);
  const count = sent.length;
  const after = await remote.play("e3");
  assert.equal(after.ok, false);
  assert.equal(after.error, remote.closed);
  assert.equal(sent.length, count); // nothing more is sent
  assert.deepEqual((await remote.view()).record.moves, ["d3", "c5"]); // the game stays shown
});

test("the game is kept here when this device's engine replays its public record", async () => {
  const asked = [];
  const { remote } = table(async (record) => { asked.push(record); return { ok: true }; });
  remote.heard(state(2, ["d3", "c5"]));
  const saved = await remote.save();
  assert.equal(saved.ok, true);
  assert.deepEqual(saved.record, { game: "othello", options: {}, seed: 0, moves: ["d3", "c5"] });
  assert.deepEqual(asked, [saved.record]);
});

test("an earlier position this device cannot replay is the host's, asked once a revision", async () => {
  const { remote, sent } = table(); // no engine here replays it (a game with secrets or chance)
  remote.heard(state(2, ["d3", "c5"]));
  const position = (ply, view) => JSON.stringify({ v: 1, t: "position", ply, plies: 2,
    pictures: [{ seat: 1, view }] });
  const asked = () => new Promise((done) => setTimeout(done)); // (once the look is sent)
  const first = remote.position(1);
  await asked();
  assert.deepEqual(sent.at(-1), { v: 1, t: "position", ply: 1 });
  remote.heard(position(1, { current: 0 }));
  assert.deepEqual(await first, { ok: true, ply: 1, plies: 2, view: { current: 0 } });
  const count = sent.length;
  assert.deepEqual((await remote.position(1)).view, { current: 0 });
  assert.equal(sent.length, count); // looked at again: not asked again
  // refused (too many looks at once): said, and asked again the next time
  const refused = remote.position(0);
  await asked();
  remote.heard(JSON.stringify({ v: 1, t: "refused", about: "position",
    reason: { key: "table_flood", params: {} } }));
  assert.equal((await refused).ok, false);
  const again = remote.position(0);
  await asked();
  assert.equal(sent.length, count + 2);
  // the host's bye answers a look still waiting
  remote.heard(JSON.stringify({ v: 1, t: "bye", reason: { key: "table_closed", params: {} } }));
  assert.equal((await again).ok, false);
});

test("an earlier position is replayed by this device's engine from the public record", async () => {
  const opened = [];
  const { remote } = table(async () => ({ ok: true }),
    async (record) => { opened.push(record); return { ok: true, view: { current: 1 } }; });
  remote.heard(state(2, ["d3", "c5"]));
  const answer = await remote.position(1);
  assert.equal(answer.ok, true);
  assert.equal(answer.ply, 1); // the ply looked at, as the engine's op position says it
  assert.deepEqual(opened, [{ game: "othello", options: {}, seed: 0, moves: ["d3"] }]);
});

test("the host's farewell (its page going) is the referee's bye: the host closed the table", () => {
  const farewell = new HostTable(/** @type {any} */ (null), async () => ({ ok: true }), () => {})
    .farewell();
  // as py/insel/referee.py writes it (Referee._text of table_close's bye)
  assert.equal(farewell, '{"v":1,"t":"bye","reason":{"key":"table_closed","params":{}}}');
  const { remote } = table();
  const byes = [];
  remote.onBye = (text, reason) => byes.push(reason.key);
  remote.heard(state(1, ["d3"]));
  remote.heard(farewell);
  assert.deepEqual(byes, ["table_closed"]);
});

test("the host's undo, while another device holds a seat, asks the referee; no redo", async () => {
  const ops = [];
  const local = { view: async () => ({ ok: true, can_undo: true, can_redo: true }),
    undo: async () => { ops.push("local undo"); return { ok: true }; } };
  const call = async (op) => { ops.push(op);
    return { ok: true, changed: false, out: [], table: { devices: [{ seats: [1] }], undo: null } }; };
  const host = new HostTable(/** @type {any} */ (local), /** @type {any} */ (call), () => {});
  await host.open_table("1");
  const answer = await host.undo(0);
  assert.deepEqual(ops, ["table_open", "table_undo"]); // the engine's undo is not asked
  assert.equal(answer.can_undo, false); // the request is open
  assert.equal((await host.view(0)).can_redo, false);
  assert.equal((await host.redo(0)).ok, true);
  assert.deepEqual(ops.at(-1), "table_undo"); // nothing was redone
});

test("the host's Undo follows the referee's rule for every seat: only its own last move", async () => {
  let status = { devices: [{ seats: [1] }], undo: null, can_undo: false }; // the guest moved last
  const local = { view: async () => ({ ok: true, can_undo: true, can_redo: false }) };
  const call = async () => ({ ok: true, changed: false, out: [], table: status });
  const host = new HostTable(/** @type {any} */ (local), /** @type {any} */ (call), () => {});
  await host.open_table("1");
  assert.equal((await host.view(0)).can_undo, false);
  status = { ...status, can_undo: true }; // the host moved last
  await host.heard("d1", "{}");
  assert.equal((await host.view(0)).can_undo, true);
});

test("a guest opens only the table's game: a game of its own, or another record, is refused", async () => {
  const { remote } = table();
  remote.greet("1");
  remote.heard(state(2, ["d3"], ["c5"]));
  const own = await remote.start("ponte", {}, 5, {});
  assert.equal(own.ok, false);
  assert.ok(own.error);
  const older = await remote.open({ game: "othello", options: {}, seed: 0, moves: [] });
  assert.deepEqual(older, own); // the same refusal, worded once
  const same = await remote.open({ game: "othello", options: {}, seed: 0, moves: ["d3"] });
  assert.equal(same.ok, true);
  assert.deepEqual(same.legal, ["c5"]);
});
