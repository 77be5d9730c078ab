// Typesets one page's equations with KaTeX at build time; docs/hooks.py calls it.
// Standard input: a JSON list of [tex, display]; standard output: a JSON list of HTML strings.
// An equation KaTeX cannot parse is an error naming it (exit 1), never a red fragment in the page.
const katex = require("katex");

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  const html = JSON.parse(input).map(([tex, display]) => {
    try {
      return katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: "error" });
    } catch (error) {
      process.stderr.write(`${error.message}\n    in: ${tex}\n`);
      process.exitCode = 1;
      return "";
    }
  });
  process.stdout.write(JSON.stringify(html));
});
