// Serves one JavaScript (or transpiled TypeScript) submission's cases inside the box.
// Protocol: see judge/sandbox/protocol.py. V8 cannot fork, so one node process serves every
// case: the main thread owns the protocol, the clock and the accounting; a worker thread (with its
// own heap and stack limits) runs the cases. A worker over the CPU limit is terminated, one out of
// heap dies alone (MLE); either way the next case gets a fresh worker, without a new process.
//
// Isolation. Each case runs in a fresh `vm` context that holds nothing of the host: its global is
// a plain one of its own (not a contextified host object), and everything the submission may use
// is built inside the context by PRELUDE (console, the call, the serialisation), so any object the
// case can reach is of its own realm, where `x.constructor.constructor('return process')()` finds
// no `process`. The request line goes in as a string and is parsed inside the context; the outcome
// comes back as one string. Two host hooks V8 calls from a context (node's stack-trace formatter,
// the `import()` loader) can still throw an error of the worker's realm into it when entered at the
// edge of the stack, so that realm is made worthless first: node's globals (`process`, timers,
// `fetch`, ...) are deleted from it, its global object and every built-in of it are frozen (harden()),
// and the harness keeps its own references to what it uses.
// Accounting. The judge measures the box from outside (its cgroup); the main thread's own report of a
// case's time (this process's CPU time from the request to the answer) and memory is only a hint. A
// worker's start is counted to no case: the server says ready once its first worker is, and a case that
// ended its worker is answered once the next one is. From the worker it takes only the outcome's fields.
'use strict';
const fs = require('fs');
const vm = require('vm');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

const FILENAME = 'solution.js';
const PRELUDE_FILENAME = 'judge:prelude';
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;
//: What a case's context is made from: a plain global of its own (node 20.18+), else a fresh
//: contextified object without a prototype (a `{}` would lead to the host's Object, then `process`).
const DONT_CONTEXTIFY = vm.constants && vm.constants.DONT_CONTEXTIFY;
//: Outcomes a worker may report, and the fields of each that the main thread passes on.
const FIELDS = {
  ok: ['value'], exception: ['type', 'message', 'where'], memory: [], noentry: ['message'],
  output_limit: [], harness_error: ['message'], bad_value: ['message'],
};

function compileError(source) {
  try {
    new vm.Script(source, { filename: FILENAME });
    return null;
  } catch (e) {
    const m = /solution\.js:(\d+)/.exec(String(e.stack));
    return (m ? `line ${m[1]}: ` : '') + `${e.name}: ${e.message}`;
  }
}

// TypeScript's transpiled lines, each with the line of the submission's source it came from
// (ts_compile.js writes solution.lines.json beside solution.js); null for JavaScript, whose lines are its own.
function sourceLines(path) {
  try {
    const lines = JSON.parse(fs.readFileSync(path.replace(/\.js$/, '.lines.json'), 'utf8'));
    return Array.isArray(lines) ? lines : null;
  } catch (e) {
    return null;
  }
}

// `where` ("line N in f") with N the submission's own line where the lines were transpiled.
function ownLine(where, lines) {
  const m = lines && /^line (\d+)/.exec(where);
  if (!m) return where;
  const own = lines[Number(m[1]) - 1];
  return Number.isInteger(own) ? 'line ' + own + where.slice(m[0].length) : where;
}

function main() {
  const config = JSON.parse(process.argv[2]);
  const source = fs.readFileSync(config.source, 'utf8');
  const lines = sourceLines(config.source);
  const send = (message) => fs.writeSync(config.response_fd, JSON.stringify(message) + '\n');
  const bad = compileError(source);
  if (bad) return send({ status: 'compile_error', message: bad });
  const memoryMb = Math.max(16, Math.floor(config.memory_bytes / 1048576));
  let worker = null;   // the thread that runs the cases
  let ready = false;   // whether it said it is ready (its first message): its start is no case's time
  let pending = null;  // {id, started, timer}
  // The judge measures the box from outside: its CPU mark and memory baseline are taken when the server
  // says ready, and each case counts from the answer before it. So the server says ready only once its
  // first worker is (a worker's start was 100 ms of the first case's CPU, and its heap in every case's
  // memory), and the answer of a case that ended its worker waits for the next worker's start.
  let saidReady = false;
  let held = null;     // that answer's line, until the worker after it is ready
  const say = (line) => {
    if (!saidReady) { saidReady = true; send({ status: 'ready' }); }
    if (line !== null) fs.writeSync(config.response_fd, line);
  };
  const spawn = () => {
    // Its stack counts towards the box's memory (the cgroup's measure): 64 MiB holds recursion far
    // deeper than a 50x50 board's 2,500 calls, and a case that recurses to the edge stays under the limit.
    const w = new Worker(__filename, {
      workerData: { config, source },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 64 },
      stdout: false, stderr: false,
    });
    worker = w;
    ready = false;
    w.on('message', (answer) => {
      if (w !== worker) return;
      if (ready) return finish(answer);
      ready = true;
      say(held);
      held = null;
      next();
    });
    const gone = (answer) => {
      if (w !== worker) return;
      const wasReady = ready;
      worker = null;
      if (pending) return finish(answer);
      if (wasReady) return;
      // It died starting: what was held goes out, and the next case is the harness's failure.
      say(held);
      held = null;
      if (queue.length) fail(queue.shift(), { status: 'harness_error', message: 'the worker did not start' });
    };
    w.on('error', (e) => {
      const oom = e && e.code === 'ERR_WORKER_OUT_OF_MEMORY';
      gone(oom ? { status: 'memory' } : { status: 'exception', type: text(e && e.name, 'Error'), message: text(e && e.message, '') });
    });
    w.on('exit', (code) => gone({ status: 'exit', code }));
  };
  const finish = (answer) => {
    if (!pending) return;
    const { id, started, timer } = pending;
    pending = null;
    clearTimeout(timer);
    const used = process.cpuUsage(started);
    const cpu_ms = (used.user + used.system) / 1000;
    const message = outcome(answer, cpu_ms > config.cpu_limit * 1000, config.output_bytes);
    if (typeof message.where === 'string') message.where = ownLine(message.where, lines);
    const { json, ...fields } = message;
    const line = JSON.stringify({ ...fields, id, cpu_ms, mem_kb: process.resourceUsage().maxRSS });
    // The answer's JSON text is spliced in as it came: parsing it here would recurse on a small stack.
    const full = (json === undefined ? line : line.slice(0, -1) + ',"value":' + json + '}') + '\n';
    if (worker) {
      say(full);
      return next();
    }
    held = full;  // sent once the next worker is ready (or has failed to start)
    spawn();
  };
  const fail = (request, answer) => {
    pending = { id: request.id, started: process.cpuUsage(), timer: null };
    finish(answer);
  };
  const queue = [];
  const next = () => {
    if (pending || !queue.length) return;
    if (!worker) spawn();
    if (!ready) return;  // it asks for the request when it is ready
    const request = queue.shift();
    // The limit is on CPU time (this process's, the worker's included), not on the clock: a case that
    // waits (Atomics.wait) or a busy machine must not end it. One core runs no faster than the clock,
    // so the time is looked at once the clock has run as long as the budget left.
    const budget = config.cpu_limit * 1000 + 50;
    const started = process.cpuUsage();
    const check = () => {
      const used = process.cpuUsage(started);
      const spent = (used.user + used.system) / 1000;
      if (spent < budget) {
        pending.timer = setTimeout(check, Math.max(10, budget - spent));
        return;
      }
      const w = worker;  // the worker's thread is busy: only terminate can stop it
      worker = null;
      if (w) { w.removeAllListeners('exit'); w.removeAllListeners('error'); w.terminate(); }
      finish({ status: 'timeout' });
    };
    pending = { id: request.id, started, timer: setTimeout(check, budget) };
    worker.postMessage(request.line);
  };
  spawn();
  const input = fs.createReadStream(null, { fd: config.request_fd });
  let buffer = '';
  input.on('data', (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim()) queue.push({ id: JSON.parse(line).id, line });
    }
    next();
  });
  input.on('end', () => {
    const stop = () => (pending || queue.length || held !== null ? setTimeout(stop, 5) : process.exit(0));
    stop();
  });
}

// What the main thread says about a case, from what ended it: the worker's outcome (only its known
// fields, of the expected types), the worker's end, or the clock. What the case printed is written
// out first, so that it is read as this case's output. `limit`: the answer's, in bytes.
function outcome(answer, overTime, limit) {
  if (overTime || answer.status === 'timeout') return { status: 'timeout' };
  if (answer.status === 'exit') return { status: 'exit', code: answer.code };
  for (const [stream, text] of Array.isArray(answer.output) ? answer.output : []) {
    if ((stream === 1 || stream === 2) && typeof text === 'string') writeAll(stream, text);
  }
  const fields = Object.hasOwn(FIELDS, answer.status) ? FIELDS[answer.status] : null;
  if (!fields) return { status: 'harness_error', message: 'the worker gave an unknown outcome' };
  const message = { status: answer.status };
  for (const key of fields) {
    // JSON.stringify writes no line break: text with one did not come from it, and would start a line of its own.
    if (key === 'value') message.json = typeof answer.json === 'string' && !answer.json.includes('\n') ? answer.json : 'null';
    else if (answer[key] !== undefined) message[key] = text(answer[key], '');
  }
  // The limit is on bytes, which the worker's realm cannot count (no Buffer there): its check counts UTF-16
  // units, and 700,000 characters of U+0800 (2.1 MB) passed it, then flooded the judge's pipe (round 29).
  if (message.json !== undefined && message.json.length * 3 > limit && Buffer.byteLength(message.json) > limit) {
    return { status: 'output_limit' };
  }
  return message;
}

// A value as a short string, or `fallback` when reading it throws (a getter is the submission's code).
function text(value, fallback) {
  try {
    return value === undefined || value === null ? fallback : String(value).slice(0, 300);
  } catch (_) {
    return fallback;
  }
}

// All of `text` on `fd`, which node may have made non-blocking (it does for a piped stdout): a short
// write goes on from where it stopped, a full pipe is waited out (the judge is reading it).
function writeAll(fd, text) {
  const data = Buffer.from(text);
  for (let at = 0; at < data.length;) {
    try {
      at += fs.writeSync(fd, data, at);
    } catch (e) {
      if (e.code !== 'EAGAIN') return;
      Atomics.wait(PAUSE, 0, 0, 1);
    }
  }
}
const PAUSE = new Int32Array(new SharedArrayBuffer(4));

// Runs inside each case's context, before the submission: its completion value is the function the
// worker calls with the request line. Everything it uses is taken from the fresh realm before the
// submission's code can replace it; its functions are strict, so stack traces do not expose them.
const PRELUDE = `'use strict';
(() => {
  const { parse, stringify } = JSON;
  const { apply, ownKeys, getPrototypeOf } = Reflect;
  const { setPrototypeOf } = Object;  // Object's returns the object (Reflect's a boolean)
  const { getOwnPropertyDescriptor } = Object;
  const isArray = Array.isArray;
  const toText = String;
  const exec = RegExp.prototype.exec;
  const CAP = OUTPUT_BYTES + 1;
  // Arrays without a prototype: JSON.stringify finds no Array.prototype.toJSON of the submission's on them.
  const output = setPrototypeOf([], null);
  let size = 0;
  const write = (stream, text) => {
    if (size >= CAP) throw new Error('output limit exceeded');
    text = text.slice(0, CAP - size) + '\\n';
    size += text.length;
    const last = output[output.length - 1];
    if (last && last[0] === stream) last[1] += text; else output[output.length] = setPrototypeOf([stream, text], null);
  };
  const quote = (s) => "'" + s.replace(/\\\\/g, '\\\\\\\\').replace(/'/g, "\\\\'").replace(/\\n/g, '\\\\n') + "'";
  const inspect = (v, depth, seen) => {
    if (typeof v === 'string') return depth ? quote(v) : v;
    if (typeof v === 'bigint') return toText(v) + 'n';
    if (typeof v === 'number') return Object.is(v, -0) ? '-0' : toText(v);
    if (typeof v === 'function') return '[Function: ' + (v.name || '(anonymous)') + ']';
    if (v === null || typeof v !== 'object') return toText(v);
    if (seen.includes(v)) return '[Circular]';
    if (v instanceof Error) return toText(v.stack || v);
    if (depth > 2) return isArray(v) ? '[Array]' : '[Object]';
    seen = seen.concat([v]);
    const parts = [];
    if (isArray(v)) {
      const n = Math.min(v.length, 100);
      for (let i = 0; i < n; i++) parts[parts.length] = inspect(v[i], depth + 1, seen);
      if (v.length > n) parts[parts.length] = '... ' + (v.length - n) + ' more items';
      return parts.length ? '[ ' + parts.join(', ') + ' ]' : '[]';
    }
    if (v instanceof Map || v instanceof Set) {
      const items = [...v].slice(0, 100).map((x) => isArray(x) && v instanceof Map
        ? inspect(x[0], depth + 1, seen) + ' => ' + inspect(x[1], depth + 1, seen) : inspect(x, depth + 1, seen));
      return (v instanceof Map ? 'Map' : 'Set') + '(' + v.size + ') {' + (items.length ? ' ' + items.join(', ') + ' ' : '') + '}';
    }
    for (const key of ownKeys(v)) {
      if (typeof key !== 'string') continue;
      const d = getOwnPropertyDescriptor(v, key);
      if (!d || !d.enumerable) continue;
      const name = /^[A-Za-z_$][\\w$]*$/.test(key) ? key : quote(key);
      parts[parts.length] = name + ': ' + ('value' in d ? inspect(d.value, depth + 1, seen) : '[Getter]');
    }
    const proto = getPrototypeOf(v);
    const tag = proto === null ? '[Object: null prototype] ' : '';
    return tag + (parts.length ? '{ ' + parts.join(', ') + ' }' : '{}');
  };
  const format = (args) => {
    let first = 0, text = '';
    if (typeof args[0] === 'string' && args[0].includes('%')) {
      let i = 1;
      text = args[0].replace(/%([sdifjoOc%])/g, (all, f) => {
        if (f === '%') return '%';
        if (i >= args.length) return all;
        const a = args[i++];
        if (f === 's') return typeof a === 'string' ? a : inspect(a, 1, []);
        if (f === 'd' || f === 'i') return typeof a === 'object' ? 'NaN' : toText(f === 'i' ? parseInt(a) : Number(a));
        if (f === 'f') return toText(parseFloat(a));
        if (f === 'j') { try { return stringify(a); } catch (e) { return '[Circular]'; } }
        if (f === 'c') return '';
        return inspect(a, 1, []);
      });
      first = i;
    } else if (args.length) {
      text = inspect(args[0], 0, []);
      first = 1;
    }
    for (let i = first; i < args.length; i++) text += ' ' + inspect(args[i], 0, []);
    return text;
  };
  const out = (...args) => write(1, format(args));
  const err = (...args) => write(2, format(args));
  globalThis.console = {
    log: out, info: out, debug: out, dir: (v) => write(1, inspect(v, 0, [])), table: out,
    error: err, warn: err, trace: (...args) => write(2, 'Trace: ' + format(args)),
    assert: (ok, ...args) => { if (!ok) write(2, 'Assertion failed' + (args.length ? ': ' + format(args) : '')); },
    time() {}, timeEnd() {}, timeLog() {}, group() {}, groupEnd() {}, count() {}, countReset() {}, clear() {},
  };
  const describe = (e) => {
    try {
      const isError = e !== null && typeof e === 'object' && typeof e.name === 'string';
      const message = toText(isError ? e.message : e);
      if (isError && e.name === 'RangeError' && /allocation failed/.test(message)) return { status: 'memory' };
      let where = '';
      const stack = isError ? e.stack : undefined;
      if (typeof stack === 'string') {
        const m = apply(exec, /at (?:(\\S+) )?\\(?solution\\.js:(\\d+):\\d+\\)?/, [stack]);
        if (m) where = 'line ' + m[2] + (m[1] ? ' in ' + m[1] : '');
      }
      return { status: 'exception', type: isError ? e.name : typeof e, message: message.slice(0, 300), where };
    } catch (inner) {
      return { status: 'exception', type: 'Error', message: 'an exception that cannot be described' };
    }
  };
  // The first Infinity or NaN in an answer (a number or an array of them), which JSON would write as null.
  const nonFinite = (v, depth) => {
    if (typeof v === 'number') return isFinite(v) ? undefined : toText(v);
    if (!isArray(v) || depth > 64) return undefined;
    for (let i = 0; i < v.length; i++) {
      const found = nonFinite(v[i], depth + 1);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const call = (line) => {
    const found = ENTRY_FOUND;
    if (found === 'none') return { status: 'noentry', message: NO_ENTRY };
    const args = parse(line).args;
    let r = ENTRY_CALL;
    if (r === undefined && INPLACE >= 0) r = args[INPLACE];
    const text = stringify(r === undefined ? null : r);
    const bad = text !== undefined && text.includes('null') ? nonFinite(r, 0) : undefined;
    if (bad !== undefined) return { status: 'bad_value', message: 'the answer holds ' + bad + ', which JSON writes as null' };
    if (text !== undefined && text.length > OUTPUT_BYTES) return { status: 'output_limit' };
    // The answer's text travels apart from the rest, never parsed again outside this realm: cloning
    // or parsing a 5,000-deep array on the main thread's small stack would hang it.
    return stringify({ __proto__: null, status: 'ok', output }) + '\\n' + (text === undefined ? 'null' : text);
  };
  // (line) after the submission's top level ran; (null, thrown) when its top level threw.
  return (line, thrown) => {
    let result;
    try {
      result = line === null ? describe(thrown) : call(line);
    } catch (e) {
      result = describe(e);
    }
    if (typeof result === 'string') return result;
    // Copied into an object without a prototype: JSON.stringify looks a toJSON up through the prototype,
    // and an Object.prototype.toJSON of the submission's would write the whole outcome (round 26).
    return stringify({ __proto__: null, ...result, output });
  };
})()`;

// What LeetCode's JavaScript offers without a require (lodash's _, MinPriorityQueue, Queue, ...): run in each
// case's context before the submission. Each global is a getter that loads its package the first time it is
// read, from the CommonJS files embedded below as strings, compiled by the context's own Function, so the
// library is of the case's realm like everything else the case can reach; assigning the name replaces it.
function librarySource(libraries) {
  const files = {};
  for (const id of Object.keys(libraries.files)) files[id] = fs.readFileSync(libraries.files[id], 'utf8');
  return `'use strict';
(() => {
  const FILES = { __proto__: null, ...${JSON.stringify(files)} };
  const MAINS = { __proto__: null, ...${JSON.stringify(libraries.mains)} };
  const GLOBALS = ${JSON.stringify(libraries.globals)};
  const make = Function;
  const define = Object.defineProperty;
  const loaded = { __proto__: null };
  const resolve = (from, spec) => {
    if (spec[0] !== '.') return MAINS[spec];
    const parts = from.split('/');
    parts.pop();
    for (const part of spec.split('/')) {
      if (part === '..') parts.pop(); else if (part !== '.' && part !== '') parts.push(part);
    }
    const id = parts.join('/');
    return id in FILES ? id : (id + '.js') in FILES ? id + '.js' : id + '/index.js';
  };
  const load = (id) => {
    if (!(id in FILES)) throw new Error('Cannot find module ' + id);
    if (loaded[id]) return loaded[id].exports;
    const module = { exports: {} };
    loaded[id] = module;
    make('exports', 'require', 'module', FILES[id])(module.exports, (spec) => load(resolve(id, spec)), module);
    return module.exports;
  };
  // A script as node's module scope has it: require() gives these packages alone (a TypeScript import
  // of one becomes a require), module and exports take what an export writes.
  const value = (name, v) => define(globalThis, name, { value: v, writable: true, configurable: true, enumerable: false });
  value('require', (spec) => {
    if (typeof spec === 'string' && spec in MAINS) return load(MAINS[spec]);
    throw new Error("Cannot find module '" + spec + "'");
  });
  value('module', { exports: {} });
  value('exports', globalThis.module.exports);
  for (const name of Object.keys(GLOBALS)) {
    const [pkg, key] = GLOBALS[name];
    const set = (value) => define(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
    define(globalThis, name, {
      configurable: true, enumerable: false, set,
      get() {
        set(undefined);  // while it loads, its own code sees no such global (structuredClone's polyfill looks)
        const exported = load(MAINS[pkg]);
        const value = key === null ? exported : exported[key];
        set(value);
        return value;
      },
    });
  }
})();`;
}

function preludeSource(config) {
  const name = config.function;
  const cls = config.class || null;
  for (const id of [name, cls]) {
    if (id !== null && !IDENTIFIER.test(id)) throw new Error(`not an identifier: ${JSON.stringify(id)}`);
  }
  const index = config.inplace_index === null || config.inplace_index === undefined ? -1 : config.inplace_index;
  const parts = {
    ENTRY_FOUND: `(typeof ${name} === 'function') ? 'function' : ` +
      (cls ? `(typeof ${cls} === 'function' && typeof ${cls}.prototype.${name} === 'function') ? 'class' : ` : '') +
      `'none'`,
    ENTRY_CALL: `found === 'function' ? apply(${name}, undefined, args) : ` +
      (cls ? `((o) => apply(o.${name}, o, args))(new ${cls}())` : 'undefined'),
    NO_ENTRY: JSON.stringify(`no entry point: expected a function ${name}()` + (cls ? ` or class ${cls} with ${name}()` : '')),
    INPLACE: String(Number(index)),
    OUTPUT_BYTES: String(Number(config.output_bytes)),
  };
  return PRELUDE.replace(/ENTRY_FOUND|ENTRY_CALL|NO_ENTRY|INPLACE|OUTPUT_BYTES/g, (key) => parts[key]);
}

function runWorker() {
  const { config, source } = workerData;
  const { apply } = Reflect;
  const { createContext, Script } = vm;
  const run = Script.prototype.runInContext;
  const post = parentPort.postMessage.bind(parentPort);
  const parse = JSON.parse;
  // This realm's RegExp legacy statics (RegExp.input, lastMatch, $1...) are writable state that frozen
  // intrinsics keep: a case that reached this realm's Function kept a count in RegExp.input from case to
  // case (round 26). A match of the empty string here before each case empties them all.
  const exec = RegExp.prototype.exec;
  const EMPTY = /(?:)/;
  // import() rejects with a string, not with an error of this realm (node runs with --experimental-vm-modules).
  const refuse = () => { throw 'import() is not available'; };
  const script = new Script(source, { filename: FILENAME, importModuleDynamically: refuse });
  let prelude, libraries = null;
  try {
    prelude = new Script(preludeSource(config), { filename: PRELUDE_FILENAME, importModuleDynamically: refuse });
    if (config.libraries && Object.keys(config.libraries.globals).length) {
      libraries = new Script(librarySource(config.libraries), { filename: 'judge:libraries', importModuleDynamically: refuse });
    }
  } catch (e) {
    parentPort.on('message', () => post({ status: 'harness_error', message: String(e.message) }));
    post('ready');
    return;
  }
  // Option objects without a prototype: nothing set on the realm's Object.prototype reaches them.
  const none = Object.freeze({ __proto__: null });
  const contextOptions = Object.freeze({ __proto__: null, microtaskMode: 'afterEvaluate' });
  // A rejected promise a case leaves behind must not end the worker (node's default for it), nor may a
  // throw outside any case: a FinalizationRegistry's callback runs in an old case's context whenever its
  // object is collected, and its throw ended the worker during a later case, which was RE for it (or MLE,
  // the error's `code` saying ERR_WORKER_OUT_OF_MEMORY: round 29). Every case's own throw is caught above.
  process.on('unhandledRejection', () => {});
  process.on('uncaughtException', () => {});
  // The next case's context is made (and its prelude run) while the judge reads this case's answer:
  // making a context is most of a small case's cost. No submission code runs in it before its case.
  const fresh = () => {
    const context = createContext(DONT_CONTEXTIFY || { __proto__: null }, contextOptions);
    if (libraries !== null) apply(run, libraries, [context, none]);
    return { context, finish: apply(run, prelude, [context, none]) };
  };
  let made = null;
  parentPort.on('message', (line) => {
    let context, finish;
    try {
      ({ context, finish } = made || fresh());
      made = null;
    } catch (e) {
      post({ status: 'harness_error', message: 'a fresh context could not be made' });
      return;
    }
    apply(exec, EMPTY, ['']);
    // From here on the submission's code has run: whatever goes wrong is its doing.
    let answer;
    try {
      let text;
      try {
        apply(run, script, [context, none]);
        text = finish(line);
      } catch (e) {
        text = finish(null, e);  // its top level threw: described inside the context, as a call's exception
      }
      if (typeof text !== 'string') throw new TypeError('no outcome');
      const nl = text.indexOf('\n');  // an answer's header, then its value's JSON text (PRELUDE's call)
      answer = parse(nl < 0 ? text : text.slice(0, nl));
      answer.json = nl >= 0 ? text.slice(nl + 1) : undefined;  // never a `json` the header names
    } catch (e) {
      answer = { status: 'exception', type: 'Error', message: 'the solution broke the built-ins its outcome is read with' };
    }
    context = finish = null;
    post(answer);
    try {
      made = fresh();
    } catch (e) {
      made = null;  // made when the next case comes, which then reports what failed
    }
  });
  try {
    made = fresh();
  } catch (e) {
    made = null;
  }
  post('ready');
  strip();
}

// node's globals of the worker's realm: only the harness needed them, and it holds its own references.
function strip() {
  const standard = new Set(vm.runInNewContext('Object.getOwnPropertyNames(globalThis)', { __proto__: null }));
  for (const name of Object.getOwnPropertyNames(globalThis)) {
    // node's own console holds its streams: it goes too.
    if (!standard.has(name) || name === 'console') delete globalThis[name];
  }
  harden();
}

// Every built-in of this realm frozen, and the global object with the objects between it and Object.prototype,
// so a case that reaches the realm can keep no mark there for the next. Not node's --frozen-intrinsics: it
// also turns some built-ins' methods into accessors (against the "override mistake"), and V8 then drops its
// fast paths for the whole isolate, the cases' contexts too: `[...a]`, `Array.from`, `f(...args)` became 4-40
// times slower, and a correct solution that spreads was TLE (red-team round 32). Object.freeze keeps them.
function harden() {
  const roots = [globalThis];
  // Built-ins no global names (%ArrayIteratorPrototype%, %TypedArray%, %GeneratorFunction%, ...): from an object
  // of each kind (the walk below takes their prototypes, constructors and methods).
  const probes = [
    () => [][Symbol.iterator](), () => ''[Symbol.iterator](), () => new Map()[Symbol.iterator](),
    () => new Set()[Symbol.iterator](), () => /(?:)/[Symbol.matchAll](''), () => function* g() {},
    () => (function* g() {})(), () => async function f() {}, () => async function* g() {},
    () => (async function* g() {})(), () => Int8Array, () => Object.getOwnPropertyDescriptor(Function.prototype, 'caller'),
  ];
  for (const make of probes) {
    try { roots.push(make()); } catch (e) { /* not in this version of V8 */ }
  }
  const seen = new Set();
  const stack = roots;
  while (stack.length > 0) {
    const o = stack.pop();
    if (o === null || (typeof o !== 'object' && typeof o !== 'function') || seen.has(o)) continue;
    seen.add(o);
    try { Object.freeze(o); } catch (e) { /* an exotic object that cannot be frozen (none is a built-in) */ }
    stack.push(Object.getPrototypeOf(o));
    for (const key of Reflect.ownKeys(o)) {
      const d = Reflect.getOwnPropertyDescriptor(o, key);
      if (d === undefined) continue;
      if ('value' in d) stack.push(d.value); else stack.push(d.get, d.set);
    }
  }
}

if (isMainThread) main(); else runWorker();
