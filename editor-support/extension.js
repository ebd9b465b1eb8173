// The VS Code side of cardscript: starts `cardscript lsp` (a language server over stdio) for
// card files and scenario YAML. Highlighting, snippets and comments need no code: see
// package.json's `contributes`.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate(context) {
  const [command, ...args] = vscode.workspace.getConfiguration("cardscript")
    .get("server.command", ["cardscript", "lsp"]);
  const server = { command, args };
  client = new LanguageClient("cardscript", "cardscript", { run: server, debug: server }, {
    documentSelector: [
      { scheme: "file", language: "cardscript" },
      { scheme: "file", language: "yaml", pattern: "**/scenarios/**/*.{yaml,yml}" },
    ],
    synchronize: {
      fileEvents: vscode.workspace.createFileSystemWatcher("**/*.{cards,yaml,yml}"),
    },
  });
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
