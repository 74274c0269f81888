// Serves one JavaScript (or transpiled TypeScript) submission's cases inside the box.
// Protocol: see judge/sandbox/protocol.py. V8 cannot fork, so one node process serves every
// case: the main thread owns the protocol and the clock; a worker thread (with its own heap and
// stack limits) runs the cases, each in a fresh `vm` context, so globals of one case are gone in
// the next. A worker over the CPU limit is terminated, one out of heap dies alone (MLE); either
// way the next case gets a fresh worker, without a new process.
'use strict';
const fs = require('fs');
const vm = require('vm');
const { Worker, isMainThread, parentPort, workerData } = require('worker_threads');

const FILENAME = 'solution.js';

function compileError(source) {
  try {
    new vm.Script(source, { filename: FILENAME });
    return null;
  } catch (e) {
    const m = /solution\.js:(\d+)/.exec(String(e.stack));
    return (m ? `line ${m[1]}: ` : '') + `${e.name}: ${e.message}`;
  }
}

function main() {
  const config = JSON.parse(process.argv[2]);
  const source = fs.readFileSync(config.source, 'utf8');
  const send = (message) => fs.writeSync(config.response_fd, JSON.stringify(message) + '\n');
  const bad = compileError(source);
  if (bad) return send({ status: 'compile_error', message: bad });
  const memoryMb = Math.max(16, Math.floor(config.memory_bytes / 1048576));
  let worker = null;
  let pending = null; // {id, started, timer}
  const spawn = () => {
    worker = new Worker(__filename, {
      workerData: { config, source },
      resourceLimits: { maxOldGenerationSizeMb: memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 256 },
      stdout: false, stderr: false,
    });
    worker.on('message', (answer) => finish(answer));
    worker.on('error', (e) => {
      const oom = e && e.code === 'ERR_WORKER_OUT_OF_MEMORY';
      finish(oom ? { status: 'memory' } : { status: 'exception', type: text(e && e.name, 'Error'), message: text(e && e.message, '') });
      worker = null;
    });
    worker.on('exit', (code) => {
      worker = null;
      finish({ status: 'exit', code });
    });
  };
  const finish = (answer) => {
    if (!pending) return;
    const { id, started, timer } = pending;
    pending = null;
    clearTimeout(timer);
    const used = process.cpuUsage(started);
    const cpu_ms = answer.cpu_ms !== undefined ? answer.cpu_ms : (used.user + used.system) / 1000;
    const { json, ...fields } = answer;
    const line = JSON.stringify({ ...fields, id, cpu_ms, mem_kb: process.resourceUsage().maxRSS });
    // The answer travels as the JSON text the worker checked, spliced in as is: parsing and cloning
    // it again here would recurse into it on this thread's small stack (a 5,000-deep array hangs it).
    fs.writeSync(config.response_fd, (json === undefined ? line : line.slice(0, -1) + ',"value":' + json + '}') + '\n');
    next();
  };
  const queue = [];
  const next = () => {
    if (pending || !queue.length) return;
    const request = queue.shift();
    if (!worker) spawn();
    const timer = setTimeout(() => {  // the worker's thread is busy: only terminate can stop it
      const w = worker;
      worker = null;
      if (w) { w.removeAllListeners('exit'); w.removeAllListeners('error'); w.terminate(); }
      finish({ status: 'timeout' });
    }, config.cpu_limit * 1000 + 50);
    pending = { id: request.id, started: process.cpuUsage(), timer };
    worker.postMessage(request);
  };
  send({ status: 'ready' });
  const input = fs.createReadStream(null, { fd: config.request_fd });
  let buffer = '';
  input.on('data', (chunk) => {
    buffer += chunk;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (line.trim()) queue.push(JSON.parse(line));
    }
    next();
  });
  input.on('end', () => {
    const stop = () => (pending || queue.length ? setTimeout(stop, 5) : process.exit(0));
    stop();
  });
}

function runWorker() {
  const { config, source } = workerData;
  const script = new vm.Script(source, { filename: FILENAME });
  parentPort.on('message', (request) => {
    const start = process.cpuUsage();
    let answer;
    try {
      answer = call(config, script, request);
    } catch (e) {
      answer = describe(e);
    }
    const used = process.cpuUsage(start);
    answer.cpu_ms = (used.user + used.system) / 1000;
    if (answer.cpu_ms > config.cpu_limit * 1000) answer = { status: 'timeout', cpu_ms: answer.cpu_ms };
    parentPort.postMessage(answer);
  });
}

function call(config, script, request) {
  // A fresh global object per case; the arguments are built inside it (its own Array prototype).
  const context = vm.createContext({ console });
  script.runInContext(context);
  context.__judge_in = JSON.stringify(request.args);
  const name = config.function;
  const cls = config.class;
  const found = vm.runInContext(
    `(typeof ${name} === 'function') ? 'function' : ` +
    (cls ? `(typeof ${cls} === 'function' && typeof ${cls}.prototype.${name} === 'function') ? 'class' : ` : '') +
    `'none'`, context);
  if (found === 'none') {
    return { status: 'noentry', message: `no entry point: expected a function ${name}()` + (cls ? ` or class ${cls} with ${name}()` : '') };
  }
  const index = config.inplace_index === null || config.inplace_index === undefined ? -1 : config.inplace_index;
  const target = found === 'function' ? name : `(new ${cls}()).${name}`;
  const json = vm.runInContext(
    `(() => { const a = JSON.parse(__judge_in); let r = ${target}(...a);` +
    ` if (r === undefined && ${index} >= 0) r = a[${index}]; return JSON.stringify(r === undefined ? null : r); })()`,
    context);
  // The context's JSON is the submission's to replace: its text is checked here, with this realm's
  // JSON, to be exactly one JSON value before the main thread splices it into the answer line.
  if (typeof json !== 'string') return { status: 'bad_value', message: 'the answer is not plain data (JSON.stringify gave no text)' };
  if (json.length > config.output_bytes) return { status: 'output_limit' };
  try {
    JSON.parse(json);
  } catch (e) {
    return { status: 'bad_value', message: 'the answer is not plain data (JSON.stringify gave no JSON)' };
  }
  return { status: 'ok', json };
}

// A value the submission made, as a string: its getters and toString may throw or lie.
function text(value, fallback) {
  try {
    return value === undefined || value === null ? fallback : String(value).slice(0, 300);
  } catch (_) {
    return fallback;
  }
}

function describe(e) {
  // Each property is read once, in a try: a thrown object's getters are the submission's code.
  const read = (key) => { try { return e[key]; } catch (_) { return undefined; } };
  const isError = e !== null && typeof e === 'object';
  const name = isError ? read('name') : undefined;
  const message = typeof name === 'string' ? text(read('message'), '') : text(e, typeof e);
  if (name === 'RangeError' && /allocation failed/.test(message)) return { status: 'memory' };
  const stack = isError ? read('stack') : undefined;
  let where = '';
  if (typeof stack === 'string') {
    const m = /at (?:(\S+) )?\(?solution\.js:(\d+):\d+\)?/.exec(stack);
    if (m) where = `line ${m[2]}` + (m[1] ? ` in ${m[1]}` : '');
  }
  return {
    status: 'exception',
    type: typeof name === 'string' ? name.slice(0, 300) : typeof e,
    message,
    where,
  };
}

if (isMainThread) main(); else runWorker();
