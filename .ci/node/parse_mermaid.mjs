// Parse Mermaid diagrams with the Mermaid library, as GitHub does before it draws them.
// Input (stdin): a JSON array of diagram texts. Output (stdout): a JSON array, one
// {"ok": true, "type": "xychart"} or {"ok": false, "error": "..."} per diagram.
// Mermaid's parser wants a DOM (DOMPurify); jsdom gives it one. Run with the folder's
// node_modules installed (npm ci --prefix .ci/node).
import { readFileSync } from 'node:fs';
import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window;
globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');

const texts = JSON.parse(readFileSync(0, 'utf8'));
const results = [];
for (const text of texts) {
  try {
    const parsed = await mermaid.parse(text);
    results.push({ ok: true, type: parsed.diagramType });
  } catch (error) {
    results.push({ ok: false, error: String(error && error.message ? error.message : error) });
  }
}
process.stdout.write(JSON.stringify(results) + '\n');
