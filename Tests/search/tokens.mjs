// The token rule of Templates/assets/search-index.js against the cases in tokens.json, which
// SearchTextTests reads too: the query is folded and cut exactly as the build folds and cuts
// the messages. Run by Tests/search/run.sh: node Tests/search/tokens.mjs
import { readFileSync } from "node:fs";
import vm from "node:vm";

const folder = new URL(".", import.meta.url);
const source = readFileSync(new URL("../../Templates/assets/search-index.js", folder), "utf8");
const module = { exports: {} };
vm.runInNewContext(source, { module });
const { tokens, compare } = module.exports;

let failures = 0;
function expect(name, got, want) {
  const ok = JSON.stringify(got) === JSON.stringify(want);
  if (!ok) failures++;
  console.log((ok ? "ok   " : "FAIL ") + name + (ok ? "" : `: got ${JSON.stringify(got)}, want ${JSON.stringify(want)}`));
}

const cases = JSON.parse(readFileSync(new URL("tokens.json", folder), "utf8"));
for (const { name, text, tokens: want } of cases) expect(name, tokens(text), want);
// Words are ordered by code point, as the build sorts them by UTF-8 bytes (JavaScript's own
// order puts U+FF21 after U+1F600, since it compares UTF-16 units).
expect("code point order", ["😀", "Ａ", "a", "ab", "é"].sort(compare), ["a", "ab", "é", "Ａ", "😀"]);
if (failures > 0) {
  console.error(`${failures} of ${cases.length + 1} token cases failed`);
  process.exit(1);
}
console.log(`tokens: ${cases.length + 1} cases ok`);
