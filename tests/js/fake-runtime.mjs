// Module hooks for the tests: the shell's engine.js imports PyScript from runtime/, which
// exists only in the built site; here that import gets fake-pyscript.mjs, a worker whose
// Python is whatever function the test puts in globalThis.fakeEngine (request -> answer).
export async function resolve(specifier, context, next) {
  if (specifier.endsWith("/runtime/pyscript/core.js")) {
    return { url: new URL("./fake-pyscript.mjs", import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
