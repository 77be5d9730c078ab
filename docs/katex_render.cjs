// Typesets one page's equations with KaTeX at build time; docs/hooks.py calls it.
// Standard input: a JSON list of [tex, display]; standard output: a JSON list of HTML strings.
// An equation KaTeX cannot parse, or one that asks for a command the docs do not trust (\href, \url,
// \includegraphics, \htmlClass …, which KaTeX would draw as red text), is an error naming it (exit 1),
// never a fragment in the page; sizes and macro expansions are bounded (maxSize, maxExpand).
const katex = require("katex");

const OPTIONS = { throwOnError: true, strict: "error", maxSize: 20, maxExpand: 1000 };

function render([tex, display]) {
  const untrusted = [];
  const options = { ...OPTIONS, displayMode: display, trust: (context) => untrusted.push(context.command) && false };
  const html = katex.renderToString(tex, options);
  if (untrusted.length) {
    throw new Error(`untrusted command(s) ${untrusted.join(", ")}: the docs' equations use none`);
  }
  return html;
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk) => (input += chunk));
process.stdin.on("end", () => {
  let equations;
  try {
    equations = JSON.parse(input);
  } catch (error) {
    process.stderr.write(`the equations sent were not JSON: ${error.message}\n`);
    process.exitCode = 1;
    return;
  }
  const html = equations.map((equation) => {
    try {
      return render(equation);
    } catch (error) {
      process.stderr.write(`${error.message}\n    in: ${String(equation[0]).slice(0, 200)}\n`);
      process.exitCode = 1;
      return "";
    }
  });
  process.stdout.write(JSON.stringify(html));
});
