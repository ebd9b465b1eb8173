// Start the extension's language client (extension.js, with vscode-languageclient) outside
// VS Code and print what came of it as JSON. The `vscode` module is a stand-in: the settings
// give the server command, an output channel writes to stderr, and any other part of the API
// is a do-nothing object. The server it starts is the real `cardscript lsp`.
// Usage: node tests/client.js '["python", "-m", "cardscript.cli", "lsp"]'
"use strict";
const Module = require("module");
const path = require("path");

const SERVER = JSON.parse(process.argv[2]);

// Any property is another stand-in; calling or constructing one gives a stand-in.
function standIn(name) {
  const kids = {};
  return new Proxy(function () {}, {
    get(target, prop) {
      if (prop === "then") return undefined;
      if (prop === Symbol.toPrimitive) return () => name;
      if (prop === Symbol.iterator) return function* () {};
      if (prop === "dispose") return () => {};
      if (prop === "length") return 0;
      if (!(prop in kids)) kids[prop] = standIn(`${name}.${String(prop)}`);
      return kids[prop];
    },
    apply() { return standIn(`${name}()`); },
    construct() { return standIn(`new ${name}`); },
  });
}

const any = standIn("vscode");
const channel = {
  name: "cardscript", logLevel: 2, dispose() {}, show() {}, hide() {}, clear() {}, replace() {},
  append(s) { process.stderr.write(s); }, appendLine(s) { process.stderr.write(`${s}\n`); },
  error(...a) { process.stderr.write(`${a.join(" ")}\n`); },
  warn(...a) { process.stderr.write(`${a.join(" ")}\n`); },
  info() {}, debug() {}, trace() {}, onDidChangeLogLevel: () => ({ dispose() {} }),
};
const own = {
  version: "1.95.0",
  env: { appName: "test host", language: "en", machineId: "m", sessionId: "s",
         uriScheme: "vscode", appRoot: "", shell: "", uiKind: 1 },
  window: new Proxy({}, { get: (_, p) => (p === "createOutputChannel" ? () => channel
                                                                      : any.window[p]) }),
  workspace: new Proxy({}, { get(_, p) {
    if (p === "getConfiguration") {
      return () => ({ get: (key, fallback) => (key === "server.command" ? SERVER : fallback) });
    }
    if (p === "workspaceFolders") return undefined;
    if (p === "textDocuments") return [];
    return any.workspace[p];
  } }),
};
const vscode = new Proxy({}, { get: (_, p) => (p in own ? own[p] : any[p]) });
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === "vscode" ? vscode : load.call(this, request, ...rest);
};

const extension = require(path.join(__dirname, "..", "extension.js"));
const context = { subscriptions: [] };
const timer = setTimeout(() => {
  process.stdout.write(JSON.stringify({ running: false, why: "no answer in 60 s" }));
  process.exit(1);
}, 60000);
Promise.resolve(extension.activate(context)).then(async () => {
  const client = context.subscriptions[0];
  const init = client.initializeResult || {};
  const out = {
    running: client.isRunning(),
    server: init.serverInfo && init.serverInfo.name,
    capabilities: Object.keys(init.capabilities || {}).sort(),
    selector: client.clientOptions.documentSelector,
  };
  await extension.deactivate();
  clearTimeout(timer);
  process.stdout.write(JSON.stringify(out));
  process.exit(0);
}, (err) => {
  clearTimeout(timer);
  process.stdout.write(JSON.stringify({ running: false, why: String(err && err.stack || err) }));
  process.exit(1);
});
