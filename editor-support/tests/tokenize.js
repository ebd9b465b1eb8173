// Tokenise card files with the extension's TextMate grammar, as VS Code does (vscode-textmate
// with the Oniguruma regular expressions of vscode-oniguruma), and print the tokens as JSON:
// {"FILE": [[[start, end, [scopes...]], ...] for each line], ...}.
// Usage: node tests/tokenize.js FILE...   (the Python tests compare this with the lexer's tokens)
//        node tests/tokenize.js --markdown FILE.md...   (Markdown files, with the injection
//        grammar for ```cardscript fences over a stand-in Markdown grammar)
"use strict";
const fs = require("fs");
const path = require("path");
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const SYNTAXES = path.join(__dirname, "..", "syntaxes");
const GRAMMARS = {
  "source.cardscript": path.join(SYNTAXES, "cardscript.tmLanguage.json"),
  "markdown.cardscript.codeblock": path.join(SYNTAXES, "cardscript.markdown.tmLanguage.json"),
  "text.html.markdown": path.join(__dirname, "fixtures", "markdown-host.tmLanguage.json"),
};
const WASM = require.resolve("vscode-oniguruma/release/onig.wasm");

async function main(args) {
  const markdown = args[0] === "--markdown";
  const files = markdown ? args.slice(1) : args;
  await oniguruma.loadWASM(fs.readFileSync(WASM).buffer);
  const registry = new vsctm.Registry({
    onigLib: Promise.resolve({
      createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
      createOnigString: (s) => new oniguruma.OnigString(s),
    }),
    loadGrammar: async (scopeName) => GRAMMARS[scopeName]
      ? vsctm.parseRawGrammar(fs.readFileSync(GRAMMARS[scopeName], "utf8"), GRAMMARS[scopeName])
      : null,
    getInjections: (scopeName) => scopeName === "text.html.markdown"
      ? ["markdown.cardscript.codeblock"] : undefined,
  });
  const grammar = await registry.loadGrammar(markdown ? "text.html.markdown" : "source.cardscript");
  const out = {};
  for (const file of files) {
    let stack = vsctm.INITIAL;
    out[file] = fs.readFileSync(file, "utf8").split("\n").map((line) => {
      const result = grammar.tokenizeLine(line, stack);
      stack = result.ruleStack;
      return result.tokens.map((t) => [t.startIndex, Math.min(t.endIndex, line.length), t.scopes]);
    });
  }
  process.stdout.write(JSON.stringify(out));
}

main(process.argv.slice(2)).catch((err) => {
  process.stderr.write(String(err && err.stack || err) + "\n");
  process.exit(1);
});
