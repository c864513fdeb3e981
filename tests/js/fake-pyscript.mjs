// PyScript's PyWorker as engine.js uses it, with a fake Python: each request (JSON text) goes
// to globalThis.fakeEngine(request) and its answer comes back as JSON text.  Until a test
// sets fakeEngine, every request is refused as an engine bug would be.  Each worker made
// is counted in globalThis.pyWorkersMade.
export async function PyWorker() {
  globalThis.pyWorkersMade = (globalThis.pyWorkersMade ?? 0) + 1;
  return {
    sync: {
      insel_started: async () => JSON.stringify({ snapshot: false }),
      insel_call: async (text) => {
        const engine = globalThis.fakeEngine
          ?? (() => ({ ok: false, error: "no fake engine", reason: { key: "internal_error" } }));
        return JSON.stringify(await engine(JSON.parse(text)));
      },
      insel_lexicon: async () => {},
    },
  };
}
